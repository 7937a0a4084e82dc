//! A search engine for Turkish draughts (Dama), built on [`dama_rules`].
//!
//! - [`Engine`] plays a [`Game`](dama_rules::Game) at one of five [`Level`]s, deterministically
//!   for a given seed and node budget: it returns a [`Decision`] (a move, possibly with a draw
//!   offer, or a resignation) and answers draw offers.
//! - The search behind it: iterative-deepening alpha-beta with a transposition table (Zobrist
//!   hashing), captures, killer and history moves first, and a quiescence search over the
//!   compulsory captures; see [`Budget`] and [`SearchInfo`].
//! - [`evaluate`] is its judgement of a quiet position: weighted features, the weights learnt
//!   from self-play games with [`texel`] (the `dama-tune` binary).
//! - [`protocol`] is the line protocol that the `dama-engine` binary speaks; [`arena`] plays
//!   matches between configurations, as the `dama-match` binary does.
//! - [`review`] goes through a played game and classifies every move by what it lost.
//! - [`puzzle`] mines finished games for positions with one clearly best, winning line.
//! - [`tables`] holds the endgame tables: every position of up to four pieces solved exactly;
//!   an engine given them ([`Engine::with_tables`]) converts won endings by the quickest win and
//!   resigns or agrees to draws by them. The `dama-tables` binary builds them into a file.
//!
//! ```
//! use dama_engine::{Budget, Decision, Engine, EngineConfig, Level, Score};
//! use dama_rules::{Game, notation};
//!
//! // White gives a man (d4-d5), Black must take it (c5xe5), and e4xe6xe8 takes Black's last two.
//! let pos = "8/4b3/8/2b5/3ww3/4w3/8/8 w".parse().unwrap();
//! let game = Game::from_position(pos);
//! let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
//! let Decision::Play { mv, info, .. } = engine.choose(&game, Budget::nodes(10_000)).unwrap() else {
//!     panic!("a winning side does not resign");
//! };
//! assert_eq!(mv, notation::resolve_str(&pos, "d4-d5").unwrap());
//! assert_eq!(info.score, Score::Win(3));
//! ```

mod engine;
mod eval;
mod rng;
mod search;
mod tt;
mod zobrist;

pub mod arena;
pub mod protocol;
pub mod puzzle;
pub mod review;
pub mod tables;
pub mod texel;

pub use engine::{Decision, Engine, EngineConfig, EngineError, Level, LevelError, think_time};
pub use eval::{FEATURE_NAMES, FEATURES, Features, KING, MAN, evaluate, features};
pub use search::{Budget, MAX_DEPTH, Score, SearchInfo, SearchShape, SearchShapeError};
