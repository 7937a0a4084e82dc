//! Tournaments, their players and their pairings.

use dama_rules::Color;
use sqlx::FromRow;

use super::{Conn, Flag, corrupt, decode_result, from_db, lock, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, TournamentId, UserId};
use crate::model::TimeControl;
use crate::tournament::{Entrant, Format, Options, Pairing, Status, Tournament};

/// A tournament to store.
pub(crate) struct NewTournament<'a> {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub creator: UserId,
    pub options: &'a Options,
    pub rules: dama_rules::Rules,
    pub now: Timestamp,
}

/// Stores a new open tournament.
pub(crate) async fn insert_tournament(
    conn: &mut Conn,
    new: &NewTournament<'_>,
) -> Result<TournamentId, sqlx::Error> {
    let o = new.options;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO tournaments (guild_id, channel_id, creator_id, name, format, rounds,
             move_seconds, rated, rules, max_players, starts_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         RETURNING id",
    )
    .bind(to_db(new.guild.0))
    .bind(to_db(new.channel.0))
    .bind(to_db(new.creator.0))
    .bind(&o.name)
    .bind(format_name(o.format))
    .bind(o.rounds.map(i64::from))
    .bind(o.time_control.seconds().and_then(|s| i64::try_from(s).ok()))
    .bind(o.rated)
    .bind(new.rules.name())
    .bind(i64::from(o.max_players))
    .bind(o.starts_at.map(Timestamp::as_millis))
    .bind(new.now.as_millis())
    .fetch_one(conn)
    .await?;
    Ok(TournamentId(id))
}

fn format_name(format: Format) -> &'static str {
    match format {
        Format::RoundRobin => "round_robin",
        Format::DoubleRoundRobin => "double_round_robin",
        Format::Swiss => "swiss",
    }
}

#[derive(FromRow)]
struct TournamentRow {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    creator_id: i64,
    name: String,
    format: String,
    rounds: Option<i64>,
    move_seconds: Option<i64>,
    #[sqlx(try_from = "Flag")]
    rated: bool,
    rules: String,
    max_players: i64,
    starts_at: Option<i64>,
    status: String,
    round: i64,
    standings_message_id: Option<i64>,
    created_at: i64,
}

impl TournamentRow {
    fn into_tournament(self, entrants: Vec<Entrant>) -> Result<Tournament, sqlx::Error> {
        let id = self.id;
        let bad = |what: &str| corrupt(format!("tournament {id}: {what}"));
        let seconds = self.move_seconds.map(|s| u64::try_from(s).unwrap_or(0));
        Ok(Tournament {
            id: TournamentId(id),
            guild: GuildId(from_db(self.guild_id)),
            channel: ChannelId(from_db(self.channel_id)),
            creator: UserId(from_db(self.creator_id)),
            name: self.name,
            format: self.format.parse().map_err(|_| bad("format"))?,
            rounds: self.rounds.and_then(|r| u32::try_from(r).ok()),
            time_control: TimeControl::from_seconds(seconds).ok_or_else(|| bad("time"))?,
            rated: self.rated,
            rules: self.rules.parse().map_err(|_| bad("rules"))?,
            max_players: u32::try_from(self.max_players).map_err(|_| bad("max_players"))?,
            starts_at: self.starts_at.map(time),
            status: Status::from_name(&self.status).ok_or_else(|| bad("status"))?,
            round: u32::try_from(self.round).map_err(|_| bad("round"))?,
            standings_message: self.standings_message_id.map(from_db),
            created_at: time(self.created_at),
            entrants,
        })
    }
}

/// Tournament `id` with its players, if it exists.
pub(crate) async fn tournament(
    conn: &mut Conn,
    id: TournamentId,
) -> Result<Option<Tournament>, sqlx::Error> {
    let row: Option<TournamentRow> = sqlx::query_as(
        "SELECT id, guild_id, channel_id, creator_id, name, format, rounds, move_seconds, rated,
             rules, max_players, starts_at, status, round, standings_message_id, created_at
         FROM tournaments WHERE id = $1",
    )
    .bind(id.0)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let entrants = entrants(conn, id, GuildId(from_db(row.guild_id))).await?;
    row.into_tournament(entrants).map(Some)
}

/// The ids of `guild`'s tournaments in `statuses`, newest first, at most `limit`.
pub(crate) async fn tournaments_in(
    conn: &mut Conn,
    guild: GuildId,
    statuses: &[Status],
    limit: u32,
) -> Result<Vec<TournamentId>, sqlx::Error> {
    // `status IN ($3, $4, …)`: one placeholder a status, the statement's only variable part.
    let placeholders: Vec<String> = (0..statuses.len()).map(|i| format!("${}", i + 3)).collect();
    let sql = format!(
        "SELECT id FROM tournaments WHERE guild_id = $1 AND status IN ({})
         ORDER BY id DESC LIMIT $2",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(to_db(guild.0))
        .bind(i64::from(limit));
    for status in statuses {
        query = query.bind(status.name());
    }
    let ids: Vec<i64> = query.fetch_all(conn).await?;
    Ok(ids.into_iter().map(TournamentId).collect())
}

/// The counts of the open tournaments of creator `$1` and of server `$2`.
const OPEN_TOURNAMENTS: &str =
    "SELECT (SELECT count(*) FROM tournaments WHERE creator_id = $1 AND status = 'open'),
            (SELECT count(*) FROM tournaments WHERE guild_id = $2 AND status = 'open')";

/// The open tournaments (not started yet) that `creator` created, and those of `guild`.
pub(crate) async fn open_tournament_counts(
    conn: &mut Conn,
    creator: UserId,
    guild: GuildId,
) -> Result<(u32, u32), sqlx::Error> {
    let (created, here): (i64, i64) = sqlx::query_as(OPEN_TOURNAMENTS)
        .bind(to_db(creator.0))
        .bind(to_db(guild.0))
        .fetch_one(conn)
        .await?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    Ok((count(created), count(here)))
}

/// Open tournaments whose start time has come.
pub(crate) async fn tournaments_due(
    conn: &mut Conn,
    now: Timestamp,
) -> Result<Vec<TournamentId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM tournaments WHERE status = 'open' AND starts_at IS NOT NULL
           AND starts_at <= $1 ORDER BY starts_at",
    )
    .bind(now.as_millis())
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(TournamentId).collect())
}

#[derive(FromRow)]
struct EntrantRow {
    user_id: i64,
    display_name: Option<String>,
    seed: i64,
    #[sqlx(try_from = "Flag")]
    withdrawn: bool,
}

const ENTRANTS: &str = concat!(
    "SELECT p.user_id, ",
    name_in!("p.user_id", "$1"),
    " AS display_name, p.seed, p.withdrawn_at IS NOT NULL AS withdrawn
     FROM tournament_players p WHERE p.tournament_id = $2 ORDER BY p.seed, p.user_id",
);

async fn entrants(
    conn: &mut Conn,
    id: TournamentId,
    guild: GuildId,
) -> Result<Vec<Entrant>, sqlx::Error> {
    let rows: Vec<EntrantRow> = sqlx::query_as(ENTRANTS)
        .bind(to_db(guild.0))
        .bind(id.0)
        .fetch_all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| Entrant {
            user: UserId(from_db(r.user_id)),
            name: r
                .display_name
                .unwrap_or_else(|| from_db(r.user_id).to_string()),
            seed: u32::try_from(r.seed).unwrap_or(u32::MAX),
            withdrawn: r.withdrawn,
        })
        .collect())
}

/// Adds `user` to tournament `id` as its `seed`th player; `false` if they are in it already.
pub(crate) async fn insert_entrant(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
    seed: u32,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO tournament_players (tournament_id, user_id, seed, joined_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(i64::from(seed))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes `user` out of tournament `id` (before its start); `false` if they were not in it.
pub(crate) async fn remove_entrant(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM tournament_players WHERE tournament_id = $1 AND user_id = $2")
            .bind(id.0)
            .bind(to_db(user.0))
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks `user` withdrawn from tournament `id`; `false` if they were not in it or had
/// withdrawn already.
pub(crate) async fn withdraw_entrant(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE tournament_players SET withdrawn_at = $1
         WHERE tournament_id = $2 AND user_id = $3 AND withdrawn_at IS NULL",
    )
    .bind(now.as_millis())
    .bind(id.0)
    .bind(to_db(user.0))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Numbers the players of tournament `id` 1, 2, … in the order of `seeded`.
pub(crate) async fn set_seeds(
    conn: &mut Conn,
    id: TournamentId,
    seeded: &[UserId],
) -> Result<(), sqlx::Error> {
    // Out of the way first, so that no new seed meets an old one.
    sqlx::query("UPDATE tournament_players SET seed = seed + 1000000 WHERE tournament_id = $1")
        .bind(id.0)
        .execute(&mut *conn)
        .await?;
    for (user, seed) in seeded.iter().zip(1_i64..) {
        sqlx::query(
            "UPDATE tournament_players SET seed = $1 WHERE tournament_id = $2 AND user_id = $3",
        )
        .bind(seed)
        .bind(id.0)
        .bind(to_db(user.0))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Moves tournament `id` from `from` to `to` at `round`, fixing its rounds; `false` if it was
/// not in `from` (another request changed it first).
pub(crate) async fn set_status(
    conn: &mut Conn,
    id: TournamentId,
    from: Status,
    to: Status,
    round: u32,
    rounds: Option<u32>,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE tournaments SET status = $1, round = $2, rounds = coalesce($3, rounds),
             started_at = CASE WHEN $1 = 'running' THEN coalesce(started_at, $4) ELSE started_at END,
             ended_at = CASE WHEN $1 IN ('finished', 'cancelled') THEN $4 ELSE ended_at END
         WHERE id = $5 AND status = $6",
    )
    .bind(to.name())
    .bind(i64::from(round))
    .bind(rounds.map(i64::from))
    .bind(now.as_millis())
    .bind(id.0)
    .bind(from.name())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records the standings message of tournament `id`.
pub(crate) async fn set_standings_message(
    conn: &mut Conn,
    id: TournamentId,
    message: u64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE tournaments SET standings_message_id = $1 WHERE id = $2")
        .bind(to_db(message))
        .bind(id.0)
        .execute(conn)
        .await?;
    Ok(())
}

/// Stores a pairing of tournament `id`.
pub(crate) async fn insert_pairing(
    conn: &mut Conn,
    id: TournamentId,
    pairing: &Pairing,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO tournament_pairings
             (tournament_id, round, board, white_id, black_id, game_id, result, forfeit)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id.0)
    .bind(i64::from(pairing.round))
    .bind(i64::from(pairing.board))
    .bind(to_db(pairing.white.0))
    .bind(pairing.black.map(|b| to_db(b.0)))
    .bind(pairing.game.map(|g| g.0))
    .bind(pairing.result.map(result_token))
    .bind(pairing.forfeit)
    .execute(conn)
    .await?;
    Ok(())
}

fn result_token(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

#[derive(FromRow)]
struct PairingRow {
    round: i64,
    board: i64,
    white_id: i64,
    black_id: Option<i64>,
    game_id: Option<i64>,
    result: Option<String>,
    #[sqlx(try_from = "Flag")]
    forfeit: bool,
}

/// Every pairing of tournament `id`, by round and board.
pub(crate) async fn pairings(
    conn: &mut Conn,
    id: TournamentId,
) -> Result<Vec<Pairing>, sqlx::Error> {
    let rows: Vec<PairingRow> = sqlx::query_as(
        "SELECT round, board, white_id, black_id, game_id, result, forfeit
         FROM tournament_pairings WHERE tournament_id = $1 ORDER BY round, board",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await?;
    rows.into_iter()
        .map(|r| {
            let result = match r.result.as_deref() {
                None => None,
                Some(token) => Some(
                    decode_result(token)
                        .ok_or_else(|| corrupt(format!("tournament {}: result {token}", id.0)))?,
                ),
            };
            Ok(Pairing {
                round: u32::try_from(r.round).unwrap_or(0),
                board: u32::try_from(r.board).unwrap_or(0),
                white: UserId(from_db(r.white_id)),
                black: r.black_id.map(|b| UserId(from_db(b))),
                game: r.game_id.map(GameId),
                result,
                forfeit: r.forfeit,
            })
        })
        .collect()
}

/// Locks tournament `id`'s row until the transaction ends (PostgreSQL; see [`lock`]): results
/// of one tournament are recorded one after the other.
pub(crate) async fn lock_tournament(conn: &mut Conn, id: TournamentId) -> Result<(), sqlx::Error> {
    lock(
        conn,
        "SELECT id FROM tournaments WHERE id = $1 FOR UPDATE",
        &[id.0],
    )
    .await
}

/// The tournament and round game `game` is played for, if any.
pub(crate) async fn pairing_of_game(
    conn: &mut Conn,
    game: GameId,
) -> Result<Option<(TournamentId, u32)>, sqlx::Error> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT tournament_id, round FROM tournament_pairings WHERE game_id = $1")
            .bind(game.0)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|(id, round)| (TournamentId(id), u32::try_from(round).unwrap_or(0))))
}

/// Records the result of the pairing played by `game`.
pub(crate) async fn set_pairing_result(
    conn: &mut Conn,
    game: GameId,
    winner: Option<Color>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE tournament_pairings SET result = $1 WHERE game_id = $2 AND result IS NULL")
        .bind(result_token(winner))
        .bind(game.0)
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::plan_of;

    #[tokio::test]
    async fn open_tournaments_are_counted_from_the_indexes_of_the_creator_and_the_server() {
        assert_eq!(
            plan_of(OPEN_TOURNAMENTS, &[1, 2]).await,
            [
                "SCAN CONSTANT ROW",
                "SCALAR SUBQUERY 1",
                "SEARCH tournaments USING COVERING INDEX tournaments_open_by_creator (creator_id=?)",
                "SCALAR SUBQUERY 2",
                "SEARCH tournaments USING COVERING INDEX tournaments_by_guild \
                 (guild_id=? AND status=?)",
            ]
        );
    }
}
