//! Discord's rate limits met as production meets them: the bot reaches the stand-in as
//! `https://discord.com` with serenity's rate limiter on, which reads the stand-in's
//! `X-RateLimit-*` headers and waits out its 429s as `Retry-After` says. A storm of 429s on a
//! thread's posts (per route or global) delays the boards but loses, doubles and reorders
//! none; with Discord's limits enforced, the bot paces its posts by the headers and is never
//! refused; `/metrics` counts the waits, and every request Discord refuses by its status.

use std::collections::HashSet;
use std::time::Duration;

use dama_tests::rate_limits::MESSAGE_LIMIT;
use dama_tests::{FakeDiscord, FakeUser, Recorded, Scope};
use serenity::all::ChannelId;

use crate::delivery::{boards_in, move_from_elsewhere};
use crate::harness::{Harness, dama};
use crate::monitoring::metrics_when;
use crate::refusals::started_game;

/// How long a storm lasts: long enough for several 429s at [`RETRY_AFTER`] apiece, even when
/// a loaded machine is slow to make its first post.
const STORM: Duration = Duration::from_secs(4);
/// What each 429 of a storm announces.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// Every attempt at posting in `thread`, in order: refused or not.
fn attempts(harness: &Harness, thread: ChannelId) -> Vec<Recorded> {
    harness.discord.message_posts_in(thread)
}

/// Each attempt after a 429 came no sooner than its `Retry-After` said; the 429s, counted.
fn assert_paced_by_retry_after(attempts: &[Recorded]) -> usize {
    for pair in attempts.windows(2) {
        let (refused, next) = (&pair[0], &pair[1]);
        if refused.status != 429 {
            continue;
        }
        let told = refused.retry_after().expect("a 429 says when to retry");
        let waited = next.received.duration_since(refused.received);
        assert!(
            waited >= told,
            "request #{} came {waited:?} after the 429 of #{}, which said to wait {told:?}",
            next.index,
            refused.index
        );
    }
    attempts.iter().filter(|r| r.status == 429).count()
}

/// The boards of `moves` follow the first one in `thread`, in order, each once.
fn assert_boards_once_in_order(harness: &Harness, thread: ChannelId, moves: &[(&FakeUser, &str)]) {
    let boards = boards_in(harness, thread);
    assert_eq!(boards.len(), moves.len() + 1, "{boards:#?}");
    for (board, (user, text)) in boards[1..].iter().zip(moves) {
        assert!(
            board.contains(&format!("{} played **{text}**.", user.name)),
            "{board}"
        );
    }
    let distinct: HashSet<&String> = boards.iter().collect();
    assert_eq!(distinct.len(), boards.len(), "no board twice: {boards:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_429s_on_a_threads_posts_is_waited_out_as_retry_after_says_and_loses_no_board() {
    let harness = Harness::start_as_discord().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    harness.settled(game).await;

    let posts = format!("/channels/{thread}/messages");
    discord.storm_429s(&posts, STORM, RETRY_AFTER, Scope::User);
    let moves = [
        (&alice, "d3-d4"),
        (&bob, "e6-e5"),
        (&alice, "h3-h4"),
        (&bob, "a6-a5"),
    ];
    for (user, text) in moves {
        move_from_elsewhere(&harness, user, game, text).await;
    }
    harness.board_posted_in(thread, moves.len()).await;
    harness.settled(game).await;

    assert_boards_once_in_order(&harness, thread, &moves);
    let attempts = attempts(&harness, thread);
    assert!(
        attempts.iter().all(|r| r.status == 429 || r.succeeded()),
        "nothing but the storm refused a post: {attempts:#?}"
    );
    let refused = assert_paced_by_retry_after(&attempts);
    // One try a second at most (the boards wait behind the first) while the storm lasts.
    assert!(
        (1..=4).contains(&refused),
        "{refused} posts refused: {attempts:#?}"
    );

    // What Discord would hold against the bot's address is those 429s alone: one a second
    // at most while the storm lasts, nowhere near the 10,000 in 10 minutes that ban it.
    assert_eq!(discord.invalid_requests().len(), refused);

    // The waits are counted where the bot's other metrics are.
    let scraped = metrics_when(&harness, |m| {
        m.value("dama_discord_rate_limited_total", &[("scope", "route")])
            .is_some_and(|n| n >= refused as f64)
    })
    .await;
    let recent = scraped
        .value("dama_discord_rate_limited_last_10m", &[])
        .expect("the window's gauge");
    assert!(recent >= refused as f64, "{recent} < {refused}");
    assert_eq!(
        scraped.value("dama_discord_rate_limited_total", &[("scope", "global")]),
        None,
        "no global limit was met"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_rate_limit_holds_the_posts_back_as_retry_after_says() {
    let harness = Harness::start_as_discord().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    harness.settled(game).await;

    discord.storm_429s(
        &format!("/channels/{thread}/messages"),
        STORM,
        RETRY_AFTER,
        Scope::Global,
    );
    let moves = [(&alice, "d3-d4"), (&bob, "e6-e5")];
    for (user, text) in moves {
        move_from_elsewhere(&harness, user, game, text).await;
    }
    harness.board_posted_in(thread, moves.len()).await;
    harness.settled(game).await;

    assert_boards_once_in_order(&harness, thread, &moves);
    let attempts = attempts(&harness, thread);
    let global: Vec<&Recorded> = attempts.iter().filter(|r| r.status == 429).collect();
    assert!(!global.is_empty(), "the storm met the bot: {attempts:#?}");
    for refused in &global {
        assert_eq!(refused.response_header("x-ratelimit-global"), Some("true"));
        assert_eq!(refused.response_header("x-ratelimit-scope"), Some("global"));
        assert_eq!(refused.response["global"], true);
    }
    assert_paced_by_retry_after(&attempts);
    let scraped = metrics_when(&harness, |m| {
        m.value("dama_discord_rate_limited_total", &[("scope", "global")])
            .is_some_and(|n| n >= global.len() as f64)
    })
    .await;
    assert!(
        scraped
            .value("dama_discord_rate_limited_last_10m", &[])
            .is_some()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_discords_limits_enforced_the_bot_paces_a_threads_posts_by_the_headers_and_is_never_refused()
 {
    let harness = Harness::start_as_discord().await;
    let discord = &harness.discord;
    discord.enforce_rate_limits();
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    // Seven boards in the thread: more than the five a channel takes in five seconds.
    let moves = [
        (&alice, "d3-d4"),
        (&bob, "e6-e5"),
        (&alice, "h3-h4"),
        (&bob, "a6-a5"),
        (&alice, "c3-c4"),
        (&bob, "f6-f5"),
    ];
    for (user, text) in moves {
        move_from_elsewhere(&harness, user, game, text).await;
    }
    harness.board_posted_in(thread, moves.len()).await;
    harness.settled(game).await;

    assert_boards_once_in_order(&harness, thread, &moves);
    let requests = discord.requests();
    let refused: Vec<&Recorded> = requests.iter().filter(|r| r.status == 429).collect();
    // Past five posts in its window the stand-in would have refused one: none was.
    assert!(
        refused.is_empty(),
        "the rate limiter waited instead: {refused:#?}"
    );
    assert!(attempts(&harness, thread).len() > MESSAGE_LIMIT as usize);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reaching_discord_as_production_does_the_gateway_still_resumes_after_op_7_and_close_4000() {
    let harness = Harness::start_as_discord().await;
    let discord = &harness.discord;
    let alice = discord.user("alice");
    // Op 7 (Reconnect), then close code 4000 (Unknown error): each time a RESUME.
    let break_offs: [fn(&FakeDiscord); 2] = [FakeDiscord::request_reconnect, |d| {
        d.close_gateway(4000);
    }];
    for (n, break_off) in (1_u32..).zip(break_offs) {
        break_off(discord);
        let status = discord
            .wait_for_gateway("a RESUME", |s| s.resumes >= n)
            .await
            .expect("resumed");
        assert_eq!(status.readies, 1, "resumed, not identified again");
        let answer = harness
            .slash(&discord.in_guild(&alice), &dama("rules"))
            .await;
        assert!(answer.callback.is_ephemeral());
        assert!(answer.content().contains("Dama"), "{}", answer.content());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_discord_refuses_is_counted_by_status_within_the_last_ten_minutes() {
    let harness = Harness::start_as_discord().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    harness.settled(game).await;

    // The thread's next post is refused as Discord refuses a bot that lost its permissions.
    discord.inject(dama_tests::Fault::new(1, 403).on_path(format!("/channels/{thread}/messages")));
    move_from_elsewhere(&harness, &alice, game, "d3-d4").await;
    harness.settled(game).await;

    let refused: Vec<Recorded> = discord
        .requests()
        .into_iter()
        .filter(|r| (400..500).contains(&r.status) && r.status != 429)
        .collect();
    assert_eq!(
        refused.iter().map(|r| r.status).collect::<Vec<_>>(),
        [403],
        "{refused:#?}"
    );
    let scraped = metrics_when(&harness, |m| {
        m.value("dama_discord_refused_total", &[("status", "403")])
            .is_some()
    })
    .await;
    assert_eq!(
        scraped.value("dama_discord_refused_total", &[("status", "403")]),
        Some(1.0)
    );
    // What Discord holds against the bot's address, the bot holds against itself.
    assert_eq!(discord.invalid_requests().len(), 1);
    assert_eq!(
        scraped.value("dama_discord_refused_last_10m", &[]),
        Some(1.0)
    );
}
