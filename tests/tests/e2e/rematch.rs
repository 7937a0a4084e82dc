//! Rematch from a finished game's result: a challenge to the opponent with colours swapped,
//! posted in the game's channel; against the computer, a new game at once.

use std::time::Duration;

use dama_service::ids::{GameId, UserId};
use dama_service::model::Participant;
use dama_tests::recorder::Recorded;
use serenity::all::ChannelId;

use crate::harness::{Harness, custom_id, dama, game_id_in};
use crate::refusals::started_game;

/// The result post of a game, delivered into `channel` with its Rematch button.
async fn result_in(harness: &Harness, channel: ChannelId) -> Recorded {
    let path = format!("/channels/{channel}/messages");
    harness
        .discord
        .wait_for_nth_request("the result", 0, |r| {
            r.succeeded()
                && r.method == "POST"
                && r.api_path() == path
                && r.custom_ids()
                    .iter()
                    .any(|id| id.starts_with("dama:rematch:"))
        })
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_loser_asks_a_rematch_and_the_winner_accepts_it_with_colours_swapped() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    harness
        .service
        .resign(GameId(game), UserId(alice.id.get()))
        .await
        .expect("alice resigns");
    // Nobody's interaction carries the result: the delivery worker posts it after the grace.
    harness.clock.advance(Duration::from_secs(10));
    let result = result_in(&harness, thread).await;
    let rematch = custom_id(&result, "dama:rematch:");
    assert_eq!(rematch, format!("dama:rematch:{game}"));
    let old = harness.game(game).await;

    let stranger = harness
        .click(
            &discord.in_channel(&carol, thread),
            harness.message_of(&result),
            &rematch,
        )
        .await;
    assert!(stranger.callback.is_ephemeral(), "{:?}", stranger.callback);

    let asked = harness
        .click(
            &discord.in_channel(&alice, thread),
            harness.message_of(&result),
            &rematch,
        )
        .await;
    assert!(asked.callback.is_ephemeral(), "{:?}", asked.callback);
    let channel = old.place.channel;
    assert!(
        asked.content().contains(&format!("<#{}>", channel.0)),
        "{}",
        asked.content()
    );
    let path = format!("/channels/{}/messages", channel.0);
    let challenge = discord
        .wait_for_nth_request("the rematch challenge", 0, |r| {
            r.succeeded()
                && r.method == "POST"
                && r.api_path() == path
                && r.custom_ids()
                    .iter()
                    .any(|id| id.starts_with("dama:accept:"))
        })
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        challenge
            .content()
            .unwrap_or_default()
            .contains(&format!("<@{}>", bob.id)),
        "{:?}",
        challenge.content()
    );

    let again = harness
        .click(
            &discord.in_channel(&alice, thread),
            harness.message_of(&result),
            &rematch,
        )
        .await;
    assert!(again.callback.is_ephemeral(), "{:?}", again.callback);
    assert!(
        again.content().contains("already been asked for"),
        "{}",
        again.content()
    );

    let accept = custom_id(&challenge, "dama:accept:");
    harness
        .click(
            &discord.in_channel(&bob, ChannelId::new(channel.0)),
            harness.message_of(&challenge),
            &accept,
        )
        .await;
    let new_thread = ChannelId::new(harness.message_of(&challenge).get());
    let first = harness.board_posted_in(new_thread, 0).await;
    let new = harness
        .game(game_id_in(&custom_id(&first, "dama:pick:")))
        .await;
    assert_ne!(new.id.0, game);
    assert_eq!(new.seats.white, old.seats.black);
    assert_eq!(new.seats.black, old.seats.white);
    assert_eq!(
        (new.time_control, new.rated, new.rules),
        (old.time_control, old.rated, old.rules)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_computer_starts_at_once_with_colours_swapped() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let alice = discord.user("alice");
    let start = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    let thread = ChannelId::new(harness.original(&start).get());
    let first = harness.board_posted_in(thread, 0).await;
    let game = game_id_in(&custom_id(&first, "dama:resign:"));
    harness
        .service
        .resign(GameId(game), UserId(alice.id.get()))
        .await
        .expect("alice resigns");
    // Nobody's interaction carries the result: the delivery worker posts it after the grace.
    harness.clock.advance(Duration::from_secs(10));
    let result = result_in(&harness, thread).await;
    let rematch = custom_id(&result, "dama:rematch:");
    harness
        .click(
            &discord.in_channel(&alice, thread),
            harness.message_of(&result),
            &rematch,
        )
        .await;
    let old = harness.game(game).await;
    let new_thread = {
        let path = format!("/channels/{}/messages", old.place.channel.0);
        let announcement = discord
            .wait_for_nth_request("the rematch's announcement", 0, |r| {
                r.succeeded() && r.method == "POST" && r.api_path() == path
            })
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        ChannelId::new(harness.message_of(&announcement).get())
    };
    let board = harness.board_posted_in(new_thread, 0).await;
    let new = harness
        .game(game_id_in(&custom_id(&board, "dama:pick:")))
        .await;
    assert_ne!(new.id.0, game);
    assert_eq!(new.seats.black.user(), Some(UserId(alice.id.get())));
    assert!(
        matches!(new.seats.white, Participant::Engine(level) if level.number() == 1),
        "same level after a loss: {:?}",
        new.seats.white
    );
    assert_eq!(new.ply, 1, "the computer, White, has moved");
}
