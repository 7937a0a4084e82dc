//! Puzzle mining as a durable job: each finished game of a server is mined once, newest first,
//! a few a day per server, by one instance at a time, and what it gives is stored as the
//! server's puzzles with their source game.

mod common;

use dama_test_stores::on_both_stores;
use std::time::Duration;

use common::{Env, player, rng};
use dama_engine::puzzle::{self, MiningBudget, Puzzle};
use dama_rules::notation::MoveText;
use dama_service::ids::{ChannelId, GameId, GuildId, Place};
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, TimeControl};
use dama_service::service::{INSTANCE_STALE, MiningRun, NewPuzzle, ServiceConfig};

/// A small budget: mining a game takes a few milliseconds.
const BUDGET: MiningBudget = MiningBudget::nodes(3_000);

/// The seed of a 60-ply random game with five puzzles in it at [`BUDGET`].
const SHOTS: u64 = 26;

fn quick() -> ServiceConfig {
    ServiceConfig {
        mining_budget: BUDGET,
        ..ServiceConfig::default()
    }
}

/// A server's channel.
fn server(guild: u64) -> Place {
    Place {
        guild: Some(GuildId(guild)),
        channel: ChannelId(2000 + guild),
    }
}

/// A casual game at `place` between players 1 and 2, `plies` moves picked by `rng(seed)`, then
/// resigned by whoever is to move (unless it ended before).
async fn finished(env: &Env, place: Place, seed: u64, plies: usize) -> GameId {
    let (ada, bo) = (player(1), player(2));
    let options = ChallengeOptions {
        colour: ColourChoice::White,
        rated: false,
        time_control: TimeControl::Unlimited,
        ..ChallengeOptions::default()
    };
    let challenge = env
        .service
        .create_challenge(&ada, Some(&bo), place, options)
        .await
        .expect("challenge");
    let game = env
        .service
        .accept_challenge(&bo, place, challenge.id)
        .await
        .expect("accepted")
        .id;
    let mut pick = rng(seed);
    for _ in 0..plies {
        let view = env.service.game(game).await.expect("game");
        let Some(user) = view.user_to_move() else {
            return game; // over already
        };
        let moves = view.position.legal_moves_under(view.rules);
        let m = moves[pick(moves.len()) % moves.len()];
        env.service
            .play_move(game, Actor::Player(user), &MoveText::of_move(&m))
            .await
            .expect("a legal move");
    }
    let view = env.service.game(game).await.expect("game");
    if let Some(user) = view.user_to_move() {
        env.service.resign(game, user).await.expect("resigned");
    }
    game
}

/// What the engine finds in `game` at [`BUDGET`], from the game as the service exports it.
async fn expected(env: &Env, game: GameId) -> Vec<Puzzle> {
    let pdn = env.service.export_pdn(game).await.expect("PDN");
    let read = dama_rules::pdn::read(&pdn).expect("the PDN reads back");
    puzzle::mine(&read.game, BUDGET).expect("mined")
}

/// The stored puzzles of `game`: each one's ply and position.
async fn stored(env: &Env, game: GameId) -> Vec<(i64, String)> {
    let pool = dama_service::connect(&env.url).await.expect("database");
    sqlx::query_as(
        "SELECT ply, start_position FROM puzzles WHERE game_id = $1 ORDER BY ply, start_position",
    )
    .bind(game.0)
    .fetch_all(&pool)
    .await
    .expect("puzzles")
}

fn as_stored(puzzles: &[Puzzle]) -> Vec<(i64, String)> {
    puzzles
        .iter()
        .map(|p| (i64::try_from(p.ply).unwrap(), p.start.to_string()))
        .collect()
}

async fn run(service: &dama_service::service::GameService) -> Option<MiningRun> {
    service.run_next_mining().await.expect("mining runs")
}

#[on_both_stores]
async fn a_finished_server_game_is_mined_once_and_its_puzzles_name_their_game() {
    let env = Env::with_config(quick()).await;
    let game = finished(&env, server(1), SHOTS, 60).await;
    let puzzles = expected(&env, game).await;
    assert_eq!(puzzles.len(), 5, "{puzzles:?}");

    let found = u32::try_from(puzzles.len()).unwrap();
    assert_eq!(
        run(&env.service).await,
        Some(MiningRun::Done { game, found })
    );
    assert_eq!(stored(&env, game).await, as_stored(&puzzles));
    // Done once: nothing waits, and a second instance finds nothing either.
    assert_eq!(run(&env.service).await, None);
    assert_eq!(run(&env.reopen().await).await, None);
    assert_eq!(stored(&env, game).await.len(), puzzles.len());
}

#[on_both_stores]
async fn games_in_direct_messages_and_short_games_are_not_mined() {
    let env = Env::with_config(quick()).await;
    let dm = Place {
        guild: None,
        channel: ChannelId(5),
    };
    let in_dm = finished(&env, dm, SHOTS, 60).await;
    assert!(!expected(&env, in_dm).await.is_empty(), "it has puzzles");
    let short = finished(&env, server(1), 7, 19).await;
    assert_eq!(run(&env.service).await, None);
    assert!(stored(&env, short).await.is_empty());
    // Twenty plies are enough.
    let long_enough = finished(&env, server(1), 7, 20).await;
    assert!(matches!(
        run(&env.service).await,
        Some(MiningRun::Done { game, .. }) if game == long_enough
    ));
}

/// The newest first, two a day per server here: the third game of a server waits for the next
/// day, and another server's game is not held up meanwhile.
#[on_both_stores]
async fn a_server_over_its_daily_cap_waits_until_the_next_day() {
    let env = Env::with_config(ServiceConfig {
        daily_mining_cap: 2,
        ..quick()
    })
    .await;
    let mut busy = Vec::new();
    for seed in 1..=3 {
        busy.push(finished(&env, server(1), seed, 20).await);
        env.advance(Duration::from_secs(60));
    }
    let quiet = finished(&env, server(2), 4, 20).await;
    let mut order = Vec::new();
    while let Some(MiningRun::Done { game, .. }) = run(&env.service).await {
        order.push(game);
    }
    assert_eq!(order, [quiet, busy[2], busy[1]]);
    // Not before midnight (UTC): the tests start at noon.
    env.advance(Duration::from_secs(11 * 3600));
    assert_eq!(run(&env.service).await, None);
    env.advance(Duration::from_secs(3600));
    assert!(matches!(
        run(&env.service).await,
        Some(MiningRun::Done { game, .. }) if game == busy[0]
    ));
}

/// An instance dies while it mines a game (it had stored one puzzle of it): once its beat
/// stands still, another takes the game over at once (not after the lease) and mines it, and
/// the puzzle stored twice is stored once.
#[on_both_stores]
async fn a_game_held_by_a_vanished_instance_is_taken_over() {
    let env = Env::with_config(quick()).await;
    let (first, second) = (env.service.clone(), env.reopen().await);
    first.beat_instance().await.expect("beat");
    second.beat_instance().await.expect("beat");
    let game = finished(&env, server(1), SHOTS, 60).await;
    let puzzles = expected(&env, game).await;
    // `first` claimed it and stored its first puzzle, then died.
    let pool = dama_service::connect(&env.url).await.expect("database");
    let now = env.service.now().as_millis();
    sqlx::query(
        "UPDATE puzzle_mining SET holder = $1, lease_until = $2, claimed_at = $3, attempts = 1
         WHERE game_id = $4",
    )
    .bind(first.instance_id())
    .bind(now + 600_000)
    .bind(now)
    .bind(game.0)
    .execute(&pool)
    .await
    .expect("held by the first");
    let one = &puzzles[0];
    first
        .add_puzzle(
            GuildId(1),
            NewPuzzle {
                start: one.start,
                solution: one.solution.clone(),
                theme: one.theme.map(|t| t.key().to_owned()),
                difficulty: one.difficulty,
                game: Some(game),
                ply: u32::try_from(one.ply).unwrap(),
            },
        )
        .await
        .expect("stored");
    assert_eq!(run(&second).await, None, "the first holds it");

    let second_ = Duration::from_secs(1);
    let mut waited = Duration::ZERO;
    while waited < INSTANCE_STALE {
        env.advance(second_);
        waited += second_;
        second.beat_instance().await.expect("beat");
    }
    assert!(second.leases_taken_over() >= 1, "taken over");
    let found = u32::try_from(puzzles.len()).unwrap();
    assert_eq!(run(&second).await, Some(MiningRun::Done { game, found }));
    assert_eq!(stored(&env, game).await, as_stored(&puzzles));
}

/// Two instances claiming at once take different games.
#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_mining_at_once_take_different_games() {
    let env = Env::with_config(quick()).await;
    let other = env.reopen().await;
    let a = finished(&env, server(1), 1, 20).await;
    let b = finished(&env, server(1), 2, 20).await;
    let (one, two) = tokio::join!(run(&env.service), run(&other));
    let mut games: Vec<GameId> = [one, two]
        .into_iter()
        .map(|r| match r {
            Some(MiningRun::Done { game, .. }) => game,
            other => panic!("each instance mines one: {other:?}"),
        })
        .collect();
    games.sort_unstable_by_key(|g| g.0);
    assert_eq!(games, [a, b]);
    assert_eq!(run(&env.service).await, None);
}

/// Four instances claiming at once, four games waiting on a server whose cap is two: two are
/// mined, not one more (on PostgreSQL the claims take turns, as SQLite's one writer makes them).
#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn instances_claiming_at_once_keep_the_daily_cap() {
    let env = Env::with_config(ServiceConfig {
        daily_mining_cap: 2,
        ..quick()
    })
    .await;
    let others = [env.reopen().await, env.reopen().await, env.reopen().await];
    for seed in 1..=4 {
        finished(&env, server(1), seed, 20).await;
    }
    let (one, two, three, four) = tokio::join!(
        run(&env.service),
        run(&others[0]),
        run(&others[1]),
        run(&others[2])
    );
    let mined = [one, two, three, four]
        .iter()
        .filter(|r| matches!(r, Some(MiningRun::Done { .. })))
        .count();
    assert_eq!(mined, 2, "{one:?} {two:?} {three:?} {four:?}");
    assert_eq!(run(&env.service).await, None);
}

/// A game whose stored moves no longer replay (a move rewritten by hand) cannot be mined: the
/// job is marked failed, not tried again, and the next game is mined as usual.
#[on_both_stores]
async fn a_game_whose_moves_are_corrupt_fails_once_and_the_next_is_mined() {
    let env = Env::with_config(quick()).await;
    let broken = finished(&env, server(1), 1, 20).await;
    let pool = dama_service::connect(&env.url).await.expect("database");
    sqlx::query("UPDATE moves SET notation = 'a1-h8' WHERE game_id = $1 AND ply = 3")
        .bind(broken.0)
        .execute(&pool)
        .await
        .expect("a move rewritten");
    // Another instance, which has not replayed the game before.
    let other = env.reopen().await;
    assert_eq!(run(&other).await, Some(MiningRun::Failed(broken)));
    assert_eq!(run(&other).await, None, "not tried again");
    assert!(stored(&env, broken).await.is_empty());
    let fine = finished(&env, server(1), 2, 20).await;
    assert!(matches!(
        run(&other).await,
        Some(MiningRun::Done { game, .. }) if game == fine
    ));
}
