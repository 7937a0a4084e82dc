//! Game review: the engine judges every position of a finished (or unfinished) game once, and
//! each move is classified by how much it lost for the side that made it, with the engine's
//! better move for the mistakes and blunders, the critical moments, and an annotated PDN.
//!
//! Evaluations are in hundredths of a man ([`crate::MAN`] = 100), the engine's unit, capped at
//! ±[`EVAL_CAP`]: a forced win or loss, or an advantage of more than ten men, counts as the cap,
//! so that a move that keeps a won game won is not blamed for the exact size of the win.
//!
//! A review is a pure function of the game and the [`ReviewBudget`] (a node count, no clock), so
//! the same game always gets the same review.
//!
//! ```
//! use dama_engine::review::{self, MoveClass, ReviewBudget};
//! use dama_rules::{Game, notation};
//!
//! // White can give a man (d4-d5) to take Black's last two (c5xe5, e4xe6xe8), and does not.
//! let mut game = Game::from_position("8/4b3/8/2b5/3ww3/4w3/8/8 w".parse().unwrap());
//! let shot = notation::resolve_str(game.position(), "d4-d5").unwrap();
//! game.play(&notation::resolve_str(game.position(), "e3-f3").unwrap()).unwrap();
//! let review = review::review(&game, ReviewBudget::nodes(20_000), |_, _| {}).unwrap();
//! assert_eq!(review.moves[0].class, MoveClass::Blunder);
//! assert_eq!(review.moves[0].better, Some(shot));
//! ```

use std::fmt::Write as _;

use dama_rules::{Color, DrawReason, Game, Move, Outcome, WinReason, pdn};

use crate::{Budget, Engine, EngineConfig, EngineError, Level, MAN, Score};

/// The largest evaluation a review shows, either way: ten men. Forced wins and losses count as
/// this much.
pub const EVAL_CAP: i32 = 10 * MAN;

/// A move that loses at least this much (a fifth of a man) is an inaccuracy. Below it the loss
/// is within what the evaluation's positional terms (advancement, files, formation: a few
/// hundredths each) and the search horizon move about, so the move is called good.
pub const INACCURACY: i32 = MAN / 5;
/// A move that loses at least half a man is a mistake: more than any positional trade-off the
/// evaluation knows, so something concrete was given away.
pub const MISTAKE: i32 = MAN / 2;
/// A move that loses at least a man and a half is a blunder: at least a man for nothing with the
/// position worse too, a man promoted for the opponent, or a won game let go. A clean two-for-one
/// allowed costs about a man and is a mistake; one that also costs the position is a blunder.
pub const BLUNDER: i32 = 3 * MAN / 2;

/// How far [`review`] searches each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReviewBudget {
    /// Nodes searched per position.
    pub nodes: u64,
}

impl ReviewBudget {
    /// The default: 300 000 nodes a position (a little more than a level-5 move's budget gets
    /// through in the time a player waits). A 100-ply game is 101 searches, at most 30 million
    /// nodes; the `review` benchmark measures it at about 6 s of one core in a release build,
    /// leaving room under the 30 s a review may spend for a slower or busier machine.
    pub const DEFAULT: ReviewBudget = ReviewBudget::nodes(300_000);

    /// `nodes` per position.
    #[must_use]
    pub const fn nodes(nodes: u64) -> ReviewBudget {
        ReviewBudget { nodes }
    }
}

impl Default for ReviewBudget {
    fn default() -> ReviewBudget {
        ReviewBudget::DEFAULT
    }
}

/// How much a move lost, in words. Ordered from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// The engine's own choice, or a move that lost nothing by its judgement.
    Best,
    /// Lost less than [`INACCURACY`].
    Good,
    /// Lost at least [`INACCURACY`], less than [`MISTAKE`].
    Inaccuracy,
    /// Lost at least [`MISTAKE`], less than [`BLUNDER`].
    Mistake,
    /// Lost at least [`BLUNDER`].
    Blunder,
}

impl MoveClass {
    /// The class of a move that lost `loss` (hundredths of a man, for its mover).
    #[must_use]
    pub const fn of_loss(loss: i32) -> MoveClass {
        if loss <= 0 {
            MoveClass::Best
        } else if loss < INACCURACY {
            MoveClass::Good
        } else if loss < MISTAKE {
            MoveClass::Inaccuracy
        } else if loss < BLUNDER {
            MoveClass::Mistake
        } else {
            MoveClass::Blunder
        }
    }

    /// The PDN numeric annotation glyph: `$6` (dubious) for an inaccuracy, `$2` for a mistake,
    /// `$4` for a blunder. Best and good moves get none: `$1` (`!`) praises a strong move, and
    /// agreeing with the engine is not that.
    #[must_use]
    pub const fn nag(self) -> Option<u8> {
        match self {
            MoveClass::Best | MoveClass::Good => None,
            MoveClass::Inaccuracy => Some(pdn::Annotation::DUBIOUS),
            MoveClass::Mistake => Some(pdn::Annotation::MISTAKE),
            MoveClass::Blunder => Some(pdn::Annotation::BLUNDER),
        }
    }

    /// The class in lowercase English, as the annotated PDN writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

/// One ply of a reviewed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewedMove {
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// The evaluation before the move, from White's side, in hundredths of a man, capped at
    /// ±[`EVAL_CAP`].
    pub before: i32,
    /// The evaluation after the move, likewise.
    pub after: i32,
    /// What the move cost its mover, in hundredths of a man: never negative, and 0 when it is
    /// the engine's own choice (a deeper look after the move is not the move's fault).
    pub loss: i32,
    /// The loss in words.
    pub class: MoveClass,
    /// The engine's choice in the position before, for a mistake or a blunder.
    pub better: Option<Move>,
}

impl ReviewedMove {
    /// How far the evaluation moved with this ply, either way.
    #[must_use]
    pub fn swing(&self) -> i32 {
        (self.after - self.before).abs()
    }
}

/// A reviewed game: one [`ReviewedMove`] per ply, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The game's moves, judged; `moves[i]` is the game's `i`th move (from 0).
    pub moves: Vec<ReviewedMove>,
}

impl Review {
    /// The plies (indices into [`Review::moves`]) with the largest evaluation swings, at most
    /// `n`, largest first (the earlier ply first among equal swings). Only swings of at least an
    /// [`INACCURACY`] count, so a quiet game may have none.
    #[must_use]
    pub fn critical(&self, n: usize) -> Vec<usize> {
        let mut plies: Vec<usize> = (0..self.moves.len())
            .filter(|&i| self.moves[i].swing() >= INACCURACY)
            .collect();
        plies.sort_by_key(|&i| (std::cmp::Reverse(self.moves[i].swing()), i));
        plies.truncate(n);
        plies
    }

    /// How many of `color`'s moves fall in `class`.
    #[must_use]
    pub fn count(&self, color: Color, class: MoveClass) -> usize {
        self.moves
            .iter()
            .filter(|m| m.mover == color && m.class == class)
            .count()
    }

    /// `game` (the game reviewed) as PDN with `tags` ([`pdn::write`]), each move annotated: the
    /// class as a NAG ([`MoveClass::nag`]), and a comment with the evaluation after the move
    /// (White's side, in men: `+0.35`, or `white wins` / `black wins` at the cap) and, for an
    /// inaccuracy or worse, the class, the evaluation before, and the better move if any:
    /// `{mistake: +0.10 -> -1.05; better d3-d4}`.
    #[must_use]
    pub fn annotated_pdn(&self, game: &Game, tags: &[(&str, &str)]) -> String {
        let notes: Vec<pdn::Annotation> = self.moves.iter().map(annotation).collect();
        pdn::write_annotated(game, tags, &notes)
    }
}

fn annotation(m: &ReviewedMove) -> pdn::Annotation {
    let mut comment = String::new();
    if m.class >= MoveClass::Inaccuracy {
        let _ = write!(
            comment,
            "{}: {} -> {}",
            m.class.name(),
            show(m.before),
            show(m.after)
        );
        if let Some(better) = m.better {
            let _ = write!(comment, "; better {better}");
        }
    } else {
        comment.push_str(&show(m.after));
    }
    pdn::Annotation {
        nags: m.class.nag().into_iter().collect(),
        comments: vec![comment],
    }
}

/// An evaluation in men, White's side.
fn show(value: i32) -> String {
    if value >= EVAL_CAP {
        "white wins".to_owned()
    } else if value <= -EVAL_CAP {
        "black wins".to_owned()
    } else {
        let sign = if value < 0 { '-' } else { '+' };
        let v = value.unsigned_abs();
        format!("{sign}{}.{:02}", v / 100, v % 100)
    }
}

/// Reviews every move of `game`: one search of `budget` per position (the start, and the
/// position after each move), so a game of N plies costs N + 1 searches, each search's score
/// serving as the "after" of one move and the "before" of the next. `progress(done, total)` is
/// called after each search.
///
/// A position with a single legal move is judged by the position after it (a forced capture is
/// searched where the choices are), and the final position of a game the moves decided (no
/// pieces or moves left, repetition, no progress, a missed capture) by its result. A game that
/// ended by resignation, time or agreement is judged on the board as it was left.
///
/// The search is the engine at [`Level::MAX`] with seed 0 and no clock, so the review is
/// reproducible.
pub fn review(
    game: &Game,
    budget: ReviewBudget,
    mut progress: impl FnMut(usize, usize),
) -> Result<Review, EngineError> {
    let plies = game.moves().len();
    let total = plies + 1;
    let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
    let search = Budget::nodes(budget.nodes);

    // Judged from the end back, undoing one move at a time: no move is replayed, so a game that
    // ended with a missed capture (strict rules) needs no special path.
    let mut judged = vec![Judgement::default(); total];
    let mut state = open_end(game);
    for i in (0..total).rev() {
        judged[i] = judge(&mut engine, &state, search)?;
        progress(total - i, total);
        state.undo();
    }

    let moves = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &mv)| {
            let mover = game.positions()[i].turn();
            let (before, best) = (judged[i].value, judged[i].best);
            let after = -judged[i + 1].value;
            let loss = if best == Some(mv) {
                0
            } else {
                (before - after).max(0)
            };
            let class = MoveClass::of_loss(loss);
            let better = best.filter(|_| class >= MoveClass::Mistake);
            let white = |v: i32| if mover == Color::White { v } else { -v };
            ReviewedMove {
                mv,
                mover,
                before: white(before),
                after: white(after),
                loss,
                class,
                better,
            }
        })
        .collect();
    Ok(Review { moves })
}

/// What the engine thinks of one position: its value for the side to move (capped) and the move
/// it would play there.
#[derive(Debug, Clone, Copy, Default)]
struct Judgement {
    value: i32,
    best: Option<Move>,
}

/// The longest chain of forced moves followed before searching anyway.
const FORCED_CHAIN: usize = 8;

fn judge(engine: &mut Engine, game: &Game, budget: Budget) -> Result<Judgement, EngineError> {
    let mut game = game.clone();
    let mut sign = 1;
    let mut first = None;
    for _ in 0..FORCED_CHAIN {
        if let Some(outcome) = game.outcome() {
            let value = sign * result_value(outcome, game.turn());
            return Ok(Judgement { value, best: first });
        }
        let moves = game.position().legal_moves_under(game.rules());
        let [only] = &moves[..] else { break };
        let only = *only;
        first = first.or(Some(only));
        if game.play(&only).is_err() {
            break;
        }
        sign = -sign;
    }
    if let Some(outcome) = game.outcome() {
        let value = sign * result_value(outcome, game.turn());
        return Ok(Judgement { value, best: first });
    }
    // Each position is judged on its own, whatever was judged before it.
    engine.new_game();
    let info = engine.analyse(&game, budget, |_| {})?;
    Ok(Judgement {
        value: sign * capped(info.score),
        best: first.or_else(|| info.pv.first().copied()),
    })
}

/// The game with its last position open for the engine: an outcome the players chose
/// (resignation, time, agreement) is set aside, so the board as it was left is searched.
fn open_end(game: &Game) -> Game {
    let mut open = game.clone();
    let chosen = matches!(
        game.outcome(),
        Some(
            Outcome::Win {
                reason: WinReason::Resignation | WinReason::Time,
                ..
            } | Outcome::Draw(DrawReason::Agreement)
        )
    );
    if chosen && let Some(last) = open.undo() {
        // Replaying a move the game accepted once only fails if the game was built
        // inconsistently; then the chosen result stands and judges the end.
        if open.play(&last).is_err() {
            return game.clone();
        }
    }
    open
}

/// A decided game's value for `turn`, the side to move in its last position.
fn result_value(outcome: Outcome, turn: Color) -> i32 {
    match outcome.winner() {
        Some(winner) if winner == turn => EVAL_CAP,
        Some(_) => -EVAL_CAP,
        None => 0,
    }
}

/// A score as a review counts it: forced results and large advantages at ±[`EVAL_CAP`].
pub(crate) fn capped(score: Score) -> i32 {
    match score {
        Score::Value(v) => v.clamp(-EVAL_CAP, EVAL_CAP),
        Score::Win(_) => EVAL_CAP,
        Score::Loss(_) => -EVAL_CAP,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_rules::Rules;

    #[test]
    fn losses_are_classified_at_the_documented_thresholds() {
        let cases = [
            (-5, MoveClass::Best),
            (0, MoveClass::Best),
            (1, MoveClass::Good),
            (INACCURACY - 1, MoveClass::Good),
            (INACCURACY, MoveClass::Inaccuracy),
            (MISTAKE - 1, MoveClass::Inaccuracy),
            (MISTAKE, MoveClass::Mistake),
            (BLUNDER - 1, MoveClass::Mistake),
            (BLUNDER, MoveClass::Blunder),
            (2 * EVAL_CAP, MoveClass::Blunder),
        ];
        for (loss, class) in cases {
            assert_eq!(MoveClass::of_loss(loss), class, "{loss}");
        }
    }

    #[test]
    fn evaluations_are_shown_in_men_from_whites_side() {
        assert_eq!(show(35), "+0.35");
        assert_eq!(show(-105), "-1.05");
        assert_eq!(show(0), "+0.00");
        assert_eq!(show(EVAL_CAP), "white wins");
        assert_eq!(show(-EVAL_CAP), "black wins");
    }

    #[test]
    fn forced_results_are_capped() {
        assert_eq!(capped(Score::Win(3)), EVAL_CAP);
        assert_eq!(capped(Score::Loss(1)), -EVAL_CAP);
        assert_eq!(capped(Score::Value(5 * EVAL_CAP)), EVAL_CAP);
        assert_eq!(capped(Score::Value(-42)), -42);
    }

    #[test]
    fn critical_moments_are_the_largest_swings_first() {
        let start = dama_rules::Position::start();
        let mv = start.legal_moves_under(Rules::STANDARD)[0];
        let ply = |before, after| ReviewedMove {
            mv,
            mover: Color::White,
            before,
            after,
            loss: 0,
            class: MoveClass::Best,
            better: None,
        };
        let review = Review {
            moves: vec![
                ply(0, 10),
                ply(10, 200),
                ply(200, 0),
                ply(0, -190),
                ply(-190, -180),
                ply(-180, 10),
            ],
        };
        // Equal swings (190) come in game order.
        assert_eq!(review.critical(10), [2, 1, 3, 5]);
        assert_eq!(review.critical(2), [2, 1]);
        assert!(review.critical(0).is_empty());
    }
}
