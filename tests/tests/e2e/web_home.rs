//! The site's home page and icon in a real browser (see `web` for the browser): the public
//! address's root says what dama is, shows a game, links to add the bot with the application's
//! id, and lists the servers that opened their community pages; neither it nor a game's page
//! leaves an error in the console (the favicon included); it is in the reader's language.
//!
//! `DAMA_WEB_SCREENSHOTS=1` writes the home page at a phone's and a desktop's size to
//! `docs/gallery/web-home-phone.png` and `docs/gallery/web-home-desktop.png`.

use serde_json::json;
use serenity::all::Permissions;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;
use crate::web::{Browser, screenshots, watch_link};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_home_page_adds_the_bot_lists_open_servers_and_leaves_no_console_error() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web()).await else {
        return;
    };
    let discord = &harness.discord;
    let (alice, bob, ada) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("ada"),
    );
    let guild = discord.guild_id();
    let application = discord.application_id();
    let home = harness.web_url("/");

    browser.open(&home).await;
    let heading = browser
        .run("return document.querySelector('h1').textContent;")
        .await;
    assert_eq!(heading, json!("Dama: Turkish draughts on Discord"));
    let links = browser
        .run("return [...document.querySelectorAll('.home-add a')].map(a => a.href);")
        .await;
    assert_eq!(
        links,
        json!([
            format!(
                "https://discord.com/oauth2/authorize?client_id={application}&scope=bot+applications.commands&permissions=318096132096"
            ),
            format!(
                "https://discord.com/oauth2/authorize?client_id={application}&integration_type=1&scope=applications.commands"
            ),
        ])
    );
    browser
        .wait_until(
            "the picture of a game",
            "const img = document.querySelector('.home-picture img'); \
             return img.complete && img.naturalWidth === 640;",
        )
        .await;
    assert_eq!(
        browser
            .run("return document.querySelector('.empty').textContent;")
            .await,
        json!(
            "No server has opened its community pages yet. A server's managers open them with the web option of /dama server."
        )
    );
    let icon = browser
        .run(
            "return fetch('/favicon.ico').then(r => r.status + ' ' + r.headers.get('content-type'));",
        )
        .await;
    assert_eq!(icon, json!("200 image/svg+xml"));
    assert_eq!(browser.console_errors().await, Vec::<String>::new());

    // A game's page, found before the server's pages add links beside the board's.
    let (thread, _) = started_game(&harness, &alice, &bob).await;
    let link = watch_link(&harness, thread).await;
    let path = link
        .strip_prefix("http://dama.test")
        .expect("a link to the pages");
    let game_page = harness.web_url(path);

    // A manager opens the server's pages: the home page lists it, linking to its leaderboard.
    let manager = discord
        .in_guild(&ada)
        .permissions(dama_tests::member_permissions() | Permissions::MANAGE_GUILD);
    harness
        .slash(&manager, &dama("server").option("web", "on"))
        .await;
    browser.open(&home).await;
    let servers = browser
        .run("return [...document.querySelectorAll('.cards a')].map(a => [a.getAttribute('href'), a.textContent]);")
        .await;
    assert_eq!(
        servers,
        json!([[format!("/server/{guild}"), format!("Server {guild}")]])
    );
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "web-home").await;
    }
    assert_eq!(browser.console_errors().await, Vec::<String>::new());

    // A game's page, live, leaves no error either: its icon is the site's.
    browser.open(&game_page).await;
    browser
        .wait_until(
            "the board drawn",
            "return !!document.querySelector('#board svg');",
        )
        .await;
    let icon = browser
        .run("return document.querySelector('link[rel=icon]').getAttribute('href');")
        .await;
    assert_eq!(icon, json!("/favicon.svg"));
    assert_eq!(browser.console_errors().await, Vec::<String>::new());
    // The console is read: a page answered 404 is there.
    browser
        .open(&harness.web_url("/game/AAAAAAAAAAAAAAAAAAAAAA"))
        .await;
    let errors = browser.console_errors().await;
    assert!(
        errors.iter().any(|e| e.contains("404")),
        "the console's log is read: {errors:?}"
    );
    browser.close().await;

    // In the reader's language.
    let turkish = reqwest::Client::new()
        .get(&home)
        .header("accept-language", "tr-TR,tr;q=0.9")
        .send()
        .await
        .expect("the home page answers")
        .text()
        .await
        .expect("its text");
    assert!(turkish.contains("<html lang=\"tr\">"), "{turkish}");
    assert!(
        turkish.contains("<h1>Dama: Discord'da Türk daması</h1>"),
        "{turkish}"
    );
}
