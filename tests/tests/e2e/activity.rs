//! The board inside Discord, in real browsers (headless Chromium, see `web`): the
//! stand-in plays the Discord client around the Activity's frame (see
//! `dama_tests::activity`), and the Activity signs in through Discord's Embedded App SDK,
//! shows the game, and plays a move by two taps; the opponent's Activity follows, the thread
//! gets the board once, and a spectator's Activity has no controls.

use std::time::Duration;

use fantoccini::Locator;
use serde_json::{Value, json};
use serenity::all::MessageId;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;
use crate::web::{Browser, expected_pieces, screenshots};
use crate::web_play::{click, shows_ply};
use dama_tests::Fault;
use dama_tests::activity::ActivityHost;
use dama_tests::interactions::{FakeUser, SlashCommand};

/// Enters the Activity's frame in the client page.
async fn into_frame(browser: &Browser) {
    browser
        .client
        .find(Locator::Css("#activity-frame"))
        .await
        .expect("the Activity's frame")
        .enter_frame()
        .await
        .expect("into the frame");
}

/// Screenshots of the client page with the Activity in it (see `screenshots`), when
/// `DAMA_WEB_SCREENSHOTS=1`; back in the frame after.
async fn activity_screenshots(browser: &Browser, name: &str) {
    if !std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        return;
    }
    browser
        .client
        .enter_parent_frame()
        .await
        .expect("out of the frame");
    screenshots(browser, name).await;
    into_frame(browser).await;
}

/// Opens `user`'s Activity in `channel` (a phone, in portrait) and enters its frame.
pub(crate) async fn open_activity(
    browser: &Browser,
    harness: &Harness,
    host: &ActivityHost,
    user: &FakeUser,
    channel: serenity::all::ChannelId,
) {
    let url = host.client_url(user.id, Some(harness.discord.guild_id()), channel, "mobile");
    browser.client.goto(&url).await.expect("the client opens");
    into_frame(browser).await;
}

/// The commands the Activity sent the client, in order (read from the client page).
async fn commands_sent(browser: &Browser) -> Vec<String> {
    browser
        .client
        .enter_parent_frame()
        .await
        .expect("out of the frame");
    let sent = browser
        .run(
            "return window.damaRpc.filter(m => m.from === 'activity')
               .map(m => m.message[0] === 0 ? 'HANDSHAKE' : m.message[1].cmd);",
        )
        .await;
    into_frame(browser).await;
    serde_json::from_value(sent).expect("a list of commands")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activitys_page_is_framed_only_by_discord_and_its_calls_need_a_session() {
    let harness = Harness::start_with_activity().await;
    let client = reqwest::Client::new();
    let page = client
        .get(harness.web_url("/activity"))
        .send()
        .await
        .expect("the page answers");
    assert_eq!(page.status(), 200);
    let policy = page
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(policy.contains("default-src 'none'"), "{policy}");
    assert!(
        policy.contains("frame-ancestors 'self' https://discord.com"),
        "{policy}"
    );
    // This application's own Activity origin, never every application's.
    let own = format!(
        "https://{}.discordsays.com",
        harness.discord.application_id()
    );
    assert!(policy.contains(&own), "{policy}");
    assert!(!policy.contains("*.discordsays.com"), "{policy}");
    assert!(!policy.contains("unsafe"), "{policy}");
    assert_eq!(
        page.headers()
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("private, no-store")
    );
    let html = page.text().await.expect("the page");
    // Its files come through Discord's proxy.
    assert!(html.contains("src=\"/.proxy/assets/"), "{html}");
    assert!(!html.contains("src=\"/assets/"), "{html}");
    // The game list needs the Activity's session; a forged one is refused.
    for auth in [None, Some("Bearer v1|1|9999999999|x|mallory")] {
        let mut request = client.get(harness.web_url("/activity/games?guild_id=1"));
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        let answer = request.send().await.expect("an answer");
        assert_eq!(answer.status(), 401, "{auth:?}");
    }
    // A code Discord never gave is refused.
    let traded = client
        .post(harness.web_url("/activity/token"))
        .header("content-type", "application/json")
        .body(r#"{"code": "made-up"}"#)
        .send()
        .await
        .expect("an answer");
    assert_eq!(traded.status(), 401);
    let garbage = client
        .post(harness.web_url("/activity/token"))
        .body("not json")
        .send()
        .await
        .expect("an answer");
    assert_eq!(garbage.status(), 400);
}

/// Bob's Discord speaks Turkish, his browser English: the Activity lists and shows his game in
/// Turkish, and its live updates stay Turkish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_speaks_the_language_of_the_members_discord() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_activity()).await else {
        return;
    };
    let discord = &harness.discord;
    let [alice, bob] = discord.users(["alice", "bob"]);
    let (thread, _) = started_game(&harness, &alice, &bob).await;
    // A command from Bob's Turkish client: the bot learns his locale.
    harness
        .slash(&discord.in_guild(&bob).locale("tr"), &dama("stats"))
        .await;
    let host = discord
        .start_activity_host(&harness.web_url("/activity"))
        .await
        .expect("the Activity's host binds");
    open_activity(&browser, &harness, &host, &bob, discord.channel_id()).await;
    browser
        .wait_until(
            "bob's list, in Turkish",
            "return !document.getElementById('chooser').hidden
               && document.querySelector('#chooser h1').textContent === 'Oyunların'
               && document.documentElement.lang === 'tr';",
        )
        .await;
    activity_screenshots(&browser, "activity-chooser-tr").await;
    click(&browser, "#my-games .game-choice").await;
    let turkish = "return document.getElementById('status')?.textContent.startsWith('Hamle sırası: alice (Beyaz)');";
    browser.wait_until("the game, in Turkish", turkish).await;
    // Alice moves in the thread; the update that comes live is Turkish too.
    harness
        .slash(
            &discord.in_channel(&alice, thread),
            &dama("move").option("move", "d3-d4"),
        )
        .await;
    shows_ply(&browser, 1).await;
    browser
        .wait_until(
            "the live update, in Turkish",
            "return document.getElementById('status').textContent.startsWith('Hamle sırası: bob (Siyah)');",
        )
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opened_outside_discord_the_page_says_where_to_open_it() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_activity()).await else {
        return;
    };
    browser
        .client
        .goto(&harness.web_url("/activity"))
        .await
        .expect("the page opens");
    browser
        .wait_until(
            "the page says where it opens",
            "const s = document.getElementById('activity-status');
             return s.classList.contains('failed')
               && s.textContent.startsWith('This is the board inside Discord: open it in Discord');",
        )
        .await;
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "activity-outside").await;
    }
    assert_eq!(harness.discord.token_requests(), 0);
}

/// The Activity's page of member `n` trading a made-up code for a session: each member from
/// an address of their own, as Discord's proxy (on the loopback, so trusted) forwards it.
fn trade_made_up_code(
    harness: &Harness,
    n: u8,
) -> impl Future<Output = reqwest::Result<reqwest::Response>> + use<> {
    reqwest::Client::new()
        .post(harness.web_url("/activity/token"))
        .header("x-forwarded-for", format!("198.51.100.{n}"))
        .header("content-type", "application/json")
        .body(r#"{"code": "made-up"}"#)
        .send()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_beyond_eight_at_once_are_told_to_come_back_without_asking_discord() {
    let harness = Harness::start_with_activity().await;
    let discord = &harness.discord;
    let trade = |n| trade_made_up_code(&harness, n);
    // Discord's token endpoint hangs: eight exchanges wait on it.
    discord.inject(
        Fault::new(8, 503)
            .on_path("/oauth2/token")
            .stalled(Duration::from_secs(3)),
    );
    let waiting: Vec<_> = (0..8).map(|n| tokio::spawn(trade(n))).collect();
    discord
        .wait_until_faults_used()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let asked = discord.token_requests();
    assert_eq!(asked, 8);
    let ninth = trade(8).await.expect("an answer");
    assert_eq!(ninth.status(), 503);
    let words: Value = serde_json::from_str(&ninth.text().await.expect("a body")).expect("JSON");
    assert!(
        words["error"]
            .as_str()
            .is_some_and(|w| w.starts_with("Too many members are signing in")),
        "{words}"
    );
    assert_eq!(
        discord.token_requests(),
        asked,
        "the ninth did not reach Discord"
    );
    for answer in waiting {
        let answer = answer.await.expect("joined").expect("an answer");
        assert_eq!(answer.status(), 401);
    }
    // Once they are done, the next one is traded (and refused as the made-up code it is).
    assert_eq!(trade(9).await.expect("an answer").status(), 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_pause_while_discord_rate_limits_them() {
    let harness = Harness::start_with_activity().await;
    let discord = &harness.discord;
    let trade = |n| trade_made_up_code(&harness, n);
    // Discord answers the first exchange 429, for a minute.
    discord.inject(
        Fault::new(1, 429)
            .on_path("/oauth2/token")
            .retry_after(Duration::from_secs(60)),
    );
    let limited = trade(0).await.expect("an answer");
    assert_eq!(limited.status(), 503);
    assert_eq!(discord.token_requests(), 1);
    // Meanwhile every sign-in is told to come back, and Discord is not asked again.
    for n in 1..=20 {
        let answer = trade(n).await.expect("an answer");
        assert_eq!(answer.status(), 503);
        let words: Value =
            serde_json::from_str(&answer.text().await.expect("a body")).expect("JSON");
        assert!(
            words["error"]
                .as_str()
                .is_some_and(|w| w.starts_with("Too many members are signing in")),
            "{words}"
        );
    }
    assert_eq!(discord.token_requests(), 1, "no request during the pause");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_activity_there_is_no_page_and_no_button() {
    let harness = Harness::start_with_web_sign_in().await;
    let discord = &harness.discord;
    let page = reqwest::get(harness.web_url("/activity"))
        .await
        .expect("an answer");
    assert_eq!(page.status(), 404);
    assert!(
        discord
            .registered_commands(None)
            .iter()
            .all(|c| c["type"] != 4)
    );
    let (thread, _) = started_game(&harness, &discord.user("alice"), &discord.user("bob")).await;
    let board = harness.board_posted_in(thread, 0).await;
    assert!(
        board
            .custom_ids()
            .iter()
            .all(|id| !id.starts_with("dama:open:"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_opens_inside_discord_and_a_move_is_two_taps() {
    let Some(alices) = Browser::start().await else {
        return;
    };
    let Some(bobs) = Browser::start().await else {
        return;
    };
    let harness = Harness::start_with_activity().await;
    let discord = &harness.discord;
    let [alice, bob, carol] = discord.users(["alice", "bob", "carol"]);

    // The entry point is registered, the app handling its launches.
    let global = discord.registered_commands(None);
    let entry = global
        .iter()
        .find(|c| c["type"] == 4)
        .unwrap_or_else(|| panic!("an entry point among {global:?}"));
    assert_eq!(entry["handler"], 1, "{entry}");
    assert_eq!(entry["name"], "launch");

    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let first = harness.board_posted_in(thread, 0).await;
    let open = first
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("dama:open:"))
        .map(str::to_owned)
        .expect("an Open board button under the board");
    let message = MessageId::new(first.response_id().expect("the board's id"));

    // Alice presses "Open board": Discord is told to launch the Activity.
    let pressed = harness
        .click(&discord.in_channel(&alice, thread), message, &open)
        .await;
    assert_eq!(pressed.callback.callback_type(), Some(12));
    let host = discord
        .start_activity_host(&harness.web_url("/activity"))
        .await
        .expect("the Activity's host binds");
    open_activity(&alices, &harness, &host, &alice, thread).await;
    alices
        .wait_until(
            "alice's Activity shows her game with its controls",
            "return !!document.querySelector('#board svg') && !!document.getElementById('controls');",
        )
        .await;
    assert_eq!(discord.sign_ins(), 1);
    alices
        .wait_until(
            "alice's Activity follows the game live",
            "const live = document.getElementById('live');
             return !live.hidden && !live.classList.contains('offline') && live.textContent === 'Live';",
        )
        .await;
    let signed_in = alices
        .run("return document.getElementById('signed-in').textContent;")
        .await;
    assert_eq!(signed_in, json!("Signed in as alice"));
    // Every request went through Discord's proxy, and the SDK spoke as its source says.
    let requests = alices
        .run(
            "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)
               .filter(p => !p.startsWith('/.proxy/'));",
        )
        .await;
    assert_eq!(requests, json!([]), "requests outside the proxy");
    let sent = commands_sent(&alices).await;
    let first_three: Vec<&str> = sent.iter().take(3).map(String::as_str).collect();
    assert_eq!(first_three, ["HANDSHAKE", "AUTHORIZE", "AUTHENTICATE"]);

    // Bob launches the Activity from the entry point in the game's thread: it opens there.
    let launched = harness
        .slash(
            &discord.in_channel(&bob, thread),
            &SlashCommand::entry_point("launch"),
        )
        .await;
    assert_eq!(launched.callback.callback_type(), Some(12));
    open_activity(&bobs, &harness, &host, &bob, thread).await;
    shows_ply(&bobs, 0).await;
    bobs.wait_until(
        "bob's Activity has his controls",
        "return !!document.getElementById('controls');",
    )
    .await;

    // Alice plays d3-d4 by two taps.
    click(&alices, "#board svg .piece[data-square=\"d3\"]").await;
    alices
        .wait_until(
            "its targets light up",
            "return [...document.querySelectorAll('#board .choice .target')].map(t => t.dataset.square).join() === 'd4';",
        )
        .await;
    activity_screenshots(&alices, "activity-play").await;
    click(&alices, "#board .choice .target[data-square=\"d4\"]").await;
    shows_ply(&alices, 1).await;
    let played = harness.game(game).await;
    assert_eq!(played.ply, 1);
    assert_eq!(alices.pieces().await, expected_pieces(&played.position));
    // Bob's Activity follows without a reload.
    shows_ply(&bobs, 1).await;
    assert_eq!(bobs.pieces().await, expected_pieces(&played.position));
    // The thread gets the board once, as if the move was typed.
    let board = harness.board_posted_in(thread, 1).await;
    let text = board.content().unwrap_or_default();
    assert!(text.contains("alice played **d3-d4**."), "{text}");
    harness.settled(game).await;
    let boards = discord
        .requests()
        .iter()
        .filter(|r| r.succeeded() && r.file("board.png").is_some())
        .filter(|r| {
            r.content()
                .is_some_and(|c| c.contains("alice played **d3-d4**."))
        })
        .count();
    assert_eq!(boards, 1);

    // Bob opens the Activity from the entry point in #general: it lists his games, the one
    // waiting for his move marked; a tap opens it.
    let general = discord.channel_id();
    harness
        .slash(
            &discord.in_channel(&bob, general),
            &SlashCommand::entry_point("launch"),
        )
        .await;
    open_activity(&bobs, &harness, &host, &bob, general).await;
    bobs.wait_until(
        "bob's games are listed",
        "return !document.getElementById('chooser').hidden;",
    )
    .await;
    let listed = bobs
        .run(
            "return [...document.querySelectorAll('#my-games .game-choice')].map(b =>
               [b.querySelector('.choice-title').textContent, b.classList.contains('your-turn')]);",
        )
        .await;
    assert_eq!(
        listed,
        json!([[format!("Game #{game}: alice vs bob"), true]]),
        "{listed}"
    );
    activity_screenshots(&bobs, "activity-chooser").await;
    click(&bobs, "#my-games .game-choice").await;
    shows_ply(&bobs, 1).await;
    bobs.wait_until(
        "it is his move",
        "return document.getElementById('prompt').textContent.startsWith('Your move');",
    )
    .await;

    // Alice opens the board from `/dama board` in #general: her press names the game, so the
    // Activity opens on it there rather than on the list.
    let shown = harness
        .slash(
            &discord.in_channel(&alice, general),
            &dama("board").option("game", game),
        )
        .await;
    let open = shown
        .callback
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("dama:open:"))
        .map(str::to_owned)
        .expect("an Open board button under the private board");
    let pressed = harness
        .click(
            &discord.in_channel(&alice, general),
            harness.original(&shown),
            &open,
        )
        .await;
    assert_eq!(pressed.callback.callback_type(), Some(12));
    open_activity(&alices, &harness, &host, &alice, general).await;
    shows_ply(&alices, 1).await;
    assert_eq!(
        alices
            .run("return document.getElementById('chooser').hidden;")
            .await,
        json!(true)
    );

    // Carol, a member of the server with no game, opens it in #general: the server's live
    // games are hers to watch.
    open_activity(&alices, &harness, &host, &carol, general).await;
    alices
        .wait_until(
            "carol's list",
            "return !document.getElementById('chooser').hidden;",
        )
        .await;
    let offered = alices
        .run(
            "return [document.getElementById('no-games').hidden,
                     [...document.querySelectorAll('#live-games .choice-title')].map(t => t.textContent)];",
        )
        .await;
    assert_eq!(
        offered,
        json!([false, [format!("Game #{game}: alice vs bob")]])
    );
    click(&alices, "#live-games .game-choice").await;
    alices
        .wait_until(
            "carol watches from the list",
            "return !!document.querySelector('#board svg') && !document.getElementById('controls');",
        )
        .await;

    // Dave, who is not in the server, is offered none of its games, in #general or in the
    // game's thread (its id in the frame's address opens nothing for him).
    let dave = discord.user("dave");
    discord.leave_guild(discord.guild_id(), dave.id);
    for channel in [general, thread] {
        open_activity(&alices, &harness, &host, &dave, channel).await;
        alices
            .wait_until(
                "dave's empty list",
                "return !document.getElementById('chooser').hidden;",
            )
            .await;
        assert_eq!(
            alices
                .run("return [document.querySelectorAll('.game-choice').length, !!document.querySelector('#board svg')];")
                .await,
            json!([0, false]),
            "in {channel}"
        );
    }

    // Carol watches from the thread: the game, without controls; an action from her frame
    // is refused and changes nothing.
    open_activity(&alices, &harness, &host, &carol, thread).await;
    alices
        .wait_until(
            "carol watches",
            "return !!document.querySelector('#board svg') && !!document.getElementById('watching') && !document.getElementById('controls');",
        )
        .await;
    // An action from the frame without the Activity's session is refused.
    let answer: Value = alices
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const act = document.querySelector('.downloads a').getAttribute('href').replace(/pdn$/, 'act');
             fetch(act, {method: 'POST', headers: {'Content-Type': 'application/json', 'Authorization': 'Bearer forged'},
                         body: JSON.stringify({act: 'resign', ply: 1})})
               .then(r => done(r.status))
               .catch(e => done(String(e)));",
            Vec::new(),
        )
        .await
        .expect("a script runs");
    assert_eq!(answer, json!(401));
    let after = harness.game(game).await;
    assert_eq!((after.ply, after.is_over()), (1, false));
}
