//! The container image, built from the repository's `Dockerfile` with podman, runs the bot
//! against the local stand-in for Discord: it connects, registers `/dama`, passes its health
//! check and answers a move with a board; `podman stop` ends it cleanly (its own SIGTERM
//! handling, exit status 0) and the SQLite file on its volume keeps the game, as does the
//! backup `dama-bot backup` writes to a folder of the host. It runs as compose.yaml runs it: a
//! read-only root, no capability, no new privileges.
//!
//! `compose.yaml` itself runs with podman-compose: PostgreSQL (an image made here from Debian's
//! packages, `container/postgres/`, named by `DAMA_POSTGRES_IMAGE`) on the shared socket, the
//! bot healthy and playing a game through the stand-in, `down` and `up` with the game still
//! there, and a backup (`pg_dump` to a file on the host) restored into a new database volume
//! where the bot goes on with the game. The one change to the file is the bot's network: the
//! host's (an override file), to reach the stand-in on the loopback.
//!
//! No image registry is needed. The base is Debian 12 made here (`debootstrap --variant=minbase
//! bookworm`, kept a week in `/var/cache/dama-container/`, then `podman import`ed as
//! `localhost/dama-debian:bookworm`). The image is the Dockerfile's own, its stage
//! `prebuilt`: the run stage with this test's `dama-bot` binary (built by cargo for it, on this
//! Debian 12 machine) instead of one compiled in the Rust stage, which is not built at all.
//!
//! Needs root and Debian's `podman`, `runc` and `debootstrap`, and for compose.yaml
//! podman-compose 1.0.6 or later (`DAMA_PODMAN_COMPOSE` names it when it is not on the `PATH`;
//! Debian 12's 1.0.3 neither expands `${VAR:-}` nor runs a service on the host's network). Without them the tests are
//! skipped with one line, unless `DAMA_REQUIRE_CONTAINER=1` (set by `.ci/run`) makes their
//! absence fail them. Containers run with `--runtime runc --cgroup-manager cgroupfs` and limits
//! no higher than the machine's: CI machines refuse crun, systemd's cgroups and raised limits.

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
/// The bot's image in the compose test (its own tag: the other test replaces [`IMAGE`]).
const COMPOSE_IMAGE: &str = "localhost/dama-bot:compose-test";
/// PostgreSQL's image in the compose test, from `container/postgres/Containerfile`.
const POSTGRES_IMAGE: &str = "localhost/dama-postgres:container-test";
/// The compose project of the test: its containers, volumes and networks are named after it.
const PROJECT: &str = "dama-compose-test";
/// Where the podman-compose able to run the test is, when not on the `PATH`.
const COMPOSE_PROGRAM: &str = "DAMA_PODMAN_COMPOSE";
/// Where the debootstrapped trees are kept (a tarball per suite and week).
const CACHE: &str = "/var/cache/dama-container";
/// The image's user (the Dockerfile's `useradd --uid`).
const BOT_UID: u32 = 10001;
/// Upper bound of every wait on the stand-in: generous, a debug build on two loaded cores.
const WAIT: Duration = Duration::from_secs(30);
/// Upper bound of the wait for a container's health check to pass: PostgreSQL's first start
/// (initdb) and the bot's start, on two loaded cores.
const HEALTHY: Duration = Duration::from_secs(120);
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
    podman.build_image(IMAGE);
    let built = built.elapsed();

    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let token = dir.path().join("discord_token");
    std::fs::write(&token, format!("{}\n", discord.token())).expect("the token file");
    // Readable by the image's user, as a compose secret's file must be.
    std::fs::set_permissions(&token, std::fs::Permissions::from_mode(0o644))
        .expect("the token file's mode");
    // Backups go to a folder of the host, not into the database's own volume: the bot's user
    // owns it, nobody else opens it.
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).expect("the backups folder");
    std::os::unix::fs::chown(&backups, Some(BOT_UID), Some(BOT_UID))
        .expect("the backups folder's owner");
    std::fs::set_permissions(&backups, std::fs::Permissions::from_mode(0o700))
        .expect("the backups folder's mode");
    let metrics = free_port();

    let running = Instant::now();
    let bot = podman.run(&[
        format!("--volume={}:/run/secrets/discord_token:ro", token.display()),
        format!("--volume={}:/backups", backups.display()),
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

    // The operator's backup, as docs/running.md gives it.
    let backed_up = podman
        .command()
        .args([
            "exec",
            &bot.name,
            "dama-bot",
            "backup",
            "/backups/dama-backup.db",
        ])
        .output()
        .expect("podman runs");
    assert!(
        backed_up.status.success(),
        "dama-bot backup: {}",
        output_text(&backed_up)
    );
    let backup = backups.join("dama-backup.db");
    assert_eq!(
        kept_moves(&backup, game).await,
        ["d3-d4"],
        "the game's moves in the backup"
    );

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compose_yaml_runs_the_bot_on_postgresql_keeps_its_games_and_restores_a_backup() {
    let Some(podman) = Podman::find() else {
        return;
    };
    let Some(program) = Compose::find() else {
        return;
    };
    let started = Instant::now();
    std::fs::create_dir_all(CACHE).expect("the cache directory");
    let lock = File::create(Path::new(CACHE).join("lock")).expect("the cache's lock file");
    lock.lock().expect("the cache's lock");

    podman.base();
    let built = Instant::now();
    podman.build_image(COMPOSE_IMAGE);
    podman.build_postgres();
    let built = built.elapsed();

    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let project = tempfile::tempdir().expect("a temporary directory");
    let stack = Compose::new(program, project.path(), &discord);

    let up = Instant::now();
    stack.run_ok(&["up", "-d"]);
    stack.wait_until_healthy("db");
    let sessions = stack.connected(&discord, 1).await;
    let connected = up.elapsed();
    stack.wait_until_healthy("bot");

    // Hardened as the file says: the bot's user by number, no capability (none to gain), a
    // read-only root; PostgreSQL's role for the bot is an ordinary one.
    let status = stack.exec("bot", &["cat", "/proc/self/status"]);
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .map(str::trim)
            .unwrap_or_else(|| panic!("no {name} in {status}"))
            .to_owned()
    };
    assert_eq!(
        field("Uid:"),
        format!("{BOT_UID}\t{BOT_UID}\t{BOT_UID}\t{BOT_UID}")
    );
    assert_eq!(field("CapEff:"), "0000000000000000", "no capability");
    assert_eq!(field("CapBnd:"), "0000000000000000", "none to gain");
    assert_eq!(field("NoNewPrivs:"), "1");
    let written = podman
        .command()
        .args(["exec", &stack.container("bot"), "touch", "/dama-was-here"])
        .output()
        .expect("podman runs");
    assert!(
        !written.status.success() && output_text(&written).contains("Read-only file system"),
        "the root is read-only: {}",
        output_text(&written)
    );
    assert_eq!(
        stack.sql("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"),
        "f",
        "the bot's role is no superuser"
    );

    let [alice, bob] = discord.users(["alice", "bob"]);
    let (thread, game) = started_game(&discord, &stack, &alice, &bob).await;
    let moved = discord.dispatch_slash_command(
        &discord.in_guild(&alice),
        &dama("move").option("move", "d3-d4").option("game", game),
    );
    answer(&discord, &stack, moved).await;
    board_with(&discord, &stack, thread, "alice played **d3-d4**.").await;
    let answered = up.elapsed();
    let moves =
        format!("SELECT string_agg(notation, ' ' ORDER BY ply) FROM moves WHERE game_id = {game}");

    // `down` removes the containers, not the volumes: the game is there after `up`.
    stack.run_ok(&["down"]);
    assert_eq!(stack.containers(), "", "down removes the containers");
    stack.run_ok(&["up", "-d"]);
    stack.wait_until_healthy("db");
    let sessions = stack.connected(&discord, sessions + 1).await;
    assert_eq!(stack.sql(&moves), "d3-d4", "the game after down and up");

    // The backup goes to a file on the host, outside every volume.
    let backup = project.path().join("dama.dump");
    stack.run_to_file(
        &[
            "exec",
            "-T",
            "db",
            "pg_dump",
            "-U",
            "dama",
            "--format=custom",
            "dama",
        ],
        &backup,
    );
    let dump = std::fs::read(&backup).expect("the backup");
    assert!(dump.starts_with(b"PGDMP"), "pg_dump's custom format");

    // Lost: `down -v` removes the database's volume. A new one gets the backup before the bot
    // starts on it.
    stack.run_ok(&["down", "-v"]);
    let volume = format!("{PROJECT}_db");
    let gone = podman
        .command()
        .args(["volume", "exists", &volume])
        .status()
        .expect("podman runs");
    assert!(!gone.success(), "down -v removes {volume}");
    stack.run_ok(&["up", "-d", "db"]);
    stack.wait_until_healthy("db");
    stack.run_from_file(
        &[
            "exec",
            "-T",
            "db",
            "pg_restore",
            "-U",
            "dama",
            "--dbname=dama",
            "--no-owner",
            "--exit-on-error",
        ],
        &backup,
    );
    stack.run_ok(&["up", "-d"]);
    stack.connected(&discord, sessions + 1).await;
    assert_eq!(stack.sql(&moves), "d3-d4", "the restored game");
    // The bot goes on with it.
    let replied = discord.dispatch_slash_command(
        &discord.in_guild(&bob),
        &dama("move").option("move", "d6-d5").option("game", game),
    );
    answer(&discord, &stack, replied).await;
    board_with(&discord, &stack, thread, "bob played **d6-d5**.").await;
    assert_eq!(stack.sql(&moves), "d3-d4 d6-d5");

    drop(stack);
    eprintln!(
        "compose test: images built in {built:?}; after `up` the bot connected in {connected:?} \
         and had answered a challenge and a move in {answered:?}; {:?} in all",
        started.elapsed()
    );
}

/// A podman-compose project of compose.yaml in a directory of its own, removed (containers,
/// volumes, networks) when dropped.
struct Compose {
    program: PathBuf,
    dir: PathBuf,
    /// The variables it runs with, and no others: the test's environment could name another
    /// database or log level.
    env: Vec<(String, String)>,
}

impl Compose {
    /// podman-compose, or `None` (said in one line) when the machine has none able to run the
    /// test and nobody requires it.
    fn find() -> Option<PathBuf> {
        let program = std::env::var_os(COMPOSE_PROGRAM)
            .filter(|p| !p.is_empty())
            .map_or_else(|| PathBuf::from("podman-compose"), PathBuf::from);
        let version = Command::new(&program).arg("version").output();
        let why = match version {
            Err(e) => format!(
                "the compose test needs podman-compose ({}: {e}; .ci/run installs it)",
                program.display()
            ),
            Ok(output) => {
                let text = String::from_utf8_lossy(&output.stdout).into_owned();
                // "podman-compose version 1.0.6"; Debian 12's 1.0.3 says "podman-composer
                // version  1.0.3".
                let found = text
                    .lines()
                    .find_map(|line| line.strip_prefix("podman-compose version"))
                    .map(|v| {
                        v.trim_start_matches([':', ' '])
                            .trim()
                            .split('.')
                            .map(|n| n.parse::<u32>().unwrap_or(0))
                            .collect::<Vec<_>>()
                    });
                match found {
                    Some(v) if v >= vec![1, 0, 6] => return Some(program),
                    _ => format!(
                        "the compose test needs podman-compose 1.0.6 or later, which runs a \
                         service on the host's network; {} says {:?} (.ci/run installs it)",
                        program.display(),
                        text.trim()
                    ),
                }
            }
        };
        if std::env::var(REQUIRE).is_ok_and(|v| !v.is_empty() && v != "0") {
            panic!("{why} ({REQUIRE} is set)");
        }
        eprintln!("skipped: {why}; {REQUIRE}=1 makes this fail");
        None
    }

    /// The project in `dir`: the repository's compose.yaml and the database's first-start
    /// script, the stand-in's token as the secret (a folder of mode 0700), and the one
    /// override: the bot on the host's network, where the stand-in listens.
    fn new(program: PathBuf, dir: &Path, discord: &FakeDiscord) -> Compose {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace");
        std::fs::copy(repository.join("compose.yaml"), dir.join("compose.yaml"))
            .expect("compose.yaml is copied");
        let initdb = dir.join("container/postgres/initdb");
        std::fs::create_dir_all(&initdb).expect("the initdb directory");
        std::fs::copy(
            repository.join("container/postgres/initdb/dama.sql"),
            initdb.join("dama.sql"),
        )
        .expect("the initdb script is copied");
        let secrets = dir.join("secrets");
        std::fs::create_dir(&secrets).expect("the secrets folder");
        std::fs::set_permissions(&secrets, std::fs::Permissions::from_mode(0o700))
            .expect("the secrets folder's mode");
        let token = secrets.join("discord_token");
        std::fs::write(&token, format!("{}\n", discord.token())).expect("the token file");
        std::fs::set_permissions(&token, std::fs::Permissions::from_mode(0o644))
            .expect("the token file's mode");
        std::fs::write(
            dir.join("compose.test.yaml"),
            "services:\n  bot:\n    network_mode: host\n",
        )
        .expect("the override");
        // podman-compose runs podman without flags of its own: the runtime and cgroup
        // manager this machine allows come from a containers.conf.
        let conf = dir.join("containers.conf");
        std::fs::write(
            &conf,
            "[engine]\nruntime = \"runc\"\ncgroup_manager = \"cgroupfs\"\n",
        )
        .expect("containers.conf");

        let mut env: Vec<(String, String)> = ["PATH", "HOME", "LANG"]
            .into_iter()
            .filter_map(|key| Some((key.to_owned(), std::env::var(key).ok()?)))
            .collect();
        let metrics = free_port();
        env.extend(
            [
                ("CONTAINERS_CONF", conf.display().to_string()),
                ("DAMA_IMAGE", COMPOSE_IMAGE.to_owned()),
                ("DAMA_POSTGRES_IMAGE", POSTGRES_IMAGE.to_owned()),
                ("DISCORD_API_BASE", discord.base_url().to_owned()),
                ("DAMA_METRICS_ADDR", format!("127.0.0.1:{metrics}")),
                // Three pieces build in memory in under a second; four would take a minute.
                ("DAMA_ENDGAME_PIECES", "3".to_owned()),
                // No higher than this machine allows (see the module's comment).
                ("DAMA_NOFILE", "1024".to_owned()),
                ("DAMA_NPROC", "1024".to_owned()),
                ("DAMA_DB_NOFILE", "1024".to_owned()),
                ("DAMA_DB_NPROC", "1024".to_owned()),
                ("DAMA_MEMORY", "512m".to_owned()),
                ("DAMA_DB_MEMORY", "512m".to_owned()),
            ]
            .map(|(key, value)| (key.to_owned(), value)),
        );
        let stack = Compose {
            program,
            dir: dir.to_owned(),
            env,
        };
        // Left by an earlier run that was killed: gone.
        stack.remove();
        stack
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(&self.program);
        command
            .current_dir(&self.dir)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .args([
                "-p",
                PROJECT,
                "-f",
                "compose.yaml",
                "-f",
                "compose.test.yaml",
            ])
            .args(args);
        command
    }

    /// Runs `podman-compose args`, panicking with its output and the containers' when it fails.
    fn run_ok(&self, args: &[&str]) {
        let output = self.command(args).output().expect("podman-compose runs");
        self.check(args, &output);
    }

    /// Runs `podman-compose args` with its standard output into the new file `path`.
    fn run_to_file(&self, args: &[&str], path: &Path) {
        let file = File::create_new(path).expect("a new file");
        let output = self
            .command(args)
            .stdout(file)
            .output()
            .expect("podman-compose runs");
        self.check(args, &output);
    }

    /// Runs `podman-compose args` reading the file `path`.
    fn run_from_file(&self, args: &[&str], path: &Path) {
        let file = File::open(path).expect("the file");
        let output = self
            .command(args)
            .stdin(file)
            .output()
            .expect("podman-compose runs");
        self.check(args, &output);
    }

    fn check(&self, args: &[&str], output: &Output) {
        if !output.status.success() {
            self.fail(&format!(
                "podman-compose {}: {}",
                args.join(" "),
                output_text(output)
            ));
        }
    }

    /// The name of `service`'s container, found by the labels compose gives it.
    fn container(&self, service: &str) -> String {
        let name = Podman.run_ok(&[
            "ps",
            "--all",
            "--filter",
            &format!("label=com.docker.compose.project={PROJECT}"),
            "--filter",
            &format!("label=com.docker.compose.service={service}"),
            "--format",
            "{{.Names}}",
        ]);
        assert!(!name.is_empty(), "no container for {service}");
        name
    }

    /// The project's containers, one name a line.
    fn containers(&self) -> String {
        Podman.run_ok(&[
            "ps",
            "--all",
            "--filter",
            &format!("label=com.docker.compose.project={PROJECT}"),
            "--format",
            "{{.Names}}",
        ])
    }

    /// Runs `args` in `service`'s container: its standard output.
    fn exec(&self, service: &str, args: &[&str]) -> String {
        let container = self.container(service);
        let mut exec = vec!["exec", container.as_str()];
        exec.extend_from_slice(args);
        Podman.run_ok(&exec)
    }

    /// `query`'s one value, asked as the bot's role through the database's socket.
    fn sql(&self, query: &str) -> String {
        self.exec(
            "db",
            &["psql", "-U", "dama", "-d", "dama", "-tA", "-c", query],
        )
    }

    /// Waits until `service`'s health check passes, running it as the engine would (there is
    /// no systemd here to run it on schedule).
    fn wait_until_healthy(&self, service: &str) {
        let container = self.container(service);
        let deadline = Instant::now() + HEALTHY;
        loop {
            let health = Podman
                .command()
                .args(["healthcheck", "run", &container])
                .output()
                .expect("podman runs");
            if health.status.success() {
                return;
            }
            if Instant::now() > deadline {
                self.fail(&format!(
                    "{service} is not healthy after {HEALTHY:?}: {}\n--- {service} ---\n{}",
                    output_text(&health),
                    container_logs(&Podman, &container)
                ));
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    }

    /// Waits for the bot's `sessions`th READY and its command registration: the number of
    /// READYs so far. The bot restarts (its restart policy) while the database is not there.
    async fn connected(&self, discord: &FakeDiscord, sessions: u32) -> u32 {
        let ready = discord
            .wait_for_gateway("a READY of a new session", |s| s.readies >= sessions)
            .await
            .unwrap_or_else(|e| self.fail(&format!("{e}")));
        discord
            .wait_for_nth_request(
                "the command registration",
                usize::try_from(sessions - 1).expect("a count"),
                is_registration,
            )
            .await
            .unwrap_or_else(|e| self.fail(&format!("{e}")));
        ready.readies
    }

    fn remove(&self) {
        let _ = self
            .command(&["down", "-v", "-t", "5"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        // podman-compose leaves the networks it made.
        for network in ["db", "default"] {
            let _ = Podman
                .command()
                .args(["network", "rm", "--force", &format!("{PROJECT}_{network}")])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
    }
}

impl Bot for Compose {
    fn logs(&self) -> String {
        ["db", "bot"]
            .into_iter()
            .map(|service| {
                let output = self
                    .command(&["logs", service])
                    .output()
                    .expect("podman-compose runs");
                format!("--- {service} ---\n{}", output_text(&output))
            })
            .collect()
    }
}

impl Drop for Compose {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("{}", self.logs());
        }
        self.remove();
    }
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

    /// Builds `image` from the Dockerfile, its binary the one cargo built for this test.
    fn build_image(&self, image: &str) {
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
        let _ = self.command().args(["rmi", "--force", image]).output();
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
            image,
            &context.path().display().to_string(),
        ]);
    }

    /// Builds [`POSTGRES_IMAGE`] from `container/postgres` on the base: Debian's `postgresql`
    /// from Debian's mirror the first time, the layers podman keeps afterwards.
    fn build_postgres(&self) {
        let context = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace")
            .join("container/postgres");
        self.run_ok(&[
            "build",
            "--quiet",
            "--isolation=chroot",
            "--network=host",
            "--format=docker",
            &format!("--build-arg=DEBIAN={BASE}:{SUITE}"),
            "--tag",
            POSTGRES_IMAGE,
            &context.display().to_string(),
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
            // As compose.yaml runs it: nothing writable but its volume and a tmpfs, no
            // capability, no way to gain one.
            .args(["--read-only", "--tmpfs=/tmp", "--cap-drop=ALL"])
            .arg("--security-opt=no-new-privileges")
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
        container_logs(&self.podman, &self.name)
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

/// The output so far of container `name`.
fn container_logs(podman: &Podman, name: &str) -> String {
    let output = podman
        .command()
        .args(["logs", name])
        .output()
        .expect("podman runs");
    output_text(&output)
}

/// A running bot whose output a failing test shows.
trait Bot {
    /// The bot's output so far.
    fn logs(&self) -> String;

    /// Fails the test, showing the bot's output.
    fn fail(&self, why: &str) -> ! {
        panic!("{why}\n--- the bot's output ---\n{}", self.logs());
    }
}

impl Bot for Container {
    fn logs(&self) -> String {
        Container::logs(self)
    }
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
    bot: &impl Bot,
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
    bot: &impl Bot,
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
    bot: &impl Bot,
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
