//! Illegal and unauthorised actions get specific answers that only the actor sees, and change
//! nothing.

use dama_tests::FakeUser;
use serenity::all::ChannelId;

use crate::harness::{Harness, custom_id, dama, game_id_in};

/// Alice (White) and bob in a game with its thread; returns the thread and the game id.
pub async fn started_game(harness: &Harness, alice: &FakeUser, bob: &FakeUser) -> (ChannelId, i64) {
    let discord = &harness.discord;
    let challenge = harness
        .slash(
            &discord.in_guild(alice),
            &dama("challenge")
                .option("opponent", bob)
                .option("color", "white"),
        )
        .await;
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
    let refusal = |words: &str| words.to_owned();

    let cases = [
        (&alice, "d3-d5", None),
        (&alice, "d6-d5", None),
        (&alice, "z9-z1", None),
        (
            &bob,
            "e6-e5",
            Some(refusal(
                "It is not your turn: wait for your opponent's move.",
            )),
        ),
        (
            &carol,
            "d3-d4",
            Some(refusal("You are not playing in this game.")),
        ),
    ];
    for (user, text, expected) in cases {
        let answer = harness
            .slash(&at(user), &dama("move").option("move", text))
            .await;
        assert_eq!(answer.callback.callback_type(), Some(4));
        assert!(
            answer.callback.is_ephemeral(),
            "{text}: {}",
            answer.content()
        );
        assert!(
            answer.content().ends_with('.'),
            "{text}: {}",
            answer.content()
        );
        assert!(
            !answer.content().contains("Something went wrong"),
            "{text}: {}",
            answer.content()
        );
        if let Some(expected) = expected {
            assert_eq!(answer.content(), expected);
        }
    }
    assert_eq!(harness.game(game).await.ply, 0, "nothing was played");

    // The rules' own words reach the player: a capture is compulsory, and the maximum one.
    for (user, text) in [(&alice, "d3-d4"), (&bob, "e6-e5"), (&alice, "d4-d5")] {
        let answer = harness
            .slash(&at(user), &dama("move").option("move", text))
            .await;
        assert!(
            !answer.callback.is_ephemeral(),
            "{text}: {}",
            answer.content()
        );
    }
    // Black's e5 man can take d5 (e5xc5): any other move is refused with the capture named.
    let answer = harness
        .slash(&at(&bob), &dama("move").option("move", "a6-a5"))
        .await;
    assert!(answer.callback.is_ephemeral());
    let words = answer.content();
    assert!(words.to_lowercase().contains("capture"), "{words}");
    assert!(words.starts_with(char::is_uppercase), "{words}");

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

    // Buttons of a game belong to its players.
    let board = harness.board_posted_in(thread, 0).await;
    let resign = harness
        .click(
            &at(&carol),
            harness.message_of(&board),
            &custom_id(&board, "dama:resign:"),
        )
        .await;
    assert!(resign.callback.is_ephemeral());
    assert_eq!(resign.content(), "You are not playing in this game.");
    let pick = custom_id(&board, "dama:pick:");
    let picked = harness
        .select(&at(&carol), harness.message_of(&board), &pick, "19")
        .await;
    assert!(picked.callback.is_ephemeral());
    assert_eq!(picked.content(), "You are not playing in this game.");

    // Challenges: not oneself, not other bots.
    let selfish = harness
        .slash(
            &discord.in_guild(&carol),
            &dama("challenge").option("opponent", &carol),
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
            &discord.in_guild(&carol),
            &dama("challenge").option("opponent", &robot),
        )
        .await;
    assert!(botty.callback.is_ephemeral());
    assert!(
        botty.content().contains("/dama play-bot"),
        "{}",
        botty.content()
    );

    // Withdrawn challenges cannot be accepted any more.
    let open = harness
        .slash(&discord.in_guild(&carol), &dama("open"))
        .await;
    let message = harness.original(&open);
    let withdrawn = harness
        .click(
            &discord.in_guild(&carol),
            message,
            &custom_id(&open.callback, "dama:cancel:"),
        )
        .await;
    assert_eq!(withdrawn.callback.callback_type(), Some(7));
    assert_eq!(withdrawn.content(), "carol withdrew the challenge.");
    assert!(
        discord
            .dispatch_button(
                &discord.in_guild(&alice),
                message,
                &custom_id(&open.callback, "dama:accept:")
            )
            .is_err(),
        "the buttons are gone"
    );
    assert!(
        discord.unknown_routes().is_empty(),
        "{:?}",
        discord.unknown_routes()
    );
}
