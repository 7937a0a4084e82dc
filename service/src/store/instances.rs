//! The instances' rows (who is running, beaten every second), and taking over the leases of an
//! instance found dead.

use sqlx::FromRow;

use super::{Conn, time};
use crate::clock::Timestamp;

/// A running (or lately running) bot process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InstanceRow {
    /// Its random name, the holder named by its leases.
    pub id: String,
    /// The machine and pid namespace it runs in (empty where unknown).
    pub host: String,
    pub pid: i64,
    /// The process's start time in clock ticks after boot (0 where unknown).
    pub process_start: i64,
    pub label: String,
    pub started_at: Timestamp,
    pub beat_at: Timestamp,
}

#[derive(FromRow)]
struct Row {
    id: String,
    host: String,
    pid: i64,
    process_start: i64,
    label: String,
    started_at: i64,
    beat_at: i64,
}

/// Records a beat of `row.id` at `row.beat_at`, writing the whole row when it is missing.
/// Returns whether the row was there (it is not on the first beat, nor after another instance
/// took this one for dead).
pub(crate) async fn beat_instance(conn: &mut Conn, row: &InstanceRow) -> Result<bool, sqlx::Error> {
    let beaten = sqlx::query("UPDATE instances SET beat_at = $1 WHERE id = $2")
        .bind(row.beat_at.as_millis())
        .bind(&row.id)
        .execute(&mut *conn)
        .await?;
    if beaten.rows_affected() == 1 {
        return Ok(true);
    }
    sqlx::query(
        "INSERT INTO instances (id, host, pid, process_start, label, started_at, beat_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&row.id)
    .bind(&row.host)
    .bind(row.pid)
    .bind(row.process_start)
    .bind(&row.label)
    .bind(row.started_at.as_millis())
    .bind(row.beat_at.as_millis())
    .execute(conn)
    .await?;
    Ok(false)
}

/// Every instance's row.
pub(crate) async fn instances(conn: &mut Conn) -> Result<Vec<InstanceRow>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, host, pid, process_start, label, started_at, beat_at FROM instances ORDER BY id",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| InstanceRow {
            id: r.id,
            host: r.host,
            pid: r.pid,
            process_start: r.process_start,
            label: r.label,
            started_at: time(r.started_at),
            beat_at: time(r.beat_at),
        })
        .collect())
}

/// What taking over a dead instance's leases freed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Freed {
    /// Outbox rows it was sending.
    pub notices: u64,
    /// Sweeper jobs it held (computer turns among them), by name.
    pub jobs: Vec<String>,
    /// Reviews it was running.
    pub reviews: u64,
    /// Games it was mining for puzzles.
    pub mining: u64,
}

impl Freed {
    /// How many leases in all.
    pub(crate) fn count(&self) -> u64 {
        self.notices + self.jobs.len() as u64 + self.reviews + self.mining
    }
}

/// Frees every lease held by instance `dead` (or, with `None`, by a holder that has no
/// instance row: a process from before instances were recorded, or one taken for dead) and
/// removes its row. The freed leases are anyone's at once, and the freed notices due at once
/// (the grace in which an interaction might have carried them is over: it died with its
/// holder).
pub(crate) async fn take_over(
    conn: &mut Conn,
    dead: Option<&str>,
    now: Timestamp,
) -> Result<Freed, sqlx::Error> {
    // One statement per table, each naming the holder the same way: `$1` is the dead
    // instance, or NULL for every holder without a row.
    const HELD: &str = "(CASE WHEN $1 IS NULL THEN {holder} NOT IN (SELECT id FROM instances)
                         ELSE {holder} = $1 END)";
    let held = |holder: &str| HELD.replace("{holder}", holder);
    let notices = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE outbox SET lease_until = NULL, lease_holder = NULL,
             not_before = CASE WHEN not_before < $2 THEN not_before ELSE $2 END
         WHERE delivered_at IS NULL AND lease_until > $2 AND {}",
        held("lease_holder")
    )))
    .bind(dead)
    .bind(now.as_millis())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let jobs: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "DELETE FROM job_leases WHERE until > $2 AND {} RETURNING job",
        held("owner")
    )))
    .bind(dead)
    .bind(now.as_millis())
    .fetch_all(&mut *conn)
    .await?;
    let reviews = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE reviews SET lease_until = NULL
         WHERE status = 'running' AND lease_until > $2 AND {}",
        held("worker")
    )))
    .bind(dead)
    .bind(now.as_millis())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let mining = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE puzzle_mining SET lease_until = NULL
         WHERE done_at IS NULL AND lease_until > $2 AND {}",
        held("holder")
    )))
    .bind(dead)
    .bind(now.as_millis())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if let Some(dead) = dead {
        sqlx::query("DELETE FROM instances WHERE id = $1")
            .bind(dead)
            .execute(conn)
            .await?;
    }
    Ok(Freed {
        notices,
        jobs,
        reviews,
        mining,
    })
}
