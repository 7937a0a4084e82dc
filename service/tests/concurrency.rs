//! Racing writers: moves, challenge acceptances and sweeps from many tasks at once.

mod common;

use dama_test_stores::on_both_stores;
use std::sync::Arc;

use common::{DAY, Env, place, player};
use dama_rules::notation::MoveText;
use dama_service::model::{Actor, ChallengeOptions};
use dama_service::service::{GameFilter, ServiceError};

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn of_many_racing_moves_exactly_one_is_applied() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    let moves = game.position.legal_moves_under(game.rules);
    let service = Arc::new(env.service.clone());
    let mut tasks = Vec::new();
    for i in 0..24 {
        let service = Arc::clone(&service);
        let text = MoveText::of_move(&moves[i % moves.len()]);
        tasks.push(tokio::spawn(async move {
            service.play_move(game.id, Actor::Player(a.id), &text).await
        }));
    }
    let mut applied = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(outcome) => applied.push(outcome.played),
            Err(ServiceError::Conflict | ServiceError::NotYourTurn) => {}
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
    assert_eq!(applied.len(), 1, "exactly one move wins");
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!(view.ply, 1);
    assert_eq!(view.last_move.unwrap().mv, applied[0]);
    assert_eq!(view.position, game.position.play(&applied[0]).unwrap());
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn racing_moves_across_many_games_leave_every_game_consistent() {
    let env = Env::new().await;
    let mut games = Vec::new();
    for n in 0..6 {
        games.push(env.casual(&player(2 * n + 1), &player(2 * n + 2)).await.id);
    }
    let service = Arc::new(env.service.clone());
    let mut applied = vec![0_u32; games.len()];
    for _round in 0..20 {
        let mut tasks = Vec::new();
        for (g, &id) in games.iter().enumerate() {
            let view = service.game(id).await.unwrap();
            if view.is_over() {
                continue;
            }
            let user = view.user_to_move().unwrap();
            for m in view.position.legal_moves_under(view.rules).iter().take(3) {
                let service = Arc::clone(&service);
                let text = MoveText::of_move(m);
                tasks.push(tokio::spawn(async move {
                    (g, service.play_move(id, Actor::Player(user), &text).await)
                }));
            }
        }
        for task in tasks {
            let (g, result) = task.await.unwrap();
            match result {
                Ok(_) => applied[g] += 1,
                Err(ServiceError::Conflict | ServiceError::NotYourTurn | ServiceError::Move(_)) => {
                }
                Err(e) => panic!("unexpected error: {e}"),
            }
        }
    }
    for (g, &id) in games.iter().enumerate() {
        // Loading replays every stored move and checks it against the stored positions.
        let view = env.service.game(id).await.unwrap();
        assert_eq!(
            view.ply, applied[g],
            "game {id}: one stored move per success"
        );
    }
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn an_open_challenge_taken_by_many_at_once_starts_one_game() {
    let env = Env::new().await;
    let a = player(1);
    let challenge = env
        .service
        .create_challenge(&a, None, place(), ChallengeOptions::default())
        .await
        .unwrap();
    let mut tasks = Vec::new();
    for n in 2..14 {
        let service = env.service.clone();
        tasks.push(tokio::spawn(async move {
            service
                .accept_challenge(&player(n), place(), challenge.id)
                .await
        }));
    }
    let mut started = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(game) => started.push(game.id),
            Err(ServiceError::ChallengeGone) => {}
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
    assert_eq!(started.len(), 1);
    let games = env
        .service
        .active_games(a.id, GameFilter::Anywhere)
        .await
        .unwrap();
    assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), started);
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn a_last_second_move_racing_the_sweeper_either_lands_or_loses_on_time() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let mut games = Vec::new();
    for _ in 0..12 {
        games.push(env.rated(&a, &b).await.id);
    }
    let deadline = common::START + DAY;
    // Moves come a millisecond before the deadline; the sweeper sweeps as of the deadline.
    env.advance(DAY - std::time::Duration::from_millis(1));
    let sweeper = {
        let service = env.service.clone();
        tokio::spawn(async move { service.sweep_at(deadline).await })
    };
    let mut moves = Vec::new();
    for &id in &games {
        let service = env.service.clone();
        moves.push(tokio::spawn(async move {
            let text = "d3-d4".parse().unwrap();
            (id, service.play_move(id, Actor::Player(a.id), &text).await)
        }));
    }
    let mut landed = Vec::new();
    for m in moves {
        match m.await.unwrap() {
            (id, Ok(_)) => landed.push(id),
            (_, Err(ServiceError::GameOver | ServiceError::Conflict)) => {}
            (_, Err(e)) => panic!("unexpected error: {e}"),
        }
    }
    let mut timed_out: Vec<_> = sweeper
        .await
        .unwrap()
        .unwrap()
        .into_iter()
        .filter_map(|e| match e {
            dama_service::service::Event::TimedOut { game, .. } => Some(game.id),
            _ => None,
        })
        .collect();
    let mut all = landed.clone();
    all.append(&mut timed_out);
    all.sort();
    assert_eq!(
        all, games,
        "each game either got its move or lost on time, never both"
    );
    for &id in &games {
        let view = env.service.game(id).await.unwrap();
        assert_eq!(view.is_over(), !landed.contains(&id));
        assert_eq!(view.ply, u32::from(landed.contains(&id)));
    }
}
