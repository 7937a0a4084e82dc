//! An arena under load, on a SQLite file and the service's real clock: how soon a member whose
//! game ends is paired again, while anyone else is free.
//!
//! `cargo bench -p dama-service --bench arena_load` has `DAMA_ARENA_MEMBERS` members (300 by
//! default) join one arena, with the arena worker running; each game lasts a pseudo-random 20
//! to 120 s (`DAMA_ARENA_SHORTEST`, `DAMA_ARENA_LONGEST`) and then one side resigns. For
//! `DAMA_ARENA_SECONDS` (180) it measures, for each player whose game ended while another
//! member was free, the time from the end (the resignation committed) to the arena worker's
//! report of their next pairing, and prints p50, p99 and the worst. Members still waiting when
//! the run ends are counted apart (none should be).
//!
//! Run as a test (`cargo test --benches`) it plays 6 members, games of 1 to 2 s, for 5 s.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dama_service::ids::{ChannelId, GameId, GuildId, Place, UserId};
use dama_service::model::{LiveClock, Player};
use dama_service::service::{ArenaPass, GameService, ServiceConfig};
use dama_service::tournament::arena::ArenaOptions;
use tokio::sync::mpsc;

/// What the bench knows of each member: who is free since when (and whether anyone else was
/// free then), filled by the game tasks and emptied by the worker's reports.
#[derive(Default)]
struct Waiting {
    /// Free members: since when, and whether the wait is measured.
    free: HashMap<UserId, (Instant, bool)>,
    /// Measured waits (ms).
    waits: Vec<f64>,
}

type Shared = Arc<Mutex<Waiting>>;

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Waiting> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

fn percentiles(name: &str, mut values: Vec<f64>) {
    if values.is_empty() {
        println!("{name}: no samples");
        return;
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| {
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let i = ((values.len() - 1) as f64 * q).round() as usize;
        values[i]
    };
    println!(
        "{name}: n={} p50={:.1}ms p99={:.1}ms worst={:.1}ms",
        values.len(),
        at(0.5),
        at(0.99),
        values[values.len() - 1]
    );
}

fn main() {
    let testing = !std::env::args().any(|a| a == "--bench");
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (members, shortest, longest, seconds) = if testing {
        (6, 1, 2, 5)
    } else {
        (
            number("DAMA_ARENA_MEMBERS", 300),
            number("DAMA_ARENA_SHORTEST", 20),
            number("DAMA_ARENA_LONGEST", 120),
            number("DAMA_ARENA_SECONDS", 180),
        )
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    runtime.block_on(run(members, shortest, longest.max(shortest), seconds));
}

async fn run(members: u64, shortest: u64, longest: u64, seconds: u64) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}", dir.path().join("arena.db").display());
    let pool = dama_service::connect(&url).await.expect("database");
    let service = GameService::new(pool, ServiceConfig::default());
    let place = Place {
        guild: Some(GuildId(1)),
        channel: ChannelId(2),
    };
    let options = ArenaOptions {
        name: "load".to_owned(),
        minutes: 180,
        clock: LiveClock::new(3, 2).expect("a clock"),
        rated: false,
        starts_at: None,
    };
    let arena = service
        .create_arena(&Player::new(UserId(1), "host"), place, options)
        .await
        .expect("arena");
    let shared: Shared = Arc::default();
    let end = Instant::now() + Duration::from_secs(seconds);
    let (passes, mut reports) = mpsc::channel::<ArenaPass>(1024);
    let worker = service.spawn_arena_worker(passes);
    for n in 0..members {
        let user = UserId(1_000 + n);
        lock(&shared).free.insert(user, (Instant::now(), false));
        service
            .join_arena(&Player::new(user, format!("member {n}")), place, arena.id)
            .await
            .expect("joins");
    }
    let mut seed = 0x2545_f491_u64;
    let mut games: HashSet<GameId> = HashSet::new();
    while Instant::now() < end {
        let Ok(Some(pass)) = tokio::time::timeout_at(end.into(), reports.recv()).await else {
            break;
        };
        for (_, game) in pass.paired {
            if !games.insert(game) {
                continue;
            }
            let view = service.game(game).await.expect("game");
            let users =
                [view.seats.white.user(), view.seats.black.user()].map(|u| u.expect("a member"));
            {
                let mut waiting = lock(&shared);
                let now = Instant::now();
                for user in users {
                    if let Some((since, measured)) = waiting.free.remove(&user)
                        && measured
                    {
                        waiting
                            .waits
                            .push(now.duration_since(since).as_secs_f64() * 1_000.0);
                    }
                }
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let length =
                Duration::from_millis(shortest * 1_000 + seed % ((longest - shortest) * 1_000 + 1));
            let loser = users[usize::from(seed.is_multiple_of(2))];
            let (service, shared) = (service.clone(), Arc::clone(&shared));
            tokio::spawn(async move {
                tokio::time::sleep(length).await;
                if service.resign(game, loser).await.is_err() {
                    return;
                }
                let now = Instant::now();
                let mut waiting = lock(&shared);
                // Measured when someone other than these two is free to meet them.
                let others_free = !waiting.free.is_empty();
                for user in users {
                    waiting.free.insert(user, (now, others_free));
                }
            });
        }
    }
    worker.abort();
    let waiting = lock(&shared);
    let stuck = waiting
        .free
        .values()
        .filter(|(since, measured)| *measured && since.elapsed() > Duration::from_secs(1))
        .count();
    println!(
        "arena of {members} members, games {shortest}-{longest} s, {seconds} s: {} games paired",
        games.len()
    );
    percentiles(
        "paired again after a game's end (someone else free)",
        waiting.waits.clone(),
    );
    println!("still waiting over 1 s at the end, with someone else free then: {stuck}");
}
