//! The games' web pages in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`) driven over WebDriver. A spectator's page follows a game played in
//! Discord move by move, without a reload; a wrong token gives the 404 page.
//!
//! Without Chromium or its driver the test is skipped with one line, unless
//! `DAMA_REQUIRE_BROWSER=1` (set by `.ci/run`) makes their absence fail it.
//! `DAMA_WEB_SCREENSHOTS=1` writes the page at a phone's and a desktop's size to
//! `docs/gallery/web-game-phone.png` and `docs/gallery/web-game-desktop.png`.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use dama_tests::eventually;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use tokio::process::{Child, Command};

use crate::harness::{Harness, dama};
use crate::refusals::started_game;

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";
const REQUIRE: &str = "DAMA_REQUIRE_BROWSER";

/// A headless Chromium under its own driver, both ended when dropped.
pub(crate) struct Browser {
    pub(crate) client: Client,
    /// The driver's address, for what WebDriver's standard does not cover (the console).
    driver_url: String,
    _driver: Child,
    /// Chromium's profile, its own: the processes naming it are this browser's, ended when it
    /// is dropped (killing the driver leaves them running, and a page left open keeps asking
    /// a closed port for its event stream, which a later test's stand-in may have taken).
    profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let profile = format!("--user-data-dir={}", self.profile.path().display());
        let ended = std::process::Command::new("pkill")
            .args(["-KILL", "-f", "--", &profile])
            .status();
        if let Err(e) = ended {
            eprintln!("cannot end the browser's processes: {e}");
        }
    }
}

impl Browser {
    /// The browser, or `None` (said in one line) when the machine has none and none is
    /// required.
    pub(crate) async fn start() -> Option<Browser> {
        let missing: Vec<&str> = [CHROMIUM, DRIVER]
            .into_iter()
            .filter(|p| !Path::new(p).exists())
            .collect();
        if !missing.is_empty() {
            let why = format!(
                "the browser test needs {} (Debian: apt-get install chromium chromium-driver)",
                missing.join(" and ")
            );
            if std::env::var(REQUIRE).is_ok_and(|v| !v.is_empty() && v != "0") {
                panic!("{why} ({REQUIRE} is set)");
            }
            eprintln!("skipped: {why}; {REQUIRE}=1 makes this fail");
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let profile = tempfile::tempdir().expect("a profile directory");
        let driver = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver starts");
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".to_owned(),
            json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--hide-scrollbars", "--lang=en-US", "--window-size=1280,800",
                    "--force-device-scale-factor=1",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
                "prefs": { "intl.accept_languages": "en-US,en" },
            }),
        );
        // The console's messages, for `console_errors`.
        capabilities.insert("goog:loggingPrefs".to_owned(), json!({ "browser": "ALL" }));
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let url = format!("http://127.0.0.1:{port}");
        let client = eventually("chromedriver answers", async || {
            ClientBuilder::new(connector.clone())
                .capabilities(capabilities.clone())
                .connect(&url)
                .await
        })
        .await;
        Some(Browser {
            client,
            driver_url: url,
            _driver: driver,
            profile,
        })
    }

    /// Runs `script` (a function body) in the page.
    pub(crate) async fn run(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Waits until `script` returns `true`.
    pub(crate) async fn wait_until(&self, what: &str, script: &str) {
        eventually(what, async || {
            let got = self.run(script).await;
            if got == json!(true) { Ok(()) } else { Err(got) }
        })
        .await;
    }

    /// The pieces the page's SVG shows, by square: `"d4 white man"`, sorted.
    pub(crate) async fn pieces(&self) -> Vec<String> {
        let found = self
            .run(
                "return [...document.querySelectorAll('#board svg .piece:not(.ghost)')]
                   .map(p => p.dataset.square + ' ' + [...p.classList].filter(c => c !== 'piece').join(' '))
                   .sort();",
            )
            .await;
        serde_json::from_value(found).expect("a list of strings")
    }

    /// The browser (see [`start`](Self::start)) and then the harness `harness` starts, or `None`
    /// (with nothing started) when there is no browser.
    pub(crate) async fn with(harness: impl Future<Output = Harness>) -> Option<(Browser, Harness)> {
        let browser = Browser::start().await?;
        Some((browser, harness.await))
    }

    /// The console's errors since the last call (Chromium's log through its driver): script
    /// errors, and every resource that failed to load, a missing favicon included.
    pub(crate) async fn console_errors(&self) -> Vec<String> {
        let session = self.client.session_id().await.expect("a session");
        let session = session.expect("the session has an id");
        let url = format!("{}/session/{session}/se/log", self.driver_url);
        let log = reqwest::Client::new()
            .post(&url)
            .header("content-type", "application/json")
            .body(json!({ "type": "browser" }).to_string())
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .expect("the driver gives the console's log")
            .text()
            .await
            .expect("the log is read");
        let log: Value = serde_json::from_str(&log).expect("the log is JSON");
        log["value"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["level"] == "SEVERE")
            .map(|entry| entry["message"].as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Opens `url` in the browser.
    pub(crate) async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("the page opens");
    }

    /// Ends the browser's session; the driver goes when the browser is dropped.
    pub(crate) async fn close(self) {
        self.client
            .clone()
            .close()
            .await
            .expect("the browser closes");
    }
}

/// What the page should show for `position`, as [`Browser::pieces`] reads it.
pub(crate) fn expected_pieces(position: &dama_rules::Position) -> Vec<String> {
    let mut pieces: Vec<String> = dama_rules::Square::all()
        .filter_map(|sq| {
            let piece = position.piece_at(sq)?;
            let colour = match piece.color {
                dama_rules::Color::White => "white",
                dama_rules::Color::Black => "black",
            };
            let role = match piece.role {
                dama_rules::Role::Man => "man",
                dama_rules::Role::King => "king",
            };
            Some(format!("{sq} {colour} {role}"))
        })
        .collect();
    pieces.sort();
    pieces
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectators_page_follows_the_discord_game_without_a_reload() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;

    // The first board links to the page.
    let first = harness.board_posted_in(thread, 0).await;
    let links: Vec<String> = first
        .components()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["style"] == 5)
        .filter_map(|c| c["url"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(links.len(), 1, "one link button: {links:?}");
    let token = links[0]
        .strip_prefix("http://dama.test/game/")
        .expect("a link under DAMA_PUBLIC_URL")
        .to_owned();
    let page = harness.web_url(&format!("/game/{token}"));

    browser.open(&page).await;
    browser
        .wait_until(
            "the script draws the board",
            "return !!document.querySelector('#board svg[data-ply=\"0\"]');",
        )
        .await;
    assert_eq!(
        browser.pieces().await,
        expected_pieces(&dama_rules::Position::start())
    );
    browser.run("window.sameLoad = 'yes'; return true;").await;

    let at = |user| discord.in_channel(user, thread);
    let moves = [
        (&alice, "d3-d4"),
        (&bob, "e6-e5"),
        (&alice, "d4-d5"),
        (&bob, "d6xd4"),
    ];
    for (ply, (who, text)) in moves.into_iter().enumerate() {
        let answer = harness
            .slash(&at(who), &dama("move").option("move", text))
            .await;
        harness.public_post(&answer).await;
        let ply = ply + 1;
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
        let listed = browser
            .run("return [...document.querySelectorAll('#moves button')].map(b => b.textContent);")
            .await;
        assert_eq!(listed.as_array().map(Vec::len), Some(ply), "{listed}");
    }
    assert_eq!(
        browser.run("return window.sameLoad;").await,
        json!("yes"),
        "no reload"
    );
    let status = browser
        .run("return document.getElementById('status').textContent;")
        .await;
    assert_eq!(status, json!("alice to move (White)."));

    // Stepping back shows the start again; the End key returns to the game as it stands.
    browser
        .run("document.getElementById('first').click(); return true;")
        .await;
    browser
        .wait_until(
            "the first position",
            "return !!document.querySelector('#board svg[data-ply=\"0\"]');",
        )
        .await;
    assert_eq!(
        browser.pieces().await,
        expected_pieces(&dama_rules::Position::start())
    );
    browser
        .run(
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true})); \
             return true;",
        )
        .await;
    browser
        .wait_until(
            "the current position",
            "return !!document.querySelector('#board svg[data-ply=\"4\"]');",
        )
        .await;

    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "web-game").await;
    }

    // A wrong token opens no game.
    let wrong = harness.web_url("/game/AAAAAAAAAAAAAAAAAAAAAA");
    browser.open(&wrong).await;
    let heading = browser
        .run("return document.querySelector('h1').textContent;")
        .await;
    assert_eq!(heading, json!("No such game"));
    browser.close().await;
}

/// The Watch live link of the first board posted in `thread`.
pub(crate) async fn watch_link(harness: &Harness, thread: serenity::all::ChannelId) -> String {
    harness
        .board_posted_in(thread, 0)
        .await
        .components()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find_map(|c| (c["style"] == 5).then(|| c["url"].as_str().map(str::to_owned))?)
        .expect("a Watch live link")
}

/// The game's page in `thread`, as a path under the pages' address, from its Watch live link.
pub(crate) async fn page_path(harness: &Harness, thread: serenity::all::ChannelId) -> String {
    watch_link(harness, thread)
        .await
        .strip_prefix(&harness.web_url(""))
        .expect("a link under the pages' address")
        .to_owned()
}

/// The address of the game's page in `thread`, from its Watch live link.
pub(crate) async fn page_of(harness: &Harness, thread: serenity::all::ChannelId) -> String {
    harness.web_url(&page_path(harness, thread).await)
}

/// The page at a phone's size (390×844) and a desktop's (1280×800), into `docs/gallery/` as
/// `{name}-phone.png` and `{name}-desktop.png`.
pub(crate) async fn screenshots(browser: &Browser, name: &str) {
    let gallery = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/gallery");
    for (size, width, height) in [("phone", 390, 844), ("desktop", 1280, 800)] {
        // The window's size is its outer size: grown by what the frame takes, the page gets the
        // viewport asked for.
        let resize = |w: u32, h: u32| browser.client.set_window_size(w, h);
        resize(width, height).await.expect("the window resizes");
        let inner = browser
            .run("return [window.innerWidth, window.innerHeight];")
            .await;
        let side = |i: usize, want: u32| {
            let got = u32::try_from(inner[i].as_u64().unwrap_or(0)).unwrap_or(want);
            (2 * want).saturating_sub(got)
        };
        resize(side(0, width), side(1, height))
            .await
            .expect("the window resizes");
        browser
            .wait_until(
                "the page has the viewport asked for, drawn at that size",
                &format!(
                    "return window.innerWidth === {width} && window.innerHeight === {height}
                         && document.readyState === 'complete';"
                ),
            )
            .await;
        let png = browser.client.screenshot().await.expect("a screenshot");
        std::fs::write(gallery.join(format!("{name}-{size}.png")), png)
            .expect("the screenshot is written");
    }
}
