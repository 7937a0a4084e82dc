//! The static evaluation: what a quiet position is worth to the side to move, in hundredths of
//! a man.
//!
//! It is a weighted sum of features (material, how far men have advanced, men that nothing can
//! stop from promoting, men about to crown, how freely kings and men move, the centre files,
//! formation, kings against men in thin endings, the move), each counted for the side to move
//! minus the other side. Every weight has a middlegame and an endgame value, blended by the
//! number of pieces on the board. The weights are learnt from self-play games (see
//! [`crate::texel`] and `weights.rs`), not set by hand.

mod weights;

use dama_rules::{Bitboard, Color, Position, Role, attacks};

/// The value of a man: the unit of every score.
pub const MAN: i32 = 100;
/// The value of a king, as the engine's policy (resigning) counts material. Kings move and
/// capture at a distance along ranks and files, so one king is worth several men.
pub const KING: i32 = 300;

/// The number of features.
pub const FEATURES: usize = 22;

/// The features of a position for the side to move, in the order of [`FEATURE_NAMES`].
pub type Features = [i16; FEATURES];

/// What each feature counts; "mine minus theirs" unless it says whose.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "men",
    "kings",
    "men on the 3rd rank",
    "men on the 4th rank",
    "men on the 5th rank",
    "men on the 6th rank",
    "men on the 7th rank",
    "men on the b or g file",
    "men on the c or f file",
    "men on the d or e file",
    "king mobility (squares)",
    "men backed by a piece behind",
    "side-by-side pairs of men",
    "runaway men, no enemy king",
    "runaway men's ranks, no enemy king",
    "runaway men against a king",
    "my men crowning next move",
    "their men crowning next move",
    "men's free squares",
    "kings against no kings",
    "enemy men against my kings alone",
    "the move",
];

/// The number of pieces at (or above) which the middlegame weights apply in full; with none
/// left only the endgame weights would.
pub const PHASE_PIECES: i32 = 24;

const NOT_FILE_A: u64 = !Bitboard::FILE_A.0;
const NOT_FILE_H: u64 = !Bitboard::FILE_H.0;

/// The squares an enemy piece must avoid for a man on `sq` to run through to promotion: every
/// square ahead (or level) within sideways reach, so no enemy man can step in front or jump it.
const fn cones(color: Color) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut mask = 0u64;
        let mut other = 0;
        while other < 64 {
            let (f, r) = ((other % 8) as i32, (other / 8) as i32);
            let ahead = match color {
                Color::White => r - rank,
                Color::Black => rank - r,
            };
            if ahead >= 0 && (f - file).abs() <= ahead + 1 && other != sq {
                mask |= 1 << other;
            }
            other += 1;
        }
        table[sq] = mask;
        sq += 1;
    }
    table
}

/// The squares straight ahead of a man on `sq`, up to its promotion rank.
const fn paths(color: Color) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut mask = 0u64;
        let mut next = sq as i32;
        loop {
            next += match color {
                Color::White => 8,
                Color::Black => -8,
            };
            if next < 0 || next >= 64 {
                break;
            }
            mask |= 1 << next;
        }
        table[sq] = mask;
        sq += 1;
    }
    table
}

static CONES: [[u64; 64]; 2] = [cones(Color::White), cones(Color::Black)];
static PATHS: [[u64; 64]; 2] = [paths(Color::White), paths(Color::Black)];

/// The score of `pos` for the side to move: positive when it stands better.
///
/// Meant for quiet positions (no capture pending); the search resolves captures first.
///
/// ```
/// use dama_engine::{MAN, evaluate};
/// use dama_rules::Position;
///
/// // The start is symmetric: only having the move counts, and little.
/// assert!(evaluate(&Position::start()).abs() < MAN / 4);
/// // A man up is worth about a man.
/// let up: Position = "8/8/8/3b4/8/8/2ww4/8 w".parse().unwrap();
/// assert!(evaluate(&up) > MAN / 2);
/// ```
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let f = features(pos);
    let pieces = pos.board().occupied().count() as i32;
    weigh(&f, pieces, &weights::MIDDLEGAME, &weights::ENDGAME)
}

/// The weighted sum of `f` in a position with `pieces` pieces, for any weights.
pub(crate) fn weigh(
    f: &Features,
    pieces: i32,
    middlegame: &[i32; FEATURES],
    endgame: &[i32; FEATURES],
) -> i32 {
    let mg = pieces.min(PHASE_PIECES);
    let eg = PHASE_PIECES - mg;
    let mut sum = 0;
    for i in 0..FEATURES {
        sum += i32::from(f[i]) * (middlegame[i] * mg + endgame[i] * eg);
    }
    sum / PHASE_PIECES
}

/// The features of `pos` for the side to move (see [`FEATURE_NAMES`]).
#[must_use]
pub fn features(pos: &Position) -> Features {
    let me = pos.turn();
    let mine = side(pos, me);
    let theirs = side(pos, me.opposite());
    let mut f = [0i16; FEATURES];
    for i in 0..FEATURES {
        f[i] = mine[i] - theirs[i];
    }
    // Whose crowning threat it is matters: the side to move crowns first.
    f[16] = mine[16];
    f[17] = theirs[16];
    f[21] = 1;
    f
}

/// One side's counts, in feature order (16 holds its crowning threats; 17 and 21 unused).
fn side(pos: &Position, color: Color) -> Features {
    let board = pos.board();
    let men_bb = board.pieces(color, Role::Man);
    let kings = board.pieces(color, Role::King);
    let own = board.by_color(color).0;
    let enemy_color = color.opposite();
    let enemy = board.by_color(enemy_color);
    let enemy_kings = board.pieces(enemy_color, Role::King).count() as i16;
    let enemy_men = board.pieces(enemy_color, Role::Man).count() as i16;
    let occupied = board.occupied();
    let empty = !occupied.0;
    let mut f = [0i16; FEATURES];
    f[0] = men_bb.count() as i16;
    f[1] = kings.count() as i16;

    for sq in men_bb {
        let rel_rank = match color {
            Color::White => sq.rank(),
            Color::Black => 7 - sq.rank(),
        };
        if (2..=6).contains(&rel_rank) {
            f[usize::from(rel_rank)] += 1;
        }
        match sq.file() {
            1 | 6 => f[7] += 1,
            2 | 5 => f[8] += 1,
            3 | 4 => f[9] += 1,
            _ => {}
        }
        let i = usize::from(sq.index());
        let free_path = PATHS[color as usize][i] & occupied.0 == 0;
        if free_path && rel_rank == 6 {
            f[16] += 1;
        }
        let no_defender = CONES[color as usize][i] & enemy.0 == 0;
        if free_path && no_defender {
            if enemy_kings == 0 {
                f[13] += 1;
                f[14] += i16::from(rel_rank);
            } else {
                f[15] += 1;
            }
        }
    }

    for sq in kings {
        f[10] += attacks::king_reach(sq, occupied).count() as i16;
    }

    let men = men_bb.0;
    let (behind, ahead) = match color {
        Color::White => (own << 8, men << 8),
        Color::Black => (own >> 8, men >> 8),
    };
    f[11] = (men & behind).count_ones() as i16;
    f[12] = (men & ((men << 1) & NOT_FILE_A)).count_ones() as i16;
    let sideways = ((men << 1) & NOT_FILE_A) | ((men >> 1) & NOT_FILE_H);
    f[18] = ((ahead | sideways) & empty).count_ones() as i16;
    if f[1] > 0 && enemy_kings == 0 {
        f[19] = 1;
        f[20] = enemy_men;
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> i32 {
        evaluate(&text.parse().unwrap())
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        // Black's men mirror White's across the middle of the board.
        let white = eval("8/8/8/8/8/2w5/1ww1W3/8 w");
        let black = eval("8/1bb1B3/2b5/8/8/8/8/8 b");
        assert_eq!(white, black);
        assert!(white > 0);
    }

    #[test]
    fn a_king_is_worth_more_than_two_men() {
        assert!(eval("7b/8/8/3W4/8/8/8/8 w") > eval("7b/8/8/8/8/8/3ww3/8 w") + MAN / 2);
    }

    #[test]
    fn an_unstoppable_man_is_worth_more_than_a_blocked_one() {
        // Same material; only where Black's man stands differs.
        let runaway = eval("8/8/8/3w4/8/8/7b/7w w");
        let blocked = eval("8/8/3b4/3w4/8/8/8/7w w");
        assert!(runaway > blocked, "{runaway} vs {blocked}");
    }

    #[test]
    fn a_free_king_scores_above_a_boxed_in_one() {
        let free = eval("7b/8/8/3W4/8/8/ww6/1w6 w");
        let boxed = eval("7b/8/8/8/8/8/ww6/Ww6 w");
        assert!(free > boxed);
    }

    #[test]
    fn a_man_about_to_crown_scores_well_above_one_at_home() {
        let crowning = eval("8/3w4/8/5bbb/8/8/www5/8 w");
        let home = eval("8/8/8/5bbb/8/8/wwww4/8 w");
        assert!(crowning > home + MAN / 2, "{crowning} vs {home}");
    }
}
