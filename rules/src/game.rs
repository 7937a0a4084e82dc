use crate::{Color, Move, PlayError, Position};

/// Plies in a row without a capture or a man stepping forward after which the game is drawn
/// (RULES.md, "Decisions": 50 moves by each side).
pub const NO_PROGRESS_LIMIT: u16 = 100;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser had no pieces left.
    NoPieces,
    /// The loser, to move, had no legal move.
    NoMoves,
    /// The loser resigned.
    Resignation,
    /// The loser let the move deadline pass.
    Time,
}

/// Why the game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Both players agreed.
    Agreement,
    /// The same position, with the same side to move, occurred for the third time.
    Repetition,
    /// [`NO_PROGRESS_LIMIT`] plies passed without a capture or a man stepping forward.
    NoProgress,
}

impl WinReason {
    /// Why the loser lost, as words that follow the loser's name: `"{loser} has no legal move"`.
    ///
    /// ```
    /// use dama_rules::{Color, WinReason};
    ///
    /// let loser = Color::Black;
    /// assert_eq!(format!("{loser} {}", WinReason::Time.phrase()), "black ran out of time");
    /// ```
    #[must_use]
    pub const fn phrase(self) -> &'static str {
        match self {
            WinReason::NoPieces => "has no pieces left",
            WinReason::NoMoves => "has no legal move",
            WinReason::Resignation => "resigned",
            WinReason::Time => "ran out of time",
        }
    }
}

impl DrawReason {
    /// Why the game was drawn, as words that can follow "draw": `"by agreement"`.
    ///
    /// ```
    /// use dama_rules::DrawReason;
    ///
    /// assert_eq!(DrawReason::Repetition.phrase(), "the same position occurred three times");
    /// ```
    #[must_use]
    pub const fn phrase(self) -> &'static str {
        match self {
            DrawReason::Agreement => "by agreement",
            DrawReason::Repetition => "the same position occurred three times",
            DrawReason::NoProgress => "50 moves each without a capture or a man moving forward",
        }
    }
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The PDN result token: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result_token(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// A short English description, e.g. `"white wins: black has no legal move"`, built from
    /// [`WinReason::phrase`] and [`DrawReason::phrase`].
    ///
    /// ```
    /// use dama_rules::{Color, DrawReason, Outcome, WinReason};
    ///
    /// let win = Outcome::Win { winner: Color::White, reason: WinReason::NoMoves };
    /// assert_eq!(win.describe(), "white wins: black has no legal move");
    /// assert_eq!(Outcome::Draw(DrawReason::Agreement).describe(), "draw by agreement");
    /// ```
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Outcome::Win { winner, reason } => {
                format!("{winner} wins: {} {}", winner.opposite(), reason.phrase())
            }
            // "Draw by agreement" reads as one phrase; the other reasons follow a colon.
            Outcome::Draw(DrawReason::Agreement) => {
                format!("draw {}", DrawReason::Agreement.phrase())
            }
            Outcome::Draw(reason) => format!("draw: {}", reason.phrase()),
        }
    }
}

/// Why a game refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has already ended.
    #[error("the game is over")]
    Over,
    /// The move is not legal in the current position.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// A whole game: its start, every move, and how it ended.
///
/// ```
/// use dama_rules::{Game, notation};
///
/// let mut game = Game::new();
/// for text in ["d3-d4", "e6-e5", "d4-d5"] {
///     let m = notation::resolve_str(game.position(), text).unwrap();
///     game.play(&m).unwrap();
/// }
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("d4-d5".to_owned()));
/// assert!(game.outcome().is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    positions: Vec<Position>,
    quiet_plies: Vec<u16>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the start position.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from any legal position (already decided if the side to move has lost).
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            positions: vec![start],
            quiet_plies: vec![0],
            moves: Vec::new(),
            outcome: None,
        };
        game.outcome = game.rule_outcome();
        game
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.positions[self.positions.len() - 1]
    }

    /// Every position so far, the start first and the current last.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<&Move> {
        self.moves.last()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plies since the last capture or forward step of a man.
    #[must_use]
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies[self.quiet_plies.len() - 1]
    }

    /// How many times the current position has occurred, counting now.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    /// Plays a legal move and settles the outcome the rules decide (no pieces, no moves,
    /// threefold repetition, no progress).
    pub fn play(&mut self, m: &Move) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        let before = *self.position();
        let after = before.play(m)?;
        let quiet = if before.is_progress(m) {
            0
        } else {
            self.quiet_plies() + 1
        };
        self.positions.push(after);
        self.quiet_plies.push(quiet);
        self.moves.push(*m);
        self.outcome = self.rule_outcome();
        Ok(())
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        let loser = pos.turn();
        if pos.board().by_color(loser).is_empty() {
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason: WinReason::NoPieces,
            });
        }
        if pos.count_legal_moves() == 0 {
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason: WinReason::NoMoves,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if self.quiet_plies() >= NO_PROGRESS_LIMIT {
            return Some(Outcome::Draw(DrawReason::NoProgress));
        }
        None
    }

    /// Takes back the last move (and any result it, or a later resignation, gave).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        self.outcome = None;
        Some(m)
    }

    /// Ends the game by a player's choice: resignation, agreement or loss on time.
    pub fn end(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        self.outcome = Some(outcome);
        Ok(())
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<(), GameError> {
        self.end(Outcome::Win {
            winner: color.opposite(),
            reason: WinReason::Resignation,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::resolve_str;

    fn play(game: &mut Game, text: &str) {
        let m = resolve_str(game.position(), text).unwrap();
        game.play(&m).unwrap();
    }

    #[test]
    fn threefold_repetition_draws_exactly_on_the_third_occurrence() {
        let mut game = Game::from_position("8/8/8/8/8/8/8/W6B w".parse().unwrap());
        for _ in 0..2 {
            play(&mut game, "a1-a2");
            play(&mut game, "h1-h2");
            play(&mut game, "a2-a1");
            assert!(game.outcome().is_none());
            play(&mut game, "h2-h1");
        }
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
        assert_eq!(
            game.play(&game.position().legal_moves()[0]),
            Err(GameError::Over)
        );
    }

    #[test]
    fn no_progress_rule_draws_after_100_quiet_plies() {
        let mut game = Game::from_position("8/8/8/8/8/8/8/W6B w".parse().unwrap());
        // Walk the kings around without repeating a position three times.
        let mut n = 0;
        while game.outcome().is_none() {
            let moves = game.position().legal_moves();
            let m = moves
                .iter()
                .find(|m| {
                    let next = game.position().play_unchecked(m);
                    game.positions().iter().filter(|p| **p == next).count() < 2
                })
                .copied()
                .unwrap();
            game.play(&m).unwrap();
            n += 1;
        }
        assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::NoProgress)));
        assert_eq!(n, 100);
    }

    #[test]
    fn capturing_the_last_piece_wins() {
        let mut game = Game::from_position("8/8/8/3b4/3w4/8/8/8 w".parse().unwrap());
        play(&mut game, "d4xd6");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoPieces
            })
        );
        assert_eq!(game.undo().map(|m| m.to_string()), Some("d4xd6".to_owned()));
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn every_outcome_is_described_in_its_own_words() {
        let win = |reason| Outcome::Win {
            winner: Color::White,
            reason,
        };
        let described = [
            (
                win(WinReason::NoPieces),
                "white wins: black has no pieces left",
            ),
            (
                win(WinReason::NoMoves),
                "white wins: black has no legal move",
            ),
            (win(WinReason::Resignation), "white wins: black resigned"),
            (win(WinReason::Time), "white wins: black ran out of time"),
            (Outcome::Draw(DrawReason::Agreement), "draw by agreement"),
            (
                Outcome::Draw(DrawReason::Repetition),
                "draw: the same position occurred three times",
            ),
            (
                Outcome::Draw(DrawReason::NoProgress),
                "draw: 50 moves each without a capture or a man moving forward",
            ),
        ];
        for (outcome, words) in described {
            assert_eq!(outcome.describe(), words);
        }
    }

    #[test]
    fn a_blocked_side_loses() {
        let game = Game::from_position("8/8/8/b7/b7/wbb5/8/8 w".parse().unwrap());
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::NoMoves
            })
        );
    }
}
