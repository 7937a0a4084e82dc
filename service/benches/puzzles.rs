//! Serving puzzles on a file database: 50 members asking for a puzzle at once, then answering
//! it, over a server with 2,000 puzzles (the target: p99 ≤ 50 ms).
//!
//! `cargo bench -p dama-service --bench puzzles` prints p50/p99 latency of asking for a puzzle
//! and of answering one.

use std::time::{Duration, Instant};

use dama_rules::Position;
use dama_rules::notation::{self, MoveText};
use dama_service::ids::{GuildId, UserId};
use dama_service::model::Player;
use dama_service::service::{GameService, NewPuzzle, PuzzleChoice, ServiceConfig};

/// Members asking at once.
const MEMBERS: u64 = 50;
/// Puzzles on the server.
const PUZZLES: u32 = 2_000;
/// Rounds of every member asking and answering.
const ROUNDS: usize = 10;
/// The server.
const GUILD: GuildId = GuildId(1);

/// The `q`-quantile of `samples` (sorted in place).
fn quantile(samples: &mut [Duration], q: f64) -> Duration {
    samples.sort_unstable();
    let last = samples.len().saturating_sub(1);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "an index into a short list"
    )]
    let at = ((last as f64) * q).round() as usize;
    samples.get(at).copied().unwrap_or_default()
}

fn report(what: &str, samples: &mut [Duration]) {
    let (p50, p99) = (quantile(samples, 0.5), quantile(samples, 0.99));
    println!(
        "{what}: {} samples, p50 {:.1} ms, p99 {:.1} ms",
        samples.len(),
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3
    );
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    runtime.block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let pool = dama_service::connect(&url).await.expect("database");
    let config = ServiceConfig {
        max_puzzles_per_minute: u32::MAX,
        ..ServiceConfig::default()
    };
    let service = GameService::new(pool, config);
    let start = Position::default();
    let first = notation::resolve_str(&start, "c3-c4").expect("legal");
    let after = start.play_unchecked(&first);
    let reply = notation::resolve_str(&after, "a6-a5").expect("legal");
    let last = notation::resolve_str(&after.play_unchecked(&reply), "d3-d4").expect("legal");
    for n in 0..PUZZLES {
        let puzzle = NewPuzzle {
            start,
            solution: vec![first, reply, last],
            theme: None,
            difficulty: u8::try_from(1 + n % 5).unwrap_or(1),
            game: None,
            ply: 0,
        };
        service.add_puzzle(GUILD, puzzle).await.expect("stored");
    }
    let (mut asked, mut answered) = (Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let tasks: Vec<_> = (0..MEMBERS)
            .map(|n| {
                let service = service.clone();
                tokio::spawn(async move {
                    let player = Player::new(UserId(100 + n), format!("member {n}"));
                    let t = Instant::now();
                    service
                        .start_puzzle(&player, Some(GUILD), PuzzleChoice::Next)
                        .await
                        .expect("a puzzle");
                    let ask = t.elapsed();
                    // Half solve their first move, half fail it.
                    let text: MoveText = if (n + round as u64).is_multiple_of(2) {
                        "c3-c4"
                    } else {
                        "a3-a4"
                    }
                    .parse()
                    .expect("move text");
                    let t = Instant::now();
                    service
                        .answer_puzzle(player.id, GUILD, &text)
                        .await
                        .expect("answered");
                    let answer = t.elapsed();
                    // A try still under way is failed, so the next round asks for a new one.
                    let _ = service
                        .answer_puzzle(player.id, GUILD, &"a3-a4".parse().expect("text"))
                        .await;
                    (ask, answer)
                })
            })
            .collect();
        for task in tasks {
            let (ask, answer) = task.await.expect("task");
            asked.push(ask);
            answered.push(answer);
        }
    }
    report("ask for a puzzle (50 at once)", &mut asked);
    report("answer a puzzle (50 at once)", &mut answered);
}
