//! The handlers of a game's page and its data: each reads the game by its token through the
//! service, and maps a token no game has (or no token at all) to the 404 page.

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
use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::html;
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
    let page = html! {
        (DOCTYPE) "\n"
        html lang=(lang.name()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) }
                link rel="stylesheet" href=(assets::path("game.css"));
            }
            body.plain { main { h1 { (title) } p { (sentence) } } }
        }
        "\n"
    };
    let body = page.into_string().into_bytes();
    let mut response = assets::compressed_if(gzip, "text/html; charset=utf-8", body);
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
fn account_html(reader: &Reader, view: &GameView, token: &WebToken, lang: Language) -> Markup {
    let word = |key| words::word(lang, key);
    let label = |l: Label| l.say(lang);
    let Some(viewer) = &reader.viewer else {
        if !reader.can_sign_in || reader.in_activity {
            return html! {};
        }
        return html! {
            p.account {
                a.sign-in #sign-in href={ "/signin?next=/game/" (token) } { (word("web-sign-in")) }
            }
        };
    };
    let signed_in = dama_words::say!(lang, "web-signed-in", name = viewer.name.clone());
    let account = if reader.in_activity {
        html! { p.account { span #signed-in { (signed_in) } } }
    } else {
        html! {
            p.account {
                span #signed-in { (signed_in) }
                " "
                button.link type="button" #sign-out { (word("web-sign-out")) }
                " "
                button.link type="button" #sign-out-everywhere { (word("web-sign-out-everywhere")) }
            }
        }
    };
    if view.seats.color_of(viewer.user).is_none() {
        return html! {
            (account) "\n"
            p.watching #watching { (word("web-watching")) }
        };
    }
    html! {
        (account) "\n"
        section.controls #controls
            data-your-move=(word("web-your-move"))
            data-choose-path=(word("web-choose-path"))
            data-premove-queued=(word("web-premove-queued"))
            data-premove-dropped=(word("web-premove-dropped")) {
            "\n"
            p.prompt #prompt aria-live="polite" {} "\n"
            div.paths #paths hidden {} "\n"
            div.confirm #confirm hidden {
                p #confirm-text {}
                button.danger type="button" #confirm-yes {}
                " "
                button type="button" #confirm-no {}
            }
            "\n"
            p.error #error role="alert" hidden {} "\n"
            div.buttons {
                "\n"
                button type="button" #offer-draw { (label(Label::OfferDraw)) } "\n"
                button type="button" #accept-draw hidden { (label(Label::AcceptDraw)) } "\n"
                button type="button" #decline-draw hidden { (label(Label::DeclineDraw)) } "\n"
                button type="button" #ask-takeback { (word("choice-takeback-request")) } "\n"
                button type="button" #allow-takeback hidden { (label(Label::AllowTakeback)) } "\n"
                button type="button" #refuse-takeback hidden { (label(Label::RefuseTakeback)) } "\n"
                button.danger type="button" #resign data-confirm=(label(Label::ConfirmResign)) {
                    (label(Label::Resign))
                }
                "\n"
                button type="button" #claim-win hidden { (word("web-claim-win")) } "\n"
                button type="button" #claim-draw hidden { (word("web-claim-draw")) } "\n"
            }
            "\n"
        }
    }
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
    let link = dama_service::links::game_link(&web.0.public_url, token);
    let image = format!("{link}/board.png?v={}", view.version);
    let title = words::title(lang, view);
    let description = words::description(lang, view);
    let main = game_markup(shown, &format!("/game/{token}"));
    let page = html! {
        (html::head(lang, &title))
        meta name="description" content=(description); "\n"
        meta property="og:type" content="website"; "\n"
        meta property="og:site_name" content="Dama"; "\n"
        meta property="og:title" content=(title); "\n"
        meta property="og:description" content=(description); "\n"
        meta property="og:image" content=(image); "\n"
        meta property="og:image:alt" content=(words::board(lang, view)); "\n"
        meta property="og:url" content=(link); "\n"
        meta name="twitter:card" content="summary_large_image"; "\n"
        @if let Some(viewer) = &reader.viewer {
            meta name="dama-csrf" content=(viewer.csrf); "\n"
        }
        link rel="stylesheet" href=(assets::path("game.css")); "\n"
        script type="module" src=(assets::path("page.js")) blocking="render" {} "\n"
        (PreEscaped(assets::preloads("page.js", "")))
        (PreEscaped("</head>\n<body>\n"))
        (main)
        (PreEscaped("</body>\n</html>\n"))
    };
    page.into_string()
}

/// The game itself, as the web page and the Activity show it: the `#game` element and the
/// state its script starts from. `base` is the game's address (its board, record, events and
/// actions are under it): `/game/{token}` on the web, `/.proxy/game/{token}` in the Activity.
pub(super) fn game_html(shown: &Shown<'_>, base: &str) -> String {
    game_markup(shown, base).into_string()
}

/// [`game_html`], as markup.
fn game_markup(shown: &Shown<'_>, base: &str) -> Markup {
    let &Shown {
        token,
        view,
        game,
        lang,
        reader,
        state,
        clock,
    } = shown;
    let me = reader
        .viewer
        .as_ref()
        .and_then(|v| view.seats.color_of(v.user))
        .map_or("", |c| if c == Color::White { "white" } else { "black" });
    let word = |key| words::word(lang, key);
    let to_move = |color: Color| !view.is_over() && view.turn() == color;
    // A live game's clock beside each player, as read for the page; its script counts down.
    let clock_of = |color: Color| {
        let Some(reading) = clock else {
            return html! {};
        };
        let (key, side) = if color == Color::White {
            ("web-clock-white", "white")
        } else {
            ("web-clock-black", "black")
        };
        let left = u64::try_from(reading.remaining(color)).unwrap_or(0);
        html! {
            span.clock.running[reading.running == Some(color)] id={ "clock-" (side) }
                role="timer" aria-label=(word(key)) {
                span.time { (dama_words::numbers::clock(lang, left)) }
                span.low-note hidden { (word("web-clock-low")) }
            }
        }
    };
    let player = |color: Color| {
        let side = if color == Color::White {
            "white"
        } else {
            "black"
        };
        html! {
            li class={ "player " (side) @if to_move(color) { " to-move" } } {
                span class={ "stone " (side) } aria-hidden="true" {}
                span.who { (words::name(lang, view, color)) }
                " "
                span.side { "(" (dama_words::text::colour(lang, color)) ")" }
                (clock_of(color))
            }
        }
    };
    // The decimal separator of the reader's language, for the script's tenths of a second.
    let decimal = dama_words::numbers::clock(lang, 1_500)
        .chars()
        .find(|c| !c.is_ascii_digit())
        .unwrap_or('.');
    let step = |id: &'static str, key: &'static str, path: &'static str| {
        let says = word(key);
        html! {
            button type="button" id=(id) aria-label=(says) title=(says) {
                svg viewBox="0 0 16 16" aria-hidden="true" { path fill="currentColor" d=(path) {} }
            }
        }
    };
    let plies = game.moves().len();
    html! {
        main.game #game data-version=(view.version) data-offline=(word("web-offline"))
            data-failed=(word("generic-failure")) data-start=(word("web-start")) data-me=(me)
            data-signed-in=(if reader.viewer.is_some() { "yes" } else { "" })
            data-bottom=(if reader.bottom == Color::White { "white" } else { "black" })
            data-notation=(if reader.notation == dama_rules::notation::Notation::Numeric {
                "numeric"
            } else {
                "algebraic"
            })
            data-theme=(if reader.theme == dama_service::model::Theme::Checkered {
                "checkered"
            } else {
                "traditional"
            })
            data-sound=(word("web-move-sound")) data-decimal=(decimal) {
            "\n"
            header.head {
                "\n"
                h1 #title { (words::title(lang, view)) } "\n"
                p.rules {
                    (words::rules(lang, view)) " · "
                    span.live #live hidden { (word("web-live")) }
                }
                "\n"
            }
            "\n"
            section.board-area {
                "\n"
                ol.players { "\n" (player(Color::Black)) "\n" (player(Color::White)) "\n" } "\n"
                div.board #board {
                    noscript {
                        img src={ (base) "/board.png?v=" (view.version) } alt=(words::board(lang, view))
                            width="640" height="640";
                    }
                }
                "\n"
                nav.steps aria-label=(word("web-moves")) {
                    "\n"
                    (step("first", "web-first", "M3 2h2v12H3zM14 2v12L6 8z")) "\n"
                    (step("previous", "web-previous", "M12 2v12L4 8z")) "\n"
                    span.ply #ply aria-live="polite" { (view.ply) "/" (view.ply) } "\n"
                    (step("next", "web-next", "M4 2v12l8-6z")) "\n"
                    (step("last", "web-last", "M11 2h2v12h-2zM2 2v12l8-6z")) "\n"
                    button.analyse type="button" #analyse { (word("web-analysis")) } "\n"
                }
                "\n"
            }
            "\n"
            aside.side-panel {
                "\n"
                (account_html(reader, view, token, lang)) "\n"
                p.status #status aria-live="polite" { (words::status(lang, view)) } "\n"
                // A finished game's view has no deadline.
                @if let Some(at) = view.deadline {
                    p.deadline #deadline {
                        (word("web-deadline")) " "
                        time datetime=(at.as_millis()) data-ms=(at.as_millis()) {
                            (utc_text(at.as_millis()))
                        }
                    }
                } @else {
                    p.deadline #deadline hidden {}
                }
                "\n"
                (analysis_html(lang, !me.is_empty()))
                h2 { (word("web-moves")) } "\n"
                ol.moves #moves {
                    @for (i, pair) in game.moves().chunks(2).enumerate() {
                        li {
                            span.n { (i + 1) "." }
                            @for (j, m) in pair.iter().enumerate() {
                                @let ply = 2 * i + j + 1;
                                button type="button" data-ply=(ply)
                                    aria-current=[(ply == plies).then_some("true")] {
                                    (dama_rules::notation::format(m, reader.notation))
                                }
                            }
                        }
                    }
                }
                "\n"
                section.review #review hidden { h2 #review-title {} div.graph #graph {} } "\n"
                p.downloads { a href={ (base) "/pdn" } download { (word("web-pdn")) } } "\n"
            }
            "\n"
        }
        "\n"
        // The state the script draws its first board from, without waiting for the event
        // stream: data, not script (the policy allows it); `<` escaped so no text in it can
        // close the element.
        script type="application/json" id="initial-state" { (PreEscaped(state.replace('<', "\\u003c"))) }
        "\n"
    }
}

/// The analysis board's panel (see `analysis.js`), hidden until it opens, and for a player of
/// the game the panel of their conditional moves, hidden until they have some.
fn analysis_html(lang: Language, player: bool) -> Markup {
    let word = |key| words::word(lang, key);
    html! {
        section.analysis #analysis hidden data-label=(word("web-analysis"))
            data-choose-path=(word("web-choose-path")) data-evaluating=(word("web-evaluating"))
            data-sign-in=(word("web-evaluation-sign-in")) data-saved=(word("web-conditional-saved"))
            data-offline=(word("web-offline")) data-failed=(word("generic-failure")) {
            "\n"
            h2 { (word("web-analysis-title")) } "\n"
            p.hint { (word("web-analysis-hint")) } "\n"
            ol.moves.branch #branch {} "\n"
            p.over #analysis-over hidden {} "\n"
            div.paths #analysis-paths hidden {} "\n"
            div.evaluation #evaluation hidden {
                svg.evaluation-bar #evaluation-bar viewBox="0 0 100 6" preserveAspectRatio="none"
                    aria-hidden="true" {
                    rect.bar-black x="0" y="0" width="100" height="6" {}
                    rect.bar-white #evaluation-white x="0" y="0" width="50" height="6" {}
                }
                p #evaluation-says aria-live="polite" {}
                p.line #evaluation-line {}
            }
            "\n"
            div.save #save-box hidden {
                p.hint { (word("web-conditional-how")) }
                button type="button" #save-line { (word("web-conditional-save")) }
                p.saved #save-note aria-live="polite" {}
            }
            "\n"
            p.error #analysis-error role="alert" hidden {} "\n"
            button.return type="button" #analysis-close { (word("web-analysis-return")) } "\n"
        }
        "\n"
        @if player {
            section.conditional #conditional hidden {
                "\n"
                h2 { (word("web-conditional-title")) } "\n"
                p.hint { (word("web-conditional-hint")) } "\n"
                ol.lines #conditional-lines {} "\n"
                button type="button" #conditional-clear { (word("web-conditional-clear")) } "\n"
            }
            "\n"
        }
    }
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
