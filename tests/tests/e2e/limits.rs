//! One member cannot spoil the bot for everyone: past a limit they are told which one and how
//! to get under it, and the others play on.

use crate::harness::{Harness, dama};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fourth_computer_game_is_refused_with_the_limit_and_others_still_play() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let play_bot = || {
        dama("play-bot")
            .option("level", 1_i64)
            .option("color", "white")
    };
    for _ in 0..3 {
        let start = harness.slash(&discord.in_guild(&alice), &play_bot()).await;
        assert!(
            start.content().contains("Computer (level 1) (Black)"),
            "{}",
            start.content()
        );
    }
    let refused = harness.slash(&discord.in_guild(&alice), &play_bot()).await;
    assert!(refused.callback.is_ephemeral(), "{:?}", refused.callback);
    assert_eq!(
        refused.content(),
        "You already play 3 games against the computer: finish one (or resign it with \
         `/dama resign`) before starting another."
    );

    let other = harness.slash(&discord.in_guild(&bob), &play_bot()).await;
    assert!(
        other.content().contains("Computer (level 1) (Black)"),
        "{}",
        other.content()
    );
    assert!(!other.callback.is_ephemeral());
}
