//! The store: every SQL statement of the service lives in this module, in functions that take
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
//! let pool = dama_service::connect(&url).await?;
//! let tables: i64 = sqlx::query_scalar("SELECT count(*) FROM sqlite_master WHERE name = 'games'")
//!     .fetch_one(&pool)
//!     .await?;
//! assert_eq!(tables, 1);
//! # Ok(())
//! # }
//! ```
//!
//! Durability: on SQLite the journal is WAL with `synchronous = NORMAL`, so a committed
//! transaction survives the process being killed at any moment (it may be lost only if the whole
//! machine loses power before the next checkpoint).

/// SQL for the name shown for user `$user` in scope `$scope` (two SQL expressions, the scope
/// as [`scope`] makes it): the name last seen in that place, else the player's global name
/// (`players.display_name`, see [`Player::global_name`](crate::model::Player::global_name)),
/// never a nickname from another server. The one home of that rule: every query that shows a
/// name uses it. Two primary-key lookups.
macro_rules! name_in {
    ($user:literal, $scope:literal) => {
        concat!(
            "coalesce((SELECT here.display_name FROM member_names here WHERE here.scope = ",
            $scope,
            " AND here.user_id = ",
            $user,
            "), (SELECT player.display_name FROM players player WHERE player.user_id = ",
            $user,
            "))"
        )
    };
}

mod activity;
mod arenas;
mod backlog;
mod challenges;
mod champions;
mod conditional;
mod deadlines;
mod game_row;
mod games;
mod instances;
mod languages;
mod leases;
mod liveness;
mod members;
mod mining;
mod operator;
mod outbox;
mod players;
mod profiles;
mod puzzles;
mod ratings;
mod reviews;
mod scheduled_events;
mod seasons;
mod servers;
mod sightings;
mod tournaments;
mod web;

use std::sync::{Arc, PoisonError};
use std::time::{Duration, Instant};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyTypeInfo, AnyTypeInfoKind, AnyValueRef};
use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateDatabase, MigrateError, Migrator};
use sqlx::{Any, Connection, Decode, Executor, Type};
use thiserror::Error;

pub(crate) use activity::*;
pub(crate) use arenas::*;
pub(crate) use backlog::*;
pub(crate) use challenges::*;
pub(crate) use champions::*;
pub(crate) use conditional::*;
pub(crate) use deadlines::*;
pub(crate) use game_row::{GameRecord, GameState, MoveRecord, decode_result};
pub(crate) use games::*;
pub(crate) use instances::*;
pub(crate) use languages::Spoken;
pub(crate) use languages::*;
pub(crate) use leases::*;
pub(crate) use liveness::*;
pub(crate) use members::*;
pub(crate) use mining::*;
pub use operator::{
    DatabaseReport, OperatorError, Restored, backup, inspect, probe_directory, restore,
};
pub(crate) use outbox::*;
pub(crate) use players::*;
pub(crate) use profiles::*;
pub(crate) use puzzles::*;
pub(crate) use ratings::*;
pub(crate) use reviews::*;
pub(crate) use scheduled_events::*;
pub(crate) use seasons::*;
pub(crate) use servers::*;
pub(crate) use sightings::*;
pub(crate) use tournaments::*;
pub(crate) use web::*;

use crate::clock::Timestamp;
use crate::ids::GuildId;

/// The database used when the configuration names none (`DATABASE_URL` unset): `dama.db` in the
/// working directory, created and migrated on start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://dama.db";

/// How long a statement waits for another connection's write lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections in a SQLite pool: SQLite has one writer at a time, but WAL lets readers run
/// beside it.
const SQLITE_CONNECTIONS: u32 = 4;

/// Connections in a PostgreSQL pool: each instance's writers run side by side, each holding
/// the rows it changes. More is slower on a small machine: with 16 connections an instance, two
/// instances and the database on 2 cores answered 200 games with a p99 of 45 ms and 2.3 ms of
/// the server's CPU a move; with 8, 12–24 ms and 1.4–1.8 ms (the load benchmark).
const POSTGRES_CONNECTIONS: u32 = 8;

/// How long a PostgreSQL connection is waited for (a free one in the pool, or a new one while
/// the server restarts, refusing connections or answering that it is starting up) before the
/// request fails: long enough to ride out a restart (back in about 90 ms here) or a failover's
/// switch, short enough that with the server gone a member is still answered within Discord's
/// three seconds (an interaction reads the member's languages, then acts: two waits).
const POSTGRES_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long the ping of a pooled PostgreSQL connection before its use may take: a connection
/// whose server vanished without closing it (a failover, a cut network) does not answer, and is
/// closed after this instead of holding the request until TCP gives up.
const POSTGRES_PING_TIMEOUT: Duration = Duration::from_millis(500);

/// The SQLite migrations in the repository's `migrations/`, embedded at build time.
pub static MIGRATOR: Migrator = sqlx::migrate!("../migrations");

/// The PostgreSQL migrations in `migrations/postgres/`, embedded at build time.
pub static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("../migrations/postgres");

/// The pool the service runs on: SQLite or PostgreSQL behind sqlx's `Any` driver, so that one
/// text of each statement serves both.
pub type Pool = sqlx::AnyPool;

/// A connection to run single statements on.
pub(crate) type Conn = sqlx::AnyConnection;

/// A transaction on either database.
pub(crate) type Transaction = sqlx::Transaction<'static, Any>;

/// Which database a URL or a connection leads to. Almost every statement is written once for
/// both; the few that differ (locking, a JSON array read as rows) ask this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file: `sqlite://path`, `sqlite:path` or a plain path.
    Sqlite,
    /// A PostgreSQL server: `postgres://…` or `postgresql://…`.
    Postgres,
}

impl Backend {
    /// The backend a `DATABASE_URL` names.
    pub fn of_url(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }

    /// The backend of a pool.
    pub fn of_pool(pool: &Pool) -> Backend {
        Backend::of_url(pool.connect_options().database_url.as_str())
    }

    /// The backend of an open connection.
    pub(crate) fn of(conn: &Conn) -> Backend {
        if conn.backend_name() == "PostgreSQL" {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// Why the database could not be opened.
#[derive(Debug, Error)]
pub enum ConnectError {
    /// The URL names no database this build can open, or the database cannot be reached.
    #[error("cannot open the database: {0}")]
    Open(#[source] sqlx::Error),
    /// A migration failed (or the database has migrations this build does not know).
    #[error("cannot migrate the database: {0}")]
    Migrate(#[source] MigrateError),
}

/// Opens the database at `url` and runs its pending migrations.
///
/// - SQLite (`sqlite://path`, `sqlite:path` or a plain path): the file is created if missing,
///   readable and writable by its owner alone (it holds the sessions' key), with WAL
///   journaling, foreign keys on and a busy timeout.
/// - PostgreSQL (`postgres://…`): the database is created if missing (when the role may), and
///   its tables by the migrations in `migrations/postgres/`.
///
/// Then every game still without a web link's token (made before links existed) is given one,
/// so that reads never write one.
pub async fn connect(url: &str) -> Result<Pool, ConnectError> {
    sqlx::any::install_default_drivers();
    let (pool, migrator) = match Backend::of_url(url) {
        Backend::Sqlite => {
            let pool = connect_sqlite(url).await?;
            record_done_migrations(&pool)
                .await
                .map_err(ConnectError::Migrate)?;
            (pool, &MIGRATOR)
        }
        Backend::Postgres => (connect_postgres(url).await?, &POSTGRES_MIGRATOR),
    };
    migrator.run(&pool).await.map_err(ConnectError::Migrate)?;
    let given = give_missing_web_tokens(&pool)
        .await
        .map_err(ConnectError::Open)?;
    if given > 0 {
        tracing::info!(
            games = given,
            "gave the games made before web links their tokens"
        );
    }
    Ok(pool)
}

/// The SQLite migrations that run outside a transaction (`-- no-transaction`: 0007 turns
/// foreign keys off around a table rebuild, which a transaction cannot), each with a table that
/// only its own transaction creates, so that the table exists exactly when that transaction
/// committed.
///
/// sqlx records a migration (its row in `_sqlx_migrations`) after running it; for a transacted
/// migration both are one transaction, for these they are not. A process that dies between
/// the two leaves the migration done but unrecorded, and running it again on the next start
/// fails (0007 adds a column that is there already). The migration's file cannot be made to
/// tolerate a second run instead: sqlx refuses to start a database whose recorded checksum of
/// an applied migration differs from its file's ("previously applied but has been modified"),
/// which every database that applied 0007 would be.
const UNTRANSACTED_MIGRATIONS: [(i64, &str); 1] = [(7, "servers")];

/// Records, without running it again, each migration of [`UNTRANSACTED_MIGRATIONS`] that the
/// database holds done but not recorded (see there), as sqlx records a migration it skips.
async fn record_done_migrations(pool: &Pool) -> Result<(), MigrateError> {
    let mut conn = pool.acquire().await?;
    let table_exists = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = $1";
    let tracked: i64 = sqlx::query_scalar(table_exists)
        .bind("_sqlx_migrations")
        .fetch_one(&mut *conn)
        .await?;
    if tracked == 0 {
        return Ok(());
    }
    for (version, made) in UNTRANSACTED_MIGRATIONS {
        let recorded: i64 =
            sqlx::query_scalar("SELECT count(*) FROM _sqlx_migrations WHERE version = $1")
                .bind(version)
                .fetch_one(&mut *conn)
                .await?;
        let done: i64 = sqlx::query_scalar(table_exists)
            .bind(made)
            .fetch_one(&mut *conn)
            .await?;
        if recorded == 0 && done == 1 {
            tracing::warn!(
                version,
                "migration {version} is done but was not recorded (the process stopped in \
                 between): recording it without running it again"
            );
            // Migrations run in order: every one before it is recorded, so this records it
            // alone.
            MIGRATOR.skip(pool, Some(version)).await?;
        }
    }
    Ok(())
}

async fn connect_sqlite(url: &str) -> Result<Pool, ConnectError> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    let file = operator::sqlite_path(url);
    let in_memory = path.starts_with(":memory:") || path.contains("mode=memory");
    if !in_memory && !file.as_os_str().is_empty() {
        // Created here when missing, private, before SQLite creates it with the umask's mode
        // (its journal and WAL files take the database file's mode).
        operator::create_private(&file).map_err(|e| ConnectError::Open(sqlx::Error::Io(e)))?;
    }
    let separator = if path.contains('?') { '&' } else { '?' };
    // `mode=rwc` creates the file when it is missing.
    let options: AnyConnectOptions = format!("sqlite://{path}{separator}mode=rwc")
        .parse()
        .map_err(ConnectError::Open)?;
    sqlite_pool(SQLITE_CONNECTIONS)
        .connect_with(options)
        .await
        .map_err(ConnectError::Open)
}

/// The options of a SQLite pool of `connections`.
fn sqlite_pool(connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(connections)
        // A local file needs no liveness ping before each use (it would cost a round trip to
        // the connection's worker thread on every query).
        .test_before_acquire(false)
        .after_connect(|conn, _| {
            Box::pin(async move {
                // In WAL mode `synchronous = NORMAL` is safe against process crashes and avoids
                // an fsync per commit. Foreign keys are on by sqlx's default.
                let pragmas = format!(
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                     PRAGMA foreign_keys = ON; PRAGMA busy_timeout = {};",
                    BUSY_TIMEOUT.as_millis()
                );
                conn.execute(sqlx::AssertSqlSafe(pragmas)).await?;
                Ok(())
            })
        })
}

/// The pool to write through, beside `pool` (the one to read from): on SQLite a pool of one
/// connection to the same file, opened when first used. SQLite has one writer at a time
/// anyway; writing always through the same connection keeps its page cache valid from one
/// transaction to the next, where a write through any of the pool's connections in turn
/// makes the next one read the pages it needs again (a profile of the load benchmark found
/// half the bot's CPU in SQLite's threads, most of it refilling caches and in the kernel). On
/// PostgreSQL, `pool` itself.
#[must_use]
pub(crate) fn writer_pool(pool: &Pool) -> Pool {
    match Backend::of_pool(pool) {
        Backend::Sqlite => sqlite_pool(1).connect_lazy_with((*pool.connect_options()).clone()),
        Backend::Postgres => pool.clone(),
    }
}

async fn connect_postgres(url: &str) -> Result<Pool, ConnectError> {
    // A missing database is created, as a missing SQLite file is, when the role may create
    // one; otherwise connecting below says what is wrong.
    if let Ok(false) = sqlx::Postgres::database_exists(url).await {
        sqlx::Postgres::create_database(url)
            .await
            .map_err(ConnectError::Open)?;
    }
    let options: AnyConnectOptions = url.parse().map_err(ConnectError::Open)?;
    postgres_pool()
        .connect_with(options)
        .await
        .map_err(ConnectError::Open)
}

/// The options of a PostgreSQL pool.
///
/// Every pooled connection is pinged before it is handed out: a restart of the server (or a
/// failover) cuts every connection the pool holds, and the server's notice of it waits unread
/// in each until it is used. Unpinged, the next request on each would fail, where pinged, a cut
/// connection is closed and a new one opened (waiting, up to [`POSTGRES_ACQUIRE_TIMEOUT`], for
/// a restarting server to accept it). The ping costs one round trip each time a connection is
/// taken from the pool: 0.17 ms on 127.0.0.1 beside 3.3 ms for a whole move (`benches/reconnect.rs`).
///
/// A failover that leaves the old connections open but silent costs a ping's time limit
/// ([`POSTGRES_PING_TIMEOUT`]) to find out, once: the connections opened before a ping went
/// unanswered are presumed cut by the same event (see [`Silence`]) and closed unpinged.
fn postgres_pool() -> AnyPoolOptions {
    let silence = Arc::new(Silence::default());
    AnyPoolOptions::new()
        .max_connections(POSTGRES_CONNECTIONS)
        .acquire_timeout(POSTGRES_ACQUIRE_TIMEOUT)
        // Pinged below, within a time limit, instead.
        .test_before_acquire(false)
        .before_acquire(move |conn, meta| {
            let silence = Arc::clone(&silence);
            Box::pin(async move {
                let now = Instant::now();
                if silence.outlived(now.checked_sub(meta.age)) {
                    return Ok(false);
                }
                match tokio::time::timeout(POSTGRES_PING_TIMEOUT, conn.ping()).await {
                    Ok(answered) => answered?,
                    Err(_) => {
                        silence.heard_at(now);
                        return Err(sqlx::Error::Io(std::io::Error::new(
                            std::io::ErrorKind::TimedOut,
                            "no answer to the ping",
                        )));
                    }
                }
                Ok(true)
            })
        })
}

/// When a pooled connection last failed to answer its ping in time: the server vanished
/// without closing it (a failover, a cut network), and every connection opened before then is
/// presumed gone with it, closed without waiting on a ping of its own.
#[derive(Debug, Default)]
struct Silence {
    since: std::sync::Mutex<Option<Instant>>,
}

impl Silence {
    /// A ping sent at `at` went unanswered.
    fn heard_at(&self, at: Instant) {
        let mut since = self.since.lock().unwrap_or_else(PoisonError::into_inner);
        *since = Some(since.map_or(at, |earlier| earlier.max(at)));
    }

    /// Whether a connection opened at `opened` (unknown: long ago) dates from before the last
    /// unanswered ping.
    fn outlived(&self, opened: Option<Instant>) -> bool {
        let since = *self.since.lock().unwrap_or_else(PoisonError::into_inner);
        match (since, opened) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(silent), Some(opened)) => opened < silent,
        }
    }
}

/// Whether `e` says the connection to the database was lost: cut (an I/O error), or ended by
/// the server as it stops or restarts (SQLSTATE class 08, `57P01` admin shutdown, `57P02`
/// crash shutdown, `57P03` not accepting connections yet). A request that failed so may be
/// tried again on a new connection, if what it sent cannot have committed (see
/// [`not_committed`]).
pub(crate) fn connection_lost(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| ended_by_server(&code)),
        _ => false,
    }
}

/// Whether `e`, a lost connection, is the server's own answer to what was sent (not an I/O
/// error): a server that answers a statement (even `COMMIT`) with an error did not commit it.
/// After an I/O error nobody knows: the statement may have committed and only its answer been
/// lost.
pub(crate) fn not_committed(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.code().is_some_and(|code| ended_by_server(&code)))
}

/// SQLSTATEs of a session the server ended or would not start.
fn ended_by_server(code: &str) -> bool {
    code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03")
}

/// Starts a write transaction.
///
/// On SQLite it holds the write lock from its first statement, so that reads inside it cannot
/// go stale before its writes (and a busy database is waited for at `BEGIN`, under the busy
/// timeout, instead of failing at the first write). On PostgreSQL it is a plain `READ
/// COMMITTED` transaction: the statements that read what they then change lock those rows
/// (`FOR UPDATE`, see [`lock_rows`]).
pub(crate) async fn begin_write(pool: &Pool) -> Result<Transaction, sqlx::Error> {
    match Backend::of_pool(pool) {
        Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => pool.begin().await,
    }
}

/// Starts a read transaction whose statements all read one snapshot: SQLite's deferred
/// transaction does (its snapshot is taken at the first read and kept); on PostgreSQL the
/// default `READ COMMITTED` takes one per statement, so the transaction is `REPEATABLE READ`.
pub(crate) async fn begin_snapshot(pool: &Pool) -> Result<Transaction, sqlx::Error> {
    match Backend::of_pool(pool) {
        Backend::Sqlite => pool.begin().await,
        Backend::Postgres => {
            pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .await
        }
    }
}

/// Runs `select`, a `SELECT … FOR UPDATE` over integer keys `keys`, on PostgreSQL, where it
/// locks the rows it reads until the transaction ends, so that a read-then-write of other
/// transactions on them waits for this one. On SQLite it does nothing: a write transaction
/// holds the whole database already.
pub(crate) async fn lock(
    conn: &mut Conn,
    select: &'static str,
    keys: &[i64],
) -> Result<(), sqlx::Error> {
    if Backend::of(conn) == Backend::Sqlite {
        return Ok(());
    }
    let mut query = sqlx::query(select);
    for key in keys {
        query = query.bind(*key);
    }
    query.execute(conn).await?;
    Ok(())
}

/// Takes, on PostgreSQL, the transaction's advisory lock on each of `keys`, the Discord ids of
/// the members and servers whose limits it counts, held until it ends: another transaction
/// counting the same member's (or server's) rows waits there until this one has committed what
/// it adds, so that the count and the insert after it are exact across instances, as SQLite's
/// single writer makes them. Take it before counting, and before any row lock of the
/// transaction but a tournament's (see `lock_tournament`).
///
/// Keys are taken in increasing order, so that two transactions sharing some never wait for
/// each other in a circle. Discord ids are unique across members and servers, so one key space
/// serves both. On SQLite it does nothing: a write transaction holds the whole database already.
pub(crate) async fn lock_limits(conn: &mut Conn, keys: &[u64]) -> Result<(), sqlx::Error> {
    if Backend::of(conn) == Backend::Sqlite {
        return Ok(());
    }
    let mut keys = keys.to_vec();
    keys.sort_unstable();
    keys.dedup();
    for key in keys {
        // Selected inside a count: the function returns `void`, a type the `Any` driver
        // cannot read.
        sqlx::query("SELECT count(*) FROM (SELECT pg_advisory_xact_lock($1)) AS held")
            .bind(to_db(key))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A boolean column: `BOOLEAN` in PostgreSQL, 0 or 1 in SQLite. Reads either.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Flag(pub bool);

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0
    }
}

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <bool as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        matches!(
            ty.kind(),
            AnyTypeInfoKind::Bool
                | AnyTypeInfoKind::SmallInt
                | AnyTypeInfoKind::Integer
                | AnyTypeInfoKind::BigInt
        )
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: AnyValueRef<'r>) -> Result<Flag, BoxDynError> {
        match <bool as Decode<Any>>::decode(value.clone()) {
            Ok(b) => Ok(Flag(b)),
            Err(_) => Ok(Flag(<i64 as Decode<Any>>::decode(value)? != 0)),
        }
    }
}

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

/// The steps of SQLite's plan for `sql`, its parameters bound to `binds`, on a fresh database:
/// for the tests that check a statement reads through the index meant for it.
#[cfg(test)]
pub(crate) async fn plan_of(sql: &str, binds: &[i64]) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = dir.path().join("plan.db").display().to_string();
    let pool = connect(&url).await.expect("database");
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(format!("EXPLAIN QUERY PLAN {sql}")));
    for value in binds {
        query = query.bind(*value);
    }
    let plan: Vec<(i64, i64, i64, String)> = query.fetch_all(&pool).await.expect("plan");
    plan.into_iter().map(|(.., detail)| detail).collect()
}

#[cfg(test)]
mod tests {
    use super::{Silence, connection_lost, not_committed};
    use std::time::{Duration, Instant};

    #[test]
    fn after_an_unanswered_ping_only_the_connections_opened_since_are_trusted() {
        let silence = Silence::default();
        let start = Instant::now();
        let (old, new) = (start, start + Duration::from_secs(2));
        assert!(!silence.outlived(Some(old)), "nothing went silent yet");
        silence.heard_at(start + Duration::from_secs(1));
        assert!(silence.outlived(Some(old)));
        assert!(silence.outlived(None), "an age past reckoning is old");
        assert!(!silence.outlived(Some(new)));
        // A late report of an earlier silence does not bring it back.
        silence.heard_at(start);
        assert!(!silence.outlived(Some(new)));
    }
    use sqlx::Connection;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_session_the_server_ended_is_a_lost_connection_that_committed_nothing() {
        if dama_test_postgres::skip() {
            return;
        }
        let server = dama_test_postgres::Server::shared().expect("a throwaway server");
        let url = server.fresh_database().expect("a database");
        sqlx::any::install_default_drivers();
        let mut conn = sqlx::AnyConnection::connect(&url)
            .await
            .expect("a connection");
        let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
            .fetch_one(&mut conn)
            .await
            .expect("its server process");
        // As a restart does to every session: ended by the server (57P01), waited for until
        // its process is gone.
        server
            .execute(
                "postgres",
                &format!("SELECT pg_terminate_backend({pid}, 10000)"),
            )
            .expect("the session ended");
        let e = sqlx::query("SELECT 1")
            .execute(&mut conn)
            .await
            .expect_err("the session was ended");
        assert!(connection_lost(&e), "{e:?}");
        assert!(not_committed(&e), "{e:?}");
    }

    #[test]
    fn a_cut_connection_is_lost_and_what_it_sent_may_have_committed() {
        let e = sqlx::Error::Io(std::io::ErrorKind::ConnectionReset.into());
        assert!(connection_lost(&e));
        assert!(!not_committed(&e), "its answer may be what was lost");
    }

    #[test]
    fn a_pool_that_timed_out_or_a_missing_row_is_no_lost_connection() {
        for e in [sqlx::Error::PoolTimedOut, sqlx::Error::RowNotFound] {
            assert!(!connection_lost(&e), "{e:?}");
            assert!(!not_committed(&e), "{e:?}");
        }
    }
}
