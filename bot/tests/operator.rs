//! The operator's commands of the real `dama-bot` binary: `check` against a good configuration
//! and broken ones (no token, a refused token, a database it cannot reach, a port taken, folders
//! it cannot write, a public key not the application's, a URL of another database), `backup`
//! of a SQLite file and `restore` of it, and `health` against a running bot. Discord is the local stand-in
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

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn backup_copies_a_sqlite_database_with_no_token_and_names_pg_dump_for_postgresql() {
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
    // The database alone: no token, nothing of Discord.
    let output = dama_bot(
        dir.path(),
        &["backup", copy.to_str().unwrap()],
        &[("DATABASE_URL", &database)],
    );
    assert!(output.status.success(), "{}", said(&output));
    assert!(
        stdout(&output).contains("integrity checked"),
        "{}",
        said(&output)
    );
    assert!(copy.exists());

    // A second backup to the same file is refused, on stderr, and leaves the first alone.
    let before = std::fs::read(&copy).unwrap();
    let again = dama_bot(
        dir.path(),
        &["backup", copy.to_str().unwrap()],
        &[("DATABASE_URL", &database)],
    );
    assert_eq!(again.status.code(), Some(1), "{}", said(&again));
    assert!(
        stderr(&again).contains("exists already"),
        "{}",
        said(&again)
    );
    assert_eq!(stdout(&again), "");
    assert_eq!(std::fs::read(&copy).unwrap(), before);

    let postgres = dama_bot(
        dir.path(),
        &["backup", "dama.dump"],
        &[("DATABASE_URL", "postgres://dama:secret@db/dama")],
    );
    assert_eq!(postgres.status.code(), Some(1), "{}", said(&postgres));
    assert!(
        stderr(&postgres).contains("pg_dump --format=custom --file=dama.dump"),
        "{}",
        said(&postgres)
    );
    assert!(!said(&postgres).contains("secret"));

    let typo = dama_bot(
        dir.path(),
        &["backup", "x.db"],
        &[("DATABASE_URL", "mysql://db/dama")],
    );
    assert_eq!(typo.status.code(), Some(2), "{}", said(&typo));
    assert!(
        stderr(&typo).contains("not a mysql:// URL"),
        "{}",
        said(&typo)
    );
}

#[test]
fn restore_puts_a_backup_back_and_keeps_the_database_it_replaces() {
    use dama_service::ids::GuildId;
    use dama_service::service::{Authority, GameService, ServiceConfig};

    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("dama.db");
    let database = format!("sqlite://{}", db.display());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let pages_of = |guild: u64| {
        runtime.block_on(async {
            let pool = dama_service::connect(&database).await.unwrap();
            let on = GameService::new(pool.clone(), ServiceConfig::default())
                .community_pages(GuildId(guild))
                .await
                .unwrap();
            pool.close().await;
            on
        })
    };
    let set_pages = |guild: u64, on: bool| {
        runtime.block_on(async {
            let pool = dama_service::connect(&database).await.unwrap();
            GameService::new(pool.clone(), ServiceConfig::default())
                .set_community_pages(GuildId(guild), Authority::Manager, on)
                .await
                .unwrap();
            pool.close().await;
        })
    };
    set_pages(1, true);
    let copy = dir.path().join("backup.db");
    let env = [("DATABASE_URL", database.as_str())];
    let backup = dama_bot(dir.path(), &["backup", copy.to_str().unwrap()], &env);
    assert!(backup.status.success(), "{}", said(&backup));
    // Written to after the backup: the restore takes the database back to the copy.
    set_pages(1, false);
    set_pages(2, true);

    let restored = dama_bot(dir.path(), &["restore", copy.to_str().unwrap()], &env);
    assert!(restored.status.success(), "{}", said(&restored));
    assert!(
        stdout(&restored).contains("its integrity checked"),
        "{}",
        said(&restored)
    );
    assert!((pages_of(1), pages_of(2)) == (true, false));
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("dama.db.replaced-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(stdout(&restored).contains(&kept[0]), "{}", said(&restored));

    // While the database is open (the bot running), nothing is replaced.
    let pool = runtime.block_on(dama_service::connect(&database)).unwrap();
    let busy = dama_bot(dir.path(), &["restore", copy.to_str().unwrap()], &env);
    assert_eq!(busy.status.code(), Some(1), "{}", said(&busy));
    assert!(
        stderr(&busy).contains("stop the bot first"),
        "{}",
        said(&busy)
    );
    runtime.block_on(pool.close());

    // A file that is no database is refused, and the database stays.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, "not a database").unwrap();
    let refused = dama_bot(dir.path(), &["restore", junk.to_str().unwrap()], &env);
    assert_eq!(refused.status.code(), Some(1), "{}", said(&refused));
    assert!(pages_of(1));

    let postgres = dama_bot(
        dir.path(),
        &["restore", "dama.dump"],
        &[("DATABASE_URL", "postgres://dama:secret@db/dama")],
    );
    assert_eq!(postgres.status.code(), Some(1), "{}", said(&postgres));
    assert!(
        stderr(&postgres).contains("pg_restore --clean --if-exists --no-owner"),
        "{}",
        said(&postgres)
    );
}

/// Runs `dama-bot check` with `env` and the stand-in's token and address.
async fn check_with(discord: &FakeDiscord, dir: &Path, env: &[(&str, &str)]) -> Output {
    let mut all: Vec<(String, String)> = vec![
        ("DISCORD_TOKEN".to_owned(), discord.token().to_owned()),
        ("DISCORD_API_BASE".to_owned(), discord.base_url().to_owned()),
    ];
    all.extend(env.iter().map(|&(k, v)| (k.to_owned(), v.to_owned())));
    let dir = dir.to_owned();
    tokio::task::spawn_blocking(move || {
        let env: Vec<(&str, &str)> = all.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        dama_bot(&dir, &["check"], &env)
    })
    .await
    .unwrap()
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_finds_what_the_start_would_trip_on() {
    let discord = FakeDiscord::start().await.expect("the stand-in starts");
    let dir = tempfile::tempdir().unwrap();
    let addr = format!("127.0.0.1:{}", free_port());
    let right_key = discord.interactions_public_key();

    // Folders no one may write to, root included.
    let output = check_with(
        &discord,
        dir.path(),
        &[
            ("DATABASE_URL", "sqlite:///proc/dama.db"),
            ("DAMA_ENDGAME_TABLES", "/proc/dama-tables.bin"),
        ],
    )
    .await;
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let report = stdout(&output);
    let database = line(&report, "database");
    assert!(database.starts_with("FAULT"), "{report}");
    assert!(
        database.contains("the folder /proc cannot be written"),
        "{report}"
    );
    let tables = line(&report, "tables");
    assert!(tables.starts_with("FAULT"), "{report}");
    assert!(tables.contains("DAMA_ENDGAME_PIECES=3"), "{report}");

    // Writable places pass, and a key that is not the application's is a fault.
    let wrong_key = "67c6bd767ca099e79efac9fcce4d2022a63bf7dea780e7f3d813f694c1597089";
    assert_ne!(right_key, wrong_key);
    let output = check_with(
        &discord,
        dir.path(),
        &[("DISCORD_PUBLIC_KEY", wrong_key), ("DAMA_HTTP_ADDR", &addr)],
    )
    .await;
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let report = stdout(&output);
    assert!(line(&report, "database").starts_with("ok"), "{report}");
    assert!(
        line(&report, "tables").contains("built on the first start"),
        "{report}"
    );
    let discord_line = line(&report, "discord");
    assert!(discord_line.starts_with("FAULT"), "{report}");
    assert!(
        discord_line.contains("DISCORD_PUBLIC_KEY is not the public key"),
        "{report}"
    );
    let output = check_with(
        &discord,
        dir.path(),
        &[
            ("DISCORD_PUBLIC_KEY", &right_key),
            ("DAMA_HTTP_ADDR", &addr),
        ],
    )
    .await;
    assert!(output.status.success(), "{}", said(&output));
    assert!(
        line(&stdout(&output), "discord").contains("DISCORD_PUBLIC_KEY is its public key"),
        "{}",
        said(&output)
    );

    // A URL of another kind of database is a configuration fault, not a SQLite file.
    let output = check_with(&discord, dir.path(), &[("DATABASE_URL", "mysql://db/dama")]).await;
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let report = stdout(&output);
    assert!(
        line(&report, "configuration").starts_with("FAULT"),
        "{report}"
    );
    assert!(report.contains("not a mysql:// URL"), "{report}");
    assert!(!dir.path().join("mysql:").exists());
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
