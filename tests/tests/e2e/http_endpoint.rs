//! Interactions over HTTP: the bot's endpoint checks Discord's signature (401 without one, with
//! a bad one, or with a stale timestamp) and refuses oversized bodies (413), answers PING with PONG, and hands everything else to
//! the same handlers as the gateway. Two instances over one database share the interactions:
//! a game is played through both, racing clicks are applied once, each board is posted once, a
//! deadline fires once, and when one instance stops the other carries on; on SQLite and on
//! PostgreSQL.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serenity::all::ChannelId;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// POSTs `body` to `url` with these signature headers; the status and body of the answer.
async fn post(
    url: &str,
    body: &[u8],
    signature: Option<String>,
    timestamp: Option<String>,
) -> (u16, String) {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("Content-Type", "application/json")
        .body(body.to_vec());
    if let Some(signature) = signature {
        request = request.header("X-Signature-Ed25519", signature);
    }
    if let Some(timestamp) = timestamp {
        request = request.header("X-Signature-Timestamp", timestamp);
    }
    let response = request.send().await.expect("the endpoint answers");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_answers_ping_and_refuses_unsigned_forged_and_stale_requests() {
    let mut harness = Harness::start().await;
    let urls = harness.start_http_bots(1).await;
    let url = &urls[0];
    let discord = &harness.discord;
    let ping = br#"{"type":1,"id":"1","application_id":"1","token":"t","version":1}"#;
    let fresh = now_secs().to_string();

    let signed = discord.sign_interaction(&fresh, ping);
    let (status, body) = post(url, ping, Some(signed.clone()), Some(fresh.clone())).await;
    assert_eq!((status, body.as_str()), (200, r#"{"type":1}"#));

    let (status, _) = post(url, ping, None, None).await;
    assert_eq!(status, 401, "no signature");
    let forged = discord.sign_interaction(&fresh, br#"{"type":1}"#);
    let (status, _) = post(url, ping, Some(forged), Some(fresh.clone())).await;
    assert_eq!(status, 401, "a signature of another body");
    let (status, _) = post(url, ping, Some(signed), Some((now_secs() + 1).to_string())).await;
    assert_eq!(status, 401, "the signature of another timestamp");
    let stale = (now_secs() - 600).to_string();
    let old = discord.sign_interaction(&stale, ping);
    let (status, _) = post(url, ping, Some(old), Some(stale)).await;
    assert_eq!(status, 401, "a replay ten minutes old");
    let junk = b"not json";
    let signed_junk = discord.sign_interaction(&fresh, junk);
    let (status, _) = post(url, junk, Some(signed_junk), Some(fresh.clone())).await;
    assert_eq!(status, 400);
    // A body far larger than any interaction is refused before it is read whole.
    let huge = vec![b' '; 300 * 1024];
    let signed_huge = discord.sign_interaction(&fresh, &huge);
    let (status, _) = post(url, &huge, Some(signed_huge), Some(fresh)).await;
    assert_eq!(status, 413, "an oversized body");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_a_game_racing_clicks_apply_once_and_one_may_stop() {
    two_instances_share_a_game(Harness::start().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgresql_share_a_game_racing_clicks_apply_once_and_one_may_stop() {
    two_instances_share_a_game(Harness::start_on_postgres().await).await;
}

/// Two HTTP instances (beside the gateway one) over the harness's database.
async fn two_instances_share_a_game(mut harness: Harness) {
    let mut urls = harness.start_http_bots(2).await;
    let (alice, bob) = (harness.discord.user("alice"), harness.discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| harness.discord.in_channel(user, thread);

    let moved = harness
        .slash(&at(&alice), &dama("move").option("move", "c3-c4"))
        .await;
    harness.public_post(&moved).await;

    // Bob's move sent twice at once, to each instance: applied once.
    let command = dama("move").option("move", "f6-f5");
    let first = harness.discord.dispatch_slash_command(&at(&bob), &command);
    let second = harness.discord.dispatch_slash_command(&at(&bob), &command);
    let (a, b) = (harness.answer(first).await, harness.answer(second).await);
    harness.settled(game).await;
    assert_eq!(harness.game(game).await.ply, 2, "the move is played once");
    let refused = [&a, &b]
        .iter()
        .filter(|x| x.callback.is_ephemeral())
        .count();
    assert_eq!(refused, 1, "{:?} / {:?}", a.content(), b.content());

    // Each board is posted once: plies 0, 1 and 2, in the thread or as answers.
    let boards = harness
        .discord
        .requests()
        .iter()
        .filter(|r| r.succeeded() && r.file("board.png").is_some())
        .filter(|r| {
            r.content()
                .is_some_and(|c| !c.contains("The game moved on"))
        })
        .count();
    assert_eq!(boards, 3, "one board per ply");

    // One instance stops: the other carries on.
    harness.stop_http_bot(0, &mut urls).await;
    let moved = harness
        .slash(
            &harness.discord.in_channel(&alice, thread),
            &dama("move").option("move", "h3-h4"),
        )
        .await;
    harness.public_post(&moved).await;
    assert_eq!(harness.game(game).await.ply, 3);

    // Both instances answered 202 to what they got; both got some.
    let replies = harness.discord.endpoint_replies();
    assert!(replies.iter().all(|r| r.status == 202), "{replies:?}");
    let used: std::collections::HashSet<&str> = replies.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(used.len(), 2, "{replies:?}");

    // Bob's deadline passes: every instance sweeps, the loss is told once.
    harness.clock.advance(Duration::from_secs(25 * 3600));
    harness
        .discord
        .wait_for_channel_message(ChannelId::new(thread.get()), |r| {
            r.content().is_some_and(|c| c.contains("ran out of time"))
        })
        .await
        .expect("the loss on time");
    harness.settled(game).await;
    // With every instance stopped, no post is in flight: what was posted is all there is.
    harness.stop_http_bot(0, &mut urls).await;
    harness.stop_bot().await;
    let told = harness
        .discord
        .requests()
        .iter()
        .filter(|r| r.succeeded() && r.content().is_some_and(|c| c.contains("ran out of time")))
        .count();
    assert_eq!(told, 1);
}
