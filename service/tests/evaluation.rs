//! The computer's evaluation for the analysis board: only positions of the game named (a ply of
//! its record, then a line of legal moves), only once it is over, never of a game its asker is
//! playing, and within each member's share.

mod common;

use std::time::Duration;

use common::{Env, player};
use dama_rules::Position;
use dama_rules::notation::MoveText;
use dama_service::ids::{GameId, UserId};
use dama_service::service::{
    EVALUATION_LINE_MAX, EVALUATION_WINDOW, EVALUATIONS_PER_MINUTE, EvaluationError, ServiceError,
};
use dama_test_stores::on_both_stores;

fn moves(texts: &[&str]) -> Vec<MoveText> {
    texts
        .iter()
        .map(|t| t.parse().expect("move syntax"))
        .collect()
}

/// The evaluation's refusal, if it was one.
fn refusal<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> EvaluationError {
    match result {
        Err(ServiceError::Evaluation(e)) => e,
        other => panic!("not an evaluation's refusal: {other:?}"),
    }
}

/// A game between players 1 (White) and 2 after d3-d4, ended by Black's resignation.
async fn finished(env: &Env) -> GameId {
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    env.play(game.id, &ada, "d3-d4").await.expect("d3-d4");
    env.service.resign(game.id, bo.id).await.expect("resigned");
    game.id
}

const SPECTATOR: UserId = UserId(99);

#[on_both_stores]
async fn nothing_is_evaluated_while_the_game_is_played_rated_or_not() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let rated = env.rated(&ada, &bo).await;
    let casual = env.casual(&player(3), &player(4)).await;
    for game in [rated.id, casual.id] {
        for asker in [ada.id, SPECTATOR] {
            let asked = env.service.evaluate(game, asker, 0, &[]).await;
            assert_eq!(refusal(asked), EvaluationError::DuringGame);
        }
    }
    // Once it is over, anyone signed in is answered, the game's own position first.
    env.service.resign(rated.id, bo.id).await.expect("resigned");
    let found = env
        .service
        .evaluate(rated.id, SPECTATOR, 0, &[])
        .await
        .expect("evaluated");
    assert_eq!(found.position, Position::start());
    assert!(!found.line.is_empty());
}

#[on_both_stores]
async fn only_the_games_own_positions_and_lines_from_them_are_evaluated() {
    let env = Env::new().await;
    let game = finished(&env).await;
    let found = env
        .service
        .evaluate(game, SPECTATOR, 1, &moves(&["e6-e5", "c3-c4"]))
        .await
        .expect("evaluated");
    assert_eq!(
        found.position.to_string(),
        "8/bbbbbbbb/bbbb1bbb/4b3/2ww4/ww2wwww/wwwwwwww/8 b"
    );
    // A ply past the end, a move of the wrong side, a move the rules refuse.
    for (ply, line) in [
        (2, &[][..]),
        (u32::MAX, &[][..]),
        (1, &["d4-d5"][..]),
        (0, &["e6-e5"][..]),
        (1, &["e6-e4"][..]),
    ] {
        let asked = env
            .service
            .evaluate(game, SPECTATOR, ply, &moves(line))
            .await;
        assert_eq!(
            refusal(asked),
            EvaluationError::NotOfTheGame,
            "{ply} {line:?}"
        );
    }
    // A line longer than the bound is refused before the game is read.
    let long = vec!["d4-d5".parse().expect("syntax"); EVALUATION_LINE_MAX + 1];
    let asked = env.service.evaluate(game, SPECTATOR, 1, &long).await;
    assert_eq!(
        refusal(asked),
        EvaluationError::LineTooLong {
            max: EVALUATION_LINE_MAX
        }
    );
}

#[on_both_stores]
async fn a_line_to_the_position_of_a_game_the_member_plays_is_refused() {
    let env = Env::new().await;
    let finished = finished(&env).await;
    // Cy plays Di, rated: after d3-d4 it is Di's move.
    let (cy, di) = (player(3), player(4));
    let playing = env.rated(&cy, &di).await;
    env.play(playing.id, &cy, "d3-d4").await.expect("d3-d4");
    // Di walks the finished game's record to the position of the game he is playing, and on
    // to his candidate move and its answer: refused, each.
    for line in [&[][..], &["e6-e5"][..], &["e6-e5", "c3-c4"][..]] {
        let asked = env.service.evaluate(finished, di.id, 1, &moves(line)).await;
        assert_eq!(refusal(asked), EvaluationError::GameInProgress, "{line:?}");
    }
    // So is Cy, his opponent; a spectator is answered, and so is Di once his game is over.
    let asked = env.service.evaluate(finished, cy.id, 1, &[]).await;
    assert_eq!(refusal(asked), EvaluationError::GameInProgress);
    env.service
        .evaluate(finished, SPECTATOR, 1, &[])
        .await
        .expect("a spectator's");
    env.service
        .resign(playing.id, di.id)
        .await
        .expect("resigned");
    env.service
        .evaluate(finished, di.id, 1, &moves(&["e6-e5"]))
        .await
        .expect("after his game");
}

#[on_both_stores]
async fn a_members_share_of_evaluations_a_minute_comes_back_with_the_clock() {
    let env = Env::new().await;
    let game = finished(&env).await;
    for _ in 0..EVALUATIONS_PER_MINUTE {
        env.service
            .evaluate(game, SPECTATOR, 1, &[])
            .await
            .expect("within the share");
    }
    let asked = env.service.evaluate(game, SPECTATOR, 1, &[]).await;
    assert_eq!(
        refusal(asked),
        EvaluationError::Quota {
            limit: EVALUATIONS_PER_MINUTE
        }
    );
    // Another member's share is their own; the first's is back a minute later.
    env.service
        .evaluate(game, UserId(98), 1, &[])
        .await
        .expect("another member's");
    env.advance(EVALUATION_WINDOW - Duration::from_secs(1));
    let asked = env.service.evaluate(game, SPECTATOR, 1, &[]).await;
    assert!(asked.is_err(), "the window has not ended yet");
    env.advance(Duration::from_secs(1));
    env.service
        .evaluate(game, SPECTATOR, 1, &[])
        .await
        .expect("a new minute");
}
