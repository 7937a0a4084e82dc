//! Conditional moves and premoves through Discord: a player stores answers in the opponent's
//! turn (`/dama premove`, `/dama conditional`), privately; the opponent's matching move and the
//! answer come in one post in the game's thread, which pings the opponent for their next move.

use dama_rules::Position;
use dama_rules::notation::{self, Notation};

use crate::harness::{Harness, dama};
use crate::notices::pinged;
use crate::refusals::started_game;

/// `line` played from `position`, each move checked by the rules: the position after it.
fn played(position: Position, line: &[&str]) -> Position {
    line.iter().fold(position, |position, text| {
        let m = notation::resolve_str(&position, text)
            .unwrap_or_else(|e| panic!("{text} in {position}: {e}"));
        assert_eq!(
            notation::format(&m, Notation::Algebraic),
            *text,
            "full path"
        );
        position.play(&m).expect("legal")
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stored_answers_are_played_at_once_in_the_opponents_post_and_listed_and_cleared_privately()
{
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    let bob_pinged = serde_json::json!([bob.id.to_string()]);

    // Alice (White) moves; in bob's turn she stores a premove, which only she is told about.
    harness.moved(&alice, thread, "d3-d4").await;
    let premove = harness
        .slash(&at(&alice), &dama("premove").option("move", "c3-c4"))
        .await;
    assert!(premove.callback.is_ephemeral());
    assert!(
        premove
            .content()
            .starts_with("Premove saved: **c3-c4**. It is played as soon as your opponent moves"),
        "{}",
        premove.content()
    );
    assert!(
        premove
            .content()
            .contains("Premove (the answer to any other move): **c3-c4**"),
        "{}",
        premove.content()
    );

    // Bob moves: his move and alice's premove in one post, pinging bob for his next move.
    let post = harness.moved(&bob, thread, "e6-e5").await;
    let text = post.content().unwrap_or_default();
    assert!(text.contains("bob played **e6-e5**."), "{text}");
    assert!(
        text.contains("alice answered at once with **c3-c4**, a premove."),
        "{text}"
    );
    assert!(
        text.contains(&format!("<@{}> to move (Black)", bob.id)),
        "{text}"
    );
    assert_eq!(pinged(&post), bob_pinged);
    let view = harness.game(game).await;
    assert_eq!(view.ply, 3);
    let start = played(Position::start(), &["d3-d4", "e6-e5", "c3-c4"]);
    assert_eq!(view.position, start);

    // Nothing is stored any more; then alice stores a line of two answers, the first a capture
    // that crowns, each move legal where the line reaches it.
    let listed = harness
        .slash(&at(&alice), &dama("conditional").option("action", "list"))
        .await;
    assert!(listed.callback.is_ephemeral());
    assert!(
        listed
            .content()
            .starts_with(&format!("You have no stored answers in game #{game}.")),
        "{}",
        listed.content()
    );
    let line = ["d6-d5", "d4xd6xd8", "h6-h5", "h3-h4"];
    played(start, &line);
    let saved = harness
        .slash(
            &at(&alice),
            &dama("conditional").option("line", line.join(" ")),
        )
        .await;
    assert!(saved.callback.is_ephemeral());
    assert_eq!(
        saved.content(),
        format!(
            "Saved.\nYour stored answers in game #{game} (your opponent's move → your answer, \
             played at once):\n1. d6-d5 → **d4xd6xd8**, h6-h5 → **h3-h4**"
        )
    );
    // Bob sees none of it, and may store nothing in his own turn; a line that is not notation
    // is refused in words.
    let theirs = harness.slash(&at(&bob), &dama("conditional")).await;
    assert!(theirs.callback.is_ephemeral());
    assert!(
        theirs
            .content()
            .starts_with(&format!("You have no stored answers in game #{game}.")),
        "{}",
        theirs.content()
    );
    let own_turn = harness
        .slash(
            &at(&bob),
            &dama("conditional").option("line", "c4-c5 d6xd4"),
        )
        .await;
    assert_eq!(
        own_turn.content(),
        "It is your move: conditional moves are saved during your opponent's turn."
    );
    let typo = harness
        .slash(
            &at(&alice),
            &dama("conditional").option("line", "d6-d5 d4xd6xd9"),
        )
        .await;
    assert!(typo.callback.is_ephemeral());
    assert!(
        typo.content().starts_with("`d4xd6xd9` is not a move"),
        "{}",
        typo.content()
    );

    // Bob plays the foreseen move: it and alice's capture come in one post, bob pinged.
    let post = harness.moved(&bob, thread, "d6-d5").await;
    let text = post.content().unwrap_or_default();
    assert!(text.contains("bob played **d6-d5**."), "{text}");
    assert!(
        text.contains("alice answered at once with **d4xd6xd8**, a conditional move."),
        "{text}"
    );
    assert!(
        text.contains(&format!("<@{}> to move (Black)", bob.id)),
        "{text}"
    );
    assert_eq!(pinged(&post), bob_pinged);
    assert_eq!(harness.game(game).await.position, played(start, &line[..2]));

    // The rest of the line stays, listed to alice in her language; then she clears it.
    let listed = harness
        .slash(&at(&alice).locale("tr"), &dama("conditional"))
        .await;
    assert_eq!(
        listed.content(),
        format!(
            "#{game} numaralı oyunda kaydettiğin cevaplar (rakibinin hamlesi → senin cevabın, \
             hemen oynanır):\n1. h6-h5 → **h3-h4**"
        )
    );
    let cleared = harness
        .slash(&at(&alice), &dama("conditional").option("action", "clear"))
        .await;
    assert!(cleared.callback.is_ephemeral());
    assert_eq!(
        cleared.content(),
        format!(
            "Your stored answers in game #{game} are cleared: no conditional moves, no premove."
        )
    );
    let post = harness.moved(&bob, thread, "h6-h5").await;
    let text = post.content().unwrap_or_default();
    assert!(!text.contains("answered at once"), "{text}");
    assert!(
        text.contains(&format!("<@{}> to move (White)", alice.id)),
        "{text}"
    );
    assert!(
        discord.unknown_routes().is_empty(),
        "{:?}",
        discord.unknown_routes()
    );
}
