//! The outbox's rows: written with the change that causes them, taken in order per stream,
//! claimed with a lease while they are sent, marked delivered.

use sqlx::FromRow;

use super::{Backend, Conn, Flag, time};
use crate::clock::Timestamp;

/// An undelivered row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OutboxRow {
    pub id: i64,
    pub stream: String,
    pub notice: String,
    pub not_before: Timestamp,
    pub leased: bool,
    pub attempts: u32,
    /// The interaction answer that last claimed the row to carry it (its token), and when.
    pub answer: Option<(String, Timestamp)>,
}

#[derive(FromRow)]
struct Row {
    id: i64,
    stream: String,
    notice: String,
    not_before: i64,
    #[sqlx(try_from = "Flag")]
    leased: bool,
    attempts: i64,
    answer_token: Option<String>,
    answer_claimed_at: Option<i64>,
}

impl From<Row> for OutboxRow {
    fn from(r: Row) -> OutboxRow {
        OutboxRow {
            id: r.id,
            stream: r.stream,
            notice: r.notice,
            not_before: time(r.not_before),
            leased: r.leased,
            attempts: u32::try_from(r.attempts).unwrap_or(u32::MAX),
            answer: r.answer_token.zip(r.answer_claimed_at.map(time)),
        }
    }
}

/// Adds a row to `stream`, to be taken no earlier than `not_before`.
pub(crate) async fn push_notice(
    conn: &mut Conn,
    stream: &str,
    notice: &str,
    now: Timestamp,
    not_before: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO outbox (stream, notice, created_at, not_before) VALUES ($1, $2, $3, $4)",
    )
    .bind(stream)
    .bind(notice)
    .bind(now.as_millis())
    .bind(not_before.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// The first undelivered row of each stream, if it may be taken at `now`, oldest first. Read
/// in a transaction that then claims them: on PostgreSQL the rows are locked until it ends, and
/// rows another instance is claiming are skipped (`FOR UPDATE SKIP LOCKED`).
pub(crate) async fn due_notices(
    conn: &mut Conn,
    now: Timestamp,
    limit: u32,
) -> Result<Vec<OutboxRow>, sqlx::Error> {
    const DUE: &str = "SELECT id, stream, notice, not_before,
             coalesce(lease_until > $1, FALSE) AS leased, attempts,
             answer_token, answer_claimed_at
         FROM outbox AS o
         WHERE delivered_at IS NULL AND not_before <= $1 AND coalesce(lease_until <= $1, TRUE)
           AND id = (SELECT min(id) FROM outbox WHERE stream = o.stream AND delivered_at IS NULL)
         ORDER BY id LIMIT $2";
    let sql = match Backend::of(conn) {
        Backend::Sqlite => sqlx::AssertSqlSafe(DUE.to_owned()),
        Backend::Postgres => sqlx::AssertSqlSafe(format!("{DUE} FOR UPDATE OF o SKIP LOCKED")),
    };
    let rows: Vec<Row> = sqlx::query_as(sql)
        .bind(now.as_millis())
        .bind(i64::from(limit))
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(OutboxRow::from).collect())
}

/// Every undelivered row of `stream`, in order (`leased` as of `now`).
pub(crate) async fn pending_in_stream(
    conn: &mut Conn,
    stream: &str,
    now: Timestamp,
) -> Result<Vec<OutboxRow>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, stream, notice, not_before, coalesce(lease_until > $1, FALSE) AS leased,
             attempts, answer_token, answer_claimed_at
         FROM outbox WHERE stream = $2 AND delivered_at IS NULL ORDER BY id",
    )
    .bind(now.as_millis())
    .bind(stream)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(OutboxRow::from).collect())
}

/// How many rows of `stream` are not delivered yet.
pub(crate) async fn undelivered_in_stream(
    conn: &mut Conn,
    stream: &str,
) -> Result<u32, sqlx::Error> {
    let count: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM outbox WHERE stream = $1 AND delivered_at IS NULL",
    )
    .bind(stream)
    .fetch_one(conn)
    .await?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

/// Takes row `id` for `holder` until `until`, if it is undelivered and no other sender holds
/// it at `now`; `answer` is the token of the interaction that is to carry it as its answer,
/// when one is (kept with the claim's time, in case the holder dies before recording it; a
/// claim without one keeps the last, and so does a failed attempt of the worker's; a delivery
/// clears it, and so does a release: the answer gave the notice up, and may say something
/// else).
pub(crate) async fn claim_notice(
    conn: &mut Conn,
    id: i64,
    holder: &str,
    answer: Option<&str>,
    now: Timestamp,
    until: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE outbox SET lease_until = $1, lease_holder = $2,
             answer_token = coalesce($3, answer_token),
             answer_claimed_at = CASE WHEN $3 IS NULL THEN answer_claimed_at ELSE $4 END
         WHERE id = $5 AND delivered_at IS NULL AND coalesce(lease_until <= $4, TRUE)",
    )
    .bind(until.as_millis())
    .bind(holder)
    .bind(answer)
    .bind(now.as_millis())
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks row `id` delivered (once: a second call changes nothing and returns false).
pub(crate) async fn mark_delivered(
    conn: &mut Conn,
    id: i64,
    now: Timestamp,
    via: &str,
    message: Option<u64>,
    error: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE outbox SET delivered_at = $1, delivered_via = $2, message_id = $3,
             last_error = coalesce($4, last_error), lease_holder = NULL, answer_token = NULL
         WHERE id = $5 AND delivered_at IS NULL",
    )
    .bind(now.as_millis())
    .bind(via)
    .bind(message.map(super::to_db))
    .bind(error)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks rows `ids` delivered (those not yet), in one statement.
pub(crate) async fn mark_all_delivered(
    conn: &mut Conn,
    ids: &[i64],
    now: Timestamp,
    via: &str,
    message: Option<u64>,
) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    let placeholders: Vec<String> = (0..ids.len()).map(|i| format!("${}", i + 4)).collect();
    let sql = format!(
        "UPDATE outbox SET delivered_at = $1, delivered_via = $2, message_id = $3,
             lease_holder = NULL, answer_token = NULL
         WHERE id IN ({}) AND delivered_at IS NULL",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now.as_millis())
        .bind(via)
        .bind(message.map(super::to_db));
    for id in ids {
        query = query.bind(*id);
    }
    query.execute(conn).await?;
    Ok(())
}

/// Counts a failed attempt on row `id` and makes it wait until `retry_at`.
pub(crate) async fn mark_failed(
    conn: &mut Conn,
    id: i64,
    error: &str,
    retry_at: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE outbox SET attempts = attempts + 1, last_error = $1, not_before = $2,
             lease_until = NULL, lease_holder = NULL
         WHERE id = $3 AND delivered_at IS NULL",
    )
    .bind(error)
    .bind(retry_at.as_millis())
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Makes row `id` available to the delivery worker at `at` (an interaction gave it up: its
/// token goes, since its answer will not be the notice).
pub(crate) async fn release_notice(
    conn: &mut Conn,
    id: i64,
    at: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE outbox SET not_before = $1, lease_until = NULL, lease_holder = NULL,
             answer_token = NULL
         WHERE id = $2 AND delivered_at IS NULL",
    )
    .bind(at.as_millis())
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Makes every undelivered row of `stream` that no sender holds available at `at`.
pub(crate) async fn release_stream(
    conn: &mut Conn,
    stream: &str,
    at: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE outbox SET not_before = CASE WHEN not_before < $1 THEN not_before ELSE $1 END
         WHERE stream = $2 AND delivered_at IS NULL AND coalesce(lease_until <= $1, TRUE)",
    )
    .bind(at.as_millis())
    .bind(stream)
    .execute(conn)
    .await?;
    Ok(())
}
