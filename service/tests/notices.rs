//! Whom a notice about a game is for: the members its post pings, the members it concerns, and
//! whether its board keeps the game's controls (decided here, once, for every face).

mod common;

use common::{Env, place, player};
use dama_service::ids::UserId;
use dama_service::model::{Notify, SettingsUpdate};
use dama_service::service::{Addressing, Notice, Question};
use dama_test_stores::on_both_stores;

/// Whom `notice` is for, read through the service.
async fn addressing(env: &Env, notice: &Notice) -> Addressing {
    env.service
        .game_notice(notice)
        .await
        .expect("read")
        .expect("a notice about a game")
        .addressing
}

#[on_both_stores]
async fn a_board_pings_and_concerns_the_player_to_move_only_and_keeps_controls_while_current() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    let board = |ply| Notice::Board {
        game: game.id,
        ply,
        lines: Vec::new(),
    };

    assert_eq!(
        addressing(&env, &board(0)).await,
        Addressing {
            pinged: vec![ada.id],
            concerned: vec![ada.id],
            controls: true,
        }
    );
    env.play(game.id, &ada, "c3-c4").await.expect("moved");
    assert_eq!(
        addressing(&env, &board(1)).await,
        Addressing {
            pinged: vec![bo.id],
            concerned: vec![bo.id],
            controls: true,
        },
        "Bo's turn: he alone is pinged"
    );
    // The first board, told behind Ada's move, shows her turn then, and keeps no controls.
    assert!(!addressing(&env, &board(0)).await.controls);

    // Bo chose to hear of his turns by DM alone: the board no longer pings him, but he is
    // still the one it concerns.
    let dms = SettingsUpdate {
        notify: Some(Notify::Dm),
        ..SettingsUpdate::default()
    };
    env.service
        .update_settings(&bo, place(), dms)
        .await
        .expect("settings");
    let quiet = addressing(&env, &board(1)).await;
    assert_eq!((quiet.pinged, quiet.concerned), (vec![], vec![bo.id]));

    // Once the game ends, its last board keeps no controls either.
    env.service.resign(game.id, bo.id).await.expect("resigned");
    assert!(!addressing(&env, &board(1)).await.controls);
}

#[on_both_stores]
async fn an_end_concerns_both_players_and_pings_nobody() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    env.service.resign(game.id, ada.id).await.expect("resigned");
    let ended = Notice::Ended {
        game: game.id,
        lines: Vec::new(),
        ratings: None,
    };
    assert_eq!(
        addressing(&env, &ended).await,
        Addressing {
            pinged: Vec::new(),
            concerned: vec![ada.id, bo.id],
            controls: false,
        }
    );
}

#[on_both_stores]
async fn a_question_pings_the_one_asked_and_offers_answers_while_it_is_pending() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.casual(&ada, &bo).await;
    let asked = Notice::Asked {
        game: game.id,
        question: Question::Draw,
        by: dama_rules::Color::White,
    };
    env.service
        .ask(game.id, ada.id, Question::Draw)
        .await
        .expect("offered");
    assert_eq!(
        addressing(&env, &asked).await,
        Addressing {
            pinged: vec![bo.id],
            concerned: vec![bo.id],
            controls: true,
        }
    );
    // Answered before it was told: no answer buttons are left to offer.
    env.service
        .answer(game.id, bo.id, Question::Draw, false, None)
        .await
        .expect("declined");
    assert!(!addressing(&env, &asked).await.controls);

    // The no is told to the asker, pinging nobody.
    let declined = Notice::Declined {
        game: game.id,
        question: Question::Draw,
        by: dama_rules::Color::Black,
    };
    assert_eq!(
        addressing(&env, &declined).await,
        Addressing {
            pinged: Vec::new(),
            concerned: vec![ada.id],
            controls: false,
        }
    );
}

#[on_both_stores]
async fn a_reminder_pings_its_player_unless_told_by_dm_alone_and_a_dropped_answer_pings_nobody() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    let deadline = game.deadline.expect("a rated game has a deadline");
    let reminder = Notice::Reminder {
        game: game.id,
        user: ada.id,
        deadline,
    };
    assert_eq!(addressing(&env, &reminder).await.pinged, vec![ada.id]);
    let dms = SettingsUpdate {
        notify: Some(Notify::Dm),
        ..SettingsUpdate::default()
    };
    env.service
        .update_settings(&ada, place(), dms)
        .await
        .expect("settings");
    let quiet = addressing(&env, &reminder).await;
    assert_eq!((quiet.pinged, quiet.concerned), (vec![], vec![ada.id]));

    let dropped = Notice::AnswerDropped {
        game: game.id,
        user: bo.id,
        ply: 1,
        answer: "f6-f5".to_owned(),
        premove: true,
    };
    assert_eq!(
        addressing(&env, &dropped).await,
        Addressing {
            pinged: Vec::new(),
            concerned: vec![bo.id],
            controls: false,
        }
    );
    let review = Notice::ReviewReady {
        game: game.id,
        by: UserId(7),
    };
    let ready = addressing(&env, &review).await;
    assert_eq!(
        (ready.pinged, ready.concerned),
        (vec![UserId(7)], vec![UserId(7)])
    );
}

#[on_both_stores]
async fn a_notice_not_about_a_game_reads_no_game() {
    let env = Env::new().await;
    let notice = Notice::Standings {
        tournament: dama_service::ids::TournamentId(1),
    };
    assert_eq!(env.service.game_notice(&notice).await.expect("read"), None);
}
