//! The heartbeat row, and moving every running clock on by a stretch of downtime.

use super::{Conn, time};
use crate::clock::Timestamp;

/// The last beat, if the bot ever beat.
pub(crate) async fn last_beat(conn: &mut Conn) -> Result<Option<Timestamp>, sqlx::Error> {
    let at: Option<i64> = sqlx::query_scalar("SELECT beat_at FROM heartbeat WHERE id = 1")
        .fetch_optional(conn)
        .await?;
    Ok(at.map(time))
}

/// Records a beat at `at` (over the last one, even an earlier one: a clock set back heals).
pub(crate) async fn put_beat(conn: &mut Conn, at: Timestamp) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO heartbeat (id, beat_at) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at",
    )
    .bind(at.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves the deadline of every active game that has one by `by_ms`, bumping its version so
/// that a time-out judged on the old deadline cannot land (a live game's turn start moves
/// with it: its clock stands still too), and clearing its reminder flag: a
/// reminder already given named the old deadline, so the next one (due at the same time left)
/// names the new one. Returns how many games changed.
pub(crate) async fn shift_all_deadlines(
    conn: &mut Conn,
    by_ms: i64,
    now: Timestamp,
) -> Result<u64, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE games SET version = version + 1, updated_at = $2, deadline = deadline + $1,
             reminded = FALSE, turn_started_at = turn_started_at + $1
         WHERE status = 'active' AND deadline IS NOT NULL",
    )
    .bind(by_ms)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(result.rows_affected())
}

/// Moves the expiry of every open challenge by `by_ms`. Returns how many changed.
pub(crate) async fn shift_challenge_expiry(
    conn: &mut Conn,
    by_ms: i64,
) -> Result<u64, sqlx::Error> {
    let result =
        sqlx::query("UPDATE challenges SET expires_at = expires_at + $1 WHERE status = 'open'")
            .bind(by_ms)
            .execute(conn)
            .await?;
    Ok(result.rows_affected())
}
