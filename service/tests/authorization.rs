//! Every authorisation rule of the service, each refused with its own error.

mod common;

use common::{DAY, Env, place, player};
use dama_service::ids::{ChallengeId, ChannelId, GameId};
use dama_service::model::ChallengeOptions;
use dama_service::service::{Closing, Question, ServiceError};
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn only_the_player_to_move_may_move() {
    let env = Env::new().await;
    let (a, b, c) = (player(1), player(2), player(3));
    let game = env.casual(&a, &b).await;
    assert!(matches!(
        env.play(game.id, &b, "d6-d5").await,
        Err(ServiceError::NotYourTurn)
    ));
    assert!(matches!(
        env.play(game.id, &c, "d3-d4").await,
        Err(ServiceError::NotAParticipant)
    ));
    assert!(matches!(
        env.play(GameId(999), &a, "d3-d4").await,
        Err(ServiceError::NoSuchGame(GameId(999)))
    ));
    // Moving the opponent's piece on one's own turn is a rules error, not an authorisation one.
    assert!(matches!(
        env.play(game.id, &a, "d6-d5").await,
        Err(ServiceError::Move(
            dama_rules::notation::ResolveError::NotYourPiece(_)
        ))
    ));
}

#[on_both_stores]
async fn only_participants_may_resign_offer_draws_or_ask_for_takebacks() {
    let env = Env::new().await;
    let (a, b, c) = (player(1), player(2), player(3));
    let game = env.casual(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    for refused in [
        env.service.resign(game.id, c.id).await.map(drop),
        env.service
            .ask(game.id, c.id, Question::Draw)
            .await
            .map(drop),
        env.service
            .answer(game.id, c.id, Question::Draw, true, None)
            .await
            .map(drop),
        env.service
            .answer(game.id, c.id, Question::Draw, false, None)
            .await
            .map(drop),
        env.service
            .ask(game.id, c.id, Question::Takeback)
            .await
            .map(drop),
        env.service
            .answer(game.id, c.id, Question::Takeback, true, None)
            .await
            .map(drop),
        env.service
            .answer(game.id, c.id, Question::Takeback, false, None)
            .await
            .map(drop),
        env.service.legal_moves_for(game.id, c.id).await.map(drop),
    ] {
        assert!(
            matches!(refused, Err(ServiceError::NotAParticipant)),
            "{refused:?}"
        );
    }
}

#[on_both_stores]
async fn draw_offers_are_answered_only_by_the_opponent() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    assert!(matches!(
        env.service
            .answer(game.id, b.id, Question::Draw, true, None)
            .await,
        Err(ServiceError::NoDrawOffer)
    ));
    env.service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap();
    assert!(matches!(
        env.service.ask(game.id, a.id, Question::Draw).await,
        Err(ServiceError::DrawAlreadyOffered)
    ));
    assert!(matches!(
        env.service
            .answer(game.id, a.id, Question::Draw, true, None)
            .await,
        Err(ServiceError::NoDrawOffer)
    ));
    assert!(matches!(
        env.service
            .answer(game.id, a.id, Question::Draw, false, None)
            .await,
        Err(ServiceError::NoDrawOffer)
    ));
}

#[on_both_stores]
async fn takebacks_need_a_move_of_ones_own_and_the_opponents_answer() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    assert!(matches!(
        env.service.ask(game.id, a.id, Question::Takeback).await,
        Err(ServiceError::NothingToTakeBack)
    ));
    env.play(game.id, &a, "d3-d4").await.unwrap();
    assert!(matches!(
        env.service.ask(game.id, b.id, Question::Takeback).await,
        Err(ServiceError::NothingToTakeBack)
    ));
    env.service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap();
    assert!(matches!(
        env.service.ask(game.id, a.id, Question::Takeback).await,
        Err(ServiceError::TakebackPending)
    ));
    assert!(matches!(
        env.service
            .answer(game.id, a.id, Question::Takeback, true, None)
            .await,
        Err(ServiceError::NoTakebackRequest)
    ));
    assert!(matches!(
        env.service
            .answer(game.id, a.id, Question::Takeback, false, None)
            .await,
        Err(ServiceError::NoTakebackRequest)
    ));
}

#[on_both_stores]
async fn nothing_can_be_done_in_a_finished_game() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.service.resign(game.id, b.id).await.unwrap();
    for refused in [
        env.play(game.id, &b, "e6-e5").await.map(drop),
        env.service.resign(game.id, a.id).await.map(drop),
        env.service
            .ask(game.id, a.id, Question::Draw)
            .await
            .map(drop),
        env.service
            .ask(game.id, a.id, Question::Takeback)
            .await
            .map(drop),
        env.service.legal_moves_for(game.id, b.id).await.map(drop),
    ] {
        assert!(
            matches!(refused, Err(ServiceError::GameOver)),
            "{refused:?}"
        );
    }
    // Outsiders are told they are not playing, not that the game is over.
    assert!(matches!(
        env.play(game.id, &player(9), "e6-e5").await,
        Err(ServiceError::NotAParticipant)
    ));
}

#[on_both_stores]
async fn only_the_challenged_player_may_accept_or_decline_a_direct_challenge() {
    let env = Env::new().await;
    let (a, b, c) = (player(1), player(2), player(3));
    let challenge = env
        .service
        .create_challenge(&a, Some(&b), place(), ChallengeOptions::default())
        .await
        .unwrap();
    assert!(matches!(
        env.service
            .accept_challenge(&c, place(), challenge.id)
            .await,
        Err(ServiceError::ChallengeNotForYou)
    ));
    assert!(matches!(
        env.service
            .close_challenge(Closing::Declined, c.id, place(), challenge.id)
            .await,
        Err(ServiceError::ChallengeNotForYou)
    ));
    assert!(matches!(
        env.service
            .accept_challenge(&a, place(), challenge.id)
            .await,
        Err(ServiceError::OwnChallenge)
    ));
    assert!(matches!(
        env.service
            .close_challenge(Closing::Declined, a.id, place(), challenge.id)
            .await,
        Err(ServiceError::OwnChallenge)
    ));
    let declined = env
        .service
        .close_challenge(Closing::Declined, b.id, place(), challenge.id)
        .await
        .unwrap();
    assert_eq!(
        declined.status,
        dama_service::model::ChallengeStatus::Declined
    );
    assert!(matches!(
        env.service
            .accept_challenge(&b, place(), challenge.id)
            .await,
        Err(ServiceError::ChallengeGone)
    ));
}

#[on_both_stores]
async fn an_open_challenge_is_answered_only_from_its_own_server() {
    use dama_service::ids::{ChannelId, GuildId, Place};

    let env = Env::new().await;
    let (a, c) = (player(1), player(3));
    let challenge = env
        .service
        .create_challenge(&a, None, place(), ChallengeOptions::default())
        .await
        .unwrap();
    let elsewhere = Place {
        guild: Some(GuildId(1001)),
        channel: ChannelId(2001),
    };
    assert!(matches!(
        env.service
            .accept_challenge(&c, elsewhere, challenge.id)
            .await,
        Err(ServiceError::NotVisibleHere)
    ));
    assert!(matches!(
        env.service
            .close_challenge(Closing::Declined, c.id, elsewhere, challenge.id)
            .await,
        Err(ServiceError::NotVisibleHere)
    ));
    // Its challenger may withdraw it from anywhere; nothing changed meanwhile.
    env.service
        .close_challenge(Closing::Withdrawn, a.id, elsewhere, challenge.id)
        .await
        .expect("withdrawn");
}

#[on_both_stores]
async fn anyone_but_the_challenger_may_take_an_open_challenge() {
    let env = Env::new().await;
    let (a, c) = (player(1), player(3));
    let challenge = env
        .service
        .create_challenge(&a, None, place(), ChallengeOptions::default())
        .await
        .unwrap();
    assert!(matches!(
        env.service
            .accept_challenge(&a, place(), challenge.id)
            .await,
        Err(ServiceError::OwnChallenge)
    ));
    assert!(matches!(
        env.service
            .close_challenge(Closing::Declined, c.id, place(), challenge.id)
            .await,
        Err(ServiceError::ChallengeNotForYou)
    ));
    let game = env
        .service
        .accept_challenge(&c, place(), challenge.id)
        .await
        .unwrap();
    assert!(game.color_of(c.id).is_some() && game.color_of(a.id).is_some());
    assert_ne!(game.color_of(c.id), game.color_of(a.id));
}

#[on_both_stores]
async fn only_the_challenger_may_cancel_and_nobody_may_challenge_themselves() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    assert!(matches!(
        env.service
            .create_challenge(&a, Some(&a), place(), ChallengeOptions::default())
            .await,
        Err(ServiceError::SelfChallenge)
    ));
    let challenge = env
        .service
        .create_challenge(&a, Some(&b), place(), ChallengeOptions::default())
        .await
        .unwrap();
    assert!(matches!(
        env.service
            .close_challenge(Closing::Withdrawn, b.id, place(), challenge.id)
            .await,
        Err(ServiceError::NotYourChallenge)
    ));
    env.service
        .close_challenge(Closing::Withdrawn, a.id, place(), challenge.id)
        .await
        .unwrap();
    assert!(matches!(
        env.service
            .close_challenge(Closing::Withdrawn, a.id, place(), challenge.id)
            .await,
        Err(ServiceError::ChallengeGone)
    ));
    assert!(matches!(
        env.service
            .accept_challenge(&b, place(), ChallengeId(404))
            .await,
        Err(ServiceError::NoSuchChallenge(ChallengeId(404)))
    ));
}

#[on_both_stores]
async fn a_thread_can_only_be_set_on_an_existing_game() {
    let env = Env::new().await;
    assert!(matches!(
        env.service.set_thread(GameId(5), ChannelId(6)).await,
        Err(ServiceError::NoSuchGame(GameId(5)))
    ));
}

#[tokio::test]
async fn refusals_display_as_terse_diagnostics_and_internal_errors_are_marked() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    let refused = env.play(game.id, &b, "d6-d5").await.unwrap_err();
    // Display is for logs: the adapter words refusals for players.
    assert_eq!(refused.to_string(), "not the player's turn");
    assert!(!refused.is_internal());
    assert!(ServiceError::Database(sqlx::Error::PoolClosed).is_internal());
    let gone = ServiceError::VacationExhausted { days_left: 2 };
    assert_eq!(gone.to_string(), "vacation exhausted: 2 days left");
    assert_eq!(
        ServiceError::NoSuchGame(game.id).to_string(),
        format!("no game {}", game.id)
    );
    env.advance(DAY);
}
