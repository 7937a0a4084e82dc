//! The retrograde solver: one material at a time, both sides to move, after every material its
//! captures and promotions lead to.
//!
//! Within a material only quiet moves (a king sliding, a man stepping without being crowned)
//! lead to positions of the same material; every capture and every promotion leaves it, for a
//! table already solved. So a first pass generates each position's legal moves once: the moves
//! that leave are valued from the smaller tables, the quiet ones only counted. Then results
//! spread backwards through un-played quiet moves, shortest distance first (a bucket queue), as
//! in any retrograde analysis: a position with a child lost in `d` plies is won in `d + 1`; a
//! position whose every child is won is lost in one more than its longest such child.
//!
//! Captures are compulsory, so an un-played quiet move is only a predecessor if its side had no
//! capture there; multi-captures and the crowning in the middle of a capture are the rules
//! crate's move generator's business, since every move that leaves the material comes from it.

use dama_rules::{Board, Color, Position, Role, Rules, Setup, Square};

use super::{Material, Tables, material::MEN_SQUARES, value};

/// The most plies a distance may count; a longer one does not fit the byte a value is stored in.
pub(crate) const MAX_DISTANCE: u32 = 254;

/// A position (with a quiet move) has a child that loses: it is won whatever else it has.
const WIN_EXIT: u8 = 1;
/// A position has a child, outside the material, that draws.
const DRAW_EXIT: u8 = 2;

/// What one material's solving found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaterialStats {
    /// The material.
    pub material: Material,
    /// Positions per side to move.
    pub positions: u64,
    /// Positions won for the side to move (both sides to move together).
    pub wins: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Positions lost.
    pub losses: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
}

/// Why a table could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A forced result takes longer than the table format can store.
    #[error("a result in {material} takes more than {MAX_DISTANCE} plies")]
    TooLong {
        /// Where.
        material: Material,
    },
    /// More pieces than the index allows.
    #[error("tables go up to {max} pieces, not {asked}")]
    TooManyPieces {
        /// The limit.
        max: u32,
        /// What was asked for.
        asked: u32,
    },
}

/// One side to move of the material being solved: the working arrays.
struct Half {
    /// The stored value (see [`value`]); 0 while unknown, and for a draw at the end.
    value: Vec<u8>,
    /// Quiet moves whose child is not yet known to be won (for the mover's opponent).
    open: Vec<u8>,
    /// The longest loss through leaving the material: one more than the longest win a child
    /// outside has, for the opponent.
    exit_loss: Vec<u8>,
    flags: Vec<u8>,
}

impl Half {
    fn new(n: usize) -> Half {
        Half {
            value: vec![0; n],
            open: vec![0; n],
            exit_loss: vec![0; n],
            flags: vec![0; n],
        }
    }
}

/// A position to spread from: index and side to move.
#[derive(Clone, Copy)]
struct Item {
    index: u32,
    turn: Color,
}

/// Solves `material` for both sides to move, given `known` with every material it leads to.
/// Returns the values, White to move first.
pub(crate) fn solve(
    material: Material,
    known: &Tables,
) -> Result<([Vec<u8>; 2], MaterialStats), BuildError> {
    let n = usize::try_from(material.positions()).expect("a table fits in memory");
    assert!(u32::try_from(n).is_ok(), "index fits u32");
    let mut halves = [Half::new(n), Half::new(n)];
    // `queue[d]`: positions whose value, at distance d, is settled but not yet spread.
    let mut queue: Vec<Vec<Item>> = vec![Vec::new(); MAX_DISTANCE as usize + 2];
    // `proposed[d]`: positions that win in d plies through a move out of the material, unless
    // a quicker win turns up first.
    let mut proposed: Vec<Vec<Item>> = vec![Vec::new(); MAX_DISTANCE as usize + 2];

    for turn in Color::ALL {
        let half = &mut halves[turn as usize];
        for index in 0..n {
            let pos = material.position(index as u64, turn);
            let item = Item {
                index: index as u32,
                turn,
            };
            let moves = pos.legal_moves_under(Rules::STANDARD);
            let mut win: Option<u32> = None;
            let mut loss: u32 = 0;
            let mut quiet = 0u8;
            let mut draw = false;
            for m in moves.iter() {
                if !m.is_capture() && !m.promotes() {
                    quiet += 1;
                    continue;
                }
                let child = pos.play_unchecked(m);
                match value::decode(known.raw(&child).expect("a smaller material is solved")) {
                    value::Decoded::Draw => draw = true,
                    value::Decoded::Loss(d) => win = Some(win.map_or(d + 1, |w| w.min(d + 1))),
                    value::Decoded::Win(d) => loss = loss.max(d + 1),
                }
            }
            half.open[index] = quiet;
            if let Some(w) = win {
                let w = check(w, material)?;
                half.flags[index] = WIN_EXIT;
                proposed[w as usize].push(item);
            } else if quiet == 0 {
                if !draw {
                    // No move at all is a loss now; otherwise every move leaves to a win.
                    let d = check(loss, material)?;
                    half.value[index] = value::loss(d);
                    queue[d as usize].push(item);
                }
            } else {
                half.exit_loss[index] = check(loss, material)? as u8;
                half.flags[index] = if draw { DRAW_EXIT } else { 0 };
            }
        }
    }

    let mut preds = Vec::with_capacity(64);
    for d in 0..=MAX_DISTANCE as usize {
        for item in std::mem::take(&mut proposed[d]) {
            let half = &mut halves[item.turn as usize];
            if half.value[item.index as usize] == 0 {
                half.value[item.index as usize] = value::win(d as u32);
                queue[d].push(item);
            }
        }
        let level = std::mem::take(&mut queue[d]);
        for item in level {
            let pos = material.position(u64::from(item.index), item.turn);
            predecessors(&pos, &mut preds);
            let before = item.turn.opposite();
            let half = &mut halves[before as usize];
            for p in &preds {
                let i = material.index(p) as usize;
                if half.value[i] != 0 {
                    continue;
                }
                let pred = Item {
                    index: i as u32,
                    turn: before,
                };
                if d % 2 == 0 {
                    // The child loses: the move to it wins.
                    let w = check(d as u32 + 1, material)?;
                    half.value[i] = value::win(w);
                    queue[w as usize].push(pred);
                } else {
                    half.open[i] -= 1;
                    if half.open[i] == 0 && half.flags[i] == 0 {
                        let l = check((d as u32 + 1).max(u32::from(half.exit_loss[i])), material)?;
                        half.value[i] = value::loss(l);
                        queue[l as usize].push(pred);
                    }
                }
            }
        }
    }

    let mut stats = MaterialStats {
        material,
        positions: n as u64,
        wins: 0,
        draws: 0,
        losses: 0,
        longest: 0,
    };
    let [white, black] = halves;
    for &v in white.value.iter().chain(&black.value) {
        match value::decode(v) {
            value::Decoded::Draw => stats.draws += 1,
            value::Decoded::Win(d) => {
                stats.wins += 1;
                stats.longest = stats.longest.max(d);
            }
            value::Decoded::Loss(d) => {
                stats.losses += 1;
                stats.longest = stats.longest.max(d);
            }
        }
    }
    Ok(([white.value, black.value], stats))
}

fn check(d: u32, material: Material) -> Result<u32, BuildError> {
    if d > MAX_DISTANCE {
        Err(BuildError::TooLong { material })
    } else {
        Ok(d)
    }
}

/// The boards from which the side not to move in `pos` reached it with a quiet move (a king's
/// slide, or a man's step that did not crown it) that was legal there: no capture was on.
/// The side to move of each is that side.
fn predecessors(pos: &Position, out: &mut Vec<Board>) {
    out.clear();
    let mover = pos.turn().opposite();
    let board = pos.board();
    let empty = !board.occupied().0;
    for (to, piece) in board.iter().filter(|(_, p)| p.color == mover) {
        let t = to.index();
        let mut origins = 0u64;
        match piece.role {
            Role::King => {
                for (df, dr) in [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)] {
                    let (mut f, mut r) = (to.file() as i8 + df, to.rank() as i8 + dr);
                    while (0..8).contains(&f) && (0..8).contains(&r) {
                        let bit = 1u64 << (r * 8 + f);
                        if empty & bit == 0 {
                            break;
                        }
                        origins |= bit;
                        f += df;
                        r += dr;
                    }
                }
            }
            Role::Man => {
                let back = match mover {
                    Color::White => t.checked_sub(8),
                    Color::Black => Some(t + 8).filter(|&s| s < 64),
                };
                let file = to.file();
                let sides = [(file > 0).then(|| t - 1), (file < 7).then(|| t + 1), back];
                for s in sides.into_iter().flatten() {
                    origins |= 1u64 << s;
                }
                origins &= empty & MEN_SQUARES;
            }
        }
        let mut bits = origins;
        while bits != 0 {
            let from = Square::new(bits.trailing_zeros() as u8).expect("a bit of a u64");
            bits &= bits - 1;
            let mut before = *board;
            before.set_piece_at(to, None);
            before.set_piece_at(from, Some(piece));
            let setup = Setup {
                board: before,
                turn: mover,
            };
            let Ok(prev) = Position::from_setup(setup) else {
                continue;
            };
            if !prev.has_capture() {
                out.push(before);
            }
        }
    }
}
