//! The bot restarted in the middle of a game loses nothing; Discord answering 429 or 500 is
//! retried; a channel without threads keeps the game in place.

use serenity::all::Permissions;

use crate::harness::{Harness, assert_shows, custom_id, dama, game_id_in, select_values};
use crate::refusals::started_game;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_game_loses_nothing() {
    let mut harness = Harness::start().await;
    let (alice, bob) = (harness.discord.user("alice"), harness.discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let moved = harness
        .slash(
            &harness.discord.in_channel(&alice, thread),
            &dama("move").option("move", "d3-d4"),
        )
        .await;
    let board = harness.original(&moved);
    let before = harness.game(game).await;

    harness.stop_bot().await;
    harness.start_bot().await;

    // The board posted by the first run still works: bob picks e6 and plays e6-e5.
    let discord = &harness.discord;
    let at = |user| discord.in_channel(user, thread);
    let pick = custom_id(&moved.callback, "dama:pick:");
    let picked = harness.select(&at(&bob), board, &pick, "44").await;
    let play = custom_id(&picked.callback, "dama:play:");
    assert_eq!(select_values(&picked.callback, &play), ["e6-e5"]);
    let played = harness
        .select(&at(&bob), harness.original(&picked), &play, "e6-e5")
        .await;
    assert_eq!(played.content(), "You played **e6-e5**.");
    let posted = harness.public_post(&played).await;
    let after = harness.game(game).await;
    assert_eq!(after.ply, before.ply + 1);
    assert_eq!(after.thread, before.thread, "the thread is remembered");
    assert_shows(&posted, &after.position, false);

    // Commands in the thread still find the game.
    let next = harness
        .slash(&at(&alice), &dama("move").option("move", "e3-e4"))
        .await;
    assert!(!next.callback.is_ephemeral(), "{}", next.content());
    assert_eq!(harness.game(game).await.ply, 3);
    assert_eq!(harness.discord.gateway_status().readies, 2, "two sessions");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_and_server_errors_are_retried() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    let failures = || discord.requests().iter().filter(|r| !r.succeeded()).count();

    // The answer to a move meets a 500, then a 429: it still arrives.
    discord.fail_next_matching(1, 500, "/interactions/");
    discord.fail_next_matching(1, 429, "/interactions/");
    let moved = harness
        .slash(&at(&alice), &dama("move").option("move", "d3-d4"))
        .await;
    assert!(!moved.callback.is_ephemeral());
    assert_eq!(failures(), 2);

    // Opening the thread of a new game meets two 502s.
    let carol = discord.user("carol");
    let open = harness
        .slash(&discord.in_guild(&carol), &dama("open"))
        .await;
    discord.fail_next_matching(2, 502, "/channels/");
    harness
        .click(
            &discord.in_guild(&bob),
            harness.original(&open),
            &custom_id(&open.callback, "dama:accept:"),
        )
        .await;
    let thread2 = serenity::all::ChannelId::new(harness.original(&open).get());
    let board = harness.board_posted_in(thread2, 0).await;
    assert!(board.succeeded());
    assert!(
        discord.channel(thread2).is_some(),
        "the thread was opened at the third try"
    );
    assert_eq!(failures(), 4);

    // A long outage: the bot gives up on that answer; its board still reaches the thread,
    // posted by the delivery worker, and the game carries on.
    discord.fail_next_matching(10, 500, "/interactions/");
    let id = discord.dispatch_slash_command(&at(&bob), &dama("move").option("move", "e6-e5"));
    discord
        .wait_for_nth_request("three failed attempts", 2, |r| {
            r.status == 500 && r.path_starts_with(&format!("/interactions/{id}/"))
        })
        .await
        .expect("the bot tried three times");
    discord.clear_faults();
    let delivered = harness.board_posted_in(thread, 1).await;
    let text = delivered.content().unwrap_or_default();
    assert!(text.contains("bob played **e6-e5**."), "{text}");
    assert!(text.contains(&format!("<@{}> to move", alice.id)), "{text}");
    let after = harness
        .slash(&at(&alice), &dama("move").option("move", "e3-e4"))
        .await;
    assert!(!after.callback.is_ephemeral(), "{}", after.content());
    assert!(
        after.content().contains("alice played **e3-e4**."),
        "{}",
        after.content()
    );
    assert_eq!(
        harness.game(game).await.ply,
        3,
        "d3-d4, e6-e5 (its answer lost), e3-e4"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_the_game_stays_in_the_channel() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    discord.set_bot_permissions(dama_tests::bot_permissions() - Permissions::CREATE_PUBLIC_THREADS);
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let challenge = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("challenge")
                .option("opponent", &bob)
                .option("color", "white"),
        )
        .await;
    let accepted = harness
        .click(
            &discord.in_guild(&bob),
            harness.original(&challenge),
            &custom_id(&challenge.callback, "dama:accept:"),
        )
        .await;
    let board = harness.public_post(&accepted).await;
    assert!(board.file("board.png").is_some());
    assert!(discord.threads().is_empty());
    let game = game_id_in(&custom_id(&board, "dama:pick:"));
    assert_eq!(harness.game(game).await.thread, None);

    // Commands in the channel find the game.
    let moved = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("move").option("move", "d3-d4"),
        )
        .await;
    assert!(!moved.callback.is_ephemeral(), "{}", moved.content());

    // A thread Discord refuses to open (403) leaves the game in place too.
    discord.set_bot_permissions(dama_tests::bot_permissions());
    let carol = discord.user("carol");
    let open = harness
        .slash(&discord.in_guild(&carol), &dama("open"))
        .await;
    discord.inject(dama_tests::Fault::new(1, 403).on_path("/channels/"));
    let joined = harness
        .click(
            &discord.in_guild(&alice),
            harness.original(&open),
            &custom_id(&open.callback, "dama:accept:"),
        )
        .await;
    let board = harness.public_post(&joined).await;
    assert!(board.file("board.png").is_some());
    assert!(discord.threads().is_empty());
}
