//! A rematch of a finished game: colours swapped and the same terms; a challenge to the
//! person who played it, or at once a game against the computer; never two at a time.

mod common;

use common::{DAY, Env, place, player};
use dama_engine::Level;
use dama_rules::Rules;
use dama_service::model::{
    ChallengeOptions, ChallengeStatus, ColourChoice, Participant, TimeControl,
};
use dama_service::service::{Closing, Rematch, ServiceError, rematch_level};
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn a_rematch_challenges_the_opponent_with_colours_swapped_and_the_same_terms() {
    let env = Env::new().await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    let terms = ChallengeOptions {
        time_control: TimeControl::Hour,
        rated: false,
        rules: Rules::FEDERATION,
        ..ChallengeOptions::default()
    };
    let game = env.start(&ada, &bo, terms).await;
    let refused = env.service.rematch(&ada, game.id).await;
    assert!(
        matches!(refused, Err(ServiceError::GameInProgress)),
        "{refused:?}"
    );
    env.service.resign(game.id, ada.id).await.expect("resigned");

    let refused = env.service.rematch(&cy, game.id).await;
    assert!(
        matches!(refused, Err(ServiceError::NotAParticipant)),
        "{refused:?}"
    );
    let Ok(Rematch::Challenge(challenge)) = env.service.rematch(&ada, game.id).await else {
        panic!("a challenge");
    };
    assert_eq!(challenge.challenger.id, ada.id);
    assert_eq!(challenge.challenged.as_ref().map(|p| p.id), Some(bo.id));
    assert_eq!(challenge.place, game.place);
    assert_eq!(challenge.rematch_of, Some(game.id));
    assert_eq!(
        challenge.options,
        ChallengeOptions {
            colour: ColourChoice::Black,
            ..terms
        }
    );
    // Pressed again by either player while it waits: refused.
    for who in [&ada, &bo] {
        let again = env.service.rematch(who, game.id).await;
        assert!(
            matches!(again, Err(ServiceError::RematchPending)),
            "{again:?}"
        );
    }
    // Declined, it may be asked again; accepted, the rematch is under way.
    env.service
        .close_challenge(Closing::Declined, bo.id, place(), challenge.id)
        .await
        .expect("declined");
    let Ok(Rematch::Challenge(second)) = env.service.rematch(&bo, game.id).await else {
        panic!("a second challenge");
    };
    assert_eq!(second.options.colour, ColourChoice::White, "bo was Black");
    let rematch = env
        .service
        .accept_challenge(&ada, common::place(), second.id)
        .await
        .expect("accepted");
    assert_eq!(rematch.seats.white, Participant::Human(bo.clone()));
    assert_eq!(rematch.seats.black, Participant::Human(ada.clone()));
    assert_eq!(
        (rematch.time_control, rematch.rated, rematch.rules),
        (TimeControl::Hour, false, Rules::FEDERATION)
    );
    assert_eq!(
        env.service.challenge(second.id).await.expect("read").status,
        ChallengeStatus::Accepted(rematch.id)
    );
    let again = env.service.rematch(&ada, game.id).await;
    assert!(
        matches!(again, Err(ServiceError::RematchStarted)),
        "{again:?}"
    );
}

#[on_both_stores]
async fn a_lapsed_rematch_challenge_may_be_asked_again() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.casual(&ada, &bo).await;
    env.service.resign(game.id, bo.id).await.expect("resigned");
    env.service.rematch(&bo, game.id).await.expect("first");
    env.advance(DAY * 8);
    env.service
        .rematch(&bo, game.id)
        .await
        .expect("after the first lapsed");
}

#[on_both_stores]
async fn a_rematch_against_the_computer_starts_at_once_with_colours_swapped() {
    let env = Env::new().await;
    let ada = player(1);
    let level = Level::new(3).expect("level");
    let game = env
        .service
        .start_engine_game(
            &ada,
            common::place(),
            level,
            ColourChoice::White,
            TimeControl::Day,
        )
        .await
        .expect("started");
    env.service.resign(game.id, ada.id).await.expect("resigned");
    let Ok(Rematch::Computer(rematch)) = env.service.rematch(&ada, game.id).await else {
        panic!("a game");
    };
    assert_eq!(
        rematch.seats.white,
        Participant::Engine(level),
        "same level after a loss"
    );
    assert_eq!(rematch.seats.black, Participant::Human(ada.clone()));
    assert_eq!(rematch.time_control, TimeControl::Day);
    assert!(!rematch.is_over());
    let again = env.service.rematch(&ada, game.id).await;
    assert!(
        matches!(again, Err(ServiceError::RematchStarted)),
        "{again:?}"
    );
}

#[test]
fn the_computer_plays_one_level_up_after_a_win_up_to_the_strongest() {
    let level = |n| Level::new(n).expect("level");
    assert_eq!(rematch_level(level(1), true), level(2));
    assert_eq!(rematch_level(level(4), true), level(5));
    assert_eq!(rematch_level(Level::MAX, true), Level::MAX);
    assert_eq!(rematch_level(level(3), false), level(3));
}
