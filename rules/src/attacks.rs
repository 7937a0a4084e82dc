//! Where pieces reach, as bitboards: the tables move generation uses, for engines and
//! evaluations that need them without generating moves.
//!
//! ```
//! use dama_rules::{Bitboard, Square, attacks};
//!
//! let d4: Square = "d4".parse().unwrap();
//! // On an empty board a king reaches its whole rank and file: 7 + 7 squares.
//! assert_eq!(attacks::king_reach(d4, Bitboard::EMPTY).count(), 14);
//! // A piece on d6 stops it on d5, and one on b4 stops it on c4.
//! let occupied = Bitboard::EMPTY.with("d6".parse().unwrap()).with("b4".parse().unwrap());
//! assert_eq!(attacks::king_reach(d4, occupied).count(), 1 + 3 + 1 + 4);
//! ```

use crate::{Bitboard, Square, movegen};

/// The squares a (flying) king on `from` can move to in a plain move: along its rank and file,
/// up to the first occupied square or the edge. Neither `from` nor any occupied square is in
/// the set.
#[must_use]
#[inline]
pub fn king_reach(from: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(movegen::king_reach(usize::from(from.index()), occupied.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps square by square in each direction until a piece or the edge.
    fn walked(from: Square, occupied: Bitboard) -> Bitboard {
        let mut reach = Bitboard::EMPTY;
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (mut f, mut r) = (i32::from(from.file()), i32::from(from.rank()));
            loop {
                (f, r) = (f + df, r + dr);
                let Some(sq) = u8::try_from(f)
                    .ok()
                    .zip(u8::try_from(r).ok())
                    .and_then(|(f, r)| Square::from_coords(f, r))
                else {
                    break;
                };
                if occupied.contains(sq) {
                    break;
                }
                reach = reach.with(sq);
            }
        }
        reach
    }

    #[test]
    fn king_reach_stops_before_the_first_piece_in_each_direction() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Sparse boards, like a king endgame, and crowded ones.
            let occupied = Bitboard(seed & seed.rotate_left(17));
            for index in 0..64 {
                let from = Square::new(index).unwrap();
                assert_eq!(
                    king_reach(from, occupied),
                    walked(from, occupied),
                    "{from} with {occupied:?}"
                );
            }
        }
    }
}
