//! What the service tells about itself for monitoring: the moves it played, the work waiting
//! in the database and how long the oldest notice has waited, the pool's connections, and
//! whether the database answers.

mod common;

use std::time::Duration;

use dama_engine::Level;
use dama_service::model::{ChallengeOptions, ColourChoice};
use dama_service::service::{BACKLOG_FRESH, Backlog, GameService, MovesPlayed, ServiceConfig};
use dama_test_stores::on_both_stores;

use common::{DAY, Env, place, player};

/// The backlog once the one read before it is stale: the clock moved [`BACKLOG_FRESH`] on.
async fn fresh_backlog(env: &Env) -> Backlog {
    env.advance(BACKLOG_FRESH);
    env.service.backlog().await.unwrap()
}

#[on_both_stores]
async fn the_backlog_counts_what_waits_and_the_moves_played_count_up() {
    let env = Env::new().await;
    let nothing = Backlog {
        undelivered_notices: 0,
        oldest_undelivered: None,
        reviews: 0,
        computer_turns: 0,
        past_deadline: 0,
        lapsed_challenges: 0,
    };
    assert_eq!(env.service.backlog().await.unwrap(), nothing);
    assert_eq!(env.service.moves_played(), MovesPlayed::default());

    // A game's first board waits for its delivery, and ages.
    let (ada, bo, cy) = (player(1), player(2), player(3));
    let game = env.rated(&ada, &bo).await;
    env.advance(Duration::from_secs(10));
    let backlog = env.service.backlog().await.unwrap();
    assert_eq!(backlog.undelivered_notices, 1);
    assert_eq!(backlog.oldest_undelivered, Some(Duration::from_secs(10)));

    env.play(game.id, &ada, "d3-d4").await.unwrap();
    assert_eq!(fresh_backlog(&env).await.undelivered_notices, 2);

    // The computer to move in a game of its own, and its move.
    let computer = env
        .engine_game(&cy, Level::new(1).unwrap(), ColourChoice::Black)
        .await;
    assert_eq!(fresh_backlog(&env).await.computer_turns, 1);
    env.service.play_computer_turn(computer.id).await.unwrap();
    assert_eq!(fresh_backlog(&env).await.computer_turns, 0);
    assert_eq!(
        env.service.moves_played(),
        MovesPlayed {
            by_players: 1,
            by_computer: 1
        }
    );

    // An open challenge lapses, and Bo's and Cy's deadlines pass; none is swept yet.
    env.service
        .create_challenge(&cy, None, place(), ChallengeOptions::default())
        .await
        .unwrap();
    env.advance(2 * DAY);
    let backlog = env.service.backlog().await.unwrap();
    assert_eq!((backlog.lapsed_challenges, backlog.past_deadline), (1, 2));
    assert_eq!(
        backlog.oldest_undelivered,
        Some(2 * DAY + Duration::from_secs(10) + 3 * BACKLOG_FRESH)
    );

    // A finished game's review, queued.
    env.service.resign(computer.id, cy.id).await.unwrap();
    env.service
        .request_review(computer.id, cy.id, place())
        .await
        .unwrap();
    assert_eq!(fresh_backlog(&env).await.reviews, 1);
}

#[on_both_stores]
async fn the_backlog_is_counted_once_however_often_it_is_asked_within_a_few_seconds() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    assert_eq!(env.service.backlog().await.unwrap().undelivered_notices, 0);
    env.rated(&ada, &bo).await;
    // Asked again a hundred times at once: the count read a moment ago.
    for _ in 0..100 {
        assert_eq!(env.service.backlog().await.unwrap().undelivered_notices, 0);
    }
    env.advance(BACKLOG_FRESH - Duration::from_millis(1));
    assert_eq!(env.service.backlog().await.unwrap().undelivered_notices, 0);
    env.advance(Duration::from_millis(1));
    assert_eq!(env.service.backlog().await.unwrap().undelivered_notices, 1);
}

#[on_both_stores]
async fn the_database_answers_until_its_pool_is_gone() {
    let env = Env::new().await;
    env.service.database_answers().await.unwrap();
    let pool_use = env.service.pool_use();
    assert!(
        pool_use.open >= 1 && pool_use.idle <= pool_use.open,
        "{pool_use:?}"
    );
    assert!(pool_use.max >= pool_use.open, "{pool_use:?}");

    let pool = dama_service::connect(&env.url).await.unwrap();
    let closing = GameService::new(pool.clone(), ServiceConfig::default());
    closing.database_answers().await.unwrap();
    pool.close().await;
    assert!(closing.database_answers().await.is_err());
    assert_eq!(closing.pool_use().open, 0);
}
