//! Game reviews through the service: asked for once a game is over, done by a worker under a
//! lease that another worker takes over when the first one dies, stored and answered from then
//! on, with an annotated PDN that the rules crate reads back.

mod common;

use dama_test_stores::on_both_stores;
use std::time::Duration;

use common::{Env, player};
use dama_engine::review::ReviewBudget;
use dama_service::ids::GameId;
use dama_service::service::{ReviewRun, ReviewState, ServiceConfig, ServiceError};

fn quick() -> ServiceConfig {
    ServiceConfig {
        review_budget: ReviewBudget::nodes(2_000),
        ..ServiceConfig::default()
    }
}

/// A finished game of 4 plies: White resigns.
async fn finished(env: &Env) -> GameId {
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    env.play_all(game.id, &["c3-c4", "f6-f5", "h3-h4", "a6-a5"])
        .await;
    env.service.resign(game.id, ada.id).await.expect("resigned");
    game.id
}

#[on_both_stores]
async fn a_review_is_queued_once_done_by_a_worker_and_answered_from_the_store() {
    let env = Env::with_config(quick()).await;
    let game = finished(&env).await;
    let asked = env
        .service
        .request_review(game, player(2).id, common::place())
        .await
        .expect("asked");
    assert_eq!(
        asked,
        ReviewState::Pending {
            done: 0,
            total: 5,
            queued: true
        }
    );
    let again = env
        .service
        .request_review(game, player(1).id, common::place())
        .await
        .expect("asked again");
    assert_eq!(
        again,
        ReviewState::Pending {
            done: 0,
            total: 5,
            queued: false
        }
    );

    let before = env.service.undelivered_notices(game).await.expect("outbox");
    let seen = std::sync::Mutex::new(Vec::new());
    let reviewed = env
        .service
        .run_next_review(|g, done, total| seen.lock().unwrap().push((g, done, total)))
        .await
        .expect("reviewed");
    assert_eq!(reviewed, Some(ReviewRun::Done(game)));
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.len(), 5, "one call per position: {seen:?}");
    assert_eq!(seen.last(), Some(&(game, 5, 5)));
    assert_eq!(
        env.service
            .run_next_review(|_, _, _| {})
            .await
            .expect("idle"),
        None
    );

    let ReviewState::Ready(ready) = env
        .service
        .request_review(game, player(1).id, common::place())
        .await
        .expect("asked once more")
    else {
        panic!("the review is done");
    };
    assert_eq!(ready.review.moves.len(), 4);
    assert_eq!(ready.nodes, 2_000);
    let read = dama_rules::pdn::read(&ready.pdn).expect("the annotated PDN reads back");
    assert_eq!(read.game.moves().len(), 4);
    assert!(ready.pdn.contains("[White \"player 1\"]"), "{}", ready.pdn);
    // What was stored is what the engine said: a second service reads the same review.
    let other = env.reopen().await;
    let stored = other.review(game).await.expect("read").expect("stored");
    assert_eq!(stored, *ready);
    // The players hear of it in the game's stream, after the result: one notice more.
    let after = env.service.undelivered_notices(game).await.expect("outbox");
    assert_eq!(after, before + 1);
}

#[on_both_stores]
async fn a_game_in_progress_has_no_review_and_a_stranger_cannot_ask() {
    let env = Env::with_config(quick()).await;
    let game = env.rated(&player(1), &player(2)).await;
    let early = env
        .service
        .request_review(game.id, player(1).id, common::place())
        .await;
    assert!(
        matches!(early, Err(ServiceError::GameInProgress)),
        "{early:?}"
    );
    let dm = dama_service::ids::Place {
        guild: None,
        channel: dama_service::ids::ChannelId(5),
    };
    let hidden = env.service.request_review(game.id, player(3).id, dm).await;
    assert!(hidden.is_err(), "{hidden:?}");
}

#[on_both_stores]
async fn a_review_left_by_a_dead_worker_is_taken_over_after_its_lease() {
    let env = Env::with_config(quick()).await;
    let game = finished(&env).await;
    env.service
        .request_review(game, player(1).id, common::place())
        .await
        .expect("asked");
    // The first worker dies after its first position.
    let (started, mut first) = tokio::sync::mpsc::unbounded_channel();
    let dying = env.service.clone();
    let worker = tokio::spawn(async move {
        dying
            .run_next_review(move |_, done, _| {
                let _ = started.send(done);
            })
            .await
    });
    assert_eq!(first.recv().await, Some(1));
    worker.abort();
    let other = env.reopen().await;
    assert_eq!(
        other.run_next_review(|_, _, _| {}).await.expect("idle"),
        None,
        "the lease still holds"
    );
    env.advance(Duration::from_secs(61));
    assert_eq!(
        other
            .run_next_review(|_, _, _| {})
            .await
            .expect("taken over"),
        Some(ReviewRun::Done(game))
    );
    assert!(other.review(game).await.expect("read").is_some());
}

#[on_both_stores]
async fn one_member_asking_for_many_reviews_delays_another_by_one_review_at_most() {
    let env = Env::with_config(quick()).await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    let mut ada_games = Vec::new();
    for _ in 0..3 {
        let game = env.casual(&ada, &bo).await;
        env.service.resign(game.id, bo.id).await.expect("resigned");
        ada_games.push(game.id);
    }
    let cy_game = env.casual(&cy, &bo).await;
    env.service
        .resign(cy_game.id, bo.id)
        .await
        .expect("resigned");
    for &game in &ada_games {
        env.service
            .request_review(game, ada.id, common::place())
            .await
            .expect("asked");
        env.advance(Duration::from_secs(1));
    }
    env.service
        .request_review(cy_game.id, cy.id, common::place())
        .await
        .expect("asked");
    let mut order = Vec::new();
    while let Some(ReviewRun::Done(game)) = env
        .service
        .run_next_review(|_, _, _| {})
        .await
        .expect("runs")
    {
        order.push(game);
    }
    assert_eq!(
        order,
        [ada_games[0], cy_game.id, ada_games[1], ada_games[2]]
    );
}

/// `n` finished casual games of `winner` against player 9 (who resigns each).
async fn won(env: &Env, winner: &dama_service::model::Player, n: usize) -> Vec<GameId> {
    let loser = player(9);
    let mut games = Vec::new();
    for _ in 0..n {
        let game = env.casual(winner, &loser).await;
        env.service
            .resign(game.id, loser.id)
            .await
            .expect("resigned");
        games.push(game.id);
    }
    games
}

#[on_both_stores]
async fn a_member_has_three_reviews_waiting_at_most_and_asking_again_for_one_costs_nothing() {
    let env = Env::with_config(quick()).await;
    let (ada, bo) = (player(1), player(2));
    let games = won(&env, &ada, 5).await;
    let ask = |game: GameId, who: &dama_service::model::Player| {
        env.service.request_review(game, who.id, common::place())
    };
    for &game in &games[..3] {
        ask(game, &ada).await.expect("under the limit");
    }
    // Asking again for a waiting review queues nothing: it is answered as before.
    let again = ask(games[0], &ada).await.expect("asked again");
    assert!(
        matches!(again, ReviewState::Pending { queued: false, .. }),
        "{again:?}"
    );
    let refused = ask(games[3], &ada).await;
    assert!(
        matches!(refused, Err(ServiceError::TooManyReviews { limit: 3 })),
        "{refused:?}"
    );
    // Someone else may ask for it; then Ada's request queues nothing and is answered.
    let bos = ask(games[3], &bo).await.expect("Bo's first");
    assert!(matches!(bos, ReviewState::Pending { queued: true, .. }));
    let hers = ask(games[3], &ada).await.expect("already queued by Bo");
    assert!(matches!(hers, ReviewState::Pending { queued: false, .. }));

    // One of Ada's done, she may queue another.
    let run = env
        .service
        .run_next_review(|_, _, _| {})
        .await
        .expect("runs");
    assert!(
        matches!(run, Some(ReviewRun::Done(g)) if games[..3].contains(&g)),
        "{run:?}"
    );
    ask(games[4], &ada).await.expect("under the limit again");
}

/// A flood of review clicks: one member asks for the reviews of 10 games, 10 times each, all
/// at once over two instances; 3 are queued, every other request is answered or refused with
/// the limit.
#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn a_flood_of_review_requests_on_two_instances_queues_no_more_than_the_limit() {
    let env = Env::with_config(quick()).await;
    let other = env.reopen().await;
    let ada = player(1);
    let games = won(&env, &ada, 10).await;
    let mut tasks = Vec::new();
    for n in 0..100 {
        let service = if n % 2 == 0 {
            env.service.clone()
        } else {
            other.clone()
        };
        let game = games[n % games.len()];
        let user = ada.id;
        tasks.push(tokio::spawn(async move {
            service.request_review(game, user, common::place()).await
        }));
    }
    let mut queued = 0;
    for task in tasks {
        match task.await.expect("no panic") {
            Ok(ReviewState::Pending { queued: true, .. }) => queued += 1,
            Ok(ReviewState::Pending { .. }) | Err(ServiceError::TooManyReviews { limit: 3 }) => {}
            other => panic!("unexpected answer: {other:?}"),
        }
    }
    assert_eq!(queued, 3);
    let mut done = 0;
    while let Some(run) = env
        .service
        .run_next_review(|_, _, _| {})
        .await
        .expect("runs")
    {
        assert!(matches!(run, ReviewRun::Done(_)), "{run:?}");
        done += 1;
    }
    assert_eq!(done, 3, "the worker finds no more than were queued");
}
