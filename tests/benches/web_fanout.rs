//! Fan-out benchmark of the live web pages: the real bot, with its web pages on, over a SQLite
//! file and the Discord stand-in; games are played by `/dama move` through the stand-in, and
//! each game is watched by open event streams (`GET /game/{token}/events`, as a page's
//! `EventSource` opens them). For every move it times the span from the move being sent to
//! each stream receiving the new state (the `event: state` whose JSON has the new `ply`), and
//! prints p50, p90, p99 and the worst of those deliveries, with the memory each open stream
//! costs (the growth of this process's resident memory, `VmRSS`, while the streams open,
//! divided by their number: the bot's end of each stream *and* the client's, both in this
//! process).
//!
//! `cargo bench -p dama-tests --bench web_fanout` runs two scenarios, the issue's: 1,000
//! streams watching one game, then 200 games with 5 streams each; every game plays 10 plies,
//! each after a thinking time of 0–1 s (500 ms on average) once every stream has the previous
//! one. `DAMA_WEB_FANOUT` chooses the scenarios (`1x1000,200x5`: games × streams per game),
//! `DAMA_WEB_PLIES` and `DAMA_WEB_THINK_MS` the plies and the average thinking time. Run as a
//! test (`cargo test --benches`) it plays 2 plies with a few streams, to check that it works.
//!
//! The bot lets one client address hold at most 32 event streams (`dama_web::PER_CLIENT`), and
//! every stream here comes from 127.0.0.1. The loopback is a trusted proxy by default
//! (`DAMA_TRUSTED_PROXIES`), so each stream's request carries `X-Forwarded-For` with an address
//! of its own (10.x.y.z), as a reverse proxy in front of the bot writes it for 1,000 readers.
//!
//! Each stream is one TCP connection on each side: the run raises this process's soft limit on
//! open files to its hard limit (`ulimit -Hn`), and says so if that is still too few.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dama_bot::config::Config;
use dama_bot::{Bot, BotOptions, Stopper};
use dama_rules::notation::{self, Notation};
use dama_rules::{Position, Rules};
use dama_service::service::{GameService, ServiceConfig};
use dama_tests::{FakeDiscord, FakeUser, SlashCommand};
use serenity::all::ChannelId;
use tokio::sync::watch;

#[path = "support/open_files.rs"]
mod open_files;
#[path = "support/sse.rs"]
mod sse;

/// How long a stream may take to bring a move before the run gives up on it.
const PATIENCE: Duration = Duration::from_secs(60);

/// The address the bot's links are under (never reached: the pages are asked of its port).
const PUBLIC_URL: &str = "http://dama.test";

fn main() {
    let benchmarking = std::env::args().any(|a| a == "--bench");
    let setting = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (scenarios, plies, think) = if benchmarking {
        let chosen = std::env::var("DAMA_WEB_FANOUT").unwrap_or_else(|_| "1x1000,200x5".into());
        (
            scenarios(&chosen),
            setting("DAMA_WEB_PLIES", 10),
            setting("DAMA_WEB_THINK_MS", 500),
        )
    } else {
        (vec![(1, 10), (2, 3)], 2, 5)
    };
    let wanted = scenarios.iter().map(|(g, w)| g * w).max().unwrap_or(0);
    open_files::raise(
        u64::try_from(wanted * 2 + 256).unwrap_or(u64::MAX),
        &format!("{wanted} streams"),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    for (games, watchers) in scenarios {
        let think = Duration::from_millis(think);
        let plies = usize::try_from(plies).unwrap_or(usize::MAX);
        runtime.block_on(run(games, watchers, plies, think));
    }
}

/// The scenarios named in `text`: `1x1000,200x5` is 1 game with 1,000 streams, then 200 games
/// with 5 each.
fn scenarios(text: &str) -> Vec<(usize, usize)> {
    text.split(',')
        .map(|s| {
            let (games, watchers) = s
                .trim()
                .split_once('x')
                .and_then(|(g, w)| Some((g.parse().ok()?, w.parse().ok()?)))
                .unwrap_or_else(|| panic!("DAMA_WEB_FANOUT: {s:?} is not GAMESxSTREAMS"));
            (games, watchers)
        })
        .collect()
}

/// One scenario: `games` games with `watchers` streams each, `plies` plies each.
async fn run(games: usize, watchers: usize, plies: usize, think: Duration) {
    println!(
        "--- {games} game(s) × {watchers} stream(s) = {} streams",
        games * watchers
    );
    let discord = Arc::new(FakeDiscord::start().await.expect("the stand-in binds"));
    discord.set_wait_timeout(PATIENCE);
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}", dir.path().join("dama.db").display());
    let (stopper, bot, web) = start_bot(&discord, &url).await;

    println!("setting up {games} games…");
    let mut tables = Vec::with_capacity(games);
    for i in 0..games {
        tables.push(set_up(&discord, i).await);
    }

    println!("opening {} streams…", games * watchers);
    let client = reqwest::Client::new();
    let deliveries: Arc<Mutex<Vec<Duration>>> = Arc::default();
    let before = resident_kib();
    let mut streams = Vec::with_capacity(games * watchers);
    for table in &tables {
        for _ in 0..watchers {
            let events = format!("http://{web}/game/{}/events", table.token);
            let (client, page) = (client.clone(), Arc::clone(&table.page));
            let deliveries = Arc::clone(&deliveries);
            let reader = reader_address(streams.len());
            streams.push(tokio::spawn(watch_events(
                client, events, reader, page, deliveries,
            )));
        }
    }
    for table in &tables {
        table.page.reached(0, watchers).await;
    }
    // Settle: the streams' first events are all read, the allocator's arenas filled.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = resident_kib();

    println!("playing {plies} plies in each game, players thinking {think:?} on average…");
    let started = Instant::now();
    let tasks: Vec<_> = tables
        .into_iter()
        .zip(1_u64..)
        .map(|(table, seed)| {
            let discord = Arc::clone(&discord);
            tokio::spawn(play(discord, table, watchers, plies, think, seed))
        })
        .collect();
    let mut moves = 0;
    for task in tasks {
        moves += task.await.expect("a game task");
    }
    let wall = started.elapsed();
    for stream in &streams {
        stream.abort();
    }
    stopper.stop().await;
    let _ = bot.await;

    let mut deliveries =
        std::mem::take(&mut *deliveries.lock().unwrap_or_else(PoisonError::into_inner));
    deliveries.sort_unstable();
    let at = |q: f64| {
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let i = ((deliveries.len() as f64 * q).ceil() as usize).clamp(1, deliveries.len()) - 1;
        deliveries[i].as_secs_f64() * 1000.0
    };
    println!(
        "{moves} moves, {} deliveries to streams in {:.1} s",
        deliveries.len(),
        wall.as_secs_f64()
    );
    println!(
        "move sent -> state on every stream: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        at(0.50),
        at(0.90),
        at(0.99),
        at(1.0)
    );
    let streams_opened = u32::try_from(games * watchers).unwrap_or(u32::MAX);
    #[allow(clippy::cast_precision_loss, reason = "kibibytes far below 2^52")]
    let growth = after.saturating_sub(before) as f64;
    println!(
        "memory per open stream: {:.1} KiB (VmRSS {before} -> {after} KiB; the bot's end and \
         the client's, both in this process)",
        growth / f64::from(streams_opened)
    );
}

/// What the streams of one game have received, and when its moves were sent.
#[derive(Default)]
struct Page {
    /// When the move that made each ply was sent.
    sent: Mutex<HashMap<i64, Instant>>,
    /// How many streams have received each ply.
    reached: watch::Sender<HashMap<i64, usize>>,
}

impl Page {
    /// Waits until `watchers` streams have received `ply`.
    async fn reached(&self, ply: i64, watchers: usize) {
        let mut reached = self.reached.subscribe();
        let waited = tokio::time::timeout(
            PATIENCE,
            reached.wait_for(|r| r.get(&ply).copied().unwrap_or(0) >= watchers),
        )
        .await;
        let counted = self.reached.borrow().get(&ply).copied().unwrap_or(0);
        assert!(
            waited.is_ok(),
            "ply {ply} reached {counted} of {watchers} streams within {PATIENCE:?} (was the move \
             refused, or a stream refused?)"
        );
    }
}

/// The address reader `n`'s browser has, as the trusted proxy forwards it: 10.x.y.z.
fn reader_address(n: usize) -> std::net::Ipv4Addr {
    let n = u32::try_from(n + 1).unwrap_or(u32::MAX) & 0x00FF_FFFF;
    std::net::Ipv4Addr::from(0x0A00_0000 | n)
}

/// Reads one event stream, for the reader at `reader`, noting each new ply it brings and, for
/// a move sent by the run, how long after its sending it came.
async fn watch_events(
    client: reqwest::Client,
    url: String,
    reader: std::net::Ipv4Addr,
    page: Arc<Page>,
    deliveries: Arc<Mutex<Vec<Duration>>>,
) {
    let forwarded = reader.to_string();
    let mut response = loop {
        let request = client.get(&url).header("X-Forwarded-For", &forwarded);
        match request.send().await {
            Ok(r) if r.status().is_success() => break r,
            // Too many connections at once, or the listener's backlog full: again, shortly.
            Ok(_) | Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    let mut buffer = String::new();
    let mut last = None;
    while let Ok(Some(chunk)) = response.chunk().await {
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            let Some(ply) = ply_of(&event) else {
                continue;
            };
            if last == Some(ply) {
                continue;
            }
            last = Some(ply);
            let arrived = Instant::now();
            let sent = page
                .sent
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&ply)
                .copied();
            if let Some(sent) = sent {
                deliveries
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(arrived.saturating_duration_since(sent));
            }
            page.reached
                .send_modify(|r| *r.entry(ply).or_default() += 1);
        }
    }
}

/// The ply of a server-sent `state` event, if it is one.
fn ply_of(event: &str) -> Option<i64> {
    sse::state_event(event)?["ply"].as_i64()
}

/// The real bot with its web pages on (at a free port), over the database at `url`,
/// connected to the stand-in's gateway: its stopper, its task and the web pages' address.
async fn start_bot(
    discord: &FakeDiscord,
    url: &str,
) -> (Stopper, tokio::task::JoinHandle<()>, std::net::SocketAddr) {
    let pool = dama_service::connect(url).await.expect("database");
    let service = GameService::new(pool, ServiceConfig::default());
    let (token, base) = (discord.token().to_owned(), discord.base_url().to_owned());
    let config = Config::from_lookup(move |name| match name {
        "DISCORD_TOKEN" => Some(token.clone()),
        "DISCORD_API_BASE" => Some(base.clone()),
        "DAMA_WEB_ADDR" => Some("127.0.0.1:0".to_owned()),
        "DAMA_PUBLIC_URL" => Some(PUBLIC_URL.to_owned()),
        _ => None,
    })
    .expect("configuration");
    let bot = Bot::new(&config, service, BotOptions::default())
        .await
        .expect("the bot builds");
    let web = bot.web_addr().expect("the web pages are on");
    let stopper = bot.stopper();
    let task = tokio::spawn(async move {
        if let Err(e) = bot.run().await {
            eprintln!("the bot stopped: {e}");
        }
    });
    discord.wait_for_ready().await.expect("the bot connects");
    (stopper, task, web)
}

/// Two players, their game's thread, its page's token and what its streams received.
struct Table {
    white: FakeUser,
    black: FakeUser,
    thread: ChannelId,
    token: String,
    page: Arc<Page>,
}

/// Game `i`: challenged, accepted, its first board posted with the link to its page.
async fn set_up(discord: &FakeDiscord, i: usize) -> Table {
    let white = discord.user(&format!("white{i}"));
    let black = discord.user(&format!("black{i}"));
    let (thread, token) = discord
        .start_game_with_page(&white, &black, PUBLIC_URL)
        .await;
    Table {
        white,
        black,
        thread,
        token,
        page: Arc::default(),
    }
}

/// Plays `plies` moves of one game by command, each after a random thinking time averaging
/// `think` once all `watchers` streams have the previous one; returns how many were played.
async fn play(
    discord: Arc<FakeDiscord>,
    table: Table,
    watchers: usize,
    plies: usize,
    think: Duration,
    seed: u64,
) -> usize {
    let mut position = Position::start();
    let mut random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut played = 0;
    for ply in 0..plies {
        // xorshift64: thinking times uniform in 0..2×think, the same in every run.
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        let share = u32::try_from(random % 2000).unwrap_or(0);
        tokio::time::sleep(think * share / 1000).await;
        let moves = position.legal_moves_under(Rules::STANDARD);
        if moves.is_empty() {
            break;
        }
        let m = moves[(ply * 5) % moves.len()];
        let text = notation::format(&m, Notation::Algebraic);
        let player = if ply % 2 == 0 {
            &table.white
        } else {
            &table.black
        };
        let command = SlashCommand::new("dama")
            .subcommand("move")
            .option("move", text.as_str());
        let origin = discord.in_channel(player, table.thread);
        let next = i64::try_from(ply + 1).unwrap_or(i64::MAX);
        table
            .page
            .sent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(next, Instant::now());
        discord.dispatch_slash_command(&origin, &command);
        table.page.reached(next, watchers).await;
        position = position.play(&m).expect("a legal move");
        played += 1;
    }
    played
}

/// This process's resident memory (`VmRSS`), in KiB (0 where `/proc` does not say).
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
