//! A live game's clocks on the game's page, in two real browsers (see `web`): a 3+2 game
//! between two signed-in players, played on their pages. Each page shows both clocks, its
//! reader's at the bottom; the running one counts down from the server's reading (the harness's
//! manual clock, which the pages' own clocks know nothing of: they follow it by their offset to
//! the server); the mover's clock gains the increment.
//!
//! `DAMA_WEB_SCREENSHOTS=1` writes a live game's page at a phone's and a desktop's size to
//! `docs/gallery/live-clock-phone.png` and `docs/gallery/live-clock-desktop.png`, and with a
//! premove queued to `docs/gallery/live-premove-phone.png` and `-desktop.png`.

use std::time::Duration;

use dama_rules::Color;
use dama_service::clock::Clock;
use serde_json::json;

use crate::harness::Harness;
use crate::live::live_game;
use crate::web::{Browser, page_of, screenshots};
use crate::web_drag::mouse_drag;
use crate::web_play::{click, shows_ply, sign_in};

/// The time a page's clock for `side` shows, in ms (what `m:ss` or `s.t` reads as).
async fn shown(browser: &Browser, side: &str) -> i64 {
    let text = browser
        .run(&format!(
            "return document.querySelector('#clock-{side} .time').textContent;"
        ))
        .await;
    let text = text.as_str().expect("a clock's text").to_owned();
    read_clock(&text).unwrap_or_else(|| panic!("not a clock: {text}"))
}

/// `4:05` or `9.3` in ms.
fn read_clock(text: &str) -> Option<i64> {
    if let Some((m, s)) = text.split_once(':') {
        return Some(m.parse::<i64>().ok()? * 60_000 + s.parse::<i64>().ok()? * 1000);
    }
    let (s, t) = text.split_once(['.', ','])?;
    Some(s.parse::<i64>().ok()? * 1000 + t.parse::<i64>().ok()? * 100)
}

/// Makes the page read its state again, as it does when it comes back into view.
async fn wake(browser: &Browser) {
    browser
        .run("document.dispatchEvent(new Event('visibilitychange')); return true;")
        .await;
}

/// Plays `from`-`to` by clicking on the page.
async fn play(browser: &Browser, from: &str, to: &str) {
    click(
        browser,
        &format!("#board svg .piece[data-square=\"{from}\"]"),
    )
    .await;
    click(
        browser,
        &format!("#board .choice .target[data-square=\"{to}\"]"),
    )
    .await;
}

/// Which clock is higher on the page: `["black", "white"]` when Black's is at the top.
async fn clocks_top_down(browser: &Browser) -> serde_json::Value {
    browser
        .run(
            "const y = s => document.getElementById('clock-' + s).getBoundingClientRect().top;
             return y('black') < y('white') ? ['black', 'white'] : ['white', 'black'];",
        )
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clocks_on_both_players_pages_follow_the_servers_time_and_gain_the_increment() {
    let Some(white_page) = Browser::start().await else {
        return;
    };
    let Some((black_page, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = live_game(&harness, &alice, &bob, "3+2").await;
    let url = page_of(&harness, thread).await;

    for (browser, user, name) in [(&white_page, &alice, "alice"), (&black_page, &bob, "bob")] {
        browser.open(&url).await;
        shows_ply(browser, 0).await;
        sign_in(
            browser,
            &harness,
            user,
            &format!("{name} is signed in"),
            "return !!document.getElementById('signed-in') && !!document.getElementById('clock-white');",
        )
        .await;
    }

    // Both clocks at 3:00, none running before the first moves; each reader's own at the bottom.
    for browser in [&white_page, &black_page] {
        assert_eq!(shown(browser, "white").await, 180_000);
        assert_eq!(shown(browser, "black").await, 180_000);
        let running = browser
            .run("return document.querySelectorAll('.clock.running').length;")
            .await;
        assert_eq!(running, json!(0));
    }
    assert_eq!(
        clocks_top_down(&white_page).await,
        json!(["black", "white"])
    );
    assert_eq!(
        clocks_top_down(&black_page).await,
        json!(["white", "black"])
    );
    let label = white_page
        .run("return document.getElementById('clock-white').getAttribute('aria-label');")
        .await;
    assert_eq!(label, json!("White's clock"));

    // The first moves, made on the pages, start the clocks: White's runs.
    play(&white_page, "d3", "d4").await;
    shows_ply(&black_page, 1).await;
    play(&black_page, "e6", "e5").await;
    shows_ply(&white_page, 2).await;
    assert_eq!(harness.game(game).await.ply, 2);
    for browser in [&white_page, &black_page] {
        browser
            .wait_until(
                "White's clock runs",
                "return document.getElementById('clock-white').classList.contains('running');",
            )
            .await;
    }

    // Twenty seconds pass on the server's clock: the pages, told again, show them passed.
    harness.clock.advance(Duration::from_secs(20));
    for browser in [&white_page, &black_page] {
        wake(browser).await;
        browser
            .wait_until(
                "the page has read the clocks again",
                "return document.querySelector('#clock-white .time').textContent <= '2:40';",
            )
            .await;
        let server = harness
            .game(game)
            .await
            .clock_at(harness.clock.now())
            .expect("a live game");
        let white = shown(browser, "white").await;
        // The page ticks on in its own time while the server's clock stands still: it may be a
        // few seconds below the server's reading, and up to a second above (it shows whole
        // seconds, rounded down).
        let server_white = server.remaining(Color::White);
        assert!(
            white <= server_white && white >= server_white - 5_000,
            "the page shows {white} ms, the server reads {server_white} ms"
        );
        assert_eq!(
            shown(browser, "black").await,
            server.remaining(Color::Black)
        );
    }

    // Alice moves twenty seconds later: her clock stops with the increment added, as the
    // server counts it, and Black's runs.
    harness.clock.advance(Duration::from_secs(20));
    play(&white_page, "d4", "d5").await;
    for browser in [&white_page, &black_page] {
        shows_ply(browser, 3).await;
        browser
            .wait_until(
                "Black's clock runs",
                "return document.getElementById('clock-black').classList.contains('running') \
                 && !document.getElementById('clock-white').classList.contains('running');",
            )
            .await;
    }
    let server = harness
        .game(game)
        .await
        .clock_at(harness.clock.now())
        .expect("a live game");
    let white = server.remaining(Color::White);
    // 3:00, less the forty seconds of her turn, plus the increment (and the lag refunded).
    assert!((142_000..143_000).contains(&white), "White has {white} ms");
    for browser in [&white_page, &black_page] {
        assert_eq!(shown(browser, "white").await, 142_000, "2:22 shown");
        let black = shown(browser, "black").await;
        let server_black = server.remaining(Color::Black);
        assert!(
            black <= server_black && black >= server_black - 5_000,
            "the page shows {black} ms, the server reads {server_black} ms"
        );
    }

    // Bob lets his clock run low: both pages say so, in red, once they have read the clock.
    harness.clock.advance(Duration::from_millis(171_500));
    for browser in [&white_page, &black_page] {
        wake(browser).await;
        browser
            .wait_until(
                "Black's clock is low",
                "return document.getElementById('clock-black').classList.contains('low') \
                 && !document.querySelector('#clock-black .low-note').hidden;",
            )
            .await;
        assert!(shown(browser, "black").await < 10_000);
    }
    let time = white_page
        .run("return document.querySelector('#clock-black .time').textContent;")
        .await;
    assert!(
        time.as_str().is_some_and(|t| t.contains('.')),
        "tenths under ten seconds: {time}"
    );
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        // The clock that counts in the picture: frozen at the server's reading.
        white_page.run("window.Date.now = (() => { const t = Date.now(); return () => t; })(); return true;").await;
        screenshots(&white_page, "live-clock").await;
    }
    white_page.close().await;
    black_page.close().await;
}

/// A player whose opponent has left claims the win on the page: bob moves once and goes, and
/// once he has been unseen for blitz's 30 s (by the server's clock) alice's page offers the
/// claim, which ends the game, told in the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_opponent_left_claims_the_win_on_the_page() {
    let Some((page, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = live_game(&harness, &alice, &bob, "3+2").await;
    let url = page_of(&harness, thread).await;
    page.open(&url).await;
    shows_ply(&page, 0).await;
    sign_in(
        &page,
        &harness,
        &alice,
        "alice is signed in",
        "return !!document.getElementById('signed-in') && !!document.getElementById('clock-white');",
    )
    .await;
    play(&page, "d3", "d4").await;
    shows_ply(&page, 1).await;
    harness.moved(&bob, thread, "e6-e5").await;
    shows_ply(&page, 2).await;
    let hidden = "return document.getElementById('claim-win').hidden;";
    assert_eq!(page.run(hidden).await, json!(true), "bob has just moved");

    // Bob is not seen again; alice's page keeps saying it is open.
    harness.clock.advance(Duration::from_secs(31));
    page.wait_until(
        "the claim is offered",
        "return !document.getElementById('claim-win').hidden \
             && !document.getElementById('claim-draw').hidden;",
    )
    .await;
    click(&page, "#claim-win").await;
    let end = discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("left the game"))
        })
        .await
        .expect("the claim told in the thread");
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**alice (White) wins**: bob left the game."),
        "{text}"
    );
    let view = harness.game(game).await;
    assert_eq!(
        view.outcome,
        Some(dama_rules::Outcome::Win {
            winner: Color::White,
            reason: dama_rules::WinReason::Abandoned,
        })
    );
    page.wait_until(
        "the claims are gone with the game",
        "return document.getElementById('claim-win').hidden;",
    )
    .await;
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
}

/// The page's premove: in the opponent's turn alice drags a piece to where it should go; it is
/// marked on the board, and played the moment bob's move arrives. One that is no legal move
/// by then is dropped, and the page says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premove_dragged_in_the_opponents_turn_is_played_when_the_turn_comes() {
    let Some((page, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = live_game(&harness, &alice, &bob, "3+2").await;
    let url = page_of(&harness, thread).await;
    page.open(&url).await;
    shows_ply(&page, 0).await;
    sign_in(
        &page,
        &harness,
        &alice,
        "alice is signed in",
        "return !!document.getElementById('signed-in') && !!document.getElementById('clock-white');",
    )
    .await;
    play(&page, "d3", "d4").await;
    shows_ply(&page, 1).await;

    // Bob's turn: alice drags c3 to c4, and the board marks it; nothing is sent yet.
    mouse_drag(&page, "c3", "c4").await;
    page.wait_until(
        "the premove is marked",
        "return !!document.querySelector('#board .premove[data-square=\"c3\"]') \
             && !!document.querySelector('#board .premove[data-square=\"c4\"]') \
             && document.getElementById('prompt').textContent.startsWith('Premove queued');",
    )
    .await;
    assert_eq!(harness.game(game).await.ply, 1);
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        page.run(
            "window.Date.now = (() => { const t = Date.now(); return () => t; })(); return true;",
        )
        .await;
        screenshots(&page, "live-premove").await;
    }

    // Bob moves in Discord: alice's premove follows at once.
    harness.moved(&bob, thread, "e6-e5").await;
    shows_ply(&page, 3).await;
    let view = harness.game(game).await;
    assert_eq!(view.ply, 3);
    let last = page
        .run("return document.querySelector('#moves li:last-child button:last-child').textContent;")
        .await;
    assert_eq!(last, json!("c3-c4"), "played as premoved");
    assert_eq!(
        page.run("return document.querySelectorAll('#board .premove').length;")
            .await,
        json!(0)
    );

    // A premove to d5 is no move once bob stands there: dropped, and alice is told.
    mouse_drag(&page, "d4", "d5").await;
    page.wait_until(
        "the second premove is marked",
        "return !!document.querySelector('#board .premove[data-square=\"d5\"]');",
    )
    .await;
    harness.moved(&bob, thread, "e5-d5").await;
    shows_ply(&page, 4).await;
    page.wait_until(
        "the page says the premove was dropped",
        "return document.getElementById('prompt').textContent.startsWith('Your premove was not a legal move') \
             && document.querySelectorAll('#board .premove').length === 0;",
    )
    .await;
    assert_eq!(harness.game(game).await.ply, 4);
    // Alice plays herself.
    play(&page, "b3", "b4").await;
    shows_ply(&page, 5).await;
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
}
