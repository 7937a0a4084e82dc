//! Who may see a game from where, answers to requests that are no longer pending, and
//! deadlines that are final once passed.

mod common;

use common::{DAY, Env, HOUR, player};
use dama_service::service::{Event, ServiceError};

// ---- deadlines are final -------------------------------------------------------------------

#[tokio::test]
async fn after_the_deadline_neither_side_may_offer_or_accept_a_draw() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.service.offer_draw(game.id, a.id).await.unwrap();
    env.advance(DAY);
    // Bo's time is up: accepting Ada's offer would save a lost game.
    assert!(matches!(
        env.service.accept_draw(game.id, b.id).await,
        Err(ServiceError::DeadlinePassed)
    ));
    assert!(matches!(
        env.service.offer_draw(game.id, b.id).await,
        Err(ServiceError::DeadlinePassed)
    ));
    let game2 = env.rated(&a, &b).await;
    env.play(game2.id, &a, "d3-d4").await.unwrap();
    env.advance(DAY);
    // Nor may the player who is not late offer one.
    assert!(matches!(
        env.service.offer_draw(game2.id, a.id).await,
        Err(ServiceError::DeadlinePassed)
    ));
    assert_eq!(env.service.game(game.id).await.unwrap().outcome, None);
}

#[tokio::test]
async fn after_the_deadline_takebacks_are_neither_asked_nor_granted() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.play(game.id, &b, "e6-e5").await.unwrap();
    env.service.request_takeback(game.id, b.id).await.unwrap();
    env.advance(DAY);
    assert!(matches!(
        env.service.accept_takeback(game.id, a.id).await,
        Err(ServiceError::DeadlinePassed)
    ));
    let game2 = env.rated(&a, &b).await;
    env.play(game2.id, &a, "d3-d4").await.unwrap();
    env.advance(DAY);
    assert!(matches!(
        env.service.request_takeback(game2.id, a.id).await,
        Err(ServiceError::DeadlinePassed)
    ));
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!(view.ply, 2, "nothing was taken back");
}

#[tokio::test]
async fn a_late_player_cannot_go_on_vacation_and_still_loses_on_time() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.advance(DAY + HOUR);
    assert!(matches!(
        env.service.start_vacation(&b, 3).await,
        Err(ServiceError::OverdueGame(id)) if id == game.id
    ));
    let status = env.service.vacation(b.id).await.unwrap();
    assert_eq!((status.until, status.days_used), (None, 0));
    // Ada is not to move anywhere: she may still go.
    env.service.start_vacation(&a, 1).await.unwrap();
    let events = env.service.sweep().await.unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TimedOut { loser, .. } if *loser == b.id)),
        "{events:?}"
    );
}

#[tokio::test]
async fn declining_after_the_deadline_changes_nothing_that_matters_and_is_allowed() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.service.offer_draw(game.id, a.id).await.unwrap();
    env.advance(DAY);
    env.service.decline_draw(game.id, b.id).await.unwrap();
}
