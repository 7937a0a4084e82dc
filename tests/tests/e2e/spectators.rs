//! Spectators: the Follow button of a game's board adds the member to the game's thread, for
//! anyone who may see the game; `/dama live` lists a server's games in progress.

use std::time::Duration;

use serenity::all::ChannelId;

use crate::harness::{Harness, custom_id, dama, game_id_in};
use crate::refusals::started_game;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn follow_adds_the_member_to_the_games_thread_and_answers_privately() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|n| discord.user(n));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let board = harness.board_posted_in(thread, 0).await;
    let follow = custom_id(&board, "dama:follow:");
    assert_eq!(follow, format!("dama:follow:{game}"));
    let message = harness.message_of(&board);
    assert!(discord.thread_members(thread).is_empty());

    // Carol watches from the server's channel; a second press is as good as the first.
    let done = format!("You now follow game #{game}: its thread is <#{thread}>.");
    for _ in 0..2 {
        let answer = harness
            .click(&discord.in_channel(&carol, thread), message, &follow)
            .await;
        assert!(answer.callback.is_ephemeral(), "{:?}", answer.callback);
        assert_eq!(answer.content(), done);
        assert_eq!(discord.thread_members(thread), [carol.id]);
    }

    // From another server, a click naming this game (on a message there) reaches nothing.
    let (_, far) = discord.add_guild();
    let elsewhere = discord.in_channel(&dave, far);
    let open = harness.slash(&elsewhere, &dama("open")).await;
    let forged = discord
        .dispatch_forged_button(&elsewhere, harness.original(&open), &follow)
        .expect("the message exists");
    let refused = harness.answer(forged).await;
    assert!(refused.callback.is_ephemeral(), "{:?}", refused.callback);
    assert!(
        refused
            .content()
            .starts_with("You cannot see this game from here"),
        "{}",
        refused.content()
    );
    assert_eq!(
        discord.thread_members(thread),
        [carol.id],
        "dave is not added"
    );
    assert_eq!(harness.game(game).await.ply, 0, "nothing was played");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_lists_the_servers_games_in_progress_with_the_turn_and_a_link() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let [alice, bob, carol, dave, erin] =
        ["alice", "bob", "carol", "dave", "erin"].map(|n| discord.user(n));
    let (first_thread, first) = started_game(&harness, &alice, &bob).await;
    let (second_thread, second) = started_game(&harness, &carol, &dave).await;
    // A game of another server.
    let (_, far) = discord.add_guild();
    let started = harness
        .slash(
            &discord.in_channel(&erin, far),
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    // The announcement opens the game's thread, where the board goes.
    let far_thread = ChannelId::new(harness.original(&started).get());
    let far_board = harness.board_posted_in(far_thread, 0).await;
    let far_game = game_id_in(&custom_id(&far_board, "dama:pick:"));
    harness.settled(far_game).await;

    // Alice moves later than the second game started: her game comes first, bob to move.
    harness.clock.advance(Duration::from_secs(60));
    let moved = harness
        .slash(
            &discord.in_channel(&alice, first_thread),
            &dama("move").option("move", "d3-d4"),
        )
        .await;
    assert!(!moved.callback.is_ephemeral(), "{}", moved.content());
    harness.settled(first).await;
    assert_eq!(harness.game(first).await.ply, 1);

    let live = harness.slash(&discord.in_guild(&erin), &dama("live")).await;
    assert!(live.callback.is_ephemeral(), "{:?}", live.callback);
    assert_eq!(
        live.content(),
        format!(
            "**Games in progress on this server**: 2\n\
             - Game #{first}: alice (White) vs bob (Black): move 1, bob (Black) to move · \
             <#{first_thread}>\n\
             - Game #{second}: carol (White) vs dave (Black): move 1, carol (White) to move · \
             <#{second_thread}>"
        )
    );
    assert!(!live.content().contains(&format!("Game #{far_game}:")));

    // In the other server, its own game only; in DMs, none at all.
    let there = harness
        .slash(&discord.in_channel(&erin, far), &dama("live"))
        .await;
    assert!(
        there.content().contains(&format!("Game #{far_game}:")),
        "{}",
        there.content()
    );
    assert!(!there.content().contains(&format!("Game #{first}:")));
    let dm = harness.slash(&discord.in_dm(&erin), &dama("live")).await;
    assert!(dm.callback.is_ephemeral());
    assert_eq!(
        dm.content(),
        "This lists a server's games: use it in the server."
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_without_a_thread_has_no_follow_button_and_a_forged_one_says_why() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let dave = discord.user("dave");
    let dm = discord.in_dm(&dave);
    let started = harness
        .slash(
            &dm,
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    let board = harness.public_post(&started).await;
    let game = game_id_in(&custom_id(&board, "dama:pick:"));
    harness.settled(game).await;
    assert!(
        !board
            .custom_ids()
            .iter()
            .any(|id| id.starts_with("dama:follow:")),
        "{:?}",
        board.custom_ids()
    );
    // The board is the answer itself or a follow-up, as the bot chose.
    let message = match board.response_id() {
        Some(_) => harness.message_of(&board),
        None => harness.original(&started),
    };
    let forged = discord
        .dispatch_forged_button(&dm, message, &format!("dama:follow:{game}"))
        .expect("the message exists");
    let answer = harness.answer(forged).await;
    assert!(answer.callback.is_ephemeral(), "{:?}", answer.callback);
    assert_eq!(
        answer.content(),
        format!(
            "Game #{game} has no thread to follow: it is played in <#{}>.",
            discord.dm_channel_id(&dave)
        )
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn follow_opens_an_archived_thread_again_and_adds_the_member() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let [alice, bob, carol] = ["alice", "bob", "carol"].map(|n| discord.user(n));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let board = harness.board_posted_in(thread, 0).await;
    let follow = custom_id(&board, "dama:follow:");
    // A week without a move: Discord archives the thread.
    serenity::all::ChannelId::new(thread.get())
        .edit_thread(
            &discord.http(),
            serenity::all::EditThread::new().archived(true),
        )
        .await
        .expect("the thread is archived");
    assert_eq!(
        discord.channel(thread).expect("thread")["thread_metadata"]["archived"],
        true
    );
    let answer = harness
        .click(
            &discord.in_guild(&carol),
            harness.message_of(&board),
            &follow,
        )
        .await;
    assert_eq!(
        answer.content(),
        format!("You now follow game #{game}: its thread is <#{thread}>.")
    );
    assert_eq!(discord.thread_members(thread), [carol.id]);
    assert_eq!(
        discord.channel(thread).expect("thread")["thread_metadata"]["archived"],
        false
    );
}
