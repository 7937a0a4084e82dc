//! The dama Discord bot: the serenity adapter ([`discord`]) over the game service of the
//! `dama-service` crate, and the configuration the binary reads ([`config`]). The adapter
//! translates: every decision about a game or the product is the service's.

pub mod config;
pub mod discord;
pub mod operator;
pub mod web;
