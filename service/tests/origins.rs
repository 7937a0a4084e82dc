//! Where an action comes from: a Discord place, checked for the game's visibility, or a member
//! signed in on the web pages, whose news the same call hands to the delivery worker.

mod common;

use std::time::Duration;

use common::{Env, player};
use dama_service::model::Actor;
use dama_service::service::{HowPlayed, Origin, Pressed, Question, Reply, ServiceError};
use dama_test_stores::on_both_stores;

/// Whether the delivery worker's bell was rung since it was last heard.
async fn rung(env: &Env) -> bool {
    let bell = env.service.delivery_bell();
    tokio::time::timeout(Duration::ZERO, bell.notified())
        .await
        .is_ok()
}

fn from(origin: Origin, ply: u32) -> HowPlayed {
    HowPlayed {
        pressed: Some(Pressed { origin, at: ply }),
        ..HowPlayed::default()
    }
}

#[on_both_stores]
async fn a_members_move_is_handed_to_delivery_by_the_same_call() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    assert!(!rung(&env).await, "nothing to deliver yet");
    let text = "d3-d4".parse().expect("a move");
    env.service
        .play(game.id, Actor::Player(a.id), &text, from(Origin::Member, 0))
        .await
        .expect("the move");
    assert!(
        rung(&env).await,
        "the member's news waits for no interaction"
    );
    // A button in Discord: the interaction carries the news, the bell stays quiet.
    let text = "e6-e5".parse().expect("a move");
    env.service
        .play(
            game.id,
            Actor::Player(b.id),
            &text,
            from(Origin::Discord(game.place), 1),
        )
        .await
        .expect("the move");
    assert!(!rung(&env).await);
    // Asking and answering from the page ring it too.
    let asked = env
        .service
        .ask_from(game.id, a.id, Question::Takeback, Origin::Member)
        .await
        .expect("asked");
    let Reply::Pending(view) = asked else {
        panic!("a takeback waits for the opponent: {asked:?}")
    };
    assert!(rung(&env).await);
    let pressed = Pressed {
        origin: Origin::Member,
        at: view.version,
    };
    env.service
        .answer(game.id, b.id, Question::Takeback, false, Some(pressed))
        .await
        .expect("declined");
    assert!(rung(&env).await);
}

#[on_both_stores]
async fn a_member_acts_as_a_player_and_never_as_a_place() {
    let env = Env::new().await;
    let (a, b, c) = (player(1), player(2), player(3));
    let game = env.rated(&a, &b).await;
    let text = "d3-d4".parse().expect("a move");
    // Signed in on the web, a spectator is still no player.
    assert!(matches!(
        env.service
            .play(game.id, Actor::Player(c.id), &text, from(Origin::Member, 0))
            .await,
        Err(ServiceError::NotAParticipant)
    ));
    assert!(matches!(
        env.service
            .ask_from(game.id, c.id, Question::Draw, Origin::Member)
            .await,
        Err(ServiceError::NotAParticipant)
    ));
    assert!(!rung(&env).await, "a refusal hands nothing over");
    assert_eq!(env.service.game(game.id).await.expect("the game").ply, 0);
}
