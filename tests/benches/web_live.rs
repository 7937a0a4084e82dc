//! Live games played on their pages, under load: the real bot (`dama_bot::Bot`, with its web
//! pages and sign-in with Discord) over a SQLite file and the Discord stand-in, all on
//! 127.0.0.1. `DAMA_WEB_LIVE_GAMES` live games (500 by default) between signed-in members (each
//! signed in through `/signin`, the stand-in's authorize page and `/signin/callback`), at 3+2,
//! except one game in ten at 1+0. Each side's "page" does what `game.js` and `play.js` do in a
//! browser: it loads the game's page (for its anti-forgery token), holds the game's event
//! stream open (`GET /game/{token}/events`, as `EventSource` does), says it is here every 5 s
//! (`{"act": "here"}`), and 2 s after its turn began (its stream brought the opponent's move)
//! posts its move (`POST /game/{token}/act`, session cookie, `X-Dama-Csrf`, JSON body), one of
//! the moves the state offers it.
//!
//! It prints, once every game is set up and its pages open ("at load"), for
//! `DAMA_WEB_LIVE_SECONDS` (60 by default):
//! - **move**: from a move's `POST` being sent to the *opponent's* stream receiving the state
//!   with the new ply: p50, p90, p99, the worst and the count (the issue's "a move on the page
//!   reaches the opponent's page": p99 ≤ 50 ms);
//! - **flag**: in the 1+0 games the side to move stops (at its first turn 5 s after the load is
//!   full, plus the game's share of `DAMA_WEB_LIVE_FLAG_SPREAD` seconds, 20 by default: the
//!   flagging games stop one after another across it, so their flags fall as those of games
//!   begun at different times do, about 2.5 a second at 500 games; `0` stops them all at once,
//!   a burst of 50 flags in a second) and lets its clock run out. The moment it ran out is
//!   computed from the server's clock reading in the last state its page received (the
//!   reading's `now` plus that side's time left); from then to (a) each page's stream receiving the ended state, and (b) the
//!   Discord stand-in receiving the thread's message announcing the result ("ran out of
//!   time"): p50, p99 and the worst of each (the "announced on every face within
//!   100 ms"). The run goes on past `DAMA_WEB_LIVE_SECONDS` until every flag fell (70 s at
//!   most), the other games still playing.
//!
//! It prints too what the bot asked of the Discord stand-in: the requests, the channel writes,
//! the 429s, and the most requests Discord's global limit (50 a second per bot, interactions'
//! requests apart) would have counted in any second, over the whole run and at load.
//!
//! The flag's way to the thread is timed stage by stage too, from the delivery worker's debug
//! events (target `dama_discord::stages`): the end notice `taken` from the outbox, `picked` to
//! be sent, `paced` (its slot of the bot's pace given), `sent` (Discord answered).
//!
//! Moves and sightings refused (the pages' bound on requests at once answers 503 beyond it)
//! are counted and printed; a refused move is sent again 200 ms later. The run fails (exits
//! non-zero) when a move is refused for another reason or unanswered, a stream ends, a
//! flagging game's page never sees its end, a thread is never told, or a request to Discord
//! does not validate against its published description; the targets are reported, not
//! asserted.
//!
//! `cargo bench -p dama-tests --bench web_live` runs it in release. The same run in a debug
//! build: `DAMA_WEB_LIVE_GAMES=500 cargo test -p dama-tests --bench web_live --locked`. Run as
//! a test without `DAMA_WEB_LIVE_GAMES` (`cargo test --benches`) it plays 4 games (one of them
//! 1+0) for 4 s to check that it works; there the service's clock is moved ahead once the
//! flagging side stops, so that its minute runs out a second later instead of a minute (the
//! flag worker, asleep until the deadline it read before the jump, may see it up to a move
//! later: the quick check's figures say only that every part works).
//!
//! What the run sets, and why it may: one client address per member. The pages allow at most
//! 32 event streams and a few sign-ins per client address (see `dama_web::PER_CLIENT`), and
//! 1,000 pages on one machine come from 127.0.0.1. The loopback is a trusted proxy by default
//! (`DAMA_TRUSTED_PROXIES`), so each page's requests carry `X-Forwarded-For` with an address of
//! its own (10.x.y.z), as a reverse proxy in front of the bot would write it for 1,000 readers.
//! The pages' sign-ins go at the pace the bot allows everyone together (5 a second after a
//! burst of 10): signing 1,000 members in takes about 200 s before the games start. Each stream
//! is one TCP connection on each side, and each page's requests another: the run raises this
//! process's soft limit on open files to its hard limit (`ulimit -Hn`), before the bot sets its
//! cap on streams from it, and says so if that is still too few.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use dama_service::clock::{Clock, Timestamp};
use dama_service::service::{GameFilter, GameService, ServiceConfig};
use dama_tests::{FakeDiscord, FakeUser, Recorded, SlashCommand, global_rate};
use serde_json::Value;
use serenity::all::{ChannelId, MessageId};
use tokio::sync::{oneshot, watch};

#[path = "support/answers.rs"]
mod answers;
#[path = "support/open_files.rs"]
mod open_files;
#[path = "support/sse.rs"]
mod sse;
#[path = "support/web_bot.rs"]
mod web_bot;

use answers::{cookies_set, location};

/// How long anything single (a request, a stream's next state, a Discord answer) may take
/// before the run calls it lost.
const PATIENCE: Duration = Duration::from_secs(60);

/// How long a page thinks: its move goes this long after its turn began.
const THINK: Duration = Duration::from_secs(2);

/// How often a live game's open page says it is here (`play.js`'s `SIGHTING_EVERY`).
const SIGHTING_EVERY: Duration = Duration::from_secs(5);

/// How long after the load is full the flagging sides stop.
const STOP_AFTER: Duration = Duration::from_secs(5);

/// How long past the run's length it waits for the last flags.
const FLAG_WAIT: Duration = Duration::from_secs(70);

/// The targets (reported, not asserted).
const MOVE_TARGET_MS: f64 = 50.0;
const FLAG_TARGET_MS: f64 = 100.0;

/// Games set up at once.
const SETTING_UP: usize = 4;

fn main() {
    stages::install();
    let benchmarking = std::env::args().any(|a| a == "--bench");
    let setting = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let chosen = setting("DAMA_WEB_LIVE_GAMES");
    // The quick check: a test run not asked for a size.
    let quick = !benchmarking && chosen.is_none();
    let plan = if quick {
        Plan {
            games: 4,
            seconds: Duration::from_secs(4),
            quick,
            flag_spread: Duration::ZERO,
        }
    } else {
        Plan {
            games: usize::try_from(chosen.unwrap_or(500)).unwrap_or(500),
            seconds: Duration::from_secs(setting("DAMA_WEB_LIVE_SECONDS").unwrap_or(60)),
            quick,
            flag_spread: Duration::from_secs(setting("DAMA_WEB_LIVE_FLAG_SPREAD").unwrap_or(20)),
        }
    };
    let pages = plan.games * 2;
    open_files::raise(
        u64::try_from(pages * 4 + 512).unwrap_or(u64::MAX),
        &format!("{pages} pages"),
    );
    let runtime = |name: &str| {
        tokio::runtime::Builder::new_multi_thread()
            .thread_name(name)
            .enable_all()
            .build()
            .expect("a runtime")
    };
    // The bot on a runtime of its own, as in its own process; the stand-in and the pages on
    // another.
    let (pages, bots) = (runtime("dama-pages"), runtime("dama-bot"));
    let failures = pages.block_on(run(bots.handle(), plan));
    if !failures.is_empty() {
        println!("web_live FAILED:");
        for failure in &failures {
            println!("  - {failure}");
        }
        std::process::exit(1);
    }
}

/// What one run does.
#[derive(Debug, Clone, Copy)]
struct Plan {
    games: usize,
    seconds: Duration,
    /// The quick check of `cargo test --benches`: the clock jumps to the flag.
    quick: bool,
    /// Over how long the flagging games' sides stop, one after another.
    flag_spread: Duration,
}

/// The service's clock: the system's, moved ahead by `ahead` (only in the quick check, to
/// bring a minute's flag closer).
#[derive(Debug, Default)]
struct BenchClock {
    ahead_ms: AtomicI64,
}

impl BenchClock {
    /// Now by this clock, in ms since the epoch, to the microsecond.
    fn now_ms(&self) -> f64 {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO)
            .as_secs_f64()
            * 1000.0;
        #[allow(clippy::cast_precision_loss, reason = "an offset of seconds")]
        let ahead = self.ahead_ms.load(Ordering::Relaxed) as f64;
        system + ahead
    }

    /// Moves the clock ahead so that `at` (ms by this clock) comes `lead` from now.
    fn bring_closer(&self, at: f64, lead: Duration) {
        let jump = at - self.now_ms() - lead.as_secs_f64() * 1000.0;
        if jump > 0.0 {
            #[allow(clippy::cast_possible_truncation, reason = "a minute, in ms")]
            self.ahead_ms.fetch_add(jump as i64, Ordering::Relaxed);
        }
    }
}

impl Clock for BenchClock {
    fn now(&self) -> Timestamp {
        #[allow(
            clippy::cast_possible_truncation,
            reason = "ms since the epoch fit in i64"
        )]
        Timestamp::from_millis(self.now_ms().floor() as i64)
    }
}

/// Failures found, said in words.
type Failures = Vec<String>;

/// What every page and the run share.
struct Shared {
    clock: Arc<BenchClock>,
    client: reqwest::Client,
    web: String,
    quick: bool,
    /// When every game was set up and its pages open.
    full: OnceLock<Instant>,
    /// Set when the pages are to stop.
    stop: watch::Sender<bool>,
    /// Move deliveries at load, ms.
    moves: Mutex<Vec<f64>>,
    /// From a clock running out to each page's stream bringing the end, ms.
    flag_pages: Mutex<Vec<f64>>,
    /// Flagging games whose flag has fallen (seen on one of their pages).
    flags_fallen: AtomicUsize,
    /// Requests refused or unanswered: moves, sightings.
    moves_refused: AtomicUsize,
    sightings_refused: AtomicUsize,
    /// Moves sent, sightings sent.
    moves_sent: AtomicUsize,
    sightings_sent: AtomicUsize,
    /// Things that went wrong, in words (the first few).
    problems: Mutex<Vec<String>>,
}

impl Shared {
    fn problem(&self, what: String) {
        let mut problems = self.problems.lock().unwrap_or_else(PoisonError::into_inner);
        if problems.len() < 20 {
            problems.push(what);
        }
    }

    fn at_load(&self, sent: Instant) -> bool {
        self.full.get().is_some_and(|full| sent >= *full)
    }
}

#[allow(clippy::too_many_lines, reason = "the run, in the order it happens")]
async fn run(bots: &tokio::runtime::Handle, plan: Plan) -> Failures {
    let mut failures = Failures::new();
    let discord = Arc::new(FakeDiscord::start().await.expect("the stand-in binds"));
    discord.set_wait_timeout(PATIENCE);
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}", dir.path().join("dama.db").display());
    let web = format!("127.0.0.1:{}", free_port());
    let clock = Arc::new(BenchClock::default());
    let bot = {
        let (discord, url, web) = (Arc::clone(&discord), url.clone(), web.clone());
        let clock: Arc<dyn Clock> = clock.clone();
        bots.spawn(async move { start_bot(&discord, &url, &web, clock).await })
            .await
            .expect("the bot starts")
    };
    let public = format!("http://{web}");
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(PATIENCE)
        .build()
        .expect("a client");
    let shared = Arc::new(Shared {
        clock: Arc::clone(&clock),
        client: client.clone(),
        web: public.clone(),
        quick: plan.quick,
        full: OnceLock::new(),
        stop: watch::channel(false).0,
        moves: Mutex::default(),
        flag_pages: Mutex::default(),
        flags_fallen: AtomicUsize::new(0),
        moves_refused: AtomicUsize::new(0),
        sightings_refused: AtomicUsize::new(0),
        moves_sent: AtomicUsize::new(0),
        sightings_sent: AtomicUsize::new(0),
        problems: Mutex::default(),
    });
    let reader = Arc::new(DiscordReader::default());
    let reading = tokio::spawn(Arc::clone(&reader).read(
        Arc::clone(&discord),
        Arc::clone(&clock),
        shared.stop.subscribe(),
    ));

    let games = plan.games;
    println!(
        "signing in {} members (at the pace the bot allows: 5 a second after a burst of 10)…",
        games * 2
    );
    let started = Instant::now();
    let mut members = Vec::with_capacity(games * 2);
    for m in 0..games * 2 {
        let side = if m % 2 == 0 { "white" } else { "black" };
        let user = discord.user(&format!("{side}{}", m / 2));
        discord.sign_in_as(Some(&user));
        let address = address_of(m);
        let cookie = sign_in(&client, &public, address).await;
        members.push(Member {
            user,
            address,
            cookie,
        });
    }
    println!(
        "signed in in {:.1} s; setting up {games} live games and opening their pages…",
        started.elapsed().as_secs_f64()
    );

    let started = Instant::now();
    let quick = plan.quick;
    let flagging = move |i: usize| i % 10 == 9 || (quick && i == games - 1);
    // The flagging games' sides stop one after another across the spread, in game order.
    let flaggers = u32::try_from(games.div_ceil(10)).unwrap_or(u32::MAX).max(1);
    let spread = plan.flag_spread;
    let stop_after = move |i: usize| {
        STOP_AFTER + spread * u32::try_from(i / 10).unwrap_or(0).min(flaggers) / flaggers
    };
    let mut members = members.into_iter();
    let mut tables = Vec::with_capacity(games);
    let mut pages = Vec::with_capacity(games * 2);
    let mut setting_up = tokio::task::JoinSet::new();
    for i in 0..games {
        let (Some(white), Some(black)) = (members.next(), members.next()) else {
            break;
        };
        if setting_up.len() >= SETTING_UP {
            let (table, more) = setting_up
                .join_next()
                .await
                .expect("a game being set up")
                .expect("a game set up");
            pages.extend(more);
            tables.push(table);
        }
        let (discord, reader, shared, service) = (
            Arc::clone(&discord),
            Arc::clone(&reader),
            Arc::clone(&shared),
            bot.service.clone(),
        );
        let clock = if flagging(i) { "1+0" } else { "3+2" };
        setting_up.spawn(async move {
            let table = set_up(&discord, &reader, &service, i, clock, &white, &black).await;
            let game = Arc::new(Game {
                token: table.token.clone(),
                flagging: flagging(i),
                stop_after: stop_after(i),
                sent: Mutex::default(),
                ran_out: Mutex::default(),
                seed: u64::try_from(i).unwrap_or(0),
            });
            let pages = [(white, "white"), (black, "black")].map(|(member, side)| {
                tokio::spawn(page(Arc::clone(&shared), Arc::clone(&game), side, member))
            });
            let table = Table {
                thread: table.thread,
                game,
            };
            (table, pages)
        });
        if (i + 1) % 50 == 0 {
            println!("  {} games set up…", i + 1);
        }
    }
    while let Some(done) = setting_up.join_next().await {
        let (table, more) = done.expect("a game set up");
        pages.extend(more);
        tables.push(table);
    }
    // Every page's stream open (it has its first state) before the load counts as full.
    let deadline = Instant::now() + PATIENCE;
    while OPEN_STREAMS.load(Ordering::Relaxed) < tables.len() * 2 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let full = Instant::now();
    let _ = shared.full.set(full);
    let flags_expected = tables.iter().filter(|t| t.game.flagging).count();
    println!(
        "load full after {:.1} s of setting up: {} games, {} pages' streams open; playing for \
         {:?} (then until the {flags_expected} flags fell)…",
        started.elapsed().as_secs_f64(),
        tables.len(),
        OPEN_STREAMS.load(Ordering::Relaxed),
        plan.seconds
    );
    tokio::time::sleep(plan.seconds).await;
    let waiting = Instant::now() + FLAG_WAIT;
    while shared.flags_fallen.load(Ordering::Relaxed) < flags_expected && Instant::now() < waiting {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let played = full.elapsed();
    // The threads' announcements of the last flags.
    let waiting = Instant::now() + Duration::from_secs(10);
    let announced_all = || {
        let announced = reader.announced();
        tables
            .iter()
            .filter(|t| t.game.flagging && t.game.ran_out().is_some())
            .all(|t| announced.contains_key(&t.thread.get()))
    };
    while !announced_all() && Instant::now() < waiting {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Each thread's game, to read the stages of its end's delivery by.
    let mut game_of_thread: HashMap<u64, i64> = HashMap::new();
    let games_in_play = {
        let mut n = 0;
        for table in &tables {
            let token = table.game.token.parse().expect("a page's token");
            let view = bot
                .service
                .game_by_token(&token)
                .await
                .ok()
                .flatten()
                .expect("the game exists");
            game_of_thread.insert(table.thread.get(), view.id.0);
            n += usize::from(!view.is_over());
        }
        n
    };
    shared.stop.send_replace(true);
    for page in pages {
        let _ = page.await;
    }
    reading.abort();
    let spec = discord.spec_problems();
    let requests = discord.requests();
    bot.stopper.stop().await;
    let _ = bot.task.await;

    // The report.
    println!(
        "--- {} live games (3+2, one in ten 1+0) on a SQLite file, {} pages, each side moving 2 s \
         after its turn began; {:.1} s at load, {games_in_play} games still in play at the end",
        tables.len(),
        tables.len() * 2,
        played.as_secs_f64()
    );
    println!(
        "moves sent {}, refused or unanswered {}; sightings sent {}, refused or unanswered {}",
        shared.moves_sent.load(Ordering::Relaxed),
        shared.moves_refused.load(Ordering::Relaxed),
        shared.sightings_sent.load(Ordering::Relaxed),
        shared.sightings_refused.load(Ordering::Relaxed)
    );
    // What the Discord face asked of Discord: its boards' posts and edits, and how often
    // Discord's limits (50 requests a second in all, 5 writes in 5 s a channel) refused it.
    let writes = requests
        .iter()
        .filter(|r| r.api_path().starts_with("/channels/") && r.api_path().contains("/messages"))
        .filter(|r| r.method == "POST" || r.method == "PATCH")
        .count();
    let limited = requests.iter().filter(|r| r.status == 429).count();
    let global = requests
        .iter()
        .filter(|r| r.status == 429 && r.response_header("x-ratelimit-global").is_some())
        .count();
    let since = requests.iter().filter(|r| r.received >= started).count();
    #[allow(clippy::cast_precision_loss, reason = "counts of requests")]
    let rate = since as f64 / started.elapsed().as_secs_f64();
    println!(
        "Discord: {} requests ({rate:.0} a second since the games' set-up began), {writes} \
         messages posted or edited in channels, {limited} answered 429 ({global} of them for the \
         global limit)",
        requests.len()
    );
    // What Discord's global limit (50 a second, interactions' requests apart) would have seen.
    let counted = global_rate(&requests);
    let at_load: Vec<Recorded> = requests
        .iter()
        .filter(|r| r.received >= full)
        .cloned()
        .collect();
    let load_rate = global_rate(&at_load);
    println!(
        "Discord's global limit: at most {} requests in a second ({} whole seconds over 50); \
         at load {} ({} over)",
        counted.peak, counted.seconds_over, load_rate.peak, load_rate.seconds_over
    );
    drop(requests);
    let moves = take(&shared.moves);
    report(
        "move POST sent -> the opponent's stream has the new ply",
        &moves,
        MOVE_TARGET_MS,
    );
    let flag_pages = take(&shared.flag_pages);
    report(
        "flag: clock ran out -> each page's stream has the ended state",
        &flag_pages,
        FLAG_TARGET_MS,
    );
    let announced = reader.announced();
    let mut flag_discord = Vec::new();
    for table in tables.iter().filter(|t| t.game.flagging) {
        let Some(ran_out) = table.game.ran_out() else {
            failures.push(format!("game {}: its side never stopped", table.thread));
            continue;
        };
        match announced.get(&table.thread.get()) {
            Some(at) => flag_discord.push(at - ran_out),
            None => failures.push(format!(
                "thread {}: no announcement of the flag came",
                table.thread
            )),
        }
    }
    report(
        "flag: clock ran out -> the stand-in has the thread's announcement",
        &flag_discord,
        FLAG_TARGET_MS,
    );
    // The way there, stage by stage (see `stages`).
    let reached = stages::reached(&clock);
    for stage in stages::STAGES {
        let samples: Vec<f64> = tables
            .iter()
            .filter(|t| t.game.flagging)
            .filter_map(|t| {
                let game = game_of_thread.get(&t.thread.get())?;
                Some(reached.get(&(stage, *game))? - t.game.ran_out()?)
            })
            .collect();
        report(
            &format!("  flag: clock ran out -> its end {stage} by the delivery worker"),
            &samples,
            FLAG_TARGET_MS,
        );
    }
    if moves.is_empty() {
        failures.push("no move was timed at load".to_owned());
    }
    if flag_pages.len() < flags_expected * 2 {
        failures.push(format!(
            "{} of the {} flagging games' pages saw their flag fall",
            flag_pages.len(),
            flags_expected * 2
        ));
    }
    failures.extend(
        take_problems(&shared.problems)
            .into_iter()
            .map(|p| format!("a page: {p}")),
    );
    failures.extend(spec.into_iter().map(|p| format!("Discord's spec: {p}")));
    failures
}

/// The values of `samples`, taken out.
fn take(samples: &Mutex<Vec<f64>>) -> Vec<f64> {
    std::mem::take(&mut *samples.lock().unwrap_or_else(PoisonError::into_inner))
}

fn take_problems(problems: &Mutex<Vec<String>>) -> Vec<String> {
    std::mem::take(&mut *problems.lock().unwrap_or_else(PoisonError::into_inner))
}

/// Prints p50, p90, p99, the worst and the count of `samples` (ms), and whether p99 meets
/// `target`.
fn report(what: &str, samples: &[f64], target: f64) {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len().max(1)) - 1;
        sorted.get(i).copied()
    };
    let ms = |v: Option<f64>| v.map_or_else(|| "-".to_owned(), |v| format!("{v:.1} ms"));
    let p99 = at(0.99);
    println!(
        "{what}: p50 {}, p90 {}, p99 {}, worst {}, n={} (p99 target {target} ms: {})",
        ms(at(0.50)),
        ms(at(0.90)),
        ms(p99),
        ms(at(1.0)),
        sorted.len(),
        match p99 {
            Some(p) if p <= target => "met",
            Some(_) => "MISSED",
            None => "no samples",
        }
    );
}

/// The real bot over the database at `url` on `clock`, its web pages at `web` (see
/// [`web_bot::start`]).
async fn start_bot(
    discord: &FakeDiscord,
    url: &str,
    web: &str,
    clock: Arc<dyn Clock>,
) -> web_bot::Running {
    let pool = dama_service::connect(url).await.expect("database");
    let service = GameService::with_clock(pool, ServiceConfig::default(), clock);
    web_bot::start(discord, service, web, Vec::new()).await
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// The address member `m`'s browser has, as the trusted proxy forwards it: 10.x.y.z.
fn address_of(m: usize) -> IpAddr {
    let m = u32::try_from(m + 1).unwrap_or(u32::MAX) & 0x00FF_FFFF;
    IpAddr::V4(Ipv4Addr::from(0x0A00_0000 | m))
}

/// A member signed in on the pages: who, from which address, with which session cookie.
struct Member {
    user: FakeUser,
    address: IpAddr,
    cookie: String,
}

/// Signs in with Discord on the pages at `public` from `address` (as the member the stand-in
/// approves for), step by step: `/signin`, Discord's authorize page, `/signin/callback`; asked
/// to come back (503, the bot's pace), again a moment later. The session's `Cookie` header.
async fn sign_in(client: &reqwest::Client, public: &str, address: IpAddr) -> String {
    let forwarded = address.to_string();
    for _ in 0..200 {
        let start = client
            .get(format!("{public}/signin?next=/"))
            .header("x-forwarded-for", &forwarded)
            .send()
            .await
            .expect("/signin answers");
        let set = cookies_set(&start);
        let (Some(authorize), [signing_in]) = (location(&start), set.as_slice()) else {
            panic!("/signin answered {}", start.status());
        };
        let signing_in = signing_in.clone();
        let approved = client
            .get(&authorize)
            .send()
            .await
            .expect("the authorize page answers");
        let callback = location(&approved).expect("the authorize page sends back");
        let back = client
            .get(&callback)
            .header(reqwest::header::COOKIE, signing_in)
            .header("x-forwarded-for", &forwarded)
            .send()
            .await
            .expect("/signin/callback answers");
        let status = back.status();
        match cookies_set(&back).as_slice() {
            [session] if status == reqwest::StatusCode::SEE_OTHER => return session.clone(),
            _ if status == reqwest::StatusCode::SERVICE_UNAVAILABLE => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            _ => panic!("/signin/callback answered {status}"),
        }
    }
    panic!("the sign-in was refused 200 times");
}

/// The anti-forgery token of game `token`'s page as the reader with `cookie` sees it.
async fn csrf_of(shared: &Shared, token: &str, member: &Member) -> String {
    let marker = "<meta name=\"dama-csrf\" content=\"";
    for _ in 0..600 {
        let answer = shared
            .client
            .get(format!("{}/game/{token}", shared.web))
            .header(reqwest::header::COOKIE, &member.cookie)
            .header("x-forwarded-for", member.address.to_string())
            .send()
            .await;
        // Too many requests at once (503): again, shortly.
        let Ok(answer) = answer.and_then(reqwest::Response::error_for_status) else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let page = answer.text().await.unwrap_or_default();
        let at = page.find(marker).expect("a signed-in page has its token") + marker.len();
        return page[at..]
            .split('"')
            .next()
            .expect("the token's end")
            .to_owned();
    }
    panic!("the game's page was refused 600 times");
}

/// What the run needs of a game set up: its thread and its token.
struct SetUp {
    thread: ChannelId,
    token: String,
}

/// A game and its thread.
struct Table {
    thread: ChannelId,
    game: Arc<Game>,
}

/// One game as its two pages share it.
struct Game {
    token: String,
    /// A 1+0 game whose side to move stops and lets its flag fall.
    flagging: bool,
    /// How long after the load is full a flagging game's side stops.
    stop_after: Duration,
    /// When the move that made each ply was sent.
    sent: Mutex<HashMap<i64, Instant>>,
    /// When the stopped side's clock ran out (ms, the service's clock).
    ran_out: Mutex<Option<f64>>,
    seed: u64,
}

impl Game {
    fn ran_out(&self) -> Option<f64> {
        *self.ran_out.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Game `i` between `white` and `black` on `clock`: challenged and accepted in Discord.
async fn set_up(
    discord: &FakeDiscord,
    reader: &DiscordReader,
    service: &GameService,
    i: usize,
    clock: &str,
    white: &Member,
    black: &Member,
) -> SetUp {
    let challenge = SlashCommand::new("dama")
        .subcommand("challenge")
        .option("opponent", &black.user)
        .option("color", "white")
        .option("clock", clock);
    let interaction = discord.dispatch_slash_command(&discord.in_guild(&white.user), &challenge);
    let answer = reader
        .wait(Awaited::Answer(interaction.get()))
        .await
        .unwrap_or_else(|| panic!("game {i}: the challenge is not answered"));
    let accept = answer
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("dama:accept:"))
        .unwrap_or_else(|| panic!("game {i}: no Accept button: {:?}", answer.content()))
        .to_owned();
    let message: MessageId = discord
        .original_response_id(interaction)
        .expect("the challenge message");
    discord
        .dispatch_button(&discord.in_guild(&black.user), message, &accept)
        .expect("the Accept button");
    let thread = ChannelId::new(message.get());
    // The game's page, as its link names it (read from the database: the first board, which
    // carries the link, waits on the delivery to Discord, which is not what is measured here).
    let white_id = dama_service::ids::UserId(white.user.id.get());
    let deadline = Instant::now() + PATIENCE;
    let token = loop {
        let games = service
            .active_games(white_id, GameFilter::Anywhere)
            .await
            .unwrap_or_default();
        if let Some(game) = games.first() {
            let token = service.web_token(game.id).await.expect("the game's token");
            break token.to_string();
        }
        assert!(Instant::now() < deadline, "game {i}: not accepted");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    SetUp { thread, token }
}

/// A request the set-up waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Awaited {
    /// The accepted answer to an interaction.
    Answer(u64),
}

/// A request awaited: arrived before anyone waited, or someone waiting.
enum Slot {
    Arrived(Box<Recorded>),
    Waiting(oneshot::Sender<Recorded>),
}

/// Reads every request the stand-in receives, once, in order: hands the set-up the answers it
/// waits for, and notes when each thread was told of a loss on time.
#[derive(Default)]
struct DiscordReader {
    slots: Mutex<HashMap<Awaited, Slot>>,
    /// When each thread's announcement of a flag reached the stand-in (ms, the service's
    /// clock).
    announced: Mutex<HashMap<u64, f64>>,
}

impl DiscordReader {
    async fn wait(&self, what: Awaited) -> Option<Recorded> {
        let receiver = {
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            match slots.remove(&what) {
                Some(Slot::Arrived(r)) => return Some(*r),
                Some(Slot::Waiting(_)) | None => {
                    let (sender, receiver) = oneshot::channel();
                    slots.insert(what, Slot::Waiting(sender));
                    receiver
                }
            }
        };
        tokio::time::timeout(PATIENCE, receiver).await.ok()?.ok()
    }

    fn arrived(&self, what: Awaited, request: &Recorded) {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        match slots.remove(&what) {
            Some(Slot::Waiting(sender)) => {
                let _ = sender.send(request.clone());
            }
            Some(Slot::Arrived(first)) => {
                slots.insert(what, Slot::Arrived(first));
            }
            None => {
                slots.insert(what, Slot::Arrived(Box::new(request.clone())));
            }
        }
    }

    fn announced(&self) -> HashMap<u64, f64> {
        self.announced
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    async fn read(
        self: Arc<DiscordReader>,
        discord: Arc<FakeDiscord>,
        clock: Arc<BenchClock>,
        mut stop: watch::Receiver<bool>,
    ) {
        let mut index = 0;
        loop {
            let request = tokio::select! {
                r = discord.wait_for_request_number(index) => r,
                _ = stop.wait_for(|s| *s) => return,
            };
            let Ok(request) = request else {
                continue;
            };
            // When it was received, by the service's clock.
            let received = clock.now_ms() - request.received.elapsed().as_secs_f64() * 1000.0;
            index += 1;
            if !request.succeeded() {
                continue;
            }
            let path = request.api_path();
            if request.is_interaction_callback() {
                let id = path.split('/').nth(2).and_then(|id| id.parse().ok());
                if let Some(id) = id {
                    self.arrived(Awaited::Answer(id), &request);
                }
                continue;
            }
            let Some(channel) = path
                .strip_prefix("/channels/")
                .and_then(|rest| rest.split_once("/messages"))
                .and_then(|(channel, _)| channel.parse::<u64>().ok())
            else {
                continue;
            };
            if request
                .content()
                .is_some_and(|c| c.contains("ran out of time"))
            {
                self.announced
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .entry(channel)
                    .or_insert(received);
            }
        }
    }
}

/// Pages whose stream brought its first state.
static OPEN_STREAMS: AtomicUsize = AtomicUsize::new(0);

/// What a page reads of a state.
struct State {
    ply: i64,
    turn: String,
    over: bool,
    /// The moves the reader's side may play, as their text.
    moves: Vec<String>,
    /// When the reader's clock runs out, by the reading in this state (ms), if it runs.
    runs_out: Option<f64>,
}

fn state_of(json: &Value, me: &str) -> Option<State> {
    let clock = &json["clock"];
    #[allow(clippy::cast_precision_loss, reason = "ms since the epoch fit in f64")]
    let runs_out = (clock["running"].as_str() == Some(me))
        .then(|| Some(clock["now"].as_i64()? as f64 + clock[format!("{me}_ms")].as_i64()? as f64))
        .flatten();
    Some(State {
        ply: json["ply"].as_i64()?,
        turn: json["turn"].as_str()?.to_owned(),
        over: json["over"].as_bool()?,
        moves: json["may"][me]["moves"]
            .as_array()
            .map(|moves| {
                moves
                    .iter()
                    .filter_map(|m| m["alg"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default(),
        runs_out,
    })
}

/// One side's page of `game`: loads the page, holds its stream, says it is here, and moves 2 s
/// after its turn began (see the module's documentation).
#[allow(clippy::too_many_lines, reason = "a page's life, in one loop")]
async fn page(shared: Arc<Shared>, game: Arc<Game>, me: &'static str, member: Member) {
    let forwarded = member.address.to_string();
    let csrf = csrf_of(&shared, &game.token, &member).await;
    let events = format!("{}/game/{}/events", shared.web, game.token);
    let act = format!("{}/game/{}/act", shared.web, game.token);
    let mut stop = shared.stop.subscribe();
    let mut response = loop {
        let opened = shared
            .client
            .get(&events)
            .header(reqwest::header::COOKIE, &member.cookie)
            .header("x-forwarded-for", &forwarded)
            .timeout(Duration::from_secs(24 * 3600))
            .send()
            .await;
        match opened {
            Ok(r) if r.status().is_success() => break r,
            // Too many streams being set up at once: again, shortly.
            Ok(_) | Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
        let stopping = *stop.borrow();
        if stopping {
            return;
        }
    };
    let post = |body: Value, moving: bool| {
        let (shared, act, member, csrf, forwarded) = (
            Arc::clone(&shared),
            act.clone(),
            member.cookie.clone(),
            csrf.clone(),
            forwarded.clone(),
        );
        async move {
            let answer = shared
                .client
                .post(&act)
                .header(reqwest::header::COOKIE, member)
                .header("x-dama-csrf", csrf)
                .header("x-forwarded-for", forwarded)
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.to_string())
                .send()
                .await;
            // Refused: why, and whether it was only for being busy (503: the page says so and
            // the member tries again, as the run does).
            let refused = match answer {
                Ok(answer) if answer.status().is_success() => {
                    let _ = answer.bytes().await;
                    None
                }
                Ok(answer) => {
                    let status = answer.status();
                    let busy = status == reqwest::StatusCode::SERVICE_UNAVAILABLE;
                    let text = answer.text().await.unwrap_or_default();
                    Some((format!("{status}: {text}"), busy))
                }
                Err(e) => Some((e.to_string(), false)),
            };
            if let Some((why, busy)) = &refused {
                if moving {
                    shared.moves_refused.fetch_add(1, Ordering::Relaxed);
                    if !busy {
                        shared.problem(format!("a move ({body}) refused: {why}"));
                    }
                } else {
                    shared.sightings_refused.fetch_add(1, Ordering::Relaxed);
                }
            }
            refused.is_none()
        }
    };
    let mut sightings =
        tokio::time::interval_at(tokio::time::Instant::now() + SIGHTING_EVERY, SIGHTING_EVERY);
    let mut buffer = String::new();
    let mut seen: Option<i64> = None;
    let mut first = true;
    let mut due: Option<tokio::time::Instant> = None;
    let mut latest: Option<State> = None;
    let mut random = game.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let (moved_tx, mut moved_rx) = tokio::sync::mpsc::channel::<bool>(4);
    let mut stopped = false;
    loop {
        let sleep = async {
            match due {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            chunk = response.chunk() => {
                let Ok(Some(chunk)) = chunk else {
                    let stopping = *shared.stop.borrow();
                    if !stopping {
                        shared.problem(format!("a {me} page's stream ended"));
                    }
                    return;
                };
                let arrived = Instant::now();
                let arrived_ms = shared.clock.now_ms();
                buffer.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = buffer.find("\n\n") {
                    let event: String = buffer.drain(..end + 2).collect();
                    let state = sse::state_event(&event).and_then(|json| state_of(&json, me));
                    let Some(state) = state else {
                        continue;
                    };
                    if first {
                        first = false;
                        OPEN_STREAMS.fetch_add(1, Ordering::Relaxed);
                    }
                    if state.over {
                        if let Some(ran_out) = game.ran_out().filter(|_| game.flagging) {
                            shared
                                .flag_pages
                                .lock()
                                .unwrap_or_else(PoisonError::into_inner)
                                .push(arrived_ms - ran_out);
                            if me == "white" {
                                shared.flags_fallen.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        // The game is over: the page has nothing more to do.
                        return;
                    }
                    if seen.is_some_and(|ply| state.ply <= ply) {
                        continue;
                    }
                    seen = Some(state.ply);
                    if state.turn == me {
                        // The opponent's move (or the game's start): the turn begins.
                        let sent = game
                            .sent
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .get(&state.ply)
                            .copied();
                        if let Some(sent) = sent.filter(|s| shared.at_load(*s)) {
                            shared
                                .moves
                                .lock()
                                .unwrap_or_else(PoisonError::into_inner)
                                .push(arrived.duration_since(sent).as_secs_f64() * 1000.0);
                        }
                        due = Some(tokio::time::Instant::from_std(arrived) + THINK);
                    } else {
                        due = None;
                    }
                    latest = Some(state);
                }
            }
            () = sleep => {
                due = None;
                let Some(state) = &latest else { continue };
                let stopping = game.flagging
                    && state.ply >= 2
                    && shared.full.get().is_some_and(|full| full.elapsed() >= game.stop_after);
                if stopping {
                    // This side has left: its clock runs out as the last reading says.
                    if let Some(at) = state.runs_out {
                        *game.ran_out.lock().unwrap_or_else(PoisonError::into_inner) = Some(at);
                        if shared.quick {
                            shared.clock.bring_closer(at, Duration::from_secs(1));
                        }
                    }
                    stopped = true;
                    continue;
                }
                if stopped || state.moves.is_empty() {
                    continue;
                }
                // xorshift64: a move the state offers, the same in every run.
                random ^= random << 13;
                random ^= random >> 7;
                random ^= random << 17;
                let len = u64::try_from(state.moves.len()).unwrap_or(1);
                let chosen = &state.moves[usize::try_from(random % len).unwrap_or(0)];
                let body = serde_json::json!({"act": "move", "move": chosen, "ply": state.ply});
                game.sent
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .insert(state.ply + 1, Instant::now());
                shared.moves_sent.fetch_add(1, Ordering::Relaxed);
                let (moved, sending) = (moved_tx.clone(), post(body, true));
                tokio::spawn(async move {
                    let _ = moved.send(sending.await).await;
                });
            }
            Some(ok) = moved_rx.recv() => {
                // A refused move is sent again shortly, unless the game moved on meanwhile.
                if !ok && latest.as_ref().is_some_and(|s| s.turn == me) {
                    due = Some(tokio::time::Instant::now() + Duration::from_millis(200));
                }
            }
            _ = sightings.tick() => {
                shared.sightings_sent.fetch_add(1, Ordering::Relaxed);
                tokio::spawn(post(serde_json::json!({"act": "here"}), false));
            }
            _ = stop.changed() => return,
        }
    }
}

/// The stages of the games' ends on their way to Discord, as the delivery worker tells them
/// (debug events under the target `dama_discord::stages`, with `stage` and `game`).
mod stages {
    use std::collections::HashMap;
    use std::sync::{Mutex, PoisonError};
    use std::time::Instant;

    use tracing::field::{Field, Visit};
    use tracing::subscriber::Interest;
    use tracing::{Event, Metadata, Subscriber};
    use tracing_subscriber::layer::{Context, Layer, SubscriberExt};

    use super::BenchClock;

    const TARGET: &str = "dama_discord::stages";

    /// The stages, in order.
    pub(super) const STAGES: [&str; 4] = ["taken", "picked", "paced", "sent"];

    /// Each (stage, game) the first time it was reached.
    static REACHED: Mutex<Vec<(&'static str, i64, Instant)>> = Mutex::new(Vec::new());

    struct Stages;

    #[derive(Default)]
    struct Fields {
        stage: Option<String>,
        game: Option<i64>,
    }

    impl Visit for Fields {
        fn record_str(&mut self, field: &Field, value: &str) {
            if field.name() == "stage" {
                self.stage = Some(value.to_owned());
            }
        }

        fn record_i64(&mut self, field: &Field, value: i64) {
            if field.name() == "game" {
                self.game = Some(value);
            }
        }

        fn record_debug(&mut self, _: &Field, _: &dyn std::fmt::Debug) {}
    }

    impl<S: Subscriber> Layer<S> for Stages {
        fn register_callsite(&self, meta: &'static Metadata<'static>) -> Interest {
            if meta.target() == TARGET {
                Interest::always()
            } else {
                Interest::never()
            }
        }

        fn enabled(&self, meta: &Metadata<'_>, _: Context<'_, S>) -> bool {
            meta.target() == TARGET
        }

        fn on_event(&self, event: &Event<'_>, _: Context<'_, S>) {
            let at = Instant::now();
            let mut fields = Fields::default();
            event.record(&mut fields);
            let (Some(stage), Some(game)) = (fields.stage, fields.game) else {
                return;
            };
            let Some(stage) = STAGES.into_iter().find(|s| *s == stage) else {
                return;
            };
            REACHED
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push((stage, game, at));
        }
    }

    /// Listens to the stages (the run's only subscriber).
    pub(super) fn install() {
        let subscriber = tracing_subscriber::registry().with(Stages);
        let _ = tracing::subscriber::set_global_default(subscriber);
    }

    /// When each (stage, game) was first reached, in ms by `clock`.
    pub(super) fn reached(clock: &BenchClock) -> HashMap<(&'static str, i64), f64> {
        let now = clock.now_ms();
        let mut reached = HashMap::new();
        for (stage, game, at) in REACHED
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
        {
            reached
                .entry((*stage, *game))
                .or_insert(now - at.elapsed().as_secs_f64() * 1000.0);
        }
        reached
    }
}
