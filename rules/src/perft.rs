use crate::{
    Color, Move, Position, Promotion, Rules,
    movegen::{self, AtEnd, AtOnce, Black, Crowning, Raw, Side, White, by_turn_and_promotion},
};

/// Counts the leaf positions `depth` plies below `pos` under docs/rules.md, each distinct move once
/// (the last ply is counted without being played).
///
/// ```
/// use dama_rules::{Position, perft};
/// assert_eq!(perft(&Position::default(), 4), 7538);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_under(pos, depth, Rules::STANDARD)
}

/// [`perft`] under `rules`: only the promotion rule changes the count.
///
/// ```
/// use dama_rules::{Position, Rules, perft_under};
///
/// // PROMO1 of the perft vectors: its man, crowned at once, takes one piece more.
/// let promo1: Position = "6B1/b2b4/3w4/8/8/8/w7/8 w".parse().unwrap();
/// assert_eq!(perft_under(&promo1, 3, Rules::STANDARD), 32);
/// assert_eq!(perft_under(&promo1, 3, Rules::FEDERATION), 6);
/// ```
#[must_use]
pub fn perft_under(pos: &Position, depth: u32, rules: Rules) -> u64 {
    let raw = Raw::of(pos);
    by_turn_and_promotion!(pos.turn(), rules.promotion, perft_raw(&raw, depth))
}

/// Walks the tree on bare bitboards: no `Position` and no plain `Move` is built on the way.
fn perft_raw<S: Side, C: Crowning>(raw: &Raw, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count_raw::<S, C>(raw),
        _ => {
            let mut n = 0;
            movegen::for_each_child::<S, C>(raw, |child| {
                n += perft_raw::<S::Next, C>(&child, depth - 1);
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
    divide_under(pos, depth, Rules::STANDARD)
}

/// [`divide`] under `rules`.
#[must_use]
pub fn divide_under(pos: &Position, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    pos.legal_moves_under(rules)
        .iter()
        .map(|m| (*m, perft_under(&pos.play_unchecked(m), depth - 1, rules)))
        .collect()
}
