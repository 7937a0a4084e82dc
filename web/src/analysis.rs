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
//! - `POST /game/{token}/evaluation` with `{"position": text}`: the computer's evaluation of a
//!   position and its line, once the game is over (never during it: fair play), for a
//!   signed-in member (sent like an action, see `play`). A search has a fixed budget
//!   ([`EVALUATION_NODES`] nodes and [`EVALUATION_TIME`], on a blocking thread, never the
//!   request's); at most [`EVALUATIONS_AT_ONCE`] run at once, at most [`PER_MEMBER`] is under
//!   way for one member and [`ADMITTED`] for everyone (waiting included), and a member starts
//!   at most [`PER_MEMBER_PER_MINUTE`] a minute: one more is refused with the reason (429, or
//!   503 when the site is busy).
//!
//! The bounds hold for the search itself, not only its request: the places are held by the
//! blocking task, so a page that goes away mid-search does not free a place for another while
//! the search still runs.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::SignedCookieJar;
use dama_engine::review::EVAL_CAP;
use dama_engine::{Budget, Engine, EngineConfig, Level, Score};
use dama_rules::{Color, Game, Position, Rules};
use dama_service::ids::UserId;
use dama_words::Language;
use dama_words::text;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::game::TokenText;
use super::play::{game_or_refusal, member_in_game, refused};
use super::state::move_json;
use super::{Web, lang, words};

/// The longest position text read: eight ranks of at most eight letters, their slashes and the
/// side to move are 74 bytes.
pub(crate) const MAX_POSITION: usize = 100;

/// The largest evaluation request read.
pub(crate) const MAX_EVALUATION: usize = 256;

/// The nodes one evaluation searches at most.
pub(crate) const EVALUATION_NODES: u64 = 400_000;

/// The time one evaluation searches at most (one core).
pub(crate) const EVALUATION_TIME: Duration = Duration::from_millis(400);

/// Evaluations searching at once, on the blocking threads.
pub(crate) const EVALUATIONS_AT_ONCE: usize = 2;

/// Evaluations under way (searching or waiting to) for one member: one, so that a member never
/// holds both places to search in.
pub(crate) const PER_MEMBER: usize = 1;

/// Evaluations one member may start in a [`QUOTA_WINDOW`].
pub(crate) const PER_MEMBER_PER_MINUTE: u32 = 10;

/// The window [`PER_MEMBER_PER_MINUTE`] counts in (fixed, starting at a member's first
/// evaluation after the previous window ended).
pub(crate) const QUOTA_WINDOW: Duration = Duration::from_secs(60);

/// The most members whose windows are kept; past it, the windows that ended are forgotten.
const WINDOWS_KEPT: usize = 10_000;

/// Evaluations under way for everyone.
pub(crate) const ADMITTED: usize = 8;

/// The transposition table of an evaluation's engine, in megabytes: a search of this budget
/// fills little of it, and a member's evaluations each have their own.
const HASH_MB: usize = 2;

/// `GET /game/{token}/analysis?position=…`: the legal moves of the position under the game's
/// rules.
pub(crate) async fn moves(
    State(web): State<Web>,
    TokenText(token): TokenText,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = lang::of_request(&headers);
    let Some(position) = position_in_query(query.as_deref()) else {
        return refused(
            StatusCode::BAD_REQUEST,
            words::word(lang, "web-analysis-bad-position"),
        );
    };
    let view = match game_or_refusal(&web, &token, lang).await {
        Ok(view) => view,
        Err(refusal) => return refusal,
    };
    let Some(place) = web.0.generations.enter() else {
        web.metrics().shed("analysis");
        return refused(
            StatusCode::SERVICE_UNAVAILABLE,
            words::word(lang, "web-busy"),
        );
    };
    let rules = view.rules;
    let Some(moves) = place.run(move || moves_json(&position, rules, lang)).await else {
        tracing::error!("a generation of legal moves did not finish");
        return refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            words::word(lang, "generic-failure"),
        );
    };
    let mut response = Json(moves).into_response();
    // The same position under the same rules always has the same moves.
    response.headers_mut().insert(
        CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    response
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

/// An evaluation request, as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Asked {
    position: String,
}

/// `POST /game/{token}/evaluation`: the computer's evaluation of a position of a finished game.
pub(crate) async fn evaluation(
    State(web): State<Web>,
    TokenText(token): TokenText,
    jar: SignedCookieJar,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (viewer, lang, view) =
        match member_in_game(&web, &jar, &headers, "web-evaluation-sign-in", &token).await {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
    let Some(position) = serde_json::from_slice::<Asked>(&body)
        .ok()
        .and_then(|asked| read_position(&asked.position))
    else {
        return refused(
            StatusCode::BAD_REQUEST,
            words::word(lang, "web-analysis-bad-position"),
        );
    };
    // Fair play: the computer says nothing of a game still being played.
    if !view.is_over() {
        return refused(
            StatusCode::CONFLICT,
            words::word(lang, "web-evaluation-after-game"),
        );
    }
    let place = match web.0.evaluations.enter(viewer.user, Instant::now()) {
        Ok(place) => place,
        Err(Full::Member) => {
            return refused(
                StatusCode::TOO_MANY_REQUESTS,
                dama_words::say!(lang, "web-evaluation-too-many", limit = PER_MEMBER),
            );
        }
        Err(Full::Quota) => {
            return refused(
                StatusCode::TOO_MANY_REQUESTS,
                dama_words::say!(lang, "web-evaluation-quota", limit = PER_MEMBER_PER_MINUTE),
            );
        }
        Err(Full::Everyone) => {
            web.metrics().shed("evaluations");
            return refused(
                StatusCode::SERVICE_UNAVAILABLE,
                words::word(lang, "web-busy"),
            );
        }
    };
    let budget = Budget::nodes(EVALUATION_NODES).with_time(EVALUATION_TIME);
    let rules = view.rules;
    let searched = place.search(position, rules, budget).await;
    match searched {
        Some(found) => Json(evaluation_json(&found, lang)).into_response(),
        None => {
            tracing::error!("an evaluation's search did not finish");
            refused(
                StatusCode::INTERNAL_SERVER_ERROR,
                words::word(lang, "generic-failure"),
            )
        }
    }
}

/// What a search found: White's side, within ±[`EVAL_CAP`], and the line expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    /// The position searched.
    pub(crate) position: Position,
    /// The evaluation, White's side, in hundredths of a man, within ±[`EVAL_CAP`].
    pub(crate) value: i32,
    /// A forced win found: the winner and in how many plies.
    pub(crate) win: Option<(Color, u32)>,
    /// The line expected, the best move first (empty where the game is over).
    pub(crate) line: Vec<dama_rules::Move>,
    /// The game is over in this position: its winner, or none for a draw.
    pub(crate) over: Option<Option<Color>>,
}

/// Searches `position` under `rules` within `budget` (blocking: call off the runtime).
pub(crate) fn search(position: Position, rules: Rules, budget: Budget) -> Found {
    let game = Game::with_rules(position, rules);
    let turn = position.turn();
    let white_side = |v: i32| if turn == Color::White { v } else { -v };
    if let Some(outcome) = game.outcome() {
        let value = match outcome.winner() {
            Some(Color::White) => EVAL_CAP,
            Some(Color::Black) => -EVAL_CAP,
            None => 0,
        };
        return Found {
            position,
            value,
            win: None,
            line: Vec::new(),
            over: Some(outcome.winner()),
        };
    }
    let mut engine = Engine::new(EngineConfig {
        hash_mb: HASH_MB,
        ..EngineConfig::at_level(Level::MAX)
    });
    match engine.analyse(&game, budget, |_| {}) {
        Ok(info) => {
            let win = match info.score {
                Score::Win(plies) => Some((turn, plies)),
                Score::Loss(plies) => Some((turn.opposite(), plies)),
                Score::Value(_) => None,
            };
            Found {
                position,
                value: white_side(info.score.as_value()).clamp(-EVAL_CAP, EVAL_CAP),
                win,
                line: info.pv,
                over: None,
            }
        }
        // A game from a position that is not over has a move: never reached.
        Err(_) => Found {
            position,
            value: white_side(-EVAL_CAP),
            win: None,
            line: Vec::new(),
            over: Some(Some(turn.opposite())),
        },
    }
}

/// An evaluation for the page: the number (for its bar), and the words.
fn evaluation_json(found: &Found, lang: Language) -> serde_json::Value {
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
        "cap": EVAL_CAP,
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

/// Why an evaluation was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Full {
    /// The member has [`PER_MEMBER`] under way.
    Member,
    /// The member started [`PER_MEMBER_PER_MINUTE`] in this window.
    Quota,
    /// [`ADMITTED`] are under way.
    Everyone,
}

/// The evaluations under way, by member, and the places to search in.
#[derive(Debug)]
pub(crate) struct Evaluations {
    under_way: Mutex<HashMap<UserId, usize>>,
    /// Each member's window: when it started, and the evaluations started in it.
    windows: Mutex<HashMap<UserId, (Instant, u32)>>,
    searching: Arc<Semaphore>,
    per_member: usize,
    admitted: usize,
}

impl Default for Evaluations {
    fn default() -> Evaluations {
        Evaluations::bounded(PER_MEMBER, ADMITTED, EVALUATIONS_AT_ONCE)
    }
}

impl Evaluations {
    /// At most `per_member` under way for a member, `admitted` for everyone, `at_once`
    /// searching.
    pub(crate) fn bounded(per_member: usize, admitted: usize, at_once: usize) -> Evaluations {
        Evaluations {
            under_way: Mutex::new(HashMap::new()),
            windows: Mutex::new(HashMap::new()),
            searching: Arc::new(Semaphore::new(at_once)),
            per_member,
            admitted,
        }
    }

    /// A place at `now` for one more evaluation of `user`'s, unless they or everyone have as
    /// many under way as allowed, or they started their minute's share.
    pub(crate) fn enter(self: &Arc<Self>, user: UserId, now: Instant) -> Result<Place, Full> {
        let mut under_way = self
            .under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let total: usize = under_way.values().sum();
        let mine = under_way.get(&user).copied().unwrap_or(0);
        if mine >= self.per_member {
            return Err(Full::Member);
        }
        if total >= self.admitted {
            return Err(Full::Everyone);
        }
        self.charge(user, now)?;
        *under_way.entry(user).or_insert(0) += 1;
        Ok(Place {
            evaluations: Arc::clone(self),
            user,
        })
    }

    /// Counts one evaluation of `user`'s started at `now` in their window, unless it is full.
    fn charge(&self, user: UserId, now: Instant) -> Result<(), Full> {
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        let ended = |started: Instant| now.saturating_duration_since(started) >= QUOTA_WINDOW;
        if windows.len() >= WINDOWS_KEPT && !windows.contains_key(&user) {
            windows.retain(|_, (started, _)| !ended(*started));
        }
        let window = windows.entry(user).or_insert((now, 0));
        if ended(window.0) {
            *window = (now, 0);
        }
        if window.1 >= PER_MEMBER_PER_MINUTE {
            return Err(Full::Quota);
        }
        window.1 += 1;
        Ok(())
    }

    /// The evaluations under way for `user`.
    #[cfg(test)]
    pub(crate) fn of(&self, user: UserId) -> usize {
        self.under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&user)
            .copied()
            .unwrap_or(0)
    }
}

/// One evaluation's place, given back when it is dropped (by the search, once it ends).
#[derive(Debug)]
pub(crate) struct Place {
    evaluations: Arc<Evaluations>,
    user: UserId,
}

impl Place {
    /// Waits for a place to search in, and searches `position` on a blocking thread, which
    /// holds both places until it ends; `None` if the search failed.
    pub(crate) async fn search(
        self,
        position: Position,
        rules: Rules,
        budget: Budget,
    ) -> Option<Found> {
        let permit: OwnedSemaphorePermit = Arc::clone(&self.evaluations.searching)
            .acquire_owned()
            .await
            .ok()?;
        tokio::task::spawn_blocking(move || {
            let found = search(position, rules, budget);
            drop((permit, self));
            found
        })
        .await
        .ok()
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut under_way = self
            .evaluations
            .under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = under_way.get_mut(&self.user) {
            *n -= 1;
            if *n == 0 {
                under_way.remove(&self.user);
            }
        }
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
    fn a_search_gives_whites_side_and_the_line() {
        // White to move wins: d4-d5 gives a man, c5xe5 is forced, e4xe6xe8 takes the last two.
        let pos: Position = "8/4b3/8/2b5/3ww3/4w3/8/8 w".parse().expect("position");
        let found = search(pos, Rules::STANDARD, Budget::nodes(20_000));
        assert_eq!(found.value, EVAL_CAP);
        assert_eq!(found.win.map(|(c, _)| c), Some(Color::White));
        assert_eq!(
            found.line.first().map(ToString::to_string).as_deref(),
            Some("d4-d5")
        );
        let said = evaluation_json(&found, Language::En);
        assert_eq!(said["says"], "White wins by force in 3 moves.");
        assert_eq!(said["line"][0]["alg"], "d4-d5");
        // The same seen with Black to move, mirrored: White's side still, now negative.
        let black: Position = "8/8/4b3/3bb3/2w5/8/4w3/8 b".parse().expect("position");
        let found = search(black, Rules::STANDARD, Budget::nodes(20_000));
        assert_eq!(found.value, -EVAL_CAP);
        // The start: about level, said as a number in the reader's separator.
        let found = search(Position::start(), Rules::STANDARD, Budget::nodes(5_000));
        assert!(found.value.abs() < 100, "{found:?}");
        let said = evaluation_json(&found, Language::Tr);
        let says = said["says"].as_str().expect("words");
        assert!(says.starts_with("Bilgisayarın değerlendirmesi"), "{says}");
        assert!(says.contains(','), "{says}");
        // A lost position is not searched.
        let lost: Position = "8/8/8/8/8/8/8/W7 b".parse().expect("position");
        let found = search(lost, Rules::STANDARD, Budget::nodes(5_000));
        assert_eq!(
            (found.value, found.over),
            (EVAL_CAP, Some(Some(Color::White)))
        );
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

    #[test]
    fn a_member_has_at_most_their_share_of_evaluations_under_way() {
        let evaluations = Arc::new(Evaluations::bounded(2, 3, 1));
        let (ada, bo) = (UserId(1), UserId(2));
        let now = Instant::now();
        let first = evaluations.enter(ada, now).expect("a first");
        let second = evaluations.enter(ada, now).expect("a second");
        assert_eq!(evaluations.enter(ada, now).err(), Some(Full::Member));
        let bos = evaluations.enter(bo, now).expect("another member's");
        // Three under way in all: a third member waits too.
        assert_eq!(
            evaluations.enter(UserId(3), now).err(),
            Some(Full::Everyone)
        );
        drop(first);
        assert_eq!(evaluations.of(ada), 1);
        let third = evaluations.enter(ada, now).expect("a place again");
        drop((second, third, bos));
        assert_eq!((evaluations.of(ada), evaluations.of(bo)), (0, 0));
    }

    #[test]
    fn a_member_holds_one_evaluation_at_once_and_starts_a_minutes_share() {
        let evaluations = Arc::new(Evaluations::default());
        let (ada, bo) = (UserId(1), UserId(2));
        let now = Instant::now();
        let held = evaluations.enter(ada, now).expect("a first");
        assert_eq!(evaluations.enter(ada, now).err(), Some(Full::Member));
        drop(held);
        for _ in 1..PER_MEMBER_PER_MINUTE {
            drop(
                evaluations
                    .enter(ada, now)
                    .expect("within the minute's share"),
            );
        }
        assert_eq!(evaluations.enter(ada, now).err(), Some(Full::Quota));
        assert_eq!(evaluations.of(ada), 0, "a refusal holds nothing");
        // Another member has a share of their own; the first's comes back a minute later.
        drop(evaluations.enter(bo, now).expect("another member's"));
        let later = now + QUOTA_WINDOW;
        drop(evaluations.enter(ada, later).expect("a new minute"));
    }

    #[tokio::test]
    async fn a_place_is_held_until_its_search_ends() {
        let evaluations = Arc::new(Evaluations::bounded(1, 8, 1));
        let place = evaluations
            .enter(UserId(1), Instant::now())
            .expect("a place");
        let found = place
            .search(Position::start(), Rules::STANDARD, Budget::nodes(2_000))
            .await
            .expect("searched");
        assert!(!found.line.is_empty());
        assert_eq!(evaluations.of(UserId(1)), 0);
    }
}
