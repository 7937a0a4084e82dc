//! One member cannot spoil the bot for everyone: past a limit they are told which one and how
//! to get under it, and the others play on.

use dama_tests::FakeUser;

use crate::harness::{Answer, Harness, custom_id, dama, game_id_in};

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_requests_from_one_member_stop_at_the_caps_and_others_still_play() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let at = |user| discord.in_guild(user);

    // 100 games against the computer, the computer to move first in each: 3 start.
    let play_bot = dama("play-bot")
        .option("level", 1_i64)
        .option("color", "black");
    let mut started = 0;
    for _ in 0..100 {
        let answer = harness.slash(&at(&alice), &play_bot).await;
        if answer.callback.is_ephemeral() {
            assert!(
                answer
                    .content()
                    .starts_with("You already play 3 games against the computer"),
                "{}",
                answer.content()
            );
        } else {
            started += 1;
        }
    }
    assert_eq!(started, 3);

    // 100 challenges to one person: 1 stands. To 100 people: 10 stand in all.
    let challenge = |user: &FakeUser| dama("challenge").option("opponent", user);
    let refusals =
        |answers: &[Answer]| answers.iter().filter(|a| a.callback.is_ephemeral()).count();
    let mut to_bob = Vec::new();
    for _ in 0..100 {
        to_bob.push(harness.slash(&at(&alice), &challenge(&bob)).await);
    }
    assert_eq!(refusals(&to_bob), 99);
    assert!(
        to_bob[1]
            .content()
            .starts_with("You already have 1 open challenge to this player"),
        "{}",
        to_bob[1].content()
    );
    let mut to_many = Vec::new();
    for i in 0..100 {
        let someone = discord.user(&format!("player{i}"));
        to_many.push(harness.slash(&at(&alice), &challenge(&someone)).await);
    }
    assert_eq!(
        refusals(&to_many),
        100 - 9,
        "10 open challenges at most, bob's included"
    );
    assert!(
        to_many[99]
            .content()
            .starts_with("You already have 10 open challenges"),
        "{}",
        to_many[99].content()
    );

    // Carol's computer game is served all the same: its first move arrives.
    let hers = harness.slash(&at(&carol), &play_bot).await;
    assert!(!hers.callback.is_ephemeral(), "{}", hers.content());
    let thread = serenity::all::ChannelId::new(harness.original(&hers).get());
    let board = harness.board_posted_in(thread, 0).await;
    let game = game_id_in(&custom_id(&board, "dama:pick:"));
    assert_eq!(harness.game(game).await.ply, 1, "the computer has moved");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_challenge_cannot_be_sent_again_at_once() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let challenge = dama("challenge").option("opponent", &bob);
    let first = harness.slash(&discord.in_guild(&alice), &challenge).await;
    let declined = harness
        .click(
            &discord.in_guild(&bob),
            harness.original(&first),
            &custom_id(&first.callback, "dama:decline:"),
        )
        .await;
    assert!(
        declined.content().contains("bob declined the challenge"),
        "{}",
        declined.content()
    );

    // Alice's next ping to bob is refused, privately, saying when she may try again.
    let again = harness.slash(&discord.in_guild(&alice), &challenge).await;
    assert!(again.callback.is_ephemeral(), "{:?}", again.callback);
    let text = again.content();
    let when = text
        .strip_prefix("This player declined your last challenge: you can challenge them again <t:")
        .and_then(|rest| rest.split_once(":R> (<t:"))
        .and_then(|(when, at)| (at == format!("{when}:f>).")).then_some(when))
        .unwrap_or_else(|| panic!("{text}"));
    let when: u64 = when.parse().unwrap_or_else(|_| panic!("{text}"));
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    // An hour after the decline, which came a moment ago.
    assert!((now + 3000..=now + 3600).contains(&when), "{when} vs {now}");
}
