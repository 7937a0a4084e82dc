//! Load benchmark: many games played at once through the stand-in by the real bot, timing
//! each move from its `INTERACTION_CREATE` being sent to the bot's response (the new board, a
//! PNG upload) being received. Prints p50, p90, p99 and the worst.
//!
//! `cargo bench -p dama-tests --bench load` plays 50 games of 20 plies twice: *paced*, each
//! player thinking a random 0–200 ms (100 ms on average) before moving, which offers the bot
//! about 400 moves a second; and *saturated*, each player moving the instant the board
//! arrives, which measures how many moves the machine can answer at all (latency is then the
//! queue: 50 waiting moves divided by that rate). Before that every game plays 4 plies that are
//! not measured (the warm-up: new database connections prepare their statements, caches fill).
//! `DAMA_LOAD_GAMES`, `DAMA_LOAD_WARMUP`, `DAMA_LOAD_PLIES` and `DAMA_LOAD_THINK_MS` (the
//! average thinking time of the paced run) change that. Run as a test
//! (`cargo test --benches`) it plays 2 short games, to check that it works.
//!
//! `DAMA_LOAD_HTTP=N` starts N instances over the same database that receive the interactions
//! over HTTP (signed, spread over them in turn) instead of one gateway instance: latency is
//! then from the POST being sent.
//!
//! `DAMA_LOAD_BOT_CPUS=0` (a comma-separated list of cores) pins the bot's threads to those
//! cores, with as many worker threads as cores, and the stand-in's and players' threads to the
//! others: a fair stand-in for a small machine (one core for the bot) on a bigger one. Linux
//! only (`sched_setaffinity`).
//!
//! `DAMA_LOAD_DATABASE=postgres` runs the bot over a fresh database on a throwaway PostgreSQL
//! server (the tests' own, see `dama-test-postgres`) instead of a SQLite file. Each run prints
//! the CPU time per move of the bot instances (their own runtime's threads), of the stand-in
//! and the simulated players (another runtime's) and, on PostgreSQL, of the server's processes. `RUST_LOG` turns the bot's log on (to standard
//! output).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dama_bot::config::Config;
use dama_bot::{Bot, BotOptions, Stopper};
use dama_rules::notation::{self, Notation};
use dama_rules::{Position, Rules};
use dama_service::service::{GameService, ServiceConfig};
use dama_tests::{FakeDiscord, FakeUser, Recorded, SlashCommand};
use serenity::all::{ChannelId, InteractionId, MessageId};
use tokio::sync::{oneshot, watch};

/// Interactions waiting for their response, by interaction id.
type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<(Instant, Recorded)>>>>;

/// Boards posted by the delivery worker so far, by channel (counted by the collector as the
/// requests arrive, so that no game scans the whole record for them).
type Boards = watch::Sender<HashMap<ChannelId, usize>>;

/// The thread names of the two runtimes, by which the CPU time of each side is told apart.
const STANDIN_THREADS: &str = "dama-standin";
const BOT_THREADS: &str = "dama-bot";

fn main() {
    // `RUST_LOG=sqlx::query=debug` shows every statement with its time, for example;
    // `DAMA_LOAD_STATEMENTS=1` counts the statements per move.
    {
        use tracing_subscriber::prelude::*;
        let log = std::env::var_os("RUST_LOG").is_some().then(|| {
            tracing_subscriber::fmt::layer()
                .with_filter(tracing_subscriber::EnvFilter::from_default_env())
        });
        let count = std::env::var_os("DAMA_LOAD_STATEMENTS").is_some().then(|| {
            statements::Counter.with_filter(tracing_subscriber::filter::filter_fn(|m| {
                m.target() == "sqlx::query"
            }))
        });
        tracing_subscriber::registry().with(log).with(count).init();
    }
    let benchmarking = std::env::args().any(|a| a == "--bench");
    let setting = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (games, warmup, plies, think) = if benchmarking {
        (
            setting("DAMA_LOAD_GAMES", 50),
            setting("DAMA_LOAD_WARMUP", 4),
            setting("DAMA_LOAD_PLIES", 20),
            setting("DAMA_LOAD_THINK_MS", 100),
        )
    } else {
        (2, 1, 4, 5)
    };
    // The stand-in with the players, and the bot instances, each on a runtime of its own, so
    // that each side's CPU time can be read from its threads.
    let bot_cpus = cores::from_env("DAMA_LOAD_BOT_CPUS");
    let runtime = |name: &str, cpus: Option<Vec<usize>>| {
        let mut builder = tokio::runtime::Builder::new_multi_thread();
        builder.thread_name(name).enable_all();
        if let Some(cpus) = cpus {
            builder.worker_threads(cpus.len().max(1));
            builder.on_thread_start(move || cores::pin(&cpus));
        }
        builder.build().expect("a runtime")
    };
    let others = bot_cpus.as_deref().map(cores::others);
    if let Some(cpus) = &bot_cpus {
        println!("the bot on cores {cpus:?}; the stand-in and players on {others:?}");
    }
    let (standin, bots) = (
        runtime(STANDIN_THREADS, others),
        runtime(BOT_THREADS, bot_cpus),
    );
    for think in [think, 0] {
        let think = Duration::from_millis(u64::try_from(think).unwrap_or(u64::MAX));
        standin.block_on(run(bots.handle(), games, (warmup, plies), think));
    }
}

async fn run(
    bots: &tokio::runtime::Handle,
    games: usize,
    (warmup, plies): (usize, usize),
    think: Duration,
) {
    let discord = Arc::new(FakeDiscord::start().await.expect("the stand-in binds"));
    discord.set_wait_timeout(Duration::from_secs(60));
    let dir = tempfile::tempdir().expect("temporary directory");
    let postgres = std::env::var("DAMA_LOAD_DATABASE").is_ok_and(|d| d == "postgres");
    let url = if postgres {
        let server = dama_test_postgres::Server::shared().expect("a throwaway PostgreSQL server");
        println!("PostgreSQL on 127.0.0.1:{}", server.port());
        server.fresh_database().expect("a fresh database")
    } else {
        format!("sqlite://{}", dir.path().join("dama.db").display())
    };
    let instances = std::env::var("DAMA_LOAD_HTTP")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(0);
    let mut running = Vec::new();
    let start = |http: Option<String>| {
        let (discord, url) = (Arc::clone(&discord), url.clone());
        bots.spawn(async move { start_bot(&discord, &url, http.as_deref()).await })
    };
    if instances == 0 {
        running.push(start(None).await.expect("the bot starts"));
    }
    let mut urls = Vec::new();
    for _ in 0..instances {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let addr = format!("127.0.0.1:{port}");
        running.push(start(Some(addr.clone())).await.expect("the bot starts"));
        while tokio::net::TcpStream::connect(&addr).await.is_err() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        urls.push(format!("http://{addr}{}", dama_discord::endpoint::PATH));
    }
    if !urls.is_empty() {
        println!(
            "interactions over HTTP, spread over {} instances",
            urls.len()
        );
        discord.deliver_interactions_to(&urls);
    }

    // Every response is noticed by one collector, which hands it to the game waiting for it.
    let pending: Pending = Arc::default();
    let boards: Arc<Boards> = Arc::new(watch::Sender::new(HashMap::new()));
    let collector = tokio::spawn(collect(
        Arc::clone(&discord),
        Arc::clone(&pending),
        Arc::clone(&boards),
    ));

    println!("setting up {games} games…");
    let mut tables = Vec::with_capacity(games);
    for i in 0..games {
        tables.push(set_up(&discord, &pending, i).await);
    }

    let how = if think.is_zero() {
        "saturated: each move sent as soon as the board arrives".to_owned()
    } else {
        format!("paced: players think {} ms on average", think.as_millis())
    };
    // All the games at once, `plies` plies each; returns the tables as they are then and every
    // move's latency.
    let all_play = |tables: Vec<Table>, plies: usize| {
        let tasks: Vec<_> = tables
            .into_iter()
            .zip(1_u64..)
            .map(|(table, seed)| {
                let (discord, pending) = (Arc::clone(&discord), Arc::clone(&pending));
                let boards = Arc::clone(&boards);
                tokio::spawn(play(discord, pending, boards, table, plies, think, seed))
            })
            .collect();
        async move {
            let mut tables = Vec::with_capacity(tasks.len());
            let mut latencies = Vec::with_capacity(tasks.len() * plies);
            for task in tasks {
                let (table, played) = task.await.expect("a game task");
                tables.push(table);
                latencies.extend(played);
            }
            (tables, latencies)
        }
    };
    if warmup > 0 {
        // New connections prepare each statement once; caches fill. Not measured.
        println!("warming up: {warmup} plies in each game, not counted…");
        tables = all_play(tables, warmup).await.0;
    }
    println!("playing {plies} plies in each of {games} games at once, {how}…");
    let started = Instant::now();
    let cpu_before = cpu::now();
    let statements_before = statements::count();
    let refused_before = REFUSED.load(Ordering::Relaxed);
    let (_, mut latencies) = all_play(tables, plies).await;
    let wall = started.elapsed();
    let cpu_after = cpu::now();
    let statements_after = statements::count();
    let refused = REFUSED.load(Ordering::Relaxed) - refused_before;
    collector.abort();
    for (stopper, task) in running {
        stopper.stop().await;
        let _ = task.await;
    }

    latencies.sort_unstable();
    let at = |q: f64| {
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let i = ((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len()) - 1;
        latencies[i]
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} moves in {:.2} s ({:.0} moves/s), {games} games at once",
        latencies.len(),
        wall.as_secs_f64(),
        f64::from(u32::try_from(latencies.len()).unwrap_or(u32::MAX)) / wall.as_secs_f64()
    );
    println!(
        "INTERACTION_CREATE -> response: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(at(0.50)),
        ms(at(0.90)),
        ms(at(0.99)),
        ms(at(1.0))
    );
    if refused > 0 {
        println!(
            "{refused} interactions refused with 503 (too many at once) and sent again; \
             each move's time runs from its first sending"
        );
    }
    let moves = f64::from(u32::try_from(latencies.len()).unwrap_or(u32::MAX));
    let per_move = |before: f64, after: f64| (after - before) * 1000.0 / moves;
    print!(
        "CPU per move: bot {:.2} ms (all instances; of which SQLite's threads {:.2} ms), \
         stand-in and players {:.2} ms",
        per_move(cpu_before.bots, cpu_after.bots),
        per_move(cpu_before.sqlite, cpu_after.sqlite),
        per_move(cpu_before.standin, cpu_after.standin)
    );
    if postgres {
        print!(
            ", PostgreSQL {:.2} ms",
            per_move(cpu_before.postgres, cpu_after.postgres)
        );
    }
    println!();
    if std::env::var_os("DAMA_LOAD_STATEMENTS").is_some() {
        #[allow(clippy::cast_precision_loss, reason = "a count far below 2^52")]
        let per_move = (statements_after - statements_before) as f64 / moves;
        println!("statements per move: {per_move:.1} (every instance, the worker's included)");
    }
}

/// The SQL statements the bot sends, counted from sqlx's `sqlx::query` events (one per
/// statement run, `BEGIN` and `COMMIT` included).
mod statements {
    use std::sync::atomic::{AtomicU64, Ordering};

    static STATEMENTS: AtomicU64 = AtomicU64::new(0);

    /// Counts every event it is given.
    pub struct Counter;

    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Counter {
        fn on_event(
            &self,
            _event: &tracing::Event<'_>,
            _ctx: tracing_subscriber::layer::Context<'_, S>,
        ) {
            STATEMENTS.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Statements so far.
    pub fn count() -> u64 {
        STATEMENTS.load(Ordering::Relaxed)
    }
}

/// CPU time (user and system, seconds) read from `/proc`, whose clock ticks are 1/100 s on
/// Linux (`USER_HZ`).
mod cpu {
    const TICKS: f64 = 100.0;

    /// CPU time so far, in seconds, by side.
    pub struct Spent {
        /// The bot instances' threads (their runtime's workers and blocking threads, and
        /// SQLite's).
        pub bots: f64,
        /// SQLite's threads (one per connection, running the statements).
        pub sqlite: f64,
        /// The stand-in's and the simulated players' threads.
        pub standin: f64,
        /// PostgreSQL's processes (0 without PostgreSQL).
        pub postgres: f64,
    }

    pub fn now() -> Spent {
        let sqlite = threads(SQLITE_THREADS);
        Spent {
            bots: threads(super::BOT_THREADS) + sqlite,
            sqlite,
            standin: threads(super::STANDIN_THREADS),
            postgres: postgres(),
        }
    }

    /// The name of sqlx's SQLite connection threads (`sqlx-sqlite-worker-N`), as far as Linux
    /// shows it.
    const SQLITE_THREADS: &str = "sqlx-sqlite-worker";

    /// The CPU time of this process's threads named `name` (Linux shows the first 15 bytes).
    fn threads(name: &str) -> f64 {
        let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
            return 0.0;
        };
        let shown = &name[..name.len().min(15)];
        tasks
            .flatten()
            .filter_map(|t| std::fs::read_to_string(t.path().join("stat")).ok())
            .filter(|s| s.contains(&format!("({shown}")))
            .map(|s| ticks(&s, false))
            .sum()
    }

    /// The CPU time of every running `postgres` process, with that of their ended children.
    fn postgres() -> f64 {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return 0.0;
        };
        entries
            .flatten()
            .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
            .filter(|s| s.contains("(postgres)"))
            .map(|s| ticks(&s, true))
            .sum()
    }

    /// utime + stime (and cutime + cstime when `children`) of a `/proc/PID/stat` line, in
    /// seconds.
    fn ticks(stat: &str, children: bool) -> f64 {
        // The fields after the command's closing parenthesis: state is field 3, utime 14.
        let Some((_, rest)) = stat.rsplit_once(')') else {
            return 0.0;
        };
        let fields: Vec<f64> = rest
            .split_whitespace()
            .skip(11)
            .take(4)
            .map(|f| f.parse().unwrap_or(0.0))
            .collect();
        let own = fields.first().unwrap_or(&0.0) + fields.get(1).unwrap_or(&0.0);
        let reaped = fields.get(2).unwrap_or(&0.0) + fields.get(3).unwrap_or(&0.0);
        (if children { own + reaped } else { own }) / TICKS
    }
}

/// The real bot over the database at `url`, connected to the stand-in's gateway or, given
/// an address, receiving interactions over HTTP there; its stopper stops it.
async fn start_bot(
    discord: &FakeDiscord,
    url: &str,
    http: Option<&str>,
) -> (Stopper, tokio::task::JoinHandle<()>) {
    let pool = dama_service::connect(url).await.expect("database");
    let service = GameService::new(pool, ServiceConfig::default());
    let (token, base) = (discord.token().to_owned(), discord.base_url().to_owned());
    let (key, addr) = (discord.interactions_public_key(), http.map(str::to_owned));
    let config = Config::from_lookup(move |name| match name {
        "DISCORD_TOKEN" => Some(token.clone()),
        "DISCORD_API_BASE" => Some(base.clone()),
        "DISCORD_PUBLIC_KEY" => addr.as_ref().map(|_| key.clone()),
        "DAMA_HTTP_ADDR" => addr.clone(),
        _ => None,
    })
    .expect("configuration");
    let bot = Bot::new(&config, service, BotOptions::default())
        .await
        .expect("the bot builds");
    let stopper = bot.stopper();
    let task = tokio::spawn(async move {
        if let Err(e) = bot.run().await {
            eprintln!("the bot stopped: {e}");
        }
    });
    if http.is_none() {
        discord.wait_for_ready().await.expect("the bot connects");
    }
    discord
        .wait_for_request("the command registration", |r| {
            r.method == "PUT" && r.api_path().ends_with("/commands")
        })
        .await
        .expect("the bot registers its command");
    (stopper, task)
}

/// Waits for every request in arrival order, delivers interaction responses to their
/// waiters, stamped with the moment they were seen, and counts the boards posted in channels.
async fn collect(discord: Arc<FakeDiscord>, pending: Pending, boards: Arc<Boards>) {
    let mut next = 0;
    loop {
        let Ok(request) = discord.wait_for_request_number(next).await else {
            continue;
        };
        let seen = Instant::now();
        next += 1;
        if !request.is_interaction_callback() {
            let channel = request
                .api_path()
                .strip_prefix("/channels/")
                .and_then(|rest| rest.strip_suffix("/messages"))
                .and_then(|id| id.parse::<u64>().ok());
            if request.method == "POST"
                && request.file("board.png").is_some()
                && let Some(channel) = channel
            {
                boards.send_modify(|boards| {
                    *boards.entry(ChannelId::new(channel)).or_default() += 1;
                });
            }
            continue;
        }
        let id = request
            .api_path()
            .split('/')
            .nth(2)
            .and_then(|id| id.parse::<u64>().ok());
        let waiter = id.and_then(|id| {
            pending
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .remove(&id)
        });
        if let Some(waiter) = waiter {
            let _ = waiter.send((seen, request));
        }
    }
}

/// Interactions an endpoint refused (503 when it has too many requests at once) and that
/// were sent again, as a member clicks again after "This interaction failed".
static REFUSED: AtomicU64 = AtomicU64::new(0);

/// Dispatches an interaction with `dispatch` and waits for its response; returns the time in
/// between, the interaction and its response. Over HTTP, an interaction the endpoint refused
/// (it gets no response) is dispatched again at once and counted in [`REFUSED`]; the time
/// runs from the first dispatch.
async fn timed(
    discord: &FakeDiscord,
    pending: &Pending,
    dispatch: impl Fn() -> InteractionId,
) -> (Duration, InteractionId, Recorded) {
    let first = Instant::now();
    loop {
        let (tx, mut rx) = oneshot::channel();
        let id = {
            // Held from before the dispatch until the waiter is filed, so that the collector
            // cannot see the response first.
            let mut waiting = pending.lock().unwrap_or_else(PoisonError::into_inner);
            let id = dispatch();
            waiting.insert(id.get(), tx);
            id
        };
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            tokio::select! {
                answered = &mut rx => {
                    let (seen, response) = answered.expect("the collector is running");
                    return (seen.saturating_duration_since(first), id, response);
                }
                () = tokio::time::sleep(Duration::from_millis(10)) => {
                    if discord.endpoint_status(id).is_some_and(|s| !(200..300).contains(&s)) {
                        break;
                    }
                    assert!(tokio::time::Instant::now() < deadline, "a response within a minute");
                }
            }
        }
        pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&id.get());
        REFUSED.fetch_add(1, Ordering::Relaxed);
    }
}

/// Two players, their game's thread and its position.
struct Table {
    white: FakeUser,
    black: FakeUser,
    thread: ChannelId,
    position: Position,
    ply: usize,
}

async fn set_up(discord: &FakeDiscord, pending: &Pending, i: usize) -> Table {
    let white = discord.user(&format!("white{i}"));
    let black = discord.user(&format!("black{i}"));
    let challenge = SlashCommand::new("dama")
        .subcommand("challenge")
        .option("opponent", &black)
        .option("color", "white")
        .option("time", "none");
    let (_, interaction, answer) = timed(discord, pending, || {
        discord.dispatch_slash_command(&discord.in_guild(&white), &challenge)
    })
    .await;
    let accept = answer
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("dama:accept:"))
        .expect("an Accept button")
        .to_owned();
    let message: MessageId = discord
        .original_response_id(interaction)
        .expect("the challenge message");
    timed(discord, pending, || {
        discord
            .dispatch_button(&discord.in_guild(&black), message, &accept)
            .expect("the Accept button")
    })
    .await;
    let thread = ChannelId::new(message.get());
    let path = format!("/channels/{thread}/messages");
    discord
        .wait_for_request("the first board", |r| {
            r.method == "POST" && r.api_path() == path
        })
        .await
        .expect("the first board");
    Table {
        white,
        black,
        thread,
        position: Position::start(),
        ply: 0,
    }
}

/// Plays `plies` more moves of one game by command, each after a random thinking time
/// averaging `think` once the previous one is answered; returns the table as it is then and
/// each move's latency.
async fn play(
    discord: Arc<FakeDiscord>,
    pending: Pending,
    boards: Arc<Boards>,
    mut table: Table,
    plies: usize,
    think: Duration,
    seed: u64,
) -> (Table, Vec<Duration>) {
    let mut position = table.position;
    let mut latencies = Vec::with_capacity(plies);
    let mut random = (seed ^ (table.ply as u64) << 32).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for ply in table.ply..table.ply + plies {
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
        // Boards the delivery worker posted in the thread so far.
        let posted = boards.borrow().get(&table.thread).copied().unwrap_or(0);
        let sent = Instant::now();
        let (mut latency, _, response) = timed(&discord, &pending, || {
            discord.dispatch_slash_command(&origin, &command)
        })
        .await;
        let follows = response
            .content()
            .is_some_and(|c| c.contains("The board follows"));
        if response.file("board.png").is_none() && follows {
            // The answer said the board follows (the news before it was still being sent by
            // another instance): it counts once the worker has posted it.
            tokio::time::timeout(
                Duration::from_secs(60),
                boards
                    .subscribe()
                    .wait_for(|b| b.get(&table.thread).copied().unwrap_or(0) > posted),
            )
            .await
            .expect("the worker posts the board within a minute")
            .expect("the collector is running");
            latency = sent.elapsed();
        } else {
            assert!(
                !response.is_ephemeral() && response.file("board.png").is_some(),
                "{text} was refused: {:?}",
                response.content()
            );
        }
        latencies.push(latency);
        position = position.play(&m).expect("a legal move");
    }
    table.ply += latencies.len();
    table.position = position;
    (table, latencies)
}

/// Pinning threads to cores.
mod cores {
    /// The cores listed in variable `name` (`0,1`), if it is set and not empty.
    pub fn from_env(name: &str) -> Option<Vec<usize>> {
        let value = std::env::var(name).ok()?;
        let cores: Vec<usize> = value
            .split(',')
            .filter(|c| !c.trim().is_empty())
            .map(|c| c.trim().parse().expect("a core number"))
            .collect();
        (!cores.is_empty()).then_some(cores)
    }

    /// The machine's other cores (every core when `cores` are all there is).
    pub fn others(cores: &[usize]) -> Vec<usize> {
        let all = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let rest: Vec<usize> = (0..all).filter(|c| !cores.contains(c)).collect();
        if rest.is_empty() {
            (0..all).collect()
        } else {
            rest
        }
    }

    /// Pins the calling thread to `cores`.
    #[cfg(target_os = "linux")]
    pub fn pin(cores: &[usize]) {
        // SAFETY: a zeroed cpu_set_t is an empty set; CPU_SET writes within it for core
        // numbers below CPU_SETSIZE, and sched_setaffinity reads it for the calling thread (0).
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            for &core in cores {
                libc::CPU_SET(core, &mut set);
            }
            let pinned = libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
            assert_eq!(pinned, 0, "cannot pin a thread to cores {cores:?}");
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn pin(_cores: &[usize]) {
        panic!("DAMA_LOAD_BOT_CPUS needs Linux");
    }
}
