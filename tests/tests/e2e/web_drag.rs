//! Moving by dragging, in a real browser (headless Chromium, see `web`): W3C WebDriver actions
//! with a mouse on a desktop's viewport and a finger on a phone's give the page real pointer
//! events. A piece dragged onto its target plays the move; dropped anywhere else it goes back
//! and nothing is sent. The Activity goes from one game to another and back without reloading.

use std::time::Duration;

use fantoccini::actions::{
    InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction, TouchActions,
};
use serde_json::json;

use crate::activity::open_activity;
use dama_tests::eventually;

use crate::harness::Harness;
use crate::refusals::started_game;
use crate::web::{Browser, page_of, screenshots};
use crate::web_play::{click, shows_ply, sign_in};

/// The centre of `square` on the page's board, in viewport pixels.
async fn square_centre(browser: &Browser, square: &str) -> (f64, f64) {
    let at = browser
        .run(&format!(
            "const r = document.querySelector('#board svg rect.square[data-square=\"{square}\"]').getBoundingClientRect();
             return [r.left + r.width / 2, r.top + r.height / 2];"
        ))
        .await;
    (
        at[0].as_f64().expect("a left edge"),
        at[1].as_f64().expect("a top edge"),
    )
}

/// The pointer actions of a drag from `from` to `to`: press, a slow move, let go.
async fn drag_actions(browser: &Browser, from: &str, to: &str) -> Vec<PointerAction> {
    let (x0, y0) = square_centre(browser, from).await;
    let (x1, y1) = square_centre(browser, to).await;
    vec![
        PointerAction::MoveTo {
            duration: None,
            x: x0,
            y: y0,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::MoveTo {
            duration: Some(Duration::from_millis(250)),
            x: x1,
            y: y1,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
    ]
}

/// Performs `steps` with the pointer `source` (a mouse or a finger); `what` says which, should
/// the browser refuse.
async fn perform<S>(
    browser: &Browser,
    source: S,
    steps: impl IntoIterator<Item = PointerAction>,
    what: &str,
) where
    S: InputSource<Action = PointerAction>,
{
    let actions = steps.into_iter().fold(source, InputSource::then);
    browser.client.perform_actions(actions).await.expect(what);
}

/// Drags the piece on `from` to `to` with the pointer `source`, named `what`.
async fn drag<S>(browser: &Browser, source: S, from: &str, to: &str, what: &str)
where
    S: InputSource<Action = PointerAction>,
{
    let steps = drag_actions(browser, from, to).await;
    perform(browser, source, steps, what).await;
}

/// The mouse, as an input source.
fn mouse() -> MouseActions {
    MouseActions::new("mouse".to_owned())
}

/// Drags the piece on `from` to `to` with the mouse.
pub(crate) async fn mouse_drag(browser: &Browser, from: &str, to: &str) {
    drag(browser, mouse(), from, to, "the mouse drags").await;
}

/// Drags the piece on `from` to `to` with a finger.
async fn touch_drag(browser: &Browser, from: &str, to: &str) {
    let finger = TouchActions::new("finger".to_owned());
    drag(browser, finger, from, to, "the finger drags").await;
}

/// Drags the piece on `from` with the mouse and holds it most of the way to `to`, while the
/// gallery's screenshots of a drag in progress are taken (docs/gallery/web-drag-*.png); then
/// drops it on `to`.
async fn mouse_drag_pictured(browser: &Browser, from: &str, to: &str) {
    let (x0, y0) = square_centre(browser, from).await;
    let (x1, y1) = square_centre(browser, to).await;
    let held = [
        PointerAction::MoveTo {
            duration: None,
            x: x0,
            y: y0,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::MoveTo {
            duration: Some(Duration::from_millis(250)),
            x: x0 + (x1 - x0) * 0.6 + 12.0,
            y: y0 + (y1 - y0) * 0.6,
        },
    ];
    perform(browser, mouse(), held, "the mouse drags").await;
    browser
        .wait_until(
            "the piece follows the pointer",
            "return document.getElementById('board').classList.contains('dragging');",
        )
        .await;
    screenshots(browser, "web-drag").await;
    // Resizing the window may have ended the drag (the piece went back): the button is let go
    // where it is, and the move made by a drag at the window's size now if it was not played.
    browser
        .client
        .release_actions()
        .await
        .expect("the mouse lets go");
    browser
        .wait_until(
            "the drag has ended: the move shown played, or the piece back",
            &format!(
                "return !document.getElementById('board').classList.contains('dragging')
                     && (document.querySelector('#board svg')?.dataset.ply !== '0'
                         || !!document.querySelector('#board svg .piece[data-square=\"{from}\"]:not(.dragged)'));"
            ),
        )
        .await;
    let played = browser
        .run("return document.querySelector('#board svg')?.dataset.ply !== '0';")
        .await;
    if played != json!(true) {
        mouse_drag(browser, from, to).await;
    }
}

/// How many actions the page has sent.
async fn actions_sent(browser: &Browser) -> u64 {
    browser
        .run("return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname.endsWith('/act')).length;")
        .await
        .as_u64()
        .expect("a count")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_moves_by_dragging_with_a_mouse_and_a_finger_and_a_wrong_drop_goes_back() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let page = page_of(&harness, thread).await;
    browser.open(&page).await;
    sign_in(
        &browser,
        &harness,
        &alice,
        "the page says it is her move",
        "return !!document.getElementById('prompt') && document.getElementById('prompt').textContent.startsWith('Your move');",
    )
    .await;
    browser.run("window.sameLoad = 'yes'; return true;").await;
    let touch_action = browser
        .run("return getComputedStyle(document.getElementById('board')).touchAction;")
        .await;
    assert_eq!(
        touch_action,
        json!("none"),
        "touches on her board drag, not scroll"
    );

    // The move sound is off until she turns it on, and her browser remembers it.
    assert_eq!(
        browser
            .run("const b = document.getElementById('sound'); return [b.checked, b.parentElement.textContent.trim(), localStorage.getItem('dama-move-sound')];")
            .await,
        json!([false, "Move sound", null])
    );
    click(&browser, "#sound").await;
    assert_eq!(
        browser
            .run("return localStorage.getItem('dama-move-sound');")
            .await,
        json!("on")
    );
    click(&browser, "#sound").await;

    // On a desktop, with the mouse: d3 dragged onto d4.
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        mouse_drag_pictured(&browser, "d3", "d4").await;
    } else {
        mouse_drag(&browser, "d3", "d4").await;
    }
    shows_ply(&browser, 1).await;
    assert_eq!(harness.game(game).await.ply, 1);
    harness.moved(&bob, thread, "e6-e5").await;
    shows_ply(&browser, 2).await;

    // On a phone, with a finger: c3 dropped on c5, where it may not go, goes back; nothing sent.
    browser
        .client
        .set_window_size(390, 844)
        .await
        .expect("the window resizes");
    browser
        .wait_until(
            "the page is at the phone's size",
            "return window.innerWidth <= 390 && window.innerHeight <= 844;",
        )
        .await;
    let sent = actions_sent(&browser).await;
    touch_drag(&browser, "c3", "c5").await;
    browser
        .wait_until(
            "the piece is back on c3",
            "return !document.getElementById('board').classList.contains('dragging')
                 && !!document.querySelector('#board svg .piece.white[data-square=\"c3\"]:not(.dragged)')
                 && !document.querySelector('#board svg .piece[data-square=\"c5\"]');",
        )
        .await;
    assert_eq!(
        actions_sent(&browser).await,
        sent,
        "a wrong drop sends nothing"
    );
    assert_eq!(harness.game(game).await.ply, 2);
    shows_ply(&browser, 2).await;

    // The same finger drags c3 onto c4: played, by the one request made since the wrong drop
    // (one the wrong drop had sent would count as a second).
    touch_drag(&browser, "c3", "c4").await;
    shows_ply(&browser, 3).await;
    assert_eq!(harness.game(game).await.ply, 3);
    let since = eventually(
        "the move's request to be recorded",
        async || match actions_sent(&browser).await {
            count if count > sent => Ok(count - sent),
            count => Err(count),
        },
    )
    .await;
    assert_eq!(
        since, 1,
        "the wrong drop sent nothing, the right one one request"
    );
    assert_eq!(browser.run("return window.sameLoad;").await, json!("yes"));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_goes_from_one_game_to_another_and_back_without_reloading() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_activity()).await else {
        return;
    };
    let discord = &harness.discord;
    let [alice, bob, carol] = discord.users(["alice", "bob", "carol"]);
    let (_, first) = started_game(&harness, &alice, &bob).await;
    let (_, second) = started_game(&harness, &carol, &bob).await;
    let host = discord
        .start_activity_host(&harness.web_url("/activity"))
        .await
        .expect("the Activity's host binds");
    let general = discord.channel_id();
    harness
        .slash(
            &discord.in_channel(&bob, general),
            &dama_tests::interactions::SlashCommand::entry_point("launch"),
        )
        .await;
    open_activity(&browser, &harness, &host, &bob, general).await;
    browser
        .wait_until(
            "bob's two games are listed",
            "return !document.getElementById('chooser').hidden && document.querySelectorAll('#my-games .game-choice').length === 2;",
        )
        .await;
    browser.run("window.sameLoad = 'yes'; return true;").await;

    let opens = |game: i64| {
        format!(
            "return !!document.querySelector('#board svg') && document.getElementById('title').textContent.startsWith('Game #{game}:');"
        )
    };
    let choose = |game: i64| {
        format!(
            "const b = [...document.querySelectorAll('#my-games .game-choice')]
               .find(b => b.querySelector('.choice-title').textContent.startsWith('Game #{game}:'));
             if (!b) return false;
             b.click();
             return true;"
        )
    };
    for game in [first, second, first] {
        browser.wait_until("the list is shown", &choose(game)).await;
        browser
            .wait_until(&format!("game {game} opens"), &opens(game))
            .await;
        click(&browser, "#all-games").await;
        browser
            .wait_until(
                "back to the list, the game gone",
                "return !document.getElementById('chooser').hidden && !document.querySelector('#board');",
            )
            .await;
    }
    let loads = browser
        .run("return [performance.getEntriesByType('navigation').length, window.sameLoad];")
        .await;
    assert_eq!(loads, json!([1, "yes"]), "never reloaded");
    browser.close().await;
}
