//! The SQLite store: every SQL statement of the bot lives in this module, in functions that take
//! a connection (a pooled one or a transaction's). The service decides; the store reads and
//! writes.
//!
//! [`connect`] opens (creating if missing) and migrates the database:
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let url = format!("sqlite://{}", dir.path().join("dama.db").display());
//! let pool = dama_service::store::connect(&url).await?;
//! let tables: i64 = sqlx::query_scalar("SELECT count(*) FROM sqlite_master WHERE name = 'games'")
//!     .fetch_one(&pool)
//!     .await?;
//! assert_eq!(tables, 1);
//! # Ok(())
//! # }
//! ```
//!
//! Durability: the journal is WAL with `synchronous = NORMAL`, so a committed transaction
//! survives the process being killed at any moment (it may be lost only if the whole machine
//! loses power before the next checkpoint).

/// SQL for the name shown for user `$user` in scope `$scope` (two SQL expressions, the scope
/// as [`scope`] makes it): the name last seen in that place, else the name last seen anywhere.
/// The one home of that rule: every query that shows a name uses it. Two primary-key lookups.
macro_rules! name_in {
    ($user:literal, $scope:literal) => {
        concat!(
            "coalesce((SELECT here.display_name FROM member_names here WHERE here.scope = ",
            $scope,
            " AND here.user_id = ",
            $user,
            "), (SELECT anywhere.display_name FROM players anywhere WHERE anywhere.user_id = ",
            $user,
            "))"
        )
    };
}

mod challenges;
mod games;
mod languages;
mod leases;
mod liveness;
mod outbox;
mod players;
mod ratings;
mod reviews;
mod seasons;
mod servers;
mod tournaments;

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{SqliteConnection, SqlitePool};
use thiserror::Error;

pub(crate) use challenges::*;
pub(crate) use games::*;
pub use languages::Spoken;
pub(crate) use languages::*;
pub(crate) use leases::*;
pub(crate) use liveness::*;
pub(crate) use outbox::*;
pub(crate) use players::*;
pub(crate) use ratings::*;
pub(crate) use reviews::*;
pub(crate) use seasons::*;
pub(crate) use servers::*;
pub(crate) use tournaments::*;

use crate::clock::Timestamp;
use crate::ids::GuildId;

/// The database used when the configuration names none (`DATABASE_URL` unset): `dama.db` in the
/// working directory, created and migrated on start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://dama.db";

/// How long a statement waits for another connection's write lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections in the pool: SQLite has one writer at a time, but WAL lets readers run beside it.
const MAX_CONNECTIONS: u32 = 4;

/// The migrations in the repository's `migrations/`, embedded at build time.
pub static MIGRATOR: Migrator = sqlx::migrate!("../../migrations");

/// Why the database could not be opened.
#[derive(Debug, Error)]
pub enum ConnectError {
    /// The URL is not a SQLite URL or path, or the file cannot be opened.
    #[error("cannot open the database: {0}")]
    Open(#[source] sqlx::Error),
    /// A migration failed (or the database has migrations this build does not know).
    #[error("cannot migrate the database: {0}")]
    Migrate(#[source] MigrateError),
}

/// Opens the SQLite database at `url` (`sqlite://path`, `sqlite:path` or a plain path),
/// creating the file if missing, with WAL journaling, foreign keys on and a busy timeout, and
/// runs the pending migrations.
pub async fn connect(url: &str) -> Result<SqlitePool, ConnectError> {
    let options = SqliteConnectOptions::from_str(url)
        .map_err(ConnectError::Open)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        // In WAL mode NORMAL is safe against process crashes and avoids an fsync per commit.
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(BUSY_TIMEOUT);
    let pool = SqlitePoolOptions::new()
        .max_connections(MAX_CONNECTIONS)
        // A local file needs no liveness ping before each use (it would cost a round trip to
        // the connection's worker thread on every query).
        .test_before_acquire(false)
        .connect_with(options)
        .await
        .map_err(ConnectError::Open)?;
    MIGRATOR.run(&pool).await.map_err(ConnectError::Migrate)?;
    Ok(pool)
}

/// Starts a write transaction that holds the write lock from its first statement, so that
/// reads inside it cannot go stale before its writes (and a busy database is waited for at
/// `BEGIN`, under the busy timeout, instead of failing at the first write).
pub(crate) async fn begin_write(
    pool: &SqlitePool,
) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, sqlx::Error> {
    pool.begin_with("BEGIN IMMEDIATE").await
}

/// A connection to run single statements on.
pub(crate) type Conn = SqliteConnection;

/// Snowflakes are u64; SQLite integers are i64: store the same 64 bits.
pub(crate) const fn to_db(id: u64) -> i64 {
    id as i64
}

/// The inverse of [`to_db`].
pub(crate) const fn from_db(id: i64) -> u64 {
    id as u64
}

/// The rating scope of a guild: its id, or 0 for games in DMs (a snowflake is never 0).
pub(crate) fn scope(guild: Option<GuildId>) -> i64 {
    guild.map_or(0, |g| to_db(g.0))
}

fn time(millis: i64) -> Timestamp {
    Timestamp::from_millis(millis)
}

/// A stored value the code cannot read: the database was changed by hand or by a newer build.
fn corrupt(what: impl Into<String>) -> sqlx::Error {
    sqlx::Error::Decode(what.into().into())
}
