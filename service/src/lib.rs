//! The dama game service, with no Discord in it: challenges, correspondence games with
//! deadlines and vacations, draw offers and takebacks, the computer opponent, Glicko-2 ratings
//! leaderboards and tournaments, over SQLite or PostgreSQL.
//!
//! Layers: [`service::GameService`] owns every product rule and takes typed ids and values;
//! the private `store` owns all SQL, and only [`connect`] (open and migrate a database) and
//! the migrations are seen outside. The Discord adapter lives in the `dama-bot` crate, which
//! depends on this one; nothing here knows serenity or the renderer (the compiler keeps it so).

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
