//! Claims in live games: a player whose opponent has left (not seen on a page, in the
//! Activity or by a move for a while) claims the win or a draw; with time moved by hand.

mod common;

use std::time::Duration;

use dama_test_stores::on_both_stores;

use common::{Env, place, player};
use dama_rules::{Color, DrawReason, Outcome, WinReason};
use dama_service::ids::{GameId, UserId};
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, EngineGame, Player, TimeControl};
use dama_service::service::{Claim, GameView, HowPlayed, Origin, ServiceError, left_after};

const SECOND: Duration = Duration::from_secs(1);

/// A rated live game on `clock` between `white` and `black`, both first moves played.
async fn started(env: &Env, white: &Player, black: &Player, clock: &str) -> GameView {
    let options = ChallengeOptions {
        live: Some(clock.parse().expect("a clock")),
        ..ChallengeOptions::default()
    };
    let game = env.start(white, black, options).await;
    play_any(env, game.id).await;
    play_any(env, game.id).await;
    game
}

/// Plays the first legal move for whoever is to move.
async fn play_any(env: &Env, game: GameId) {
    let view = env.service.game(game).await.expect("game");
    let m = view.position.legal_moves_under(view.rules)[0];
    let text = dama_rules::notation::MoveText::of_move(&m);
    let actor = view.user_to_move().map_or(Actor::Engine, Actor::Player);
    env.service
        .play(game, actor, &text, HowPlayed::default())
        .await
        .expect("a move");
}

fn user(p: &Player) -> UserId {
    p.id
}

#[on_both_stores]
async fn a_player_gone_for_the_speeds_time_loses_to_a_claim_and_it_is_rated() {
    let env = Env::new().await;
    let (alice, bob) = (player(1), player(2));
    // 3+2 is blitz: gone after 30 s.
    let game = started(&env, &alice, &bob, "3+2").await;
    assert_eq!(left_after(dama_service::model::Speed::Blitz), 30 * SECOND);
    env.advance(10 * SECOND);
    // Bob's page is open; alice has not been seen since her first move.
    let presence = env
        .service
        .sighted(game.id, user(&bob))
        .await
        .unwrap()
        .expect("a live game can be claimed");
    assert_eq!(presence.opponent_seen, common::START);
    assert_eq!(presence.claimable_from, common::START + 30 * SECOND);
    let early = env
        .service
        .claim(game.id, user(&bob), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(early, Err(ServiceError::OpponentStillHere { wait }) if wait == 20 * SECOND),
        "{early:?}"
    );
    assert!(!env.service.game(game.id).await.unwrap().is_over());

    env.advance(20 * SECOND);
    let ended = env
        .service
        .claim(game.id, user(&bob), Claim::Win, Origin::Member)
        .await
        .expect("the claim");
    assert_eq!(
        ended.end.outcome,
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Abandoned,
        }
    );
    assert!(ended.end.ratings.is_some(), "rated as any loss");
    let stored = env.service.game(game.id).await.unwrap();
    assert_eq!(stored.outcome, Some(ended.end.outcome), "stored as claimed");
    // Nothing more to claim, or to play.
    let again = env
        .service
        .claim(game.id, user(&bob), Claim::Win, Origin::Member)
        .await;
    assert!(matches!(again, Err(ServiceError::GameOver)), "{again:?}");
}

#[on_both_stores]
async fn a_sighting_or_a_move_keeps_a_player_here_and_a_draw_can_be_claimed() {
    let env = Env::new().await;
    let (alice, bob) = (player(1), player(2));
    // 1+0 is bullet: gone after 15 s.
    let game = started(&env, &alice, &bob, "1+0").await;
    env.advance(10 * SECOND);
    // Alice's page says she is there: the wait starts again.
    env.service.sighted(game.id, user(&alice)).await.unwrap();
    env.advance(10 * SECOND);
    let refused = env
        .service
        .claim(game.id, user(&bob), Claim::Draw, Origin::Member)
        .await;
    assert!(
        matches!(refused, Err(ServiceError::OpponentStillHere { wait }) if wait == 5 * SECOND),
        "{refused:?}"
    );
    // Bob's page is seen; she moves (a sighting of its own), then Bob stays away: after 15 s
    // she may claim.
    env.service.sighted(game.id, user(&bob)).await.unwrap();
    play_any(&env, game.id).await;
    env.advance(14 * SECOND);
    let refused = env
        .service
        .claim(game.id, user(&alice), Claim::Draw, Origin::Member)
        .await;
    assert!(
        matches!(refused, Err(ServiceError::OpponentStillHere { wait }) if wait == SECOND),
        "{refused:?}"
    );
    env.advance(SECOND);
    let ended = env
        .service
        .claim(game.id, user(&alice), Claim::Draw, Origin::Member)
        .await
        .expect("the claim");
    assert_eq!(ended.end.outcome, Outcome::Draw(DrawReason::Abandoned));
}

/// A claim is a sign of life: a player who plays from Discord alone, and so has no page to
/// say they are there, is seen when they claim, refused or not.
#[on_both_stores]
async fn a_refused_claim_still_sees_the_claimant() {
    let env = Env::new().await;
    let (alice, bob) = (player(1), player(2));
    let game = started(&env, &alice, &bob, "1+0").await;
    env.advance(10 * SECOND);
    let refused = env
        .service
        .claim(game.id, user(&alice), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(refused, Err(ServiceError::OpponentStillHere { wait }) if wait == 5 * SECOND),
        "{refused:?}"
    );
    // Both unmoved for 15 s: bob was gone, but alice was seen claiming 5 s ago.
    env.advance(5 * SECOND);
    let bobs = env
        .service
        .claim(game.id, user(&bob), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(bobs, Err(ServiceError::OpponentStillHere { wait }) if wait == 10 * SECOND),
        "{bobs:?}"
    );
    // Bob's claim saw him in turn: alice waits 15 s more for hers.
    let again = env
        .service
        .claim(game.id, user(&alice), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(again, Err(ServiceError::OpponentStillHere { wait }) if wait == 15 * SECOND),
        "{again:?}"
    );
    env.advance(15 * SECOND);
    let ended = env
        .service
        .claim(game.id, user(&alice), Claim::Win, Origin::Member)
        .await
        .expect("alice's claim");
    assert_eq!(
        ended.end.outcome,
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Abandoned,
        }
    );
}

#[on_both_stores]
async fn only_a_live_game_between_people_after_both_first_moves_can_be_claimed() {
    let env = Env::new().await;
    let (alice, bob, carol) = (player(1), player(2), player(3));

    // A correspondence game.
    let days = env.rated(&alice, &bob).await;
    env.advance(Duration::from_secs(3600));
    let claim = env
        .service
        .claim(days.id, user(&bob), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(claim, Err(ServiceError::NothingToClaim)),
        "{claim:?}"
    );
    assert_eq!(
        env.service.sighted(days.id, user(&bob)).await.unwrap(),
        None
    );

    // A live game before both first moves (an empty seat aborts it instead).
    let options = ChallengeOptions {
        live: Some("5+3".parse().unwrap()),
        ..ChallengeOptions::default()
    };
    let fresh = env.start(&carol, &bob, options).await;
    env.advance(20 * SECOND);
    let claim = env
        .service
        .claim(fresh.id, user(&bob), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(claim, Err(ServiceError::NothingToClaim)),
        "{claim:?}"
    );

    // Against the computer, which never leaves.
    let options = EngineGame {
        level: dama_engine::Level::MIN,
        colour: ColourChoice::White,
        time_control: TimeControl::Day,
        live: Some("3+0".parse().unwrap()),
        rules: dama_rules::Rules::STANDARD,
    };
    let engine = env
        .service
        .start_engine_game_with(&alice, place(), options)
        .await
        .unwrap();
    play_any(&env, engine.id).await;
    env.service.play_computer_turn(engine.id).await.unwrap();
    env.advance(Duration::from_secs(100));
    let claim = env
        .service
        .claim(engine.id, user(&alice), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(claim, Err(ServiceError::NothingToClaim)),
        "{claim:?}"
    );

    // Someone who does not play.
    let live = started(&env, &alice, &bob, "3+2").await;
    env.advance(Duration::from_secs(100));
    let claim = env
        .service
        .claim(live.id, user(&carol), Claim::Win, Origin::Member)
        .await;
    assert!(
        matches!(claim, Err(ServiceError::NotAParticipant)),
        "{claim:?}"
    );
    let seen = env.service.sighted(live.id, user(&carol)).await;
    assert!(
        matches!(seen, Err(ServiceError::NotAParticipant)),
        "{seen:?}"
    );
}
