//! Helpers shared by the integration tests: a seeded random number generator, positions reached
//! by random play, and a slow reference move generator written straight from docs/rules.md.
//!
//! Each test binary uses a different part of this module.
#![allow(dead_code)]

use std::collections::BTreeSet;

use dama_rules::{Color, Move, Position, Role, Rules, Square};

/// `pos` as a `kish` board: kish numbers squares as we do (a1 = bit 0, h8 = bit 63), White
/// (team 0) moves up the board first and is crowned on rank 8, so the bitboards carry over
/// unchanged.
pub fn kish_board(pos: &Position) -> kish::Board {
    let b = pos.board();
    let turn = match pos.turn() {
        Color::White => kish::Team::White,
        Color::Black => kish::Team::Black,
    };
    let pieces = [b.by_color(Color::White).0, b.by_color(Color::Black).0];
    kish::Board::new(turn, kish::State::new(pieces, b.kings().0))
}

/// kish's perft counting distinct moves: kish lists each capture path, and two paths with the
/// same start, end and captured set change the board alike (the same `delta`). kish's `apply`
/// leaves the turn to the caller.
pub fn kish_distinct_perft(board: &kish::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut seen = BTreeSet::new();
    let mut actions = board.actions();
    actions.retain(|a| seen.insert((a.delta.pieces, a.delta.kings)));
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|a| kish_distinct_perft(&board.apply(a).swap_turn(), depth - 1))
        .sum()
}

/// SplitMix64: small, seeded, and good enough to pick moves.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// How random games choose their moves.
#[derive(Debug, Clone, Copy)]
pub struct Play {
    /// Longest game, in plies.
    pub max_plies: usize,
    /// How often (percent) a man is pushed forward when one can be, so that kings appear.
    pub push_percent: u64,
    /// The rules the moves are chosen under.
    pub rules: Rules,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            max_plies: 400,
            push_percent: 40,
            rules: Rules::STANDARD,
        }
    }
}

/// Every position of one seeded random game, the start included, until the side to move has no
/// move or the ply limit is reached. Games go on past draws by repetition or no progress: the
/// positions are still legal and keep the kings coming.
pub fn random_game(seed: u64, play: Play) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start();
    let mut out = vec![pos];
    for _ in 0..play.max_plies {
        let moves = pos.legal_moves_under(play.rules);
        if moves.is_empty() {
            break;
        }
        let pushes: Vec<&Move> = moves
            .iter()
            .filter(|m| {
                !m.is_capture()
                    && pos.piece_at(m.from()).map(|p| p.role) == Some(Role::Man)
                    && m.from().rank() != m.to().rank()
            })
            .collect();
        let m = if !pushes.is_empty() && rng.chance(play.push_percent) {
            *pushes[rng.below(pushes.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos = pos.play_unchecked(&m);
        out.push(pos);
    }
    out
}

/// Distinct positions of random games with seeds `0..games`.
pub fn random_positions(games: u64, play: Play) -> Vec<Position> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for seed in 0..games {
        for pos in random_game(seed, play) {
            if seen.insert(pos.to_string()) {
                out.push(pos);
            }
        }
    }
    out
}

/// A sparse random position: up to `max_pieces` pieces a side, some of them kings, men never
/// on their own far rank, either side to move. It meets far more kings and crowning captures
/// than play from the start does.
pub fn random_board(rng: &mut Rng, max_pieces: usize) -> Position {
    loop {
        let mut setup = dama_rules::Setup {
            board: dama_rules::Board::empty(),
            turn: if rng.chance(50) {
                Color::White
            } else {
                Color::Black
            },
        };
        for color in [Color::White, Color::Black] {
            for _ in 0..=rng.below(max_pieces) {
                let role = if rng.chance(20) {
                    Role::King
                } else {
                    Role::Man
                };
                let sq = Square::new(rng.below(64) as u8).expect("below 64");
                if role == Role::Man && sq.rank() == color.promotion_rank() {
                    continue;
                }
                let piece = dama_rules::Piece { color, role };
                setup.board.set_piece_at(sq, Some(piece));
            }
        }
        if let Ok(pos) = Position::from_setup(setup) {
            return pos;
        }
    }
}

/// When a man that reaches the far rank during a capture becomes a king.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crowning {
    /// docs/rules.md#capturing, rule 6: at once, going on as a king.
    AtOnce,
    /// The other reading (kish's): it finishes the capture as a man and is crowned at the end.
    AtEnd,
}

/// A move found by the reference generator, with one path (each path of a capture is listed
/// separately).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub from: u8,
    pub landings: Vec<u8>,
    pub captured: u64,
    pub promotes: bool,
}

impl RefMove {
    pub fn to(&self) -> u8 {
        *self.landings.last().expect("a move lands somewhere")
    }

    /// What identifies the move (docs/rules.md#identity-of-a-move), with its promotion.
    pub fn key(&self) -> MoveKey {
        MoveKey {
            from: self.from,
            to: self.to(),
            captured: self.captured,
            promotes: self.promotes,
        }
    }

    /// The full path in algebraic notation (`d4xd6xf6`).
    pub fn text(&self) -> String {
        let sep = if self.captured != 0 { "x" } else { "-" };
        let mut s = name(self.from);
        for l in &self.landings {
            s.push_str(sep);
            s.push_str(&name(*l));
        }
        s
    }
}

/// Start, end, captured set, and whether a man is crowned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveKey {
    pub from: u8,
    pub to: u8,
    pub captured: u64,
    pub promotes: bool,
}

impl MoveKey {
    pub fn of(m: &Move) -> MoveKey {
        MoveKey {
            from: m.from().index(),
            to: m.to().index(),
            captured: m.captured().0,
            promotes: m.promotes(),
        }
    }
}

/// The reference generator's answer for one position.
#[derive(Debug, Clone)]
pub struct RefMoves {
    /// Every path of every legal move.
    pub paths: Vec<RefMove>,
    /// Whether some capture sequence (of any length) lands a man on the far rank and then
    /// jumps again: the case where the two crowning rules can disagree.
    pub crowned_mid_capture: bool,
}

impl RefMoves {
    pub fn keys(&self) -> BTreeSet<MoveKey> {
        self.paths.iter().map(RefMove::key).collect()
    }
}

fn name(sq: u8) -> String {
    format!("{}{}", char::from(b'a' + sq % 8), sq / 8 + 1)
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Piece {
    white: bool,
    king: bool,
}

type Cells = [Option<Piece>; 64];

/// (file step, rank step): up, down, left, right.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

fn square_at(file: i8, rank: i8) -> Option<u8> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u8)
}

fn offset(sq: u8, (df, dr): (i8, i8), times: i8) -> Option<u8> {
    square_at((sq % 8) as i8 + df * times, (sq / 8) as i8 + dr * times)
}

struct Search {
    crowning: Crowning,
    white: bool,
    far_rank: u8,
    from: u8,
    started_as_king: bool,
    sequences: Vec<RefMove>,
    crowned_mid_capture: bool,
}

impl Search {
    /// Extends a capture sequence from `at`; `last` is the direction of the previous jump.
    fn extend(
        &mut self,
        cells: &mut Cells,
        at: u8,
        king: bool,
        last: Option<(i8, i8)>,
        path: &mut Vec<u8>,
        captured: u64,
    ) {
        let mut jumps = Vec::new();
        for dir in DIRECTIONS {
            if king {
                // Rule 4: a king may not turn back 180 degrees between two jumps.
                if last == Some((-dir.0, -dir.1)) {
                    continue;
                }
                let mut n = 1;
                while offset(at, dir, n).is_some_and(|s| cells[usize::from(s)].is_none()) {
                    n += 1;
                }
                let Some(victim) = offset(at, dir, n) else {
                    continue;
                };
                if cells[usize::from(victim)].is_none_or(|p| p.white == self.white) {
                    continue;
                }
                let mut m = n + 1;
                while let Some(land) =
                    offset(at, dir, m).filter(|s| cells[usize::from(*s)].is_none())
                {
                    jumps.push((dir, victim, land));
                    m += 1;
                }
            } else {
                // Men jump forward or sideways over an adjacent enemy.
                let forward = if self.white { 1 } else { -1 };
                if dir.1 == -forward {
                    continue;
                }
                let (Some(victim), Some(land)) = (offset(at, dir, 1), offset(at, dir, 2)) else {
                    continue;
                };
                let enemy = cells[usize::from(victim)].is_some_and(|p| p.white != self.white);
                if enemy && cells[usize::from(land)].is_none() {
                    jumps.push((dir, victim, land));
                }
            }
        }
        let on_far_rank = at / 8 == self.far_rank;
        if jumps.is_empty() {
            if !path.is_empty() {
                self.sequences.push(RefMove {
                    from: self.from,
                    landings: path.clone(),
                    captured,
                    promotes: !self.started_as_king && (king || on_far_rank),
                });
            }
            return;
        }
        if !self.started_as_king && on_far_rank && !path.is_empty() {
            self.crowned_mid_capture = true;
        }
        for (dir, victim, land) in jumps {
            // Rule 3: the jumped piece leaves the board at once.
            let taken = cells[usize::from(victim)].take();
            path.push(land);
            let crowned = !king && land / 8 == self.far_rank && self.crowning == Crowning::AtOnce;
            self.extend(
                cells,
                land,
                king || crowned,
                Some(dir),
                path,
                captured | 1 << victim,
            );
            path.pop();
            cells[usize::from(victim)] = taken;
        }
    }
}

/// Every legal move of `pos` under docs/rules.md (or under the other crowning rule), each capture
/// with all of its paths, computed square by square with no shortcut.
pub fn reference_moves(pos: &Position, crowning: Crowning) -> RefMoves {
    let mut cells: Cells = [None; 64];
    for sq in Square::all() {
        cells[usize::from(sq.index())] = pos.piece_at(sq).map(|p| Piece {
            white: p.color == Color::White,
            king: p.role == Role::King,
        });
    }
    let white = pos.turn() == Color::White;
    let far_rank = pos.turn().promotion_rank();
    let mut search = Search {
        crowning,
        white,
        far_rank,
        from: 0,
        started_as_king: false,
        sequences: Vec::new(),
        crowned_mid_capture: false,
    };
    for from in 0..64u8 {
        let Some(piece) = cells[usize::from(from)].filter(|p| p.white == white) else {
            continue;
        };
        search.from = from;
        search.started_as_king = piece.king;
        // The capturing piece leaves its square: it may pass over it or land on it again.
        cells[usize::from(from)] = None;
        search.extend(&mut cells, from, piece.king, None, &mut Vec::new(), 0);
        cells[usize::from(from)] = Some(piece);
    }
    let crowned_mid_capture = search.crowned_mid_capture;
    let longest = search.sequences.iter().map(|s| s.landings.len()).max();
    let paths = match longest {
        // Rules 1 and 5: capturing is compulsory, and only the longest sequences are legal.
        Some(n) => search
            .sequences
            .into_iter()
            .filter(|s| s.landings.len() == n)
            .collect(),
        None => quiet_moves(&cells, white, far_rank),
    };
    RefMoves {
        paths,
        crowned_mid_capture,
    }
}

fn quiet_moves(cells: &Cells, white: bool, far_rank: u8) -> Vec<RefMove> {
    let mut out = Vec::new();
    for from in 0..64u8 {
        let Some(piece) = cells[usize::from(from)].filter(|p| p.white == white) else {
            continue;
        };
        for dir in DIRECTIONS {
            let reach = if piece.king { 7 } else { 1 };
            let forward = if white { 1 } else { -1 };
            if !piece.king && dir.1 == -forward {
                continue;
            }
            for n in 1..=reach {
                let Some(to) = offset(from, dir, n).filter(|s| cells[usize::from(*s)].is_none())
                else {
                    break;
                };
                out.push(RefMove {
                    from,
                    landings: vec![to],
                    captured: 0,
                    promotes: !piece.king && to / 8 == far_rank,
                });
            }
        }
    }
    out
}
