//! What the tests of the real binary share: a `dama-bot` process started against the local
//! stand-in for Discord, and the few gestures of a game in it.

#![allow(
    dead_code,
    reason = "each test file uses a different part of this module"
)]

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use dama_tests::{FakeDiscord, FakeUser, Recorded, SlashCommand};
use serenity::all::{ChannelId, InteractionId};

/// Upper bound of every wait on the stand-in: generous, a debug build on two loaded cores.
pub const WAIT: Duration = Duration::from_secs(20);

/// A running `dama-bot` process; killed (SIGKILL) when dropped, so a failing test leaves none
/// behind. Its output goes to a file, shown when the test fails.
pub struct Bot {
    child: Child,
    /// The file its output goes to.
    pub log: PathBuf,
}

impl Bot {
    /// Starts the binary against `discord` over the database at `database`, logging to `log`.
    pub fn spawn(discord: &FakeDiscord, database: &str, dir: &Path, log: &str) -> Bot {
        Bot::spawn_with(discord, database, dir, log, &[])
    }

    /// As [`spawn`](Self::spawn), answering interactions over HTTP on a free port of
    /// 127.0.0.1 (signed with the stand-in's key) instead of the gateway; the endpoint's URL.
    pub fn spawn_http(
        discord: &FakeDiscord,
        database: &str,
        dir: &Path,
        log: &str,
    ) -> (Bot, String) {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let addr = format!("127.0.0.1:{port}");
        let env = [
            ("DISCORD_PUBLIC_KEY", discord.interactions_public_key()),
            ("DAMA_HTTP_ADDR", addr.clone()),
        ];
        let bot = Bot::spawn_with(discord, database, dir, log, &env);
        (bot, format!("http://{addr}/interactions"))
    }

    pub fn spawn_with(
        discord: &FakeDiscord,
        database: &str,
        dir: &Path,
        log: &str,
        env: &[(&str, String)],
    ) -> Bot {
        let log = dir.join(log);
        let out = File::create(&log).expect("the bot's log file");
        let err = out.try_clone().expect("the bot's log file");
        let child = Command::new(env!("CARGO_BIN_EXE_dama-bot"))
            // Away from any `.env` of the developer's (the bot reads one from its directory).
            .current_dir(dir)
            .env("DISCORD_TOKEN", discord.token())
            .env("DISCORD_API_BASE", discord.base_url())
            .env("DATABASE_URL", database)
            .env(
                "RUST_LOG",
                std::env::var("DAMA_TEST_BOT_LOG").unwrap_or_else(|_| "warn".to_owned()),
            )
            // Three pieces build in memory in under a second; four would take a minute.
            .env("DAMA_ENDGAME_PIECES", "3")
            .env_remove("DISCORD_GUILD_ID")
            // The test's own settings last: they override the defaults above.
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("the bot starts");
        Bot { child, log }
    }

    /// Sends it signal `name` (`STOP`, say) with kill(1).
    pub fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill(1) runs");
        assert!(sent.success(), "SIG{name}");
    }

    /// SIGKILL: no shutdown, no last write.
    pub fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("the killed bot is reaped");
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        // Already dead (after `kill`) is no error worth reporting.
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            eprintln!("--- {} ---\n{log}", self.log.display());
        }
    }
}

/// `/dama <sub>`.
pub fn dama(sub: &str) -> SlashCommand {
    SlashCommand::new("dama").subcommand(sub)
}

pub fn is_registration(r: &Recorded) -> bool {
    r.succeeded() && r.method == "PUT" && r.api_path().ends_with("/commands")
}

/// The accepted callback of interaction `id`.
pub async fn answer(discord: &FakeDiscord, id: InteractionId) -> Recorded {
    discord
        .wait_for_interaction_response(id)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Alice challenges bob as White, bob accepts: the game's thread and the game's id, once its
/// first board is there.
pub async fn started_game(
    discord: &FakeDiscord,
    alice: &FakeUser,
    bob: &FakeUser,
) -> (ChannelId, i64) {
    started_game_with(discord, alice, bob, |challenge| challenge).await
}

/// As [`started_game`], the challenge as `options` make it (a live clock, say).
pub async fn started_game_with(
    discord: &FakeDiscord,
    alice: &FakeUser,
    bob: &FakeUser,
    options: impl FnOnce(SlashCommand) -> SlashCommand,
) -> (ChannelId, i64) {
    let challenge = discord.dispatch_slash_command(
        &discord.in_guild(alice),
        &options(
            dama("challenge")
                .option("opponent", bob)
                .option("color", "white"),
        ),
    );
    let callback = answer(discord, challenge).await;
    let message = discord
        .original_response_id(challenge)
        .expect("the challenge is a message");
    let accept = component(&callback, "dama:accept:");
    let accepted = discord
        .dispatch_button(&discord.in_guild(bob), message, accept)
        .unwrap_or_else(|e| panic!("cannot accept: {e}"));
    answer(discord, accepted).await;
    // The game's thread starts from the challenge message and has its id.
    let thread = ChannelId::new(message.get());
    let first = board_with(discord, thread, "").await;
    let game = component(&first, "dama:pick:")
        .split(':')
        .nth(2)
        .and_then(|id| id.parse().ok())
        .expect("a game id in the piece menu");
    (thread, game)
}

/// The custom id starting with `prefix` in a recorded message.
pub fn component<'a>(recorded: &'a Recorded, prefix: &str) -> &'a str {
    recorded
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} component in {:?}", recorded.custom_ids()))
}

/// Whether `r` showed a board whose text has `words`, successfully, anywhere (a post or an
/// interaction's answer).
pub fn shows(r: &Recorded, words: &str) -> bool {
    r.succeeded() && r.file("board.png").is_some() && r.content().is_some_and(|c| c.contains(words))
}

/// Whether `r` posted a board in `thread`, successfully.
pub fn is_board(r: &Recorded, thread: ChannelId) -> bool {
    r.succeeded()
        && r.method == "POST"
        && r.api_path() == format!("/channels/{thread}/messages")
        && r.file("board.png").is_some()
}

/// Waits for the first board in `thread` whose text has `words`: for as long as
/// [`eventually`] would (starting up, the delivery worker's backoff, a loaded machine), only to
/// end a hung test.
pub async fn board_with(discord: &FakeDiscord, thread: ChannelId, words: &str) -> Recorded {
    discord.set_wait_timeout(dama_tests::EVENTUALLY);
    let board = discord
        .wait_for_request(&format!("a board with {words:?} in {thread}"), |r| {
            is_board(r, thread) && r.content().is_some_and(|c| c.contains(words))
        })
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    discord.set_wait_timeout(WAIT);
    board
}
