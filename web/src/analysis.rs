//! The analysis board's server side: the page tries moves on a side line of any position of the
//! game, and has no rules of its own, so it asks here.
//!
//! - `GET /game/{token}/analysis?position={text}`: the legal moves of a position (the rules
//!   crate's position text) under the game's rule set, each with its texts, path, captures and
//!   the position it leaves. Anyone's to call, like the page: a position is at most
//!   [`MAX_POSITION`] bytes, and the request is one of the face's bounded ones; its moves are
//!   generated on a blocking thread (a king among many men has many long captures), at most
//!   [`GENERATIONS_AT_ONCE`] at once, one more refused at once (503). During a game too: the
//!   moves are the rules', not advice.
//! - `POST /game/{token}/evaluation` with `{"ply": n, "line": ["d3-d4", …]}`: the computer's
//!   evaluation of the game's position after `ply` plies and then the line, for a signed-in
//!   member (sent like an action, see `play`). The service decides it all
//!   (`GameService::evaluate`): only positions of that game, once it is over, within the
//!   per-member bounds; this route reads the request and words the answer or the refusal
//!   (429 for a member's bounds, 503 when the site is busy).

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{RawQuery, State};
use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::SignedCookieJar;
use dama_rules::notation::MoveText;
use dama_rules::{Color, Position, Rules};
use dama_service::service::{EVALUATION_CAP, Evaluation, EvaluationError, ServiceError};
use dama_words::Language;
use dama_words::text;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::game::TokenText;
use super::play::{game_or_refusal, member_in_game};
use super::refusal::{Refusal, Sent};
use super::state::move_json;
use super::{Web, lang, words};

/// The longest position text read: eight ranks of at most eight letters, their slashes and the
/// side to move are 74 bytes.
pub(crate) const MAX_POSITION: usize = 100;

/// The largest evaluation request read: a ply and a line of
/// [`EVALUATION_LINE_MAX`](dama_service::service::EVALUATION_LINE_MAX) moves.
pub(crate) const MAX_EVALUATION: usize = 2048;

/// When a member with an evaluation under way may ask again (`Retry-After`).
const UNDER_WAY_RETRY: Duration = Duration::from_secs(5);

/// When a member who spent the minute's evaluations may ask again (`Retry-After`): at most the
/// minute.
const QUOTA_RETRY: Duration = Duration::from_secs(60);

/// `GET /game/{token}/analysis?position=…`: the legal moves of the position under the game's
/// rules.
pub(crate) async fn moves(
    State(web): State<Web>,
    TokenText(token): TokenText,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let lang = lang::of_request(&headers);
    let Some(position) = position_in_query(query.as_deref()) else {
        return Err(Refusal::bad_request(lang, "web-analysis-bad-position"));
    };
    let view = game_or_refusal(&web, &token, lang).await?;
    let Some(place) = web.0.generations.enter() else {
        web.metrics().shed("analysis");
        return Err(Refusal::busy(lang, "web-busy"));
    };
    let rules = view.rules;
    let Some(moves) = place.run(move || moves_json(&position, rules, lang)).await else {
        tracing::error!("a generation of legal moves did not finish");
        return Err(Refusal::failure(lang));
    };
    let mut response = Json(moves).into_response();
    // The same position under the same rules always has the same moves.
    response.headers_mut().insert(
        CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    Ok(response)
}

/// The position a query names (`position=…`), if it is one: short, and legal.
fn position_in_query(query: Option<&str>) -> Option<Position> {
    let query = query?;
    // Percent-encoded, a position's text is at most three times as long.
    if query.len() > 3 * MAX_POSITION + 16 {
        return None;
    }
    let text = form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == "position")
        .map(|(_, value)| value)?;
    read_position(&text)
}

/// `text` as a position, if it is one and no longer than [`MAX_POSITION`].
fn read_position(text: &str) -> Option<Position> {
    if text.len() > MAX_POSITION {
        return None;
    }
    text.trim().parse().ok()
}

/// The legal moves of `position` under `rules`, as the analysis board reads them: each with
/// its texts, path, captures and the position after it; with no move, the side to move has
/// lost, and `over` says so in words. Blocking work (a king among many men has many long
/// captures): the route calls it only through [`Generations`], off the runtime's threads.
fn moves_json(position: &Position, rules: Rules, lang: Language) -> serde_json::Value {
    let moves: Vec<serde_json::Value> = position
        .legal_moves_under(rules)
        .iter()
        .map(|m| {
            let mut json = move_json(m);
            json.insert(
                "after".to_owned(),
                position.play_unchecked(m).to_string().into(),
            );
            json.into()
        })
        .collect();
    let over = moves.is_empty().then(|| {
        dama_words::say!(
            lang,
            "web-analysis-no-moves",
            colour = text::colour(lang, position.turn())
        )
    });
    json!({
        "position": position.to_string(),
        "turn": side(position.turn()),
        "moves": moves,
        "over": over,
    })
}

fn side(color: Color) -> &'static str {
    if color == Color::White {
        "white"
    } else {
        "black"
    }
}

/// An evaluation request, as the page sends it: the game's ply, and the line played from it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Asked {
    ply: u32,
    #[serde(default)]
    line: Vec<String>,
}

/// `POST /game/{token}/evaluation`: the computer's evaluation of a position of a finished game.
pub(crate) async fn evaluation(
    State(web): State<Web>,
    TokenText(token): TokenText,
    jar: SignedCookieJar,
    headers: HeaderMap,
    Sent(body): Sent,
) -> Result<Response, Refusal> {
    let (viewer, lang, view) =
        member_in_game(&web, &jar, &headers, "web-evaluation-sign-in", &token).await?;
    let asked = serde_json::from_slice::<Asked>(&body)
        .ok()
        .and_then(|asked| {
            let line: Result<Vec<MoveText>, _> = asked.line.iter().map(|t| t.parse()).collect();
            Some((asked.ply, line.ok()?))
        });
    let Some((ply, line)) = asked else {
        return Err(Refusal::bad_request(lang, "web-analysis-bad-position"));
    };
    match web
        .service()
        .evaluate(view.id, viewer.user, ply, &line)
        .await
    {
        Ok(found) => Ok(Json(evaluation_json(&found, lang)).into_response()),
        Err(ServiceError::Evaluation(e)) => {
            let (status, code, wait) = match e {
                EvaluationError::NotOfTheGame | EvaluationError::LineTooLong { .. } => {
                    (StatusCode::BAD_REQUEST, "not-of-the-game", None)
                }
                EvaluationError::DuringGame | EvaluationError::GameInProgress => {
                    (StatusCode::CONFLICT, "during-game", None)
                }
                // One under way ends within the search's time; a minute's quota, within it.
                EvaluationError::UnderWay { .. } => (
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate-limited",
                    Some(UNDER_WAY_RETRY),
                ),
                EvaluationError::Quota { .. } => (
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate-limited",
                    Some(QUOTA_RETRY),
                ),
                EvaluationError::Busy => {
                    web.metrics().shed("evaluations");
                    (
                        StatusCode::SERVICE_UNAVAILABLE,
                        "busy",
                        Some(Duration::from_secs(1)),
                    )
                }
            };
            let e = ServiceError::Evaluation(e);
            let says = text::explain_in(text::Style::Plain, lang, Default::default(), &e);
            let refusal = Refusal::saying(status, code, lang, says);
            Err(match wait {
                Some(wait) => refusal.retry_after(wait),
                None => refusal,
            })
        }
        Err(e) => Err(Refusal::failed(&e, lang)),
    }
}

/// An evaluation for the page: the number (for its bar), and the words.
fn evaluation_json(found: &Evaluation, lang: Language) -> serde_json::Value {
    let says = match (found.over, found.win) {
        (Some(Some(winner)), _) => dama_words::say!(
            lang,
            "web-analysis-no-moves",
            colour = text::colour(lang, winner.opposite())
        ),
        (Some(None), _) => words::word(lang, "web-evaluation-drawn"),
        (None, Some((winner, plies))) => dama_words::say!(
            lang,
            "web-evaluation-wins",
            colour = text::colour(lang, winner),
            plies = plies
        ),
        (None, None) => dama_words::say!(
            lang,
            "web-evaluation",
            value = dama_words::numbers::signed_hundredths(lang, found.value)
        ),
    };
    let line: Vec<serde_json::Value> = found
        .line
        .iter()
        .map(|m| {
            let (alg, num) = words::move_texts(m);
            json!({ "alg": alg, "num": num })
        })
        .collect();
    json!({
        "position": found.position.to_string(),
        "value": found.value,
        "cap": EVALUATION_CAP,
        "says": says,
        "line": line,
        "line_title": words::word(lang, "web-best-line"),
    })
}

/// Generations of legal moves at once, on the blocking threads; one more is refused (503).
pub(crate) const GENERATIONS_AT_ONCE: usize = 4;

/// The places of the generations of legal moves (`GET /game/{token}/analysis`): a request
/// takes one or is refused at once, and generates on a blocking thread, which holds the place
/// until the generation ends.
#[derive(Debug)]
pub(crate) struct Generations(Arc<Semaphore>);

impl Default for Generations {
    fn default() -> Generations {
        Generations::bounded(GENERATIONS_AT_ONCE)
    }
}

impl Generations {
    /// At most `at_once` generations at once.
    pub(crate) fn bounded(at_once: usize) -> Generations {
        Generations(Arc::new(Semaphore::new(at_once)))
    }

    /// A place for one more generation, unless every place is taken.
    pub(crate) fn enter(&self) -> Option<Generating> {
        Arc::clone(&self.0)
            .try_acquire_owned()
            .ok()
            .map(|permit| Generating { _permit: permit })
    }
}

/// One generation's place.
#[derive(Debug)]
pub(crate) struct Generating {
    _permit: OwnedSemaphorePermit,
}

impl Generating {
    /// Runs `work` on a blocking thread, which holds the place until it ends (a page that goes
    /// away meanwhile frees nothing early); `None` if it panicked.
    pub(crate) async fn run<T: Send + 'static>(
        self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        tokio::task::spawn_blocking(move || {
            let done = work();
            drop(self);
            done
        })
        .await
        .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_read_only_when_short_and_legal() {
        let start = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w";
        assert_eq!(read_position(start), Some(Position::start()));
        let query = format!("position={}", start.replace('/', "%2F").replace(' ', "+"));
        assert_eq!(position_in_query(Some(&query)), Some(Position::start()));
        for bad in [
            "",
            "garbage",
            "9/8/8/8/8/8/8/8 w",
            // A man on the rank where it would be a king.
            "w7/8/8/8/8/8/8/8 w",
            &format!("{start}{}", " ".repeat(MAX_POSITION)),
        ] {
            assert_eq!(read_position(bad), None, "{bad:?}");
        }
        assert_eq!(position_in_query(None), None);
        assert_eq!(position_in_query(Some("other=1")), None);
        let long = format!("position={}", "8".repeat(4 * MAX_POSITION));
        assert_eq!(position_in_query(Some(&long)), None);
    }

    #[test]
    fn each_legal_move_comes_with_the_position_it_leaves() {
        let answer = moves_json(&Position::start(), Rules::STANDARD, Language::En);
        let moves = answer["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), 8);
        let d4 = moves.iter().find(|m| m["alg"] == "d3-d4").expect("d3-d4");
        assert_eq!(
            d4["after"],
            "8/bbbbbbbb/bbbbbbbb/8/3w4/www1wwww/wwwwwwww/8 b"
        );
        assert_eq!(answer["turn"], "white");
        assert!(answer["over"].is_null());
        // The federation's rule: d6 stops on d8 as a man, crowned; under docs/rules.md it goes on.
        let pos: Position = "6B1/b2b4/3w4/8/8/8/w7/8 w".parse().expect("position");
        let federation = moves_json(&pos, Rules::FEDERATION, Language::En);
        assert_eq!(federation["moves"][0]["alg"], "d6xd8");
        assert_eq!(federation["moves"][0]["captured"], serde_json::json!([51]));
        let standard = moves_json(&pos, Rules::STANDARD, Language::En);
        assert_eq!(standard["moves"][0]["alg"], "d6xd8xh8");
        // No move left: the side to move has lost, in words.
        let lost: Position = "8/8/8/8/8/8/8/W7 b".parse().expect("position");
        let over = moves_json(&lost, Rules::STANDARD, Language::En);
        assert_eq!(over["moves"], serde_json::json!([]));
        assert_eq!(over["over"], "Black has no move left here and loses.");
    }

    #[test]
    fn an_evaluation_is_said_from_whites_side_with_its_line() {
        let d4: dama_rules::Move =
            dama_rules::notation::resolve_str(&Position::start(), "d3-d4").expect("legal");
        let wins = Evaluation {
            position: Position::start(),
            value: EVALUATION_CAP,
            win: Some((Color::White, 3)),
            line: vec![d4],
            over: None,
        };
        let said = evaluation_json(&wins, Language::En);
        assert_eq!(said["says"], "White wins by force in 3 moves.");
        assert_eq!(said["line"][0]["alg"], "d3-d4");
        assert_eq!(said["cap"], EVALUATION_CAP);
        // About level, said as a number in the reader's separator.
        let level = Evaluation {
            value: 25,
            win: None,
            ..wins
        };
        let said = evaluation_json(&level, Language::Tr);
        let says = said["says"].as_str().expect("words");
        assert!(says.starts_with("Bilgisayarın değerlendirmesi"), "{says}");
        assert!(says.contains(','), "{says}");
    }

    #[test]
    fn generations_beyond_the_bound_are_refused_until_a_place_is_given_back() {
        let generations = Generations::bounded(2);
        let first = generations.enter().expect("a first place");
        let second = generations.enter().expect("a second place");
        assert!(generations.enter().is_none(), "the bound is full");
        drop(first);
        let third = generations.enter().expect("a place given back");
        drop((second, third));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_generation_runs_off_the_runtimes_thread_and_holds_its_place_until_done() {
        let generations = Generations::bounded(1);
        let here = std::thread::current().id();
        let place = generations.enter().expect("a place");
        let (there, full) = place
            .run({
                let generations = Generations(Arc::clone(&generations.0));
                move || (std::thread::current().id(), generations.enter().is_none())
            })
            .await
            .expect("ran");
        assert_ne!(here, there, "generated on a blocking thread");
        assert!(full, "the place is held while generating");
        assert!(generations.enter().is_some(), "and given back after");
    }
}
