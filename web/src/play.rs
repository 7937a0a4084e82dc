//! Playing on the page: `POST /game/{token}/act` with one action as JSON, from a signed-in
//! player's page (its anti-forgery token in `X-Dama-Csrf`, see `session`).
//!
//! ```json
//! {"act": "move", "move": "d3-d4", "ply": 0}
//! {"act": "move", "move": "d4xd6", "ply": 7, "losing": true}
//! {"act": "move", "move": "c3-c4", "ply": 2, "lag_ms": 80}
//! {"act": "resign", "ply": 12}
//! {"act": "draw", "ply": 12}
//! {"act": "takeback"}
//! {"act": "answer", "question": "draw", "accept": true, "version": 31}
//! {"act": "conditional", "line": ["e6-e5", "c3-c4"], "ply": 1}
//! {"act": "clear-conditional"}
//! {"act": "here"}
//! {"act": "claim", "claim": "win"}
//! ```
//!
//! Each goes through the same `GameService` call as its button in Discord, pressed on the
//! board the page showed (`ply`, or `version` for an answer): the service checks the turn,
//! the rules, the limits and that the game has not moved on, writes the change with its news
//! in the outbox, and the Discord thread shows it as if it had been played there. The news is
//! handed to the delivery worker at once (no interaction answer will carry it). A refusal is
//! answered in the reader's language (see `refusal`): `{"error": "…", "code": "…"}`, and for a
//! move that misses a capture under strict rules `{"error": "…", "code": "missed-capture",
//! "confirm": "Play it and lose", "cancel": "Choose another move"}` (sent again with `"losing": true`, it is played and lost). Success is
//! `{"ok": true}`; the page then sees the game change on its event stream.
//!
//! A move may carry the page's estimate of its network lag, `lag_ms` (half a round trip it
//! measured): in a live game the service refunds it within the mover's quota. An estimate below
//! zero or above [`MAX_LAG_MS`] is ignored.
//!
//! In a live game, a player's open page says `here` every few seconds (`GameService::sighted`):
//! the answer says how long until their opponent counts as gone and a claim can be made,
//! `{"ok": true, "presence": {"claimable_in": 12000}}` (ms; `null` where nothing can be
//! claimed), and from then on the page offers to claim the win or a draw (`claim`).
//!
//! Conditional moves (`GameService::set_conditional`): in the opponent's turn, a player saves a
//! line from the analysis board, built on the position at `ply` (the opponent's move, the
//! answer, and so on); success answers with the lines now stored, `{"ok": true, "conditional":
//! …}`, as does clearing them. `GET /game/{token}/conditional` reads them, for their owner
//! alone (see [`lines_json`]).

use std::str::FromStr;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::SignedCookieJar;
use dama_rules::notation::{MoveText, Notation};
use dama_service::ids::UserId;
use dama_service::model::Actor;
use dama_service::service::{
    Claim, ConditionalLines, GameView, HowPlayed, Origin, Pressed, Question, ServiceError,
};
use serde::Deserialize;
use serde_json::json;

use super::game::TokenText;
use super::refusal::{Refusal, Sent};
use super::session::Viewer;
use super::{Web, lang, words};
use dama_words::Language;
use dama_words::text::{self, Style};

/// The largest action body read: an action is a few dozen bytes.
pub(crate) const MAX_ACTION: usize = 1024;

/// The largest lag estimate a page may send with a move (ms); a larger one is ignored.
pub(crate) const MAX_LAG_MS: i64 = 2000;

/// The lag a page estimated (`lag_ms`), if it is one to believe: from 0 to [`MAX_LAG_MS`].
fn lag_of(lag_ms: Option<i64>) -> Option<Duration> {
    lag_ms
        .filter(|ms| (0..=MAX_LAG_MS).contains(ms))
        .and_then(|ms| u64::try_from(ms).ok())
        .map(Duration::from_millis)
}

/// One action of a player, as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(tag = "act", rename_all = "kebab-case", deny_unknown_fields)]
enum Action {
    /// A move, chosen on the board shown at `ply`.
    Move {
        #[serde(rename = "move")]
        text: String,
        ply: u32,
        #[serde(default)]
        losing: bool,
        /// The page's estimate of the move's network lag (ms).
        #[serde(default)]
        lag_ms: Option<i64>,
    },
    /// Resigning, from the board shown at `ply`.
    Resign { ply: u32 },
    /// Offering a draw (or accepting the opponent's offer), from the board shown at `ply`.
    Draw { ply: u32 },
    /// Asking to take back one's last move.
    Takeback,
    /// Answering the opponent's question, shown at `version`.
    Answer {
        question: QuestionWord,
        accept: bool,
        version: i64,
    },
    /// Saving conditional moves: the opponent's move and the answer, in pairs, from the board
    /// shown at `ply`.
    Conditional { line: Vec<String>, ply: u32 },
    /// Clearing one's conditional moves.
    ClearConditional,
    /// The player's page is open (a live game's sighting).
    Here,
    /// Claiming the win or a draw: the opponent has left.
    Claim { claim: ClaimWord },
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum ClaimWord {
    Win,
    Draw,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum QuestionWord {
    Draw,
    Takeback,
}

impl From<QuestionWord> for Question {
    fn from(word: QuestionWord) -> Question {
        match word {
            QuestionWord::Draw => Question::Draw,
            QuestionWord::Takeback => Question::Takeback,
        }
    }
}

/// `POST /game/{token}/act`.
pub(crate) async fn act(
    State(web): State<Web>,
    TokenText(token): TokenText,
    jar: SignedCookieJar,
    headers: HeaderMap,
    Sent(body): Sent,
) -> Result<Response, Refusal> {
    let (viewer, lang, view) =
        member_in_game(&web, &jar, &headers, "web-sign-in-to-play", &token).await?;
    let Ok(action) = serde_json::from_slice::<Action>(&body) else {
        return Err(Refusal::bad_request(lang, "web-bad-action"));
    };
    let user = viewer.user;
    let settings = web.service().settings(user).await;
    let notation = settings.map_err(|e| Refusal::failed(&e, lang))?.notation;
    Ok(
        match perform(&web, &view, user, action, lang, notation).await? {
            None => Json(json!({ "ok": true })).into_response(),
            Some((key, value)) => Json(json!({ "ok": true, key: value })).into_response(),
        },
    )
}

/// The signed-in member who sent `headers` about a game (see [`member`]), the language they
/// read, and the game `token` names. Otherwise the refusal: `sign_in`'s or a forgery's (see
/// [`member`]), no such game (404, where the token names none) or a failure (500, logged).
pub(crate) async fn member_in_game(
    web: &Web,
    jar: &SignedCookieJar,
    headers: &HeaderMap,
    sign_in: &'static str,
    token: &str,
) -> Result<(Viewer, Language, GameView), Refusal> {
    let viewer = member(web, jar, headers, sign_in).await?;
    let lang = web.language(Some(viewer.user), headers).await;
    let view = game_or_refusal(web, token, lang).await?;
    Ok((viewer, lang, view))
}

/// The game a page's `token` names, for a route that answers in JSON; otherwise the refusal in
/// `lang`: no such game (404, where the token names none) or a failure (500, logged).
pub(crate) async fn game_or_refusal(
    web: &Web,
    token: &str,
    lang: Language,
) -> Result<GameView, Refusal> {
    match web.game_of(token).await {
        Ok(Some(view)) => Ok(view),
        Ok(None) => Err(Refusal::not_found(lang, "web-not-found")),
        Err(e) => Err(Refusal::failed(&e, lang)),
    }
}

/// The signed-in member who sent `headers` from a game's page: the Activity's bearer, or the web
/// session's cookie with the page's anti-forgery token. Otherwise the refusal, in the
/// browser's language: `sign_in` (the sentence that asks them to sign in, 401), or a forgery
/// (403).
pub(crate) async fn member(
    web: &Web,
    jar: &SignedCookieJar,
    headers: &HeaderMap,
    sign_in: &'static str,
) -> Result<Viewer, Refusal> {
    let lang = lang::of_request(headers);
    if headers.contains_key(AUTHORIZATION) {
        // The Activity's session.
        return web
            .bearer(headers)
            .await
            .ok_or_else(|| Refusal::signed_out(lang, sign_in));
    }
    let Some(viewer) = web.reader(jar).await else {
        return Err(Refusal::signed_out(lang, sign_in));
    };
    if !viewer.sent_by_page(headers) {
        return Err(Refusal::forged(lang));
    }
    Ok(viewer)
}

/// Does `action` for `user` in `view`'s game through the service: what the answer says beside
/// `ok` (the conditional moves stored now, for an action on them; the opponent's presence,
/// for `here`); the refusal as a response.
async fn perform(
    web: &Web,
    view: &GameView,
    user: UserId,
    action: Action,
    lang: Language,
    notation: Notation,
) -> Result<Option<(&'static str, serde_json::Value)>, Refusal> {
    let service = web.service();
    // A signed-in member acts as themselves: the service checks they play here, and hands
    // the news to delivery itself.
    let at = |ply| Pressed {
        origin: Origin::Member,
        at: ply,
    };
    let refusal = |e: ServiceError| match e {
        ServiceError::MissedCapture { played, available } => Refusal::missed_capture(
            lang,
            text::confirm_missed_capture_in(Style::Plain, lang, &played, &available, notation),
        ),
        e => Refusal::of_service(&e, lang, notation),
    };
    match action {
        Action::Conditional { line, ply } => {
            let mut typed = Vec::with_capacity(line.len());
            for text in &line {
                match MoveText::from_str(text.trim()) {
                    Ok(t) => typed.push(t),
                    Err(e) => {
                        return Err(Refusal::saying(
                            StatusCode::BAD_REQUEST,
                            "not-a-move",
                            lang,
                            text::not_a_move_in(Style::Plain, lang, text, &e),
                        ));
                    }
                }
            }
            let lines = service
                .set_conditional(view.id, user, &typed, Some(ply))
                .await
                .map_err(refusal)?;
            Ok(Some(("conditional", lines_json(lang, &lines))))
        }
        Action::ClearConditional => {
            service
                .clear_conditional(view.id, user)
                .await
                .map_err(refusal)?;
            let lines = service
                .conditional_lines(view.id, user)
                .await
                .map_err(refusal)?;
            Ok(Some(("conditional", lines_json(lang, &lines))))
        }
        Action::Here => {
            let presence = service.sighted(view.id, user).await.map_err(refusal)?;
            let now = service.now();
            let presence = presence.map(|p| {
                let wait = p.claimable_from.since(now);
                json!({ "claimable_in": u64::try_from(wait.as_millis()).unwrap_or(u64::MAX) })
            });
            Ok(Some(("presence", presence.into())))
        }
        Action::Claim { claim } => {
            let claim = match claim {
                ClaimWord::Win => Claim::Win,
                ClaimWord::Draw => Claim::Draw,
            };
            service
                .claim(view.id, user, claim, Origin::Member)
                .await
                .map(|_| None)
                .map_err(refusal)
        }
        Action::Move {
            text,
            ply,
            losing,
            lag_ms,
        } => {
            let typed = MoveText::from_str(text.trim()).map_err(|e| {
                Refusal::saying(
                    StatusCode::BAD_REQUEST,
                    "not-a-move",
                    lang,
                    text::not_a_move_in(Style::Plain, lang, &text, &e),
                )
            })?;
            let how = HowPlayed {
                pressed: Some(at(ply)),
                losing,
                lag: lag_of(lag_ms),
                ..HowPlayed::default()
            };
            service
                .play(view.id, Actor::Player(user), &typed, how)
                .await
                .map(|_| None)
                .map_err(refusal)
        }
        Action::Resign { ply } => service
            .resign_at(view.id, user, at(ply))
            .await
            .map(|_| None)
            .map_err(refusal),
        Action::Draw { ply } => service
            .offer_draw_at(view.id, user, at(ply))
            .await
            .map(|_| None)
            .map_err(refusal),
        Action::Takeback => service
            .ask_from(view.id, user, Question::Takeback, Origin::Member)
            .await
            .map(|_| None)
            .map_err(refusal),
        Action::Answer {
            question,
            accept,
            version,
        } => {
            let pressed = Pressed {
                origin: Origin::Member,
                at: version,
            };
            service
                .answer(view.id, user, question.into(), accept, Some(pressed))
                .await
                .map(|_| None)
                .map_err(refusal)
        }
    }
}

/// A player's conditional moves as their page reads them: the plies played when they were
/// stored, each line's moves in both notations (the opponent's move first), and the premove
/// as typed, with the words that say what it is in `lang`.
pub(crate) fn lines_json(lang: Language, lines: &ConditionalLines) -> serde_json::Value {
    let line = |moves: &Vec<dama_rules::Move>| {
        moves
            .iter()
            .map(|m| {
                let (alg, num) = words::move_texts(m);
                json!({ "alg": alg, "num": num })
            })
            .collect::<Vec<_>>()
    };
    json!({
        "ply": lines.ply,
        "lines": lines.lines.iter().map(line).collect::<Vec<_>>(),
        "premove": lines.premove.as_ref().map(ToString::to_string),
        "premove_words": lines.premove.as_ref().map(|premove| {
            dama_words::say!(lang, "premove-listed", move = premove.to_string())
        }),
    })
}

/// `GET /game/{token}/conditional`: the signed-in player's conditional moves in the game, for
/// them alone (sent like an action, with the page's anti-forgery token or the Activity's
/// bearer).
pub(crate) async fn conditional(
    State(web): State<Web>,
    TokenText(token): TokenText,
    jar: SignedCookieJar,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let (viewer, lang, view) =
        member_in_game(&web, &jar, &headers, "web-sign-in-to-play", &token).await?;
    match web.service().conditional_lines(view.id, viewer.user).await {
        Ok(lines) => Ok(Json(lines_json(lang, &lines)).into_response()),
        Err(e) => Err(Refusal::of_service(&e, lang, Notation::Algebraic)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_the_page_sends_them() {
        let read = |s: &str| serde_json::from_str::<Action>(s);
        assert!(matches!(
            read(r#"{"act":"move","move":"d3-d4","ply":0}"#),
            Ok(Action::Move {
                ply: 0,
                losing: false,
                ..
            })
        ));
        assert!(matches!(
            read(r#"{"act":"answer","question":"takeback","accept":false,"version":9}"#),
            Ok(Action::Answer {
                question: QuestionWord::Takeback,
                accept: false,
                version: 9
            })
        ));
        assert!(matches!(
            read(r#"{"act":"takeback"}"#),
            Ok(Action::Takeback)
        ));
        assert!(matches!(
            read(r#"{"act":"move","move":"d3-d4","ply":0,"lag_ms":80}"#),
            Ok(Action::Move {
                lag_ms: Some(80),
                ..
            })
        ));
        for bad in [
            r#"{"act":"move","move":"d3-d4"}"#,
            r#"{"act":"fly"}"#,
            r#"{"act":"resign","ply":-1}"#,
            r#"{"act":"resign","ply":1,"extra":true}"#,
            "not json",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_lag_estimate_counts_only_from_zero_to_two_seconds() {
        assert_eq!(lag_of(Some(80)), Some(Duration::from_millis(80)));
        assert_eq!(lag_of(Some(0)), Some(Duration::ZERO));
        assert_eq!(lag_of(Some(2000)), Some(Duration::from_millis(2000)));
        assert_eq!(lag_of(Some(-5)), None);
        assert_eq!(lag_of(Some(2001)), None);
        assert_eq!(lag_of(None), None);
    }
}
