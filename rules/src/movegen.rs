//! Move generation: bitboard sets for plain moves and for detecting captures, a depth-first
//! search for capture sequences.
//!
//! The work is done on [`Raw`] bitboards, with the side to move as a type parameter ([`Side`])
//! so that "forward" and the promotion rank are constants in the generated code, and the
//! promotion rule as another ([`Crowning`]) so that each rule gets its own code and the default
//! pays nothing for the other. `perft` walks the tree on the same bitboards without building a
//! [`Position`] per node.

use crate::{
    Color, Move, MoveList, Position, Promotion, Square,
    mv::{MAX_LANDINGS, MOVE_LIST_CAPACITY},
    spill::SpillVec,
};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// The four directions, as indexes: opposite directions differ in the lowest bit.
const UP: usize = 0;
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;
/// No direction: what a king that has not jumped yet is banned from.
const NO_DIRECTION: usize = 4;

/// One step in direction `dir`, dropping what falls off the board.
#[inline(always)]
const fn shift(b: u64, dir: usize) -> u64 {
    match dir {
        UP => b << 8,
        DOWN => b >> 8,
        LEFT => (b >> 1) & !FILE_H,
        _ => (b << 1) & !FILE_A,
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
            let mut e = empty & !FILE_H;
            seed |= e & (seed >> 1);
            e &= e >> 1;
            seed |= e & (seed >> 2);
            e &= e >> 2;
            seed | (e & (seed >> 4))
        }
        _ => {
            let mut e = empty & !FILE_A;
            seed |= e & (seed << 1);
            e &= e << 1;
            seed |= e & (seed << 2);
            e &= e << 2;
            seed | (e & (seed << 4))
        }
    }
}

/// `RAYS[dir][sq]`: the squares from `sq` (excluded) to the edge in direction `dir`.
const RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0; 64]; 4];
    let mut dir = 0;
    while dir < 4 {
        let mut sq = 0;
        while sq < 64 {
            let mut b = shift(1 << sq, dir);
            while b != 0 {
                rays[dir][sq] |= b;
                b = shift(b, dir);
            }
            sq += 1;
        }
        dir += 1;
    }
    rays
};

/// The square of `b`'s piece nearest to the ray's origin: rays up and right run towards higher
/// bits, rays down and left towards lower ones. `b` is not empty.
#[inline(always)]
const fn nearest(b: u64, dir: usize) -> u32 {
    if dir == UP || dir == RIGHT {
        b.trailing_zeros()
    } else {
        63 - b.leading_zeros()
    }
}

/// The side to move, as a type: its direction and promotion rank are constants.
pub(crate) trait Side {
    const COLOR: Color;
    const FORWARD: usize;
    const PROMOTION: u64;
    type Next: Side;
}

/// White to move.
pub(crate) struct White;
/// Black to move.
pub(crate) struct Black;

impl Side for White {
    const COLOR: Color = Color::White;
    const FORWARD: usize = UP;
    const PROMOTION: u64 = RANK_8;
    type Next = Black;
}

impl Side for Black {
    const COLOR: Color = Color::Black;
    const FORWARD: usize = DOWN;
    const PROMOTION: u64 = RANK_1;
    type Next = White;
}

/// When a man that reaches the far rank in the middle of a capture is crowned, as a type.
pub(crate) trait Crowning {
    /// At once, going on as a king ([`Promotion::DuringCapture`]); otherwise it finishes the
    /// capture as a man ([`Promotion::AfterCapture`]).
    const AT_ONCE: bool;
}

/// [`Promotion::DuringCapture`].
pub(crate) struct AtOnce;
/// [`Promotion::AfterCapture`].
pub(crate) struct AtEnd;

impl Crowning for AtOnce {
    const AT_ONCE: bool = true;
}

impl Crowning for AtEnd {
    const AT_ONCE: bool = false;
}

/// Calls `$f::<S, C>($args)` with the [`Side`] of `$turn` and the [`Crowning`] of `$promotion`.
macro_rules! by_turn_and_promotion {
    ($turn:expr, $promotion:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match ($turn, $promotion) {
            (Color::White, Promotion::DuringCapture) => $f::<White, AtOnce>($($arg),*),
            (Color::White, Promotion::AfterCapture) => $f::<White, AtEnd>($($arg),*),
            (Color::Black, Promotion::DuringCapture) => $f::<Black, AtOnce>($($arg),*),
            (Color::Black, Promotion::AfterCapture) => $f::<Black, AtEnd>($($arg),*),
        }
    };
}
pub(crate) use by_turn_and_promotion;

/// A position as bare bitboards; the side to move is carried by a [`Side`] type.
#[derive(Clone, Copy)]
pub(crate) struct Raw {
    white: u64,
    black: u64,
    kings: u64,
}

impl Raw {
    #[inline(always)]
    pub(crate) fn of(pos: &Position) -> Raw {
        let board = pos.board();
        Raw {
            white: board.by_color(Color::White).0,
            black: board.by_color(Color::Black).0,
            kings: board.kings().0,
        }
    }

    #[inline(always)]
    fn ours<S: Side>(&self) -> u64 {
        match S::COLOR {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    #[inline(always)]
    fn theirs<S: Side>(&self) -> u64 {
        match S::COLOR {
            Color::White => self.black,
            Color::Black => self.white,
        }
    }

    /// The position after `S` moves its piece from `from` to `to` (single bits), taking
    /// `captured`; `crown` makes the piece a king on arrival.
    #[inline(always)]
    fn after<S: Side>(mut self, from: u64, to: u64, captured: u64, crown: bool) -> Raw {
        let moved = from ^ to;
        match S::COLOR {
            Color::White => {
                self.white ^= moved;
                self.black &= !captured;
            }
            Color::Black => {
                self.black ^= moved;
                self.white &= !captured;
            }
        }
        let king = self.kings & from != 0;
        self.kings &= !(captured | from);
        if king || crown {
            self.kings |= to;
        }
        self
    }

    /// The position after `S` plays `m`, a legal move.
    #[inline(always)]
    pub(crate) fn play<S: Side>(self, m: &Move) -> Raw {
        self.after::<S>(
            1 << m.from().index(),
            1 << m.to().index(),
            m.captured().0,
            m.promotes(),
        )
    }
}

/// The capturing side's pieces and what is around them.
#[derive(Clone, Copy)]
struct Sides {
    men: u64,
    kings: u64,
    enemy: u64,
    empty: u64,
}

impl Sides {
    #[inline(always)]
    fn of<S: Side>(raw: &Raw) -> Sides {
        let us = raw.ours::<S>();
        let enemy = raw.theirs::<S>();
        Sides {
            men: us & !raw.kings,
            kings: us & raw.kings,
            enemy,
            empty: !(us | enemy),
        }
    }

    /// The men that can capture at once.
    #[inline(always)]
    fn capturing_men<S: Side>(&self) -> u64 {
        let mut from = 0;
        for dir in [S::FORWARD, LEFT, RIGHT] {
            // Step back from an empty landing square over an enemy.
            from |= shift(shift(self.empty, dir ^ 1) & self.enemy, dir ^ 1);
        }
        from & self.men
    }

    #[inline(always)]
    fn kings_can_capture(&self) -> bool {
        let mut hit = 0;
        for dir in [UP, DOWN, LEFT, RIGHT] {
            let reach = fill(self.kings, self.empty, dir);
            hit |= shift(shift(reach, dir) & self.enemy, dir) & self.empty;
        }
        hit != 0
    }

    #[inline(always)]
    fn has_capture<S: Side>(&self) -> bool {
        self.capturing_men::<S>() != 0 || (self.kings != 0 && self.kings_can_capture())
    }

    /// How many plain moves there are (when no capture exists).
    #[inline(always)]
    fn count_quiet<S: Side>(&self) -> u64 {
        let mut n = 0;
        for dir in [S::FORWARD, LEFT, RIGHT] {
            n += (shift(self.men, dir) & self.empty).count_ones();
        }
        let mut kings = self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            n += king_reach(from, !self.empty).count_ones();
        }
        u64::from(n)
    }
}

/// The empty squares from `from` in direction `dir` up to the first occupied one or the edge.
#[inline(always)]
fn ray_reach(from: usize, dir: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][from];
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else {
        let stop = nearest(blockers, dir) as usize;
        ray & !(RAYS[dir][stop] | 1 << stop)
    }
}

/// The empty squares a king on `from` reaches in a plain move (public as
/// [`crate::attacks::king_reach`]).
#[inline(always)]
pub(crate) fn king_reach(from: usize, occupied: u64) -> u64 {
    let mut reach = 0;
    for dir in [UP, DOWN, LEFT, RIGHT] {
        reach |= ray_reach(from, dir, occupied);
    }
    reach
}

/// Receives every capture sequence that cannot go on (or, with [`Sink::PREFIXES`], every
/// sequence: each jump ends one).
trait Sink {
    /// Whether the sink also wants the sequences that stop where they could go on (for strict
    /// mode, where a player may stop short and lose). Known at compile time: the walks that
    /// list legal moves pay nothing for it.
    const PREFIXES: bool = false;

    /// The walk of another piece begins.
    fn begin(&mut self);

    /// A sequence from `from` through `path` taking `captured`. `may_repeat` is false when no
    /// other sequence of this piece can be the same move: a man's sequences differ in what they
    /// take until it is crowned, since it never turns back (see `Walk`).
    fn end(&mut self, from: u8, path: &[Square], captured: u64, promotes: bool, may_repeat: bool);
}

/// Depth-first search over the capture sequences of one piece.
///
/// Where two sequences of a man first part, they take different pieces, and neither can take
/// the other's later: a forward jump leaves that rank for good, and after a sideways jump the
/// man can only go on the same way or forward (it never moves backward, and the square it just
/// jumped is empty, so it cannot jump back). That holds on the far rank too, where a man that
/// finishes its capture as a man ([`AtEnd`]) can only go on sideways. So a man's sequences are
/// all different moves; only kings, and men crowned on the way, can make one move by several
/// paths, and only their sequences are checked for repeats.
struct Walk<'s, K: Sink> {
    sink: &'s mut K,
    path: [Square; MAX_LANDINGS],
    from: u8,
    started_king: bool,
    crowned: bool,
}

impl<K: Sink> Walk<'_, K> {
    /// A man on `sq`; `empty` includes its start square and everything taken so far, `enemy`
    /// excludes what was taken.
    #[inline(always)]
    fn man<S: Side, C: Crowning>(
        &mut self,
        sq: u64,
        empty: u64,
        enemy: u64,
        captured: u64,
        depth: usize,
    ) {
        let mut extended = false;
        if depth < MAX_LANDINGS {
            for dir in [S::FORWARD, LEFT, RIGHT] {
                let victim = shift(sq, dir) & enemy;
                let land = shift(victim, dir) & empty;
                if land == 0 {
                    continue;
                }
                extended = true;
                self.path[depth] = Square::from_index_unchecked(land.trailing_zeros() as u8);
                let (empty, enemy, captured) = (empty | victim, enemy ^ victim, captured | victim);
                if K::PREFIXES {
                    self.finish(depth + 1, captured, land & S::PROMOTION != 0);
                }
                if C::AT_ONCE && land & S::PROMOTION != 0 {
                    // Crowned at once, going on as a king that may not turn straight back
                    // (docs/rules.md#capturing, rule 6, and docs/rules.md#decisions).
                    self.crowned = true;
                    let at = land.trailing_zeros() as usize;
                    self.king(at, empty, enemy, captured, dir ^ 1, depth + 1);
                } else {
                    self.man::<S, C>(land, empty, enemy, captured, depth + 1);
                }
            }
        }
        if !extended && depth > 0 && !K::PREFIXES {
            // A man that stops on the far rank is crowned (under `AtOnce` it never gets here).
            self.finish(depth, captured, sq & S::PROMOTION != 0);
        }
    }

    /// A king on square `at`, not allowed to jump in direction `banned` (the reverse of its last
    /// jump, or [`NO_DIRECTION`]).
    fn king(
        &mut self,
        at: usize,
        empty: u64,
        enemy: u64,
        captured: u64,
        banned: usize,
        depth: usize,
    ) {
        let mut extended = false;
        if depth < MAX_LANDINGS {
            for dir in [UP, DOWN, LEFT, RIGHT] {
                let ray = RAYS[dir][at];
                let blockers = ray & !empty;
                if dir == banned || blockers & enemy == 0 {
                    continue;
                }
                let v = nearest(blockers, dir) as usize;
                let victim = 1u64 << v;
                if victim & enemy == 0 {
                    continue;
                }
                let mut lands = ray_reach(v, dir, !empty);
                let (empty, enemy, captured) = (empty | victim, enemy ^ victim, captured | victim);
                while lands != 0 {
                    // Nearest landing first: this fixes the order of moves and the path shown.
                    let l = nearest(lands, dir);
                    lands ^= 1 << l;
                    extended = true;
                    self.path[depth] = Square::from_index_unchecked(l as u8);
                    if K::PREFIXES {
                        self.finish(depth + 1, captured, !self.started_king);
                    }
                    self.king(l as usize, empty, enemy, captured, dir ^ 1, depth + 1);
                }
            }
        }
        if !extended && depth > 0 && !K::PREFIXES {
            self.finish(depth, captured, !self.started_king);
        }
    }

    /// Hands the sequence of the first `depth` landings to the sink.
    #[inline(always)]
    fn finish(&mut self, depth: usize, captured: u64, promotes: bool) {
        let may_repeat = self.started_king || self.crowned;
        self.sink.end(
            self.from,
            &self.path[..depth],
            captured,
            promotes,
            may_repeat,
        );
    }
}

/// Walks every capture sequence of every piece of `S`, pieces in square order.
#[inline(always)]
fn walk_captures<S: Side, C: Crowning, K: Sink>(raw: &Raw, sink: &mut K) {
    let s = Sides::of::<S>(raw);
    let men = s.capturing_men::<S>();
    let mut pieces = men | s.kings;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as u8;
        let bit = 1u64 << from;
        pieces ^= bit;
        sink.begin();
        let started_king = s.kings & bit != 0;
        let mut walk = Walk {
            sink: &mut *sink,
            path: [Square::A1; MAX_LANDINGS],
            from,
            started_king,
            crowned: false,
        };
        let empty = s.empty | bit;
        if started_king {
            walk.king(usize::from(from), empty, s.enemy, 0, NO_DIRECTION, 0);
        } else {
            walk.man::<S, C>(bit, empty, s.enemy, 0, 0);
        }
    }
}

/// Keeps the distinct moves among the longest sequences.
struct Longest<'l> {
    list: &'l mut MoveList,
    best: usize,
    piece_start: usize,
}

impl Sink for Longest<'_> {
    #[inline(always)]
    fn begin(&mut self) {
        self.piece_start = self.list.len();
    }

    #[inline(always)]
    fn end(&mut self, from: u8, path: &[Square], captured: u64, promotes: bool, may_repeat: bool) {
        if path.len() < self.best {
            return;
        }
        if path.len() > self.best {
            self.best = path.len();
            self.list.clear();
            self.piece_start = 0;
        }
        let m = Move::capture(
            Square::from_index_unchecked(from),
            path,
            crate::Bitboard(captured),
            promotes,
        );
        // Moves of different pieces differ by their start: only this piece's are compared.
        if may_repeat && self.list[self.piece_start..].contains(&m) {
            return;
        }
        self.list.push(m);
    }
}

/// Lists the captures of the largest number of pieces, each distinct move once.
#[inline(always)]
fn generate_captures<S: Side, C: Crowning>(raw: &Raw, list: &mut MoveList) {
    list.clear();
    walk_captures::<S, C, _>(
        raw,
        &mut Longest {
            list,
            best: 0,
            piece_start: 0,
        },
    );
}

/// Lists the plain moves: men by direction (forward, left, right), then kings, each in square
/// order.
fn generate_quiet<S: Side>(raw: &Raw, list: &mut MoveList) {
    let s = Sides::of::<S>(raw);
    for dir in [S::FORWARD, LEFT, RIGHT] {
        let mut targets = shift(s.men, dir) & s.empty;
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let from = shift(1 << to, dir ^ 1).trailing_zeros() as u8;
            list.push(Move::quiet(
                Square::from_index_unchecked(from),
                Square::from_index_unchecked(to),
                S::PROMOTION & 1 << to != 0,
            ));
        }
    }
    let mut kings = s.kings;
    while kings != 0 {
        let from = kings.trailing_zeros() as u8;
        kings &= kings - 1;
        for dir in [UP, DOWN, LEFT, RIGHT] {
            let mut targets = ray_reach(usize::from(from), dir, !s.empty);
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

#[inline(always)]
fn generate_raw<S: Side, C: Crowning>(raw: &Raw, list: &mut MoveList) {
    list.clear();
    if Sides::of::<S>(raw).has_capture::<S>() {
        generate_captures::<S, C>(raw, list);
    } else {
        generate_quiet::<S>(raw, list);
    }
}

/// Counts the distinct moves among the longest sequences without building them: only the end
/// square and captured set of the current piece's sequences are kept, to spot repeats.
struct Counter {
    best: usize,
    /// Moves of the pieces already walked.
    done: usize,
    /// The current piece's moves so far: inline as many as a `MoveList` holds (a piece has no
    /// more moves than the position), so counting allocates only where listing would.
    ends: SpillVec<(u64, Square), MOVE_LIST_CAPACITY>,
}

impl Sink for Counter {
    #[inline(always)]
    fn begin(&mut self) {
        self.done += self.ends.len();
        self.ends.clear();
    }

    #[inline(always)]
    fn end(&mut self, _: u8, path: &[Square], captured: u64, _: bool, may_repeat: bool) {
        if path.len() < self.best {
            return;
        }
        if path.len() > self.best {
            self.best = path.len();
            self.done = 0;
            self.ends.clear();
        }
        let key = (captured, path[path.len() - 1]);
        if may_repeat && self.ends.as_slice().contains(&key) {
            return;
        }
        self.ends.push(key);
    }
}

/// How many legal moves `S` has, without listing them.
#[inline(always)]
pub(crate) fn count_raw<S: Side, C: Crowning>(raw: &Raw) -> u64 {
    let s = Sides::of::<S>(raw);
    if s.has_capture::<S>() {
        let mut counter = Counter {
            best: 0,
            done: 0,
            ends: SpillVec::new(),
        };
        walk_captures::<S, C, _>(raw, &mut counter);
        (counter.done + counter.ends.len()) as u64
    } else {
        s.count_quiet::<S>()
    }
}

/// Calls `visit` with the position after each legal move of `S`.
#[inline(always)]
pub(crate) fn for_each_child<S: Side, C: Crowning>(raw: &Raw, mut visit: impl FnMut(Raw)) {
    let s = Sides::of::<S>(raw);
    if s.has_capture::<S>() {
        let mut list = MoveList::new();
        generate_captures::<S, C>(raw, &mut list);
        for m in list.iter() {
            visit(raw.play::<S>(m));
        }
        return;
    }
    for dir in [S::FORWARD, LEFT, RIGHT] {
        let mut targets = shift(s.men, dir) & s.empty;
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets ^= to;
            let from = shift(to, dir ^ 1);
            visit(raw.after::<S>(from, to, 0, to & S::PROMOTION != 0));
        }
    }
    let mut kings = s.kings;
    while kings != 0 {
        let from = kings & kings.wrapping_neg();
        kings ^= from;
        let mut targets = king_reach(from.trailing_zeros() as usize, !s.empty);
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets ^= to;
            visit(raw.after::<S>(from, to, 0, false));
        }
    }
}

pub(crate) fn has_capture(pos: &Position) -> bool {
    let raw = Raw::of(pos);
    match pos.turn() {
        Color::White => Sides::of::<White>(&raw).has_capture::<White>(),
        Color::Black => Sides::of::<Black>(&raw).has_capture::<Black>(),
    }
}

/// Counts legal moves without listing plain moves.
pub(crate) fn count(pos: &Position, promotion: Promotion) -> u64 {
    let raw = Raw::of(pos);
    by_turn_and_promotion!(pos.turn(), promotion, count_raw(&raw))
}

pub(crate) fn generate(pos: &Position, promotion: Promotion, list: &mut MoveList) {
    let raw = Raw::of(pos);
    by_turn_and_promotion!(pos.turn(), promotion, generate_raw(&raw, list))
}

/// Collects every path of the sequences a sink of this kind receives.
struct AllPaths<const PREFIXES: bool> {
    best: usize,
    paths: Vec<(Move, Vec<Square>)>,
}

impl<const P: bool> Sink for AllPaths<P> {
    const PREFIXES: bool = P;

    fn begin(&mut self) {}

    fn end(&mut self, from: u8, path: &[Square], captured: u64, promotes: bool, _: bool) {
        // Prefixes are all kept; otherwise only the longest sequences.
        if !P {
            if path.len() < self.best {
                return;
            }
            if path.len() > self.best {
                self.best = path.len();
                self.paths.clear();
            }
        }
        let from = Square::from_index_unchecked(from);
        let m = Move::capture(from, path, crate::Bitboard(captured), promotes);
        self.paths.push((m, path.to_vec()));
    }
}

fn walk_all<S: Side, C: Crowning>(raw: &Raw, sink: &mut impl Sink) {
    walk_captures::<S, C, _>(raw, sink);
}

/// Every path of every legal capture: one entry per path (a move may have several). Used to
/// accept any path of a move typed in full.
pub(crate) fn capture_paths(pos: &Position, promotion: Promotion) -> Vec<(Move, Vec<Square>)> {
    let moves = pos.legal_moves_under(crate::Rules {
        promotion,
        ..crate::Rules::default()
    });
    if !moves.first().is_some_and(Move::is_capture) {
        return Vec::new();
    }
    let raw = Raw::of(pos);
    let mut all = AllPaths::<false> {
        best: 0,
        paths: Vec::new(),
    };
    by_turn_and_promotion!(pos.turn(), promotion, walk_all(&raw, &mut all));
    // The move kept for each path is the listed one, which carries the path that is shown.
    all.paths
        .into_iter()
        .filter_map(|(m, path)| Some((*moves.iter().find(|l| **l == m)?, path)))
        .collect()
}

/// Every sequence of capturing jumps the side to move can make, of any length, including those
/// that stop where they could go on: one entry per path. Strict mode finds in these the capture
/// a player made that was not the largest.
pub(crate) fn every_capture_path(pos: &Position, promotion: Promotion) -> Vec<(Move, Vec<Square>)> {
    let raw = Raw::of(pos);
    let mut all = AllPaths::<true> {
        best: 0,
        paths: Vec::new(),
    };
    by_turn_and_promotion!(pos.turn(), promotion, walk_all(&raw, &mut all));
    all.paths
}

/// The plain moves the side to move would have if no capture were compulsory.
pub(crate) fn plain_moves(pos: &Position) -> MoveList {
    let raw = Raw::of(pos);
    let mut list = MoveList::new();
    match pos.turn() {
        Color::White => generate_quiet::<White>(&raw, &mut list),
        Color::Black => generate_quiet::<Black>(&raw, &mut list),
    }
    list
}
