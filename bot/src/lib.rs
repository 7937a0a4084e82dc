//! The dama Discord bot: the serenity adapter ([`discord`]) over the game service of the
//! `dama-service` crate, and the configuration the binary reads ([`config`]).
//!
//! The service's modules are re-exported here under their own names, so the adapter and its
//! tests speak of `dama_bot::service::GameService` as before the split; the service crate itself
//! has no Discord type and no renderer in it.

pub use dama_service::{clock, coin, ids, model, rating, service, store, tournament};

pub mod config;
pub mod discord;
