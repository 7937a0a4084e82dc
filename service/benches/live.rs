//! Live games under load, on a SQLite file: how closely a move is charged, and how soon a flag
//! falls once a clock runs out.
//!
//! `cargo bench -p dama-service --bench live` starts `DAMA_LIVE_GAMES` live games (500 by
//! default) on the service's real clock, with its flag worker running, and plays them for
//! `DAMA_LIVE_SECONDS` (20): each side moves 2 s after its turn began (a pseudo-random legal
//! move), except in one game in ten, where White stops after the first moves and lets the
//! clock (1+0) run out. It prints, with p50, p99 and the worst:
//! - **charge error**: what the service charged for a move, less the time from the turn's
//!   start to the call that made it (the move's arrival) — the time the write itself took to
//!   read the clock;
//! - **flag delay**: from the moment a clock ran out to the flag worker's report of the game
//!   ended on time;
//! - **move latency**: the call's own time, a move committed.
//!
//! Run as a test (`cargo test --benches`) it plays 4 games for 3 seconds, to check it works.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use dama_rules::Color;
use dama_rules::notation::MoveText;
use dama_service::ids::{ChannelId, GameId, GuildId, Place, UserId};
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, LiveClock, Player};
use dama_service::service::{Event, GameService, GameView, HowPlayed, ServiceConfig};
use tokio::sync::mpsc;

/// Measurements shared by the players' tasks.
type Samples = Arc<Mutex<Vec<f64>>>;

/// Unix milliseconds now, as the service's real clock reads them.
fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn percentiles(name: &str, unit: &str, mut values: Vec<f64>) {
    if values.is_empty() {
        println!("{name}: no samples");
        return;
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| {
        // Indices of a few thousand samples are exact in f64.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let i = ((values.len() - 1) as f64 * q).round() as usize;
        values[i]
    };
    println!(
        "{name}: n={} p50={:.1}{unit} p99={:.1}{unit} worst={:.1}{unit}",
        values.len(),
        at(0.5),
        at(0.99),
        values[values.len() - 1]
    );
}

async fn new_game(service: &GameService, n: u64, clock: LiveClock) -> GameView {
    let place = Place {
        guild: Some(GuildId(1)),
        channel: ChannelId(2),
    };
    let (a, b) = (
        Player::new(UserId(2 * n + 1), "white"),
        Player::new(UserId(2 * n + 2), "black"),
    );
    let options = ChallengeOptions {
        colour: ColourChoice::White,
        live: Some(clock),
        rated: false,
        ..ChallengeOptions::default()
    };
    let challenge = service
        .create_challenge(&a, Some(&b), place, options)
        .await
        .expect("challenge");
    service
        .accept_challenge(&b, place, challenge.id)
        .await
        .expect("accept")
}

/// Plays a pseudo-random legal move in `game` for the side to move; the charge error (ms) when
/// both clocks run, and the call's time.
async fn play(
    service: &GameService,
    game: &GameView,
    seed: &mut u64,
) -> Option<(GameView, Option<f64>, Duration)> {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let moves = game.position.legal_moves_under(game.rules);
    let len = u64::try_from(moves.len()).ok()?;
    let m = moves[usize::try_from(*seed % len).ok()?];
    let me = game.turn();
    let user = game.user_to_move()?;
    let before = game.clocks?;
    let arrival = now_ms();
    let start = Instant::now();
    let moved = service
        .play(
            game.id,
            Actor::Player(user),
            &MoveText::of_move(&m),
            HowPlayed::default(),
        )
        .await
        .ok()?;
    let took = start.elapsed();
    let after = moved.game.clocks?;
    let timed = game.ply >= 2;
    let charge_error = timed.then(|| {
        let charged =
            before.remaining(me) - after.remaining(me) + game.live.map_or(0, |c| c.increment_ms());
        let expected = arrival - before.turn_started_at.as_millis();
        #[allow(clippy::cast_precision_loss)]
        let error = (charged - expected) as f64;
        error
    });
    Some((moved.game, charge_error, took))
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    let testing = !std::env::args().any(|a| a == "--bench");
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (games, seconds) = if testing {
        (4, 3)
    } else {
        (
            number("DAMA_LIVE_GAMES", 500),
            number("DAMA_LIVE_SECONDS", 20),
        )
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    runtime.block_on(run(games, seconds));
}

async fn run(games: u64, seconds: u64) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}", dir.path().join("live.db").display());
    let pool = dama_service::connect(&url).await.expect("database");
    let service = GameService::new(pool, ServiceConfig::default());
    let (events, mut ended) = mpsc::channel(1024);
    let _flags = service.spawn_flag_worker(events);
    // When each flagging game's clock runs out, and how late the flag came.
    let due: Arc<Mutex<HashMap<GameId, i64>>> = Arc::default();
    let delays: Samples = Arc::default();
    let collector = {
        let (due, delays) = (Arc::clone(&due), Arc::clone(&delays));
        tokio::spawn(async move {
            while let Some(event) = ended.recv().await {
                if let Event::TimedOut { game, .. } = event {
                    let now = now_ms();
                    let at = due
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .remove(&game.id);
                    if let Some(at) = at {
                        #[allow(clippy::cast_precision_loss)]
                        delays
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push((now - at) as f64);
                    }
                }
            }
        })
    };
    let (errors, latencies): (Samples, Samples) = Default::default();
    let end = Instant::now() + Duration::from_secs(seconds);
    let mut players = Vec::new();
    for n in 0..games {
        let flagging = n % 10 == 9;
        let clock = if flagging {
            LiveClock::new(1, 0)
        } else {
            LiveClock::new(5, 0)
        }
        .expect("a clock");
        let game = new_game(&service, n, clock).await;
        let (service, due, errors, latencies) = (
            service.clone(),
            Arc::clone(&due),
            Arc::clone(&errors),
            Arc::clone(&latencies),
        );
        players.push(tokio::spawn(async move {
            let mut game = game;
            let mut seed = n * 2_654_435_761 + 1;
            // Spread the games' moves over the two seconds.
            tokio::time::sleep(Duration::from_millis(n * 2_000 / games.max(1))).await;
            while Instant::now() < end && !game.is_over() {
                if flagging && game.ply >= 2 && game.turn() == Color::White {
                    // White has left: the clock runs out at its deadline.
                    if let Some(deadline) = game.deadline {
                        due.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .insert(game.id, deadline.as_millis());
                    }
                    return;
                }
                tokio::time::sleep(Duration::from_secs(2)).await;
                let Some((after, error, took)) = play(&service, &game, &mut seed).await else {
                    return;
                };
                if let Some(error) = error {
                    errors
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(error);
                }
                latencies
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(took.as_secs_f64() * 1_000.0);
                game = after;
            }
        }));
    }
    for player in players {
        let _ = player.await;
    }
    // The flagging games' clocks (a minute) may still be running: wait for them.
    let waiting = Instant::now() + Duration::from_secs(70);
    while Instant::now() < waiting
        && !due
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_empty()
    {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    collector.abort();
    println!(
        "{games} live games for {seconds} s, each side moving every 2 s, one in ten flagging (SQLite file)"
    );
    percentiles(
        "charge error",
        " ms",
        std::mem::take(&mut *errors.lock().unwrap_or_else(PoisonError::into_inner)),
    );
    percentiles(
        "flag delay",
        " ms",
        std::mem::take(&mut *delays.lock().unwrap_or_else(PoisonError::into_inner)),
    );
    percentiles(
        "move latency",
        " ms",
        std::mem::take(&mut *latencies.lock().unwrap_or_else(PoisonError::into_inner)),
    );
}
