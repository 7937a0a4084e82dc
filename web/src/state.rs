//! The state of a game as the page's script reads it (`GET /game/{token}/state`, and each
//! event of `/game/{token}/events`): every position from the start, every move with its path
//! and captures, whose turn it is or the result, a pending draw offer or takeback request
//! (the side that asked), what each side may do (`may`), and the words to show, in the
//! reader's language. Squares are numbers from 0 (a1) to 63 (h8); positions are the rules
//! crate's position text (`8/bbbbbbbb/… w`, kings in capitals).
//!
//! What a player may do is the service's [`GameView::capabilities`], for both sides, and what a
//! signed-in spectator may do ([`GameView::spectator_capabilities`]): one state serves every
//! page of a game (built once per version and language, see [`States`]), and each page shows
//! the side its reader plays (the page names it, `data-me`), a spectator's `spectator`.
//! Capabilities change with time only at the deadline, where the player to move runs out of
//! time: `may` holds them at the moment the state is built, and `may_late` those from the
//! deadline on (`capabilities` at the deadline), so a page open across it, or served a state
//! built before it, switches at `deadline` without asking and without knowing why.
//!
//! A live game's `clock` is read when the state is sent, not when it was built: each side's
//! time left at the server's `now` (the service's [`GameView::clock_at`]), the side whose clock
//! runs, the base and the increment (see [`clock_json`]). The page counts down from that
//! reading, corrected for its offset to the server's time; the server alone decides a flag.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use dama_rules::{Color, Game, Move, Square};
use dama_service::clock::Timestamp;
use dama_service::ids::GameId;
use dama_service::model::ClockReading;
use dama_service::model::review::MoveClass;
use dama_service::service::{Capabilities, GameReview, GameView};
use serde_json::{Map, Value, json};

use super::words;
use dama_words::Language;

/// The state of `view` (replayed as `game`) at `now` for a reader of `lang`, with its `review`
/// if one is done, as JSON: without its `clock` in a live game (see [`Built::at`]), with
/// `"clock": null` in any other.
pub(crate) fn json(
    view: &GameView,
    game: &Game,
    review: Option<&GameReview>,
    lang: Language,
    now: Timestamp,
) -> String {
    let moves: Vec<Value> = game.moves().iter().map(|m| move_json(m).into()).collect();
    let positions: Vec<String> = game.positions().iter().map(ToString::to_string).collect();
    let side = |c: Color| if c == Color::White { "white" } else { "black" };
    // What each side may do now, and from the deadline on (see the module's comment).
    let may_at = |at: Timestamp| {
        json!({
            "white": may_json(&view.capabilities(Color::White, at)),
            "black": may_json(&view.capabilities(Color::Black, at)),
            "spectator": may_json(&view.spectator_capabilities()),
        })
    };
    let may_late = view.deadline.map(may_at);
    let mut state = json!({
        "version": view.version,
        "ply": view.ply,
        "title": words::title(lang, view),
        "white": words::name(lang, view, Color::White),
        "black": words::name(lang, view, Color::Black),
        "status": words::status(lang, view),
        "turn": side(view.turn()),
        // A finished game's view carries no offer, request or deadline.
        "draw_offer": view.draw_offer.map(side),
        "takeback": view.takeback_request.map(side),
        "may": may_at(now),
        "may_late": may_late,
        "over": view.is_over(),
        "result": view.outcome.map(|o| o.result_token()),
        "deadline": view.deadline.map(|d| d.as_millis()),
        "alt": words::board(lang, view),
        "positions": positions,
        "moves": moves,
        "review": review.map(|r| review_json(r, lang)),
    });
    if view.live.is_none() {
        state["clock"] = Value::Null;
    }
    state.to_string()
}

/// A live game's clocks as the page counts them down: the base and the increment, each side's
/// time left at the reading (ms), the side whose clock runs (`null` before both first moves and
/// after the end), and the server's time of the reading (`now`, ms since the epoch).
pub(crate) fn clock_json(reading: &ClockReading) -> Value {
    json!({
        "base_ms": reading.base_ms,
        "increment_ms": reading.increment_ms,
        "white_ms": reading.white_ms,
        "black_ms": reading.black_ms,
        "running": reading.running.map(|c| if c == Color::White { "white" } else { "black" }),
        "now": reading.at.as_millis(),
    })
}

/// `state` (a JSON object without a `clock`) with `clock` added as its first field.
fn with_clock(state: &str, clock: &Value) -> String {
    let rest = state.strip_prefix('{').unwrap_or(state);
    let comma = if rest.trim_start().starts_with('}') {
        ""
    } else {
        ","
    };
    format!("{{\"clock\":{clock}{comma}{rest}")
}

/// What one side may do, as the page reads it: the moves it may play (each with its text, its
/// path and its captures, as the service would accept them), and whether each control shows.
fn may_json(may: &Capabilities) -> serde_json::Value {
    let moves: Vec<Value> = may.moves.iter().map(choice_json).collect();
    json!({
        "moves": moves,
        "offer_draw": may.offer_draw,
        "answer_draw": may.answer_draw,
        "ask_takeback": may.ask_takeback,
        "answer_takeback": may.answer_takeback,
        "resign": may.resign,
        "save_conditional": may.save_conditional,
        "evaluate": may.evaluate,
    })
}

/// A move as the scripts draw it: its path and the squares it captures (0 is a1, 63 is h8).
pub(crate) fn squares_json(m: &Move) -> Map<String, Value> {
    fn indices(squares: impl Iterator<Item = Square>) -> Value {
        squares.map(|sq| sq.index()).collect::<Vec<u8>>().into()
    }
    let mut json = Map::new();
    json.insert("path".to_owned(), indices(m.path()));
    json.insert("captured".to_owned(), indices(m.captured()));
    json
}

/// A move as the scripts list it: its texts in both notations, its path and its captures.
pub(crate) fn move_json(m: &Move) -> Map<String, Value> {
    let (alg, num) = words::move_texts(m);
    let mut json = squares_json(m);
    json.insert("alg".to_owned(), alg.into());
    json.insert("num".to_owned(), num.into());
    json
}

/// A move a player may choose, as the scripts offer it: its algebraic text (sent back to play
/// it), its path and its captures.
pub(crate) fn choice_json(m: &Move) -> Value {
    let mut json = squares_json(m);
    json.insert("alg".to_owned(), words::move_texts(m).0.into());
    json.into()
}

/// A review for the page: the evaluation (White's side, hundredths of a man, within
/// ±[`EVAL_CAP`](dama_service::model::review::EVAL_CAP)) before the first move and after each, each
/// move's class, and the words.
fn review_json(review: &GameReview, lang: Language) -> serde_json::Value {
    let moves = &review.review.moves;
    let evals: Vec<i32> = moves
        .first()
        .map(|m| m.before)
        .into_iter()
        .chain(moves.iter().map(|m| m.after))
        .collect();
    let class = |c: MoveClass| match c {
        MoveClass::Best => "best",
        MoveClass::Good => "good",
        MoveClass::Inaccuracy => "inaccuracy",
        MoveClass::Mistake => "mistake",
        MoveClass::Blunder => "blunder",
    };
    let words: serde_json::Map<String, serde_json::Value> = [
        ("best", "review-class-best"),
        ("good", "review-class-good"),
        ("inaccuracy", "review-class-inaccuracy"),
        ("mistake", "review-class-mistake"),
        ("blunder", "review-class-blunder"),
    ]
    .into_iter()
    .map(|(name, key)| (name.to_owned(), words::word(lang, key).into()))
    .collect();
    json!({
        "cap": dama_service::model::review::EVAL_CAP,
        "evals": evals,
        "classes": moves.iter().map(|m| class(m.class)).collect::<Vec<_>>(),
        "words": words,
        "title": words::word(lang, "web-review"),
        "graph": words::word(lang, "web-review-graph"),
    })
}

/// A state as built: its version, its JSON, and for a live game its clocks as they stood when
/// it was built, read again whenever the state is sent.
#[derive(Debug, Clone)]
pub(crate) struct Built {
    version: i64,
    json: Arc<str>,
    clock: Option<ClockReading>,
}

impl Built {
    /// The state of `view` built as `json` (see [`json`]).
    pub(crate) fn new(view: &GameView, json: Arc<str>) -> Built {
        Built {
            version: view.version,
            json,
            // Read at the turn's start, the reading is the clocks as stored.
            clock: view
                .clocks
                .and_then(|clocks| view.clock_at(clocks.turn_started_at)),
        }
    }

    /// The game's version this state shows.
    pub(crate) fn version(&self) -> i64 {
        self.version
    }

    /// The state as sent at `now` (the service's time): a live game's clocks read then.
    pub(crate) fn at(&self, now: Timestamp) -> Arc<str> {
        match self.clock {
            Some(reading) => Arc::from(with_clock(&self.json, &clock_json(&reading.later(now)))),
            None => Arc::clone(&self.json),
        }
    }
}

/// The states built lately, by game and language, each at its version: a move watched by many
/// pages is described once per language, not once per page.
#[derive(Debug, Default)]
pub(crate) struct States {
    built: Mutex<HashMap<(GameId, Language), Built>>,
}

/// States kept at most; past this the cache starts over.
const STATES_KEPT: usize = 4096;

impl States {
    /// The state of `game` in `lang`, if one at `version` or later was built.
    pub(crate) fn recall(&self, game: GameId, lang: Language, version: i64) -> Option<Built> {
        let built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
        built
            .get(&(game, lang))
            .filter(|b| b.version >= version)
            .cloned()
    }

    /// Keeps `state` as the state of `game` in `lang`, unless a later one is kept.
    pub(crate) fn keep(&self, game: GameId, lang: Language, state: &Built) {
        let mut built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
        if built.len() >= STATES_KEPT && !built.contains_key(&(game, lang)) {
            built.clear();
        }
        let entry = built.entry((game, lang)).or_insert_with(|| state.clone());
        if entry.version < state.version {
            *entry = state.clone();
        }
    }
}
