//! What the PostgreSQL pool's ping before each use costs (it is what lets a restart of the
//! server cost no one a move: see `store::postgres_pool`): one committed move through the
//! service on PostgreSQL, its connection pinged first as always, beside the ping alone, on a
//! throwaway server of the bench's own on 127.0.0.1.
//!
//! `cargo bench -p dama-service --bench reconnect` (PostgreSQL's programs installed; without
//! them it says so and measures nothing). The ping is the round trip added to each transaction
//! and each statement run on the pool.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use dama_rules::notation::MoveText;
use dama_service::ids::{ChannelId, GuildId, Place, UserId};
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player, TimeControl};
use dama_service::service::{GameService, GameView, ServiceConfig};
use sqlx::Connection;
use tokio::runtime::Runtime;

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime")
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

/// Plays one move (a pseudo-random legal one), timed; a new game when the game ends.
async fn step(service: &GameService, game: GameView, seed: &mut u64) -> (GameView, Duration) {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let moves = game.position.legal_moves_under(game.rules);
    let m = moves[usize::try_from(*seed % moves.len() as u64).unwrap_or(0)];
    let user = game.user_to_move().expect("a person to move");
    let text = MoveText::of_move(&m);
    let start = Instant::now();
    let played = service
        .play_move(game.id, Actor::Player(user), &text)
        .await
        .expect("legal move");
    let took = start.elapsed();
    if played.game.is_over() {
        (new_game(service, 0).await, took)
    } else {
        (played.game, took)
    }
}

fn on_postgres(c: &mut Criterion) {
    if dama_test_postgres::skip() {
        println!("no PostgreSQL here: nothing measured");
        return;
    }
    let server = dama_test_postgres::Server::start().expect("a throwaway PostgreSQL server");
    let url = server.fresh_database().expect("a database");
    let rt = runtime();
    let service = rt.block_on(async {
        let pool = dama_service::connect(&url).await.expect("database");
        GameService::new(pool, ServiceConfig::default())
    });
    let mut game = Some(rt.block_on(new_game(&service, 0)));
    let mut seed = 0x1234_5678_9ABC_DEF1;
    c.bench_function(
        "one committed move on PostgreSQL (connections pinged)",
        |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let g = game.take().expect("game");
                    let (next, took) = rt.block_on(step(&service, g, &mut seed));
                    total += took;
                    game = Some(next);
                }
                total
            });
        },
    );
    let mut conn = rt.block_on(async {
        sqlx::any::install_default_drivers();
        sqlx::AnyConnection::connect(&url)
            .await
            .expect("a connection")
    });
    c.bench_function("the ping alone on PostgreSQL", |b| {
        b.iter(|| rt.block_on(conn.ping()).expect("pong"));
    });
}

criterion_group!(benches, on_postgres);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
