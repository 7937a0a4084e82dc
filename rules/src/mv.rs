use std::{fmt, hash, ops};

use crate::{Bitboard, Square, spill::SpillVec};

/// The most landings one move can have: a side has at most 16 pieces to capture.
pub const MAX_LANDINGS: usize = 16;

/// A legal move: where it starts, where it ends, what it captures, and one path that shows it.
///
/// Two capture sequences with the same start, end and captured set leave the same position, so
/// they are the same `Move`: equality and hashing look at those three only
/// (docs/rules.md#identity-of-a-move). The path kept is the first one found; any other is
/// accepted by [`crate::notation::resolve`].
///
/// ```
/// use dama_rules::{Position, Rules};
/// let pos = Position::default();
/// let m = pos.legal_moves_under(Rules::STANDARD)[0];
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

/// How many moves a [`MoveList`] holds without allocating.
///
/// A position's plain moves are at most 16 kings × 14 squares = 224 (proven: a king reaches at
/// most 14 squares, and a side has at most 16 pieces), so they always fit. Capture lists in
/// positions met in play are far smaller (at most 71 over some 200,000 positions of random play
/// and random boards), but captures have no bound this capacity covers: positions built for it
/// (many kings among many enemy pieces, each capturing in many ways) have more than a thousand
/// distinct maximum captures (see the test `a_crowded_capture_position_lists_all_1152_moves`).
/// A list that outgrows this capacity moves to the heap and keeps every move.
///
/// The capacity is kept small because a list lives on the stack (256 moves are 8 KiB) and
/// perft's recursion has one in each of its frames; at 512 perft was no faster.
pub const MOVE_LIST_CAPACITY: usize = 256;

const _: () = assert!(
    MOVE_LIST_CAPACITY >= 16 * 14,
    "plain moves must never allocate"
);

/// A list of moves, held inline up to [`MOVE_LIST_CAPACITY`]: generating the moves of any
/// ordinary position never allocates.
///
/// It never drops a move. In the rare position with more legal moves than the inline capacity
/// (only captures can be that many), the list moves to a heap buffer and goes on there, so
/// [`len`](slice::len), iteration, [`contains`](slice::contains) and the rest of the slice
/// methods see every move.
///
/// ```
/// use dama_rules::{MOVE_LIST_CAPACITY, Position, Rules};
///
/// let moves = Position::start().legal_moves_under(Rules::STANDARD);
/// assert_eq!(moves.len(), 8);
/// assert!(moves.len() <= MOVE_LIST_CAPACITY);
///
/// // Built to have many maximum captures: more than fit inline, and none is lost.
/// let crowded: Position = "2W3B1/1w1W1B1B/WWW1B1b1/BbWW2B1/2b3B1/3W1bwb/3B2B1/4B1B1 w"
///     .parse()
///     .unwrap();
/// let moves = crowded.legal_moves_under(Rules::STANDARD);
/// assert_eq!(moves.len(), 1152);
/// assert_eq!(crowded.count_legal_moves(), 1152);
/// assert!(moves.iter().all(|m| crowded.is_legal(m)));
/// ```
pub struct MoveList {
    moves: SpillVec<Move, MOVE_LIST_CAPACITY>,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: SpillVec::new(),
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.moves.clear();
    }

    /// Whether the moves outgrew [`MOVE_LIST_CAPACITY`] and were moved to the heap.
    #[must_use]
    pub const fn spilled(&self) -> bool {
        self.moves.spilled()
    }

    /// The squares the moves start from: for a position's legal moves, the pieces that can
    /// move (when a capture is compulsory, only those that can make a maximum capture).
    ///
    /// ```
    /// use dama_rules::{Position, Rules, Square};
    ///
    /// let moves = Position::start().legal_moves_under(Rules::STANDARD);
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

    #[inline(always)]
    fn deref(&self) -> &[Move] {
        self.moves.as_slice()
    }
}

impl ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.moves.as_mut_slice()
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
    use crate::Rules;
    use crate::{
        Position,
        notation::{self, Notation},
    };

    /// Found by a local search over legal positions, with the capacity raised to count them:
    /// 1152 distinct legal moves, every one a capture of the same (maximum) number of pieces.
    const CROWDED_CAPTURES: &str = "2W3B1/1w1W1B1B/WWW1B1b1/BbWW2B1/2b3B1/3W1bwb/3B2B1/4B1B1 w";

    #[test]
    fn a_crowded_capture_position_lists_all_1152_moves() {
        let pos: Position = CROWDED_CAPTURES.parse().unwrap();
        assert!(pos.has_capture());
        let moves = pos.legal_moves_under(Rules::STANDARD);
        assert!(moves.spilled());
        assert_eq!(moves.len(), 1152);
        assert_eq!(moves.iter().count(), 1152);
        assert_eq!(pos.count_legal_moves(), 1152);
        // Each distinct move once, all captures of the same size.
        let distinct: std::collections::HashSet<&Move> = moves.iter().collect();
        assert_eq!(distinct.len(), 1152);
        let size = moves[0].capture_count();
        assert!(size > 0 && moves.iter().all(|m| m.capture_count() == size));
        // The moves past the inline capacity are really there.
        assert!(moves.contains(&moves[1151]));
        assert!(moves[MOVE_LIST_CAPACITY..].iter().all(|m| pos.is_legal(m)));
    }

    #[test]
    fn every_move_of_the_crowded_position_plays_and_resolves() {
        // Each step lists the 1152 moves again (about half a millisecond here), so the numeric
        // form, which resolves through the same code, is checked on a sample only.
        let pos: Position = CROWDED_CAPTURES.parse().unwrap();
        let moves = pos.legal_moves_under(Rules::STANDARD);
        for (i, m) in moves.iter().enumerate() {
            let after = pos.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            assert_eq!(after, pos.play_unchecked(m), "{m}");
            assert_eq!(
                after.board().occupied().count() + m.capture_count(),
                pos.board().occupied().count(),
                "{m}"
            );
            let notations: &[Notation] = if i % 16 == 0 {
                &[Notation::Algebraic, Notation::Numeric]
            } else {
                &[Notation::Algebraic]
            };
            for &notation in notations {
                let text = notation::format(m, notation);
                let back =
                    notation::resolve_str(&pos, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(back, *m, "{text}");
                assert_eq!(back.landings(), m.landings(), "{text}");
            }
        }
    }

    #[test]
    fn a_list_cleared_after_spilling_holds_only_its_new_moves() {
        let crowded: Position = CROWDED_CAPTURES.parse().unwrap();
        let mut list = crowded.legal_moves_under(Rules::STANDARD);
        assert!(list.spilled());
        let start = Position::start();
        crate::movegen::generate(&start, crate::Promotion::DuringCapture, &mut list);
        assert!(!list.spilled());
        assert_eq!(&list[..], &start.legal_moves_under(Rules::STANDARD)[..]);
        crate::movegen::generate(&crowded, crate::Promotion::DuringCapture, &mut list);
        assert_eq!(list.len(), 1152);
        assert_eq!(&list[..], &crowded.legal_moves_under(Rules::STANDARD)[..]);
    }

    #[test]
    fn sixteen_kings_on_an_open_board_fit_with_room_to_spare() {
        // Quiet moves are at most 16 kings x 14 squares; kings block each other, so fewer.
        let pos: Position = "8/W1W1W1W1/8/1W1W1W1W/8/W1W1W1W1/8/1W1W1W1W w"
            .parse()
            .unwrap();
        let n = pos.legal_moves_under(Rules::STANDARD).len();
        assert!(!pos.has_capture() && (100..=224).contains(&n), "{n}");
    }
}
