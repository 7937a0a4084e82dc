//! The static evaluation: what a quiet position is worth to the side to move, in hundredths of
//! a man.
//!
//! It knows material (a king is worth several men: it moves and captures like a rook), how far
//! men have advanced, men that nothing can stop from promoting, how freely kings move, the
//! centre files, and formation (men that cover each other against jumps).

use dama_rules::{Bitboard, Color, Position, Role, attacks};

/// The value of a man: the unit of every score.
pub const MAN: i32 = 100;
/// The value of a king. Kings move and capture at a distance along ranks and files, so one
/// king is worth several men.
pub const KING: i32 = 300;

/// Bonus for a man by how many ranks it has advanced from its own back rank.
const ADVANCE: [i32; 8] = [0, 0, 0, 4, 9, 15, 24, 0];
/// Bonus for a man on each file: the centre files control the board.
const FILE: [i32; 8] = [0, 1, 3, 5, 5, 3, 1, 0];
/// Per empty square a king can move to.
const KING_MOBILITY: i32 = 2;
/// Per man with a friendly piece right behind it (it cannot be jumped from the front).
const BACKED: i32 = 3;
/// Per pair of side-by-side men (neither can be jumped from the other's side).
const PAIR: i32 = 3;

const NOT_FILE_A: u64 = !Bitboard::FILE_A.0;

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
/// // The start is symmetric: neither side is better.
/// assert_eq!(evaluate(&Position::start()), 0);
/// // A man up is worth about a man.
/// let up: Position = "8/8/8/3b4/8/8/2ww4/8 w".parse().unwrap();
/// assert!(evaluate(&up) > MAN / 2);
/// ```
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let white = side(pos, Color::White);
    let black = side(pos, Color::Black);
    let mut score = white.total - black.total;
    // Trade down when ahead: the same material edge counts for more with fewer pieces left.
    let pieces = pos.board().occupied().count() as i32;
    score += (white.material - black.material) * (32 - pieces) / 64;
    match pos.turn() {
        Color::White => score,
        Color::Black => -score,
    }
}

struct SideScore {
    material: i32,
    total: i32,
}

fn side(pos: &Position, color: Color) -> SideScore {
    let board = pos.board();
    let men = board.pieces(color, Role::Man);
    let kings = board.pieces(color, Role::King);
    let own = board.by_color(color).0;
    let enemy = board.by_color(color.opposite());
    let enemy_has_king = (enemy & board.kings()).any();
    let occupied = board.occupied();
    let material = men.count() as i32 * MAN + kings.count() as i32 * KING;
    let mut total = material;

    for sq in men {
        let rel_rank = match color {
            Color::White => sq.rank(),
            Color::Black => 7 - sq.rank(),
        };
        total += ADVANCE[usize::from(rel_rank)] + FILE[usize::from(sq.file())];
        let i = usize::from(sq.index());
        let free_path = PATHS[color as usize][i] & occupied.0 == 0;
        let no_defender = CONES[color as usize][i] & enemy.0 == 0;
        if free_path && no_defender {
            // Ranks still to go; fewer means sooner a king.
            let to_go = 7 - i32::from(rel_rank);
            total += if enemy_has_king {
                // An enemy king can still catch it along a rank or file.
                12 - to_go
            } else {
                (KING - MAN) * 3 / 4 - 10 * to_go
            };
        }
    }

    for sq in kings {
        total += KING_MOBILITY * attacks::king_reach(sq, occupied).count() as i32;
    }

    let men = men.0;
    let behind = match color {
        Color::White => own << 8,
        Color::Black => own >> 8,
    };
    total += BACKED * (men & behind).count_ones() as i32;
    total += PAIR * (men & ((men << 1) & NOT_FILE_A)).count_ones() as i32;

    SideScore { material, total }
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
        assert!(runaway > blocked + MAN / 2, "{runaway} vs {blocked}");
    }

    #[test]
    fn a_free_king_scores_above_a_boxed_in_one() {
        let free = eval("7b/8/8/3W4/8/8/ww6/1w6 w");
        let boxed = eval("7b/8/8/8/8/8/ww6/Ww6 w");
        assert!(free > boxed);
    }

    #[test]
    fn advanced_men_score_above_men_at_home() {
        assert!(eval("7b/8/8/8/3w4/8/8/8 w") > eval("7b/8/8/8/8/8/3w4/8 w"));
    }
}
