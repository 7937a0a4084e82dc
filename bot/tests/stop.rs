//! A stop is prompt and clean whenever it comes: SIGTERM while the bot is still starting (its
//! database not answering yet) ends it at once with success, and SIGTERM while the 4-piece
//! endgame tables are still being built on a blocking thread does not wait for them. As a
//! container's first process the bot has no default action for SIGTERM to fall back on, and
//! `docker stop` kills what has not exited within its grace.

#![cfg(unix)]

use std::io::Read;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};

use dama_tests::{FakeDiscord, eventually};

/// The bot, killed when dropped (a failing test leaves none behind).
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(dir: &Path, env: &[(&str, String)]) -> Bot {
    Bot(Command::new(env!("CARGO_BIN_EXE_dama-bot"))
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("RUST_LOG", "info")
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the bot starts"))
}

fn terminate(bot: &Bot) {
    let sent = Command::new("kill")
        .arg("-TERM")
        .arg(bot.0.id().to_string())
        .status()
        .expect("kill(1) runs");
    assert!(sent.success());
}

/// Waits for the bot to exit; its status and everything it logged.
async fn exited(bot: &mut Bot) -> (ExitStatus, String) {
    let status = eventually("the bot exits after SIGTERM", async || {
        match bot.0.try_wait().expect("waitable") {
            Some(status) => Ok(status),
            None => Err("still running"),
        }
    })
    .await;
    let mut log = String::new();
    if let Some(mut out) = bot.0.stdout.take() {
        let _ = out.read_to_string(&mut log);
    }
    (status, log)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_while_the_database_does_not_answer_yet_ends_the_bot_at_once() {
    let dir = tempfile::tempdir().unwrap();
    // A "PostgreSQL server" that accepts connections and never says a word.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!(
        "postgres://dama@127.0.0.1:{}/dama?connect_timeout=600",
        silent.local_addr().unwrap().port()
    );
    let mut bot = start(
        dir.path(),
        &[
            ("DISCORD_TOKEN", "t".to_owned()),
            ("DATABASE_URL", url),
            ("DAMA_ENDGAME_PIECES", "0".to_owned()),
        ],
    );
    // Its connection is waiting on the silent server.
    eventually("the bot connects to the database", async || {
        silent.set_nonblocking(true).unwrap();
        silent.accept().map(|_| ()).map_err(|e| e.to_string())
    })
    .await;
    terminate(&bot);
    let (status, log) = exited(&mut bot).await;
    assert!(status.success(), "{status}\n{log}");
    assert!(log.contains("stopped while starting"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_while_the_endgame_tables_are_built_does_not_wait_for_them() {
    let discord = FakeDiscord::start().await.expect("the stand-in starts");
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables.bin");
    let mut bot = start(
        dir.path(),
        &[
            ("DISCORD_TOKEN", discord.token().to_owned()),
            ("DISCORD_API_BASE", discord.base_url().to_owned()),
            (
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("dama.db").display()),
            ),
            // The 4-piece tables take about a minute of one core to build.
            ("DAMA_ENDGAME_PIECES", "4".to_owned()),
            ("DAMA_ENDGAME_TABLES", tables.display().to_string()),
        ],
    );
    eventually("the bot registers /dama", async || {
        let registered = !discord.registered_commands(None).is_empty();
        registered.then_some(())
    })
    .await;
    terminate(&bot);
    let (status, log) = exited(&mut bot).await;
    assert!(status.success(), "{status}\n{log}");
    assert!(log.contains("stopped"), "{log}");
    assert!(
        !log.contains("endgame tables ready pieces=4"),
        "the 4-piece tables were done before the stop: the test proves nothing\n{log}"
    );
}
