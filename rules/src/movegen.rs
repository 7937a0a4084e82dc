//! Move generation: bitboard sets for plain moves and for detecting captures, a depth-first
//! search for capture sequences.

use crate::{Bitboard, Color, Move, MoveList, Position, Square, mv::MAX_LANDINGS};

const NOT_FILE_A: u64 = !Bitboard::FILE_A.0;
const NOT_FILE_H: u64 = !Bitboard::FILE_H.0;

/// The four directions, as indexes: opposite directions differ in the lowest bit.
const UP: usize = 0;
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

#[inline(always)]
const fn shift(b: u64, dir: usize) -> u64 {
    match dir {
        UP => b << 8,
        DOWN => b >> 8,
        LEFT => (b >> 1) & NOT_FILE_H,
        _ => (b << 1) & NOT_FILE_A,
    }
}

/// Everything reachable from `seed` in direction `dir` through `empty` squares, `seed` included
/// (Kogge-Stone fill).
#[inline(always)]
const fn fill(mut seed: u64, empty: u64, dir: usize) -> u64 {
    match dir {
        UP => {
            let mut e = empty;
            seed |= e & (seed << 8);
            e &= e << 8;
            seed |= e & (seed << 16);
            e &= e << 16;
            seed | (e & (seed << 32))
        }
        DOWN => {
            let mut e = empty;
            seed |= e & (seed >> 8);
            e &= e >> 8;
            seed |= e & (seed >> 16);
            e &= e >> 16;
            seed | (e & (seed >> 32))
        }
        LEFT => {
            let mut e = empty & NOT_FILE_H;
            seed |= e & (seed >> 1);
            e &= e >> 1;
            seed |= e & (seed >> 2);
            e &= e >> 2;
            seed | (e & (seed >> 4))
        }
        _ => {
            let mut e = empty & NOT_FILE_A;
            seed |= e & (seed << 1);
            e &= e << 1;
            seed |= e & (seed << 2);
            e &= e << 2;
            seed | (e & (seed << 4))
        }
    }
}

/// The next square from `sq` in `dir`, or `None` at the edge.
#[inline(always)]
fn step(sq: u8, dir: usize) -> Option<u8> {
    let next = shift(1u64 << sq, dir);
    if next == 0 {
        None
    } else {
        Some(next.trailing_zeros() as u8)
    }
}

const fn forward(color: Color) -> usize {
    match color {
        Color::White => UP,
        Color::Black => DOWN,
    }
}

/// The pieces a side moves with, and what is around them.
struct Sides {
    men: u64,
    kings: u64,
    enemy: u64,
    empty: u64,
    forward: usize,
}

impl Sides {
    #[inline(always)]
    fn of(pos: &Position) -> Sides {
        let board = pos.board();
        let us = board.by_color(pos.turn()).0;
        let kings = board.kings().0;
        Sides {
            men: us & !kings,
            kings: us & kings,
            enemy: board.by_color(pos.turn().opposite()).0,
            empty: !board.occupied().0,
            forward: forward(pos.turn()),
        }
    }

    #[inline(always)]
    fn man_dirs(&self) -> [usize; 3] {
        [self.forward, LEFT, RIGHT]
    }
}

pub(crate) fn has_capture(pos: &Position) -> bool {
    let s = Sides::of(pos);
    for dir in s.man_dirs() {
        if shift(shift(s.men, dir) & s.enemy, dir) & s.empty != 0 {
            return true;
        }
    }
    if s.kings != 0 {
        for dir in [UP, DOWN, LEFT, RIGHT] {
            let reach = fill(s.kings, s.empty, dir);
            if shift(shift(reach, dir) & s.enemy, dir) & s.empty != 0 {
                return true;
            }
        }
    }
    false
}

/// Counts legal moves without listing plain moves.
pub(crate) fn count(pos: &Position) -> u64 {
    if has_capture(pos) {
        let mut list = MoveList::new();
        generate_captures(pos, &mut list);
        return list.len() as u64;
    }
    let s = Sides::of(pos);
    let mut n = 0;
    for dir in s.man_dirs() {
        n += u64::from((shift(s.men, dir) & s.empty).count_ones());
    }
    let mut kings = s.kings;
    while kings != 0 {
        let k = kings & kings.wrapping_neg();
        kings ^= k;
        for dir in [UP, DOWN, LEFT, RIGHT] {
            n += u64::from((fill(k, s.empty, dir) ^ k).count_ones());
        }
    }
    n
}

pub(crate) fn generate(pos: &Position, list: &mut MoveList) {
    list.clear();
    if has_capture(pos) {
        generate_captures(pos, list);
    } else {
        generate_quiet(pos, list);
    }
}

fn generate_quiet(pos: &Position, list: &mut MoveList) {
    let s = Sides::of(pos);
    let promo = Bitboard::rank(pos.turn().promotion_rank()).0;
    for dir in s.man_dirs() {
        let mut targets = shift(s.men, dir) & s.empty;
        let back = dir ^ 1;
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let from = shift(1u64 << to, back).trailing_zeros() as u8;
            list.push(Move::quiet(
                Square::from_index_unchecked(from),
                Square::from_index_unchecked(to),
                promo & (1u64 << to) != 0,
            ));
        }
    }
    let mut kings = s.kings;
    while kings != 0 {
        let from = kings.trailing_zeros() as u8;
        let k = 1u64 << from;
        kings ^= k;
        for dir in [UP, DOWN, LEFT, RIGHT] {
            let mut targets = fill(k, s.empty, dir) ^ k;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                list.push(Move::quiet(
                    Square::from_index_unchecked(from),
                    Square::from_index_unchecked(to),
                    false,
                ));
            }
        }
    }
}

/// Where a capture sequence stands: the capturing piece's square and role, the pieces still on
/// the board (without the capturing piece), the enemies not yet taken, and the direction it may
/// not take next (the reverse of its last jump).
#[derive(Clone, Copy)]
struct Jumper {
    sq: u8,
    king: bool,
    occupied: u64,
    enemy: u64,
    captured: u64,
    banned: Option<usize>,
    promoted: bool,
}

/// Depth-first search over every capture sequence of one piece; `on_end` sees each sequence
/// that cannot go on (its landings, captured set and whether it crowned a man).
struct CaptureWalk<F> {
    path: [Square; MAX_LANDINGS],
    promotion_rank: u8,
    forward: usize,
    on_end: F,
}

impl<F: FnMut(&[Square], u64, bool)> CaptureWalk<F> {
    fn walk(&mut self, j: Jumper, depth: usize) {
        let mut extended = false;
        if depth < MAX_LANDINGS {
            if j.king {
                for dir in [UP, DOWN, LEFT, RIGHT] {
                    if j.banned == Some(dir) {
                        continue;
                    }
                    let mut t = step(j.sq, dir);
                    while let Some(x) = t.filter(|x| j.occupied & (1u64 << x) == 0) {
                        t = step(x, dir);
                    }
                    let Some(victim) = t.filter(|v| j.enemy & (1u64 << v) != 0) else {
                        continue;
                    };
                    let mut land = step(victim, dir);
                    while let Some(l) = land.filter(|l| j.occupied & (1u64 << l) == 0) {
                        extended = true;
                        self.jump(j, victim, l, dir, depth);
                        land = step(l, dir);
                    }
                }
            } else {
                for dir in [self.forward, LEFT, RIGHT] {
                    let Some(victim) = step(j.sq, dir).filter(|v| j.enemy & (1u64 << v) != 0)
                    else {
                        continue;
                    };
                    let Some(l) = step(victim, dir).filter(|l| j.occupied & (1u64 << l) == 0)
                    else {
                        continue;
                    };
                    extended = true;
                    self.jump(j, victim, l, dir, depth);
                }
            }
        }
        if !extended && depth > 0 {
            (self.on_end)(&self.path[..depth], j.captured, j.promoted);
        }
    }

    #[inline(always)]
    fn jump(&mut self, j: Jumper, victim: u8, land: u8, dir: usize, depth: usize) {
        let bit = 1u64 << victim;
        // A man reaching the far rank is crowned at once and goes on as a king (RULES.md,
        // capturing rule 6), barred like any king from jumping straight back.
        let crowned = !j.king && land >> 3 == self.promotion_rank;
        self.path[depth] = Square::from_index_unchecked(land);
        let next = Jumper {
            sq: land,
            king: j.king || crowned,
            occupied: j.occupied & !bit,
            enemy: j.enemy & !bit,
            captured: j.captured | bit,
            banned: Some(dir ^ 1),
            promoted: j.promoted || crowned,
        };
        self.walk(next, depth + 1);
    }
}

/// Walks every capture sequence of every piece of the side to move.
fn walk_captures(pos: &Position, mut on_end: impl FnMut(Square, &[Square], u64, bool)) {
    let s = Sides::of(pos);
    let occupied = !s.empty;
    let mut pieces = s.men | s.kings;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as u8;
        pieces &= pieces - 1;
        let origin = Square::from_index_unchecked(from);
        let mut walk = CaptureWalk {
            path: [Square::A1; MAX_LANDINGS],
            promotion_rank: pos.turn().promotion_rank(),
            forward: s.forward,
            on_end: |path: &[Square], captured, promoted| on_end(origin, path, captured, promoted),
        };
        let start = Jumper {
            sq: from,
            king: s.kings & (1u64 << from) != 0,
            occupied: occupied & !(1u64 << from),
            enemy: s.enemy,
            captured: 0,
            banned: None,
            promoted: false,
        };
        walk.walk(start, 0);
    }
}

/// Lists the captures of the largest number of pieces, each distinct move once.
fn generate_captures(pos: &Position, list: &mut MoveList) {
    list.clear();
    let mut best = 0;
    walk_captures(pos, |from, path, captured, promoted| {
        if path.len() < best {
            return;
        }
        if path.len() > best {
            best = path.len();
            list.clear();
        }
        let m = Move::capture(from, path, Bitboard(captured), promoted);
        if !list.contains(&m) {
            list.push(m);
        }
    });
}

/// Every path of every legal capture: one entry per path (a move may have several). Used to
/// accept any path of a move typed in full.
pub(crate) fn capture_paths(pos: &Position) -> Vec<(Move, Vec<Square>)> {
    let moves = pos.legal_moves();
    let Some(longest) = moves
        .first()
        .filter(|m| m.is_capture())
        .map(|m| m.landings().len())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    walk_captures(pos, |from, path, captured, _| {
        if path.len() != longest {
            return;
        }
        let key = moves.iter().find(|m| {
            m.from() == from && m.captured().0 == captured && path.last() == Some(&m.to())
        });
        if let Some(m) = key {
            out.push((*m, path.to_vec()));
        }
    });
    out
}
