//! The dama Discord bot. Its game service has no Discord in it: challenges, correspondence
//! games with deadlines and vacations, draw offers and takebacks, Glicko-2 ratings and
//! leaderboards, over a SQLite store.
//!
//! Layers: [`service::GameService`] owns every product rule and takes typed ids and values;
//! [`store`] owns all SQL. The Discord adapter, [`discord`], converts interactions to calls on
//! the service and results to replies; [`config`] reads the environment for the binary.

pub mod clock;
pub mod coin;
pub mod config;
pub mod discord;
pub mod ids;
pub mod model;
pub mod rating;
pub mod service;
pub mod store;
