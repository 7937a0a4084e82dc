//! The rule sets: a server's default chosen by those who manage it, a challenge's own choice,
//! and both shown on the challenge and on every board.

use serenity::all::{ChannelId, Permissions};

use crate::harness::{Harness, custom_id, dama};
use crate::refusals::started_game_with;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_chooses_its_rules_and_a_challenge_may_name_others() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob, admin) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("ada"),
    );

    // A member who may not manage the server cannot choose its rules.
    let refused = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("server").option("rules", "strict"),
        )
        .await;
    assert!(refused.callback.is_ephemeral());
    assert!(
        refused
            .content()
            .starts_with("Only members who may manage this server"),
        "{}",
        refused.content()
    );

    let manager = discord
        .in_guild(&admin)
        .permissions(dama_tests::member_permissions() | Permissions::MANAGE_GUILD);
    let set = harness
        .slash(&manager, &dama("server").option("rules", "strict"))
        .await;
    assert!(!set.callback.is_ephemeral(), "{}", set.content());
    assert!(set.content().contains("strict rules"), "{}", set.content());

    // A challenge naming no rules takes the server's; its board says so.
    let challenge = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("challenge")
                .option("opponent", &bob)
                .option("color", "white"),
        )
        .await;
    assert!(
        challenge
            .content()
            .contains("strict rules (a missed capture loses)"),
        "{}",
        challenge.content()
    );
    let message = harness.original(&challenge);
    harness
        .click(
            &discord.in_guild(&bob),
            message,
            &custom_id(&challenge.callback, "dama:accept:"),
        )
        .await;
    let board = harness
        .board_posted_in(ChannelId::new(message.get()), 0)
        .await;
    assert!(
        board
            .content()
            .is_some_and(|c| c.contains("· strict rules (a missed capture loses)")),
        "{:?}",
        board.content()
    );

    // One naming its rules keeps them.
    let own = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("open").option("rules", "federation"),
        )
        .await;
    assert!(
        own.content()
            .contains("federation rules (promotion after a capture)"),
        "{}",
        own.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_strict_rules_a_missed_capture_is_confirmed_and_loses() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let strict = dama("challenge")
        .option("opponent", &bob)
        .option("color", "white")
        .option("rules", "strict");
    let (thread, game) = started_game_with(&harness, &alice, &bob, &strict).await;
    let at = |user| discord.in_channel(user, thread);
    for (user, text) in [(&alice, "d3-d4"), (&bob, "e6-e5"), (&alice, "d4-d5")] {
        let moved = harness
            .slash(&at(user), &dama("move").option("move", text))
            .await;
        assert!(!moved.callback.is_ephemeral(), "{}", moved.content());
        harness.public_post(&moved).await;
        harness.settled(game).await;
    }
    // Black must capture (d6xd4 or e5xc5); e7-e6 would lose: bob is asked first.
    let ask = || async {
        let asked = harness
            .slash(&at(&bob), &dama("move").option("move", "e7-e6"))
            .await;
        assert!(asked.callback.is_ephemeral(), "{:?}", asked.callback);
        assert!(
            asked
                .content()
                .starts_with("Under strict rules **e7-e6** loses the game"),
            "{}",
            asked.content()
        );
        asked
    };
    let before = harness.game(game).await;
    let first_ask = ask().await;
    let kept = harness
        .click(
            &at(&bob),
            harness.original(&first_ask),
            &custom_id(&first_ask.callback, "dama:keep:"),
        )
        .await;
    assert_eq!(kept.content(), "Nothing was played: choose another move.");
    let after = harness.game(game).await;
    assert_eq!(
        (after.ply, after.version, after.outcome),
        (before.ply, before.version, None),
        "the game is as it was"
    );

    let second_ask = ask().await;
    let lost = harness
        .click(
            &at(&bob),
            harness.original(&second_ask),
            &custom_id(&second_ask.callback, "dama:lose:"),
        )
        .await;
    assert_eq!(lost.content(), "You played **e7-e6**.");
    let end = harness.public_post(&lost).await;
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**alice (White) wins**: bob missed a compulsory capture"),
        "{text}"
    );
    assert!(text.contains("Result 1-0."), "{text}");
    let view = harness.game(game).await;
    assert!(matches!(
        view.outcome,
        Some(dama_rules::Outcome::Win {
            reason: dama_rules::WinReason::MissedCapture { .. },
            ..
        })
    ));
    // The export names the rules.
    let export = harness
        .slash(&at(&alice), &dama("export").option("game", game))
        .await;
    let pdn = String::from_utf8(
        export
            .callback
            .file(&format!("dama-game-{game}.pdn"))
            .expect("a PDN")
            .bytes
            .clone(),
    )
    .expect("text");
    assert!(pdn.contains("[Rules \"strict\"]"), "{pdn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_under_each_rule_set_against_the_computer_goes_to_its_end() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    for (i, rules) in dama_rules::Rules::ALL.into_iter().enumerate() {
        let player = discord.user(&format!("player{i}"));
        let start = harness
            .slash(
                &discord.in_guild(&player),
                &dama("play-bot")
                    .option("level", 1_i64)
                    .option("color", "white")
                    .option("rules", rules.name()),
            )
            .await;
        let thread = ChannelId::new(harness.original(&start).get());
        let first = harness.board_posted_in(thread, 0).await;
        let game = crate::harness::game_id_in(&custom_id(&first, "dama:pick:"));
        assert_eq!(harness.game(game).await.rules, rules);
        // The player plays the last legal move each turn (a fixed rule), until the end.
        for _ in 0..300 {
            let view = harness.game(game).await;
            if view.is_over() {
                break;
            }
            let moves = view.position.legal_moves_under(rules);
            let mv = moves[moves.len() - 1];
            let text = dama_rules::notation::format(&mv, dama_rules::notation::Notation::Algebraic);
            let moved = harness
                .slash(
                    &discord.in_channel(&player, thread),
                    &dama("move").option("move", text.as_str()),
                )
                .await;
            assert!(
                !moved.callback.is_ephemeral(),
                "{rules}: {}",
                moved.content()
            );
            harness.public_post(&moved).await;
            harness.settled(game).await;
        }
        let view = harness.game(game).await;
        assert!(view.is_over(), "{rules}: the game ended within 300 turns");
    }
}
