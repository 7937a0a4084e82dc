//! The operator's commands of the real `dama-bot` binary: `check` against a good configuration
//! and broken ones (no token, a refused token, a database it cannot reach, a port taken),
//! `backup` of a SQLite file, and `health` against a running bot. Discord is the local stand-in
//! ([`FakeDiscord`]) in this process.

#![cfg(unix)]

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

use dama_tests::{FakeDiscord, eventually};

/// Runs `dama-bot ARGS` in `dir` (away from any developer's `.env`) with only the variables
/// given, besides `PATH`.
fn dama_bot(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dama-bot"))
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("dama-bot runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// The line of `check`'s report about `what`.
fn line<'a>(report: &'a str, what: &str) -> &'a str {
    report
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some(what))
        .unwrap_or_else(|| panic!("no {what} line in:\n{report}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_passes_a_good_configuration_and_changes_nothing() {
    let discord = FakeDiscord::start().await.expect("the stand-in starts");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("dama.db");
    let database = format!("sqlite://{}", db.display());
    let metrics = format!("127.0.0.1:{}", free_port());
    let dir_path = dir.path().to_owned();
    let (token, base) = (discord.token().to_owned(), discord.base_url().to_owned());
    let output = tokio::task::spawn_blocking(move || {
        dama_bot(
            &dir_path,
            &["check"],
            &[
                ("DISCORD_TOKEN", &token),
                ("DISCORD_API_BASE", &base),
                ("DATABASE_URL", &database),
                ("DAMA_METRICS_ADDR", &metrics),
            ],
        )
    })
    .await
    .unwrap();
    let report = stdout(&output);
    assert!(output.status.success(), "{}", said(&output));
    assert!(!report.contains("FAULT"), "{report}");
    assert!(line(&report, "configuration").contains("interactions over the gateway"));
    assert!(line(&report, "configuration").contains("metrics on 127.0.0.1:"));
    assert!(
        line(&report, "database").contains("does not exist yet"),
        "{report}"
    );
    assert!(
        line(&report, "discord").contains("the token is the bot of"),
        "{report}"
    );
    assert!(line(&report, "listen").contains("is free"), "{report}");
    assert!(!report.contains(discord.token()), "the token was printed");
    assert!(!db.exists(), "check created the database");
}

#[test]
fn check_without_a_token_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let output = dama_bot(dir.path(), &["check"], &[]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let report = stdout(&output);
    assert!(
        line(&report, "configuration").starts_with("FAULT"),
        "{report}"
    );
    assert!(report.contains("DISCORD_TOKEN is not set"), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_names_each_fault_a_refused_token_an_unreachable_database_and_a_taken_port() {
    let discord = FakeDiscord::start().await.expect("the stand-in starts");
    let dir = tempfile::tempdir().unwrap();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let web = taken.local_addr().unwrap().to_string();
    // Nothing listens on port 1: the connection is refused at once.
    let database = "postgres://dama:secret@127.0.0.1:1/dama".to_owned();
    let dir_path = dir.path().to_owned();
    let base = discord.base_url().to_owned();
    let output = tokio::task::spawn_blocking(move || {
        dama_bot(
            &dir_path,
            &["check"],
            &[
                ("DISCORD_TOKEN", "not-the-bots-token"),
                ("DISCORD_API_BASE", &base),
                ("DATABASE_URL", &database),
                ("DAMA_WEB_ADDR", &web),
                ("DAMA_PUBLIC_URL", "https://dama.example.org"),
            ],
        )
    })
    .await
    .unwrap();
    drop(taken);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let report = stdout(&output);
    assert!(line(&report, "configuration").starts_with("ok"), "{report}");
    let database = line(&report, "database");
    assert!(database.starts_with("FAULT"), "{report}");
    assert!(database.contains("127.0.0.1:1"), "{report}");
    assert!(
        !report.contains("secret"),
        "the password was printed:\n{report}"
    );
    let discord_line = line(&report, "discord");
    assert!(discord_line.starts_with("FAULT"), "{report}");
    assert!(discord_line.contains("refused the token (401"), "{report}");
    let listen = line(&report, "listen");
    assert!(listen.starts_with("FAULT"), "{report}");
    assert!(listen.contains("DAMA_WEB_ADDR"), "{report}");
    assert!(listen.contains("taken by another process"), "{report}");
}

#[test]
fn backup_copies_a_sqlite_database_and_names_pg_dump_for_postgresql() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("dama.db");
    let database = format!("sqlite://{}", db.display());
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        dama_service::connect(&database)
            .await
            .unwrap()
            .close()
            .await;
    });
    let copy = dir.path().join("backup.db");
    let output = dama_bot(
        dir.path(),
        &["backup", copy.to_str().unwrap()],
        &[("DISCORD_TOKEN", "t"), ("DATABASE_URL", &database)],
    );
    assert!(output.status.success(), "{}", said(&output));
    assert!(
        stdout(&output).contains("integrity checked"),
        "{}",
        said(&output)
    );
    assert!(copy.exists());

    // A second backup to the same file is refused and leaves the first alone.
    let before = std::fs::read(&copy).unwrap();
    let again = dama_bot(
        dir.path(),
        &["backup", copy.to_str().unwrap()],
        &[("DISCORD_TOKEN", "t"), ("DATABASE_URL", &database)],
    );
    assert_eq!(again.status.code(), Some(1), "{}", said(&again));
    assert!(said(&again).contains("exists already"), "{}", said(&again));
    assert_eq!(std::fs::read(&copy).unwrap(), before);

    let postgres = dama_bot(
        dir.path(),
        &["backup", "dama.dump"],
        &[
            ("DISCORD_TOKEN", "t"),
            ("DATABASE_URL", "postgres://dama:secret@db/dama"),
        ],
    );
    assert_eq!(postgres.status.code(), Some(1), "{}", said(&postgres));
    assert!(
        said(&postgres).contains("pg_dump --format=custom --file=dama.dump"),
        "{}",
        said(&postgres)
    );
    assert!(!said(&postgres).contains("secret"));
}

#[test]
fn an_unknown_command_is_refused_with_the_usage() {
    let dir = tempfile::tempdir().unwrap();
    let output = dama_bot(dir.path(), &["start"], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        said(&output).contains("usage: dama-bot"),
        "{}",
        said(&output)
    );
}

/// The running bot, killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_is_ok_while_the_bot_runs_and_a_failure_when_nothing_answers() {
    let discord = FakeDiscord::start().await.expect("the stand-in starts");
    let dir = tempfile::tempdir().unwrap();
    let metrics = format!("127.0.0.1:{}", free_port());
    let env = [("DAMA_METRICS_ADDR", metrics.as_str())];

    let before = dama_bot(dir.path(), &["health"], &env);
    assert_eq!(before.status.code(), Some(1), "{}", said(&before));
    assert!(
        said(&before).contains("did not answer"),
        "{}",
        said(&before)
    );

    let _bot = Running(
        Command::new(env!("CARGO_BIN_EXE_dama-bot"))
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", discord.token())
            .env("DISCORD_API_BASE", discord.base_url())
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("dama.db").display()),
            )
            .env("DAMA_ENDGAME_PIECES", "0")
            .env("DAMA_METRICS_ADDR", &metrics)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the bot starts"),
    );
    // The bot answers once it has started: ask until it does (a loaded machine is slow).
    eventually("dama-bot health passes", async || {
        let dir_path = dir.path().to_owned();
        let metrics = metrics.clone();
        let output = tokio::task::spawn_blocking(move || {
            dama_bot(&dir_path, &["health"], &[("DAMA_METRICS_ADDR", &metrics)])
        })
        .await
        .unwrap();
        if output.status.success() {
            Ok(())
        } else {
            Err(said(&output))
        }
    })
    .await;

    let unset = dama_bot(dir.path(), &["health"], &[]);
    assert_eq!(unset.status.code(), Some(2));
    assert!(said(&unset).contains("DAMA_METRICS_ADDR is not set"));
}
