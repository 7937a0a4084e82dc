//! Committed moves through the service on a file database: throughput and per-move latency.
//!
//! `cargo bench -p dama-service` prints moves per second and p50/p99 latency for moves played one
//! after another and from several games at once, then criterion's estimate for one move.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use dama_rules::notation::MoveText;
use dama_service::ids::{ChannelId, GuildId, Place, UserId};
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player, TimeControl};
use dama_service::service::{GameService, GameView, ServiceConfig};
use tokio::runtime::Runtime;

struct Bench {
    _dir: tempfile::TempDir,
    service: GameService,
}

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime")
}

async fn setup() -> Bench {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let pool = dama_service::connect(&url).await.expect("database");
    Bench {
        _dir: dir,
        service: GameService::new(pool, ServiceConfig::default()),
    }
}

async fn new_game(service: &GameService, n: u64) -> GameView {
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
        time_control: TimeControl::Day,
        rated: true,
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

/// Plays one move (a pseudo-random legal one) and returns the game after it; starts a new game
/// when the game ends. Only the `play_move` call is timed into `latency`.
async fn step(
    service: &GameService,
    game: GameView,
    seed: &mut u64,
    n: u64,
    latency: &mut Vec<Duration>,
) -> GameView {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let moves = game.position.legal_moves_under(game.rules);
    let m = moves[(*seed % moves.len() as u64) as usize];
    let user = game.user_to_move().expect("a person to move");
    let text = MoveText::of_move(&m);
    let start = Instant::now();
    let played = service
        .play_move(game.id, Actor::Player(user), &text)
        .await
        .expect("legal move");
    latency.push(start.elapsed());
    if played.game.is_over() {
        new_game(service, n).await
    } else {
        played.game
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn report(label: &str, mut latency: Vec<Duration>, wall: Duration) {
    latency.sort();
    let n = latency.len();
    println!(
        "{label}: {n} moves in {:.2} s = {:.0} moves/s; latency p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        wall.as_secs_f64(),
        n as f64 / wall.as_secs_f64(),
        percentile(&latency, 0.50).as_secs_f64() * 1e3,
        percentile(&latency, 0.90).as_secs_f64() * 1e3,
        percentile(&latency, 0.99).as_secs_f64() * 1e3,
        latency[n - 1].as_secs_f64() * 1e3,
    );
}

/// Moves one after another in one game at a time: each waits for the previous commit.
fn sequential(rt: &Runtime, moves: usize) {
    rt.block_on(async {
        let bench = setup().await;
        let mut game = new_game(&bench.service, 0).await;
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        let mut latency = Vec::with_capacity(moves);
        let start = Instant::now();
        for _ in 0..moves {
            game = step(&bench.service, game, &mut seed, 0, &mut latency).await;
        }
        let wall = start.elapsed();
        report("sequential (1 game at a time)", latency, wall);
    });
}

/// Several games played at once from separate tasks, as many players would.
fn concurrent(rt: &Runtime, games: u64, moves_each: usize) {
    rt.block_on(async {
        let bench = Arc::new(setup().await);
        let start = Instant::now();
        let mut tasks = Vec::new();
        for g in 0..games {
            let bench = Arc::clone(&bench);
            tasks.push(tokio::spawn(async move {
                let mut game = new_game(&bench.service, g).await;
                let mut seed = 0x2545_F491_4F6C_DD1D ^ (g + 1);
                let mut latency = Vec::with_capacity(moves_each);
                for _ in 0..moves_each {
                    game = step(&bench.service, game, &mut seed, g, &mut latency).await;
                }
                latency
            }));
        }
        let mut latency = Vec::new();
        for task in tasks {
            latency.extend(task.await.expect("task"));
        }
        let wall = start.elapsed();
        report(
            &format!("concurrent ({games} games at once)"),
            latency,
            wall,
        );
    });
}

fn one_move(c: &mut Criterion) {
    let rt = runtime();
    let bench = rt.block_on(setup());
    let mut game = Some(rt.block_on(new_game(&bench.service, 0)));
    let mut seed = 0x1234_5678_9ABC_DEF1;
    c.bench_function("one committed move", |b| {
        b.iter_custom(|iters| {
            let mut latency = Vec::with_capacity(iters as usize);
            for _ in 0..iters {
                let g = game.take().expect("game");
                game = Some(rt.block_on(step(&bench.service, g, &mut seed, 0, &mut latency)));
            }
            latency.iter().sum()
        });
    });
}

criterion_group!(benches, one_move);

fn main() {
    let rt = runtime();
    sequential(&rt, 5_000);
    concurrent(&rt, 8, 1_000);
    benches();
    Criterion::default().configure_from_args().final_summary();
}
