//! Where the bot cannot post by itself (a group DM; a server reached only through a member's
//! user install), games still work: they have no clock, moves reach the opponent through the
//! answers to interactions, or a DM when an answer fails; a timed game is refused with the
//! reason.

use std::time::Duration;

use dama_service::model::TimeControl;
use dama_tests::{FakeUser, Origin};
use serenity::all::ChannelId;

use crate::harness::{Answer, Harness, custom_id, dama, game_id_in};

const NO_CLOCK: &str = "I cannot post in this channel by myself";

/// Successful requests of the bot's own to `channel` (answers to interactions aside).
fn own_posts_in(harness: &Harness, channel: ChannelId) -> usize {
    let prefix = format!("/channels/{channel}/");
    harness
        .discord
        .requests()
        .iter()
        .filter(|r| r.succeeded() && r.api_path().starts_with(&prefix))
        .count()
}

/// Asserts that a timed challenge from `origin` is refused with the reason.
async fn timed_challenge_is_refused(harness: &Harness, origin: &Origin, opponent: &FakeUser) {
    for time in ["1h", "1d", "7d"] {
        let refused = harness
            .slash(
                origin,
                &dama("challenge")
                    .option("opponent", opponent)
                    .option("time", time),
            )
            .await;
        assert!(refused.callback.is_ephemeral(), "{:?}", refused.callback);
        assert!(
            refused.content().starts_with(NO_CLOCK),
            "{}",
            refused.content()
        );
    }
}

/// The game a public board belongs to.
async fn game_of(harness: &Harness, answer: &Answer) -> i64 {
    let board = harness.public_post(answer).await;
    assert!(board.file("board.png").is_some(), "{:?}", board.content());
    let game = game_id_in(&custom_id(&board, "dama:pick:"));
    harness.settled(game).await;
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_has_no_clock_and_moves_reach_the_opponent() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let group = discord.add_group_dm(&[&alice, &bob]);
    let at = |user: &FakeUser| discord.in_channel(user, group);

    timed_challenge_is_refused(&harness, &at(&alice), &bob).await;

    // Without a time, the challenge has no clock.
    let challenge = harness
        .slash(
            &at(&alice),
            &dama("challenge")
                .option("opponent", &bob)
                .option("color", "white"),
        )
        .await;
    assert!(
        !challenge.callback.is_ephemeral(),
        "{}",
        challenge.content()
    );
    assert!(
        challenge.content().contains("no time limit"),
        "{}",
        challenge.content()
    );
    let accepted = harness
        .click(
            &at(&bob),
            harness.original(&challenge),
            &custom_id(&challenge.callback, "dama:accept:"),
        )
        .await;
    let game = game_of(&harness, &accepted).await;
    let view = harness.game(game).await;
    assert_eq!(
        (view.time_control, view.deadline, view.thread),
        (TimeControl::Unlimited, None, None)
    );

    // Alice's move is the answer to her command, in the group DM, pinging bob.
    let moved = harness
        .slash(&at(&alice), &dama("move").option("move", "d3-d4"))
        .await;
    let post = harness.public_post(&moved).await;
    assert!(
        post.content()
            .is_some_and(|c| c.contains(&format!("<@{}>", bob.id))),
        "{:?}",
        post.content()
    );
    harness.settled(game).await;

    // When the answer cannot be given (too late for Discord), the move reaches alice, whose
    // turn it is, in her DMs: the bot cannot post in the group.
    discord.set_interaction_deadline(Duration::ZERO);
    discord.dispatch_slash_command(&at(&bob), &dama("move").option("move", "e6-e5"));
    let dm = discord
        .wait_for_channel_message(discord.dm_channel_id(&alice), |r| {
            r.file("board.png").is_some()
        })
        .await
        .expect("the move reaches alice by DM");
    assert!(
        dm.content().is_some_and(|c| c.contains("e6-e5")),
        "{:?}",
        dm.content()
    );
    assert_eq!(harness.game(game).await.ply, 2);
    assert_eq!(
        own_posts_in(&harness, group),
        0,
        "the bot never posted in the group"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_the_bot_plays_the_computer_without_a_clock_or_a_thread() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (_, channel) = discord.add_guild_without_bot();
    let at = discord.in_channel(&alice, channel);

    timed_challenge_is_refused(&harness, &at, &bob).await;

    // The computer (White) moves first; its move and the board are the command's answer.
    let started = harness
        .slash(
            &at,
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "black"),
        )
        .await;
    let game = game_of(&harness, &started).await;
    let view = harness.game(game).await;
    assert_eq!(
        (view.time_control, view.deadline, view.thread, view.ply),
        (TimeControl::Unlimited, None, None, 1)
    );
    assert_eq!(
        own_posts_in(&harness, channel),
        0,
        "no thread, no post of its own"
    );
}
