//! Deadlines: the games the sweeper visits (overdue, reminders due, the computer's turn), and
//! clocks moved by a vacation.

use super::{Conn, game_ids, to_db};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};

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
    let query = sqlx::query_scalar(
        "SELECT id FROM games WHERE status = 'active' AND deadline <= $1 ORDER BY deadline, id",
    )
    .bind(now.as_millis());
    game_ids(conn, query).await
}

/// Active live games whose deadline (flag, or abort before both first moves) is at or
/// before `now`.
pub(crate) async fn overdue_live_game_ids(
    conn: &mut Conn,
    now: Timestamp,
) -> Result<Vec<GameId>, sqlx::Error> {
    let query = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND clock_base_ms IS NOT NULL AND deadline <= $1
         ORDER BY deadline, id",
    )
    .bind(now.as_millis());
    game_ids(conn, query).await
}

/// The earliest deadline among the active live games, if any is in play.
pub(crate) async fn next_live_deadline(conn: &mut Conn) -> Result<Option<Timestamp>, sqlx::Error> {
    let due: Option<i64> = sqlx::query_scalar(
        "SELECT min(deadline) FROM games WHERE status = 'active' AND clock_base_ms IS NOT NULL",
    )
    .fetch_one(conn)
    .await?;
    Ok(due.map(Timestamp::from_millis))
}

/// Active games where the computer is to move and nothing has changed since `before`.
pub(crate) async fn waiting_engine_game_ids(
    conn: &mut Conn,
    before: Timestamp,
) -> Result<Vec<GameId>, sqlx::Error> {
    let query = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND engine_level IS NOT NULL AND to_move_id IS NULL
           AND updated_at <= $1
         ORDER BY updated_at, id",
    )
    .bind(before.as_millis());
    game_ids(conn, query).await
}

/// Active games not yet reminded whose deadline is after `now` but within the reminder window:
/// a quarter of the time per move, at most `max_window_ms`.
pub(crate) async fn reminder_due_game_ids(
    conn: &mut Conn,
    now: Timestamp,
    max_window_ms: i64,
) -> Result<Vec<GameId>, sqlx::Error> {
    let query = sqlx::query_scalar(
        "SELECT id FROM games
         WHERE status = 'active' AND NOT reminded AND to_move_id IS NOT NULL
             AND move_seconds IS NOT NULL AND deadline > $1 AND deadline - CASE WHEN move_seconds * 250 < $2 THEN move_seconds * 250 ELSE $2 END <= $1
         ORDER BY deadline, id",
    )
    .bind(now.as_millis())
    .bind(max_window_ms);
    game_ids(conn, query).await
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

/// Moves the deadlines of the active correspondence games where `user` is to move (a live
/// game's clock stops for nobody's vacation) by `by_ms` (a vacation
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
             deadline = CASE WHEN to_move_id = $1 AND clock_base_ms IS NULL
                 THEN deadline + $2 ELSE deadline END
         WHERE status = 'active' AND (white_id = $1 OR black_id = $1)",
    )
    .bind(to_db(user.0))
    .bind(by_ms)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(result.rows_affected())
}
