//! The handlers of a game's page and its data: each reads the game by its token through the
//! service, and maps a token no game has (or no token at all) to the 404 page.

use std::fmt::Write as _;

use std::convert::Infallible;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use dama_render::{ColorScheme, RenderOptions};
use dama_rules::{Color, Game};
use dama_service::ids::WebToken;
use dama_service::model::ClockReading;
use dama_service::service::{GameView, ServiceError};

use super::html::{self, escape};
use super::refusal::Refusal;
use super::session::{Viewer, Visitor};
use super::{Web, assets, events, words};
use dama_words::Language;
use dama_words::text::Label;

/// The `{token}` of a path as text; empty when the path does not decode (bad percent
/// escapes), so that it names no game and is answered with the 404 page like any wrong token.
pub(crate) struct TokenText(pub(crate) String);

impl<S: Send + Sync> FromRequestParts<S> for TokenText {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<TokenText, Infallible> {
        let path = Path::<String>::from_request_parts(parts, state).await;
        Ok(TokenText(path.map(|Path(token)| token).unwrap_or_default()))
    }
}

/// The game a route's `{token}` names, and the reader's language (see
/// `Web::request_language`). A token no game has is answered with the 404 page, a failure of
/// the service with the failure page, in that language.
pub(crate) struct TokenGame {
    pub(crate) view: GameView,
    pub(crate) lang: Language,
}

impl FromRequestParts<Web> for TokenGame {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<TokenGame, Refusal> {
        let Ok(TokenText(token)) = TokenText::from_request_parts(parts, web).await;
        let lang = web.request_language(&parts.headers).await;
        let view = found_or_page(web.game_of(&token).await, lang, &parts.headers)?;
        Ok(TokenGame { view, lang })
    }
}

/// Pages and states show the game as it is now: never cached without asking again.
const NO_CACHE: &str = "no-cache";

/// `GET /game/{token}`: the page.
pub(crate) async fn page(
    State(web): State<Web>,
    TokenText(token): TokenText,
    Visitor { viewer, lang }: Visitor,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let Ok(token) = token.parse::<WebToken>() else {
        return Err(Refusal::not_found(lang, "web-not-found")
            .titled("web-not-found-title")
            .page_for(&headers));
    };
    let found = web.service().game_and_history_by_token(&token).await;
    let (view, game) = found_or_page(found, lang, &headers)?;
    let reader = Reader::of(&web, viewer, &view, false).await;
    let failed = |e| Refusal::failed(&e, lang).page_for(&headers);
    let reader = reader.map_err(failed)?;
    // Built from the game just read, not read again.
    let state = web.state_of_read(&view, &game, lang).await;
    let (_, state) = state.map_err(failed)?;
    let shown = Shown {
        token: &token,
        view: &view,
        game: &game,
        lang,
        reader: &reader,
        state: &state,
        clock: view.clock_at(web.service().now()),
    };
    let html = page_html(&web, &shown);
    let mut response = assets::compressed(&headers, "text/html; charset=utf-8", html.into_bytes());
    no_cache(&mut response);
    Ok(response)
}

/// What a page's lookup by a token found, or the page that says why there is nothing: the 404
/// page where no game has the token, the failure page where the service failed.
pub(super) fn found_or_page<T>(
    found: Result<Option<T>, ServiceError>,
    lang: Language,
    headers: &HeaderMap,
) -> Result<T, Refusal> {
    found_or_refusal(found, lang).map_err(|refusal| refusal.page_for(headers))
}

/// What a lookup by a token found, or why there is nothing: no game has the token (404), or
/// the service failed (500, logged).
fn found_or_refusal<T>(
    found: Result<Option<T>, ServiceError>,
    lang: Language,
) -> Result<T, Refusal> {
    match found {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err(Refusal::not_found(lang, "web-not-found").titled("web-not-found-title")),
        Err(e) => Err(Refusal::failed(&e, lang)),
    }
}

/// `GET /game/{token}/state`: the game as JSON (see `state`); a refusal as JSON too, unless a
/// browser navigates here.
pub(crate) async fn state(
    State(web): State<Web>,
    TokenText(token): TokenText,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let lang = web.request_language(&headers).await;
    let view =
        found_or_refusal(web.game_of(&token).await, lang).map_err(|r| r.shaped_for(&headers))?;
    match web.state_of(view.id, lang, None).await {
        Ok((_, json)) => {
            let body = json.as_bytes().to_vec();
            let mut response = assets::compressed(&headers, "application/json", body);
            no_cache(&mut response);
            Ok(response)
        }
        Err(e) => Err(Refusal::failed(&e, lang).shaped_for(&headers)),
    }
}

/// `GET /game/{token}/events`: the state after every change (see `events`). The stream's
/// places are taken first (see `streams`), then the game is looked up and its first state sent
/// from the states already built, when one is at the game's version.
pub(crate) async fn events(
    State(web): State<Web>,
    TokenText(token): TokenText,
    peer: super::client::Peer,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let client = web.client(peer, &headers);
    let (place, setting_up) = match web.0.streams.enter(client) {
        Ok(places) => places,
        Err(refused) => {
            tracing::debug!(?refused, "an event stream was refused");
            web.metrics().shed(refused.reason());
            // In the browser's language: nothing is read from the database without a place.
            let lang = super::lang::of_request(&headers);
            return Err(Refusal::busy(lang, "web-busy").shaped_for(&headers));
        }
    };
    // The reader's language, as their page was drawn in (a web session's cookie comes with
    // the stream; the Activity names the member's language in the address).
    let lang = web.request_language(&headers).await;
    let view = found_or_page(web.game_of(&token).await, lang, &headers)?;
    let stream = events::stream(web, view.id, view.version, lang, place, setting_up);
    let mut response = stream.into_response();
    // Proxies that buffer (nginx) pass the stream on as it comes.
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

/// `GET /game/{token}/pdn`: the game's record, as a download.
pub(crate) async fn pdn(
    State(web): State<Web>,
    TokenGame { view, lang }: TokenGame,
    headers: HeaderMap,
) -> Response {
    let game = view.id;
    match web.service().export_pdn(game).await {
        Ok(pdn) => {
            let disposition = format!("attachment; filename=\"dama-game-{game}.pdn\"");
            let mut response = pdn.into_response();
            let h = response.headers_mut();
            h.insert(
                CONTENT_TYPE,
                HeaderValue::from_static("application/x-pdn; charset=utf-8"),
            );
            if let Ok(value) = HeaderValue::from_str(&disposition) {
                h.insert(CONTENT_DISPOSITION, value);
            }
            no_cache(&mut response);
            response
        }
        Err(e) => failed(&e, lang, &headers),
    }
}

/// `GET /game/{token}/board.png`: the board as it stands, drawn as in Discord (the default
/// colours, the last move marked) and as anyone sees it (a spectator's view: White at the
/// bottom), for link previews and browsers without scripts.
pub(crate) async fn board_png(
    State(web): State<Web>,
    TokenGame { view, lang }: TokenGame,
    headers: HeaderMap,
) -> Response {
    let renderer = std::sync::Arc::clone(&web.0.renderer);
    let drawn = tokio::task::spawn_blocking(move || {
        let options = RenderOptions::default()
            .with_colors(&ColorScheme::TRADITIONAL)
            .with_last_move(view.last_move);
        renderer.render_png(&view.position, &options)
    })
    .await;
    match drawn {
        Ok(png) => {
            let mut response =
                ([(CONTENT_TYPE, HeaderValue::from_static("image/png"))], png).into_response();
            // Previews fetch it again after a minute at most; the page's image asks each time.
            response.headers_mut().insert(
                CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=60"),
            );
            response
        }
        Err(e) => {
            tracing::error!(error = %e, "cannot draw a board for the web");
            Refusal::failure(lang).page_for(&headers).into_response()
        }
    }
}

/// Any other path: the 404 page.
pub(crate) async fn no_page(State(web): State<Web>, headers: HeaderMap) -> Response {
    no_page_here(web.request_language(&headers).await, &headers)
}

pub(super) fn no_cache(response: &mut Response) {
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(NO_CACHE));
}

/// The page for a sign-in that did not work (a stale or forged return, or Discord refused
/// the code).
pub(crate) fn sign_in_failed(lang: Language, headers: &HeaderMap) -> Response {
    Refusal::bad_request(lang, "web-sign-in-failed")
        .titled("web-sign-in")
        .page_for(headers)
        .into_response()
}

/// The page for any other address that leads nowhere: a server's page that does not exist or
/// is off, a puzzle page, the Activity where it is off, an unknown path.
pub(crate) fn no_page_here(lang: Language, headers: &HeaderMap) -> Response {
    Refusal::not_found(lang, "web-no-page")
        .page_for(headers)
        .into_response()
}

/// The page for a failure on the bot's side: logged, never shown.
pub(super) fn failed(e: &ServiceError, lang: Language, headers: &HeaderMap) -> Response {
    Refusal::failed(e, lang).page_for(headers).into_response()
}

/// A page of a heading and a sentence, with the pages' style (how a [`Refusal`] reads in a
/// browser that navigates), gzipped when `gzip`.
pub(super) fn plain_page_of(lang: Language, title: &str, sentence: &str, gzip: bool) -> Response {
    let title = escape(title);
    let html = format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"{css}\"></head>\
         <body class=\"plain\"><main><h1>{title}</h1><p>{sentence}</p></main></body></html>\n",
        lang = lang.name(),
        css = assets::path("game.css"),
        sentence = escape(sentence),
    );
    let mut response = assets::compressed_if(gzip, "text/html; charset=utf-8", html.into_bytes());
    no_cache(&mut response);
    response
}

/// Who reads a page: signed in or not, and whether they could.
pub(crate) struct Reader {
    pub(super) viewer: Option<Viewer>,
    pub(super) can_sign_in: bool,
    /// Reading in the Activity: signed in by Discord's client, with no way in or out here.
    pub(super) in_activity: bool,
    /// The signed-in reader's notation (`/dama settings`), algebraic for everyone else.
    pub(super) notation: dama_rules::notation::Notation,
    /// The signed-in reader's board theme (`/dama settings`), the default for everyone else.
    pub(super) theme: dama_service::model::Theme,
    /// The side at the bottom of the board, as the service says (`GameService::orientation`).
    pub(super) bottom: Color,
}

impl Reader {
    /// `viewer` reading `view`'s page, on the web or `in_activity`: their settings, and the
    /// side the service puts at the bottom for them.
    pub(super) async fn of(
        web: &Web,
        viewer: Option<Viewer>,
        view: &GameView,
        in_activity: bool,
    ) -> Result<Reader, ServiceError> {
        let user = viewer.as_ref().map(|v| v.user);
        let settings = match user {
            Some(user) => web.service().settings(user).await?,
            None => dama_service::model::PlayerSettings::default(),
        };
        let bottom = web.service().orientation(view, user).await?;
        Ok(Reader {
            viewer,
            can_sign_in: web.sign_in().is_some() && !in_activity,
            in_activity,
            notation: settings.notation,
            theme: settings.theme,
            bottom,
        })
    }
}

/// The page's account line and its player's controls: signed in, the name and a way out, and
/// for a player of this game the buttons (the script shows those that apply); otherwise a
/// way in, when signing in is on.
fn account_html(
    reader: &Reader,
    view: &GameView,
    token: &WebToken,
    lang: Language,
) -> (String, String) {
    let word = |key| escape(&words::word(lang, key));
    let label = |l: Label| escape(&l.say(lang));
    let Some(viewer) = &reader.viewer else {
        if !reader.can_sign_in || reader.in_activity {
            return (String::new(), String::new());
        }
        let account = format!(
            "<p class=\"account\"><a class=\"sign-in\" id=\"sign-in\" href=\"/signin?next=/game/{token}\">{}</a></p>",
            word("web-sign-in")
        );
        return (account, String::new());
    };
    let signed_in = escape(&dama_words::say!(
        lang,
        "web-signed-in",
        name = viewer.name.clone()
    ));
    let account = if reader.in_activity {
        format!("<p class=\"account\"><span id=\"signed-in\">{signed_in}</span></p>")
    } else {
        format!(
            "<p class=\"account\"><span id=\"signed-in\">{signed_in}</span> \
             <button type=\"button\" class=\"link\" id=\"sign-out\">{}</button> \
             <button type=\"button\" class=\"link\" id=\"sign-out-everywhere\">{}</button></p>",
            word("web-sign-out"),
            word("web-sign-out-everywhere")
        )
    };
    if view.seats.color_of(viewer.user).is_none() {
        let watching = format!(
            "<p class=\"watching\" id=\"watching\">{}</p>",
            word("web-watching")
        );
        return (account, watching);
    }
    let controls = format!(
        r#"<section class="controls" id="controls" data-your-move="{your_move}" data-choose-path="{choose_path}" data-premove-queued="{premove_queued}" data-premove-dropped="{premove_dropped}">
<p class="prompt" id="prompt" aria-live="polite"></p>
<div class="paths" id="paths" hidden></div>
<div class="confirm" id="confirm" hidden><p id="confirm-text"></p><button type="button" class="danger" id="confirm-yes"></button> <button type="button" id="confirm-no"></button></div>
<p class="error" id="error" role="alert" hidden></p>
<div class="buttons">
<button type="button" id="offer-draw">{offer_draw}</button>
<button type="button" id="accept-draw" hidden>{accept_draw}</button>
<button type="button" id="decline-draw" hidden>{decline_draw}</button>
<button type="button" id="ask-takeback">{ask_takeback}</button>
<button type="button" id="allow-takeback" hidden>{allow_takeback}</button>
<button type="button" id="refuse-takeback" hidden>{refuse_takeback}</button>
<button type="button" class="danger" id="resign" data-confirm="{confirm_resign}">{resign}</button>
<button type="button" id="claim-win" hidden>{claim_win}</button>
<button type="button" id="claim-draw" hidden>{claim_draw}</button>
</div>
</section>"#,
        your_move = word("web-your-move"),
        choose_path = word("web-choose-path"),
        premove_queued = word("web-premove-queued"),
        premove_dropped = word("web-premove-dropped"),
        offer_draw = label(Label::OfferDraw),
        accept_draw = label(Label::AcceptDraw),
        decline_draw = label(Label::DeclineDraw),
        ask_takeback = word("choice-takeback-request"),
        allow_takeback = label(Label::AllowTakeback),
        refuse_takeback = label(Label::RefuseTakeback),
        confirm_resign = label(Label::ConfirmResign),
        resign = label(Label::Resign),
        claim_win = word("web-claim-win"),
        claim_draw = word("web-claim-draw"),
    );
    (account, controls)
}

/// A game as one reader is shown it: its link's token, the game, its record, the reader and
/// their language, the state the page's script starts from, and a live game's clocks as read
/// for the page.
pub(super) struct Shown<'a> {
    pub(super) token: &'a WebToken,
    pub(super) view: &'a GameView,
    pub(super) game: &'a Game,
    pub(super) lang: Language,
    pub(super) reader: &'a Reader,
    pub(super) state: &'a str,
    pub(super) clock: Option<ClockReading>,
}

/// The page of `shown`: the board, the players, the rules, the status and clock, the moves and
/// the stepping buttons. The script blocks the first paint (`blocking="render"`) and draws the
/// board from the page's own state as it starts, so the page is never seen with an empty board;
/// the board as a picture is for browsers without scripts.
fn page_html(web: &Web, shown: &Shown<'_>) -> String {
    let &Shown {
        token,
        view,
        lang,
        reader,
        ..
    } = shown;
    let csrf = reader
        .viewer
        .as_ref()
        .map(Viewer::csrf_meta)
        .unwrap_or_default();
    let link = dama_service::links::game_link(&web.0.public_url, token);
    let image = format!("{link}/board.png?v={}", view.version);
    let title = escape(&words::title(lang, view));
    let description = escape(&words::description(lang, view));
    let alt = escape(&words::board(lang, view));
    let main = game_html(shown, &format!("/game/{token}"));
    format!(
        r#"{head}<meta name="description" content="{description}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Dama">
<meta property="og:title" content="{title}">
<meta property="og:description" content="{description}">
<meta property="og:image" content="{image}">
<meta property="og:image:alt" content="{alt}">
<meta property="og:url" content="{link}">
<meta name="twitter:card" content="summary_large_image">
{csrf}<link rel="stylesheet" href="{css}">
<script type="module" src="{js}" blocking="render"></script>
{preloads}</head>
<body>
{main}</body>
</html>
"#,
        head = html::head(lang, &title),
        css = assets::path("game.css"),
        js = assets::path("page.js"),
        preloads = assets::preloads("page.js", ""),
    )
}

/// The game itself, as the web page and the Activity show it: the `#game` element and the
/// state its script starts from. `base` is the game's address (its board, record, events and
/// actions are under it): `/game/{token}` on the web, `/.proxy/game/{token}` in the Activity.
pub(super) fn game_html(shown: &Shown<'_>, base: &str) -> String {
    let &Shown {
        token,
        view,
        game,
        lang,
        reader,
        state,
        clock,
    } = shown;
    let (account, controls) = account_html(reader, view, token, lang);
    let me = reader
        .viewer
        .as_ref()
        .and_then(|v| view.seats.color_of(v.user))
        .map_or("", |c| if c == Color::White { "white" } else { "black" });
    let title = escape(&words::title(lang, view));
    let alt = escape(&words::board(lang, view));
    let status = escape(&words::status(lang, view));
    let word = |key| escape(&words::word(lang, key));
    let name = |color| escape(&words::name(lang, view, color));
    let colour = |color| escape(&dama_words::text::colour(lang, color));
    // A finished game's view has no deadline.
    let deadline = match view.deadline {
        Some(at) => format!(
            "<p class=\"deadline\" id=\"deadline\">{} <time datetime=\"{ms}\" data-ms=\"{ms}\">{utc}</time></p>",
            word("web-deadline"),
            ms = at.as_millis(),
            utc = utc_text(at.as_millis()),
        ),
        None => "<p class=\"deadline\" id=\"deadline\" hidden></p>".to_owned(),
    };
    let mut moves = String::new();
    for (i, pair) in game.moves().chunks(2).enumerate() {
        let _ = write!(moves, "<li><span class=\"n\">{}.</span>", i + 1);
        for (j, m) in pair.iter().enumerate() {
            let ply = 2 * i + j + 1;
            let current = if ply == game.moves().len() {
                " aria-current=\"true\""
            } else {
                ""
            };
            let _ = write!(
                moves,
                "<button type=\"button\" data-ply=\"{ply}\"{current}>{}</button>",
                escape(&dama_rules::notation::format(m, reader.notation))
            );
        }
        moves.push_str("</li>");
    }
    let to_move = |color: Color| {
        if !view.is_over() && view.turn() == color {
            " to-move"
        } else {
            ""
        }
    };
    // A live game's clock beside each player, as read for the page; its script counts down.
    let clock_of = |color: Color| {
        let Some(reading) = clock else {
            return String::new();
        };
        let (key, side) = if color == Color::White {
            ("web-clock-white", "white")
        } else {
            ("web-clock-black", "black")
        };
        let running = if reading.running == Some(color) {
            " running"
        } else {
            ""
        };
        let left = u64::try_from(reading.remaining(color)).unwrap_or(0);
        format!(
            "<span class=\"clock{running}\" id=\"clock-{side}\" role=\"timer\" aria-label=\"{label}\"><span class=\"time\">{time}</span><span class=\"low-note\" hidden>{low}</span></span>",
            label = word(key),
            time = escape(&dama_words::numbers::clock(lang, left)),
            low = word("web-clock-low"),
        )
    };
    // The decimal separator of the reader's language, for the script's tenths of a second.
    let decimal = dama_words::numbers::clock(lang, 1_500)
        .chars()
        .find(|c| !c.is_ascii_digit())
        .unwrap_or('.');
    format!(
        r#"<main class="game" id="game" data-version="{version}" data-offline="{offline}" data-failed="{failed}" data-start="{start}" data-me="{me}" data-signed-in="{signed_in}" data-bottom="{bottom}" data-notation="{notation}" data-theme="{theme}" data-sound="{sound}" data-decimal="{decimal}">
<header class="head">
<h1 id="title">{title}</h1>
<p class="rules">{rules} · <span class="live" id="live" hidden>{live}</span></p>
</header>
<section class="board-area">
<ol class="players">
<li class="player black{black_turn}"><span class="stone black" aria-hidden="true"></span><span class="who">{black}</span> <span class="side">({black_colour})</span>{black_clock}</li>
<li class="player white{white_turn}"><span class="stone white" aria-hidden="true"></span><span class="who">{white}</span> <span class="side">({white_colour})</span>{white_clock}</li>
</ol>
<div class="board" id="board"><noscript><img src="{base}/board.png?v={version}" alt="{alt}" width="640" height="640"></noscript></div>
<nav class="steps" aria-label="{moves_word}">
<button type="button" id="first" aria-label="{first}" title="{first}"><svg viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="M3 2h2v12H3zM14 2v12L6 8z"/></svg></button>
<button type="button" id="previous" aria-label="{previous}" title="{previous}"><svg viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="M12 2v12L4 8z"/></svg></button>
<span class="ply" id="ply" aria-live="polite">{ply}/{ply}</span>
<button type="button" id="next" aria-label="{next}" title="{next}"><svg viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="M4 2v12l8-6z"/></svg></button>
<button type="button" id="last" aria-label="{last}" title="{last}"><svg viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="M11 2h2v12h-2zM2 2v12l8-6z"/></svg></button>
<button type="button" class="analyse" id="analyse">{analysis_board}</button>
</nav>
</section>
<aside class="side-panel">
{account}
<p class="status" id="status" aria-live="polite">{status}</p>
{deadline}
{controls}
{analysis}
<h2>{moves_word}</h2>
<ol class="moves" id="moves">{moves}</ol>
<section class="review" id="review" hidden><h2 id="review-title"></h2><div class="graph" id="graph"></div></section>
<p class="downloads"><a href="{base}/pdn" download>{pdn}</a></p>
</aside>
</main>
<script type="application/json" id="initial-state">{state}</script>
"#,
        version = view.version,
        signed_in = if reader.viewer.is_some() { "yes" } else { "" },
        analysis = analysis_html(lang, !me.is_empty()),
        analysis_board = word("web-analysis"),
        bottom = if reader.bottom == Color::White {
            "white"
        } else {
            "black"
        },
        offline = word("web-offline"),
        failed = word("generic-failure"),
        sound = word("web-move-sound"),
        start = word("web-start"),
        rules = escape(&words::rules(lang, view)),
        live = word("web-live"),
        black = name(Color::Black),
        white = name(Color::White),
        black_colour = colour(Color::Black),
        white_colour = colour(Color::White),
        black_turn = to_move(Color::Black),
        black_clock = clock_of(Color::Black),
        white_clock = clock_of(Color::White),
        decimal = escape(&decimal.to_string()),
        white_turn = to_move(Color::White),
        moves_word = word("web-moves"),
        first = word("web-first"),
        previous = word("web-previous"),
        next = word("web-next"),
        last = word("web-last"),
        ply = view.ply,
        pdn = word("web-pdn"),
        // The state the script draws its first board from, without waiting for the event
        // stream: data, not script (the policy allows it); `<` escaped so no text in it can
        // close the element.
        state = state.replace('<', "\\u003c"),
        theme = if reader.theme == dama_service::model::Theme::Checkered {
            "checkered"
        } else {
            "traditional"
        },
        notation = if reader.notation == dama_rules::notation::Notation::Numeric {
            "numeric"
        } else {
            "algebraic"
        },
    )
}

/// The analysis board's panel (see `analysis.js`), hidden until it opens, and for a player of
/// the game the panel of their conditional moves, hidden until they have some.
fn analysis_html(lang: Language, player: bool) -> String {
    let word = |key| escape(&words::word(lang, key));
    let conditional = if player {
        format!(
            r#"<section class="conditional" id="conditional" hidden>
<h2>{title}</h2>
<p class="hint">{hint}</p>
<ol class="lines" id="conditional-lines"></ol>
<button type="button" id="conditional-clear">{clear}</button>
</section>
"#,
            title = word("web-conditional-title"),
            hint = word("web-conditional-hint"),
            clear = word("web-conditional-clear"),
        )
    } else {
        String::new()
    };
    format!(
        r#"<section class="analysis" id="analysis" hidden data-label="{label}" data-choose-path="{choose_path}" data-evaluating="{evaluating}" data-sign-in="{sign_in}" data-saved="{saved}" data-offline="{offline}" data-failed="{failed}">
<h2>{title}</h2>
<p class="hint">{hint}</p>
<ol class="moves branch" id="branch"></ol>
<p class="over" id="analysis-over" hidden></p>
<div class="paths" id="analysis-paths" hidden></div>
<div class="evaluation" id="evaluation" hidden><svg class="evaluation-bar" id="evaluation-bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true"><rect class="bar-black" x="0" y="0" width="100" height="6"/><rect class="bar-white" id="evaluation-white" x="0" y="0" width="50" height="6"/></svg><p id="evaluation-says" aria-live="polite"></p><p class="line" id="evaluation-line"></p></div>
<div class="save" id="save-box" hidden><p class="hint">{how}</p><button type="button" id="save-line">{save}</button><p class="saved" id="save-note" aria-live="polite"></p></div>
<p class="error" id="analysis-error" role="alert" hidden></p>
<button type="button" class="return" id="analysis-close">{close}</button>
</section>
{conditional}"#,
        label = word("web-analysis"),
        choose_path = word("web-choose-path"),
        evaluating = word("web-evaluating"),
        sign_in = word("web-evaluation-sign-in"),
        saved = word("web-conditional-saved"),
        offline = word("web-offline"),
        failed = word("generic-failure"),
        title = word("web-analysis-title"),
        hint = word("web-analysis-hint"),
        how = word("web-conditional-how"),
        save = word("web-conditional-save"),
        close = word("web-analysis-return"),
    )
}

/// A time as "2026-05-01 14:00 UTC", for the page before its script shows it in the reader's
/// own time.
pub(super) fn utc_text(ms: i64) -> String {
    let at = dama_service::clock::Timestamp::from_millis(ms);
    let date = at.date();
    let minutes = ms.rem_euclid(86_400_000) / 60_000;
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        date.year,
        date.month,
        date.day,
        minutes / 60,
        minutes % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn utc_text_reads_as_a_calendar_date() {
        assert_eq!(super::utc_text(0), "1970-01-01 00:00 UTC");
        assert_eq!(super::utc_text(1_709_210_096_000), "2024-02-29 12:34 UTC");
    }
}
