use crate::{Move, Position};

/// Counts the leaf positions `depth` plies below `pos`, each distinct move once (the last ply
/// is counted without being played).
///
/// ```
/// use dama_rules::{Position, perft};
/// assert_eq!(perft(&Position::default(), 4), 7538);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|m| perft(&pos.play_unchecked(m), depth - 1))
            .sum(),
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
