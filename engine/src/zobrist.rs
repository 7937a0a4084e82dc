//! Zobrist hashing: one random key per (colour, role, square) and one for the side to move,
//! fixed at compile time so hashes are the same in every run.

use dama_rules::{Bitboard, Color, Move, Position, Role};

use crate::rng::mix;

const fn keys() -> [[u64; 64]; 4] {
    let mut table = [[0; 64]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 64 {
            table[kind][sq] = mix(0x5eed_0000 + (kind * 64 + sq) as u64 + 1);
            sq += 1;
        }
        kind += 1;
    }
    table
}

static PIECE_KEYS: [[u64; 64]; 4] = keys();
const BLACK_TO_MOVE: u64 = mix(0xb1ac_c0de);

const fn kind(color: Color, role: Role) -> usize {
    (color as usize) * 2 + role as usize
}

fn squares_key(color: Color, role: Role, squares: Bitboard) -> u64 {
    let keys = &PIECE_KEYS[kind(color, role)];
    squares.fold(0, |h, sq| h ^ keys[usize::from(sq.index())])
}

/// The hash of a whole position.
pub(crate) fn hash(pos: &Position) -> u64 {
    let board = pos.board();
    let mut h = if pos.turn() == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    for color in Color::ALL {
        for role in [Role::Man, Role::King] {
            h ^= squares_key(color, role, board.pieces(color, role));
        }
    }
    h
}

/// The hash after playing `m` (legal in `pos`), from the hash `h` of `pos`, without rehashing
/// the whole board.
pub(crate) fn after(pos: &Position, h: u64, m: &Move) -> u64 {
    let us = pos.turn();
    let board = pos.board();
    let was_king = board.kings().contains(m.from());
    let from_role = if was_king { Role::King } else { Role::Man };
    let to_role = if was_king || m.promotes() {
        Role::King
    } else {
        Role::Man
    };
    let them = us.opposite();
    let taken_kings = m.captured() & board.kings();
    let taken_men = m.captured() & !board.kings();
    h ^ BLACK_TO_MOVE
        ^ PIECE_KEYS[kind(us, from_role)][usize::from(m.from().index())]
        ^ PIECE_KEYS[kind(us, to_role)][usize::from(m.to().index())]
        ^ squares_key(them, Role::King, taken_kings)
        ^ squares_key(them, Role::Man, taken_men)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_rules::Rules;

    #[test]
    fn incremental_hash_matches_a_full_rehash_along_games() {
        let mut pos = Position::start();
        let mut h = hash(&pos);
        for i in 0..120 {
            let moves = pos.legal_moves_under(Rules::STANDARD);
            let Some(m) = moves.get((i * 7) % moves.len().max(1)) else {
                break;
            };
            h = after(&pos, h, m);
            pos = pos.play_unchecked(m);
            assert_eq!(h, hash(&pos), "after {m} in {pos}");
        }
    }

    #[test]
    fn hash_covers_captures_promotions_and_the_side_to_move() {
        // A man captures onto the last rank and goes on as a king.
        let pos: Position = "8/3b4/8/3b4/3w4/8/8/8 w".parse().unwrap();
        let m = pos.legal_moves_under(Rules::STANDARD)[0];
        assert!(m.promotes());
        assert_eq!(after(&pos, hash(&pos), &m), hash(&pos.play_unchecked(&m)));
        let flipped: Position = "8/3b4/8/3b4/3w4/8/8/8 b".parse().unwrap();
        assert_ne!(hash(&pos), hash(&flipped));
    }
}
