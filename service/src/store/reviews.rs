//! Game reviews: queued, leased by a worker, finished.

use sqlx::FromRow;

use super::{Backend, Conn, from_db, to_db};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};

/// A review as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReviewRecord {
    pub requested_by: UserId,
    pub status: String,
    pub done: u32,
    pub total: u32,
    pub result: Option<String>,
}

#[derive(FromRow)]
struct ReviewRow {
    requested_by: i64,
    status: String,
    done: i64,
    total: i64,
    result: Option<String>,
}

/// The review of `game`, if one was asked for.
pub(crate) async fn review(
    conn: &mut Conn,
    game: GameId,
) -> Result<Option<ReviewRecord>, sqlx::Error> {
    let row: Option<ReviewRow> = sqlx::query_as(
        "SELECT requested_by, status, done, total, result FROM reviews WHERE game_id = $1",
    )
    .bind(game.0)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| ReviewRecord {
        requested_by: UserId(from_db(r.requested_by)),
        status: r.status,
        done: u32::try_from(r.done).unwrap_or(0),
        total: u32::try_from(r.total).unwrap_or(1),
        result: r.result,
    }))
}

/// Queues the review of `game` for `user` (or queues again one that failed); `false` when it
/// is queued, running or done already.
pub(crate) async fn queue_review(
    conn: &mut Conn,
    game: GameId,
    user: UserId,
    total: u32,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO reviews (game_id, requested_by, requested_at, total) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id) DO UPDATE SET status = 'queued', done = 0, requested_by = $2,
             requested_at = $3, worker = NULL, lease_until = NULL, error = NULL
         WHERE reviews.status = 'failed'",
    )
    .bind(game.0)
    .bind(to_db(user.0))
    .bind(now.as_millis())
    .bind(i64::from(total))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The count of the reviews a member asked for that wait.
const WAITING_OF: &str = "SELECT count(*) FROM reviews
     WHERE requested_by = $1 AND status IN ('queued', 'running')";

/// How many reviews `user` asked for that wait: queued, or under way.
pub(crate) async fn waiting_reviews_of(conn: &mut Conn, user: UserId) -> Result<u32, sqlx::Error> {
    let count: i64 = sqlx::query_scalar(WAITING_OF)
        .bind(to_db(user.0))
        .fetch_one(conn)
        .await?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

/// The claim of a review, up to the end of its candidate's `SELECT` (where PostgreSQL adds its
/// locking clause); the re-check of the outer `WHERE` keeps a row another claim took meanwhile.
const CLAIM_REVIEW: &str = "UPDATE reviews SET status = 'running', worker = $1, lease_until = $3
     WHERE status IN ('queued', 'running') AND coalesce(lease_until, 0) <= $2
       AND game_id = (
         SELECT w.game_id FROM reviews w
         WHERE w.status IN ('queued', 'running') AND coalesce(w.lease_until, 0) <= $2
         ORDER BY (SELECT count(*) FROM reviews d
                   WHERE d.requested_by = w.requested_by AND d.status = 'done'
                     AND d.finished_at > $2 - 3600000),
                  w.requested_at
         LIMIT 1";

/// Takes a waiting review (queued, or running under a lapsed lease) for `worker` until
/// `until`: the oldest of the member whose reviews were done least in the last hour, so that
/// one member asking for many reviews delays another member's by one review at most.
pub(crate) async fn claim_review(
    conn: &mut Conn,
    worker: &str,
    now: Timestamp,
    until: Timestamp,
) -> Result<Option<GameId>, sqlx::Error> {
    // On PostgreSQL two instances claiming at once take different reviews: the candidate row
    // is locked, and one locked by another claim is skipped.
    let sql = match Backend::of(conn) {
        Backend::Sqlite => sqlx::AssertSqlSafe(format!("{CLAIM_REVIEW}) RETURNING game_id")),
        Backend::Postgres => sqlx::AssertSqlSafe(format!(
            "{CLAIM_REVIEW} FOR UPDATE OF w SKIP LOCKED) RETURNING game_id"
        )),
    };
    let id: Option<i64> = sqlx::query_scalar(sql)
        .bind(worker)
        .bind(now.as_millis())
        .bind(until.as_millis())
        .fetch_optional(conn)
        .await?;
    Ok(id.map(GameId))
}

/// Records `done` positions searched and renews `worker`'s lease; `false` when the worker no
/// longer holds the review.
pub(crate) async fn review_progress(
    conn: &mut Conn,
    game: GameId,
    worker: &str,
    done: u32,
    until: Timestamp,
) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query(
        "UPDATE reviews SET done = $1, lease_until = $2
         WHERE game_id = $3 AND worker = $4 AND status = 'running'",
    )
    .bind(i64::from(done))
    .bind(until.as_millis())
    .bind(game.0)
    .bind(worker)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Stores the finished review of `game`; `false` when `worker` no longer holds it.
pub(crate) async fn finish_review(
    conn: &mut Conn,
    game: GameId,
    worker: &str,
    result: &str,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query(
        "UPDATE reviews SET status = 'done', done = total, result = $1, finished_at = $2,
             worker = NULL, lease_until = NULL
         WHERE game_id = $3 AND worker = $4 AND status = 'running'",
    )
    .bind(result)
    .bind(now.as_millis())
    .bind(game.0)
    .bind(worker)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Marks the review of `game` failed, with `error`.
pub(crate) async fn fail_review(
    conn: &mut Conn,
    game: GameId,
    error: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE reviews SET status = 'failed', error = $1, worker = NULL, lease_until = NULL
         WHERE game_id = $2 AND status = 'running'",
    )
    .bind(error)
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
    async fn the_claim_counts_each_members_recent_reviews_by_index_not_by_scanning_them_all() {
        let sql = format!("{CLAIM_REVIEW}) RETURNING game_id");
        let steps = plan_of(&sql, &[1, 2, 3]).await;
        let has = |what: &str| steps.iter().any(|s| s.contains(what));
        assert!(has("SCAN w USING INDEX reviews_waiting"), "{steps:?}");
        assert!(
            has("SEARCH d USING COVERING INDEX reviews_by_requester \
                 (requested_by=? AND status=? AND finished_at>?)"),
            "{steps:?}"
        );
        assert!(!has("SCAN d"), "{steps:?}");
    }

    #[tokio::test]
    async fn a_members_waiting_reviews_are_counted_from_the_index() {
        assert_eq!(
            plan_of(WAITING_OF, &[1]).await,
            ["SEARCH reviews USING COVERING INDEX reviews_by_requester \
              (requested_by=? AND status=?)"]
        );
    }
}
