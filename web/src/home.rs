//! The public address's root and its icon:
//!
//! - `GET /`: the site's home page, in the reader's language: what dama is, a picture of a
//!   game, the links that add the bot to Discord (built from the application's id, once the
//!   bot knows it), and the servers whose community pages are open;
//! - `GET /home/board.png`: the picture;
//! - `GET /favicon.ico`, `GET /favicon.svg`: the site's icon, a man on a board's corner (an
//!   SVG at both addresses: browsers that ask for `/favicon.ico` unprompted read it too).
//!
//! The links that add the bot are Discord's authorize address with the application's id: to a
//! server with the `bot` and `applications.commands` scopes and the permissions the bot needs,
//! and to a person's own account with `integration_type=1` (a user install).

use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use dama_render::{ColorScheme, RenderOptions};
use dama_rules::Position;
use dama_service::ids::GuildId;
use dama_service::links::CommunityPage;
use dama_words::{Language, say};

use super::html;
use super::{Web, assets, words};
use maud::{PreEscaped, html};

/// The site's icon.
const FAVICON: &[u8] = include_bytes!("../front/favicon.svg");

/// Servers the home page lists, those that opened their pages most recently first.
const SERVERS_SHOWN: u32 = 50;

/// The game the home page shows: twelve men a side, Black to move, a capture coming.
const PICTURED: &str = "8/1bb1bbb1/b1bb1b1b/2b2b2/3w1w2/w1ww2ww/1www1ww1/8 b";

/// The permissions the bot asks for when added to a server (docs/running.md, "Invite it to
/// your server"): Send Messages, Embed Links, Attach Files, Read Message History, Manage
/// Roles, Manage Events, Create Public Threads and Send Messages in Threads.
const PERMISSIONS: u64 = 318_096_132_096;

/// The links that add the bot of application `id`: to a server (the bot user and its command),
/// and to a person's own account (the command alone, for DMs and group chats).
pub(crate) fn add_links(id: u64) -> (String, String) {
    let authorize = "https://discord.com/oauth2/authorize";
    (
        format!(
            "{authorize}?client_id={id}&scope=bot+applications.commands&permissions={PERMISSIONS}"
        ),
        format!("{authorize}?client_id={id}&integration_type=1&scope=applications.commands"),
    )
}

/// `GET /`: the home page.
pub(crate) async fn page(State(web): State<Web>, headers: HeaderMap) -> Response {
    let lang = web.request_language(&headers).await;
    let id = match web.application() {
        Some(application) => match application.id().await {
            Ok(id) => Some(id),
            Err(e) => {
                tracing::warn!(error = %e, "cannot learn the application's id for the home page");
                None
            }
        },
        None => None,
    };
    let servers = match web.service().community_servers(SERVERS_SHOWN).await {
        Ok(servers) => servers,
        Err(e) => {
            tracing::error!(error = %e, "cannot list the servers for the home page");
            Vec::new()
        }
    };
    let html = draw(lang, id, &servers);
    let mut response = assets::compressed(&headers, "text/html; charset=utf-8", html.into_bytes());
    super::game::no_cache(&mut response);
    response
}

/// The home page's HTML in `lang`, with the links of application `id` (when known) and
/// `servers`.
fn draw(lang: Language, id: Option<u64>, servers: &[GuildId]) -> String {
    let word = |key: &'static str| words::word(lang, key);
    let page = html! {
        (html::head(lang, &word("home-title")))
        link rel="stylesheet" href=(assets::path("game.css")); "\n"
        link rel="stylesheet" href=(assets::path("community.css")); "\n"
        link rel="stylesheet" href=(assets::path("home.css")); "\n"
        (PreEscaped("</head>\n<body class=\"community home\">\n"))
        header.site { "\n" a.brand href="/" { "Dama" } "\n" } "\n"
        main.page {
            "\n"
            h1 { (word("home-title")) } "\n"
            div.home-intro {
                "\n"
                div {
                    "\n"
                    p { (html::with_code(&word("home-lead"))) } "\n"
                    p { (word("home-points")) } "\n"
                    h2 { (word("home-add")) } "\n"
                    @if let Some(id) = id {
                        @let (server, user) = add_links(id);
                        p.home-add {
                            a href=(server) { (word("home-add-server")) }
                            a.second href=(user) { (word("home-add-user")) }
                        }
                        "\n"
                        p.note { (word("home-add-user-note")) } "\n"
                    } @else {
                        p.note { (word("home-add-unknown")) } "\n"
                    }
                }
                "\n"
                figure.home-picture {
                    img src="/home/board.png" width="640" height="640" alt=(word("home-picture"));
                }
                "\n"
            }
            "\n"
            h2 { (word("home-servers")) } "\n"
            @if servers.is_empty() {
                p.empty { (html::with_code(&word("home-servers-none"))) } "\n"
            } @else {
                p.note { (word("home-servers-lead")) } "\n"
                ul.cards {
                    "\n"
                    @for &guild in servers {
                        li {
                            a.card-link href=(CommunityPage::Leaderboard { season: None }.path(guild)) {
                                span.card-title { (say!(lang, "home-server", id = guild.0.to_string())) }
                            }
                        }
                        "\n"
                    }
                }
                "\n"
            }
        }
        (PreEscaped("\n</body>\n</html>\n"))
    };
    page.into_string()
}

/// `GET /home/board.png`: the game the home page shows.
pub(crate) async fn board_png(State(web): State<Web>) -> Response {
    let renderer = std::sync::Arc::clone(&web.0.renderer);
    let drawn = tokio::task::spawn_blocking(move || {
        let position: Position = PICTURED.parse().map_err(|e| format!("{e}"))?;
        let options = RenderOptions::default().with_colors(&ColorScheme::TRADITIONAL);
        Ok::<_, String>(renderer.board_png(&position, &options))
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|drawn| drawn);
    match drawn {
        Ok(png) => (
            [
                (CONTENT_TYPE, HeaderValue::from_static("image/png")),
                (
                    CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=86400"),
                ),
            ],
            png.to_vec(),
        )
            .into_response(),
        Err(e) => {
            tracing::error!(error = %e, "cannot draw the home page's board");
            axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// `GET /favicon.ico` and `GET /favicon.svg`: the site's icon.
pub(crate) async fn favicon() -> Response {
    (
        [
            (CONTENT_TYPE, HeaderValue::from_static("image/svg+xml")),
            (
                CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=86400"),
            ),
        ],
        FAVICON,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pictured_position_is_a_position() {
        let position: Result<Position, _> = PICTURED.parse();
        assert!(position.is_ok(), "{position:?}");
    }

    #[test]
    fn the_add_links_name_the_application_and_what_the_bot_needs() {
        let (server, user) = add_links(1_234_567);
        assert_eq!(
            server,
            "https://discord.com/oauth2/authorize?client_id=1234567&scope=bot+applications.commands&permissions=318096132096"
        );
        assert_eq!(
            user,
            "https://discord.com/oauth2/authorize?client_id=1234567&integration_type=1&scope=applications.commands"
        );
    }

    #[test]
    fn the_page_says_where_the_links_will_be_until_the_id_is_known() {
        for lang in Language::ALL {
            let without = draw(lang, None, &[]);
            assert!(!without.contains("oauth2"), "{without}");
            assert!(
                without.contains(
                    &maud::html! { (words::word(lang, "home-add-unknown")) }.into_string()
                ),
                "{lang:?}"
            );
            assert!(without.contains(&format!("<html lang=\"{}\">", lang.name())));
            let with = draw(lang, Some(99), &[GuildId(7), GuildId(8)]);
            assert!(with.contains("client_id=99&amp;scope=bot"), "{with}");
            assert!(with.contains("href=\"/server/7\""), "{with}");
            assert!(with.contains("href=\"/server/8\""), "{with}");
        }
    }
}
