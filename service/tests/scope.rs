//! Who may see a game from where, answers to requests that are no longer pending, and
//! deadlines that are final once passed.

mod common;

use common::{DAY, Env, HOUR, place, player};
use dama_engine::Level;
use dama_service::ids::{ChannelId, GameId, GuildId, Place};
use dama_service::model::{Actor, ColourChoice, TimeControl};
use dama_service::service::{Event, HowPlayed, Origin, Pressed, Question, ServiceError};
use dama_test_stores::on_both_stores;

// ---- deadlines are final -------------------------------------------------------------------

#[on_both_stores]
async fn after_the_deadline_neither_side_may_offer_or_accept_a_draw() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap();
    env.advance(DAY);
    // Bo's time is up: accepting Ada's offer would save a lost game.
    assert!(matches!(
        env.service
            .answer(game.id, b.id, Question::Draw, true, None)
            .await,
        Err(ServiceError::DeadlinePassed)
    ));
    assert!(matches!(
        env.service.ask(game.id, b.id, Question::Draw).await,
        Err(ServiceError::DeadlinePassed)
    ));
    let game2 = env.rated(&a, &b).await;
    env.play(game2.id, &a, "d3-d4").await.unwrap();
    env.advance(DAY);
    // Nor may the player who is not late offer one.
    assert!(matches!(
        env.service.ask(game2.id, a.id, Question::Draw).await,
        Err(ServiceError::DeadlinePassed)
    ));
    assert_eq!(env.service.game(game.id).await.unwrap().outcome, None);
}

#[on_both_stores]
async fn after_the_deadline_takebacks_are_neither_asked_nor_granted() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.play(game.id, &b, "e6-e5").await.unwrap();
    env.service
        .ask(game.id, b.id, Question::Takeback)
        .await
        .unwrap();
    env.advance(DAY);
    assert!(matches!(
        env.service
            .answer(game.id, a.id, Question::Takeback, true, None)
            .await,
        Err(ServiceError::DeadlinePassed)
    ));
    let game2 = env.rated(&a, &b).await;
    env.play(game2.id, &a, "d3-d4").await.unwrap();
    env.advance(DAY);
    assert!(matches!(
        env.service.ask(game2.id, a.id, Question::Takeback).await,
        Err(ServiceError::DeadlinePassed)
    ));
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!(view.ply, 2, "nothing was taken back");
}

#[on_both_stores]
async fn a_late_player_cannot_go_on_vacation_and_still_loses_on_time() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.advance(DAY + HOUR);
    assert!(matches!(
        env.service.start_vacation(&b, common::place(), 3).await,
        Err(ServiceError::OverdueGame(id)) if id == game.id
    ));
    let status = env.service.vacation(b.id).await.unwrap();
    assert_eq!((status.until, status.days_used), (None, 0));
    // Ada is not to move anywhere: she may still go.
    env.service
        .start_vacation(&a, common::place(), 1)
        .await
        .unwrap();
    let events = env.service.sweep().await.unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TimedOut { loser, .. } if *loser == b.id)),
        "{events:?}"
    );
}

#[on_both_stores]
async fn declining_after_the_deadline_changes_nothing_that_matters_and_is_allowed() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap();
    env.advance(DAY);
    env.service
        .answer(game.id, b.id, Question::Draw, false, None)
        .await
        .unwrap();
}

// ---- who sees a game from where ------------------------------------------------------------

fn elsewhere(guild: Option<u64>) -> Place {
    Place {
        guild: guild.map(GuildId),
        channel: ChannelId(9999),
    }
}

#[on_both_stores]
async fn a_server_game_is_seen_by_its_server_and_its_players_only() {
    let env = Env::new().await;
    let (a, b, c) = (player(1), player(2), player(3));
    let game = env.casual(&a, &b).await;
    let home = common::place().guild.map(|g| g.0);
    // A member of the same server, in another channel of it.
    assert!(
        env.service
            .game_for(game.id, c.id, elsewhere(home))
            .await
            .is_ok()
    );
    // A stranger on another server, or in a DM.
    for place in [elsewhere(Some(77)), elsewhere(None)] {
        assert!(matches!(
            env.service.game_for(game.id, c.id, place).await,
            Err(ServiceError::NotVisibleHere)
        ));
    }
    // Its players see it from anywhere.
    assert!(
        env.service
            .game_for(game.id, a.id, elsewhere(None))
            .await
            .is_ok()
    );
    assert!(matches!(
        env.service
            .game_for(GameId(999), a.id, elsewhere(None))
            .await,
        Err(ServiceError::NoSuchGame(_))
    ));
}

#[on_both_stores]
async fn a_dm_game_is_seen_by_its_two_players_alone() {
    let env = Env::new().await;
    let (a, c) = (player(1), player(3));
    let game = env
        .service
        .start_engine_game(
            &a,
            elsewhere(None),
            Level::MIN,
            ColourChoice::White,
            TimeControl::Day,
        )
        .await
        .unwrap();
    assert!(
        env.service
            .game_for(game.id, a.id, elsewhere(None))
            .await
            .is_ok()
    );
    assert!(
        env.service
            .game_for(game.id, a.id, elsewhere(Some(5)))
            .await
            .is_ok()
    );
    for place in [elsewhere(None), elsewhere(Some(5))] {
        assert!(matches!(
            env.service.game_for(game.id, c.id, place).await,
            Err(ServiceError::NotVisibleHere)
        ));
    }
    // Nor may a stranger set the computer thinking by looking.
    let view = env.service.game(game.id).await.unwrap();
    assert!(!view.computer_waits_for(c.id));
}

// ---- answers to requests that are no longer pending ----------------------------------------

#[on_both_stores]
async fn an_answer_to_an_earlier_draw_offer_changes_nothing() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap();
    let asked_at = env.service.game(game.id).await.unwrap().version;
    // Ada moves after offering: her offer stands, but the question Bo saw is behind.
    env.play(game.id, &a, "d3-d4").await.unwrap();
    for refused in [
        env.service
            .answer(
                game.id,
                b.id,
                Question::Draw,
                true,
                Some(Pressed {
                    origin: Origin::Discord(place()),
                    at: asked_at,
                }),
            )
            .await
            .map(drop),
        env.service
            .answer(
                game.id,
                b.id,
                Question::Draw,
                false,
                Some(Pressed {
                    origin: Origin::Discord(place()),
                    at: asked_at,
                }),
            )
            .await
            .map(drop),
    ] {
        assert!(
            matches!(refused, Err(ServiceError::MovedOn { now: 1 })),
            "{refused:?}"
        );
    }
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!((view.outcome, view.draw_offer.is_some()), (None, true));
    // The answer to the current question is taken.
    env.service
        .answer(
            game.id,
            b.id,
            Question::Draw,
            true,
            Some(Pressed {
                origin: Origin::Discord(place()),
                at: view.version,
            }),
        )
        .await
        .unwrap();
}

#[on_both_stores]
async fn a_draw_offer_declined_and_made_again_is_not_accepted_by_the_first_question() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap();
    let first = env.service.game(game.id).await.unwrap().version;
    env.service
        .answer(game.id, b.id, Question::Draw, false, None)
        .await
        .unwrap();
    env.service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap();
    // Same ply, same offerer: only the version tells the questions apart.
    let refused = env
        .service
        .answer(
            game.id,
            b.id,
            Question::Draw,
            true,
            Some(Pressed {
                origin: Origin::Discord(place()),
                at: first,
            }),
        )
        .await;
    assert!(
        matches!(refused, Err(ServiceError::MovedOn { now: 0 })),
        "{refused:?}"
    );
    assert_eq!(env.service.game(game.id).await.unwrap().outcome, None);
    // A command answers whatever is pending.
    env.service
        .answer(game.id, b.id, Question::Draw, true, None)
        .await
        .unwrap();
}

#[on_both_stores]
async fn an_answer_to_an_earlier_takeback_request_changes_nothing() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap();
    let asked_at = env.service.game(game.id).await.unwrap().version;
    // Bo moves instead (which cancels it); Ada asks again later.
    env.play(game.id, &b, "e6-e5").await.unwrap();
    env.play(game.id, &a, "c3-c4").await.unwrap();
    env.service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap();
    for refused in [
        env.service
            .answer(
                game.id,
                b.id,
                Question::Takeback,
                true,
                Some(Pressed {
                    origin: Origin::Discord(place()),
                    at: asked_at,
                }),
            )
            .await
            .map(drop),
        env.service
            .answer(
                game.id,
                b.id,
                Question::Takeback,
                false,
                Some(Pressed {
                    origin: Origin::Discord(place()),
                    at: asked_at,
                }),
            )
            .await
            .map(drop),
    ] {
        assert!(
            matches!(refused, Err(ServiceError::MovedOn { now: 3 })),
            "{refused:?}"
        );
    }
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!(view.ply, 3);
    env.service
        .answer(
            game.id,
            b.id,
            Question::Takeback,
            false,
            Some(Pressed {
                origin: Origin::Discord(place()),
                at: view.version,
            }),
        )
        .await
        .unwrap();
}

#[on_both_stores]
async fn a_move_from_an_earlier_menu_changes_nothing() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.play(game.id, &b, "e6-e5").await.unwrap();
    let text = "c3-c4".parse().unwrap();
    assert!(matches!(
        env.service
            .play(
                game.id,
                Actor::Player(a.id),
                &text,
                HowPlayed {
                    pressed: Some(Pressed {
                        origin: Origin::Discord(place()),
                        at: 0,
                    }),
                    ..HowPlayed::default()
                }
            )
            .await,
        Err(ServiceError::MovedOn { now: 2 })
    ));
    assert_eq!(env.service.game(game.id).await.unwrap().ply, 2);
    let played = env
        .service
        .play(
            game.id,
            Actor::Player(a.id),
            &text,
            HowPlayed {
                pressed: Some(Pressed {
                    origin: Origin::Discord(place()),
                    at: 2,
                }),
                ..HowPlayed::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(played.game.ply, 3);
}
