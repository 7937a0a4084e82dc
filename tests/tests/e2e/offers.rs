//! Takebacks and draws between people, the leaderboard and vacations, DMs, and how the
//! command is registered.

use serde_json::json;

use crate::harness::{Harness, custom_id, dama};
use crate::refusals::started_game;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_and_draws_are_asked_and_answered() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    harness
        .slash(&at(&alice), &dama("move").option("move", "d3-d4"))
        .await;
    harness.settled(game).await;

    // Alice asks to take her move back; bob allows it with the button.
    let asked = harness
        .slash(&at(&alice), &dama("takeback").option("action", "request"))
        .await;
    assert!(!asked.callback.is_ephemeral());
    assert!(
        asked
            .content()
            .contains(&format!("<@{}>, do you allow it?", bob.id)),
        "{}",
        asked.content()
    );
    let allow = custom_id(&asked.callback, "dama:takeback-yes:");
    let not_alice = harness
        .click(&at(&alice), harness.original(&asked), &allow)
        .await;
    assert!(
        not_alice.callback.is_ephemeral(),
        "only the opponent answers"
    );
    assert_eq!(
        not_alice.content(),
        "There is no takeback request to answer."
    );
    let allowed = harness
        .click(&at(&bob), harness.original(&asked), &allow)
        .await;
    assert!(
        allowed
            .content()
            .contains("bob allows the takeback: 1 move undone."),
        "{}",
        allowed.content()
    );
    assert_eq!(harness.game(game).await.ply, 0);
    harness.settled(game).await;
    assert!(
        allowed
            .content()
            .contains(&format!("<@{}> to move (White)", alice.id))
    );

    // A draw offered by command and accepted by command ends the game, rated.
    harness
        .slash(&at(&alice), &dama("draw").option("action", "offer"))
        .await;
    harness.settled(game).await;
    let accepted = harness
        .slash(&at(&bob), &dama("draw").option("action", "accept"))
        .await;
    let end = harness.public_post(&accepted).await;
    let text = end.content().unwrap_or_default();
    assert!(text.contains("bob accepts the draw offer."), "{text}");
    assert!(
        text.contains("**Draw**: by agreement. Result 1/2-1/2."),
        "{text}"
    );
    assert!(text.contains("alice 1500 → 1500 (+0)"), "{text}");
    assert!(harness.game(game).await.is_over());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_vacations_dms_and_the_registered_command() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let dana = discord.user("dana");

    let board = harness
        .slash(&discord.in_guild(&dana), &dama("leaderboard"))
        .await;
    assert!(!board.callback.is_ephemeral());
    assert!(
        board
            .content()
            .contains("Nobody has played the 3 rated games"),
        "{}",
        board.content()
    );

    let vacation = harness
        .slash(
            &discord.in_guild(&dana),
            &dama("vacation").option("days", 3_i64),
        )
        .await;
    assert!(vacation.callback.is_ephemeral());
    assert!(
        vacation
            .content()
            .contains("11 vacation days left this year"),
        "{}",
        vacation.content()
    );
    let again = harness
        .slash(
            &discord.in_guild(&dana),
            &dama("vacation").option("days", 1_i64),
        )
        .await;
    assert!(
        again
            .content()
            .starts_with("You are already on vacation until <t:"),
        "{}",
        again.content()
    );
    // Back early: the unused whole days are returned, and a second return is refused.
    let back = harness
        .slash(&discord.in_guild(&dana), &dama("vacation-end"))
        .await;
    assert!(back.callback.is_ephemeral());
    assert!(
        back.content().starts_with("Welcome back")
            && back.content().contains("14 vacation days left this year"),
        "{}",
        back.content()
    );
    let not_away = harness
        .slash(&discord.in_guild(&dana), &dama("vacation-end"))
        .await;
    assert_eq!(not_away.content(), "You are not on vacation.");

    // In a DM there is no thread: the game is played in place.
    let dm = harness
        .slash(
            &discord.in_dm(&dana),
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    assert_eq!(dm.callback.callback_type(), Some(4));
    assert!(dm.callback.file("board.png").is_some());
    assert!(discord.threads().is_empty());
    let moved = harness
        .slash(&discord.in_dm(&dana), &dama("move").option("move", "d3-d4"))
        .await;
    let post = harness.public_post(&moved).await;
    assert!(
        post.content()
            .unwrap_or_default()
            .contains("Computer (level 1) played")
    );

    // The command can be installed to servers and users, and used in servers and DMs.
    let commands = discord.registered_commands(None);
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["integration_types"], json!([0, 1]));
    assert_eq!(commands[0]["contexts"], json!([0, 1, 2]));
}
