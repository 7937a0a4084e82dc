//! Test support for dama: a throwaway PostgreSQL server for the tests of the PostgreSQL store,
//! started from the machine's own PostgreSQL programs (`initdb`, `pg_ctl`, `postgres`, `psql`).
//!
//! A [`Server`] lives in a temporary directory: `initdb` makes its cluster there, and `pg_ctl`
//! starts it on a free port of `127.0.0.1`, with settings for tests (no fsync, no synchronous
//! commit, trust authentication for the superuser `postgres`). Each test takes a database of its
//! own from it with [`Server::fresh_database`]:
//!
//! ```no_run
//! use dama_test_postgres::Server;
//!
//! let server = Server::shared()?;
//! let url = server.fresh_database()?; // postgres://postgres@127.0.0.1:PORT/dama_test_…
//! # let _ = url;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! The programs are found as [`binaries`] says. A machine without them skips the tests that
//! need them rather than failing: such a test begins with [`skip`], which counts the skip, and
//! the last test binary of the run prints one line with the count ([`skipped_summary`]); with
//! `DAMA_REQUIRE_POSTGRES=1` ([`REQUIRE_VARIABLE`], as CI sets it) a missing PostgreSQL fails
//! the test instead.
//!
//! ```no_run
//! # fn a_test_on_postgresql() -> std::io::Result<()> {
//! if dama_test_postgres::skip() {
//!     return Ok(());
//! }
//! let url = dama_test_postgres::Server::shared()?.fresh_database()?;
//! # let _ = url;
//! # Ok(())
//! # }
//! ```
//!
//! The programs are found as [`binaries`] says. `initdb` and `postgres` refuse to run as root:
//! as root (containers, CI) every program runs as the user `postgres` (which Debian's
//! `postgresql` package creates; `nobody` when there is none) through util-linux's `setpriv`,
//! and the temporary directory belongs to that user.
//!
//! A server is stopped (`pg_ctl stop -m immediate`) and its directory removed when it is
//! dropped. Every server also has a watchdog, a small `sh` process outside this process's
//! process group that does the same when this process ends without dropping it: the
//! [`Server::shared`] one, which is never dropped, and any other when the process is killed.

use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::net::TcpListener;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{self, Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable naming the directory of the PostgreSQL programs to use.
pub const BIN_VARIABLE: &str = "DAMA_PG_BIN";

/// The environment variable naming the directory that holds one `<version>/bin` per installed
/// major version, instead of Debian's `/usr/lib/postgresql` (a test hides the machine's
/// PostgreSQL by naming an empty one).
pub const ROOT_VARIABLE: &str = "DAMA_PG_ROOT";

/// The environment variable that makes a missing PostgreSQL fail the tests that need it
/// instead of skipping them (set to anything but empty or `0`); CI sets it, so that CI never
/// skips.
pub const REQUIRE_VARIABLE: &str = "DAMA_REQUIRE_POSTGRES";

/// The start of the name of the file, in the temporary directory, that counts the tests one
/// run of `cargo test` skipped (see [`skip`]).
const SKIPPED_FILE: &str = "dama-postgres-skipped-";

/// The programs a server needs, all in one directory.
const PROGRAMS: [&str; 4] = ["initdb", "pg_ctl", "postgres", "psql"];

/// Where Debian installs each major version's programs: `/usr/lib/postgresql/<version>/bin`
/// (unless [`ROOT_VARIABLE`] names another directory).
const DEBIAN_ROOT: &str = "/usr/lib/postgresql";

/// The superuser `initdb` makes, whom the URLs name.
const SUPERUSER: &str = "postgres";

/// Tries at starting on a free port: another process may take the port between the moment it
/// is found free and the moment the server binds it.
const START_ATTEMPTS: usize = 5;

/// What the watchdog runs: `$1` is the server's directory, the other arguments the command that
/// stops the server. Its standard input is a pipe whose other end only this process holds, so
/// `cat` returns when this process ends, however it ends.
const WATCHDOG_SCRIPT: &str =
    r#"dir=$1; shift; cat >/dev/null; "$@" >/dev/null 2>&1; rm -rf "$dir""#;

/// A running throwaway server: `initdb` into a temporary directory, started with `pg_ctl` on a
/// free port on `127.0.0.1`.
///
/// Its settings are for tests: it listens on `127.0.0.1` only (and on a Unix socket in its
/// data directory), trusts every connection, and neither syncs to disk nor waits for it
/// (`fsync`, `synchronous_commit` and `full_page_writes` off); it takes up to 300 connections.
/// Its cluster has UTF-8 encoding and the C locale.
///
/// Dropping it stops it (`pg_ctl stop -m immediate`) and removes its directory.
#[derive(Debug)]
pub struct Server {
    /// How the PostgreSQL programs are run.
    tools: Tools,
    /// The temporary directory: the data directory and the server's log are inside.
    directory: PathBuf,
    /// The data directory (`initdb -D`), also the directory of the server's Unix socket.
    data: PathBuf,
    /// The TCP port on `127.0.0.1`; 0 until started.
    port: u16,
    /// The watchdog process, which stops the server when this process ends without dropping
    /// it; its standard input is the pipe it waits on.
    watchdog: Option<Child>,
}

impl Server {
    /// Starts a new server (blocking, a second or two): runs `initdb` into a new temporary
    /// directory, then `pg_ctl start` on a free port.
    ///
    /// Fails with [`io::ErrorKind::NotFound`] when the PostgreSQL programs are missing (the
    /// message says what was looked for), and with the programs' own output when one of them
    /// fails.
    pub fn start() -> io::Result<Server> {
        let tools = Tools::find()?;
        let directory = make_directory(tools.user.as_ref())?;
        // From here on, dropping the server on an error cleans up whatever was done.
        let mut server = Server {
            tools,
            data: directory.join("data"),
            directory,
            port: 0,
            watchdog: None,
        };
        server.initdb()?;
        server.configure()?;
        // Before the server starts, so that no moment has a server without one.
        server.watchdog = Some(server.spawn_watchdog()?);
        server.port = server.run_postmaster()?;
        Ok(server)
    }

    /// The one server of this process, started on first use and stopped (and its directory
    /// removed) when the process exits, even though statics are never dropped: a small watchdog
    /// process started with it waits for this process to end, then runs
    /// `pg_ctl stop -m immediate` and removes the directory.
    ///
    /// When the first start fails, every call returns that failure again (without trying
    /// again).
    pub fn shared() -> io::Result<&'static Server> {
        static SHARED: OnceLock<Result<Server, (io::ErrorKind, String)>> = OnceLock::new();
        match SHARED.get_or_init(|| Server::start().map_err(|e| (e.kind(), e.to_string()))) {
            Ok(server) => Ok(server),
            Err((kind, message)) => Err(io::Error::new(*kind, message.clone())),
        }
    }

    /// The URL of `database` on this server: `postgres://postgres@127.0.0.1:PORT/NAME`.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://{SUPERUSER}@127.0.0.1:{}/{database}", self.port)
    }

    /// Creates a new, empty database with a name unique in this process and on this server
    /// (`dama_test_<pid>_<counter>`), and returns its URL (see [`Server::url`]).
    pub fn fresh_database(&self) -> io::Result<String> {
        static DATABASES: AtomicU64 = AtomicU64::new(1);
        let name = format!(
            "dama_test_{}_{}",
            process::id(),
            DATABASES.fetch_add(1, Ordering::Relaxed)
        );
        self.execute("postgres", &format!("CREATE DATABASE {name}"))?;
        Ok(self.url(&name))
    }

    /// The TCP port the server listens on, on `127.0.0.1`.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The server's temporary directory, which holds its data directory (`data`) and its log
    /// (`server.log`); removed when the server stops.
    pub fn directory(&self) -> &Path {
        &self.directory
    }

    /// Runs `sql` (one or more statements) in `database` (a name, not a URL) with the server's
    /// own `psql`, as the superuser over TCP, and returns what it printed: each row's values
    /// separated by `|`, one row a line, without headers (`psql -X -q -A -t`).
    ///
    /// The SQL is given to `psql -v ON_ERROR_STOP=1 -f -` on its standard input, so that the
    /// first failing statement stops it: that is an error carrying `psql`'s message. Statements
    /// before it stay done (there is no enclosing transaction).
    pub fn execute(&self, database: &str, sql: &str) -> io::Result<String> {
        let port = self.port.to_string();
        let mut command = self.tools.command("psql", &self.directory);
        command
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"])
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &port,
                "-U",
                SUPERUSER,
                "-d",
                database,
            ])
            .args(["-f", "-"])
            .stdin(Stdio::piped());
        let mut child = self.tools.spawn(&mut command, "psql")?;
        let mut input = child.stdin.take().expect("psql's standard input is piped");
        // Written beside the reading of its output: psql may print before it has read it all.
        let output = std::thread::scope(|scope| {
            scope.spawn(move || {
                // A psql that stops early (ON_ERROR_STOP) closes its input: its status says why.
                let _ = input.write_all(sql.as_bytes());
            });
            child.wait_with_output()
        })?;
        let output = succeeded(output, "psql")?;
        String::from_utf8(output.stdout).map_err(io::Error::other)
    }

    /// Restarts the server as an operator or a managed database's maintenance would: `pg_ctl
    /// restart -m fast` (every session is ended, the server stops and starts again on the same
    /// port), waiting until it accepts connections again. Connections opened before are cut.
    pub fn restart(&self) -> io::Result<()> {
        let log = self.directory.join("server.log");
        let mut command = self.tools.command("pg_ctl", &self.directory);
        command
            .arg("-D")
            .arg(&self.data)
            .arg("-l")
            .arg(&log)
            .args(["-w", "-t", "60", "-m", "fast", "restart"]);
        let output = self
            .tools
            .spawn(&mut command, "pg_ctl")?
            .wait_with_output()?;
        succeeded(output, "pg_ctl restart").map(drop)
    }

    /// Stops the server (`pg_ctl stop -m fast`: every session is ended), until
    /// [`start_again`](Self::start_again).
    pub fn stop(&self) -> io::Result<()> {
        let mut command = self.tools.command("pg_ctl", &self.directory);
        command
            .arg("-D")
            .arg(&self.data)
            .args(["-w", "-t", "60", "-m", "fast", "stop"]);
        let output = self
            .tools
            .spawn(&mut command, "pg_ctl")?
            .wait_with_output()?;
        succeeded(output, "pg_ctl stop").map(drop)
    }

    /// Starts the server [`stop`](Self::stop) stopped, on its port, waiting until it accepts
    /// connections.
    pub fn start_again(&self) -> io::Result<()> {
        let log = self.directory.join("server.log");
        let mut command = self.tools.command("pg_ctl", &self.directory);
        command.arg("-D").arg(&self.data).arg("-l").arg(&log).args([
            "-w",
            "-t",
            "60",
            "-o",
            &format!("-p {}", self.port),
            "start",
        ]);
        let output = self
            .tools
            .spawn(&mut command, "pg_ctl")?
            .wait_with_output()?;
        succeeded(output, "pg_ctl start").map(drop)
    }

    /// Runs `initdb` into the data directory.
    fn initdb(&self) -> io::Result<()> {
        let mut command = self.tools.command("initdb", &self.directory);
        command
            .arg("-D")
            .arg(&self.data)
            .args([
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
            ])
            // Nothing of a throwaway cluster needs to reach the disk.
            .arg("--no-sync");
        let output = self
            .tools
            .spawn(&mut command, "initdb")?
            .wait_with_output()?;
        succeeded(output, "initdb").map(drop).map_err(|e| {
            if self.tools.user.is_none() {
                return e;
            }
            io::Error::other(format!(
                "{e}\n(the server's directory is {}: as root, the user PostgreSQL runs as must \
                 be able to reach it, which a TMPDIR under /root prevents)",
                self.directory.display()
            ))
        })
    }

    /// Appends the settings for tests (all but the port) to the cluster's `postgresql.conf`.
    fn configure(&self) -> io::Result<()> {
        let data = self.data.to_str().ok_or_else(|| {
            io::Error::other(format!(
                "the data directory {} is not UTF-8",
                self.data.display()
            ))
        })?;
        let settings = format!(
            "\n# dama-test-postgres: a throwaway server for tests.\n\
             listen_addresses = '127.0.0.1'\n\
             unix_socket_directories = '{}'\n\
             fsync = off\n\
             synchronous_commit = off\n\
             full_page_writes = off\n\
             max_connections = 300\n",
            data.replace('\'', "''")
        );
        // Appended, so that the file keeps its owner (the user running PostgreSQL).
        fs::OpenOptions::new()
            .append(true)
            .open(self.data.join("postgresql.conf"))?
            .write_all(settings.as_bytes())
    }

    /// Starts the watchdog: a `sh` in its own process group, with nothing of this process but
    /// the pipe on its standard input.
    fn spawn_watchdog(&self) -> io::Result<Child> {
        let mut stop = self.tools.argv("pg_ctl");
        stop.push("-D".into());
        stop.push(self.data.clone().into());
        stop.extend(["-m", "immediate", "-w", "stop"].map(OsString::from));
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(WATCHDOG_SCRIPT)
            .arg("dama-test-postgres-watchdog")
            .arg(&self.directory)
            .args(stop)
            .current_dir("/")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // Out of this process's group: a Ctrl-C that stops the tests does not stop it.
            .process_group(0);
        command.spawn().map_err(|e| {
            io::Error::new(e.kind(), format!("could not start the watchdog (sh): {e}"))
        })
    }

    /// Starts the server with `pg_ctl start`, waiting until it accepts connections, on a free
    /// port (another one when the port was taken meanwhile); returns the port.
    fn run_postmaster(&self) -> io::Result<u16> {
        let log = self.directory.join("server.log");
        let mut attempt = 0;
        loop {
            attempt += 1;
            let port = free_port()?;
            let logged_before = fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
            let mut command = self.tools.command("pg_ctl", &self.directory);
            command.arg("-D").arg(&self.data).arg("-l").arg(&log).args([
                "-w",
                "-t",
                "60",
                "-o",
                &format!("-p {port}"),
                "start",
            ]);
            // pg_ctl sends the server's own output to the log: its pipes close when it returns.
            let output = self
                .tools
                .spawn(&mut command, "pg_ctl")?
                .wait_with_output()?;
            let Err(error) = succeeded(output, "pg_ctl start") else {
                return Ok(port);
            };
            let logged = fs::read(&log).unwrap_or_default();
            let logged =
                String::from_utf8_lossy(&logged[(logged_before as usize).min(logged.len())..])
                    .into_owned();
            if logged.contains("Address already in use") && attempt < START_ATTEMPTS {
                continue;
            }
            return Err(io::Error::other(format!(
                "{error}\nthe server's log ({}):\n{logged}",
                log.display()
            )));
        }
    }
}

impl Drop for Server {
    /// Stops the server (`pg_ctl stop -m immediate`, waiting for it to be gone), removes its
    /// directory, then ends its watchdog.
    fn drop(&mut self) {
        // Also when starting failed: a server may run all the same (pg_ctl gave up waiting).
        let mut command = self.tools.command("pg_ctl", &self.directory);
        command
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "immediate", "-w", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let _ = command.status();
        let _ = fs::remove_dir_all(&self.directory);
        // Last: had this process ended before, the watchdog would have done the above.
        if let Some(mut watchdog) = self.watchdog.take() {
            let _ = watchdog.kill();
            let _ = watchdog.wait();
        }
    }
}

/// The directory of the PostgreSQL programs (`initdb`, `pg_ctl`, `postgres`, `psql`) that
/// [`Server::start`] would use, or `None` when there is none (so callers can print a clear
/// message, or skip).
///
/// Looked for in this order:
/// 1. the directory named by the environment variable `DAMA_PG_BIN` ([`BIN_VARIABLE`]), if
///    set (and then nowhere else);
/// 2. the directory of the first `initdb` on `PATH` that has the other programs beside it,
///    after following symbolic links (Debian may link `initdb` alone into a `bin` directory);
/// 3. the newest `/usr/lib/postgresql/<version>/bin`, where Debian's `postgresql` package
///    installs them (or the newest `<version>/bin` of the directory `DAMA_PG_ROOT` names,
///    [`ROOT_VARIABLE`]).
pub fn binaries() -> Option<PathBuf> {
    find_binaries().ok()
}

/// [`binaries`], with an error that says what is missing.
fn find_binaries() -> io::Result<PathBuf> {
    if let Some(dir) = env::var_os(BIN_VARIABLE) {
        let dir = PathBuf::from(dir);
        let missing: Vec<&str> = PROGRAMS
            .into_iter()
            .filter(|p| !is_executable(&dir.join(p)))
            .collect();
        if missing.is_empty() {
            return Ok(dir);
        }
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "{BIN_VARIABLE} is {} but it lacks PostgreSQL's {}; Debian's `postgresql` \
                 package installs them in /usr/lib/postgresql/<version>/bin",
                dir.display(),
                missing.join(", ")
            ),
        ));
    }
    if let Some(path) = env::var_os("PATH") {
        for dir in env::split_paths(&path) {
            let initdb = dir.join("initdb");
            if !is_executable(&initdb) {
                continue;
            }
            let real = fs::canonicalize(&initdb)
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf));
            if let Some(found) = real.into_iter().chain([dir]).find(|d| has_programs(d)) {
                return Ok(found);
            }
        }
    }
    if let Some(found) = newest_debian() {
        return Ok(found);
    }
    Err(io::Error::new(
        io::ErrorKind::NotFound,
        format!(
            "PostgreSQL's programs ({}) were not found: {BIN_VARIABLE} is not set, no initdb on \
             PATH has them beside it, and there is no {}/<version>/bin. Install \
             Debian's `postgresql` package (apt-get install postgresql), or set {BIN_VARIABLE} \
             to the directory that holds them.",
            PROGRAMS.join(", "),
            debian_root().display()
        ),
    ))
}

/// The directory of one `<version>/bin` per major version: [`ROOT_VARIABLE`]'s, else
/// [`DEBIAN_ROOT`].
fn debian_root() -> PathBuf {
    env::var_os(ROOT_VARIABLE).map_or_else(|| PathBuf::from(DEBIAN_ROOT), PathBuf::from)
}

/// Whether a test that needs PostgreSQL is to be skipped, because this machine lacks its
/// programs: call it first, and return at once when it says so.
///
/// - The programs are found ([`binaries`]): `false`, the test runs.
/// - They are not, and `DAMA_PG_BIN` is not set either: `true`, after counting the skip in a
///   file of the temporary directory named after this run of `cargo test` (this process's
///   parent), for [`skipped_summary`]. Nothing is printed: the run's last test binary prints
///   one line for them all.
/// - Missing and `DAMA_REQUIRE_POSTGRES` ([`REQUIRE_VARIABLE`]) set, or `DAMA_PG_BIN` naming a
///   directory without them (a mistake to be told, not skipped): panics, saying what is
///   missing.
pub fn skip() -> bool {
    static MISSING: OnceLock<Option<String>> = OnceLock::new();
    let missing = MISSING.get_or_init(|| match find_binaries() {
        Ok(_) => None,
        Err(e) => {
            remove_stale_counts();
            Some(e.to_string())
        }
    });
    let Some(missing) = missing else {
        return false;
    };
    if env::var_os(BIN_VARIABLE).is_some() {
        panic!("{missing}");
    }
    if env::var_os(REQUIRE_VARIABLE).is_some_and(|v| !v.is_empty() && v != "0") {
        panic!("{missing}\n({REQUIRE_VARIABLE} is set: a missing PostgreSQL fails the tests)");
    }
    // A lost count only makes the summary short by one: the test is skipped all the same.
    let _ = record_skip();
    true
}

/// Adds the current test (one line: its name, which libtest gives its thread) to this run's
/// count of skipped tests.
fn record_skip() -> io::Result<()> {
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .replace('\n', " ");
    let mut file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(skipped_file())?;
    // One write of one short line: appends of other test processes do not interleave.
    file.write_all(format!("{test}\n").as_bytes())
}

/// The file counting this run's skipped tests: `dama-postgres-skipped-<pid>-<start>` in the
/// temporary directory, after the parent process (`cargo test` runs each test binary as its
/// child) and the moment it started (so that a later process with the same id starts afresh).
fn skipped_file() -> PathBuf {
    let parent = std::os::unix::process::parent_id();
    // The 22nd field of /proc/<pid>/stat, after the command name in parentheses (which may
    // hold spaces): the process's start, in clock ticks after boot.
    let started = fs::read_to_string(format!("/proc/{parent}/stat"))
        .ok()
        .and_then(|stat| {
            let fields = stat.rsplit_once(')')?.1;
            fields.split_whitespace().nth(19).map(str::to_owned)
        })
        .unwrap_or_default();
    env::temp_dir().join(format!("{SKIPPED_FILE}{parent}-{started}"))
}

/// Removes the counts of runs whose `cargo test` has ended (it ran no summary: a run of one
/// package, say), so that they do not pile up in the temporary directory.
fn remove_stale_counts() {
    // Without /proc (not Linux) no process can be told to have ended.
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(SKIPPED_FILE))
            .and_then(|rest| rest.split('-').next())
        else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The line that ends a run of `cargo test` in which tests were skipped for want of
/// PostgreSQL (see [`skip`]): how many, and how to include them. `None` when none was. Reads and
/// removes the count: a second call says `None`.
///
/// The workspace's last test binary prints it; it must run as a child of the same `cargo test`
/// as the tests.
pub fn skipped_summary() -> Option<String> {
    let path = skipped_file();
    let skipped = fs::read_to_string(&path).ok()?;
    let _ = fs::remove_file(&path);
    let count = skipped.lines().count();
    if count == 0 {
        return None;
    }
    let tests = if count == 1 { "test was" } else { "tests were" };
    Some(format!(
        "note: {count} PostgreSQL {tests} skipped: PostgreSQL's programs ({}) were not found. \
         To include them, install them (Debian: apt-get install postgresql) or set \
         {BIN_VARIABLE} to their directory; {REQUIRE_VARIABLE}=1 makes their absence fail.",
        PROGRAMS.join(", ")
    ))
}

/// Whether `dir` holds every one of [`PROGRAMS`].
fn has_programs(dir: &Path) -> bool {
    PROGRAMS.iter().all(|p| is_executable(&dir.join(p)))
}

/// Whether `path` is (or links to) a file anyone may execute.
fn is_executable(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The `bin` directory of the newest version under [`debian_root`] that has the programs.
fn newest_debian() -> Option<PathBuf> {
    fs::read_dir(debian_root())
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let name = entry.file_name().into_string().ok()?;
            // "15", "9.6": compared as numbers, part by part.
            let version: Vec<u32> = name
                .split('.')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            let bin = entry.path().join("bin");
            has_programs(&bin).then_some((version, bin))
        })
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, bin)| bin)
}

/// The account the PostgreSQL programs run as, when this process runs as root.
#[derive(Debug, Clone)]
struct Account {
    /// Its user id.
    uid: u32,
    /// Its primary group id.
    gid: u32,
}

impl Account {
    /// The account to run PostgreSQL as: `None` (this process's own) unless this process runs
    /// as root; then `postgres`, or `nobody` when there is no `postgres`.
    fn for_postgres() -> io::Result<Option<Account>> {
        // SAFETY: geteuid has no preconditions and cannot fail.
        if unsafe { libc::geteuid() } != 0 {
            return Ok(None);
        }
        for name in ["postgres", "nobody"] {
            if let (Some(uid), Some(gid)) = (id_of(name, "-u"), id_of(name, "-g")) {
                return Ok(Some(Account { uid, gid }));
            }
        }
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            "running as root, and neither the user `postgres` (which Debian's `postgresql` \
             package creates) nor `nobody` exists to run PostgreSQL as (initdb and postgres \
             refuse to run as root)",
        ))
    }
}

/// `id <flag> <name>`: the user's id (`-u`) or their primary group's (`-g`), through the
/// system's user database (whatever its source).
fn id_of(name: &str, flag: &str) -> Option<u32> {
    let output = Command::new("id")
        .args([flag, name])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8(output.stdout).ok()?.trim().parse().ok()
}

/// How the PostgreSQL programs are run: from which directory, as which user.
#[derive(Debug)]
struct Tools {
    /// The directory of the programs ([`binaries`]).
    bin: PathBuf,
    /// Who runs them through `setpriv` (as root); `None`: this process's own user.
    user: Option<Account>,
}

impl Tools {
    /// Finds the programs and the user to run them as.
    fn find() -> io::Result<Tools> {
        Ok(Tools {
            bin: find_binaries()?,
            user: Account::for_postgres()?,
        })
    }

    /// The command line that runs `program`: the program itself, or as root
    /// `setpriv --reuid=UID --regid=GID --init-groups PROGRAM`.
    fn argv(&self, program: &str) -> Vec<OsString> {
        let path = self.bin.join(program).into_os_string();
        match &self.user {
            None => vec![path],
            Some(user) => vec![
                "setpriv".into(),
                format!("--reuid={}", user.uid).into(),
                format!("--regid={}", user.gid).into(),
                "--init-groups".into(),
                path,
            ],
        }
    }

    /// A command running `program` in `dir`, with no standard input and its output captured.
    fn command(&self, program: &str, dir: &Path) -> Command {
        let argv = self.argv(program);
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// Spawns `command`, saying which program (and `setpriv`) could not be started.
    fn spawn(&self, command: &mut Command, what: &str) -> io::Result<Child> {
        command.spawn().map_err(|e| {
            let via = if self.user.is_some() {
                " through setpriv (util-linux), as this process runs as root"
            } else {
                ""
            };
            io::Error::new(
                e.kind(),
                format!("could not run {what} from {}{via}: {e}", self.bin.display()),
            )
        })
    }
}

/// `output` when its program succeeded, else an error with its status and what it printed.
fn succeeded(output: Output, what: &str) -> io::Result<Output> {
    if output.status.success() {
        return Ok(output);
    }
    Err(io::Error::other(format!(
        "{what} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    )))
}

/// Creates a new temporary directory only its owner may enter, owned by `user` when given.
fn make_directory(user: Option<&Account>) -> io::Result<PathBuf> {
    static DIRECTORIES: AtomicU64 = AtomicU64::new(1);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let path = env::temp_dir().join(format!(
        "dama-pg-{}-{}-{nanos:08x}",
        process::id(),
        DIRECTORIES.fetch_add(1, Ordering::Relaxed)
    ));
    fs::DirBuilder::new().mode(0o700).create(&path)?;
    if let Some(user) = user
        && let Err(e) = std::os::unix::fs::chown(&path, Some(user.uid), Some(user.gid))
    {
        let _ = fs::remove_dir(&path);
        return Err(e);
    }
    Ok(path)
}

/// A TCP port of `127.0.0.1` free at the moment: the one the system gives a listener on port 0,
/// closed again.
fn free_port() -> io::Result<u16> {
    Ok(TcpListener::bind(("127.0.0.1", 0))?.local_addr()?.port())
}
