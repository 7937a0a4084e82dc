//! The side at the bottom of the board, in real browsers (headless Chromium, see `web`): the
//! service decides it (a player's own side unless they chose White always, White for a
//! spectator) and the game's page and the Activity draw it so.

use serde_json::json;

use crate::activity::open_activity;
use crate::harness::{Harness, dama};
use crate::refusals::started_game;
use crate::web::{Browser, page_of, screenshots, watch_link};
use crate::web_play::{click, shows_ply, sign_in};
use dama_tests::interactions::SlashCommand;

/// The side the board has at the bottom, as the page's script drew it, and the square in its
/// bottom-left corner.
const BOTTOM: &str = "const svg = document.querySelector('#board svg');
    const squares = [...svg.querySelectorAll('rect.square')].map(r =>
      [Number(r.getAttribute('x')), Number(r.getAttribute('y')), r.dataset.square]);
    const low = Math.max(...squares.map(s => s[1]));
    const corner = squares.filter(s => s[1] === low).sort((a, b) => a[0] - b[0])[0][2];
    return [svg.dataset.bottom, corner];";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_black_player_sees_black_at_the_bottom_on_the_page_and_in_the_activity_until_choosing_white_always()
 {
    let Some((browser, harness)) = Browser::with(Harness::start_with_activity()).await else {
        return;
    };
    let discord = &harness.discord;
    let [alice, bob, carol] = discord.users(["alice", "bob", "carol"]);
    let (thread, _game) = started_game(&harness, &alice, &bob).await;
    let page = page_of(&harness, thread).await;

    // Not signed in: a spectator's board, White at the bottom.
    browser.open(&page).await;
    shows_ply(&browser, 0).await;
    assert_eq!(browser.run(BOTTOM).await, json!(["white", "a1"]));

    // Bob, who plays Black and chose nothing, signs in: Black at the bottom.
    sign_in(
        &browser,
        &harness,
        &bob,
        "bob is signed in",
        "return !!document.getElementById('signed-in') && !!document.querySelector('#board svg');",
    )
    .await;
    assert_eq!(browser.run(BOTTOM).await, json!(["black", "h8"]));
    assert_eq!(
        browser
            .run("return document.getElementById('game').classList.contains('flipped');")
            .await,
        json!(true),
        "the players are listed from his side too"
    );
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "web-game-black").await;
    }

    // In the Activity too.
    let host = discord
        .start_activity_host(&harness.web_url("/activity"))
        .await
        .expect("the Activity's host binds");
    harness
        .slash(
            &discord.in_channel(&bob, thread),
            &SlashCommand::entry_point("launch"),
        )
        .await;
    open_activity(&browser, &harness, &host, &bob, thread).await;
    shows_ply(&browser, 0).await;
    assert_eq!(browser.run(BOTTOM).await, json!(["black", "h8"]));

    // He chooses White always (`flip: false`: not turned to his side): White at the bottom on
    // the page and in the Activity.
    harness
        .slash(
            &discord.in_guild(&bob),
            &dama("settings").option("flip", false),
        )
        .await;
    open_activity(&browser, &harness, &host, &bob, thread).await;
    shows_ply(&browser, 0).await;
    assert_eq!(browser.run(BOTTOM).await, json!(["white", "a1"]));
    browser.open(&page).await;
    browser
        .wait_until(
            "bob's page",
            "return !!document.getElementById('signed-in') && !!document.querySelector('#board svg');",
        )
        .await;
    assert_eq!(browser.run(BOTTOM).await, json!(["white", "a1"]));

    // Carol, watching signed in, sees White at the bottom whatever her settings.
    harness
        .slash(
            &discord.in_guild(&carol),
            &dama("settings").option("flip", true),
        )
        .await;
    open_activity(&browser, &harness, &host, &carol, thread).await;
    browser
        .wait_until(
            "carol watches",
            "return !!document.querySelector('#board svg') && !!document.getElementById('watching');",
        )
        .await;
    assert_eq!(browser.run(BOTTOM).await, json!(["white", "a1"]));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_open_across_the_deadline_offers_only_resigning_after_it() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    let [alice, bob] = discord.users(["alice", "bob"]);
    let (thread, _game) = started_game(&harness, &alice, &bob).await;
    let link = watch_link(&harness, thread).await;
    browser.open(&link).await;
    discord.sign_in_as(Some(&alice));
    click(&browser, "#sign-in").await;
    let shown = "return ['offer-draw', 'ask-takeback', 'resign']
          .filter(id => !document.getElementById(id).hidden).concat(
            document.querySelectorAll('#board .choice .movable').length ? ['move'] : []);";
    browser
        .wait_until(
            "alice may move, offer a draw and resign",
            &format!(
                "const shown = (() => {{ {shown} }})(); return shown.join() === 'offer-draw,resign,move';"
            ),
        )
        .await;
    // The page's clock passes the deadline the server sent: what the server said is left
    // from then on shows, without a word from the server.
    browser
        .run(
            "const deadline = JSON.parse(document.getElementById('initial-state').textContent).deadline;
             Date.now = () => deadline + 1000;
             document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}));
             return true;",
        )
        .await;
    browser
        .wait_until(
            "only resigning is left",
            &format!("const shown = (() => {{ {shown} }})(); return shown.join() === 'resign';"),
        )
        .await;
    browser.close().await;
}
