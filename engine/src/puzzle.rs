//! Puzzle mining: positions from finished games where the side to move has one clearly best
//! line that wins material or the game, kept with that line, a theme, a difficulty and where
//! in the game they arose.
//!
//! A position is a puzzle when, at a deeper search than the game's screening:
//!
//! - the side to move (the solver) has more than one legal move: a position decided by the
//!   compulsory capture alone has nothing to find;
//! - the engine's best move is at least [`GAP`] (a man and a half) better than its second best,
//!   so there is one answer and not two;
//! - the line that follows wins at least [`MIN_GAIN`] (a man, or a man's worth: a crown for a
//!   man) within [`MAX_LINE`] plies, or the game, with the same single answer at each of the
//!   solver's later turns. A later turn with two good answers ends the line there if the
//!   material is already won, and rejects the position otherwise.
//!
//! What the solver would take anyway is not a gain: every legal capture takes the same number
//! of pieces (the maximum rule), so the gain is counted from the position after the cheapest of
//! them.
//!
//! Mining is a pure function of the game (or position) and the [`MiningBudget`], a node count
//! with no clock: the same game always gives the same puzzles.
//!
//! ```
//! use dama_engine::puzzle::{self, MiningBudget, Theme};
//! use dama_rules::{Position, notation};
//!
//! // d3-d4 gives a man (c4xe4 is forced) and e3xe5xe7 takes two back.
//! let start: Position = "8/bb4bb/4b3/8/2b5/3ww3/ww2w1ww/8 w".parse().unwrap();
//! let found = puzzle::mine_position(&start, MiningBudget::nodes(20_000)).unwrap();
//! let found = found.expect("a two-for-one is a puzzle");
//! assert_eq!(found.theme, Some(Theme::TwoForOne));
//! assert!(found.accepts(0, &notation::resolve_str(&start, "d3-d4").unwrap()));
//! assert!(!found.accepts(0, &notation::resolve_str(&start, "e3-f3").unwrap()));
//! assert_eq!(found.gain, dama_engine::MAN);
//! ```

use std::{fmt, str::FromStr};

use dama_rules::{Color, Game, Move, Position, Role, Rules};

use crate::{
    Budget, Engine, EngineConfig, EngineError, KING, Level, MAN, Score, SearchInfo,
    engine::material, review::EVAL_CAP, review::capped,
};

/// How much better than the second best move the solution's first move must be, and each of
/// the solver's later moves in the line: a man and a half, as much as a review's blunder
/// ([`crate::review::BLUNDER`]) loses.
pub const GAP: i32 = 3 * MAN / 2;

/// The least a solution must win: a man, or a man's worth.
pub const MIN_GAIN: i32 = MAN;

/// The longest solution, in plies: five moves of the solver's and four replies.
pub const MAX_LINE: usize = 9;

/// A position with at most this many pieces is an endgame (for [`Theme::EndgameWin`]).
const ENDGAME_PIECES: u32 = 8;

/// How far mining searches.
///
/// ```
/// use dama_engine::puzzle::MiningBudget;
///
/// assert_eq!(MiningBudget::default(), MiningBudget::DEFAULT);
/// let small = MiningBudget::nodes(20_000);
/// assert_eq!(small.nodes, 20_000);
/// assert!(small.screen_nodes < small.nodes);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MiningBudget {
    /// Nodes for each verifying search: every turn of a candidate's line is searched once for
    /// the best move and once for the best of the others.
    pub nodes: u64,
    /// Nodes for the screening search of each position of a game ([`mine`]).
    pub screen_nodes: u64,
    /// At most this many positions of one game are verified, the largest swings first.
    pub candidates: usize,
}

impl MiningBudget {
    /// The default: a 20 000-node screen of every position, and at most 8 candidates verified
    /// at 300 000 nodes a search (a review's budget). The `mining` benchmark mines a 100-ply
    /// self-play game in about 1.8 s on a busy 2-core machine. At worst every candidate is
    /// followed to a five-move line, 14 searches, about 36 million nodes for the game: some
    /// 7 s at the search's 5 million nodes a second, inside the 10 s of one core that mining a
    /// game may take.
    pub const DEFAULT: MiningBudget = MiningBudget {
        nodes: 300_000,
        screen_nodes: 20_000,
        candidates: 8,
    };

    /// `nodes` per verifying search, a fifteenth of that (at least 1 000) for screening (the
    /// default's proportions), and the default number of candidates.
    #[must_use]
    pub const fn nodes(nodes: u64) -> MiningBudget {
        let screen = nodes / 15;
        MiningBudget {
            nodes,
            screen_nodes: if screen < 1_000 { 1_000 } else { screen },
            candidates: MiningBudget::DEFAULT.candidates,
        }
    }
}

impl Default for MiningBudget {
    fn default() -> MiningBudget {
        MiningBudget::DEFAULT
    }
}

/// What kind of idea a puzzle's solution shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Pieces given so that one capture takes more than were given (and not just two for one).
    Shot,
    /// One man given, then one capture takes two.
    TwoForOne,
    /// A man is crowned, having given material for it or gaining by the crown alone.
    Crowning,
    /// An enemy king is won.
    KingTrap,
    /// A forced win of the game in an ending (at most eight pieces).
    EndgameWin,
}

impl Theme {
    /// Every theme, in declaration order.
    pub const ALL: [Theme; 5] = [
        Theme::Shot,
        Theme::TwoForOne,
        Theme::Crowning,
        Theme::KingTrap,
        Theme::EndgameWin,
    ];

    /// A stable lowercase key, for storage and commands: `shot`, `two-for-one`, `crowning`,
    /// `king-trap`, `endgame-win`.
    ///
    /// ```
    /// use dama_engine::puzzle::Theme;
    ///
    /// for theme in Theme::ALL {
    ///     assert_eq!(theme.key().parse::<Theme>(), Ok(theme));
    /// }
    /// assert_eq!(Theme::TwoForOne.key(), "two-for-one");
    /// assert!("fork".parse::<Theme>().is_err());
    /// ```
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Theme::Shot => "shot",
            Theme::TwoForOne => "two-for-one",
            Theme::Crowning => "crowning",
            Theme::KingTrap => "king-trap",
            Theme::EndgameWin => "endgame-win",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A theme key that names no theme.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown puzzle theme {0:?}: expected shot, two-for-one, crowning, king-trap or endgame-win"
)]
pub struct ParseThemeError(pub String);

impl FromStr for Theme {
    type Err = ParseThemeError;

    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        let key = s.trim();
        Theme::ALL
            .into_iter()
            .find(|theme| theme.key().eq_ignore_ascii_case(key))
            .ok_or_else(|| ParseThemeError(s.to_owned()))
    }
}

/// A position with one clearly best line, and that line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Index in the game's move list of the position the puzzle starts from (before the
    /// solver's first move); 0 for [`mine_position`].
    pub ply: usize,
    /// The position, the solver to move.
    pub start: Position,
    /// The solver's move, the opponent's reply, the solver's move, …; ends with a solver's move.
    pub solution: Vec<Move>,
    /// The idea, where one is recognised.
    pub theme: Option<Theme>,
    /// 1 (seen at once) to 5 (seen only nine plies or more deep): how deep the search had to go
    /// before it chose the first move for its win, two plies a step.
    pub difficulty: u8,
    /// What the solution wins, in hundredths of a man ([`MAN`] = 100, a king [`KING`]), capped
    /// at [`EVAL_CAP`]; winning the game counts as the cap.
    pub gain: i32,
}

impl Puzzle {
    /// The side that solves the puzzle.
    #[must_use]
    pub fn solver(&self) -> Color {
        self.start.turn()
    }

    /// How many moves the solver makes.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The solver's move at its `turn`th turn (from 0).
    #[must_use]
    pub fn answer(&self, turn: usize) -> Option<Move> {
        self.solution.get(2 * turn).copied()
    }

    /// Whether `answer` solves the solver's `turn`th turn (from 0): it is the solution's move
    /// there, the same [`Move`] (start, end and captured pieces; any path typed for it).
    #[must_use]
    pub fn accepts(&self, turn: usize, answer: &Move) -> bool {
        self.answer(turn).is_some_and(|m| m == *answer)
    }

    /// The opponent's reply to the solver's `turn`th move; `None` after the last.
    #[must_use]
    pub fn reply(&self, turn: usize) -> Option<Move> {
        self.solution.get(2 * turn + 1).copied()
    }

    /// The position before the solver's `turn`th move (from 0): the start with the solution
    /// played up to there.
    #[must_use]
    pub fn position_at(&self, turn: usize) -> Option<Position> {
        if turn >= self.turns() {
            return None;
        }
        Some(
            self.solution[..2 * turn]
                .iter()
                .fold(self.start, |pos, m| pos.play_unchecked(m)),
        )
    }
}

/// Mines a finished (or unfinished) game: screens every position the game moved from with a
/// search of `budget.screen_nodes`, and verifies the most promising (at most
/// `budget.candidates`) at `budget.nodes` a search, as [`mine_position`] does. The puzzles come
/// in game order, none starting inside an earlier one's solution.
///
/// A position is a candidate when the screen sees at least [`MIN_GAIN`] more for the side to
/// move than the material it would have after its cheapest move, and the move before it (the
/// opponent's) let that in: the screen's judgement of the position before was a man better for
/// the opponent. The start of the game needs no move before it.
pub fn mine(game: &Game, budget: MiningBudget) -> Result<Vec<Puzzle>, EngineError> {
    let rules = game.rules();
    let positions = &game.positions()[..game.moves().len()];
    let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));

    // The screen's value of each position for its side to move (capped, as a review counts).
    let mut screened: Vec<Option<i32>> = Vec::with_capacity(positions.len());
    for pos in positions {
        let value = if pos.legal_moves_under(rules).is_empty() {
            None
        } else {
            let game = Game::with_rules(*pos, rules);
            let info = engine.analyse(&game, Budget::nodes(budget.screen_nodes), |_| {})?;
            Some(capped(info.score))
        };
        screened.push(value);
    }

    let mut candidates: Vec<(i32, usize)> = Vec::new();
    for (ply, pos) in positions.iter().enumerate() {
        let Some(value) = screened[ply] else { continue };
        if pos.legal_moves_under(rules).len() < 2 {
            continue;
        }
        let excess = value - baseline(pos, rules);
        let swing = match ply.checked_sub(1) {
            Some(before) => screened[before].map_or(excess, |b| value + b),
            None => excess,
        };
        if excess >= MIN_GAIN && swing >= MIN_GAIN {
            candidates.push((swing, ply));
        }
    }
    candidates.sort_by_key(|&(swing, ply)| (std::cmp::Reverse(swing), ply));
    candidates.truncate(budget.candidates);
    candidates.sort_by_key(|&(_, ply)| ply);

    let mut puzzles: Vec<Puzzle> = Vec::new();
    for (_, ply) in candidates {
        let inside_last = puzzles
            .last()
            .is_some_and(|p| ply < p.ply + p.solution.len());
        if inside_last {
            continue;
        }
        if let Some(mut puzzle) = verify(&mut engine, &positions[ply], rules, budget.nodes)? {
            puzzle.ply = ply;
            puzzles.push(puzzle);
        }
    }
    Ok(puzzles)
}

/// Whether `position` (under docs/rules.md) is a puzzle, with its solution: searched at
/// `budget.nodes` a search. `ply` is 0 in the result.
pub fn mine_position(
    position: &Position,
    budget: MiningBudget,
) -> Result<Option<Puzzle>, EngineError> {
    let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
    verify(&mut engine, position, Rules::STANDARD, budget.nodes)
}

/// The solver's material lead over the opponent.
fn balance(pos: &Position, solver: Color) -> i32 {
    material(pos, solver) - material(pos, solver.opposite())
}

/// What a captured piece is worth.
fn value_of(role: Role) -> i32 {
    match role {
        Role::Man => MAN,
        Role::King => KING,
    }
}

/// What `m` takes, in material.
fn taken(pos: &Position, m: &Move) -> i32 {
    m.captured()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|piece| value_of(piece.role))
        .sum()
}

/// The material lead of the side to move once it has made its cheapest move: what it would
/// have without finding anything (a pending capture takes the same number of pieces whichever
/// is chosen).
fn baseline(pos: &Position, rules: Rules) -> i32 {
    let cheapest = pos
        .legal_moves_under(rules)
        .iter()
        .map(|m| taken(pos, m))
        .min()
        .unwrap_or(0);
    balance(pos, pos.turn()) + cheapest
}

/// What the search found at one of the solver's turns.
struct Choice {
    /// The best move.
    best: Move,
    /// Its score (capped, as a review counts it).
    value: i32,
    /// The best other move's score; `None` when the move is the only legal one.
    second: Option<i32>,
    /// The reply the search expects.
    reply: Option<Move>,
    /// The search proved a forced win.
    forced_win: bool,
    /// Each finished iteration of the search for the best move: depth, first move, score.
    iterations: Vec<(u32, Move, i32)>,
}

impl Choice {
    /// Whether the best move stands alone: no other move comes within [`GAP`] of it.
    fn stands_alone(&self) -> bool {
        self.second.is_none_or(|second| self.value - second >= GAP)
    }

    /// The depth from which every finished iteration chose the best move, already scoring it
    /// [`GAP`] above the second best.
    fn depth_needed(&self) -> u32 {
        let second = self.second.unwrap_or(-EVAL_CAP);
        let seen =
            |&(_, first, value): &(u32, Move, i32)| first == self.best && value - second >= GAP;
        let from = self
            .iterations
            .iter()
            .rposition(|it| !seen(it))
            .map_or(0, |last_unseen| last_unseen + 1);
        self.iterations
            .get(from)
            .or(self.iterations.last())
            .map_or(1, |&(depth, _, _)| depth.max(1))
    }
}

/// Searches the solver's turn: the best move, and the best of the others.
fn choose(engine: &mut Engine, game: &Game, nodes: u64) -> Result<Choice, EngineError> {
    let legal = game.position().legal_moves_under(game.rules());
    if let [only] = &legal[..] {
        return Ok(Choice {
            best: *only,
            value: 0,
            second: None,
            reply: None,
            forced_win: false,
            iterations: Vec::new(),
        });
    }
    let budget = Budget::nodes(nodes);
    let mut iterations = Vec::new();
    let info = engine.analyse(game, budget, |it: &SearchInfo| {
        if let Some(&first) = it.pv.first() {
            iterations.push((it.depth, first, capped(it.score)));
        }
    })?;
    let Some(&best) = info.pv.first() else {
        return Err(EngineError::NoLegalMove);
    };
    let other = engine.analyse_excluding(game, budget, &[best], |_| {})?;
    Ok(Choice {
        best,
        value: capped(info.score),
        second: other.map(|o| capped(o.score)),
        reply: info.pv.get(1).copied(),
        forced_win: matches!(info.score, Score::Win(_)),
        iterations,
    })
}

/// The opponent's reply in `game`: `expected` if legal, else the engine's choice.
fn reply(
    engine: &mut Engine,
    game: &Game,
    expected: Option<Move>,
    nodes: u64,
) -> Result<Move, EngineError> {
    let legal = game.position().legal_moves_under(game.rules());
    if let [only] = &legal[..] {
        return Ok(*only);
    }
    if let Some(m) = expected.filter(|m| legal.contains(m)) {
        return Ok(m);
    }
    let info = engine.analyse(game, Budget::nodes(nodes), |_| {})?;
    info.pv.first().copied().ok_or(EngineError::NoLegalMove)
}

/// The line from `start` as far as it stays a puzzle, and the puzzle it makes (`ply` 0).
fn verify(
    engine: &mut Engine,
    start: &Position,
    rules: Rules,
    nodes: u64,
) -> Result<Option<Puzzle>, EngineError> {
    if start.legal_moves_under(rules).len() < 2 {
        return Ok(None);
    }
    // Each candidate is judged on its own, whatever was searched before it.
    engine.new_game();
    let solver = start.turn();
    let base = baseline(start, rules);
    let mut game = Game::with_rules(*start, rules);
    let mut line: Vec<Move> = Vec::new();
    let mut first: Option<(u32, bool)> = None;
    let gain = loop {
        let choice = choose(engine, &game, nodes)?;
        if !choice.stands_alone() {
            // Two good answers. A line that had already won material ended before this turn,
            // so there is nothing to keep.
            return Ok(None);
        }
        if first.is_none() {
            first = Some((choice.depth_needed(), choice.forced_win));
        }
        line.push(choice.best);
        if game.play(&choice.best).is_err() {
            return Ok(None);
        }
        if let Some(outcome) = game.outcome() {
            if outcome.winner() == Some(solver) {
                break EVAL_CAP;
            }
            return Ok(None);
        }
        let gained = balance(game.position(), solver) - base;
        if gained >= MIN_GAIN && !game.position().has_capture() {
            break gained;
        }
        if line.len() + 2 > MAX_LINE {
            return Ok(None);
        }
        let answer = reply(engine, &game, choice.reply, nodes)?;
        line.push(answer);
        if game.play(&answer).is_err() || game.outcome().is_some() {
            return Ok(None);
        }
        let gained = balance(game.position(), solver) - base;
        if gained >= MIN_GAIN {
            // The reply was a capture that left the solver's gain standing: won already.
            line.pop();
            break gained;
        }
    };
    let Some((depth, forced_win)) = first else {
        return Ok(None);
    };
    let theme = theme(start, &line, gain, forced_win);
    Ok(Some(Puzzle {
        ply: 0,
        start: *start,
        theme,
        difficulty: difficulty(depth),
        gain: gain.min(EVAL_CAP),
        solution: line,
    }))
}

/// 1 to 5, two plies of search depth a step.
fn difficulty(depth: u32) -> u8 {
    depth.div_ceil(2).clamp(1, 5) as u8
}

/// The theme `line` shows from `start`, if one is recognised; the most specific first.
fn theme(start: &Position, line: &[Move], gain: i32, forced_win: bool) -> Option<Theme> {
    let solver = start.turn();
    let mut pos = *start;
    let (mut given, mut won, mut largest, mut kings_won, mut crowned) = (0, 0, 0, 0, false);
    for m in line {
        let kings = (m.captured() & pos.board().kings()).count();
        if pos.turn() == solver {
            won += m.capture_count();
            largest = largest.max(m.capture_count());
            kings_won += kings;
            crowned |= m.promotes();
        } else {
            given += m.capture_count();
        }
        pos = pos.play_unchecked(m);
    }
    let pieces = start.board().occupied().count();
    if given == 1 && won == 2 && largest == 2 {
        Some(Theme::TwoForOne)
    } else if given >= 1 && largest >= 2 && won > given {
        Some(Theme::Shot)
    } else if crowned && won <= given {
        Some(Theme::Crowning)
    } else if kings_won > 0 {
        Some(Theme::KingTrap)
    } else if pieces <= ENDGAME_PIECES && (forced_win || gain >= EVAL_CAP) {
        Some(Theme::EndgameWin)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use dama_rules::notation;

    use super::*;

    /// The moves `texts` from `start`, one after another.
    fn line(start: &Position, texts: &[&str]) -> Vec<Move> {
        let mut pos = *start;
        texts
            .iter()
            .map(|text| {
                let m = notation::resolve_str(&pos, text).unwrap();
                pos = pos.play(&m).unwrap();
                m
            })
            .collect()
    }

    #[test]
    fn the_second_best_search_leaves_the_best_move_out() {
        let start: Position = "8/bb4bb/4b3/8/2b5/3ww3/ww2w1ww/8 w".parse().unwrap();
        let game = Game::from_position(start);
        let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
        let budget = Budget::nodes(5_000);
        let shot = line(&start, &["d3-d4"])[0];
        let other = engine
            .analyse_excluding(&game, budget, &[shot], |_| {})
            .unwrap()
            .expect("other moves");
        assert_ne!(other.pv[0], shot);
        let best = engine.analyse(&game, budget, |_| {}).unwrap();
        assert_eq!(best.pv[0], shot);
        assert!(best.score.as_value() > other.score.as_value());
        let every: Vec<Move> = start
            .legal_moves_under(Rules::STANDARD)
            .iter()
            .copied()
            .collect();
        assert_eq!(
            engine.analyse_excluding(&game, budget, &every, |_| {}),
            Ok(None)
        );
    }

    #[test]
    fn themes_are_read_from_the_line() {
        let theme_of = |text: &str, moves: &[&str], gain, forced_win| {
            let start: Position = text.parse().unwrap();
            theme(&start, &line(&start, moves), gain, forced_win)
        };
        // A king walks into a man's capture.
        let trap = "8/bbb1bb2/b5bb/b1b4b/3B2ww/w1w4w/www1ww1w/8 w";
        assert_eq!(
            theme_of(trap, &["g4-f4", "d4xg4", "h4xf4"], 2 * MAN, false),
            Some(Theme::KingTrap)
        );
        // The last black man is walled in.
        let walled = "b1W5/w7/w7/8/8/8/8/1W6 w";
        assert_eq!(
            theme_of(walled, &["b1-b8"], EVAL_CAP, true),
            Some(Theme::EndgameWin)
        );
        // A two-for-one that takes the last pieces is still a two-for-one.
        let last = "8/4b3/8/2b5/3ww3/4w3/8/8 w";
        assert_eq!(
            theme_of(last, &["d4-d5", "c5xe5", "e4xe6xe8"], EVAL_CAP, true),
            Some(Theme::TwoForOne)
        );
        // A quiet move that wins nothing named (no sacrifice, crown, king or forced win).
        let quiet = "8/7b/8/8/8/3w4/8/8 w";
        assert_eq!(theme_of(quiet, &["d3-d4"], MAN, false), None);
    }

    #[test]
    fn difficulty_grows_two_plies_a_step_from_one_to_five() {
        let got: Vec<u8> = (0..=12).map(difficulty).collect();
        assert_eq!(got, [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5]);
    }

    #[test]
    fn theme_keys_parse_back_whatever_their_case() {
        assert_eq!("King-Trap".parse::<Theme>(), Ok(Theme::KingTrap));
        let err = "pin".parse::<Theme>().unwrap_err().to_string();
        assert!(err.contains("\"pin\""), "{err}");
    }

    #[test]
    fn a_pending_capture_is_not_counted_as_a_gain() {
        // White, a man down, must take d4 whatever it plays: level is what it has for nothing.
        let pos: Position = "8/7b/8/8/3b4/3w4/8/8 w".parse().unwrap();
        assert_eq!(balance(&pos, Color::White), -MAN);
        assert_eq!(baseline(&pos, Rules::STANDARD), 0);
    }
}
