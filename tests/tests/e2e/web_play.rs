//! Playing on a game's page in a real browser (headless Chromium, see `web`): a player signs in
//! with Discord (the stand-in's OAuth2 pages) and plays by clicking; the move is in the Discord
//! thread once, as if typed; the opponent's move made in Discord appears without a reload; a
//! forged request and a stranger's are refused with a clear message, the game as it was.

use fantoccini::Locator;
use serde_json::{Value, json};

use dama_tests::eventually;
use dama_tests::interactions::FakeUser;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;
use crate::web::{Browser, expected_pieces, page_path, screenshots};

/// Signs `user` in on the open page (the Discord stand-in answers as them) and waits until the
/// script `until` says the page shows it.
pub(crate) async fn sign_in(
    browser: &Browser,
    harness: &Harness,
    user: &FakeUser,
    what: &str,
    until: &str,
) {
    harness.discord.sign_in_as(Some(user));
    click(browser, "#sign-in").await;
    browser.wait_until(what, until).await;
}

/// Clicks the element `css` as a person would (WebDriver moves the pointer and clicks).
pub(crate) async fn click(browser: &Browser, css: &str) {
    // What a click brings (a target lit, a button shown) is drawn on the page's next frame:
    // wait for the element rather than race it.
    browser
        .wait_until(
            &format!("{css} on the page"),
            &format!("return !!document.querySelector({});", json!(css)),
        )
        .await;
    // The board may be redrawn between finding the element and clicking it: an element gone
    // stale is found again (the page's new one); any other error fails the test.
    eventually(&format!("{css} clicked"), async || {
        let found = browser
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        match found.click().await {
            Ok(_) => Ok(()),
            Err(e) if e.is_stale_element_reference() => Err(e.to_string()),
            Err(e) => panic!("clicking {css}: {e}"),
        }
    })
    .await;
}

/// Sends an action to the page's `act` endpoint from the page itself, with `csrf` as the
/// anti-forgery header when given; returns `[status, body]`.
async fn post_action(browser: &Browser, body: &Value, csrf: Option<&str>) -> (u64, Value) {
    let headers = match csrf {
        Some(token) => json!({"Content-Type": "application/json", "X-Dama-Csrf": token}),
        None => json!({"Content-Type": "application/json"}),
    };
    let script = format!(
        "const done = arguments[arguments.length - 1];
         fetch(location.pathname + '/act', {{method: 'POST', headers: {headers}, body: JSON.stringify({body})}})
           .then(async r => done([r.status, await r.json()]))
           .catch(e => done([0, String(e)]));"
    );
    let answer = browser
        .client
        .execute_async(&script, Vec::new())
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"));
    (answer[0].as_u64().unwrap_or(0), answer[1].clone())
}

/// The page's anti-forgery token.
async fn csrf(browser: &Browser) -> String {
    browser
        .run("return document.querySelector('meta[name=\"dama-csrf\"]').content;")
        .await
        .as_str()
        .expect("a signed-in page has its token")
        .to_owned()
}

/// Waits until the page's board shows ply `ply`.
pub(crate) async fn shows_ply(browser: &Browser, ply: usize) {
    browser
        .wait_until(
            &format!("the board at ply {ply}"),
            &format!("return !!document.querySelector('#board svg[data-ply=\"{ply}\"]');"),
        )
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_signs_in_and_plays_by_clicking_and_strangers_and_forgeries_are_refused() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let path = page_path(&harness, thread).await;

    // Not signed in: the page offers signing in, and no controls.
    browser.open(&harness.web_url(&path)).await;
    shows_ply(&browser, 0).await;
    let signed_out = browser
        .run(
            "return [!!document.getElementById('sign-in'), !!document.getElementById('controls')];",
        )
        .await;
    assert_eq!(signed_out, json!([true, false]));
    let (status, answer) = post_action(&browser, &json!({"act": "resign", "ply": 0}), None).await;
    assert_eq!(status, 401, "{answer}");
    assert_eq!(answer["error"], "Sign in with Discord to play this game.");

    // Alice, who likes the checkered board, signs in with Discord and comes back to the game.
    harness
        .slash(
            &discord.in_guild(&alice),
            &dama("settings").option("theme", "checkered"),
        )
        .await;
    sign_in(
        &browser,
        &harness,
        &alice,
        "alice is signed in",
        "return !!document.getElementById('signed-in') && !!document.querySelector('#board svg');",
    )
    .await;
    assert_eq!(discord.sign_ins(), 1);
    let signed_in = browser
        .run("return document.getElementById('signed-in').textContent;")
        .await;
    assert_eq!(signed_in, json!("Signed in as alice"));
    assert_eq!(
        browser.run("return location.pathname;").await,
        json!(path),
        "back on the game's page"
    );
    browser
        .wait_until(
            "the page says it is her move",
            "return document.getElementById('prompt').textContent.startsWith('Your move');",
        )
        .await;
    browser.run("window.sameLoad = 'yes'; return true;").await;
    // Her board is drawn in her theme: a1 dark, b1 light.
    let squares = browser
        .run(
            "return ['a1', 'b1'].map(s => document.querySelector(`#board svg rect.square[data-square=\"${s}\"]`).getAttribute('fill'));",
        )
        .await;
    assert_eq!(squares, json!(["#769656", "#dde4be"]));

    // A forged request (no anti-forgery token) changes nothing.
    let (status, answer) = post_action(&browser, &json!({"act": "resign", "ply": 0}), None).await;
    assert_eq!(status, 403, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("did not come from this game's page")),
        "{answer}"
    );
    assert!(!harness.game(game).await.is_over());

    // She plays d3-d4 by clicking the piece, then the square it goes to.
    click(&browser, "#board svg .piece[data-square=\"d3\"]").await;
    browser
        .wait_until(
            "its targets light up",
            "return [...document.querySelectorAll('#board .choice .target')].map(t => t.dataset.square).join() === 'd4';",
        )
        .await;
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "web-play").await;
    }
    click(&browser, "#board .choice .target[data-square=\"d4\"]").await;
    shows_ply(&browser, 1).await;
    let played = harness.game(game).await;
    assert_eq!(played.ply, 1);
    assert_eq!(browser.pieces().await, expected_pieces(&played.position));
    // The Discord thread shows the move, as if typed there.
    let board = harness.board_posted_in(thread, 1).await;
    let text = board.content().unwrap_or_default();
    assert!(text.contains("alice played **d3-d4**."), "{text}");
    assert!(text.contains(&format!("<@{}> to move", bob.id)), "{text}");

    // Bob answers in Discord: her page follows without a reload, and it is her move again.
    harness.moved(&bob, thread, "e6-e5").await;
    shows_ply(&browser, 2).await;
    assert_eq!(browser.run("return window.sameLoad;").await, json!("yes"));

    // Keyboard play: the board takes focus, arrows move the frame, Enter picks.
    browser
        .run("document.getElementById('board').focus(); return true;")
        .await;
    let key = |k: &'static str| {
        format!(
            "document.getElementById('board').dispatchEvent(new KeyboardEvent('keydown', {{key: '{k}', bubbles: true}})); return true;"
        )
    };
    // The frame starts on d1; up three squares to d4, Enter, up once more to d5, Enter.
    for k in ["ArrowUp", "ArrowUp", "ArrowUp", "Enter", "ArrowUp", "Enter"] {
        browser.run(&key(k)).await;
    }
    shows_ply(&browser, 3).await;
    assert_eq!(harness.game(game).await.ply, 3);

    // Offering a draw from the page: Bob sees it in Discord; the page shows the offer.
    // (Bob is to move; Alice may offer on his turn.)
    click(&browser, "#offer-draw").await;
    browser
        .wait_until(
            "the offer is shown",
            "return document.getElementById('offer-draw').hidden;",
        )
        .await;
    assert_eq!(
        harness.game(game).await.draw_offer,
        Some(dama_rules::Color::White)
    );

    // A stranger signs in: the game shows, with no controls, and their action is refused.
    click(&browser, "#sign-out").await;
    browser
        .wait_until("signed out", "return !!document.getElementById('sign-in');")
        .await;
    sign_in(
        &browser,
        &harness,
        &carol,
        "carol watches",
        "return !!document.getElementById('watching') && !document.getElementById('controls');",
    )
    .await;
    let before = harness.game(game).await;
    let token = csrf(&browser).await;
    let (status, answer) = post_action(
        &browser,
        &json!({"act": "resign", "ply": before.ply}),
        Some(&token),
    )
    .await;
    assert_eq!(status, 403, "{answer}");
    assert!(
        answer["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{answer}"
    );
    let after = harness.game(game).await;
    assert_eq!((after.ply, after.is_over()), (before.ply, false));

    // Each move played on the page reached Discord once, as a board.
    harness.settled(game).await;
    for played in ["alice played **d3-d4**.", "alice played **d4-d5**."] {
        let boards = discord
            .requests()
            .iter()
            .filter(|r| r.succeeded() && r.file("board.png").is_some())
            .filter(|r| r.content().is_some_and(|c| c.contains(played)))
            .count();
        assert_eq!(boards, 1, "{played}");
    }
    browser.close().await;
}
