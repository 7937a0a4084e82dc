//! Games and their moves.

use dama_engine::Level;
use dama_rules::notation::{self, Resolved};
use dama_rules::{Color, DrawReason, Move, Outcome, Position, Rules, WinReason};
use sqlx::FromRow;

use super::{Backend, Conn, Flag, corrupt, from_db, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, Place, UserId};
use crate::model::{Participant, Player, Seats, TimeControl};

/// A game as stored: what never changes, and its current [`GameState`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GameRecord {
    pub id: GameId,
    pub place: Place,
    pub thread: Option<ChannelId>,
    pub seats: Seats,
    pub rated: bool,
    pub time_control: TimeControl,
    pub rules: Rules,
    pub start: Position,
    pub created_at: Timestamp,
    /// When White's and Black's running vacations end (as read with the game row: starting
    /// or ending a vacation bumps the version of every game of the player).
    pub vacation_until: [Option<Timestamp>; 2],
    pub state: GameState,
}

/// The part of a game that moves, draws, takebacks and the clock change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameState {
    pub position: Position,
    pub ply: u32,
    /// Bumped on every write; writers check it.
    pub version: i64,
    pub outcome: Option<Outcome>,
    /// The human to move while the game goes on.
    pub to_move: Option<UserId>,
    pub draw_offer: Option<Color>,
    pub takeback: Option<Color>,
    pub deadline: Option<Timestamp>,
    pub reminded: bool,
    pub updated_at: Timestamp,
    pub ended_at: Option<Timestamp>,
}

/// One stored move: the move with its full algebraic path and the position it led to.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub(crate) struct MoveRecord {
    pub ply: i64,
    pub notation: String,
    pub position_after: String,
    pub played_at: i64,
}

/// A game to create.
#[derive(Debug, Clone)]
pub(crate) struct NewGame<'a> {
    pub place: Place,
    pub seats: &'a Seats,
    pub rated: bool,
    pub time_control: TimeControl,
    pub rules: Rules,
    pub start: Position,
    pub to_move: Option<UserId>,
    pub deadline: Option<Timestamp>,
    pub now: Timestamp,
    /// The finished game this one is a rematch of.
    pub rematch_of: Option<GameId>,
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
             rules, rematch_of)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $11, $12, $13)
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
    .fetch_one(conn)
    .await?;
    Ok(GameId(id))
}

fn seconds(tc: TimeControl) -> Option<i64> {
    tc.seconds().and_then(|s| i64::try_from(s).ok())
}

#[derive(FromRow)]
struct GameRow {
    id: i64,
    guild_id: Option<i64>,
    channel_id: i64,
    thread_id: Option<i64>,
    white_id: Option<i64>,
    black_id: Option<i64>,
    white_name: Option<String>,
    black_name: Option<String>,
    white_vacation_until: Option<i64>,
    black_vacation_until: Option<i64>,
    engine_level: Option<i64>,
    #[sqlx(try_from = "Flag")]
    rated: bool,
    move_seconds: Option<i64>,
    rules: String,
    start_position: String,
    position: String,
    ply: i64,
    version: i64,
    result: Option<String>,
    end_reason: Option<String>,
    to_move_id: Option<i64>,
    draw_offer_by: Option<String>,
    takeback_by: Option<String>,
    deadline: Option<i64>,
    #[sqlx(try_from = "Flag")]
    reminded: bool,
    created_at: i64,
    updated_at: i64,
    ended_at: Option<i64>,
}

/// The game query, with a `WHERE` clause appended (a literal, so the SQL stays static).
macro_rules! select_game {
    ($where:literal) => {
        concat!(
            "SELECT g.id, g.guild_id, g.channel_id, g.thread_id, g.white_id, g.black_id, ",
            name_in!("g.white_id", "coalesce(g.guild_id, 0)"),
            " AS white_name, ",
            name_in!("g.black_id", "coalesce(g.guild_id, 0)"),
            " AS black_name,
        w.vacation_until AS white_vacation_until, b.vacation_until AS black_vacation_until,
        g.engine_level,
        g.rated, g.move_seconds, g.rules, g.start_position, g.position, g.ply, g.version, g.result,
        g.end_reason, g.to_move_id, g.draw_offer_by, g.takeback_by, g.deadline, g.reminded,
        g.created_at, g.updated_at, g.ended_at
    FROM games g
    LEFT JOIN players w ON w.user_id = g.white_id
    LEFT JOIN players b ON b.user_id = g.black_id ",
            $where
        )
    };
}

impl GameRow {
    /// The record of this row; `missed` is the capture that was available when the game
    /// ended by a missed capture (which the row alone does not hold: see [`missed_capture`]).
    fn into_record(self, missed: Option<Move>) -> Result<GameRecord, sqlx::Error> {
        let id = GameId(self.id);
        let engine = self
            .engine_level
            .map(|l| {
                u8::try_from(l)
                    .ok()
                    .and_then(Level::new)
                    .ok_or_else(|| corrupt(format!("game {id}: engine level {l}")))
            })
            .transpose()?;
        let side = |user: Option<i64>, name: Option<String>| match (user, engine) {
            (Some(u), _) => Ok(Participant::Human(Player::new(
                UserId(from_db(u)),
                name.unwrap_or_default(),
            ))),
            (None, Some(level)) => Ok(Participant::Engine(level)),
            (None, None) => Err(corrupt(format!("game {id}: a side has no player"))),
        };
        let outcome = match (self.result.as_deref(), self.end_reason.as_deref()) {
            (Some(result), Some(reason)) => Some(
                decode_outcome(result, reason, missed)
                    .ok_or_else(|| corrupt(format!("game {id}: result {result} by {reason}")))?,
            ),
            _ => None,
        };
        let position = |text: &str| {
            text.parse::<Position>()
                .map_err(|e| corrupt(format!("game {id}: position `{text}`: {e}")))
        };
        let tc_seconds = self.move_seconds.map(|s| u64::try_from(s).unwrap_or(0));
        Ok(GameRecord {
            id,
            place: Place {
                guild: self.guild_id.map(|g| GuildId(from_db(g))),
                channel: ChannelId(from_db(self.channel_id)),
            },
            thread: self.thread_id.map(|t| ChannelId(from_db(t))),
            seats: Seats::new(
                side(self.white_id, self.white_name)?,
                side(self.black_id, self.black_name)?,
            ),
            rated: self.rated,
            time_control: TimeControl::from_seconds(tc_seconds)
                .ok_or_else(|| corrupt(format!("game {id}: {tc_seconds:?} s per move")))?,
            rules: self
                .rules
                .parse()
                .map_err(|e| corrupt(format!("game {id}: {e}")))?,
            start: position(&self.start_position)?,
            created_at: time(self.created_at),
            vacation_until: [
                self.white_vacation_until.map(time),
                self.black_vacation_until.map(time),
            ],
            state: GameState {
                position: position(&self.position)?,
                ply: u32::try_from(self.ply).map_err(|_| corrupt(format!("game {id}: ply")))?,
                version: self.version,
                outcome,
                to_move: self.to_move_id.map(|u| UserId(from_db(u))),
                draw_offer: decode_color(self.draw_offer_by.as_deref())?,
                takeback: decode_color(self.takeback_by.as_deref())?,
                deadline: self.deadline.map(time),
                reminded: self.reminded,
                updated_at: time(self.updated_at),
                ended_at: self.ended_at.map(time),
            },
        })
    }
}

fn encode_color(c: Option<Color>) -> Option<&'static str> {
    c.map(Color::name)
}

fn decode_color(text: Option<&str>) -> Result<Option<Color>, sqlx::Error> {
    match text {
        None => Ok(None),
        Some("white") => Ok(Some(Color::White)),
        Some("black") => Ok(Some(Color::Black)),
        Some(other) => Err(corrupt(format!("colour `{other}`"))),
    }
}

fn encode_reason(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::NoPieces => "no_pieces",
            WinReason::NoMoves => "no_moves",
            WinReason::Resignation => "resignation",
            WinReason::Time => "time",
            WinReason::MissedCapture { .. } => MISSED_CAPTURE,
        },
        Outcome::Draw(DrawReason::Agreement) => "agreement",
        Outcome::Draw(DrawReason::Repetition) => "repetition",
        Outcome::Draw(DrawReason::NoProgress) => "no_progress",
    }
}

/// The winner a result token names (`None` inside for a draw); `None` for an unknown token.
/// The inverse of [`Outcome::result_token`].
pub(crate) fn decode_result(result: &str) -> Option<Option<Color>> {
    match result {
        "1-0" => Some(Some(Color::White)),
        "0-1" => Some(Some(Color::Black)),
        "1/2-1/2" => Some(None),
        _ => None,
    }
}

/// The `end_reason` of a game lost by a missed capture (strict rules).
const MISSED_CAPTURE: &str = "missed_capture";

/// The outcome a result token and an end reason name; `missed` is the capture that was
/// available, for a game lost by missing it.
fn decode_outcome(result: &str, reason: &str, missed: Option<Move>) -> Option<Outcome> {
    let winner = decode_result(result)?;
    let win = |reason| winner.map(|winner| Outcome::Win { winner, reason });
    let draw = |reason| winner.is_none().then_some(Outcome::Draw(reason));
    match reason {
        "no_pieces" => win(WinReason::NoPieces),
        "no_moves" => win(WinReason::NoMoves),
        "resignation" => win(WinReason::Resignation),
        "time" => win(WinReason::Time),
        MISSED_CAPTURE => win(WinReason::MissedCapture { available: missed? }),
        "agreement" => draw(DrawReason::Agreement),
        "repetition" => draw(DrawReason::Repetition),
        "no_progress" => draw(DrawReason::NoProgress),
        _ => None,
    }
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
             updated_at = $14, ended_at = $15
         WHERE id = $1 AND version = $2",
    )
    .bind(id.0)
    .bind(expected_version)
    .bind(state.position.to_string())
    .bind(i64::from(state.ply))
    .bind(state.version)
    .bind(if state.outcome.is_some() {
        "finished"
    } else {
        "active"
    })
    .bind(state.outcome.map(Outcome::result_token))
    .bind(state.outcome.map(encode_reason))
    .bind(state.to_move.map(|u| to_db(u.0)))
    .bind(encode_color(state.draw_offer))
    .bind(encode_color(state.takeback))
    .bind(state.deadline.map(Timestamp::as_millis))
    .bind(new_deadline)
    .bind(state.updated_at.as_millis())
    .bind(state.ended_at.map(Timestamp::as_millis))
    .execute(conn)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Inserts a move of game `id` and the outbox row that announces it, in one round trip to the
/// database: on SQLite two statements sent together (a move is the hot path, and each round
/// trip to SQLite's worker thread costs about as much as the statement itself); on PostgreSQL,
/// which prepares one statement at a time, the move's insert as a data-modifying `WITH`.
#[allow(clippy::too_many_arguments, reason = "the two rows' columns")]
pub(crate) async fn insert_move_announced(
    conn: &mut Conn,
    id: GameId,
    ply: u32,
    notation: &str,
    position_after: &Position,
    played_at: Timestamp,
    stream: &str,
    notice: &str,
    not_before: Timestamp,
) -> Result<(), sqlx::Error> {
    let sql = match Backend::of(conn) {
        Backend::Sqlite => {
            "INSERT INTO moves (game_id, ply, notation, position_after, played_at)
             VALUES ($1, $2, $3, $4, $5);
             INSERT INTO outbox (stream, notice, created_at, not_before) VALUES ($6, $7, $5, $8);"
        }
        Backend::Postgres => {
            "WITH played AS (
                 INSERT INTO moves (game_id, ply, notation, position_after, played_at)
                 VALUES ($1, $2, $3, $4, $5))
             INSERT INTO outbox (stream, notice, created_at, not_before) VALUES ($6, $7, $5, $8)"
        }
    };
    sqlx::query(sql)
        .bind(id.0)
        .bind(i64::from(ply))
        .bind(notation)
        .bind(position_after.to_string())
        .bind(played_at.as_millis())
        .bind(stream)
        .bind(notice)
        .bind(not_before.as_millis())
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

/// The ids of `user`'s active games, optionally only in a guild or only in a channel (a game
/// is in a channel when it was started there or its thread is that channel), oldest first.
pub(crate) async fn active_game_ids(
    conn: &mut Conn,
    user: UserId,
    guild: Option<GuildId>,
    channel: Option<ChannelId>,
) -> Result<Vec<GameId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND (white_id = $1 OR black_id = $1)
             AND ($2 IS NULL OR guild_id = $2)
             AND ($3 IS NULL OR channel_id = $3 OR thread_id = $3)
         ORDER BY id",
    )
    .bind(to_db(user.0))
    .bind(guild.map(|g| to_db(g.0)))
    .bind(channel.map(|c| to_db(c.0)))
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(GameId).collect())
}

/// The ids of `guild`'s active games, the most recently moved first (the newest first among
/// games that changed at the same moment), at most `limit`.
pub(crate) async fn active_guild_game_ids(
    conn: &mut Conn,
    guild: GuildId,
    limit: u32,
) -> Result<Vec<GameId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND guild_id = $1
         ORDER BY updated_at DESC, id DESC
         LIMIT $2",
    )
    .bind(to_db(guild.0))
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(GameId).collect())
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

/// How many active games `user` plays; with `engine_only`, only those against the computer.
pub(crate) async fn active_game_count(
    conn: &mut Conn,
    user: UserId,
    engine_only: bool,
) -> Result<u32, sqlx::Error> {
    // Two counts rather than one OR, so that each uses its index (games_by_white, games_by_black).
    let count: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM games
                 WHERE white_id = $1 AND status = 'active'
                     AND (NOT $2 OR engine_level IS NOT NULL))
              + (SELECT count(*) FROM games
                 WHERE black_id = $1 AND status = 'active'
                     AND (NOT $2 OR engine_level IS NOT NULL))",
    )
    .bind(to_db(user.0))
    .bind(engine_only)
    .fetch_one(conn)
    .await?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

/// An active game where `user` is to move and their deadline is at or before `now`, if any.
pub(crate) async fn overdue_game_of(
    conn: &mut Conn,
    user: UserId,
    now: Timestamp,
) -> Result<Option<GameId>, sqlx::Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND to_move_id = $1 AND deadline <= $2
         ORDER BY deadline, id LIMIT 1",
    )
    .bind(to_db(user.0))
    .bind(now.as_millis())
    .fetch_optional(conn)
    .await?;
    Ok(id.map(GameId))
}

/// Active games whose deadline is at or before `now`.
pub(crate) async fn overdue_game_ids(
    conn: &mut Conn,
    now: Timestamp,
) -> Result<Vec<GameId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games WHERE status = 'active' AND deadline <= $1 ORDER BY deadline, id",
    )
    .bind(now.as_millis())
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(GameId).collect())
}

/// Active games where the computer is to move and nothing has changed since `before`.
pub(crate) async fn waiting_engine_game_ids(
    conn: &mut Conn,
    before: Timestamp,
) -> Result<Vec<GameId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND engine_level IS NOT NULL AND to_move_id IS NULL
           AND updated_at <= $1
         ORDER BY updated_at, id",
    )
    .bind(before.as_millis())
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(GameId).collect())
}

/// Active games not yet reminded whose deadline is after `now` but within the reminder window:
/// a quarter of the time per move, at most `max_window_ms`.
pub(crate) async fn reminder_due_game_ids(
    conn: &mut Conn,
    now: Timestamp,
    max_window_ms: i64,
) -> Result<Vec<GameId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND NOT reminded AND to_move_id IS NOT NULL
             AND deadline > $1 AND deadline - CASE WHEN move_seconds * 250 < $2 THEN move_seconds * 250 ELSE $2 END <= $1
         ORDER BY deadline, id",
    )
    .bind(now.as_millis())
    .bind(max_window_ms)
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(GameId).collect())
}

/// Marks the reminder for game `id`'s current deadline as produced, if the game is still at
/// `version` and was not reminded yet. Returns whether this call marked it.
pub(crate) async fn mark_reminded(
    conn: &mut Conn,
    id: GameId,
    version: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE games SET reminded = TRUE WHERE id = $1 AND version = $2 AND NOT reminded
             AND status = 'active'",
    )
    .bind(id.0)
    .bind(version)
    .execute(conn)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Moves the deadlines of the active games where `user` is to move by `by_ms` (a vacation
/// starting or ending early), and bumps the version of all of `user`'s active games, so that a
/// move computed with the old vacation in mind cannot land. Returns how many games changed.
pub(crate) async fn shift_deadlines(
    conn: &mut Conn,
    user: UserId,
    by_ms: i64,
    now: Timestamp,
) -> Result<u64, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE games SET version = version + 1, updated_at = $3,
             deadline = CASE WHEN to_move_id = $1 THEN deadline + $2 ELSE deadline END
         WHERE status = 'active' AND (white_id = $1 OR black_id = $1)",
    )
    .bind(to_db(user.0))
    .bind(by_ms)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(result.rows_affected())
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

    #[test]
    fn every_outcome_survives_encoding() {
        let outcomes = [
            Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoPieces,
            },
            Outcome::Win {
                winner: Color::Black,
                reason: WinReason::NoMoves,
            },
            Outcome::Win {
                winner: Color::White,
                reason: WinReason::Resignation,
            },
            Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Time,
            },
            Outcome::Draw(DrawReason::Agreement),
            Outcome::Draw(DrawReason::Repetition),
            Outcome::Draw(DrawReason::NoProgress),
        ];
        for outcome in outcomes {
            let decoded = decode_outcome(outcome.result_token(), encode_reason(outcome), None);
            assert_eq!(decoded, Some(outcome));
        }
    }

    #[test]
    fn a_drawn_result_with_a_winning_reason_is_refused() {
        assert_eq!(decode_outcome("1/2-1/2", "time", None), None);
        assert_eq!(decode_outcome("1-0", "agreement", None), None);
        assert_eq!(decode_outcome("2-0", "time", None), None);
    }
}
