//! Limits stay exact when one member's requests arrive at once on two instances over one
//! database: on PostgreSQL each count of a member's rows waits for the other transactions
//! counting the same member (SQLite's single writer does it by itself). A join cannot slip into
//! a tournament while it starts, and a game ending while its season ends does not write into
//! the ended season's table.

mod common;

use std::future::Future;
use std::time::Duration;

use common::{Env, Store, place, player};
use dama_engine::Level;
use dama_service::Pool;
use dama_service::ids::GuildId;
use dama_service::model::{ChallengeOptions, ColourChoice, TimeControl};
use dama_service::service::Organising::Start;
use dama_service::service::{
    Authority, GameFilter, GameService, Period, ServiceConfig, ServiceError,
};
use dama_service::tournament::{Format, Options, Status};
use dama_test_stores::on_both_stores;
use tokio::task::JoinHandle;

/// A service and a second one over the same database, as two instances of the bot.
async fn two_instances(config: ServiceConfig) -> (Env, GameService) {
    let env = Env::with_config(config).await;
    let other = env.reopen().await;
    (env, other)
}

/// Runs `request(service, n)` for n in 0..10 at once, alternating between the two instances.
async fn ten_at_once<T, F>(
    env: &Env,
    other: &GameService,
    request: impl Fn(GameService, u64) -> F,
) -> Vec<Result<T, ServiceError>>
where
    T: Send + 'static,
    F: Future<Output = Result<T, ServiceError>> + Send + 'static,
{
    let tasks: Vec<JoinHandle<_>> = (0..10)
        .map(|n| {
            let service = if n % 2 == 0 {
                env.service.clone()
            } else {
                other.clone()
            };
            tokio::spawn(request(service, n))
        })
        .collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.expect("no panic"));
    }
    results
}

/// The refusals among `results`, each with how many times it came: `"why ×7"` (3 successes
/// of 10 leave 7 refusals).
fn refusals<T>(results: &[Result<T, ServiceError>]) -> Vec<String> {
    let mut counted = std::collections::BTreeMap::new();
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        *counted.entry(e.to_string()).or_insert(0) += 1;
    }
    counted
        .into_iter()
        .map(|(e, n)| format!("{e} ×{n}"))
        .collect()
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn ten_challenges_at_once_on_two_instances_leave_exactly_the_limit_open() {
    let (env, other) = two_instances(ServiceConfig {
        max_open_challenges: 3,
        ..ServiceConfig::default()
    })
    .await;
    let results = ten_at_once(&env, &other, |service, _| async move {
        service
            .create_challenge(&player(1), None, place(), ChallengeOptions::default())
            .await
    })
    .await;
    assert_eq!(
        refusals(&results),
        ["too many open challenges (limit 3) ×7"]
    );
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn ten_acceptances_at_once_on_two_instances_start_exactly_the_games_allowed() {
    let (env, other) = two_instances(ServiceConfig {
        max_active_games: 3,
        ..ServiceConfig::default()
    })
    .await;
    let mut challenges = Vec::new();
    for n in 0..10 {
        let challenge = env
            .service
            .create_challenge(&player(100 + n), None, place(), ChallengeOptions::default())
            .await
            .expect("challenge");
        challenges.push(challenge.id);
    }
    let results = ten_at_once(&env, &other, |service, n| {
        let id = challenges[usize::try_from(n).expect("small")];
        async move { service.accept_challenge(&player(1), place(), id).await }
    })
    .await;
    assert_eq!(refusals(&results), ["too many active games (limit 3) ×7"]);
    let games = env
        .service
        .active_games(player(1).id, GameFilter::Anywhere)
        .await
        .expect("games");
    assert_eq!(games.len(), 3);
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn ten_games_against_the_computer_at_once_on_two_instances_start_exactly_the_limit() {
    let (env, other) = two_instances(ServiceConfig::default()).await;
    let results = ten_at_once(&env, &other, |service, _| async move {
        service
            .start_engine_game(
                &player(1),
                place(),
                Level::MIN,
                ColourChoice::White,
                TimeControl::Day,
            )
            .await
    })
    .await;
    assert_eq!(
        refusals(&results),
        ["too many active computer games (limit 3) ×7"]
    );
}

/// How many connections to the test's database wait for a lock.
async fn waiting_for_locks(pool: &Pool) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    .fetch_one(pool)
    .await
    .expect("pg_stat_activity")
}

/// Waits (polling) until `n` connections wait for a lock, or `task` has finished.
async fn until_waiting_or_done<T>(pool: &Pool, n: i64, task: &JoinHandle<T>) {
    let start = tokio::time::Instant::now();
    while waiting_for_locks(pool).await < n && !task.is_finished() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "neither {n} waiting nor done"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The start of a tournament is held up by the test (a lock on a player's row, which seeding
/// needs) after it has read who plays; a join on the other instance meanwhile waits for the
/// start and is then refused: nobody ends up in a running tournament without a pairing.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_join_arriving_while_the_tournament_starts_waits_and_is_refused() {
    common::on_store(Store::Postgres, async {
        let (env, other) = two_instances(ServiceConfig::default()).await;
        let cup = env
            .service
            .create_tournament(&player(1), place(), Options::new("Cup", Format::RoundRobin))
            .await
            .expect("created");
        for n in 2..=4 {
            env.service
                .join_tournament(&player(n), place(), cup.id)
                .await
                .expect("joined");
        }
        let pool = dama_service::connect(&env.url).await.expect("pool");
        let mut blocker = pool.begin().await.expect("transaction");
        sqlx::query(
            "SELECT seed FROM tournament_players WHERE tournament_id = $1 AND user_id = 2
             FOR UPDATE",
        )
        .bind(cup.id.0)
        .execute(&mut *blocker)
        .await
        .expect("the player's row held");

        let starting = {
            let service = env.service.clone();
            tokio::spawn(async move {
                service
                    .organise_tournament(Start, player(1).id, Authority::Member, place(), cup.id)
                    .await
            })
        };
        until_waiting_or_done(&pool, 1, &starting).await;
        assert!(!starting.is_finished(), "the start waits for the test");
        let joining =
            tokio::spawn(async move { other.join_tournament(&player(5), place(), cup.id).await });
        until_waiting_or_done(&pool, 2, &joining).await;
        blocker.rollback().await.expect("released");

        let started = starting.await.expect("no panic").expect("started");
        assert_eq!(started.status, Status::Running);
        let joined = joining.await.expect("no panic");
        assert!(
            matches!(joined, Err(ServiceError::TournamentStarted)),
            "{joined:?}"
        );
        let standings = env
            .service
            .standings(cup.id, place().guild)
            .await
            .expect("read");
        for entrant in &standings.tournament.entrants {
            assert!(
                standings.round(1).any(|p| p.involves(entrant.user)),
                "{entrant:?} is paired in round 1: {standings:?}"
            );
        }
    })
    .await;
}

/// A rated game's end is held up by the test (a lock on a season rating it is to write) after
/// it has seen the season open; the season's end on the other instance waits for it. The final
/// table the end names is the one that stays: the game is in it, and nothing writes to it
/// afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_game_ending_while_its_season_ends_is_in_the_final_table_or_not_at_all() {
    common::on_store(Store::Postgres, async {
        let (env, other) = two_instances(ServiceConfig {
            leaderboard_min_games: 1,
            ..ServiceConfig::default()
        })
        .await;
        let guild = GuildId(1000);
        let (ada, bo) = (player(1), player(2));
        env.service
            .start_season(guild, Authority::Manager)
            .await
            .expect("season");
        let first = env.rated(&ada, &bo).await;
        env.service.resign(first.id, bo.id).await.expect("resigned");
        let second = env.rated(&ada, &bo).await;

        let pool = dama_service::connect(&env.url).await.expect("pool");
        let mut blocker = pool.begin().await.expect("transaction");
        sqlx::query(
            "SELECT rating FROM season_ratings WHERE guild_id = $1 AND user_id = $2 FOR UPDATE",
        )
        .bind(1000_i64)
        .bind(1_i64)
        .execute(&mut *blocker)
        .await
        .expect("Ada's season rating held");

        let ending_game = {
            let service = env.service.clone();
            tokio::spawn(async move { service.resign(second.id, bo.id).await })
        };
        until_waiting_or_done(&pool, 1, &ending_game).await;
        assert!(
            !ending_game.is_finished(),
            "the game's end waits for the test"
        );
        let ending_season =
            tokio::spawn(async move { other.end_season(guild, Authority::Manager).await });
        until_waiting_or_done(&pool, 2, &ending_season).await;
        blocker.rollback().await.expect("released");

        ending_game.await.expect("no panic").expect("resigned");
        let ended = ending_season.await.expect("no panic").expect("ended");
        let table = env
            .service
            .leaderboard(Some(guild), Period::Season(ended.season.number), None, 10)
            .await
            .expect("the final table");
        let champions: Vec<_> = ended.champions.iter().flat_map(|c| &c.entries).collect();
        assert_eq!(
            champions,
            table.entries.iter().collect::<Vec<_>>(),
            "the table stayed as it ended"
        );
        let games: Vec<u32> = table.entries.iter().map(|e| e.games).collect();
        assert_eq!(games, [2, 2], "both games counted in the season");
    })
    .await;
}
