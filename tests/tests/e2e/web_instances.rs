//! Several instances over one PostgreSQL database, each serving the web pages: a page open on
//! one follows, without a reload, a game played through another, which it hears of from the
//! database (LISTEN/NOTIFY), not from its own process. In headless Chromium, as `web.rs`.

use dama_tests::FakeUser;
use serde_json::json;
use serenity::all::ChannelId;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;
use crate::web::{Browser, expected_pieces};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_on_one_instance_follows_a_game_played_through_another_on_postgresql() {
    if dama_test_postgres::skip() {
        return;
    }
    let Some(browser) = Browser::start().await else {
        return;
    };
    // The game starts through the gateway instance; then a second instance starts, and
    // interactions go over HTTP to it.
    let mut harness = Harness::start_with_web_on_postgres().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let token = harness
        .service
        .web_token(dama_service::ids::GameId(game))
        .await
        .expect("the game's token");
    let page = harness.web_url(&format!("/game/{token}"));
    let urls = harness.start_http_bots(1).await;

    // Two moves through the second instance, followed on the first's page.
    follow_moves(
        &harness,
        &browser,
        &page,
        thread,
        game,
        [(&alice, "d3-d4"), (&bob, "e6-e5")],
        0,
    )
    .await;
    let replies = harness.discord.endpoint_replies();
    assert_eq!(replies.len(), 2, "both moves went over HTTP: {replies:?}");
    assert!(
        replies.iter().all(|r| r.status == 202 && r.url == urls[0]),
        "{replies:?}"
    );

    // The other way round: interactions back on the gateway, the page on the second instance.
    harness.discord.deliver_interactions_to(&[]);
    let page = harness.http_bot_web_url(0, &format!("/game/{token}"));
    follow_moves(
        &harness,
        &browser,
        &page,
        thread,
        game,
        [(&alice, "d4-d5"), (&bob, "d6xd4")],
        2,
    )
    .await;
    assert_eq!(
        harness.discord.endpoint_replies().len(),
        2,
        "the last moves went over the gateway"
    );
    browser.close().await;
}

/// Opens `page` (the game at ply `before`), plays `moves` in `thread` and checks that the page
/// shows each, without a reload.
async fn follow_moves(
    harness: &Harness,
    browser: &Browser,
    page: &str,
    thread: ChannelId,
    game: i64,
    moves: [(&FakeUser, &str); 2],
    before: usize,
) {
    browser.open(page).await;
    browser
        .wait_until(
            "the script draws the board",
            &format!("return !!document.querySelector('#board svg[data-ply=\"{before}\"]');"),
        )
        .await;
    browser.run("window.sameLoad = 'yes'; return true;").await;
    for (n, (who, text)) in moves.into_iter().enumerate() {
        let origin = harness.discord.in_channel(who, thread);
        let answer = harness
            .slash(&origin, &dama("move").option("move", text))
            .await;
        harness.public_post(&answer).await;
        let ply = before + n + 1;
        browser
            .wait_until(
                &format!("the page shows {text}"),
                &format!("return !!document.querySelector('#board svg[data-ply=\"{ply}\"]');"),
            )
            .await;
        let position = harness.game(game).await.position;
        assert_eq!(
            browser.pieces().await,
            expected_pieces(&position),
            "after {text}"
        );
    }
    assert_eq!(
        browser.run("return window.sameLoad;").await,
        json!("yes"),
        "no reload"
    );
}
