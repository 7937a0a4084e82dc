//! Solving a server's puzzles on the web: `/dama puzzle` links here when the web pages
//! and signing in are on. The page shows the signed-in member's puzzle under way on that server
//! (the same try as in Discord: answering on either goes on with it), or offers the next one,
//! and takes each answer by two clicks, as a game's page takes a move. The service decides
//! everything: whether the move is legal, right or wrong, the reply, the rating.
//!
//! - `GET /puzzle/{guild}`: the page, for a signed-in member of the server;
//! - `POST /puzzle/{guild}/act` (`{"act": "start"}` or `{"act": "move", "move": "d3-d4"}`, with
//!   the session's anti-forgery token): the new state and what came of it, in words.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use dama_rules::Color;
use dama_rules::notation::{MoveText, Notation};
use dama_service::ids::GuildId;
use dama_service::model::{Player, PlayerSettings};
use dama_service::service::{PuzzleAnswer, PuzzleChoice, PuzzleError, PuzzleView, ServiceError};
use serde::Deserialize;
use serde_json::{Value, json};

use super::html;
use super::refusal::{Refusal, Sent};
use super::session::Visitor;
use super::state::{choice_json, squares_json};
use super::{Web, assets, words};
use dama_words::Language;
use dama_words::numbers;
use dama_words::puzzles::{answer_lines, line_text, to_play};
use dama_words::say;
use maud::{DOCTYPE, Markup, PreEscaped, html};

/// `GET /puzzle/{guild}`.
pub(crate) async fn page(
    State(web): State<Web>,
    Path(guild): Path<String>,
    Visitor { viewer, lang }: Visitor,
    headers: HeaderMap,
) -> Response {
    let Some(guild) = guild_of(&web, &guild) else {
        return super::game::no_page_here(lang, &headers);
    };
    let word = |key| words::word(lang, key);
    let (account, body, state, settings) = match &viewer {
        None => {
            let account = html! {
                p.account {
                    a.sign-in #sign-in href={ "/signin?next=/puzzle/" (guild.0) } {
                        (word("web-sign-in"))
                    }
                }
            };
            (account, word("web-puzzle-sign-in"), Value::Null, None)
        }
        Some(viewer) => {
            let signed_in = say!(lang, "web-signed-in", name = viewer.name.clone());
            let account = html! { p.account { span #signed-in { (signed_in) } } };
            let under_way = match web
                .service()
                .puzzle_under_way_away(viewer.user, guild)
                .await
            {
                Ok(under_way) => under_way,
                Err(ServiceError::Puzzle(PuzzleError::NotMember)) => {
                    return refusal_page(lang, &account, "web-puzzle-not-member");
                }
                Err(e) => return super::game::failed(&e, lang, &headers),
            };
            let settings = web
                .service()
                .settings(viewer.user)
                .await
                .unwrap_or_default();
            let state =
                under_way.map_or(Value::Null, |view| state_json(&view, lang, &settings, None));
            (account, String::new(), state, Some(settings))
        }
    };
    let theme = match settings.map(|s| s.theme) {
        Some(dama_service::model::Theme::Checkered) => "checkered",
        _ => "traditional",
    };
    let page = html! {
        (html::head(lang, &word("web-puzzle-title")))
        @if let Some(viewer) = &viewer {
            meta name="dama-csrf" content=(viewer.csrf); "\n"
        }
        link rel="stylesheet" href=(assets::path("game.css")); "\n"
        script type="module" src=(assets::path("puzzle.js")) blocking="render" {} "\n"
        (PreEscaped(assets::preloads("puzzle.js", "")))
        (PreEscaped("</head>\n<body>\n"))
        main.game.puzzle #puzzle data-guild=(guild.0) data-theme=(theme)
            data-offline=(word("web-offline")) data-failed=(word("generic-failure")) {
            "\n"
            header.head {
                "\n"
                h1 #title { (word("web-puzzle-title")) } "\n"
                p.rules #heading { (body) } "\n"
            }
            "\n"
            section.board-area { "\n" div.board #board {} "\n" } "\n"
            aside.side-panel {
                "\n"
                (account) "\n"
                p.status #message aria-live="polite" {} "\n"
                @if viewer.is_some() {
                    section.controls #controls data-your-move=(word("web-your-move"))
                        data-choose-path=(word("web-choose-path")) {
                        "\n"
                        p.prompt #prompt aria-live="polite" {} "\n"
                        div.paths #paths hidden {} "\n"
                        p.error #error role="alert" hidden {} "\n"
                        div.buttons {
                            button type="button" #next-puzzle { (word("web-puzzle-next")) }
                        }
                        "\n"
                    }
                }
                "\n"
            }
            "\n"
        }
        "\n"
        script type="application/json" id="initial-state" {
            (PreEscaped(state.to_string().replace('<', "\\u003c")))
        }
        (PreEscaped("\n</body>\n</html>\n"))
    };
    let html = page.into_string();
    let mut response = assets::compressed(&headers, "text/html; charset=utf-8", html.into_bytes());
    super::game::no_cache(&mut response);
    response
}

/// The server a puzzle's address names, while signing in is on (solving needs it).
fn guild_of(web: &Web, guild: &str) -> Option<GuildId> {
    web.sign_in()?;
    guild.parse().ok().map(GuildId)
}

/// A page that only says why there is nothing to solve here.
fn refusal_page(lang: Language, account: &Markup, key: &'static str) -> Response {
    let title = words::word(lang, "web-puzzle-title");
    let page = html! {
        (DOCTYPE)
        html lang=(lang.name()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                link rel="stylesheet" href=(assets::path("game.css"));
            }
            body {
                main.game {
                    header.head { h1 { (title) } }
                    aside.side-panel {
                        (account)
                        p.status #message { (words::word(lang, key)) }
                    }
                }
            }
        }
    };
    let mut response = (StatusCode::FORBIDDEN, page.into_string()).into_response();
    response.headers_mut().insert(
        axum::http::header::CONTENT_TYPE,
        axum::http::HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
}

/// What the page sends.
#[derive(Deserialize)]
#[serde(tag = "act", rename_all = "snake_case")]
enum Action {
    /// The next puzzle (or the one under way).
    Start,
    /// An answer, in algebraic notation with its full path.
    Move {
        #[serde(rename = "move")]
        text: String,
    },
}

/// `POST /puzzle/{guild}/act`.
pub(crate) async fn act(
    State(web): State<Web>,
    Path(guild): Path<String>,
    Visitor { viewer, lang }: Visitor,
    headers: HeaderMap,
    Sent(body): Sent,
) -> Result<Response, Refusal> {
    let Some(guild) = guild_of(&web, &guild) else {
        return Err(Refusal::not_found(lang, "web-no-page"));
    };
    let Some(viewer) = viewer else {
        return Err(Refusal::signed_out(lang, "web-sign-in-to-play"));
    };
    if !viewer.sent_by_page(&headers) {
        return Err(Refusal::forged(lang));
    }
    let Ok(action) = serde_json::from_slice::<Action>(&body) else {
        return Err(Refusal::bad_request(lang, "web-bad-action"));
    };
    let settings = web
        .service()
        .settings(viewer.user)
        .await
        .map_err(|e| Refusal::of_service(&e, lang, Notation::Algebraic).unmarked())?;
    let notation = settings.notation;
    let service = web.service();
    let done = match action {
        Action::Start => {
            let player = Player::new(viewer.user, viewer.name.clone());
            service
                .start_puzzle_away(&player, guild, PuzzleChoice::Next)
                .await
                .map(|started| {
                    let message = if started.resumed {
                        say!(lang, "puzzle-resumed")
                    } else {
                        String::new()
                    };
                    (state_json(&started.puzzle, lang, &settings, None), message)
                })
        }
        Action::Move { text } => {
            let Ok(text) = text.parse::<MoveText>() else {
                return Err(Refusal::bad_request(lang, "web-bad-action"));
            };
            service
                .answer_puzzle_away(viewer.user, guild, &text)
                .await
                .map(|answer| answered(&answer, lang, &settings))
        }
    };
    match done {
        Ok((state, message)) => {
            Ok(Json(json!({ "state": state, "message": message })).into_response())
        }
        Err(e) => Err(Refusal::of_service(&e, lang, notation).unmarked()),
    }
}

/// The state after an answer, and what came of it in words.
fn answered(answer: &PuzzleAnswer, lang: Language, settings: &PlayerSettings) -> (Value, String) {
    let message = answer_lines(lang, answer, settings.notation).join(" ");
    let (puzzle, ended) = match answer {
        PuzzleAnswer::Correct { puzzle, .. } => (puzzle, None),
        PuzzleAnswer::Solved { puzzle, .. } => (puzzle, Some(true)),
        PuzzleAnswer::Failed { puzzle, .. } => (puzzle, Some(false)),
    };
    (state_json(puzzle, lang, settings, ended), message)
}

/// The puzzle as the page draws it for a solver with `settings`: the position and the one
/// before its last move (for the last move's marks), the side at the bottom (the solver's,
/// unless they chose White always), and the legal answers while the try is under way.
/// `ended`: `Some(solved)` once the try is over.
fn state_json(
    view: &PuzzleView,
    lang: Language,
    settings: &PlayerSettings,
    ended: Option<bool>,
) -> Value {
    let last = view.last_move.map(|last| squares_json(&last.mv));
    let over = ended.is_some();
    let legal: Vec<Value> = if over {
        Vec::new()
    } else {
        view.legal_moves().iter().map(choice_json).collect()
    };
    let side = |c: Color| if c == Color::White { "white" } else { "black" };
    json!({
        "id": view.id.0,
        "title": say!(lang, "web-puzzle-number", puzzle = numbers::label(view.id.0)),
        "heading": to_play(lang, view),
        "solver": side(view.solver),
        "bottom": side(settings.bottom(Some(view.solver))),
        "position": view.position.to_string(),
        "previous": view.last_move.map(|last| last.before.to_string()),
        "last": last,
        "legal": legal,
        "over": over,
        "solved": ended,
        "played": line_text(&view.played, settings.notation),
    })
}
