//! The evaluation's weights, in feature order ([`super::FEATURE_NAMES`]).
//!
//! Hand-set starting point (the former hand-written evaluation, mapped onto the features); to
//! be replaced by `dama-tune tune`.

/// Weights with [`super::PHASE_PIECES`] or more pieces on the board.
pub(crate) const MIDDLEGAME: [i32; super::FEATURES] = [
    110, 330, 0, 4, 9, 15, 24, 1, 3, 5, 2, 3, 3, 80, 10, 8, 0, 0, 0, 0, 0, 0,
];

/// Weights with no pieces on the board (blended in as pieces come off).
pub(crate) const ENDGAME: [i32; super::FEATURES] = [
    140, 420, 0, 4, 9, 15, 24, 1, 3, 5, 2, 3, 3, 80, 10, 8, 0, 0, 0, 0, 0, 0,
];
