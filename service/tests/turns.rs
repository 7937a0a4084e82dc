//! Turn notices by DM: due for the player to move who chose them, after a board that still
//! shows the game as it stands or a reminder addressed to them; never otherwise.

mod common;

use common::{Env, place, player};
use dama_service::model::{Notify, SettingsUpdate};
use dama_service::service::{Notice, TurnNotice};
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn a_turn_notice_is_due_for_the_player_to_move_who_chose_dms() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    let board = |ply| Notice::Board {
        game: game.id,
        ply,
        lines: Vec::new(),
    };
    let due = async |notice: &Notice| env.service.turn_notice_due(notice, None).await.unwrap();

    // Ada is to move, but her turns are told in the channel.
    assert_eq!(due(&board(0)).await, None);
    let dms = SettingsUpdate {
        notify: Some(Notify::Dm),
        ..SettingsUpdate::default()
    };
    env.service
        .update_settings(&ada, place(), dms)
        .await
        .expect("settings");
    let now = env.service.game(game.id).await.expect("game");
    assert_eq!(
        due(&board(0)).await,
        Some(TurnNotice {
            user: ada.id,
            game: now.clone(),
            reminder: None
        })
    );
    // The game as the caller has it serves when it is the board's.
    assert_eq!(
        env.service
            .turn_notice_due(&board(0), Some(&now))
            .await
            .unwrap()
            .map(|n| n.user),
        Some(ada.id)
    );

    env.play(game.id, &ada, "c3-c4").await.expect("moved");
    // Bo is to move now; a board behind his turn is nobody's, and he chose no DMs.
    assert_eq!(due(&board(0)).await, None);
    assert_eq!(due(&board(1)).await, None);
    env.service
        .update_settings(&bo, place(), dms)
        .await
        .expect("settings");
    assert_eq!(due(&board(1)).await.map(|n| n.user), Some(bo.id));

    // A reminder is due for the player it names while they are still to move.
    let deadline = env
        .service
        .game(game.id)
        .await
        .expect("game")
        .deadline
        .expect("a rated game has a deadline");
    let reminder = |user| Notice::Reminder {
        game: game.id,
        user,
        deadline,
    };
    let notice = due(&reminder(bo.id)).await.expect("due");
    assert_eq!((notice.user, notice.reminder), (bo.id, Some(deadline)));
    assert_eq!(due(&reminder(ada.id)).await, None, "Ada is not to move");

    // An ended game is nobody's turn.
    env.service.resign(game.id, bo.id).await.expect("resigned");
    assert_eq!(due(&board(1)).await, None);
    assert_eq!(due(&reminder(bo.id)).await, None);
}
