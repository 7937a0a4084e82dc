//! The state of a game as the page's script reads it (`GET /game/{token}/state`, and each
//! event of `/game/{token}/events`): every position from the start, every move with its path
//! and captures, whose turn it is or the result, a pending draw offer or takeback request
//! (the side that asked), what each side may do (`may`), and the words to show, in the
//! reader's language. Squares are numbers from 0 (a1) to 63 (h8); positions are the rules
//! crate's position text (`8/bbbbbbbb/… w`, kings in capitals). Its shape is [`GameState`], and
//! the scripts' twin of it the JSDoc typedef `GameState` in `front/types.js`: a test here fails
//! when the two drift apart.
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

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

use dama_rules::{Color, Game, Move, Square};
use dama_service::clock::Timestamp;
use dama_service::ids::GameId;
use dama_service::model::ClockReading;
use dama_service::model::review::MoveClass;
use dama_service::service::{Capabilities, GameReview, GameView};
use serde::Serialize;
use serde_json::{Map, Value};

use super::words;
use dama_words::Language;

/// A side, as the scripts name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// The state of a game as the page's script reads it (see the module's documentation): the
/// one contract from the server to the scripts, whose JSDoc twin is `GameState` in
/// `front/types.js` (a test holds the two together).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameState {
    /// A live game's clocks as sent (see [`Built::at`]): absent from a live game's state as
    /// built, `null` in any other game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) clock: Option<Option<ClockState>>,
    pub(crate) version: i64,
    pub(crate) ply: u32,
    pub(crate) title: String,
    pub(crate) white: String,
    pub(crate) black: String,
    pub(crate) status: String,
    pub(crate) turn: Side,
    /// The side that offered a draw (a finished game's view carries none).
    pub(crate) draw_offer: Option<Side>,
    /// The side that asked to take back its move.
    pub(crate) takeback: Option<Side>,
    /// What each side may do now.
    pub(crate) may: Mays,
    /// What each side may do from the deadline on, when there is one.
    pub(crate) may_late: Option<Mays>,
    pub(crate) over: bool,
    /// The result's token (`1-0`, `0-1`, `1/2-1/2`), once over.
    pub(crate) result: Option<&'static str>,
    /// The deadline of the player to move (ms since the epoch).
    pub(crate) deadline: Option<i64>,
    /// The board in words, for the picture's alternative text.
    pub(crate) alt: String,
    /// Every position from the start, as the rules crate writes it.
    pub(crate) positions: Vec<String>,
    pub(crate) moves: Vec<MoveShown>,
    /// A finished game's review, once done.
    pub(crate) review: Option<ReviewShown>,
}

/// What each side, and a signed-in spectator, may do.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Mays {
    pub(crate) white: May,
    pub(crate) black: May,
    pub(crate) spectator: May,
}

/// What one side may do, as the page reads it: the moves it may play (each with its text, its
/// path and its captures, as the service would accept them), and whether each control shows.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct May {
    pub(crate) moves: Vec<Choice>,
    pub(crate) offer_draw: bool,
    pub(crate) answer_draw: bool,
    pub(crate) ask_takeback: bool,
    pub(crate) answer_takeback: bool,
    pub(crate) resign: bool,
    pub(crate) save_conditional: bool,
    pub(crate) evaluate: bool,
}

impl From<&Capabilities> for May {
    fn from(may: &Capabilities) -> May {
        May {
            moves: may.moves.iter().map(Choice::from).collect(),
            offer_draw: may.offer_draw,
            answer_draw: may.answer_draw,
            ask_takeback: may.ask_takeback,
            answer_takeback: may.answer_takeback,
            resign: may.resign,
            save_conditional: may.save_conditional,
            evaluate: may.evaluate,
        }
    }
}

/// A move a player may choose: its algebraic text (sent back to play it), its path and its
/// captures (0 is a1, 63 is h8).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Choice {
    pub(crate) path: Vec<u8>,
    pub(crate) captured: Vec<u8>,
    pub(crate) alg: String,
}

impl From<&Move> for Choice {
    fn from(m: &Move) -> Choice {
        Choice {
            path: m.path().map(|sq| sq.index()).collect(),
            captured: m.captured().map(|sq| sq.index()).collect(),
            alg: words::move_texts(m).0,
        }
    }
}

/// A move played, as the scripts list it: its texts in both notations, its path and its
/// captures.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct MoveShown {
    pub(crate) path: Vec<u8>,
    pub(crate) captured: Vec<u8>,
    pub(crate) alg: String,
    pub(crate) num: String,
}

impl From<&Move> for MoveShown {
    fn from(m: &Move) -> MoveShown {
        let (alg, num) = words::move_texts(m);
        MoveShown {
            path: m.path().map(|sq| sq.index()).collect(),
            captured: m.captured().map(|sq| sq.index()).collect(),
            alg,
            num,
        }
    }
}

/// A live game's clocks as the page counts them down: the base and the increment, each side's
/// time left at the reading (ms), the side whose clock runs (`null` before both first moves and
/// after the end), and the server's time of the reading (`now`, ms since the epoch).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClockState {
    pub(crate) base_ms: i64,
    pub(crate) increment_ms: i64,
    pub(crate) white_ms: i64,
    pub(crate) black_ms: i64,
    pub(crate) running: Option<Side>,
    pub(crate) now: i64,
}

impl From<&ClockReading> for ClockState {
    fn from(reading: &ClockReading) -> ClockState {
        ClockState {
            base_ms: reading.base_ms,
            increment_ms: reading.increment_ms,
            white_ms: reading.white_ms,
            black_ms: reading.black_ms,
            running: reading.running.map(Side::from),
            now: reading.at.as_millis(),
        }
    }
}

/// A review for the page: the evaluation (White's side, hundredths of a man, within
/// ±[`EVAL_CAP`](dama_service::model::review::EVAL_CAP)) before the first move and after each, each
/// move's class, and the words (each class's name by class).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReviewShown {
    pub(crate) cap: i32,
    pub(crate) evals: Vec<i32>,
    pub(crate) classes: Vec<&'static str>,
    pub(crate) words: BTreeMap<&'static str, String>,
    pub(crate) title: String,
    pub(crate) graph: String,
}

/// The state of `view` (replayed as `game`) at `now` for a reader of `lang`, with its `review`
/// if one is done: without its `clock` in a live game (see [`Built::at`]), with `"clock": null`
/// in any other.
pub(crate) fn state(
    view: &GameView,
    game: &Game,
    review: Option<&GameReview>,
    lang: Language,
    now: Timestamp,
) -> GameState {
    // What each side may do now, and from the deadline on (see the module's comment).
    let may_at = |at: Timestamp| Mays {
        white: May::from(&view.capabilities(Color::White, at)),
        black: May::from(&view.capabilities(Color::Black, at)),
        spectator: May::from(&view.spectator_capabilities()),
    };
    GameState {
        clock: view.live.is_none().then_some(None),
        version: view.version,
        ply: view.ply,
        title: words::title(lang, view),
        white: words::name(lang, view, Color::White),
        black: words::name(lang, view, Color::Black),
        status: words::status(lang, view),
        turn: view.turn().into(),
        // A finished game's view carries no offer, request or deadline.
        draw_offer: view.draw_offer.map(Side::from),
        takeback: view.takeback_request.map(Side::from),
        may: may_at(now),
        may_late: view.deadline.map(may_at),
        over: view.is_over(),
        result: view.outcome.map(|o| o.result_token()),
        deadline: view.deadline.map(|d| d.as_millis()),
        alt: words::board(lang, view),
        positions: game.positions().iter().map(ToString::to_string).collect(),
        moves: game.moves().iter().map(MoveShown::from).collect(),
        review: review.map(|r| review_shown(r, lang)),
    }
}

/// [`state`] as JSON.
pub(crate) fn json(
    view: &GameView,
    game: &Game,
    review: Option<&GameReview>,
    lang: Language,
    now: Timestamp,
) -> String {
    serde_json::to_string(&state(view, game, review, lang, now)).unwrap_or_default()
}

/// A live game's clocks as the page counts them down (see [`ClockState`]).
pub(crate) fn clock_json(reading: &ClockReading) -> Value {
    serde_json::to_value(ClockState::from(reading)).unwrap_or_default()
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

/// A move a player may choose, as the scripts offer it (see [`Choice`]).
pub(crate) fn choice_json(m: &Move) -> Value {
    serde_json::to_value(Choice::from(m)).unwrap_or_default()
}

/// A review for the page (see [`ReviewShown`]).
fn review_shown(review: &GameReview, lang: Language) -> ReviewShown {
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
    let words = [
        ("best", "review-class-best"),
        ("good", "review-class-good"),
        ("inaccuracy", "review-class-inaccuracy"),
        ("mistake", "review-class-mistake"),
        ("blunder", "review-class-blunder"),
    ]
    .into_iter()
    .map(|(name, key)| (name, words::word(lang, key)))
    .collect();
    ReviewShown {
        cap: dama_service::model::review::EVAL_CAP,
        evals,
        classes: moves.iter().map(|m| class(m.class)).collect(),
        words,
        title: words::word(lang, "web-review"),
        graph: words::word(lang, "web-review-graph"),
    }
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

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeMap;

    use serde_json::Value;

    use super::{Choice, ClockState, GameState, May, Mays, MoveShown, ReviewShown, Side};

    /// The typedefs of `front/types.js` that describe objects: each one's properties by name,
    /// with their types as written.
    pub(crate) fn typedefs() -> BTreeMap<String, BTreeMap<String, String>> {
        let script = include_str!("../front/types.js");
        let mut defs: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut current: Option<String> = None;
        for line in script.lines() {
            let line = line.trim_start().trim_start_matches('*').trim();
            if let Some(rest) = line.strip_prefix("@typedef {object} ") {
                let name = rest.split_whitespace().next().expect("a name").to_owned();
                defs.insert(name.clone(), BTreeMap::new());
                current = Some(name);
            } else if line.starts_with("@typedef") || line.starts_with("*/") {
                current = None;
            } else if let Some(rest) = line.strip_prefix("@property {")
                && let Some(name) = &current
            {
                let (kind, rest) = rest.split_once('}').expect("a closed type");
                let field = rest.split_whitespace().next().expect("a field");
                let field = field.trim_start_matches('[').trim_end_matches(']');
                let properties = defs.get_mut(name).expect("the typedef");
                properties.insert(field.to_owned(), kind.trim().to_owned());
            }
        }
        defs
    }

    /// The object typedef a property's type names, if it names one (`Mays | null`, `Choice[]`).
    fn named<'a>(
        kind: &str,
        defs: &'a BTreeMap<String, BTreeMap<String, String>>,
    ) -> Option<&'a BTreeMap<String, String>> {
        kind.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .find_map(|word| defs.get(word))
    }

    /// Checks that `value` has exactly the fields of `typedef` (named at `at`), and so on down
    /// every object and array of objects whose type names a typedef.
    fn same_fields(
        value: &Value,
        at: &str,
        typedef: &BTreeMap<String, String>,
        defs: &BTreeMap<String, BTreeMap<String, String>>,
    ) {
        let object = value
            .as_object()
            .unwrap_or_else(|| panic!("{at}: not an object"));
        let sent: Vec<&String> = object.keys().collect();
        let typed: Vec<&String> = typedef.keys().collect();
        let mut sent_sorted = sent.clone();
        sent_sorted.sort();
        assert_eq!(
            sent_sorted, typed,
            "{at}: the server's fields, then types.js's"
        );
        for (field, kind) in typedef {
            let Some(inner) = named(kind, defs) else {
                continue;
            };
            let at = format!("{at}.{field}");
            match &object[field] {
                Value::Array(items) => {
                    assert!(!items.is_empty(), "{at}: the sample has an item");
                    for item in items {
                        same_fields(item, &at, inner, defs);
                    }
                }
                Value::Null => panic!("{at}: the sample has it"),
                value => same_fields(value, &at, inner, defs),
            }
        }
    }

    /// A state with every field given: every option some, every list with an item.
    fn sample() -> GameState {
        let may = May {
            moves: vec![Choice {
                path: vec![18, 27],
                captured: vec![],
                alg: "c3-d4".to_owned(),
            }],
            offer_draw: true,
            answer_draw: false,
            ask_takeback: true,
            answer_takeback: false,
            resign: true,
            save_conditional: false,
            evaluate: false,
        };
        let mays = Mays {
            white: may.clone(),
            black: may.clone(),
            spectator: may,
        };
        GameState {
            clock: Some(Some(ClockState {
                base_ms: 300_000,
                increment_ms: 2_000,
                white_ms: 299_000,
                black_ms: 300_000,
                running: Some(Side::Black),
                now: 1_700_000_000_000,
            })),
            version: 3,
            ply: 1,
            title: "Ada vs Bo".to_owned(),
            white: "Ada".to_owned(),
            black: "Bo".to_owned(),
            status: "Black to move".to_owned(),
            turn: Side::Black,
            draw_offer: Some(Side::White),
            takeback: Some(Side::White),
            may: mays.clone(),
            may_late: Some(mays),
            over: false,
            result: Some("1-0"),
            deadline: Some(1_700_000_100_000),
            alt: "The board".to_owned(),
            positions: vec!["8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w".to_owned()],
            moves: vec![MoveShown {
                path: vec![18, 27],
                captured: vec![],
                alg: "c3-d4".to_owned(),
                num: "23-32".to_owned(),
            }],
            review: Some(ReviewShown {
                cap: 1000,
                evals: vec![0, 10],
                classes: vec!["best"],
                words: [("best", "Best".to_owned())].into_iter().collect(),
                title: "Review".to_owned(),
                graph: "Evaluation".to_owned(),
            }),
        }
    }

    #[test]
    fn the_state_s_fields_are_those_of_the_scripts_typedef_all_the_way_down() {
        let defs = typedefs();
        let typedef = defs.get("GameState").expect("types.js has GameState");
        let sent = serde_json::to_value(sample()).expect("JSON");
        same_fields(&sent, "GameState", typedef, &defs);
        // Every object typedef is one the state uses.
        for name in ["Clock", "Mays", "May", "Choice", "MoveShown", "Review"] {
            assert!(defs.contains_key(name), "{name}");
        }
    }

    #[test]
    fn a_field_the_typedef_lacks_is_caught() {
        let defs = typedefs();
        let mut typedef = defs.get("GameState").expect("GameState").clone();
        typedef.remove("turn");
        let sent = serde_json::to_value(sample()).expect("JSON");
        let caught = std::panic::catch_unwind(|| same_fields(&sent, "GameState", &typedef, &defs));
        assert!(caught.is_err());
    }
}
