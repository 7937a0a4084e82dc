//! A server's community pages in a real browser (see `web` for the browser): they do not exist
//! until a manager turns them on with `/dama server web:on`; then the leaderboard page lists the
//! players of the server's finished rated games, each linking to their page with its rating
//! graph, and `/dama leaderboard`, `/dama live` and a tournament's announcement link to their
//! pages; `web:off` makes them the 404 page again.
//!
//! `DAMA_WEB_SCREENSHOTS=1` writes the leaderboard at a phone's and a desktop's size to
//! `docs/gallery/web-leaderboard-phone.png` and `docs/gallery/web-leaderboard-desktop.png`, and
//! a player's page to `docs/gallery/web-player-phone.png` and `-desktop.png`.

use std::path::PathBuf;

use dama_tests::{FakeUser, SlashCommand};
use serde_json::{Value, json};
use serenity::all::Permissions;

use crate::harness::{Answer, Harness, dama};
use crate::refusals::started_game;
use crate::web::Browser;

/// A rated game, `winner` White against `loser`, that `loser` resigns in its thread.
async fn rated_game_won_by(harness: &Harness, winner: &FakeUser, loser: &FakeUser) {
    let (thread, game) = started_game(harness, winner, loser).await;
    let resigned = harness
        .slash(&harness.discord.in_channel(loser, thread), &dama("resign"))
        .await;
    harness.public_post(&resigned).await;
    harness.settled(game).await;
}

/// The URLs of the link buttons (style 5) of an answer.
fn links(answer: &Answer) -> Vec<String> {
    answer
        .callback
        .components()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["style"] == 5)
        .filter_map(|c| c["url"].as_str().map(str::to_owned))
        .collect()
}

/// The page's first heading.
async fn heading(browser: &Browser) -> Value {
    browser
        .run("return document.querySelector('h1').textContent;")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_community_pages_appear_and_disappear_with_the_server_switch() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob, carol, ada) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
        discord.user("ada"),
    );
    let manager = discord
        .in_guild(&ada)
        .permissions(dama_tests::member_permissions() | Permissions::MANAGE_GUILD);
    let guild = discord.guild_id();
    let home = harness.web_url(&format!("/server/{guild}"));

    // Three rated games each, to be ranked; carol's game with bob goes on.
    rated_game_won_by(&harness, &alice, &bob).await;
    rated_game_won_by(&harness, &bob, &carol).await;
    rated_game_won_by(&harness, &carol, &alice).await;
    rated_game_won_by(&harness, &alice, &bob).await;
    rated_game_won_by(&harness, &alice, &carol).await;
    rated_game_won_by(&harness, &bob, &carol).await;
    started_game(&harness, &carol, &bob).await;

    // Off: no page, and no link under the leaderboard.
    browser.open(&home).await;
    assert_eq!(heading(&browser).await, json!("No such page"));
    let board = harness
        .slash(&discord.in_guild(&carol), &dama("leaderboard"))
        .await;
    assert!(links(&board).is_empty(), "{:?}", links(&board));

    // A member who may not manage the server cannot turn them on; a manager can.
    let refused = harness
        .slash(
            &discord.in_guild(&carol),
            &dama("server").option("web", "on"),
        )
        .await;
    assert!(refused.callback.is_ephemeral());
    assert!(
        refused
            .content()
            .starts_with("Only members who may manage this server"),
        "{}",
        refused.content()
    );
    let on = harness
        .slash(&manager, &dama("server").option("web", "on"))
        .await;
    assert_eq!(
        on.content(),
        format!("This server's community pages are on: http://dama.test/server/{guild}")
    );

    // The leaderboard and the live list link to their pages.
    let board = harness
        .slash(&discord.in_guild(&carol), &dama("leaderboard"))
        .await;
    assert_eq!(links(&board), [format!("http://dama.test/server/{guild}")]);
    let live = harness
        .slash(&discord.in_guild(&carol), &dama("live"))
        .await;
    assert_eq!(
        links(&live),
        [format!("http://dama.test/server/{guild}/live")]
    );
    // So does a tournament's announcement, to the tournament's page.
    let created = harness
        .slash(
            &discord.in_guild(&carol),
            &SlashCommand::new("dama")
                .group("tournament")
                .subcommand("create")
                .option("name", "Spring <Cup>")
                .option("format", "round-robin"),
        )
        .await;
    let tournament = links(&created);
    assert_eq!(tournament.len(), 1, "{tournament:?}");
    let tournament_path = tournament[0]
        .strip_prefix("http://dama.test")
        .expect("a link under DAMA_PUBLIC_URL")
        .to_owned();
    assert!(
        tournament_path.starts_with(&format!("/server/{guild}/tournament/")),
        "{tournament_path}"
    );
    browser.open(&harness.web_url(&tournament_path)).await;
    assert_eq!(heading(&browser).await, json!("Spring <Cup>"));
    // A season, for the page's choice of tables.
    harness
        .slash(&manager, &dama("season").option("action", "start"))
        .await;

    browser.open(&home).await;
    assert_eq!(heading(&browser).await, json!("Leaderboard, all time"));
    let names = browser
        .run("return [...document.querySelectorAll('table .name a')].map(a => a.textContent);")
        .await;
    assert_eq!(names, json!(["alice", "bob", "carol"]));
    let tables = browser
        .run(
            "return [...document.querySelectorAll('.tables:not(.speeds) a')]\
             .map(a => a.textContent);",
        )
        .await;
    assert_eq!(tables, json!(["All time", "Season 1"]));
    // Each speed's table is a link away; without one asked, the busiest speed's is shown.
    let speeds = browser
        .run(
            "return [...document.querySelectorAll('.speeds a')]\
             .map(a => [a.textContent, a.getAttribute('aria-current')]);",
        )
        .await;
    assert_eq!(
        speeds,
        json!([
            ["Bullet", null],
            ["Blitz", null],
            ["Rapid", null],
            ["Correspondence", "page"]
        ])
    );
    if screenshots_wanted() {
        screenshots(&browser, "web-leaderboard").await;
    }

    // A player's page, by their link.
    browser
        .run("document.querySelector('table .name a').click(); return true;")
        .await;
    browser
        .wait_until(
            "alice's page",
            "return document.querySelector('h1')?.textContent === 'alice';",
        )
        .await;
    let points = browser
        .run("return document.querySelectorAll('svg.rating-graph circle').length;")
        .await;
    assert_eq!(
        points,
        json!(5),
        "before the first game and after each of 4"
    );
    let games = browser
        .run("return document.querySelectorAll('.games li a[href^=\"/game/\"]').length;")
        .await;
    assert_eq!(games, json!(4));
    if screenshots_wanted() {
        screenshots(&browser, "web-player").await;
    }

    // Off again: the pages are gone, and so are the links.
    let off = harness
        .slash(&manager, &dama("server").option("web", "off"))
        .await;
    assert!(off.content().contains("are off"), "{}", off.content());
    for path in [String::new(), "/live".to_owned()] {
        browser.open(&format!("{home}{path}")).await;
        assert_eq!(heading(&browser).await, json!("No such page"), "{path}");
    }
    let board = harness
        .slash(&discord.in_guild(&carol), &dama("leaderboard"))
        .await;
    assert!(links(&board).is_empty());
    browser.close().await;
}

fn screenshots_wanted() -> bool {
    std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1")
}

/// The page at a phone's size (390×844) and a desktop's (1280×800), into
/// `docs/gallery/{name}-phone.png` and `-desktop.png`; the window is left at the desktop's size.
async fn screenshots(browser: &Browser, name: &str) {
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
                "the page has the viewport asked for",
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
