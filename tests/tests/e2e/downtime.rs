//! Downtime is not the players' fault: a bot stopped for two hours in the middle of a one-hour
//! game comes back with the deadline moved on by the gap, and nobody loses on time.

use std::time::Duration;

use dama_service::clock::Clock;
use serenity::all::ChannelId;

use crate::harness::{Harness, custom_id, dama, game_id_in};

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_hour_stop_moves_the_deadline_on_and_nobody_loses_on_time() {
    let mut harness = Harness::start().await;
    let (alice, bob) = (harness.discord.user("alice"), harness.discord.user("bob"));
    let challenge = harness
        .slash(
            &harness.discord.in_guild(&alice),
            &dama("challenge")
                .option("opponent", &bob)
                .option("color", "white")
                .option("time", "1h"),
        )
        .await;
    let message = harness.original(&challenge);
    harness
        .click(
            &harness.discord.in_guild(&bob),
            message,
            &custom_id(&challenge.callback, "dama:accept:"),
        )
        .await;
    let thread = ChannelId::new(message.get());
    let first = harness.board_posted_in(thread, 0).await;
    let game = game_id_in(&custom_id(&first, "dama:pick:"));
    let deadline = harness.game(game).await.deadline.expect("an hour per move");
    assert_eq!(deadline, harness.clock.now() + HOUR);

    harness.stop_bot().await;
    harness.clock.advance(2 * HOUR);
    harness.start_bot().await;

    let after = harness.game(game).await;
    assert!(!after.is_over(), "{:?}", after.outcome);
    assert_eq!(after.deadline, Some(deadline + 2 * HOUR));

    // The sweeper runs after the restart: with a quarter of the moved hour left it reminds
    // alice of the moved deadline. Had the deadline not moved, its first sweep would have
    // ended the game instead.
    harness.clock.advance(46 * MINUTE);
    let reminder = harness
        .discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("it is your move"))
        })
        .await
        .expect("a reminder");
    let text = reminder.content().unwrap_or_default();
    let moved = (deadline + 2 * HOUR).as_secs();
    assert!(text.contains(&format!("<t:{moved}:R>")), "{text}");
    let losses = harness
        .discord
        .requests()
        .iter()
        .filter(|r| r.content().is_some_and(|c| c.contains("ran out of time")))
        .count();
    assert_eq!(losses, 0, "no loss on time was posted");
    assert!(!harness.game(game).await.is_over());
}
