use std::{fmt, str::FromStr};

use crate::{
    Bitboard, Board, Color, Move, MoveList, ParseSetupError, Piece, Role, Rules, Setup, Square,
    movegen,
};

/// A legal arrangement of pieces with a side to move. Built once by
/// [`Position::from_setup`] (or parsing), after which every method may trust it.
///
/// ```
/// use dama_rules::{Position, Rules};
/// let start = Position::default();
/// assert_eq!(start.legal_moves_under(Rules::STANDARD).len(), 8);
/// let next = start.play(&start.legal_moves_under(Rules::STANDARD)[0]).unwrap();
/// assert_eq!(next.to_string().split(' ').nth(1), Some("b"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
}

/// Why a setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Position text could not be read.
    #[error(transparent)]
    Parse(#[from] ParseSetupError),
    /// A side has more than the sixteen pieces it starts with.
    #[error("{0} has more than 16 pieces")]
    TooManyPieces(Color),
    /// A man stands on the rank where it would already have been promoted.
    #[error("a {color} man on {square} would already be a king")]
    ManOnPromotionRank {
        /// Whose man.
        color: Color,
        /// Where it stands.
        square: Square,
    },
}

/// Why [`Position::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is not among the legal moves of the position.
    #[error("{0} is not a legal move here")]
    Illegal(Move),
}

impl Position {
    /// The start position, White to move.
    #[must_use]
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            turn: Color::White,
        }
    }

    /// Checks a setup: at most 16 pieces a side, and no man on its own promotion rank.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            if board.by_color(color).count() > 16 {
                return Err(PositionError::TooManyPieces(color));
            }
            let stuck = board.pieces(color, Role::Man) & Bitboard::rank(color.promotion_rank());
            if let Some(square) = stuck.first() {
                return Err(PositionError::ManOnPromotionRank { color, square });
            }
        }
        Ok(Position {
            board,
            turn: setup.turn,
        })
    }

    /// The pieces.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The unchecked form of this position.
    #[must_use]
    pub const fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
        }
    }

    /// Every legal move under `rules` (under docs/rules.md: [`Rules::STANDARD`]), each
    /// distinct move (start, end, captured set) once. When a capture exists, only the captures
    /// of the largest number of pieces are listed. There is no list without a rule set: a game
    /// knows its rules ([`Game::rules`](crate::Game::rules)).
    ///
    /// Only the promotion rule changes what is legal: a man that finishes its capture as a man
    /// ([`Promotion::AfterCapture`](crate::Promotion)) may take fewer or other pieces than one
    /// crowned at once. (A missed capture that loses is not a legal move either: see
    /// [`crate::notation::resolve_under`].)
    ///
    /// ```
    /// use dama_rules::{Position, Rules};
    ///
    /// // d6 takes d7 and reaches d8: crowned at once it takes g8 too; as a man it stops there.
    /// let pos: Position = "6B1/b2b4/3w4/8/8/8/w7/8 w".parse().unwrap();
    /// assert_eq!(pos.legal_moves_under(Rules::STANDARD)[0].to_string(), "d6xd8xh8");
    /// assert_eq!(pos.legal_moves_under(Rules::FEDERATION)[0].to_string(), "d6xd8");
    /// ```
    #[must_use]
    pub fn legal_moves_under(&self, rules: Rules) -> MoveList {
        let mut list = MoveList::new();
        movegen::generate(self, rules.promotion, &mut list);
        list
    }

    /// The squares of the pieces that have a legal move under [`Rules::STANDARD`]:
    /// `legal_moves_under(Rules::STANDARD).origins()` (see [`MoveList::origins`]).
    ///
    /// ```
    /// use dama_rules::Position;
    ///
    /// // At the start only the eight men on rank 3 can move.
    /// assert_eq!(Position::start().movable_squares().count(), 8);
    /// ```
    #[must_use]
    pub fn movable_squares(&self) -> Bitboard {
        self.legal_moves_under(Rules::STANDARD).origins()
    }

    /// [`Position::movable_squares`] under `rules`.
    #[must_use]
    pub fn movable_squares_under(&self, rules: Rules) -> Bitboard {
        self.legal_moves_under(rules).origins()
    }

    /// How many legal moves there are; faster than `legal_moves_under(Rules::STANDARD).len()`.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        self.count_legal_moves_under(Rules::STANDARD)
    }

    /// How many legal moves there are under `rules`; faster than
    /// `legal_moves_under(rules).len()`.
    #[must_use]
    pub fn count_legal_moves_under(&self, rules: Rules) -> u64 {
        movegen::count(self, rules.promotion)
    }

    /// Whether a capture is available (and so compulsory).
    #[must_use]
    pub fn has_capture(&self) -> bool {
        movegen::has_capture(self)
    }

    /// Exactly `self.legal_moves_under(Rules::STANDARD).contains(m)`.
    #[must_use]
    pub fn is_legal(&self, m: &Move) -> bool {
        self.is_legal_under(m, Rules::STANDARD)
    }

    /// Exactly `self.legal_moves_under(rules).contains(m)`.
    #[must_use]
    pub fn is_legal_under(&self, m: &Move, rules: Rules) -> bool {
        self.legal_moves_under(rules).contains(m)
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&self, m: &Move) -> Result<Position, PlayError> {
        self.play_under(m, Rules::STANDARD)
    }

    /// Plays a move after checking that it is legal under `rules`. The legal move found is the
    /// one played, so its promotion is the one `rules` gives (a man that ends a capture on the
    /// far rank is crowned under either rule; what differs is which captures are legal).
    pub fn play_under(&self, m: &Move, rules: Rules) -> Result<Position, PlayError> {
        match self
            .legal_moves_under(rules)
            .iter()
            .find(|legal| *legal == m)
        {
            Some(legal) => Ok(self.play_unchecked(legal)),
            None => Err(PlayError::Illegal(*m)),
        }
    }

    /// Plays a move known to be legal in this position (one from
    /// [`Position::legal_moves_under`]: the move carries whether its man is crowned, so it is
    /// played as the rules it was generated under say). An illegal move gives a meaningless (but
    /// memory-safe) position.
    #[must_use]
    pub fn play_unchecked(&self, m: &Move) -> Position {
        let from = Bitboard::from_square(m.from());
        let to = Bitboard::from_square(m.to());
        let mut board = self.board;
        let (white, black, kings) = board.parts_mut();
        let (ours, theirs) = match self.turn {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let was_king = kings.0 & from.0 != 0;
        *theirs &= !m.captured();
        *kings &= !(m.captured() | from);
        *ours = (*ours & !from) | to;
        if was_king || m.promotes() {
            *kings |= to;
        }
        Position {
            board,
            turn: self.turn.opposite(),
        }
    }

    /// Whether the side to move has lost: no pieces, or no legal move.
    #[must_use]
    pub fn is_lost(&self) -> bool {
        self.board.by_color(self.turn).is_empty() || self.count_legal_moves() == 0
    }

    /// Whether `m` is irreversible for the no-progress rule: a capture or a man stepping
    /// forward.
    #[must_use]
    pub fn is_progress(&self, m: &Move) -> bool {
        m.is_capture()
            || (!self.board.kings().contains(m.from()) && m.from().rank() != m.to().rank())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::from_setup(s.parse()?)
    }
}

/// Position text, as in docs/rules.md#position-text.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_text_round_trips() {
        let text = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w";
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos, Position::start());
        assert_eq!(pos.to_string(), text);
    }

    #[test]
    fn setup_errors_are_specific() {
        let err = |s: &str| s.parse::<Position>().unwrap_err().to_string();
        assert!(err("8/8/8/8/8/8/8/8").contains("eight ranks"));
        assert!(err("8/8/8/8/8/8/8/7 w").contains("rank 1"));
        assert!(err("8/8/8/8/8/8/8/9 w").contains("rank 1"));
        assert!(err("8/8/8/8/8/8/8/7x w").contains("'x'"));
        assert!(err("8/8/8/8/8/8/8/8 x").contains("side to move"));
        assert!(err("w7/8/8/8/8/8/8/8 w").contains("a8"));
        assert!(err("8/8/8/8/8/8/8/b7 w").contains("a1"));
        assert!(err("8/8/8/WWWWWWWW/WWWWWWWW/W7/8/8 b").contains("more than 16"));
    }

    #[test]
    fn a_man_stepping_sideways_is_not_progress() {
        let pos = Position::start();
        let moves = pos.legal_moves_under(Rules::STANDARD);
        assert!(moves.iter().all(|m| pos.is_progress(m)));
        let pos: Position = "8/8/8/8/8/8/3w4/8 w".parse().unwrap();
        let progress: Vec<bool> = pos
            .legal_moves_under(Rules::STANDARD)
            .iter()
            .map(|m| pos.is_progress(m))
            .collect();
        assert_eq!(progress.iter().filter(|p| **p).count(), 1);
    }
}
