//! Counts of the work waiting in the database, for monitoring: read when scraped, never on the
//! way of a player's request.

use super::{Conn, time};
use crate::clock::Timestamp;

/// What waits at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BacklogCounts {
    /// Notices not delivered yet.
    pub undelivered: i64,
    /// When the oldest of them was written.
    pub oldest_undelivered: Option<Timestamp>,
    /// Reviews queued or under way.
    pub reviews: i64,
    /// Games against the computer where it is to move.
    pub computer_turns: i64,
    /// Games on, whose deadline has passed (the next sweep ends them).
    pub past_deadline: i64,
    /// Open challenges whose time is up (the next sweep expires them).
    pub lapsed_challenges: i64,
}

/// The backlog at `now`. Each count is served by a partial index of its table (the outbox's
/// pending rows, the waiting reviews, the active games, the open challenges).
pub(crate) async fn backlog(conn: &mut Conn, now: Timestamp) -> Result<BacklogCounts, sqlx::Error> {
    let (undelivered, oldest): (i64, Option<i64>) =
        sqlx::query_as("SELECT count(*), min(created_at) FROM outbox WHERE delivered_at IS NULL")
            .fetch_one(&mut *conn)
            .await?;
    let reviews: i64 =
        sqlx::query_scalar("SELECT count(*) FROM reviews WHERE status IN ('queued', 'running')")
            .fetch_one(&mut *conn)
            .await?;
    let computer_turns: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM games
         WHERE status = 'active' AND engine_level IS NOT NULL AND to_move_id IS NULL",
    )
    .fetch_one(&mut *conn)
    .await?;
    let past_deadline: i64 =
        sqlx::query_scalar("SELECT count(*) FROM games WHERE status = 'active' AND deadline <= $1")
            .bind(now.as_millis())
            .fetch_one(&mut *conn)
            .await?;
    let lapsed_challenges: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM challenges WHERE status = 'open' AND expires_at <= $1",
    )
    .bind(now.as_millis())
    .fetch_one(&mut *conn)
    .await?;
    Ok(BacklogCounts {
        undelivered,
        oldest_undelivered: oldest.map(time),
        reviews,
        computer_turns,
        past_deadline,
        lapsed_challenges,
    })
}

/// Whether the database answers: a read of the heartbeat table (a query that reaches the
/// tables, not only the connection).
pub(crate) async fn ping(conn: &mut Conn) -> Result<(), sqlx::Error> {
    let _: i64 = sqlx::query_scalar("SELECT count(*) FROM heartbeat")
        .fetch_one(conn)
        .await?;
    Ok(())
}
