//! The container image, built from the repository's `Dockerfile` with podman, runs the bot
//! against the local stand-in for Discord: it connects, registers `/dama`, passes its health
//! check and answers a move with a board; `podman stop` ends it cleanly (its own SIGTERM
//! handling, exit status 0) and the SQLite file on its volume keeps the game.
//!
//! No image registry is needed. The base is Debian 12 made here (`debootstrap --variant=minbase
//! bookworm`, kept a week in `/var/cache/dama-container/`, then `podman import`ed as
//! `localhost/dama-debian:bookworm`). The image is the Dockerfile's own, its stage
//! `prebuilt`: the run stage with this test's `dama-bot` binary (built by cargo for it, on this
//! Debian 12 machine) instead of one compiled in the Rust stage, which is not built at all.
//!
//! Needs root and Debian's `podman`, `runc` and `debootstrap`. Without them the test is skipped
//! with one line, unless `DAMA_REQUIRE_CONTAINER=1` (set by `.ci/run`) makes their absence fail
//! it. Containers run with `--runtime runc --cgroup-manager cgroupfs` and limits no higher than
//! the machine's: CI machines refuse crun, systemd's cgroups and raised limits.

#![cfg(unix)]

use std::fs::File;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use dama_tests::{FakeDiscord, FakeUser, Recorded, SlashCommand};
use serenity::all::ChannelId;
use sqlx::Connection;

const REQUIRE: &str = "DAMA_REQUIRE_CONTAINER";
/// The Debian release of the base, the same as the machine the binary is built on.
const SUITE: &str = "bookworm";
/// The base image, tagged `SUITE` (and `SUITE-week`, saying which week's packages it holds).
const BASE: &str = "localhost/dama-debian";
/// The image under test.
const IMAGE: &str = "localhost/dama-bot:container-test";
/// Where the debootstrapped trees are kept (a tarball per suite and week).
const CACHE: &str = "/var/cache/dama-container";
/// The image's user (the Dockerfile's `useradd --uid`).
const BOT_UID: u32 = 10001;
/// Upper bound of every wait on the stand-in: generous, a debug build on two loaded cores.
const WAIT: Duration = Duration::from_secs(30);
/// What `podman stop` gives the bot before SIGKILL.
const STOP_TIMEOUT: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_image_runs_the_bot_stops_cleanly_and_keeps_the_game_on_its_volume() {
    let Some(podman) = Podman::find() else {
        return;
    };
    let started = Instant::now();
    std::fs::create_dir_all(CACHE).expect("the cache directory");
    // One run at a time on this machine: they share the base, the image's tag and the cache.
    let lock = File::create(Path::new(CACHE).join("lock")).expect("the cache's lock file");
    lock.lock().expect("the cache's lock");

    let base = podman.base();
    let based = started.elapsed();
    let built = Instant::now();
    podman.build_image();
    let built = built.elapsed();

    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let token = dir.path().join("discord_token");
    std::fs::write(&token, format!("{}\n", discord.token())).expect("the token file");
    // Readable by the image's user, as a compose secret's file must be.
    std::fs::set_permissions(&token, std::fs::Permissions::from_mode(0o644))
        .expect("the token file's mode");
    let metrics = free_port();

    let running = Instant::now();
    let bot = podman.run(&[
        format!("--volume={}:/run/secrets/discord_token:ro", token.display()),
        "--env=DISCORD_TOKEN_FILE=/run/secrets/discord_token".to_owned(),
        format!("--env=DISCORD_API_BASE={}", discord.base_url()),
        // Three pieces build in memory in under a second; four would take a minute.
        "--env=DAMA_ENDGAME_PIECES=3".to_owned(),
        // Its own port, on the host's network: not the image's default 9464.
        format!("--env=DAMA_METRICS_ADDR=127.0.0.1:{metrics}"),
        "--env=RUST_LOG=info".to_owned(),
    ]);
    discord
        .wait_for_ready()
        .await
        .unwrap_or_else(|e| bot.fail(&format!("{e}")));
    discord
        .wait_for_request("the command registration", is_registration)
        .await
        .unwrap_or_else(|e| bot.fail(&format!("{e}")));
    let connected = running.elapsed();
    // The image's HEALTHCHECK (`dama-bot health`, asking /healthz), run as the engine would.
    let health = bot.health();
    assert!(
        health.status.success(),
        "the health check: {}\n{}",
        output_text(&health),
        bot.logs()
    );

    let played = Instant::now();
    let [alice, bob] = discord.users(["alice", "bob"]);
    let (thread, game) = started_game(&discord, &bot, &alice, &bob).await;
    let moved = discord.dispatch_slash_command(
        &discord.in_guild(&alice),
        &dama("move").option("move", "d3-d4").option("game", game),
    );
    answer(&discord, &bot, moved).await;
    board_with(&discord, &bot, thread, "alice played **d3-d4**.").await;
    let played = played.elapsed();

    let stopping = Instant::now();
    let stopped = bot.stop();
    let stop = stopping.elapsed();
    assert!(stopped.status.success(), "podman stop: {stopped:?}");
    let exit = bot.inspect("{{.State.ExitCode}}");
    let logs = bot.logs();
    assert_eq!(exit, "0", "the bot's exit status\n{logs}");
    assert!(
        stop < STOP_TIMEOUT && logs.contains("shutting down") && logs.contains("stopped"),
        "the bot stopped on SIGTERM, not killed: {stop:?}\n{logs}"
    );

    let data = PathBuf::from(podman.volume_path(&bot.volume));
    let file = data.join("dama.db");
    let owner = std::fs::metadata(&file)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        .uid();
    assert_eq!(owner, BOT_UID, "written by the image's user, not root");
    let moves = kept_moves(&file, game).await;
    assert_eq!(moves, ["d3-d4"], "the game's moves on the volume");

    drop(bot);
    eprintln!(
        "container test: base {base} ready in {based:?}, image built in {built:?}, the bot \
         connected {connected:?} after its start, the game took {played:?}, podman stop \
         {stop:?}; {:?} in all",
        started.elapsed()
    );
}

/// The podman of this machine, with the flags it runs containers with.
struct Podman;

impl Podman {
    /// Podman, or `None` (said in one line) when the machine lacks what the test needs and
    /// nobody requires it.
    fn find() -> Option<Podman> {
        let missing: Vec<&str> = ["podman", "runc", "debootstrap"]
            .into_iter()
            .filter(|program| !on_path(program))
            .collect();
        let why = if !missing.is_empty() {
            format!(
                "the container test needs {} (Debian: apt-get install podman runc debootstrap)",
                missing.join(", ")
            )
        } else if !is_root() {
            "the container test needs root (debootstrap, podman's containers)".to_owned()
        } else {
            return Some(Podman);
        };
        if std::env::var(REQUIRE).is_ok_and(|v| !v.is_empty() && v != "0") {
            panic!("{why} ({REQUIRE} is set)");
        }
        eprintln!("skipped: {why}; {REQUIRE}=1 makes this fail");
        None
    }

    /// `podman` with the runtime and cgroup manager this machine allows.
    fn command(&self) -> Command {
        let mut command = Command::new("podman");
        command.args(["--runtime", "runc", "--cgroup-manager", "cgroupfs"]);
        command
    }

    /// Runs `podman args`, panicking with its output when it fails; its standard output.
    fn run_ok(&self, args: &[&str]) -> String {
        let output = self.command().args(args).output().expect("podman runs");
        assert!(
            output.status.success(),
            "podman {}: {}",
            args.join(" "),
            output_text(&output)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// Makes sure `BASE:SUITE` holds this week's Debian: imported from the cached tree, which
    /// is debootstrapped first if this week has none. Its name, with the week.
    fn base(&self) -> String {
        let week = run_ok(Command::new("date").args(["-u", "+%G-w%V"]));
        let dated = format!("{BASE}:{SUITE}-{week}");
        let exists = self
            .command()
            .args(["image", "exists", &dated])
            .status()
            .expect("podman runs");
        if !exists.success() {
            let tarball = cached_tree(&week);
            self.run_ok(&["import", &tarball.display().to_string(), &dated]);
        }
        self.run_ok(&["tag", &dated, &format!("{BASE}:{SUITE}")]);
        // Earlier weeks' bases go.
        let tags = self.run_ok(&["images", "--format", "{{.Repository}}:{{.Tag}}", BASE]);
        for old in tags
            .lines()
            .filter(|tag| tag.starts_with(&format!("{BASE}:{SUITE}-")) && *tag != dated)
        {
            self.run_ok(&["rmi", old]);
        }
        dated
    }

    /// Builds [`IMAGE`] from the Dockerfile, its binary the one cargo built for this test.
    fn build_image(&self) {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace");
        // The build context: the binary alone.
        let context = tempfile::tempdir().expect("a temporary directory");
        std::fs::copy(
            env!("CARGO_BIN_EXE_dama-bot"),
            context.path().join("dama-bot"),
        )
        .expect("the binary is copied");
        let dockerfile = repository.join("Dockerfile").display().to_string();
        // The previous run's image goes, with its layers: runs leave one image behind, for a
        // look after a failure, not one more each time.
        let _ = self.command().args(["rmi", "--force", IMAGE]).output();
        self.run_ok(&[
            "build",
            "--quiet",
            "--isolation=chroot",
            // The run stage installs CA certificates from Debian's mirror when the base has
            // none (this one has them).
            "--network=host",
            // Docker's format: OCI's has no HEALTHCHECK.
            "--format=docker",
            &format!("--build-arg=DEBIAN={BASE}:{SUITE}"),
            "--target=prebuilt",
            "--file",
            &dockerfile,
            "--tag",
            IMAGE,
            &context.path().display().to_string(),
        ]);
    }

    /// Starts [`IMAGE`] on the host's network with a fresh volume at `/data`, and `args`.
    fn run(&self, args: &[String]) -> Container {
        let name = format!("dama-container-test-{}", std::process::id());
        let container = Container {
            podman: Podman,
            name: name.clone(),
            volume: name.clone(),
        };
        // Left by an earlier run of this process id: gone.
        container.remove();
        self.run_ok(&["volume", "create", &container.volume]);
        let mut command = self.command();
        command
            .args(["run", "--detach", "--name", &name, "--network=host"])
            .args(["--ulimit=nofile=1024:1024", "--ulimit=nproc=1024:1024"])
            .arg(format!("--volume={}:/data", container.volume))
            .args(args)
            .arg(IMAGE);
        let output = command.output().expect("podman runs");
        assert!(
            output.status.success(),
            "podman run: {}",
            output_text(&output)
        );
        container
    }

    /// Where volume `name`'s files are on this machine.
    fn volume_path(&self, name: &str) -> String {
        self.run_ok(&["volume", "inspect", "--format", "{{.Mountpoint}}", name])
    }
}

/// A container and its volume, both removed when dropped.
struct Container {
    podman: Podman,
    name: String,
    volume: String,
}

impl Container {
    /// `podman stop`, SIGTERM then SIGKILL after [`STOP_TIMEOUT`].
    fn stop(&self) -> Output {
        let timeout = STOP_TIMEOUT.as_secs().to_string();
        self.podman
            .command()
            .args(["stop", "--time", &timeout, &self.name])
            .output()
            .expect("podman runs")
    }

    /// `podman healthcheck run`: the image's health check, once.
    fn health(&self) -> Output {
        self.podman
            .command()
            .args(["healthcheck", "run", &self.name])
            .output()
            .expect("podman runs")
    }

    /// A field of `podman inspect`.
    fn inspect(&self, format: &str) -> String {
        self.podman
            .run_ok(&["container", "inspect", "--format", format, &self.name])
    }

    /// The bot's output so far.
    fn logs(&self) -> String {
        let output = self
            .podman
            .command()
            .args(["logs", &self.name])
            .output()
            .expect("podman runs");
        output_text(&output)
    }

    /// Fails the test, showing the bot's output.
    fn fail(&self, why: &str) -> ! {
        panic!("{why}\n--- the bot's output ---\n{}", self.logs());
    }

    fn remove(&self) {
        let removals: [&[&str]; 2] = [
            &["rm", "--force", "--time=0", &self.name],
            &["volume", "rm", "--force", &self.volume],
        ];
        for args in removals {
            let _ = self
                .podman
                .command()
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
    }
}

impl Drop for Container {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("--- {} ---\n{}", self.name, self.logs());
        }
        self.remove();
    }
}

/// The tarball of this week's debootstrapped tree in [`CACHE`], made if missing (older weeks'
/// removed).
fn cached_tree(week: &str) -> PathBuf {
    let cache = Path::new(CACHE);
    let tarball = cache.join(format!("{SUITE}-minbase-{week}.tar"));
    if tarball.exists() {
        return tarball;
    }
    let root = cache.join(format!("{SUITE}-root"));
    if root.exists() {
        std::fs::remove_dir_all(&root).expect("an unfinished tree is removed");
    }
    // CA certificates are in the base already, so the image's build needs no mirror.
    let started = Instant::now();
    run_ok(Command::new("debootstrap").args([
        "--variant=minbase",
        "--include=ca-certificates",
        SUITE,
        &root.display().to_string(),
    ]));
    eprintln!("debootstrap {SUITE}: {:?}", started.elapsed());
    // The downloaded packages and lists are of no use in the image.
    for dir in ["var/cache/apt/archives", "var/lib/apt/lists"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("the tree's apt directories") {
            let path = entry.expect("a directory entry").path();
            if path.is_file() {
                std::fs::remove_file(&path).expect("a package file is removed");
            }
        }
    }
    let partial = tarball.with_extension("tar.partial");
    run_ok(Command::new("tar").args([
        "--create",
        "--file",
        &partial.display().to_string(),
        "--directory",
        &root.display().to_string(),
        ".",
    ]));
    std::fs::rename(&partial, &tarball).expect("the tarball is kept");
    std::fs::remove_dir_all(&root).expect("the tree is removed");
    for entry in std::fs::read_dir(cache).expect("the cache directory") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with(&format!("{SUITE}-minbase-")) && path != tarball {
            let _ = std::fs::remove_file(&path);
        }
    }
    tarball
}

/// Runs `command`, panicking with its output when it fails; its standard output.
fn run_ok(command: &mut Command) -> String {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?}: {}",
        output_text(&output)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

fn output_text(output: &Output) -> String {
    format!(
        "{}\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Whether `program` is on the `PATH` (with the system directories, where Debian puts
/// `debootstrap` and `runc`).
fn on_path(program: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin"].map(PathBuf::from))
        .any(|dir| dir.join(program).is_file())
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// The moves of game `id` in the SQLite file `file`, in order.
async fn kept_moves(file: &Path, id: i64) -> Vec<String> {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=ro", file.display());
    let mut conn = sqlx::AnyConnection::connect(&url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    sqlx::query_scalar("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
        .bind(id)
        .fetch_all(&mut conn)
        .await
        .expect("the moves read")
}

/// `/dama <sub>`.
fn dama(sub: &str) -> SlashCommand {
    SlashCommand::new("dama").subcommand(sub)
}

fn is_registration(r: &Recorded) -> bool {
    r.succeeded() && r.method == "PUT" && r.api_path().ends_with("/commands")
}

/// The accepted callback of interaction `id`.
async fn answer(
    discord: &FakeDiscord,
    bot: &Container,
    id: serenity::all::InteractionId,
) -> Recorded {
    discord
        .wait_for_interaction_response(id)
        .await
        .unwrap_or_else(|e| bot.fail(&format!("{e}")))
}

/// Alice challenges bob as White, bob accepts: the game's thread and the game's id, once its
/// first board is there.
async fn started_game(
    discord: &FakeDiscord,
    bot: &Container,
    alice: &FakeUser,
    bob: &FakeUser,
) -> (ChannelId, i64) {
    let challenge = discord.dispatch_slash_command(
        &discord.in_guild(alice),
        &dama("challenge")
            .option("opponent", bob)
            .option("color", "white"),
    );
    let callback = answer(discord, bot, challenge).await;
    let message = discord
        .original_response_id(challenge)
        .expect("the challenge is a message");
    let accept = component(&callback, "dama:accept:");
    let accepted = discord
        .dispatch_button(&discord.in_guild(bob), message, accept)
        .unwrap_or_else(|e| bot.fail(&format!("cannot accept: {e}")));
    answer(discord, bot, accepted).await;
    // The game's thread starts from the challenge message and has its id.
    let thread = ChannelId::new(message.get());
    let first = board_with(discord, bot, thread, "").await;
    let game = component(&first, "dama:pick:")
        .split(':')
        .nth(2)
        .and_then(|id| id.parse().ok())
        .expect("a game id in the piece menu");
    (thread, game)
}

/// The custom id starting with `prefix` in a recorded message.
fn component<'a>(recorded: &'a Recorded, prefix: &str) -> &'a str {
    recorded
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} component in {:?}", recorded.custom_ids()))
}

/// Waits for the first board PNG posted in `thread` whose text has `words`.
async fn board_with(
    discord: &FakeDiscord,
    bot: &Container,
    thread: ChannelId,
    words: &str,
) -> Recorded {
    let board = discord
        .wait_for_request(&format!("a board with {words:?} in {thread}"), |r| {
            r.succeeded()
                && r.method == "POST"
                && r.api_path() == format!("/channels/{thread}/messages")
                && r.content().is_some_and(|c| c.contains(words))
                && r.file("board.png").is_some()
        })
        .await
        .unwrap_or_else(|e| bot.fail(&format!("{e}")));
    let png = board.file("board.png").expect("the board's file");
    assert!(png.bytes.starts_with(b"\x89PNG"), "a PNG");
    board
}
