//! Autocomplete offers the legal moves of the player's game in their notation, and their games;
//! settings change what the bot writes.

use dama_rules::notation;
use serde_json::Value;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_only_legal_moves_in_the_players_notation() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    let harness = &harness;
    let suggest = |user, typed: &str| {
        let id = discord.dispatch_autocomplete(&at(user), &dama("move").focused("move", typed));
        async move { harness.answer(id).await.callback.choices() }
    };

    let view = harness.game(game).await;
    let all = suggest(&alice, "").await;
    assert_eq!(all.len(), view.position.legal_moves_under(view.rules).len());
    for (name, value) in &all {
        let text = value.as_str().expect("a string value");
        assert_eq!(name, text);
        notation::resolve_str_under(&view.position, text, view.rules)
            .expect("every suggestion is legal");
    }
    let d = suggest(&alice, "d").await;
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].1, Value::from("d3-d4"));
    assert!(
        suggest(&bob, "").await.is_empty(),
        "not bob's turn: nothing to suggest"
    );

    // Numeric notation: the same moves, written with square numbers.
    let settings = harness
        .slash(&at(&alice), &dama("settings").option("notation", "numeric"))
        .await;
    assert!(settings.callback.is_ephemeral());
    assert!(
        settings.content().contains("**numeric**"),
        "{}",
        settings.content()
    );
    let numeric = suggest(&alice, "44").await;
    assert_eq!(numeric.len(), 1);
    assert_eq!(numeric[0].1, Value::from("44-36"));
    let played = harness
        .slash(&at(&alice), &dama("move").option("move", "44-36"))
        .await;
    assert!(!played.callback.is_ephemeral(), "{}", played.content());
    harness.settled(game).await;

    // Bob's reply is addressed to alice (to move), in her notation.
    let reply = harness
        .slash(&at(&bob), &dama("move").option("move", "e6-e5"))
        .await;
    // e6 is square 21 and e5 square 29 in the square numbering (docs/rules.md#square-numbers).
    assert!(
        reply.content().contains("bob played **21-29**."),
        "{}",
        reply.content()
    );

    // The game option suggests the player's games.
    let id = discord.dispatch_autocomplete(
        &discord.in_guild(&alice),
        &dama("board").focused_as("game", 4, ""),
    );
    let games = harness.answer(id).await.callback.choices();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].0, "#1 vs bob: your turn");
    assert_eq!(games[0].1, Value::from(game));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_list_and_the_private_board_show_where_each_game_stands() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, _) = started_game(&harness, &alice, &bob).await;
    let games = harness
        .slash(&discord.in_guild(&alice), &dama("games"))
        .await;
    assert!(games.callback.is_ephemeral());
    let text = games.content();
    assert!(
        text.contains("Game #1 vs bob: **your turn**, time runs out <t:"),
        "{text}"
    );
    assert!(text.contains(&format!("<#{thread}>")), "{text}");

    let board = harness
        .slash(
            &discord.in_guild(&bob),
            &dama("board").option("game", 1_i64),
        )
        .await;
    assert!(board.callback.is_ephemeral());
    assert!(board.callback.file("board.png").is_some());
    let rules = harness.slash(&discord.in_dm(&bob), &dama("rules")).await;
    assert!(rules.callback.is_ephemeral());
    assert!(
        rules.content().contains("compulsory"),
        "{}",
        rules.content()
    );
}
