//! Endgame tables: every position of up to a few pieces solved exactly by retrograde analysis under
//! docs/rules.md#promotion (a man crowned in the middle of a capture captures on as a king), as
//! win, draw or loss for the side to move with the number of plies to the end of the game.
//!
//! The distance counts plies until the loser is left without a piece or a legal move, with best
//! play on both sides (the winner as quick as it can be, the loser as slow). It does not know
//! the no-progress rule: a win in `d` plies is certain only if the game has at least `d` plies
//! left before that rule draws it ([`Probe::is_certain`]). A draw is a draw under every rule.
//!
//! ```
//! use dama_engine::tables::{Tables, Wdl};
//! use dama_rules::Position;
//!
//! let tables = Tables::build(3).unwrap();
//! // White's king takes the man on d5 at once.
//! let pos: Position = "8/8/8/3b4/8/8/8/3W4 w".parse().unwrap();
//! let probe = tables.probe(&pos).unwrap();
//! assert_eq!((probe.wdl, probe.plies), (Wdl::Win, 1));
//! // A king against a king, far apart, is a draw.
//! let pos: Position = "8/8/8/3B4/8/8/8/W7 w".parse().unwrap();
//! assert_eq!(tables.probe(&pos).unwrap().wdl, Wdl::Draw);
//! ```

mod build;
mod file;
mod material;
mod value;

use std::time::{Duration, Instant};

use dama_rules::{Board, Move, NO_PROGRESS_LIMIT, Piece, Position, Promotion, Rules};

pub use build::{BuildError, MaterialStats};
pub use file::LoadError;
pub use material::Material;

use crate::Score;

/// A game-theoretic result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses against best play.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins against any defence.
    Win,
}

/// What the tables say about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The result for the side to move.
    pub wdl: Wdl,
    /// For a win or a loss, the plies to the end of the game with best play; 0 for a draw.
    pub plies: u32,
}

impl Probe {
    /// The search's form of the result.
    #[must_use]
    pub const fn score(self) -> Score {
        match self.wdl {
            Wdl::Win => Score::Win(self.plies),
            Wdl::Loss => Score::Loss(self.plies),
            Wdl::Draw => Score::Value(0),
        }
    }

    /// Whether the result holds in a game whose no-progress count stands at `quiet_plies`: a
    /// draw always does; a win or loss if it ends the game before the no-progress rule could.
    #[must_use]
    pub const fn is_certain(self, quiet_plies: u16) -> bool {
        match self.wdl {
            Wdl::Draw => true,
            Wdl::Win | Wdl::Loss => quiet_plies as u32 + self.plies <= NO_PROGRESS_LIMIT as u32,
        }
    }

    /// The result one ply earlier, for the side that just moved into this position.
    const fn flipped(self) -> Probe {
        match self.wdl {
            Wdl::Win => Probe {
                wdl: Wdl::Loss,
                plies: self.plies + 1,
            },
            Wdl::Loss => Probe {
                wdl: Wdl::Win,
                plies: self.plies + 1,
            },
            Wdl::Draw => self,
        }
    }

    /// Higher is better for the side to move: quick wins, then draws, then slow losses.
    const fn merit(self) -> i32 {
        match self.wdl {
            Wdl::Win => 1000 - self.plies as i32,
            Wdl::Draw => 0,
            Wdl::Loss => -1000 + self.plies as i32,
        }
    }

    fn decode(v: u8) -> Probe {
        match value::decode(v) {
            value::Decoded::Draw => Probe {
                wdl: Wdl::Draw,
                plies: 0,
            },
            value::Decoded::Win(plies) => Probe {
                wdl: Wdl::Win,
                plies,
            },
            value::Decoded::Loss(plies) => Probe {
                wdl: Wdl::Loss,
                plies,
            },
        }
    }
}

/// One material's values, White to move then Black to move, by [`Material`] index.
#[derive(Clone)]
struct Entry {
    material: Material,
    values: [Vec<u8>; 2],
}

/// The tables of every material up to [`Tables::max_pieces`] pieces.
///
/// Build them with [`Tables::build`], or read them with [`Tables::load`] (written by
/// [`Tables::save`] or the `dama-tables` tool); [`Tables::load_or_build`] does either, as a
/// cache. An [`crate::Engine`] given tables ([`crate::Engine::with_tables`]) probes them in its
/// search.
#[derive(Clone)]
pub struct Tables {
    max_pieces: u32,
    /// Index into `entries` by [`slot`], for stored materials.
    slots: Vec<Option<u32>>,
    entries: Vec<Entry>,
}

/// Up to this many of a kind per material, for [`slot`].
const SLOT_BASE: usize = material::MAX_SUPPORTED_PIECES as usize + 1;

fn slot(m: Material) -> usize {
    let f = |n: u8| usize::from(n);
    ((f(m.white_men) * SLOT_BASE + f(m.white_kings)) * SLOT_BASE + f(m.black_men)) * SLOT_BASE
        + f(m.black_kings)
}

impl Tables {
    /// The largest number of pieces [`Tables::build`] accepts (the index's limit; the time and
    /// memory a build takes grow much sooner).
    pub const MAX_PIECES: u32 = material::MAX_SUPPORTED_PIECES;

    fn empty(max_pieces: u32) -> Tables {
        Tables {
            max_pieces,
            slots: vec![None; SLOT_BASE.pow(4)],
            entries: Vec::new(),
        }
    }

    fn insert(&mut self, material: Material, values: [Vec<u8>; 2]) {
        self.slots[slot(material)] = Some(self.entries.len() as u32);
        self.entries.push(Entry { material, values });
    }

    /// Solves every material of up to `max_pieces` pieces.
    pub fn build(max_pieces: u32) -> Result<Tables, BuildError> {
        Tables::build_reporting(max_pieces, |_, _| {})
    }

    /// [`Tables::build`], calling `report` with each material's results and the time it took.
    pub fn build_reporting(
        max_pieces: u32,
        mut report: impl FnMut(&MaterialStats, Duration),
    ) -> Result<Tables, BuildError> {
        if max_pieces > Tables::MAX_PIECES {
            return Err(BuildError::TooManyPieces {
                max: Tables::MAX_PIECES,
                asked: max_pieces,
            });
        }
        let mut tables = Tables::empty(max_pieces);
        for material in Material::all_canonical(max_pieces) {
            let started = Instant::now();
            let (values, stats) = build::solve(material, &tables)?;
            tables.insert(material, values);
            report(&stats, started.elapsed());
        }
        Ok(tables)
    }

    /// Whether the tables' results hold in a game played under `rules`: they do whenever a man is
    /// crowned in the middle of a capture (docs/rules.md#promotion). Strict mode changes nothing,
    /// since a missed capture only loses for whoever makes it.
    #[must_use]
    pub fn hold_under(rules: Rules) -> bool {
        rules.promotion == Promotion::DuringCapture
    }

    /// The most pieces a position may have to be in the tables.
    #[must_use]
    pub const fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The stored materials (the colour-exchanged twin of each is answered too).
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        self.entries.iter().map(|e| e.material)
    }

    /// Bytes of the values in memory.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.entries
            .iter()
            .map(|e| e.values[0].len() + e.values[1].len())
            .sum()
    }

    /// The exact result of `pos` under docs/rules.md ([`dama_rules::Rules::STANDARD`]), if it has
    /// at most [`Tables::max_pieces`] pieces, each side has one, and no man stands on its own
    /// first rank (where no game can bring it).
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        self.raw(pos).map(Probe::decode)
    }

    /// Checks every stored position against one ply of its legal moves: a position without a
    /// move is lost in 0, and otherwise its result is the best its moves lead to
    /// ([`Tables::best_move`]). Since distances fall towards the end of the game, this proves
    /// the whole table right (a wrong draw would need a wrong win or loss nearer the end).
    /// Returns the number of positions checked, or the first one that disagrees.
    pub fn verify(&self) -> Result<u64, Position> {
        let mut checked = 0;
        for entry in &self.entries {
            let m = entry.material;
            for turn in dama_rules::Color::ALL {
                for index in 0..m.positions() {
                    let pos = m.position(index, turn);
                    let expected = match self.best_move(&pos) {
                        Some((_, best)) => best,
                        None if pos.legal_moves_under(Rules::STANDARD).is_empty() => {
                            Probe::decode(value::loss(0))
                        }
                        None => return Err(pos),
                    };
                    if self.probe(&pos) != Some(expected) {
                        return Err(pos);
                    }
                    checked += 1;
                }
            }
        }
        Ok(checked)
    }

    /// The best move in `pos` by the tables, with the result after it (for the side that
    /// moved): the quickest win, else a draw, else the slowest loss; the first legal move
    /// (in the rules crate's order) among equals. `None` outside the tables, or without a
    /// legal move.
    ///
    /// ```
    /// use dama_engine::tables::{Tables, Wdl};
    /// use dama_rules::Position;
    ///
    /// let tables = Tables::build(3).unwrap();
    /// let pos: Position = "8/8/8/3b4/8/8/8/3W4 w".parse().unwrap();
    /// let (mv, probe) = tables.best_move(&pos).unwrap();
    /// assert_eq!(mv.to_string(), "d1xd6");
    /// assert_eq!((probe.wdl, probe.plies), (Wdl::Win, 1));
    /// ```
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<(Move, Probe)> {
        self.best_move_among(pos, pos.legal_moves_under(Rules::STANDARD).iter().copied())
    }

    /// [`Tables::best_move`] among `moves` (legal moves of `pos`), the first best in their order.
    pub(crate) fn best_move_among(
        &self,
        pos: &Position,
        moves: impl Iterator<Item = Move>,
    ) -> Option<(Move, Probe)> {
        self.raw(pos)?;
        let mut best: Option<(Move, Probe, i32)> = None;
        for m in moves {
            let child = Probe::decode(self.raw(&pos.play_unchecked(&m))?);
            let ours = child.flipped();
            let merit = ours.merit();
            if best.is_none_or(|(_, _, b)| merit > b) {
                best = Some((m, ours, merit));
            }
        }
        best.map(|(m, p, _)| (m, p))
    }

    /// The stored byte for `pos` (see [`Tables::probe`]); a side to move without pieces has
    /// lost in 0 plies.
    pub(crate) fn raw(&self, pos: &Position) -> Option<u8> {
        let board = pos.board();
        if board.occupied().count() > self.max_pieces {
            return None;
        }
        let turn = pos.turn();
        if board.by_color(turn).is_empty() {
            return Some(value::loss(0));
        }
        if board.by_color(turn.opposite()).is_empty() || board.men().0 & !material::MEN_SQUARES != 0
        {
            return None;
        }
        let material = Material::of(pos);
        let (material, board, turn) = if material.is_canonical() {
            (material, *board, turn)
        } else {
            (material.flipped(), flip(board), turn.opposite())
        };
        let entry = &self.entries[self.slots[slot(material)]? as usize];
        Some(entry.values[turn as usize][material.index(&board) as usize])
    }
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("max_pieces", &self.max_pieces)
            .field("materials", &self.entries.len())
            .field("bytes", &self.memory_bytes())
            .finish()
    }
}

/// The board turned round (rank 1 becomes rank 8) with the colours exchanged: the same
/// position for the other side.
fn flip(board: &Board) -> Board {
    let mut out = Board::empty();
    for (sq, piece) in board.iter() {
        let to = dama_rules::Square::new(sq.index() ^ 56).expect("a square");
        out.set_piece_at(
            to,
            Some(Piece {
                color: piece.color.opposite(),
                role: piece.role,
            }),
        );
    }
    out
}

/// Used by the colour-exchange of a position in tests.
#[cfg(test)]
fn flip_position(pos: &Position) -> Position {
    let setup = dama_rules::Setup {
        board: flip(pos.board()),
        turn: pos.turn().opposite(),
    };
    Position::from_setup(setup).expect("a flipped position is valid")
}

#[cfg(test)]
mod tests;
