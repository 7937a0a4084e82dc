//! The board inside Discord: the Activity, served under `/activity`, which is the
//! target of the Activity's URL mapping in the developer portal. Discord loads the mapping's
//! root (`/activity`) in a frame on `https://{application id}.discordsays.com/`, and every
//! request from the frame goes through Discord's proxy: the page asks for `/.proxy/…`, which
//! Discord forwards to `/activity/…` here.
//!
//! - `GET /activity`: the page. Its script (`activity.js`) waits for Discord's client
//!   (`ready()`), asks it for an OAuth2 code (`authorize`, scope `identify`), trades the code
//!   here for the member's access token and a session, and hands the token back to the client
//!   (`authenticate`).
//! - `POST /activity/token` (`{"code": …}`): the trade. The code is exchanged with Discord
//!   (the same OAuth2 client as the web sign-in, without a redirect), Discord says whose token
//!   it is, and the answer is `{"access_token", "session", "name"}`. The session is signed as
//!   the web's are, and sent back as `Authorization: Bearer …` (an Activity's frame may not
//!   keep cookies).
//! - `GET /activity/games?channel_id=…&guild_id=…`: which game to open, and the games to
//!   choose from: the game of the member's latest "Open board" press in this channel (within
//!   the service's `LAUNCH_WINDOW`), else the game whose thread the channel is; the member's games in
//!   progress in this server (marked when it is their move), and the server's live games
//!   (only for a member of that server: seen there by the bot, or as Discord says); and first,
//!   the arena of that server the member joined, if any (the service's `ActivityArena`).
//! - `GET /activity/game/{token}`: the game as the web page shows it (`#game` and its first
//!   state), for the reader the session names: a player gets the controls.
//! - `/activity/game/{token}/{state,events,act,pdn,board.png}` and `/activity/assets/…`: the
//!   web page's own routes, under the mapping.
//!
//! The page's policy allows only its own origin (Discord's proxy), and only Discord's clients
//! and the proxy's origin as its frame's ancestors.

use axum::Json;
use axum::extract::Request;
use axum::extract::State;
use axum::http::header::{ACCEPT_LANGUAGE, CONTENT_SECURITY_POLICY};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use dama_rules::Color;
use dama_service::ids::{ChannelId, GuildId, WebToken};
use dama_service::links::{CommunityPage, community_link};
use dama_service::service::{ActivityArena, ActivityGame, ServiceError};
use serde::Deserialize;
use serde_json::{Value, json};

use super::game::{Reader, Shown, TokenText, game_html};
use super::refusal::{Refusal, Sent};
use super::session::{SignIn, SignInError, Viewer, query_pairs, query_value};
use super::{Web, assets, words};
use dama_words::Language;
use maud::{DOCTYPE, PreEscaped, html};

/// The Activity's policy: its own origin only (Discord's proxy), nothing inline; framed only by
/// Discord's clients and by this application's own Activity origin
/// (`https://{application id}.discordsays.com`, which frames it on some clients), never by
/// another application's Activity.
fn policy(application: Option<u64>) -> String {
    let own = application
        .map(|id| format!(" https://{id}.discordsays.com"))
        .unwrap_or_default();
    format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' \
         https://discord.com https://*.discord.com https://discordapp.com \
         https://*.discordapp.com{own}"
    )
}

/// Where the page's requests go: Discord's proxy, which forwards them to `/activity/…`.
const PROXY: &str = "/.proxy";

/// Adds the Activity's policy to every response under `/activity` (the web's own is added
/// only where none is set).
pub(super) async fn secure(State(web): State<Web>, mut response: Response) -> Response {
    let application = web.sign_in().and_then(SignIn::known_client_id);
    if let Ok(value) = HeaderValue::from_str(&policy(application)) {
        response
            .headers_mut()
            .insert(CONTENT_SECURITY_POLICY, value);
    }
    // Every answer of the Activity is for the member whose bearer came with it.
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        HeaderValue::from_static(super::PER_READER),
    );
    response
}

/// `GET /activity`: the page, in the reader's language.
pub(crate) async fn page(State(web): State<Web>, headers: HeaderMap) -> Response {
    // Before signing in: the browser's language (the chooser is worded again after).
    let lang = web.language(None, &headers).await;
    let Some(sign_in) = web.sign_in().filter(|_| web.activity()) else {
        return super::game::no_page_here(lang, &headers);
    };
    let client_id = match sign_in.client_id().await {
        Ok(id) => id,
        Err(e) => {
            tracing::warn!(error = %e, "cannot learn the application's id for the Activity");
            return Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "unreachable",
                lang,
                "web-discord-unreachable",
            )
            .page_for(&headers)
            .into_response();
        }
    };
    let word = |key| words::word(lang, key);
    let asset = |name| format!("{PROXY}{}", assets::path(name));
    // Unlike a game's page, the first paint does not wait for the script: it shows "connecting"
    // while Discord's SDK (150 KB) arrives and Discord answers, and a board comes only after.
    let page = html! {
        (DOCTYPE) "\n"
        (PreEscaped("<html lang=\"")) (lang.name()) (PreEscaped("\">\n<head>\n"))
        meta charset="utf-8"; "\n"
        meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"; "\n"
        title { "Dama" } "\n"
        link rel="stylesheet" href=(asset("game.css")); "\n"
        link rel="stylesheet" href=(asset("activity.css")); "\n"
        script type="module" src=(asset("activity.js")) {} "\n"
        (PreEscaped(assets::preloads("activity.js", PROXY)))
        (PreEscaped("</head>\n<body class=\"activity\">\n"))
        div #activity data-client-id=(client_id) data-failed=(word("activity-failed"))
            data-outside=(word("activity-outside")) data-your-turn=(word("activity-your-turn"))
            data-their-turn=(word("activity-their-turn")) {
            "\n"
            p.activity-status #activity-status role="status" { (word("activity-connecting")) } "\n"
            section.chooser #chooser hidden {
                "\n"
                section.my-arena #my-arena hidden {} "\n"
                h1 { (word("activity-your-games")) } "\n"
                ul.games #my-games {} "\n"
                p.none #no-games hidden { (word("activity-no-games")) } "\n"
                h2 #live-title hidden { (word("activity-live-games")) } "\n"
                ul.games #live-games {} "\n"
            }
            "\n"
            nav.activity-nav #activity-nav hidden {
                button type="button" #all-games { (word("activity-all-games")) }
            }
            "\n"
            div #game-slot {} "\n"
        }
        (PreEscaped("\n</body>\n</html>\n"))
    };
    let html = page.into_string();
    let mut response = assets::compressed(&headers, "text/html; charset=utf-8", html.into_bytes());
    super::game::no_cache(&mut response);
    response
}

/// What `POST /activity/token` reads.
#[derive(Deserialize)]
pub(crate) struct CodeSent {
    code: String,
}

/// `POST /activity/token`: the code Discord's client gave the Activity, traded for the
/// member's access token and a session.
pub(crate) async fn token(
    State(web): State<Web>,
    peer: super::client::Peer,
    headers: HeaderMap,
    Sent(body): Sent,
) -> Response {
    let lang = web.language(None, &headers).await;
    let Some(sign_in) = web.sign_in().filter(|_| web.activity()) else {
        return super::game::no_page_here(lang, &headers);
    };
    let Ok(sent) = serde_json::from_slice::<CodeSent>(&body) else {
        return Refusal::bad_request(lang, "activity-failed").into_response();
    };
    if sent.code.is_empty() || sent.code.len() > 512 {
        return Refusal::bad_request(lang, "activity-failed").into_response();
    }
    let client = web.client(peer, &headers);
    match sign_in
        .activity_session(&sent.code, &web.key(), client, web.service())
        .await
    {
        Ok(signed) => {
            let reads = web.language(Some(signed.viewer.user), &headers).await;
            let mut response = Json(json!({
                "access_token": signed.access_token,
                "session": signed.session,
                "name": signed.viewer.name,
                "lang": reads.name(),
            }))
            .into_response();
            super::game::no_cache(&mut response);
            response
        }
        Err(SignInError::Busy) => Refusal::busy(lang, "activity-busy").into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "an Activity's sign-in with Discord failed");
            Refusal::signed_out(lang, "activity-failed").into_response()
        }
    }
}

/// Makes a request's `lang` query parameter, when it names one of the bot's languages, its
/// `Accept-Language`: the Activity sends the member's language so, on its event stream too,
/// which cannot carry a header.
pub(super) async fn language_from_query(mut request: Request) -> Request {
    let chosen = query_pairs(request.uri())
        .iter()
        .find(|(key, _)| key == "lang")
        .and_then(|(_, code)| Language::of(code));
    if let Some(lang) = chosen
        && let Ok(value) = HeaderValue::from_str(lang.name())
    {
        request.headers_mut().insert(ACCEPT_LANGUAGE, value);
    }
    request
}

/// The chooser's words in `lang`, for a page that was drawn in the browser's language.
fn chooser_words(lang: Language) -> Value {
    let word = |key| words::word(lang, key);
    json!({
        "lang": lang.name(),
        "yourGames": word("activity-your-games"),
        "liveGames": word("activity-live-games"),
        "noGames": word("activity-no-games"),
        "allGames": word("activity-all-games"),
        "yourTurn": word("activity-your-turn"),
        "failed": word("activity-failed"),
    })
}

/// `GET /activity/games`: the game to open, and the games to choose from.
pub(crate) async fn games(State(web): State<Web>, uri: Uri, headers: HeaderMap) -> Response {
    let viewer = web.bearer(&headers).await.filter(|_| web.activity());
    let lang = web
        .language(viewer.as_ref().map(|v| v.user), &headers)
        .await;
    let Some(viewer) = viewer else {
        return Refusal::signed_out(lang, "activity-failed").into_response();
    };
    // Where the Activity was opened, from the frame's address.
    let pairs = query_pairs(&uri);
    let channel = query_value(&pairs, "channel_id")
        .and_then(|c| c.parse().ok())
        .map(ChannelId);
    let guild = query_value(&pairs, "guild_id")
        .and_then(|g| g.parse().ok())
        .map(GuildId);
    match choices(&web, &viewer, channel, guild, lang).await {
        Ok(choices) => {
            let mut response = Json(choices).into_response();
            super::game::no_cache(&mut response);
            response
        }
        Err(e) => super::game::failed(&e, lang, &headers),
    }
}

/// The game to open in `channel` for `viewer`, and the games of `guild` to choose from, as the
/// service decides them (`GameService::activity_choices`).
async fn choices(
    web: &Web,
    viewer: &Viewer,
    channel: Option<ChannelId>,
    guild: Option<GuildId>,
    lang: Language,
) -> Result<Value, ServiceError> {
    let choices = web
        .service()
        .activity_choices(viewer.user, channel, guild)
        .await?;
    let listed = |games: &[ActivityGame]| -> Vec<Value> {
        games.iter().map(|game| listed(game, lang)).collect()
    };
    Ok(json!({
        "open": choices.open.map(|game| game.token.to_string()),
        "arena": choices.arena.map(|arena| arena_listed(web, &arena, lang)),
        "mine": listed(&choices.mine),
        "live": listed(&choices.live),
        "words": chooser_words(lang),
    }))
}

/// The arena the member joined, listed above their games: its name, where they stand, the
/// token of the game they play in it (the Activity opens it), and its page's address while the
/// server's pages are on (opened outside Discord).
fn arena_listed(web: &Web, listed: &ActivityArena, lang: Language) -> Value {
    let arena = &listed.arena;
    let page = listed.page.then(|| {
        community_link(
            &web.0.public_url,
            arena.guild,
            CommunityPage::Arena(arena.id),
        )
    });
    json!({
        "name": arena.name,
        "line": super::community::arena_state_words(lang, listed.state),
        "standing": dama_words::say!(
            lang,
            "community-arena-standing",
            rank = listed.rank,
            score = listed.score
        ),
        "game": listed.game.as_ref().map(ToString::to_string),
        "openGame": words::word(lang, "community-arena-open-game"),
        "page": page,
        "openPage": words::word(lang, "community-arena-open"),
    })
}

/// A game in the chooser: its token, title and status, and whether it is the member's move.
fn listed(game: &ActivityGame, lang: Language) -> Value {
    json!({
        "token": game.token.to_string(),
        "title": words::title(lang, &game.view),
        "status": words::status(lang, &game.view),
        "yourTurn": game.your_move,
    })
}

/// `GET /activity/game/{token}`: the game's `#game` element and first state, for the reader
/// the session names (a spectator without one).
pub(crate) async fn game(
    State(web): State<Web>,
    TokenText(token): TokenText,
    headers: HeaderMap,
) -> Response {
    let viewer = web.bearer(&headers).await;
    let lang = web
        .language(viewer.as_ref().map(|v| v.user), &headers)
        .await;
    if !web.activity() {
        return super::game::no_page_here(lang, &headers);
    }
    let Ok(token) = token.parse::<WebToken>() else {
        return Refusal::not_found(lang, "web-not-found").into_response();
    };
    let (view, history) = match web.service().game_and_history_by_token(&token).await {
        Ok(Some(found)) => found,
        Ok(None) => return Refusal::not_found(lang, "web-not-found").into_response(),
        Err(e) => return super::game::failed(&e, lang, &headers),
    };
    let me = viewer
        .as_ref()
        .and_then(|v| view.seats.color_of(v.user))
        .map(|c| if c == Color::White { "white" } else { "black" });
    let reader = match Reader::of(&web, viewer, &view, true).await {
        Ok(reader) => reader,
        Err(e) => return super::game::failed(&e, lang, &headers),
    };
    let state = match web.state_of_read(&view, &history, lang).await {
        Ok((_, json)) => json,
        Err(e) => return super::game::failed(&e, lang, &headers),
    };
    let base = format!("{PROXY}/game/{token}");
    let shown = Shown {
        token: &token,
        view: &view,
        game: &history,
        lang,
        reader: &reader,
        state: &state,
        clock: view.clock_at(web.service().now()),
    };
    let html = game_html(&shown, &base);
    let mut response = Json(json!({
        "html": html,
        "base": base,
        // The event stream cannot send the language as a header.
        "events": format!("{base}/events?lang={}", lang.name()),
        "title": words::title(lang, &view),
        "me": me,
    }))
    .into_response();
    super::game::no_cache(&mut response);
    response
}
