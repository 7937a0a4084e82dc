//! Turkish draughts (Dama) exactly as the project's docs/rules.md states them: positions, legal
//! moves, notation, whole games with their outcome, and PDN records.
//!
//! ```
//! use dama_rules::{Position, notation};
//!
//! let pos = Position::default();
//! let m = notation::resolve(&pos, &"d3-d4".parse().unwrap()).unwrap();
//! let pos = pos.play(&m).unwrap();
//! assert_eq!(pos.to_string(), "8/bbbbbbbb/bbbbbbbb/8/3w4/www1wwww/wwwwwwww/8 b");
//! assert_eq!(dama_rules::perft(&Position::default(), 3), 708);
//! ```

mod bitboard;
mod board;
mod color;
mod game;
mod last_move;
mod movegen;
mod mv;
mod perft;
mod piece;
mod position;
mod rules;
mod setup;
mod spill;
mod square;

pub mod attacks;
pub mod notation;
pub mod pdn;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::Color;
pub use game::{DrawReason, Game, GameError, NO_PROGRESS_LIMIT, Outcome, WinReason};
pub use last_move::LastMove;
pub use mv::{MAX_LANDINGS, MOVE_LIST_CAPACITY, Move, MoveList};
pub use perft::{divide, divide_under, perft, perft_under};
pub use piece::{Piece, Role};
pub use position::{PlayError, Position, PositionError};
pub use rules::{MissedCapture, ParseRulesError, Promotion, Rules};
pub use setup::{ParseSetupError, Setup};
pub use square::{ParseSquareError, Square};
