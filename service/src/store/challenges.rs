//! Challenges.

use sqlx::FromRow;

use super::{Conn, Flag, corrupt, from_db, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{ChallengeId, ChannelId, GameId, GuildId, Place, UserId};
use crate::model::{
    Challenge, ChallengeOptions, ChallengeStatus, ColourChoice, LiveClock, Player, TimeControl,
};

/// A challenge to create; its players must exist.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NewChallenge<'a> {
    pub place: Place,
    pub challenger: &'a Player,
    pub challenged: Option<&'a Player>,
    pub options: ChallengeOptions,
    pub now: Timestamp,
    pub expires_at: Timestamp,
    /// The finished game this challenge is a rematch of.
    pub rematch_of: Option<GameId>,
}

/// Creates an open challenge.
pub(crate) async fn insert_challenge(
    conn: &mut Conn,
    new: &NewChallenge<'_>,
) -> Result<Challenge, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, colour,
             move_seconds, rated, created_at, expires_at, rules, rematch_of, clock_base_ms,
             clock_increment_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         RETURNING id",
    )
    .bind(new.place.guild.map(|g| to_db(g.0)))
    .bind(to_db(new.place.channel.0))
    .bind(to_db(new.challenger.id.0))
    .bind(new.challenged.map(|p| to_db(p.id.0)))
    .bind(new.options.colour.name())
    .bind(
        new.options
            .time_control
            .seconds()
            .and_then(|s| i64::try_from(s).ok()),
    )
    .bind(new.options.rated)
    .bind(new.now.as_millis())
    .bind(new.expires_at.as_millis())
    .bind(new.options.rules.name())
    .bind(new.rematch_of.map(|g| g.0))
    .bind(new.options.live.map(LiveClock::base_ms))
    .bind(new.options.live.map(LiveClock::increment_ms))
    .fetch_one(conn)
    .await?;
    Ok(Challenge {
        id: ChallengeId(id),
        place: new.place,
        challenger: new.challenger.clone(),
        challenged: new.challenged.cloned(),
        options: new.options,
        status: ChallengeStatus::Open,
        created_at: new.now,
        expires_at: new.expires_at,
        rematch_of: new.rematch_of,
    })
}

#[derive(FromRow)]
struct ChallengeRow {
    id: i64,
    guild_id: Option<i64>,
    channel_id: i64,
    challenger_id: i64,
    challenger_name: String,
    challenged_id: Option<i64>,
    challenged_name: Option<String>,
    colour: String,
    move_seconds: Option<i64>,
    #[sqlx(try_from = "Flag")]
    rated: bool,
    rules: String,
    status: String,
    created_at: i64,
    expires_at: i64,
    game_id: Option<i64>,
    rematch_of: Option<i64>,
    clock_base_ms: Option<i64>,
    clock_increment_ms: Option<i64>,
}

macro_rules! select_challenge {
    ($where:literal) => {
        concat!(
            "SELECT c.id, c.guild_id, c.channel_id, c.challenger_id, ",
            name_in!("c.challenger_id", "coalesce(c.guild_id, 0)"),
            " AS challenger_name, c.challenged_id, ",
            name_in!("c.challenged_id", "coalesce(c.guild_id, 0)"),
            " AS challenged_name, c.colour, c.move_seconds, c.rated, c.rules, c.status,
                 c.created_at, c.expires_at, c.game_id, c.rematch_of, c.clock_base_ms,
                 c.clock_increment_ms
             FROM challenges c ",
            $where
        )
    };
}

impl ChallengeRow {
    fn into_challenge(self) -> Result<Challenge, sqlx::Error> {
        let id = ChallengeId(self.id);
        let status = match (self.status.as_str(), self.game_id) {
            ("open", None) => ChallengeStatus::Open,
            ("accepted", Some(game)) => ChallengeStatus::Accepted(GameId(game)),
            ("declined", None) => ChallengeStatus::Declined,
            ("cancelled", None) => ChallengeStatus::Cancelled,
            ("expired", None) => ChallengeStatus::Expired,
            (other, _) => return Err(corrupt(format!("challenge {id}: status `{other}`"))),
        };
        let seconds = self.move_seconds.map(|s| u64::try_from(s).unwrap_or(0));
        let live = match (self.clock_base_ms, self.clock_increment_ms) {
            (Some(base), Some(increment)) => {
                Some(LiveClock::from_millis(base, increment).ok_or_else(|| {
                    corrupt(format!("challenge {id}: clock {base}+{increment} ms"))
                })?)
            }
            _ => None,
        };
        Ok(Challenge {
            id,
            place: Place {
                guild: self.guild_id.map(|g| GuildId(from_db(g))),
                channel: ChannelId(from_db(self.channel_id)),
            },
            challenger: Player::new(UserId(from_db(self.challenger_id)), self.challenger_name),
            challenged: self
                .challenged_id
                .map(|u| Player::new(UserId(from_db(u)), self.challenged_name.unwrap_or_default())),
            options: ChallengeOptions {
                colour: self
                    .colour
                    .parse::<ColourChoice>()
                    .map_err(|e| corrupt(format!("challenge {id}: {e}")))?,
                time_control: TimeControl::from_seconds(seconds)
                    .ok_or_else(|| corrupt(format!("challenge {id}: {seconds:?} s per move")))?,
                live,
                rated: self.rated,
                rules: self
                    .rules
                    .parse()
                    .map_err(|e| corrupt(format!("challenge {id}: {e}")))?,
            },
            status,
            created_at: time(self.created_at),
            expires_at: time(self.expires_at),
            rematch_of: self.rematch_of.map(GameId),
        })
    }
}

/// The challenge `id`.
pub(crate) async fn challenge(
    conn: &mut Conn,
    id: ChallengeId,
) -> Result<Option<Challenge>, sqlx::Error> {
    let row: Option<ChallengeRow> = sqlx::query_as(select_challenge!("WHERE c.id = $1"))
        .bind(id.0)
        .fetch_optional(conn)
        .await?;
    row.map(ChallengeRow::into_challenge).transpose()
}

/// Open challenges whose expiry is at or before `now`.
pub(crate) async fn lapsed_challenges(
    conn: &mut Conn,
    now: Timestamp,
) -> Result<Vec<Challenge>, sqlx::Error> {
    let rows: Vec<ChallengeRow> = sqlx::query_as(select_challenge!(
        "WHERE c.status = 'open' AND c.expires_at <= $1 ORDER BY c.expires_at, c.id"
    ))
    .bind(now.as_millis())
    .fetch_all(conn)
    .await?;
    rows.into_iter().map(ChallengeRow::into_challenge).collect()
}

/// Moves an open challenge to `status` at `now`; false if it was no longer open (someone else
/// answered first).
pub(crate) async fn close_challenge(
    conn: &mut Conn,
    id: ChallengeId,
    status: ChallengeStatus,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let (name, game) = match status {
        ChallengeStatus::Open => return Ok(false),
        ChallengeStatus::Accepted(game) => ("accepted", Some(game.0)),
        ChallengeStatus::Declined => ("declined", None),
        ChallengeStatus::Cancelled => ("cancelled", None),
        ChallengeStatus::Expired => ("expired", None),
    };
    let result = sqlx::query(
        "UPDATE challenges SET status = $1, game_id = $2, closed_at = $3
         WHERE id = $4 AND status = 'open'",
    )
    .bind(name)
    .bind(game)
    .bind(now.as_millis())
    .bind(id.0)
    .execute(conn)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// When `challenged` declined the latest challenges `challenger` sent them: the last two at
/// most, the latest first.
pub(crate) async fn latest_declines(
    conn: &mut Conn,
    challenger: UserId,
    challenged: UserId,
) -> Result<Vec<Timestamp>, sqlx::Error> {
    let declined: Vec<i64> = sqlx::query_scalar(
        "SELECT closed_at FROM challenges
         WHERE status = 'declined' AND challenger_id = $1 AND challenged_id = $2
             AND closed_at IS NOT NULL
         ORDER BY closed_at DESC
         LIMIT 2",
    )
    .bind(to_db(challenger.0))
    .bind(to_db(challenged.0))
    .fetch_all(conn)
    .await?;
    Ok(declined.into_iter().map(time).collect())
}

/// How many challenges `challenger` issued that are open and not lapsed at `now`; with
/// `challenged`, only those to that player.
pub(crate) async fn open_challenge_count(
    conn: &mut Conn,
    challenger: UserId,
    challenged: Option<UserId>,
    now: Timestamp,
) -> Result<u32, sqlx::Error> {
    let count: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM challenges
         WHERE status = 'open' AND challenger_id = $1 AND expires_at > $2
             AND ($3 IS NULL OR challenged_id = $3)",
    )
    .bind(to_db(challenger.0))
    .bind(now.as_millis())
    .bind(challenged.map(|u| to_db(u.0)))
    .fetch_one(conn)
    .await?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

/// Whether a rematch of `game` is under way at `now`: a challenge made for it still open and
/// not lapsed, or accepted, or a game started as it (against the computer).
pub(crate) async fn rematch_made(
    conn: &mut Conn,
    game: GameId,
    now: Timestamp,
) -> Result<Option<RematchState>, sqlx::Error> {
    let state: Option<String> = sqlx::query_scalar(
        "SELECT CASE WHEN status = 'open' THEN 'pending' ELSE 'started' END FROM challenges
             WHERE rematch_of = $1
                 AND (status = 'accepted' OR (status = 'open' AND expires_at > $2))
         UNION ALL
         SELECT 'started' FROM games WHERE rematch_of = $1
         LIMIT 1",
    )
    .bind(game.0)
    .bind(now.as_millis())
    .fetch_optional(conn)
    .await?;
    Ok(state.map(|s| match s.as_str() {
        "pending" => RematchState::Pending,
        _ => RematchState::Started,
    }))
}

/// How far a rematch has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RematchState {
    /// Its challenge waits for an answer.
    Pending,
    /// It is being played (or was).
    Started,
}
