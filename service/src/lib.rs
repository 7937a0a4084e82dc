//! The dama game service, with no Discord in it: challenges, correspondence and live games
//! with deadlines, clocks and vacations, draw offers and takebacks, conditional moves, the
//! computer opponent and its evaluations, Glicko-2 ratings, leaderboards and seasons,
//! tournaments, puzzles, reviews and a server's community pages, over SQLite or PostgreSQL.
//!
//! Layers: [`service::GameService`] owns every product rule and takes typed ids and values;
//! the private `store` owns all SQL, and only [`connect`] (open and migrate a database) and
//! the migrations are seen outside; [`model`] is the vocabulary the faces share (the engine's
//! `Level` and a review's words included, so that no face needs the engine). The two faces,
//! `dama-discord` and `dama-web`, depend on this crate and decide nothing of their own; nothing
//! here knows serenity or the renderer (the compiler keeps it so).
//!
//! The decisions a face might be tempted to make are here, each in its module of [`service`]:
//! the computer's evaluation of a finished game's own positions, within each member's bounds
//! ([`GameService::evaluate`](service::GameService::evaluate)); who may solve a server's
//! puzzle ([`GameService::start_puzzle_away`](service::GameService::start_puzzle_away)); the
//! conditional line's position, checked in its write
//! ([`GameService::set_conditional`](service::GameService::set_conditional)); the reader's
//! language ([`Languages`](service::Languages)); whom a notice pings and concerns, and whether
//! its board keeps its controls ([`GameService::game_notice`](service::GameService::game_notice));
//! whether a server's community pages are on
//! ([`GameService::community`](service::GameService::community)); and what a side may do now
//! ([`Capabilities`](service::Capabilities)).

pub mod clock;
pub mod coin;
pub mod ids;
pub mod links;
pub mod model;
pub mod rating;
pub mod service;
mod store;
pub mod tournament;

pub use store::{
    Backend, ConnectError, DEFAULT_DATABASE_URL, DatabaseReport, MIGRATOR, OperatorError,
    POSTGRES_MIGRATOR, Pool, Restored, backup, connect, inspect, probe_directory, restore,
};
