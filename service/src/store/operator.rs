//! What an operator asks of the database outside the bot's own work: how it stands (for
//! `dama-bot check`, without changing it), a consistent copy of a SQLite file taken while the
//! bot runs (`dama-bot backup`), and that copy put back while the bot is stopped
//! (`dama-bot restore`).

use std::path::{Path, PathBuf};

use sqlx::any::AnyConnectOptions;
use sqlx::migrate::{MigrateDatabase, Migrator};
use sqlx::{AnyConnection, Connection};
use thiserror::Error;

use super::{Backend, MIGRATOR, POSTGRES_MIGRATOR};

/// How a database stands, read without changing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseReport {
    /// SQLite or PostgreSQL.
    pub backend: Backend,
    /// Whether the file or the database exists yet (the bot creates it on start otherwise).
    pub exists: bool,
    /// Migrations this build knows that the database has applied.
    pub applied: usize,
    /// Migrations this build knows: those not applied run when the bot starts.
    pub known: usize,
    /// Migrations the database has applied that this build does not know (a newer build wrote
    /// to it): the bot refuses to start on it.
    pub unknown: Vec<i64>,
    /// Why the bot could not create the database, or write to it, when it starts: a folder or
    /// file it may not write, a PostgreSQL role that may not create the missing database or
    /// the tables. `None` when nothing stands in the way (or it could not be told).
    pub cannot_write: Option<String>,
}

impl DatabaseReport {
    /// Migrations the next start runs.
    #[must_use]
    pub fn pending(&self) -> usize {
        self.known - self.applied
    }
}

/// Why the database could not be inspected or copied.
#[derive(Debug, Error)]
pub enum OperatorError {
    /// The SQLite file's directory does not exist, so the bot could not create the file.
    #[error("the directory {0} does not exist, so the database file cannot be created there")]
    NoDirectory(PathBuf),
    /// The database cannot be opened or read.
    #[error("cannot read the database: {0}")]
    Open(#[source] sqlx::Error),
    /// `backup` was asked of a SQLite file that does not exist.
    #[error("there is no database at {0} to copy")]
    Missing(PathBuf),
    /// `backup` would overwrite a file.
    #[error("{0} exists already: name a new file, so that no earlier backup is overwritten")]
    Exists(PathBuf),
    /// `backup` of a PostgreSQL database: `pg_dump` does it.
    #[error(
        "a PostgreSQL database is copied with PostgreSQL's own tool, not by the bot: \
         pg_dump --format=custom --file={0} \"$DATABASE_URL\""
    )]
    Postgres(String),
    /// `restore` was asked of a PostgreSQL database: `pg_restore` does it.
    #[error(
        "a PostgreSQL database is restored with PostgreSQL's own tool, not by the bot: stop \
         every instance, then pg_restore --clean --if-exists --no-owner \
         --dbname=\"$DATABASE_URL\" {0}"
    )]
    PostgresRestore(String),
    /// `restore` while the database is open (its write-ahead log is there).
    #[error(
        "{0} is in use (its write-ahead log {0}-wal is there): stop the bot first; if it \
         stopped by a crash, start it and stop it once so that it tidies its log"
    )]
    InUse(PathBuf),
    /// `restore` from a copy a newer build wrote.
    #[error(
        "{path} has migrations this build does not know ({unknown:?}): restore it with the \
         version of dama that wrote it"
    )]
    Newer {
        /// The copy.
        path: PathBuf,
        /// Its migrations this build does not know.
        unknown: Vec<i64>,
    },
    /// A file could not be moved or written.
    #[error("cannot write {path}: {error}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The copy was made but does not read back as a sound database.
    #[error("the copy at {path} failed SQLite's integrity check: {said}")]
    Damaged {
        /// The copy.
        path: PathBuf,
        /// What the check said.
        said: String,
    },
}

/// The file of a SQLite `DATABASE_URL` (`sqlite://path`, `sqlite:path` or a plain path),
/// without its parameters.
pub(crate) fn sqlite_path(url: &str) -> PathBuf {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    PathBuf::from(path.split('?').next().unwrap_or(path))
}

/// Creates the empty file `path` readable and writable by its owner alone (mode 0600, whatever
/// the process's umask), unless it exists: a database holds the sessions' key and every
/// member's games, and so does a copy of it. Whether it was created.
pub(crate) fn create_private(path: &Path) -> std::io::Result<bool> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(_) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// Whether this process may create files in `dir`: a file made there and removed at once says
/// so (the folder's mode alone does not: its owner, a read-only mount and the like decide too).
///
/// # Errors
/// What the system said when the file could not be made.
pub fn probe_directory(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(format!(".dama-check-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    std::fs::remove_file(&probe)
}

/// The folder a file's path is in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// Why the bot could not create or write the SQLite file at `path` (in an existing folder).
fn sqlite_cannot_write(path: &Path) -> Option<String> {
    let dir = folder_of(path);
    if let Err(e) = probe_directory(&dir) {
        let what = if path.exists() {
            "its write-ahead log beside the database"
        } else {
            "the database"
        };
        return Some(format!(
            "the folder {} cannot be written ({e}), so the bot cannot create {what} there",
            dir.display()
        ));
    }
    if path.exists()
        && let Err(e) = std::fs::OpenOptions::new().write(true).open(path)
    {
        return Some(format!("{} cannot be written: {e}", path.display()));
    }
    None
}

/// Whether the role of the PostgreSQL `url` may create a database (`None`: it could not be
/// told, the server's `postgres` database being out of reach).
async fn postgres_may_create_database(url: &str) -> Option<bool> {
    use std::str::FromStr;
    let options = sqlx::postgres::PgConnectOptions::from_str(url)
        .ok()?
        .database("postgres");
    let mut conn = sqlx::PgConnection::connect_with(&options).await.ok()?;
    let may: Option<bool> = sqlx::query_scalar(
        "SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user",
    )
    .fetch_optional(&mut conn)
    .await
    .ok()?;
    let _ = conn.close().await;
    may
}

/// A read-only connection to the SQLite file at `path`.
async fn open_read_only(path: &Path) -> Result<AnyConnection, OperatorError> {
    sqlx::any::install_default_drivers();
    let options: AnyConnectOptions = format!("sqlite://{}?mode=ro", path.display())
        .parse()
        .map_err(OperatorError::Open)?;
    AnyConnection::connect_with(&options)
        .await
        .map_err(OperatorError::Open)
}

/// How the database at `url` stands: whether it exists, and its migrations against this
/// build's. Changes nothing: a missing SQLite file is not created, nor a missing PostgreSQL
/// database.
///
/// # Errors
/// When the database cannot be reached or read, or a SQLite file could not be created where
/// the URL says.
pub async fn inspect(url: &str) -> Result<DatabaseReport, OperatorError> {
    let backend = Backend::of_url(url);
    let migrator: &Migrator = match backend {
        Backend::Sqlite => &MIGRATOR,
        Backend::Postgres => &POSTGRES_MIGRATOR,
    };
    let known = migrator.iter().count();
    let mut report = DatabaseReport {
        backend,
        exists: false,
        applied: 0,
        known,
        unknown: Vec::new(),
        cannot_write: None,
    };
    let mut conn = match backend {
        Backend::Sqlite => {
            let path = sqlite_path(url);
            if !path.exists() {
                let dir = folder_of(&path);
                if !dir.is_dir() {
                    return Err(OperatorError::NoDirectory(dir));
                }
                report.cannot_write = sqlite_cannot_write(&path);
                return Ok(report);
            }
            report.cannot_write = sqlite_cannot_write(&path);
            open_read_only(&path).await?
        }
        Backend::Postgres => {
            sqlx::any::install_default_drivers();
            if !sqlx::Postgres::database_exists(url)
                .await
                .map_err(OperatorError::Open)?
            {
                if postgres_may_create_database(url).await == Some(false) {
                    report.cannot_write = Some(
                        "the database does not exist, and its role may not create databases \
                         (no CREATEDB): create it (createdb, or CREATE DATABASE … OWNER the \
                         role) or grant CREATEDB"
                            .to_owned(),
                    );
                }
                return Ok(report);
            }
            let options: AnyConnectOptions = url.parse().map_err(OperatorError::Open)?;
            AnyConnection::connect_with(&options)
                .await
                .map_err(OperatorError::Open)?
        }
    };
    report.exists = true;
    let table = match backend {
        Backend::Sqlite => {
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT count(*) FROM information_schema.tables WHERE table_name = '_sqlx_migrations' \
             AND table_schema = current_schema()"
        }
    };
    let has_table: i64 = sqlx::query_scalar(table)
        .fetch_one(&mut conn)
        .await
        .map_err(OperatorError::Open)?;
    if has_table > 0 {
        let versions: Vec<i64> = sqlx::query_scalar(
            "SELECT version FROM _sqlx_migrations WHERE success ORDER BY version",
        )
        .fetch_all(&mut conn)
        .await
        .map_err(OperatorError::Open)?;
        for version in versions {
            if migrator.iter().any(|m| m.version == version) {
                report.applied += 1;
            } else {
                report.unknown.push(version);
            }
        }
    }
    if backend == Backend::Postgres && report.pending() > 0 {
        let may: bool = sqlx::query_scalar(
            "SELECT has_schema_privilege(current_schema(), 'CREATE') \
             AND has_database_privilege(current_database(), 'CONNECT')",
        )
        .fetch_one(&mut conn)
        .await
        .map_err(OperatorError::Open)?;
        if !may {
            report.cannot_write = Some(
                "its role may not create tables in the schema, so the migrations cannot run: \
                 make the role the database's owner, or GRANT CREATE ON SCHEMA to it"
                    .to_owned(),
            );
        }
    }
    conn.close().await.map_err(OperatorError::Open)?;
    Ok(report)
}

/// Copies the SQLite database at `url` to the new file `to`, consistently while the bot writes
/// to it (SQLite's `VACUUM INTO` reads one snapshot in one read transaction; the copy is
/// compacted and needs no WAL file beside it), then checks the copy's integrity. Returns the
/// copy's size in bytes.
///
/// # Errors
/// For a PostgreSQL URL (with the `pg_dump` line to use instead), when `to` exists, when there is
/// no database, and when the copy cannot be made or fails its check.
pub async fn backup(url: &str, to: &Path) -> Result<u64, OperatorError> {
    if Backend::of_url(url) == Backend::Postgres {
        return Err(OperatorError::Postgres(to.display().to_string()));
    }
    if to.exists() {
        return Err(OperatorError::Exists(to.to_owned()));
    }
    let path = sqlite_path(url);
    if !path.exists() {
        return Err(OperatorError::Missing(path));
    }
    let mut source = open_read_only(&path).await?;
    // Made empty first, private: VACUUM INTO fills an empty file, and would create a missing
    // one with the umask's mode. Made new, so that a file that appeared since is not written.
    match create_private(to) {
        Ok(true) => {}
        Ok(false) => return Err(OperatorError::Exists(to.to_owned())),
        Err(e) => return Err(OperatorError::Open(sqlx::Error::Io(e))),
    }
    sqlx::query("VACUUM INTO $1")
        .bind(to.display().to_string())
        .execute(&mut source)
        .await
        .map_err(OperatorError::Open)?;
    source.close().await.map_err(OperatorError::Open)?;
    let mut copy = open_read_only(to).await?;
    let said: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut copy)
        .await
        .map_err(OperatorError::Open)?;
    copy.close().await.map_err(OperatorError::Open)?;
    if said != "ok" {
        return Err(OperatorError::Damaged {
            path: to.to_owned(),
            said,
        });
    }
    Ok(std::fs::metadata(to).map(|m| m.len()).unwrap_or(0))
}

/// What a restore did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// The copy's size in bytes.
    pub bytes: u64,
    /// Where the database that was replaced was kept, if there was one.
    pub kept: Option<PathBuf>,
}

/// Puts the copy `from` (made by [`backup`]) in place of the SQLite database at `url`, while the
/// bot is stopped: the copy must pass SQLite's integrity check and know no migration this
/// build does not; the database it replaces is kept beside it, renamed
/// `{file}.replaced-{unix seconds}`. The copy is written to a private file beside the database
/// and renamed over it, so that a failure halfway leaves the database as it was.
///
/// # Errors
/// For a PostgreSQL URL (with the `pg_restore` line to use instead), when `from` is missing,
/// damaged or newer than this build, when the database is in use (its `-wal` file is there),
/// and when a file cannot be written.
pub async fn restore(url: &str, from: &Path, now_secs: u64) -> Result<Restored, OperatorError> {
    if Backend::of_url(url) == Backend::Postgres {
        return Err(OperatorError::PostgresRestore(from.display().to_string()));
    }
    if !from.is_file() {
        return Err(OperatorError::Missing(from.to_owned()));
    }
    let mut copy = open_read_only(from).await?;
    let said: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut copy)
        .await
        .map_err(OperatorError::Open)?;
    copy.close().await.map_err(OperatorError::Open)?;
    if said != "ok" {
        return Err(OperatorError::Damaged {
            path: from.to_owned(),
            said,
        });
    }
    let report = inspect(&format!("sqlite://{}", from.display())).await?;
    if !report.unknown.is_empty() {
        return Err(OperatorError::Newer {
            path: from.to_owned(),
            unknown: report.unknown,
        });
    }
    let path = sqlite_path(url);
    let mut wal = path.clone().into_os_string();
    wal.push("-wal");
    if Path::new(&wal).exists() {
        return Err(OperatorError::InUse(path));
    }
    let write_error = |path: &Path| {
        let path = path.to_owned();
        move |error| OperatorError::Write { path, error }
    };
    let mut staged = path.clone().into_os_string();
    staged.push(".restoring");
    let staged = PathBuf::from(staged);
    let _ = std::fs::remove_file(&staged);
    create_private(&staged).map_err(write_error(&staged))?;
    let bytes = std::fs::copy(from, &staged).map_err(write_error(&staged))?;
    let kept = if path.exists() {
        let mut kept = path.clone().into_os_string();
        kept.push(format!(".replaced-{now_secs}"));
        let kept = PathBuf::from(kept);
        std::fs::rename(&path, &kept).map_err(write_error(&kept))?;
        Some(kept)
    } else {
        None
    };
    std::fs::rename(&staged, &path).map_err(write_error(&path))?;
    Ok(Restored { bytes, kept })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sqlite_url_names_its_file_without_parameters() {
        assert_eq!(sqlite_path("sqlite://dama.db"), PathBuf::from("dama.db"));
        assert_eq!(
            sqlite_path("sqlite:/data/dama.db?mode=rwc"),
            PathBuf::from("/data/dama.db")
        );
        assert_eq!(sqlite_path("games.db"), PathBuf::from("games.db"));
    }
}
