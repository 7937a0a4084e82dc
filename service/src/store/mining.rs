//! Puzzle mining: the finished games of servers waiting to be mined, claimed under a lease,
//! marked done or failed.

use super::{Backend, Conn, from_db, lock_limits};
use crate::clock::Timestamp;
use crate::ids::{GameId, GuildId};

/// Queues game `game` for mining, ended at `now`, if it is a server's game of at least
/// `min_plies` plies (read from its row as just written); nothing when it is queued already.
pub(crate) async fn queue_mining(
    conn: &mut Conn,
    game: GameId,
    min_plies: u32,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO puzzle_mining (game_id, guild_id, ended_at)
         SELECT id, guild_id, $2 FROM games
         WHERE id = $1 AND guild_id IS NOT NULL AND ply >= $3
         ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(game.0)
    .bind(now.as_millis())
    .bind(i64::from(min_plies))
    .execute(conn)
    .await?;
    Ok(())
}

/// What bounds a claim: who claims, when, and the limits in force.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MiningClaim<'a> {
    /// The instance claiming.
    pub holder: &'a str,
    pub now: Timestamp,
    /// The end of the lease taken.
    pub until: Timestamp,
    /// Games that ended before this are not mined.
    pub ended_after: Timestamp,
    /// The start of the day (UTC) whose claims count toward a server's cap.
    pub day_start: Timestamp,
    /// Claims per server and day.
    pub daily_cap: u32,
    /// Claims per game, at most.
    pub max_attempts: u32,
}

/// The advisory lock every claim takes on PostgreSQL (see [`lock_limits`]): no Discord id is
/// this small, since a snowflake's top bits count milliseconds since 2015.
const MINING_CLAIMS: u64 = 1;

/// The claim, up to the end of its candidate's `SELECT` (where PostgreSQL adds its locking
/// clause); the re-check of the outer `WHERE` keeps a row another claim took meanwhile. `$1`
/// the holder, `$2` now, `$3` the lease's end, `$4` the oldest end mined, `$5` the day's
/// start, `$6` the daily cap, `$7` the most attempts.
const CLAIM_MINING: &str = "UPDATE puzzle_mining
     SET holder = $1, lease_until = $3, claimed_at = $2, attempts = attempts + 1
     WHERE done_at IS NULL AND coalesce(lease_until, 0) <= $2
       AND game_id = (
         SELECT w.game_id FROM puzzle_mining w
         WHERE w.done_at IS NULL AND w.ended_at > $4 AND coalesce(w.lease_until, 0) <= $2
           AND w.attempts < $7
           AND w.guild_id NOT IN (
             SELECT c.guild_id FROM puzzle_mining c WHERE c.claimed_at >= $5
             GROUP BY c.guild_id HAVING count(*) >= $6)
         ORDER BY w.ended_at DESC
         LIMIT 1";

/// Takes the newest waiting game (never claimed, or under a lapsed lease) that ended after
/// `claim.ended_after`, of a server with fewer than `claim.daily_cap` claims since
/// `claim.day_start`, for `claim.holder` until `claim.until`. Returns the game and its server.
pub(crate) async fn claim_mining(
    conn: &mut Conn,
    claim: &MiningClaim<'_>,
) -> Result<Option<(GameId, GuildId)>, sqlx::Error> {
    // On PostgreSQL claims take turns, so that each counts the day's claims with the ones
    // before it committed (else two at once could both take a server's last game of the day);
    // and the candidate row is locked, one locked by another claim skipped.
    lock_limits(conn, &[MINING_CLAIMS]).await?;
    let sql = match Backend::of(conn) {
        Backend::Sqlite => {
            sqlx::AssertSqlSafe(format!("{CLAIM_MINING}) RETURNING game_id, guild_id"))
        }
        Backend::Postgres => sqlx::AssertSqlSafe(format!(
            "{CLAIM_MINING} FOR UPDATE OF w SKIP LOCKED) RETURNING game_id, guild_id"
        )),
    };
    let row: Option<(i64, i64)> = sqlx::query_as(sql)
        .bind(claim.holder)
        .bind(claim.now.as_millis())
        .bind(claim.until.as_millis())
        .bind(claim.ended_after.as_millis())
        .bind(claim.day_start.as_millis())
        .bind(i64::from(claim.daily_cap))
        .bind(i64::from(claim.max_attempts))
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|(game, guild)| (GameId(game), GuildId(from_db(guild)))))
}

/// Marks the mining of `game` failed, with `error`: it is not tried again.
pub(crate) async fn fail_mining(
    conn: &mut Conn,
    game: GameId,
    error: &str,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE puzzle_mining SET done_at = $1, error = $2, holder = NULL, lease_until = NULL
         WHERE game_id = $3 AND done_at IS NULL",
    )
    .bind(now.as_millis())
    .bind(error)
    .bind(game.0)
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks the mining of `game` done with `found` puzzles; `false` when `holder` no longer
/// holds it.
pub(crate) async fn finish_mining(
    conn: &mut Conn,
    game: GameId,
    holder: &str,
    found: u32,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let updated = sqlx::query(
        "UPDATE puzzle_mining SET done_at = $1, found = $2, holder = NULL, lease_until = NULL
         WHERE game_id = $3 AND holder = $4 AND done_at IS NULL",
    )
    .bind(now.as_millis())
    .bind(i64::from(found))
    .bind(game.0)
    .bind(holder)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::plan_of;

    #[tokio::test]
    async fn the_claim_walks_the_waiting_games_and_the_days_claims_by_index() {
        let sql = format!("{CLAIM_MINING}) RETURNING game_id");
        let steps = plan_of(&sql, &[1, 2, 3, 4, 5, 6, 7]).await;
        let has = |what: &str| steps.iter().any(|s| s.contains(what));
        assert!(
            has("SEARCH w USING INDEX puzzle_mining_waiting (ended_at>?)"),
            "{steps:?}"
        );
        assert!(
            has("SEARCH c USING COVERING INDEX puzzle_mining_claims (claimed_at>?)"),
            "{steps:?}"
        );
        assert!(!has("SCAN w") && !has("SCAN c"), "{steps:?}");
    }
}
