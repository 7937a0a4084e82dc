//! A search engine for Turkish draughts (Dama), built on [`dama_rules`].
//!
//! - [`Engine`] plays a [`Game`](dama_rules::Game) at one of five [`Level`]s, deterministically
//!   for a given seed and node budget: it returns a [`Decision`] (a move, possibly with a draw
//!   offer, or a resignation) and answers draw offers.
//! - The search behind it: iterative-deepening alpha-beta with a transposition table (Zobrist
//!   hashing), captures, killer and history moves first, and a quiescence search over the
//!   compulsory captures; see [`Budget`] and [`SearchInfo`].
//! - [`evaluate`] is its judgement of a quiet position.
//! - [`protocol`] is the line protocol that the `dama-engine` binary speaks; [`arena`] plays
//!   matches between configurations, as the `dama-match` binary does.
//!
//! ```
//! use dama_engine::{Budget, Engine, EngineConfig, Level};
//! use dama_rules::{Game, notation};
//!
//! // White to move wins a man: d4xd6 is forced for... no, here White simply must capture.
//! let pos = "8/8/8/3b4/3w4/8/8/8 w".parse().unwrap();
//! let game = Game::from_position(pos);
//! let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
//! let decision = engine.choose(&game, Budget::depth(4)).unwrap();
//! assert_eq!(decision.mv(), Some(notation::resolve_str(&pos, "d4xd6").unwrap()));
//! ```

mod engine;
mod eval;
mod rng;
mod search;
mod tt;
mod zobrist;

pub mod arena;
pub mod protocol;

pub use engine::{Decision, Engine, EngineConfig, EngineError, Level, LevelError};
pub use eval::{KING, MAN, evaluate};
pub use search::{Budget, MAX_DEPTH, Score, SearchInfo};
