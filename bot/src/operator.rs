//! The operator's commands beside running the bot: `check` (is this configuration ready to
//! run?), `backup PATH` (a consistent copy of the SQLite database while the bot runs),
//! `restore PATH` (that copy put back while the bot is stopped) and `health` (does the running
//! bot answer `/healthz`? for a container's health check).

use std::fmt;
use std::io::Write;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::time::Duration;

use dama_service::Backend;
use serenity::http::HttpBuilder;

use crate::config::{Config, ConfigError, DatabaseUrl};
use dama_discord::monitor::HEALTH_PATH;

/// How `dama-bot` was asked to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// No argument: run the bot.
    Run,
    /// `check`: read the configuration and reach what it names, changing nothing.
    Check,
    /// `backup PATH`: copy the database to the new file `PATH`.
    Backup(PathBuf),
    /// `restore PATH`: put the copy `PATH` in place of the database.
    Restore(PathBuf),
    /// `health`: ask the running bot's `/healthz` on `DAMA_METRICS_ADDR`.
    Health,
    /// `help`, `--help` or `-h`.
    Help,
}

/// What `dama-bot help` prints, and what a mistaken command line is shown.
pub const USAGE: &str = "\
usage: dama-bot [COMMAND]

With no command, runs the bot (configured by the environment and a .env file; see docs/running.md).

Commands:
  check        read the configuration as the bot would, reach the database, Discord and each
               listening address, try the files it writes, and say what is on and what is
               wrong (exit status 1 on a fault)
  backup PATH  copy the SQLite database to the new file PATH, consistently, while the bot runs
               (for PostgreSQL it prints the pg_dump command to use)
  restore PATH with the bot stopped, put the backup PATH in place of the SQLite database,
               keeping the one it replaces beside it (for PostgreSQL: the pg_restore command)
  health       exit 0 when the running bot answers /healthz on DAMA_METRICS_ADDR, 1 otherwise
  help         show this";

/// Reads the command line (without the program's name).
///
/// # Errors
/// The words to show, before [`USAGE`], when the arguments are not a command.
pub fn parse(args: &[String]) -> Result<Command, String> {
    match args {
        [] => Ok(Command::Run),
        [one] if one == "check" => Ok(Command::Check),
        [one] if one == "health" => Ok(Command::Health),
        [one] if matches!(one.as_str(), "help" | "--help" | "-h") => Ok(Command::Help),
        [one, path] if one == "backup" => Ok(Command::Backup(PathBuf::from(path))),
        [one] if one == "backup" => Err("backup needs the path of the copy to make".to_owned()),
        [one, path] if one == "restore" => Ok(Command::Restore(PathBuf::from(path))),
        [one] if one == "restore" => {
            Err("restore needs the path of the backup to put back".to_owned())
        }
        [first, ..] => Err(format!("{first:?} is not a command of dama-bot")),
    }
}

/// One line of `check`'s report.
#[derive(Debug)]
struct Line {
    fault: bool,
    what: &'static str,
    said: String,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.fault { "FAULT" } else { "ok" };
        write!(f, "{mark:<6} {:<13} {}", self.what, self.said)
    }
}

fn ok(what: &'static str, said: impl Into<String>) -> Line {
    Line {
        fault: false,
        what,
        said: said.into(),
    }
}

fn fault(what: &'static str, said: impl Into<String>) -> Line {
    Line {
        fault: true,
        what,
        said: said.into(),
    }
}

/// How long `check` waits for Discord, and `health` for the bot.
const PATIENCE: Duration = Duration::from_secs(10);

/// `dama-bot check`: writes a line for the configuration, the database, Discord and each
/// listening address to `out`, and returns whether all of them are ready. Changes nothing: a
/// missing SQLite file is not created, no migration runs, each address is bound and let go.
pub async fn check(config: Result<Config, ConfigError>, out: &mut impl Write) -> bool {
    let config = match config {
        Ok(config) => config,
        Err(e) => {
            let line = fault("configuration", e.to_string());
            let _ = writeln!(out, "{line}");
            return false;
        }
    };
    let mut lines = vec![ok("configuration", describe(&config))];
    lines.push(check_database(&config).await);
    lines.extend(check_tables(&config));
    lines.push(check_discord(&config).await);
    for (variable, addr) in listeners(&config) {
        lines.push(check_address(variable, addr));
    }
    let mut ready = true;
    for line in &lines {
        ready &= !line.fault;
        let _ = writeln!(out, "{line}");
    }
    ready
}

/// What the configuration turns on, in one line.
fn describe(config: &Config) -> String {
    let mut parts = vec![match &config.endpoint {
        Some(endpoint) => format!("interactions over HTTP on {}", endpoint.addr),
        None => "interactions over the gateway".to_owned(),
    }];
    parts.push(match &config.web {
        Some(web) => {
            let sign_in = if web.client_secret.is_some() {
                "sign-in on"
            } else {
                "watching only: no DISCORD_CLIENT_SECRET"
            };
            let activity = if web.activity { ", Activity on" } else { "" };
            format!(
                "web pages on {} as {} ({sign_in}{activity})",
                web.addr, web.public_url
            )
        }
        None => "web pages off".to_owned(),
    });
    parts.push(match config.metrics_addr {
        Some(addr) => format!("metrics on {addr}"),
        None => "metrics off".to_owned(),
    });
    parts.push(match config.guild_id {
        Some(guild) => format!("/dama registered in server {guild} only"),
        None => "/dama registered globally".to_owned(),
    });
    parts.push(match config.endgame_pieces {
        0 => "no endgame tables".to_owned(),
        n => format!("endgame tables of up to {n} pieces"),
    });
    parts.join("; ")
}

async fn check_database(config: &Config) -> Line {
    let url = &config.database_url;
    match dama_service::inspect(url.expose()).await {
        Err(e) => fault("database", format!("{url}: {e}")),
        Ok(report) if report.cannot_write.is_some() => fault(
            "database",
            format!("{url}: {}", report.cannot_write.unwrap_or_default()),
        ),
        Ok(report) if !report.unknown.is_empty() => fault(
            "database",
            format!(
                "{url}: it has migrations this build does not know ({:?}): a newer dama wrote to \
                 it; run that version, or restore a backup",
                report.unknown
            ),
        ),
        Ok(report) if !report.exists => {
            let what = match report.backend {
                Backend::Sqlite => "the file does not exist yet",
                Backend::Postgres => "the database does not exist yet",
            };
            ok(
                "database",
                format!("{url}: {what}; it is created with its tables on start"),
            )
        }
        Ok(report) if report.pending() > 0 => ok(
            "database",
            format!(
                "{url}: {} of {} migrations applied; the other {} run on start",
                report.applied,
                report.known,
                report.pending()
            ),
        ),
        Ok(report) => ok(
            "database",
            format!("{url}: all {} migrations applied", report.known),
        ),
    }
}

/// The endgame tables' file (`DAMA_ENDGAME_TABLES`), when 4-piece tables are asked for: read
/// if it is there, built into it on the first start otherwise, so its folder must be writable.
fn check_tables(config: &Config) -> Option<Line> {
    if config.endgame_pieces < 4 {
        return None;
    }
    let path = Path::new(&config.endgame_tables);
    let line = match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => match std::fs::File::open(path) {
            Ok(_) => ok(
                "tables",
                format!(
                    "DAMA_ENDGAME_TABLES {} is there ({} MB)",
                    path.display(),
                    meta.len() / 1_000_000
                ),
            ),
            Err(e) => fault(
                "tables",
                format!("DAMA_ENDGAME_TABLES {} cannot be read: {e}", path.display()),
            ),
        },
        Ok(_) => fault(
            "tables",
            format!("DAMA_ENDGAME_TABLES {} is not a file", path.display()),
        ),
        Err(_) => {
            let dir = match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir,
                _ => Path::new("."),
            };
            match dama_service::probe_directory(dir) {
                Ok(()) => ok(
                    "tables",
                    format!(
                        "DAMA_ENDGAME_TABLES {} is built on the first start (about 70 s, 40 MB)",
                        path.display()
                    ),
                ),
                Err(e) => fault(
                    "tables",
                    format!(
                        "DAMA_ENDGAME_TABLES {}: its folder {} cannot be written ({e}), so the \
                         tables cannot be built there; point it at a writable place, or set \
                         DAMA_ENDGAME_PIECES=3",
                        path.display(),
                        dir.display()
                    ),
                ),
            }
        }
    };
    Some(line)
}

/// Hex digits of a key, as the developer portal shows it.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

async fn check_discord(config: &Config) -> Line {
    let mut http = HttpBuilder::new(config.token.expose());
    let at = match &config.api_base {
        Some(base) => {
            http = http.proxy(base.as_str()).ratelimiter_disabled(true);
            format!(" (through DISCORD_API_BASE {base})")
        }
        None => String::new(),
    };
    let http = http.build();
    match tokio::time::timeout(PATIENCE, http.get_current_application_info()).await {
        Err(_) => fault(
            "discord",
            format!("no answer from Discord within {} s{at}", PATIENCE.as_secs()),
        ),
        Ok(Ok(app)) => match &config.endpoint {
            Some(endpoint) if !hex(&endpoint.public_key).eq_ignore_ascii_case(&app.verify_key) => {
                fault(
                    "discord",
                    format!(
                        "DISCORD_PUBLIC_KEY is not the public key of {:?} (application {}), \
                         whose token this is: copy it again from the application's General \
                         Information page, or Discord's interactions will be refused{at}",
                        app.name, app.id
                    ),
                )
            }
            Some(_) => ok(
                "discord",
                format!(
                    "the token is the bot of {:?} (application {}), and DISCORD_PUBLIC_KEY is \
                     its public key{at}",
                    app.name, app.id
                ),
            ),
            None => ok(
                "discord",
                format!(
                    "the token is the bot of {:?} (application {}){at}",
                    app.name, app.id
                ),
            ),
        },
        Ok(Err(serenity::Error::Http(e))) if e.status_code().is_some_and(|s| s.as_u16() == 401) => {
            fault(
                "discord",
                format!(
                    "Discord refused the token (401 Unauthorized){at}: reset it on the \
                     application's Bot page and set DISCORD_TOKEN again"
                ),
            )
        }
        Ok(Err(e)) => fault("discord", format!("cannot reach Discord{at}: {e}")),
    }
}

/// The addresses the bot would listen on, each with the variable that sets it.
fn listeners(config: &Config) -> Vec<(&'static str, SocketAddr)> {
    let mut all = Vec::new();
    if let Some(endpoint) = &config.endpoint {
        all.push(("DAMA_HTTP_ADDR", endpoint.addr));
    }
    if let Some(addr) = config.metrics_addr {
        all.push(("DAMA_METRICS_ADDR", addr));
    }
    if let Some(web) = &config.web {
        all.push(("DAMA_WEB_ADDR", web.addr));
    }
    all
}

fn check_address(variable: &'static str, addr: SocketAddr) -> Line {
    match TcpListener::bind(addr) {
        Ok(_) => ok("listen", format!("{variable} {addr} is free")),
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => fault(
            "listen",
            format!(
                "{variable} {addr} is taken by another process (a bot already running?): stop \
                 it or choose another port"
            ),
        ),
        Err(e) => fault(
            "listen",
            format!("{variable} {addr} cannot be listened on: {e}"),
        ),
    }
}

/// `dama-bot backup PATH`: copies the database at `url` to `to`, writing what was done to `out`
/// and what went wrong to `err`. Returns whether a copy was made (for PostgreSQL it is not: the
/// line names `pg_dump`).
pub async fn backup(
    url: &DatabaseUrl,
    to: &Path,
    out: &mut impl Write,
    err: &mut impl Write,
) -> bool {
    match dama_service::backup(url.expose(), to).await {
        Ok(bytes) => {
            let _ = writeln!(
                out,
                "copied {url} to {} ({bytes} bytes; its integrity checked)",
                to.display()
            );
            true
        }
        Err(e) => {
            let _ = writeln!(err, "dama-bot backup: {e}");
            false
        }
    }
}

/// `dama-bot restore PATH`: puts the backup `from` in place of the database at `url` (the bot
/// stopped), writing what was done to `out` and what went wrong to `err`. Returns whether it
/// was put back (for PostgreSQL it is not: the line names `pg_restore`).
pub async fn restore(
    url: &DatabaseUrl,
    from: &Path,
    out: &mut impl Write,
    err: &mut impl Write,
) -> bool {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    match dama_service::restore(url.expose(), from, now).await {
        Ok(restored) => {
            let _ = writeln!(
                out,
                "restored {url} from {} ({} bytes; its integrity checked)",
                from.display(),
                restored.bytes
            );
            if let Some(kept) = restored.kept {
                let _ = writeln!(
                    out,
                    "the database it replaced is kept as {}",
                    kept.display()
                );
            }
            let _ = writeln!(
                out,
                "start the bot: migrations the backup lacks run on start"
            );
            true
        }
        Err(e) => {
            let _ = writeln!(err, "dama-bot restore: {e}");
            false
        }
    }
}

/// `dama-bot health`: whether the bot listening on `addr` (its `DAMA_METRICS_ADDR`) answers
/// `/healthz` with 200. An address that listens everywhere (`0.0.0.0`, `::`) is asked on the
/// loopback.
pub async fn health(addr: SocketAddr) -> Result<(), String> {
    let mut addr = addr;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    let url = format!("http://{addr}{HEALTH_PATH}");
    let client = reqwest::Client::builder()
        .timeout(PATIENCE)
        .build()
        .map_err(|e| e.to_string())?;
    match client.get(&url).send().await {
        Ok(answer) if answer.status().is_success() => Ok(()),
        Ok(answer) => Err(format!("{url} answered {}", answer.status())),
        Err(e) => Err(format!("{url} did not answer: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|&w| w.to_owned()).collect()
    }

    #[test]
    fn the_command_line_names_one_command() {
        assert_eq!(parse(&args(&[])), Ok(Command::Run));
        assert_eq!(parse(&args(&["check"])), Ok(Command::Check));
        assert_eq!(parse(&args(&["health"])), Ok(Command::Health));
        assert_eq!(parse(&args(&["--help"])), Ok(Command::Help));
        assert_eq!(
            parse(&args(&["backup", "/tmp/copy.db"])),
            Ok(Command::Backup(PathBuf::from("/tmp/copy.db")))
        );
        assert!(parse(&args(&["backup"])).unwrap_err().contains("path"));
        assert_eq!(
            parse(&args(&["restore", "copy.db"])),
            Ok(Command::Restore(PathBuf::from("copy.db")))
        );
        assert!(parse(&args(&["restore"])).unwrap_err().contains("backup"));
        assert!(parse(&args(&["start"])).unwrap_err().contains("\"start\""));
        assert!(parse(&args(&["check", "now"])).is_err());
    }

    #[test]
    fn a_taken_address_is_a_fault_and_a_free_one_is_not() {
        let taken = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = taken.local_addr().unwrap();
        let line = check_address("DAMA_WEB_ADDR", addr);
        assert!(line.fault, "{line}");
        assert!(
            line.to_string().contains("taken by another process"),
            "{line}"
        );
        drop(taken);
        let line = check_address("DAMA_WEB_ADDR", addr);
        assert!(!line.fault, "{line}");
    }

    #[test]
    fn a_configuration_error_is_the_one_fault_reported() {
        let mut out = Vec::new();
        let ready =
            futures_util::FutureExt::now_or_never(check(Err(ConfigError::MissingToken), &mut out))
                .expect("no waiting without a configuration");
        assert!(!ready);
        let said = String::from_utf8(out).unwrap();
        assert!(said.starts_with("FAULT  configuration"), "{said}");
        assert!(said.contains("DISCORD_TOKEN is not set"), "{said}");
    }
}
