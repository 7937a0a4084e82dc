//! The sweeper's findings arrive as messages: a reminder before the deadline, the loss on time
//! with its replay and ratings, and expired challenges.

use std::time::Duration;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;

const MINUTE: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_losses_on_time_are_posted_in_the_games_thread() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let deadline = harness.game(game).await.deadline.expect("one day per move");

    // Six hours before the deadline: a reminder that pings alice.
    harness
        .clock
        .advance(Duration::from_secs(18 * 3600) + MINUTE);
    let reminder = discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("it is your move"))
        })
        .await
        .expect("a reminder");
    let text = reminder.content().unwrap_or_default();
    assert!(text.starts_with(&format!("<@{}>", alice.id)), "{text}");
    assert!(
        text.contains(&format!("<t:{}:R>", deadline.as_secs())),
        "{text}"
    );
    assert_eq!(
        reminder.body["allowed_mentions"]["users"],
        serde_json::json!([alice.id.to_string()])
    );

    // Past the deadline: alice loses on time; the end is posted with the replay and ratings.
    harness.clock.advance(Duration::from_secs(6 * 3600));
    let end = discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("ran out of time"))
        })
        .await
        .expect("the loss on time");
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**bob (Black) wins**: alice ran out of time. Result 0-1."),
        "{text}"
    );
    assert!(text.contains("bob 1500 → "), "{text}");
    assert!(end.file("dama-game-1.gif").is_some());
    assert!(harness.game(game).await.is_over());

    // The reminder came once.
    let reminders = discord
        .requests()
        .iter()
        .filter(|r| r.content().is_some_and(|c| c.contains("it is your move")))
        .count();
    assert_eq!(reminders, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_challenge_expires_with_a_message() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let carol = discord.user("carol");
    harness
        .slash(&discord.in_guild(&carol), &dama("open"))
        .await;
    harness
        .clock
        .advance(Duration::from_secs(24 * 3600) + MINUTE);
    let expired = discord
        .wait_for_channel_message(discord.channel_id(), |r| {
            r.content().is_some_and(|c| c.contains("has expired"))
        })
        .await
        .expect("the expiry");
    assert_eq!(
        expired.content(),
        Some("The challenge from carol has expired.")
    );
    assert_eq!(
        expired.body["allowed_mentions"]["users"],
        serde_json::json!([])
    );
}
