//! Illegal and unauthorised actions get specific answers that only the actor sees, and change
//! nothing.

use dama_tests::{FakeUser, Origin, SlashCommand};
use serenity::all::ChannelId;

use crate::harness::{Harness, custom_id, dama, game_id_in};

/// Alice (White) and bob in a game with its thread; returns the thread and the game id.
pub async fn started_game(harness: &Harness, alice: &FakeUser, bob: &FakeUser) -> (ChannelId, i64) {
    let challenge = dama("challenge")
        .option("opponent", bob)
        .option("color", "white");
    started_game_with(harness, alice, bob, &challenge).await
}

/// As [`started_game`], with `challenge` (a `/dama challenge` of bob by alice, with whatever
/// options) as the challenge.
pub async fn started_game_with(
    harness: &Harness,
    alice: &FakeUser,
    bob: &FakeUser,
    challenge: &SlashCommand,
) -> (ChannelId, i64) {
    let discord = &harness.discord;
    let challenge = harness.slash(&discord.in_guild(alice), challenge).await;
    let message = harness.original(&challenge);
    harness
        .click(
            &discord.in_guild(bob),
            message,
            &custom_id(&challenge.callback, "dama:accept:"),
        )
        .await;
    let thread = ChannelId::new(message.get());
    let first = harness.board_posted_in(thread, 0).await;
    (thread, game_id_in(&custom_id(&first, "dama:pick:")))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_moves_and_wrong_people_are_told_why_privately() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);

    wrong_moves_are_refused_privately(&harness, &at(&alice), &at(&bob), &at(&carol)).await;
    assert_eq!(harness.game(game).await.ply, 0, "nothing was played");
    a_missed_capture_is_named(&harness, &at(&alice), &at(&bob)).await;

    // Away from the game's thread, with no game there, the command says how to start one.
    let elsewhere = harness
        .slash(&discord.in_guild(&carol), &dama("board"))
        .await;
    assert!(elsewhere.callback.is_ephemeral());
    assert!(
        elsewhere
            .content()
            .starts_with("You have no game in progress here.")
    );

    a_games_buttons_belong_to_its_players(&harness, thread, &at(&carol)).await;
    challenges_refuse_oneself_and_other_bots(&harness, &carol).await;
    a_withdrawn_challenge_loses_its_buttons(&harness, &alice, &carol).await;
    assert!(
        discord.unknown_routes().is_empty(),
        "{:?}",
        discord.unknown_routes()
    );
}

/// Illegal text, someone else's turn, a stranger: each told why, privately, in a sentence.
async fn wrong_moves_are_refused_privately(
    harness: &Harness,
    alice: &Origin,
    bob: &Origin,
    carol: &Origin,
) {
    let not_your_turn = "It is not your turn: wait for your opponent's move.";
    let cases = [
        (alice, "d3-d5", None),
        (alice, "d6-d5", None),
        (alice, "z9-z1", None),
        (bob, "e6-e5", Some(not_your_turn)),
        (carol, "d3-d4", Some("You are not playing in this game.")),
    ];
    for (origin, text, expected) in cases {
        let answer = harness
            .slash(origin, &dama("move").option("move", text))
            .await;
        let words = answer.content();
        assert_eq!(answer.callback.callback_type(), Some(4));
        assert!(answer.callback.is_ephemeral(), "{text}: {words}");
        assert!(words.ends_with('.'), "{text}: {words}");
        assert!(!words.contains("Something went wrong"), "{text}: {words}");
        if let Some(expected) = expected {
            assert_eq!(words, expected);
        }
    }
}

/// The rules' own words reach the player: a capture is compulsory, and the maximum one.
async fn a_missed_capture_is_named(harness: &Harness, alice: &Origin, bob: &Origin) {
    for (origin, text) in [(alice, "d3-d4"), (bob, "e6-e5"), (alice, "d4-d5")] {
        let answer = harness
            .slash(origin, &dama("move").option("move", text))
            .await;
        assert!(
            !answer.callback.is_ephemeral(),
            "{text}: {}",
            answer.content()
        );
    }
    // Black's e5 man can take d5 (e5xc5): any other move is refused with the capture named.
    let answer = harness
        .slash(bob, &dama("move").option("move", "a6-a5"))
        .await;
    assert!(answer.callback.is_ephemeral());
    let words = answer.content();
    assert!(words.to_lowercase().contains("capture"), "{words}");
    assert!(words.starts_with(char::is_uppercase), "{words}");
}

/// A stranger's click on the board's buttons and menus is refused.
async fn a_games_buttons_belong_to_its_players(
    harness: &Harness,
    thread: ChannelId,
    stranger: &Origin,
) {
    let board = harness.board_posted_in(thread, 0).await;
    let resign = harness
        .click(
            stranger,
            harness.message_of(&board),
            &custom_id(&board, "dama:resign:"),
        )
        .await;
    assert!(resign.callback.is_ephemeral());
    assert_eq!(resign.content(), "You are not playing in this game.");
    let pick = custom_id(&board, "dama:pick:");
    let picked = harness
        .select(stranger, harness.message_of(&board), &pick, "19")
        .await;
    assert!(picked.callback.is_ephemeral());
    assert_eq!(picked.content(), "You are not playing in this game.");
}

/// Challenges: not oneself, not other bots.
async fn challenges_refuse_oneself_and_other_bots(harness: &Harness, carol: &FakeUser) {
    let discord = &harness.discord;
    let selfish = harness
        .slash(
            &discord.in_guild(carol),
            &dama("challenge").option("opponent", carol),
        )
        .await;
    assert!(selfish.callback.is_ephemeral());
    assert_eq!(selfish.content(), "You cannot challenge yourself.");
    let robot = FakeUser {
        bot: true,
        ..discord.user("robot")
    };
    let botty = harness
        .slash(
            &discord.in_guild(carol),
            &dama("challenge").option("opponent", &robot),
        )
        .await;
    assert!(botty.callback.is_ephemeral());
    assert!(
        botty.content().contains("/dama play-bot"),
        "{}",
        botty.content()
    );
}

/// Withdrawn challenges cannot be accepted any more: the buttons are gone.
async fn a_withdrawn_challenge_loses_its_buttons(
    harness: &Harness,
    alice: &FakeUser,
    carol: &FakeUser,
) {
    let discord = &harness.discord;
    let open = harness.slash(&discord.in_guild(carol), &dama("open")).await;
    let message = harness.original(&open);
    let withdrawn = harness
        .click(
            &discord.in_guild(carol),
            message,
            &custom_id(&open.callback, "dama:cancel:"),
        )
        .await;
    assert_eq!(withdrawn.callback.callback_type(), Some(7));
    assert_eq!(withdrawn.content(), "carol withdrew the challenge.");
    assert!(
        discord
            .dispatch_button(
                &discord.in_guild(alice),
                message,
                &custom_id(&open.callback, "dama:accept:")
            )
            .is_err(),
        "the buttons are gone"
    );
}
