//! First-load benchmark of a game's web page: the real bot, with its web pages on, over a
//! SQLite file and the Discord stand-in, with one game started through the stand-in.
//!
//! 1. The bytes on the wire: the page's HTML and every file it loads (its style, its script and
//!    the modules the script imports), each asked for with `Accept-Encoding: gzip` as a browser
//!    asks, counted as sent (compressed where the bot compresses). The game's state (the JSON
//!    the page's event stream brings first) is counted apart.
//! 2. The time to the first board in a real headless Chromium (Debian's `chromium` and
//!    `chromedriver`): the page's script marks `dama-first-board` (`performance.mark`) when it
//!    has drawn its first board, and the mark's `startTime` is the time since the navigation
//!    began. Measured on a warm server (the page loaded once before), for a *first visit* (a
//!    new browser profile each time, nothing cached) and a *repeat visit* (the same page again,
//!    its files cached). Without Chromium or its driver this part is skipped with one line.
//!
//! `cargo bench -p dama-tests --bench web_first_load` loads the page 20 times each way
//! (`DAMA_WEB_LOADS` changes that) and prints p50, p90 and the worst. Run as a test
//! (`cargo test --benches`) it loads it twice, to check that it works.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use dama_bot::config::Config;
use dama_bot::{Bot, BotOptions};
use dama_service::service::{GameService, ServiceConfig};
use dama_tests::FakeDiscord;
use fantoccini::{Client, ClientBuilder};
use serde_json::json;
use tokio::process::{Child, Command};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

/// The address the bot's links are under (never reached: the pages are asked of its port).
const PUBLIC_URL: &str = "http://dama.test";

/// The mark game.js sets when it has drawn its first board.
const FIRST_BOARD: &str = "dama-first-board";

/// How long the browser may take to start, or a page to draw its board.
const PATIENCE: Duration = Duration::from_secs(30);

fn main() {
    let benchmarking = std::env::args().any(|a| a == "--bench");
    let loads = if benchmarking {
        std::env::var("DAMA_WEB_LOADS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20)
    } else {
        2
    };
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(run(loads));
}

async fn run(loads: usize) {
    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = format!("sqlite://{}", dir.path().join("dama.db").display());
    let pool = dama_service::connect(&url).await.expect("database");
    let service = GameService::new(pool, ServiceConfig::default());
    let (token, base) = (discord.token().to_owned(), discord.base_url().to_owned());
    let config = Config::from_lookup(move |name| match name {
        "DISCORD_TOKEN" => Some(token.clone()),
        "DISCORD_API_BASE" => Some(base.clone()),
        "DAMA_WEB_ADDR" => Some("127.0.0.1:0".to_owned()),
        "DAMA_PUBLIC_URL" => Some(PUBLIC_URL.to_owned()),
        _ => None,
    })
    .expect("configuration");
    let bot = Bot::new(&config, service, BotOptions::default())
        .await
        .expect("the bot builds");
    let web = bot.web_addr().expect("the web pages are on");
    let stopper = bot.stopper();
    let task = tokio::spawn(async move {
        if let Err(e) = bot.run().await {
            eprintln!("the bot stopped: {e}");
        }
    });
    discord.wait_for_ready().await.expect("the bot connects");
    let token = started_game(&discord).await;
    let page = format!("http://{web}/game/{token}");

    bytes_on_the_wire(&page, &format!("http://{web}")).await;
    match Browser::start().await {
        Some(browser) => {
            time_to_first_board(&browser, &page, loads).await;
            browser.end().await;
        }
        None => println!(
            "time to the first board: skipped, no {CHROMIUM} or {DRIVER} (Debian: apt-get \
             install chromium chromium-driver)"
        ),
    }
    stopper.stop().await;
    let _ = task.await;
}

/// A game started through the stand-in; its page's token.
async fn started_game(discord: &FakeDiscord) -> String {
    let (white, black) = (discord.user("white"), discord.user("black"));
    let (_, token) = discord
        .start_game_with_page(&white, &black, PUBLIC_URL)
        .await;
    token
}

/// Prints the bytes sent for the page and each file it loads, as a browser accepting gzip
/// gets them.
async fn bytes_on_the_wire(page: &str, origin: &str) {
    let client = reqwest::Client::new();
    // Without its `gzip` feature reqwest does not decompress: a body is read as sent.
    let fetch = |url: String, gzip: bool| {
        let client = client.clone();
        async move {
            let mut request = client.get(&url).header("Accept-Language", "en");
            if gzip {
                request = request.header("Accept-Encoding", "gzip, deflate, br");
            }
            let response = request.send().await.expect("the bot answers");
            assert!(
                response.status().is_success(),
                "{url}: {}",
                response.status()
            );
            let encoding = response
                .headers()
                .get("content-encoding")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("identity")
                .to_owned();
            let body = response.bytes().await.expect("a body");
            (body, encoding)
        }
    };
    let (html, _) = fetch(page.to_owned(), false).await;
    let html = String::from_utf8_lossy(&html).into_owned();
    // The files the page names, then the modules each script imports ("./board.js").
    let mut files: Vec<String> = quoted_after(&html, "\"/assets/")
        .into_iter()
        .map(|rest| format!("/assets/{rest}"))
        .collect();
    let mut i = 0;
    while i < files.len() {
        if files[i].ends_with(".js") {
            let (script, _) = fetch(format!("{origin}{}", files[i]), false).await;
            let script = String::from_utf8_lossy(&script).into_owned();
            let folder = files[i]
                .rsplit_once('/')
                .map_or("", |(folder, _)| folder)
                .to_owned();
            for name in quoted_after(&script, "\"./") {
                let file = format!("{folder}/{name}");
                if !files.contains(&file) {
                    files.push(file);
                }
            }
        }
        i += 1;
    }
    let (sent, encoding) = fetch(page.to_owned(), true).await;
    println!(
        "first load, bytes as sent (Accept-Encoding: gzip), {} files:",
        files.len() + 1
    );
    println!("  the page's HTML: {} B ({encoding})", sent.len());
    let mut total = sent.len();
    for file in &files {
        let (sent, encoding) = fetch(format!("{origin}{file}"), true).await;
        println!("  {file}: {} B ({encoding})", sent.len());
        total += sent.len();
    }
    #[allow(clippy::cast_precision_loss, reason = "bytes far below 2^52")]
    let kib = total as f64 / 1024.0;
    println!("  HTML + CSS + scripts: {total} B ({kib:.1} KiB)");
    let (state, encoding) = fetch(format!("{page}/state"), true).await;
    println!(
        "  and the game's state (JSON, the events' first): {} B ({encoding})",
        state.len()
    );
}

/// Every text in `text` that follows `start` up to the next `"`.
fn quoted_after(text: &str, start: &str) -> Vec<String> {
    text.match_indices(start)
        .filter_map(|(at, _)| {
            let rest = &text[at + start.len()..];
            rest.split_once('"').map(|(inside, _)| inside.to_owned())
        })
        .collect()
}

/// Loads `page` `loads` times in new browser profiles, then `loads` times again in one, and
/// prints the time to the first board each way.
async fn time_to_first_board(browser: &Browser, page: &str, loads: usize) {
    // Warm the server: the page, its files and its state built once.
    let warm = browser.session().await;
    first_board(&warm, page).await;
    let mut repeat = Vec::with_capacity(loads);
    for _ in 0..loads {
        repeat.push(first_board(&warm, page).await);
    }
    let _ = warm.close().await;
    let mut first = Vec::with_capacity(loads);
    for _ in 0..loads {
        let session = browser.session().await;
        first.push(first_board(&session, page).await);
        let _ = session.close().await;
    }
    for (how, loads) in [
        ("first visit (new profile, nothing cached)", first),
        ("repeat visit (files cached)", repeat),
    ] {
        let p50 = |part: fn(&Load) -> f64| percentile(loads.iter().map(part).collect(), 0.5);
        let boards: Vec<f64> = loads.iter().map(|l| l.board).collect();
        println!(
            "time to the first board, {how}, {n} loads: p50 {:.1} ms, p90 {:.1} ms, max \
             {:.1} ms",
            percentile(boards.clone(), 0.5),
            percentile(boards.clone(), 0.9),
            percentile(boards, 1.0),
            n = loads.len(),
        );
        println!(
            "  p50 of each step: HTML received {:.1} ms, parsed {:.1} ms, last file received \
             {:.1} ms, board drawn {:.1} ms",
            p50(|l| l.html),
            p50(|l| l.parsed),
            p50(|l| l.files),
            p50(|l| l.board),
        );
    }
}

/// The `q` quantile (0 to 1) of `times`, nearest rank.
fn percentile(mut times: Vec<f64>, q: f64) -> f64 {
    times.sort_by(f64::total_cmp);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let i = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1;
    times[i]
}

/// Where the time to a first board goes, in milliseconds since the navigation began: the
/// page's HTML received, its document parsed, the last style or script it waited for received
/// (those asked for after the board, such as the analysis board's, are not counted), and its
/// first board drawn.
#[derive(Clone, Copy)]
struct Load {
    html: f64,
    parsed: f64,
    files: f64,
    board: f64,
}

/// Opens `page` in `client` and returns when, since the navigation's start, its HTML, its
/// files and its first board came (see [`Load`]).
async fn first_board(client: &Client, page: &str) -> Load {
    client.goto(page).await.expect("the page opens");
    let script = format!(
        "const m = performance.getEntriesByName('{FIRST_BOARD}')[0]; \
         if (!m) return null; \
         const n = performance.getEntriesByType('navigation')[0]; \
         const files = performance.getEntriesByType('resource') \
           .filter((r) => /\\.(js|css)$/.test(r.name) && r.responseEnd <= m.startTime) \
           .reduce((last, r) => Math.max(last, r.responseEnd), 0); \
         return [n.responseEnd, n.domInteractive, files, m.startTime];"
    );
    let start = Instant::now();
    loop {
        let marks = client
            .execute(&script, Vec::new())
            .await
            .expect("the script runs");
        if let Ok([html, parsed, files, board]) = serde_json::from_value::<[f64; 4]>(marks) {
            return Load {
                html,
                parsed,
                files,
                board,
            };
        }
        assert!(
            start.elapsed() < PATIENCE,
            "no first board within {PATIENCE:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A headless Chromium's driver, ended when dropped; each session is a browser of its own
/// with a new profile.
struct Browser {
    url: String,
    driver: Child,
}

impl Browser {
    /// The driver, or `None` when the machine has no Chromium or no driver.
    async fn start() -> Option<Browser> {
        if ![CHROMIUM, DRIVER].iter().all(|p| Path::new(p).exists()) {
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver starts");
        let url = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            assert!(start.elapsed() < PATIENCE, "chromedriver listens");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Some(Browser { url, driver })
    }

    /// A new browser (a new profile: nothing cached).
    async fn session(&self) -> Client {
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".to_owned(),
            json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--lang=en-US", "--window-size=1280,800",
                ],
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let start = Instant::now();
        loop {
            match ClientBuilder::new(connector.clone())
                .capabilities(capabilities.clone())
                .connect(&self.url)
                .await
            {
                Ok(client) => return client,
                Err(e) => {
                    assert!(start.elapsed() < PATIENCE, "chromedriver answers: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }

    /// Ends the driver.
    async fn end(self) {
        let mut driver = self.driver;
        let _ = driver.kill().await;
    }
}
