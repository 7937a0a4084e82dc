use std::{fmt, str::FromStr};

use crate::{Board, Color, Piece, Square};

/// A board and a side to move, parsed from position text but not yet checked.
///
/// Turn it into a [`crate::Position`] with [`crate::Position::from_setup`].
///
/// ```
/// use dama_rules::Setup;
/// let setup: Setup = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w".parse().unwrap();
/// assert_eq!(setup.board.occupied().count(), 32);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
}

/// Why position text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSetupError {
    /// The text is not `RANKS SIDE`.
    #[error(
        "position text must be eight ranks and a side to move, like \"8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w\""
    )]
    Shape,
    /// A rank does not describe exactly eight squares.
    #[error("rank {rank} does not describe exactly 8 squares")]
    RankLength {
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// A character that is neither a piece nor a count of empty squares.
    #[error("unexpected character {found:?} in rank {rank} (use w, W, b, B or a digit 1-8)")]
    Character {
        /// The rank, 1 to 8.
        rank: u8,
        /// What was there.
        found: char,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move must be w or b, not {0:?}")]
    Turn(String),
}

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        let mut parts = s.split_whitespace();
        let (Some(ranks), Some(turn), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(ParseSetupError::Shape);
        };
        let turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParseSetupError::Turn(other.to_owned())),
        };
        let rows: Vec<&str> = ranks.split('/').collect();
        if rows.len() != 8 {
            return Err(ParseSetupError::Shape);
        }
        let mut board = Board::empty();
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file: u8 = 0;
            for c in row.chars() {
                let bad_length = ParseSetupError::RankLength { rank: rank + 1 };
                if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                    file += n as u8;
                    if file > 8 {
                        return Err(bad_length);
                    }
                } else if let Some(piece) = Piece::from_char(c) {
                    let sq = Square::from_coords(file, rank).ok_or(bad_length)?;
                    board.set_piece_at(sq, Some(piece));
                    file += 1;
                } else {
                    return Err(ParseSetupError::Character {
                        rank: rank + 1,
                        found: c,
                    });
                }
            }
            if file != 8 {
                return Err(ParseSetupError::RankLength { rank: rank + 1 });
            }
        }
        Ok(Setup { board, turn })
    }
}

/// Position text: ranks 8 down to 1, then the side to move.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match Square::from_coords(file, rank).and_then(|sq| self.board.piece_at(sq)) {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.turn.char())
    }
}
