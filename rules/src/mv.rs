use std::{fmt, hash, mem::MaybeUninit, ops};

use crate::{Bitboard, Square};

/// The most landings one move can have: a side has at most 16 pieces to capture.
pub const MAX_LANDINGS: usize = 16;

/// A legal move: where it starts, where it ends, what it captures, and one path that shows it.
///
/// Two capture sequences with the same start, end and captured set leave the same position, so
/// they are the same `Move`: equality and hashing look at those three only (RULES.md, "Identity
/// of a move"). The path kept is the first one found; any other is accepted by
/// [`crate::notation::resolve`].
///
/// ```
/// use dama_rules::Position;
/// let pos = Position::default();
/// let m = pos.legal_moves()[0];
/// assert!(!m.is_capture());
/// assert_eq!(m.landings().len(), 1);
/// assert_eq!(m.to_string(), format!("{}-{}", m.from(), m.to()));
/// ```
#[derive(Clone, Copy)]
pub struct Move {
    captured: Bitboard,
    from: Square,
    to: Square,
    len: u8,
    promotes: bool,
    landings: [Square; MAX_LANDINGS],
}

impl Move {
    pub(crate) const fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        let mut landings = [Square::A1; MAX_LANDINGS];
        landings[0] = to;
        Move {
            captured: Bitboard::EMPTY,
            from,
            to,
            len: 1,
            promotes,
            landings,
        }
    }

    pub(crate) fn capture(
        from: Square,
        landings: &[Square],
        captured: Bitboard,
        promotes: bool,
    ) -> Move {
        debug_assert!(!landings.is_empty() && landings.len() <= MAX_LANDINGS);
        let mut buf = [Square::A1; MAX_LANDINGS];
        let len = landings.len().min(MAX_LANDINGS);
        buf[..len].copy_from_slice(&landings[..len]);
        Move {
            captured,
            from,
            to: buf[len - 1],
            len: len as u8,
            promotes,
            landings: buf,
        }
    }

    /// The square the piece starts on.
    #[must_use]
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square the piece ends on (may equal [`Move::from`] for a circular capture).
    #[must_use]
    pub const fn to(&self) -> Square {
        self.to
    }

    /// The squares of the pieces this move captures.
    #[must_use]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures anything.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// How many pieces the move captures.
    #[must_use]
    pub const fn capture_count(&self) -> u32 {
        self.captured.count()
    }

    /// Whether a man becomes a king during this move.
    #[must_use]
    pub const fn promotes(&self) -> bool {
        self.promotes
    }

    /// The squares the piece lands on, in order; the last is [`Move::to`]. A plain move has one.
    #[must_use]
    pub fn landings(&self) -> &[Square] {
        &self.landings[..usize::from(self.len)]
    }

    /// The start square followed by every landing square.
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        std::iter::once(self.from).chain(self.landings().iter().copied())
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

impl Eq for Move {}

impl hash::Hash for Move {
    fn hash<H: hash::Hasher>(&self, state: &mut H) {
        (self.from, self.to, self.captured).hash(state);
    }
}

/// Algebraic notation with the full path: `d3-d4`, `d4xd6xf6`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        let sep = if self.is_capture() { 'x' } else { '-' };
        for sq in self.landings() {
            write!(f, "{sep}{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// How many moves a [`MoveList`] holds. A position's quiet moves are at most 16 kings × 14
/// squares = 224, and capture lists in positions met in play are far smaller; but this is not
/// a bound on every legal position: positions built for it (many kings among many enemy pieces,
/// each capturing two or three in many ways) have more than a thousand distinct maximum
/// captures (see the ignored test `every_legal_move_fits_in_a_move_list`). There the extra
/// moves are dropped (and counts capped) rather than panicking.
pub const MOVE_LIST_CAPACITY: usize = 512;

/// A fixed-capacity list of moves: generating moves never allocates.
pub struct MoveList {
    len: usize,
    moves: [MaybeUninit<Move>; MOVE_LIST_CAPACITY],
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            // SAFETY: an array of `MaybeUninit` needs no initialisation. Written this way rather
            // than `[MaybeUninit::uninit(); N]`, which the compiler turned into a 16 KiB memset
            // on every call.
            moves: unsafe {
                MaybeUninit::<[MaybeUninit<Move>; MOVE_LIST_CAPACITY]>::uninit().assume_init()
            },
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(m);
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The squares the moves start from: for a position's legal moves, the pieces that can
    /// move (when a capture is compulsory, only those that can make a maximum capture).
    ///
    /// ```
    /// use dama_rules::{Position, Square};
    ///
    /// let moves = Position::start().legal_moves();
    /// // Eight men on rank 3 can move; the bitboard lists them in square order.
    /// assert_eq!(moves.origins().count(), 8);
    /// assert_eq!(moves.origins().first(), "a3".parse::<Square>().ok());
    /// ```
    #[must_use]
    pub fn origins(&self) -> Bitboard {
        self.iter()
            .fold(Bitboard::EMPTY, |acc, m| acc.with(m.from()))
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        // SAFETY: the first `len` slots were written by `push` or `retain`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `deref`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// Found by a local search over legal positions, with the capacity raised to count them:
    /// 1152 distinct legal moves, every one a capture of the same (maximum) number of pieces.
    const CROWDED_CAPTURES: &str = "2W3B1/1w1W1B1B/WWW1B1b1/BbWW2B1/2b3B1/3W1bwb/3B2B1/4B1B1 w";

    #[test]
    #[ignore = "known gap: MOVE_LIST_CAPACITY is not a bound on the legal moves of every position"]
    fn every_legal_move_fits_in_a_move_list() {
        let pos: Position = CROWDED_CAPTURES.parse().unwrap();
        assert!(pos.has_capture());
        assert!(
            pos.legal_moves().len() < MOVE_LIST_CAPACITY,
            "the list is full: moves were dropped"
        );
    }

    #[test]
    fn sixteen_kings_on_an_open_board_fit_with_room_to_spare() {
        // Quiet moves are at most 16 kings x 14 squares; kings block each other, so fewer.
        let pos: Position = "8/W1W1W1W1/8/1W1W1W1W/8/W1W1W1W1/8/1W1W1W1W w"
            .parse()
            .unwrap();
        let n = pos.legal_moves().len();
        assert!(!pos.has_capture() && (100..=224).contains(&n), "{n}");
    }
}
