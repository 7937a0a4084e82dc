//! The rule sets: a server's default chosen by those who manage it, a challenge's own choice,
//! and both shown on the challenge and on every board.

use serenity::all::{ChannelId, Permissions};

use crate::harness::{Harness, custom_id, dama};

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
