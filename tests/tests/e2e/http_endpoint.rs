//! Interactions over HTTP: the bot's endpoint checks Discord's signature (401 without one, with
//! a bad one, or with a stale timestamp), refuses oversized bodies (413), cuts off clients that
//! send their headers or body too slowly, refuses requests beyond those it handles at once
//! (503), answers PING with PONG, serves its health and metrics, and hands everything else to
//! the same handlers as the gateway. Two instances over one database share the interactions:
//! a game is played through both, racing clicks are applied once, each board is posted once, a
//! deadline fires once, and when one instance stops the other carries on; on SQLite and on
//! PostgreSQL.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serenity::all::ChannelId;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use dama_tests::eventually;

use crate::harness::{Harness, WAIT, dama};
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

/// The bot's address in `url` (`http://127.0.0.1:PORT/interactions`).
fn address(url: &str) -> &str {
    url.trim_start_matches("http://")
        .split('/')
        .next()
        .expect("an address")
}

/// Connects to `addr` and sends `start` of a request, then nothing more; the connection.
async fn stalled(addr: &str, start: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.expect("the bot listens");
    stream
        .write_all(start.as_bytes())
        .await
        .expect("the bot reads");
    stream
}

/// Reads what the bot sends on `stream` until it closes the connection (within [`WAIT`]).
async fn until_closed(mut stream: TcpStream, what: &str) -> String {
    let mut received = Vec::new();
    match tokio::time::timeout(WAIT, stream.read_to_end(&mut received)).await {
        // A reset is as good as a close.
        Ok(_) => String::from_utf8_lossy(&received).into_owned(),
        Err(_) => panic!("{what}: the connection is still open after {WAIT:?}"),
    }
}

/// Whether the bot has answered on `stream` (or closed it) yet, without waiting.
fn answered(stream: &TcpStream) -> bool {
    let mut byte = [0_u8; 1];
    !matches!(stream.try_read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
}

/// The head of a POST of a JSON body of `length` bytes to the endpoint.
fn post_head(length: usize) -> String {
    format!(
        "POST {} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\n\r\n",
        dama_discord::endpoint::PATH
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off_before_their_request_is_handled() {
    let mut harness = Harness::start().await;
    let urls = harness.start_http_bots(1).await;
    let addr = address(&urls[0]);
    // Half the headers, then silence (a slowloris); nothing at all; the headers and a tenth of
    // the body.
    let half_headers = stalled(addr, "POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-").await;
    let silent = stalled(addr, "").await;
    let half_body = stalled(addr, &format!("{}{{\"type\":", post_head(100))).await;
    let (headers, nothing, body) = tokio::join!(
        until_closed(half_headers, "half the headers"),
        until_closed(silent, "a silent connection"),
        until_closed(half_body, "half the body"),
    );
    assert!(
        !headers.contains("202") && !nothing.contains("202"),
        "{headers:?} {nothing:?}"
    );
    assert!(
        body.starts_with("HTTP/1.1 408"),
        "a slow body is answered 408: {body:?}"
    );
    // The endpoint still answers everyone else.
    let ping = br#"{"type":1,"id":"1","application_id":"1","token":"t","version":1}"#;
    let fresh = now_secs().to_string();
    let signed = harness.discord.sign_interaction(&fresh, ping);
    let (status, _) = post(&urls[0], ping, Some(signed), Some(fresh)).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_beyond_those_handled_at_once_are_refused_and_health_is_served_beside() {
    let mut harness = Harness::start().await;
    let urls = harness.start_http_bots(1).await;
    let url = &urls[0];
    let addr = address(url);
    let ping = br#"{"type":1,"id":"1","application_id":"1","token":"t","version":1}"#;
    let signed_ping = || {
        let fresh = now_secs().to_string();
        let signed = harness.discord.sign_interaction(&fresh, ping);
        post(url, ping, Some(signed), Some(fresh))
    };
    // As many requests as the endpoint handles at once, each waiting for the rest of its body;
    // once they are all in, one more is refused at once. Each waits at most `BODY_WAIT` for its
    // body, and one that gives up is answered (its place is free again): a try in which one of
    // them was answered before a request was refused proves nothing, and they are all opened
    // again. What counts is the order of events (refused while all of them still wait), never
    // how soon a loaded machine gets there.
    let what = "a request beyond those handled at once is refused";
    let waiting = eventually(what, async || {
        let mut waiting = Vec::new();
        for _ in 0..dama_discord::endpoint::MAX_IN_FLIGHT {
            waiting.push(stalled(addr, &format!("{}{{", post_head(1_000))).await);
        }
        loop {
            let (status, body) = signed_ping().await;
            if status == 503 {
                assert_eq!(body, "too many requests at once");
                return Ok(waiting);
            }
            assert_eq!(status, 200, "{body}");
            let answered = waiting.iter().filter(|s| answered(s)).count();
            if answered > 0 {
                return Err(format!("{answered} of those waiting were answered first"));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    // Health is not a request for interactions: answered all the same.
    let base = format!("http://{addr}");
    let health = reqwest::get(format!("{base}/healthz"))
        .await
        .expect("answered");
    assert_eq!(health.status().as_u16(), 200);
    // The metrics and the readiness check read the database: never on the public listener.
    for private in ["/metrics", "/readyz"] {
        let answer = reqwest::get(format!("{base}{private}"))
            .await
            .expect("answered");
        assert_eq!(answer.status().as_u16(), 404, "{private}");
    }
    // Those waiting give up: their places are free again.
    drop(waiting);
    eventually("their places are free again", async || {
        match signed_ping().await {
            (200, _) => Ok(()),
            refused => Err(refused),
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_a_game_racing_clicks_apply_once_and_one_may_stop() {
    two_instances_share_a_game(Harness::start().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgresql_share_a_game_racing_clicks_apply_once_and_one_may_stop() {
    if dama_test_postgres::skip() {
        return;
    }
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
