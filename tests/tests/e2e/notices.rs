//! Turn notices by direct message: a player who chose them gets their own board and move
//! menus in a DM when it is their turn, and the public board no longer pings them; when their
//! DMs are closed, the game's thread says so once and pings them again.

use dama_service::ids::UserId;
use dama_service::model::Notify;
use dama_tests::Recorded;

use crate::harness::{Harness, custom_id, dama};
use crate::refusals::started_game;

/// The users a recorded message (a channel post or an interaction's answer) may ping.
pub(crate) fn pinged(recorded: &Recorded) -> serde_json::Value {
    recorded.message()["allowed_mentions"]["users"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_notices_go_by_dm_and_come_back_to_the_thread_when_dms_are_closed() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    let bob_pinged = serde_json::json!([bob.id.to_string()]);

    let set = harness
        .slash(&at(&bob), &dama("settings").option("notify", "dm"))
        .await;
    assert!(set.callback.is_ephemeral());
    assert!(
        set.content()
            .contains("your turn told **by direct message**"),
        "{}",
        set.content()
    );

    // Alice moves: the board in the thread does not ping bob; his DM has his board and menus.
    let board = harness.moved(&alice, thread, "c3-c4").await;
    assert!(board.file("board.png").is_some());
    assert_eq!(pinged(&board), serde_json::json!([]), "bob is not pinged");
    let dm = discord
        .wait_for_channel_message(discord.dm_channel_id(&bob), |r| {
            r.file("board.png").is_some()
        })
        .await
        .expect("bob's turn reaches him by DM");
    let pick = custom_id(&dm, "dama:pick:");
    assert!(pick.starts_with(&format!("dama:pick:{game}")), "{pick}");
    assert!(
        dm.content().is_some_and(|c| c.contains("c3-c4")),
        "{:?}",
        dm.content()
    );
    harness.settled(game).await;

    harness.moved(&bob, thread, "f6-f5").await;
    harness.settled(game).await;

    // Bob closes his DMs: alice's next move is told in the thread, pinging bob, once.
    discord.block_dms(bob.id);
    assert_eq!(
        pinged(&harness.moved(&alice, thread, "h3-h4").await),
        serde_json::json!([])
    );
    let closed = discord
        .wait_for_channel_message(thread, |r| {
            r.content()
                .is_some_and(|c| c.contains("cannot send you direct messages"))
        })
        .await
        .expect("the thread says bob's DMs are closed");
    assert!(
        closed
            .content()
            .is_some_and(|c| c.starts_with(&format!("<@{}>", bob.id))),
        "{:?}",
        closed.content()
    );
    assert_eq!(pinged(&closed), bob_pinged);
    let settings = harness
        .service
        .settings(UserId(bob.id.get()))
        .await
        .expect("settings read");
    assert_eq!(settings.notify, Notify::Channel);
    harness.settled(game).await;

    // The next board where bob is to move pings him in the thread again.
    harness.moved(&bob, thread, "a6-a5").await;
    harness.settled(game).await;
    let board = harness.moved(&alice, thread, "b3-b4").await;
    assert_eq!(pinged(&board), bob_pinged);
    let told = discord
        .requests()
        .iter()
        .filter(|r| {
            r.content()
                .is_some_and(|c| c.contains("cannot send you direct messages"))
        })
        .count();
    assert_eq!(told, 1, "bob is told once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_reaches_a_player_with_dm_notices_as_their_board_and_menus_by_dm() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let set = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("settings").option("notify", "dm"),
        )
        .await;
    assert!(set.callback.is_ephemeral());
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    harness.settled(game).await;

    // Six hours before alice's deadline: the reminder in the thread pings nobody, and alice's
    // DM has the reminder above her board and its move menus.
    harness
        .clock
        .advance(std::time::Duration::from_secs(18 * 3600 + 60));
    let public = discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("it is your move"))
        })
        .await
        .expect("the reminder in the thread");
    assert_eq!(
        pinged(&public),
        serde_json::json!([]),
        "alice is told by DM"
    );
    let dm = discord
        .wait_for_channel_message(discord.dm_channel_id(&alice), |r| {
            r.content().is_some_and(|c| c.contains("it is your move"))
        })
        .await
        .expect("the reminder by DM");
    assert!(dm.file("board.png").is_some());
    let pick = custom_id(&dm, "dama:pick:");
    assert!(pick.starts_with(&format!("dama:pick:{game}:0")), "{pick}");
}
