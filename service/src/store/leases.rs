//! Leases on the sweeper's jobs.

use super::Conn;
use crate::clock::Timestamp;

/// Takes the lease on `job` for `owner` until `until`, unless another owner holds it at `now`.
pub(crate) async fn take_lease(
    conn: &mut Conn,
    job: &str,
    owner: &str,
    now: Timestamp,
    until: Timestamp,
) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query(
        "INSERT INTO job_leases (job, owner, until) VALUES ($1, $2, $4)
         ON CONFLICT (job) DO UPDATE SET owner = $2, until = $4
         WHERE job_leases.until <= $3 OR job_leases.owner = $2",
    )
    .bind(job)
    .bind(owner)
    .bind(now.as_millis())
    .bind(until.as_millis())
    .execute(conn)
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// Gives the lease on `job` back (the job is done).
pub(crate) async fn drop_lease(conn: &mut Conn, job: &str, owner: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM job_leases WHERE job = $1 AND owner = $2")
        .bind(job)
        .bind(owner)
        .execute(conn)
        .await?;
    Ok(())
}
