//! The game SQL: creating, reading and writing games and their moves, and finding them.

use dama_rules::notation::{self, Resolved};
use dama_rules::{Color, Move, Outcome, Position, Rules};
use sqlx::any::AnyArguments;
use sqlx::query::{QueryAs, QueryScalar};
use sqlx::{Any, FromRow};

use super::game_row::{
    GameRecord, GameRow, GameState, MISSED_CAPTURE, MoveRecord, decode_result, encode_color,
    encode_reason, seconds, select_game, status,
};
use super::{Backend, Conn, Flag, corrupt, from_db, to_db};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, Place, UserId};
use crate::model::{Clocks, LiveClock, Seats, TimeControl};

/// A game to create.
#[derive(Debug, Clone)]
pub(crate) struct NewGame<'a> {
    pub place: Place,
    pub seats: &'a Seats,
    pub rated: bool,
    pub time_control: TimeControl,
    /// The live clock and its clocks at the start, for a live game.
    pub live: Option<(LiveClock, Clocks)>,
    pub rules: Rules,
    pub start: Position,
    pub to_move: Option<UserId>,
    pub deadline: Option<Timestamp>,
    pub now: Timestamp,
    /// The finished game this one is a rematch of.
    pub rematch_of: Option<GameId>,
}

/// A move to store: the game, the ply it makes, its notation and the position it leads to.
#[derive(Debug)]
pub(crate) struct NewMove<'a> {
    pub game: GameId,
    pub ply: u32,
    pub notation: &'a str,
    pub position_after: &'a Position,
}

/// Creates a game; its players must exist.
pub(crate) async fn insert_game(
    conn: &mut Conn,
    game: &NewGame<'_>,
) -> Result<GameId, sqlx::Error> {
    let seats = game.seats;
    let engine = seats.white.engine().or(seats.black.engine());
    let start = game.start.to_string();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO games (guild_id, channel_id, white_id, black_id, engine_level, rated,
             move_seconds, start_position, position, to_move_id, deadline, created_at, updated_at,
             rules, rematch_of, web_token, clock_base_ms, clock_increment_ms, white_clock_ms,
             black_clock_ms, turn_started_at, white_lag_quota_ms, black_lag_quota_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16,
             $17, $18, $19, $20, $21)
         RETURNING id",
    )
    .bind(game.place.guild.map(|g| to_db(g.0)))
    .bind(to_db(game.place.channel.0))
    .bind(seats.white.user().map(|u| to_db(u.0)))
    .bind(seats.black.user().map(|u| to_db(u.0)))
    .bind(engine.map(|l| i64::from(l.number())))
    .bind(game.rated)
    .bind(seconds(game.time_control))
    .bind(start)
    .bind(game.to_move.map(|u| to_db(u.0)))
    .bind(game.deadline.map(Timestamp::as_millis))
    .bind(game.now.as_millis())
    .bind(game.rules.name())
    .bind(game.rematch_of.map(|g| g.0))
    // Without randomness from the OS the game is made without one; its link makes it later.
    .bind(
        crate::ids::WebToken::generate()
            .ok()
            .map(|t| t.as_str().to_owned()),
    )
    .bind(game.live.map(|(clock, _)| clock.base_ms()))
    .bind(game.live.map(|(clock, _)| clock.increment_ms()))
    .bind(game.live.map(|(_, c)| c.remaining_ms[0]))
    .bind(game.live.map(|(_, c)| c.remaining_ms[1]))
    .bind(game.live.map(|(_, c)| c.turn_started_at.as_millis()))
    .bind(game.live.map(|(_, c)| c.lag_quota_ms[0]))
    .bind(game.live.map(|(_, c)| c.lag_quota_ms[1]))
    .fetch_one(conn)
    .await?;
    Ok(GameId(id))
}

/// The game `id`, without its moves.
pub(crate) async fn game(conn: &mut Conn, id: GameId) -> Result<Option<GameRecord>, sqlx::Error> {
    let row: Option<GameRow> = sqlx::query_as(select_game!("WHERE g.id = $1"))
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let missed = if row.end_reason.as_deref() == Some(MISSED_CAPTURE) {
        Some(missed_capture(conn, &row).await?)
    } else {
        None
    };
    row.into_record(missed).map(Some)
}

/// The capture that was available when the last move of a game lost by a missed capture was
/// played: found again from that move and the position before it, under the game's rules.
async fn missed_capture(conn: &mut Conn, row: &GameRow) -> Result<Move, sqlx::Error> {
    let id = row.id;
    let (notation, before): (String, Option<String>) = sqlx::query_as(
        "SELECT m.notation,
                (SELECT p.position_after FROM moves p WHERE p.game_id = m.game_id AND p.ply = m.ply - 1)
         FROM moves m WHERE m.game_id = $1 AND m.ply = $2",
    )
    .bind(id)
    .bind(row.ply)
    .fetch_one(conn)
    .await?;
    let before = before.unwrap_or_else(|| row.start_position.clone());
    let position: Position = before
        .parse()
        .map_err(|e| corrupt(format!("game {id}: position `{before}`: {e}")))?;
    let rules: Rules = row
        .rules
        .parse()
        .map_err(|e| corrupt(format!("game {id}: {e}")))?;
    match notation::resolve_str_under(&position, &notation, rules) {
        Ok(Resolved::MissedCapture { available, .. }) => Ok(available),
        _ => Err(corrupt(format!(
            "game {id}: `{notation}` is not a missed capture"
        ))),
    }
}

/// The moves of game `id`, first to last.
pub(crate) async fn moves(conn: &mut Conn, id: GameId) -> Result<Vec<MoveRecord>, sqlx::Error> {
    sqlx::query_as(
        "SELECT ply, notation, position_after, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await
}

/// The moves of game `id` after ply `ply`, in order.
pub(crate) async fn moves_after(
    conn: &mut Conn,
    id: GameId,
    ply: i64,
) -> Result<Vec<MoveRecord>, sqlx::Error> {
    sqlx::query_as(
        "SELECT ply, notation, position_after, played_at FROM moves
         WHERE game_id = $1 AND ply > $2 ORDER BY ply",
    )
    .bind(id.0)
    .bind(ply)
    .fetch_all(conn)
    .await
}

/// Writes `state` over game `id` if its version is still `expected_version` (the state's
/// version must be the next one). Returns whether the write happened. The reminder flag is
/// cleared when `new_deadline` says the deadline is a new one.
pub(crate) async fn update_game(
    conn: &mut Conn,
    id: GameId,
    expected_version: i64,
    state: &GameState,
    new_deadline: bool,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE games SET position = $3, ply = $4, version = $5, status = $6, result = $7,
             end_reason = $8, to_move_id = $9, draw_offer_by = $10, takeback_by = $11,
             deadline = $12, reminded = CASE WHEN $13 THEN FALSE ELSE reminded END,
             updated_at = $14, ended_at = $15,
             white_clock_ms = coalesce($16, white_clock_ms),
             black_clock_ms = coalesce($17, black_clock_ms),
             turn_started_at = coalesce($18, turn_started_at),
             white_lag_quota_ms = coalesce($19, white_lag_quota_ms),
             black_lag_quota_ms = coalesce($20, black_lag_quota_ms)
         WHERE id = $1 AND version = $2",
    )
    .bind(id.0)
    .bind(expected_version)
    .bind(state.position.to_string())
    .bind(i64::from(state.ply))
    .bind(state.version)
    .bind(status(state.outcome))
    .bind(state.outcome.map(Outcome::result_token))
    .bind(state.outcome.map(encode_reason))
    .bind(state.to_move.map(|u| to_db(u.0)))
    .bind(encode_color(state.draw_offer))
    .bind(encode_color(state.takeback))
    .bind(state.deadline.map(Timestamp::as_millis))
    .bind(new_deadline)
    .bind(state.updated_at.as_millis())
    .bind(state.ended_at.map(Timestamp::as_millis))
    .bind(state.clocks.map(|c| c.remaining_ms[0]))
    .bind(state.clocks.map(|c| c.remaining_ms[1]))
    .bind(state.clocks.map(|c| c.turn_started_at.as_millis()))
    .bind(state.clocks.map(|c| c.lag_quota_ms[0]))
    .bind(state.clocks.map(|c| c.lag_quota_ms[1]))
    .execute(conn)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// The outbox row announcing a move, claimed for an interaction's answer when it may be (see
/// [`AnswerClaim`]), for [`insert_move_announced`] and [`write_move`]: each names the
/// parameters that hold the time (`at`), the stream, the notice, when the worker may send it
/// (`not_before`), and the answer's token, its holder and the lease's end (`until`), the last
/// three all NULL without a claim ([`bind_announced`] binds them, in that order). The notice is
/// claimed (`free`) unless an older notice of the stream waits, one that is not on its way as
/// another interaction's answer (leased, never failed, with a token). `WHERE` and `RETURNING`
/// are the caller's.
#[rustfmt::skip]
macro_rules! announced {
    (at: $at:literal, stream: $stream:literal, notice: $notice:literal,
     not_before: $not_before:literal, token: $token:literal, holder: $holder:literal,
     until: $until:literal) => {
        concat!(
            "INSERT INTO outbox (stream, notice, created_at, not_before,
                 lease_until, lease_holder, answer_token, answer_claimed_at)
             SELECT ", $stream, ", ", $notice, ", ", $at, ", ", $not_before, ",
                 CASE WHEN free THEN ", $until, " END, CASE WHEN free THEN ", $holder, " END,
                 CASE WHEN free THEN ", $token, " END, CASE WHEN free THEN ", $at, " END
             FROM (SELECT ", $token, " IS NOT NULL AND NOT EXISTS (
                 SELECT 1 FROM outbox AS o
                 WHERE o.stream = ", $stream, " AND o.delivered_at IS NULL
                     AND NOT (coalesce(o.lease_until > ", $at, ", FALSE) AND o.attempts = 0
                              AND o.answer_token IS NOT NULL)) AS free) AS claim"
        )
    };
}

/// Binds the parameters of `announced!`, from the time on, after those bound to `query`
/// already.
fn bind_announced<'q, O>(
    query: QueryAs<'q, Any, O, AnyArguments>,
    at: Timestamp,
    stream: &'q str,
    notice: &'q str,
    not_before: Timestamp,
    claim: Option<AnswerClaim<'q>>,
) -> QueryAs<'q, Any, O, AnyArguments> {
    query
        .bind(at.as_millis())
        .bind(stream)
        .bind(notice)
        .bind(not_before.as_millis())
        .bind(claim.map(|c| c.token))
        .bind(claim.map(|c| c.holder))
        .bind(claim.map(|c| c.until.as_millis()))
}

/// The claim an interaction lays on the notice of its own move, as it is written: the notice is
/// leased to `holder` until `until` for the answer with `token` to carry, provided nothing
/// older of its stream waits to be sent (only notices on their way as other interactions'
/// answers may: they went first).
#[derive(Debug, Clone, Copy)]
pub(crate) struct AnswerClaim<'a> {
    pub holder: &'a str,
    pub token: &'a str,
    pub until: Timestamp,
}

/// Inserts a move of game `id` and the outbox row that announces it, in one round trip to the
/// database: on SQLite two statements sent together (a move is the hot path, and each round
/// trip to SQLite's worker thread costs about as much as the statement itself); on PostgreSQL,
/// which prepares one statement at a time, the move's insert as a data-modifying `WITH`.
/// With `claim`, the notice is claimed in the same statement when it may be (see
/// [`AnswerClaim`]). Returns the notice's row id, and whether it was claimed.
pub(crate) async fn insert_move_announced(
    conn: &mut Conn,
    new_move: &NewMove<'_>,
    played_at: Timestamp,
    stream: &str,
    notice: &str,
    not_before: Timestamp,
    claim: Option<AnswerClaim<'_>>,
) -> Result<(i64, bool), sqlx::Error> {
    let sql = match Backend::of(conn) {
        Backend::Sqlite => concat!(
            "INSERT INTO moves (game_id, ply, notation, position_after, played_at)
             VALUES ($1, $2, $3, $4, $5); ",
            announced!(at: "$5", stream: "$6", notice: "$7", not_before: "$8",
                       token: "$9", holder: "$10", until: "$11"),
            " RETURNING id, lease_holder IS NOT NULL AS claimed"
        ),
        Backend::Postgres => concat!(
            "WITH played AS (
                 INSERT INTO moves (game_id, ply, notation, position_after, played_at)
                 VALUES ($1, $2, $3, $4, $5)) ",
            announced!(at: "$5", stream: "$6", notice: "$7", not_before: "$8",
                       token: "$9", holder: "$10", until: "$11"),
            " RETURNING id, lease_holder IS NOT NULL AS claimed"
        ),
    };
    // Every row fetched, not one: on SQLite, fetching one stops the statements there.
    let query = sqlx::query_as(sql)
        .bind(new_move.game.0)
        .bind(i64::from(new_move.ply))
        .bind(new_move.notation)
        .bind(new_move.position_after.to_string());
    let rows: Vec<(i64, Flag)> =
        bind_announced(query, played_at, stream, notice, not_before, claim)
            .fetch_all(conn)
            .await?;
    let (row, claimed) = rows.first().copied().ok_or(sqlx::Error::RowNotFound)?;
    Ok((row, claimed.into()))
}

/// The game's new state after a move that does not end it, for [`write_move`]: `$1` the game,
/// `$2` the version expected, `$3`–`$10` the new state (a new deadline, so the reminder flag is
/// cleared; no outcome), `$19`–`$23` the live clocks (NULL, kept as they are, in a
/// correspondence game). Written only while the game has no stored answers (`conditional_by`
/// NULL): answers stored since the game was read are looked at first, by the caller.
macro_rules! moved_game {
    () => {
        "UPDATE games SET position = $3, ply = $4, version = $5, status = 'active',
             result = NULL, end_reason = NULL, to_move_id = $6, draw_offer_by = $7,
             takeback_by = $8, deadline = $9, reminded = FALSE, updated_at = $10, ended_at = NULL,
             white_clock_ms = coalesce($19, white_clock_ms),
             black_clock_ms = coalesce($20, black_clock_ms),
             turn_started_at = coalesce($21, turn_started_at),
             white_lag_quota_ms = coalesce($22, white_lag_quota_ms),
             black_lag_quota_ms = coalesce($23, black_lag_quota_ms)
         WHERE id = $1 AND version = $2 AND conditional_by IS NULL"
    };
}

/// Writes a move that does not end game `id`, all of it in one round trip: the game's new
/// `state` over the old if its version is still `expected_version`, the move, and the outbox
/// row announcing it (`notice` in `stream`, claimed as [`insert_move_announced`] does). On
/// PostgreSQL one statement (a data-modifying `WITH`), atomic by itself; on SQLite three sent
/// together, to run inside a transaction, each after the one before took effect
/// (`changes()`). Returns the notice's row id and whether it was claimed, or `None` when the
/// version had moved on or the game has stored answers now (nothing written).
#[allow(clippy::too_many_arguments, reason = "the three rows' columns")]
pub(crate) async fn write_move(
    conn: &mut Conn,
    id: GameId,
    expected_version: i64,
    state: &GameState,
    notation: &str,
    played_at: Timestamp,
    stream: &str,
    notice: &str,
    not_before: Timestamp,
    claim: Option<AnswerClaim<'_>>,
) -> Result<Option<(i64, bool)>, sqlx::Error> {
    let sql = match Backend::of(conn) {
        Backend::Sqlite => concat!(
            moved_game!(),
            "; INSERT INTO moves (game_id, ply, notation, position_after, played_at)
             SELECT $1, $4, $11, $3, $12 WHERE changes() = 1; ",
            announced!(at: "$12", stream: "$13", notice: "$14", not_before: "$15",
                       token: "$16", holder: "$17", until: "$18"),
            " WHERE changes() = 1 RETURNING id, lease_holder IS NOT NULL AS claimed"
        ),
        Backend::Postgres => concat!(
            "WITH moved AS (",
            moved_game!(),
            " RETURNING id),
             played AS (
                 INSERT INTO moves (game_id, ply, notation, position_after, played_at)
                 SELECT id, $4, $11, $3, $12 FROM moved) ",
            announced!(at: "$12", stream: "$13", notice: "$14", not_before: "$15",
                       token: "$16", holder: "$17", until: "$18"),
            " WHERE EXISTS (SELECT 1 FROM moved)
             RETURNING id, lease_holder IS NOT NULL AS claimed"
        ),
    };
    // Every row fetched, not one: on SQLite, fetching one stops the statements there.
    let query = sqlx::query_as(sql)
        .bind(id.0)
        .bind(expected_version)
        .bind(state.position.to_string())
        .bind(i64::from(state.ply))
        .bind(state.version)
        .bind(state.to_move.map(|u| to_db(u.0)))
        .bind(encode_color(state.draw_offer))
        .bind(encode_color(state.takeback))
        .bind(state.deadline.map(Timestamp::as_millis))
        .bind(state.updated_at.as_millis())
        .bind(notation);
    let rows: Vec<(i64, Flag)> =
        bind_announced(query, played_at, stream, notice, not_before, claim)
            .bind(state.clocks.map(|c| c.remaining_ms[0]))
            .bind(state.clocks.map(|c| c.remaining_ms[1]))
            .bind(state.clocks.map(|c| c.turn_started_at.as_millis()))
            .bind(state.clocks.map(|c| c.lag_quota_ms[0]))
            .bind(state.clocks.map(|c| c.lag_quota_ms[1]))
            .fetch_all(conn)
            .await?;
    Ok(rows.first().map(|&(row, claimed)| (row, claimed.into())))
}

/// Inserts `new_move` without a notice (the first of two moves written together: a move and
/// the stored answer to it).
pub(crate) async fn insert_move(
    conn: &mut Conn,
    new_move: &NewMove<'_>,
    played_at: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO moves (game_id, ply, notation, position_after, played_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(new_move.game.0)
    .bind(i64::from(new_move.ply))
    .bind(new_move.notation)
    .bind(new_move.position_after.to_string())
    .bind(played_at.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes the moves of game `id` after ply `ply` (a takeback).
pub(crate) async fn delete_moves_after(
    conn: &mut Conn,
    id: GameId,
    ply: u32,
) -> Result<u64, sqlx::Error> {
    let result = sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
        .bind(id.0)
        .bind(i64::from(ply))
        .execute(conn)
        .await?;
    Ok(result.rows_affected())
}

/// Records the thread the adapter opened for game `id`; false if there is no such game.
pub(crate) async fn set_thread(
    conn: &mut Conn,
    id: GameId,
    thread: Option<ChannelId>,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query("UPDATE games SET thread_id = $1 WHERE id = $2")
        .bind(thread.map(|t| to_db(t.0)))
        .bind(id.0)
        .execute(conn)
        .await?;
    Ok(result.rows_affected() == 1)
}

/// The game whose thread is `channel`, if any (the newest, should a thread be reused).
pub(crate) async fn game_by_thread(
    conn: &mut Conn,
    channel: ChannelId,
) -> Result<Option<GameId>, sqlx::Error> {
    let id: Option<i64> =
        sqlx::query_scalar("SELECT id FROM games WHERE thread_id = $1 ORDER BY id DESC LIMIT 1")
            .bind(to_db(channel.0))
            .fetch_optional(conn)
            .await?;
    Ok(id.map(GameId))
}

/// The games `query` finds (it selects their ids), in its order.
pub(super) async fn game_ids(
    conn: &mut Conn,
    query: QueryScalar<'_, Any, i64, AnyArguments>,
) -> Result<Vec<GameId>, sqlx::Error> {
    let ids = query.fetch_all(conn).await?;
    Ok(ids.into_iter().map(GameId).collect())
}

/// The ids of `user`'s active games, optionally only in a guild or only in a channel (a game
/// is in a channel when it was started there or its thread is that channel), oldest first.
pub(crate) async fn active_game_ids(
    conn: &mut Conn,
    user: UserId,
    guild: Option<GuildId>,
    channel: Option<ChannelId>,
) -> Result<Vec<GameId>, sqlx::Error> {
    let query = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND (white_id = $1 OR black_id = $1)
             AND ($2 IS NULL OR guild_id = $2)
             AND ($3 IS NULL OR channel_id = $3 OR thread_id = $3)
         ORDER BY id",
    )
    .bind(to_db(user.0))
    .bind(guild.map(|g| to_db(g.0)))
    .bind(channel.map(|c| to_db(c.0)));
    game_ids(conn, query).await
}

/// The ids of `guild`'s active games, the most recently moved first (the newest first among
/// games that changed at the same moment), at most `limit`.
pub(crate) async fn active_guild_game_ids(
    conn: &mut Conn,
    guild: GuildId,
    limit: u32,
) -> Result<Vec<GameId>, sqlx::Error> {
    let query = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND guild_id = $1
         ORDER BY updated_at DESC, id DESC
         LIMIT $2",
    )
    .bind(to_db(guild.0))
    .bind(i64::from(limit));
    game_ids(conn, query).await
}

/// How many active games `guild` has.
pub(crate) async fn active_guild_game_count(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<u32, sqlx::Error> {
    let count: i64 =
        sqlx::query_scalar("SELECT count(*) FROM games WHERE status = 'active' AND guild_id = $1")
            .bind(to_db(guild.0))
            .fetch_one(conn)
            .await?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

/// How many active games `user` plays against the computer.
pub(crate) async fn computer_game_count(conn: &mut Conn, user: UserId) -> Result<u32, sqlx::Error> {
    // Two counts rather than one OR, so that each uses its index (games_by_white, games_by_black).
    let count: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM games
                 WHERE white_id = $1 AND status = 'active' AND engine_level IS NOT NULL)
              + (SELECT count(*) FROM games
                 WHERE black_id = $1 AND status = 'active' AND engine_level IS NOT NULL)",
    )
    .bind(to_db(user.0))
    .fetch_one(conn)
    .await?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

/// What counts against a member's limit of active games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Playing {
    /// Their active games but those of running tournaments.
    pub games: u32,
    /// The tournaments they play in, open or running (not withdrawn from): each takes one
    /// place, for the game of its round or the one to come, whether or not it is paired yet.
    pub tournaments: u32,
}

impl Playing {
    /// The places taken: games and tournaments together.
    pub(crate) fn places(self) -> u32 {
        self.games.saturating_add(self.tournaments)
    }
}

/// The counts of [`Playing`] for member `$1`. One count per colour, so that each uses its index
/// (games_by_white, games_by_black); the game of a pairing is found by its unique key, the
/// member's tournaments by tournament_players_by_user.
const PLAYING: &str = "SELECT
    (SELECT count(*) FROM games g
     WHERE g.white_id = $1 AND g.status = 'active' AND NOT EXISTS (
         SELECT 1 FROM tournament_pairings p JOIN tournaments t ON t.id = p.tournament_id
         WHERE p.game_id = g.id AND t.status = 'running'))
  + (SELECT count(*) FROM games g
     WHERE g.black_id = $1 AND g.status = 'active' AND NOT EXISTS (
         SELECT 1 FROM tournament_pairings p JOIN tournaments t ON t.id = p.tournament_id
         WHERE p.game_id = g.id AND t.status = 'running')),
    (SELECT count(*) FROM tournament_players e JOIN tournaments t ON t.id = e.tournament_id
     WHERE e.user_id = $1 AND e.withdrawn_at IS NULL AND t.status IN ('open', 'running'))";

/// What `user` plays at once (see [`Playing`]).
pub(crate) async fn playing(conn: &mut Conn, user: UserId) -> Result<Playing, sqlx::Error> {
    let (games, tournaments): (i64, i64) = sqlx::query_as(PLAYING)
        .bind(to_db(user.0))
        .fetch_one(conn)
        .await?;
    Ok(Playing {
        games: u32::try_from(games).unwrap_or(u32::MAX),
        tournaments: u32::try_from(tournaments).unwrap_or(u32::MAX),
    })
}

/// A finished game between two people, for records and streaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FinishedGame {
    pub id: GameId,
    pub white: UserId,
    pub black: UserId,
    pub winner: Option<Color>,
    pub rated: bool,
}

#[derive(FromRow)]
struct FinishedRow {
    id: i64,
    white_id: i64,
    black_id: i64,
    result: String,
    #[sqlx(try_from = "Flag")]
    rated: bool,
}

/// `user`'s finished games against people in a guild (or in DMs), newest first.
pub(crate) async fn finished_games(
    conn: &mut Conn,
    user: UserId,
    guild: Option<GuildId>,
) -> Result<Vec<FinishedGame>, sqlx::Error> {
    let rows: Vec<FinishedRow> = sqlx::query_as(
        "SELECT id, white_id, black_id, result, rated FROM games
         WHERE status = 'finished' AND engine_level IS NULL
             AND (white_id = $1 OR black_id = $1) AND guild_id IS NOT DISTINCT FROM $2
         ORDER BY ended_at DESC, id DESC",
    )
    .bind(to_db(user.0))
    .bind(guild.map(|g| to_db(g.0)))
    .fetch_all(conn)
    .await?;
    rows.into_iter()
        .map(|r| {
            let winner = decode_result(&r.result)
                .ok_or_else(|| corrupt(format!("game {}: result `{}`", r.id, r.result)))?;
            Ok(FinishedGame {
                id: GameId(r.id),
                white: UserId(from_db(r.white_id)),
                black: UserId(from_db(r.black_id)),
                winner,
                rated: r.rated,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::plan_of;

    #[tokio::test]
    async fn what_a_member_plays_is_counted_from_their_own_rows_only() {
        let steps = plan_of(PLAYING, &[1]).await;
        let has = |what: &str| steps.iter().filter(|s| s.contains(what)).count();
        assert_eq!(
            has("USING COVERING INDEX games_by_white (white_id=? AND status=?)"),
            1,
            "{steps:?}"
        );
        assert_eq!(
            has("USING COVERING INDEX games_by_black (black_id=? AND status=?)"),
            1,
            "{steps:?}"
        );
        assert_eq!(has("SEARCH p USING INDEX"), 2, "{steps:?}");
        assert_eq!(
            has("SEARCH e USING INDEX tournament_players_by_user (user_id=?)"),
            1,
            "{steps:?}"
        );
        assert_eq!(has("SCAN"), has("SCAN CONSTANT ROW"), "{steps:?}");
    }
}
