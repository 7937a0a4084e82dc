use std::{fmt, str::FromStr};

/// One of the 64 squares, `a1` = 0, `h1` = 7, `a8` = 56, `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Text that does not name a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a square: {0:?} (squares are a1 to h8, or 1 to 64)")]
pub struct ParseSquareError(pub String);

impl Square {
    /// `a1`, White's bottom-left corner.
    pub const A1: Square = Square(0);

    /// The square with this index (`rank * 8 + file`), if it is below 64.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if both are below 8.
    ///
    /// ```
    /// use dama_rules::Square;
    /// assert_eq!(Square::from_coords(4, 2).unwrap().to_string(), "e3");
    /// ```
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// Builds a square from an index known to be below 64.
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// `rank * 8 + file`, 0 to 63.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 0 for file a … 7 for file h.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 for rank 1 … 7 for rank 8.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The numeric square number (docs/rules.md#square-numbers): 1 (a8) to 64 (h1).
    ///
    /// ```
    /// use dama_rules::Square;
    /// let e3: Square = "e3".parse().unwrap();
    /// assert_eq!(e3.number(), 45);
    /// ```
    #[must_use]
    pub const fn number(self) -> u8 {
        (7 - self.rank()) * 8 + self.file() + 1
    }

    /// The square with numeric square number `n` (1 to 64).
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Square> {
        if n == 0 || n > 64 {
            return None;
        }
        let n = n - 1;
        Square::from_coords(n % 8, 7 - n / 8)
    }

    /// All squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses algebraic `a1`…`h8` (either case).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_owned());
        match s.as_bytes() {
            &[f, r] => {
                let f = f.to_ascii_lowercase();
                if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
                    return Err(err());
                }
                Square::from_coords(f - b'a', r - b'1').ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_rules_md() {
        let n = |s: &str| s.parse::<Square>().unwrap().number();
        assert_eq!(
            (n("a8"), n("h8"), n("a1"), n("h1"), n("e3")),
            (1, 8, 57, 64, 45)
        );
        for sq in Square::all() {
            assert_eq!(Square::from_number(sq.number()), Some(sq));
        }
        assert_eq!(Square::from_number(0), None);
        assert_eq!(Square::from_number(65), None);
    }

    #[test]
    fn text_round_trips_and_rejects_garbage() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        for bad in ["", "a", "i1", "a9", "a0", "aa1", "1a", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
