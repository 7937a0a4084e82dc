use crate::{
    Color, Move, Position,
    movegen::{self, Black, Raw, Side, White},
};

/// Counts the leaf positions `depth` plies below `pos`, each distinct move once (the last ply
/// is counted without being played).
///
/// ```
/// use dama_rules::{Position, perft};
/// assert_eq!(perft(&Position::default(), 4), 7538);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let raw = Raw::of(pos);
    match pos.turn() {
        Color::White => perft_raw::<White>(&raw, depth),
        Color::Black => perft_raw::<Black>(&raw, depth),
    }
}

/// Walks the tree on bare bitboards: no `Position` and no plain `Move` is built on the way.
fn perft_raw<S: Side>(raw: &Raw, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count_raw::<S>(raw),
        _ => {
            let mut n = 0;
            movegen::for_each_child::<S>(raw, |child| {
                n += perft_raw::<S::Next>(&child, depth - 1);
            });
            n
        }
    }
}

/// The perft count below each legal move, for finding where two move generators disagree.
///
/// ```
/// use dama_rules::{Position, divide};
/// let split = divide(&Position::default(), 2);
/// assert_eq!(split.len(), 8);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 64);
/// ```
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    pos.legal_moves()
        .iter()
        .map(|m| (*m, perft(&pos.play_unchecked(m), depth - 1)))
        .collect()
}
