//! End-to-end test support for dama: a local stand-in for Discord.
//!
//! [`FakeDiscord::start`] serves Discord's REST API (`/api/v10/…`) and a gateway WebSocket on one
//! `127.0.0.1` port, so the real serenity-based bot can run against it:
//!
//! ```
//! # #[tokio::main(flavor = "multi_thread", worker_threads = 2)]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use dama_bot::config::Config;
//! use dama_bot::{Bot, BotOptions};
//! use dama_service::service::{GameService, ServiceConfig};
//! use dama_tests::{FakeDiscord, SlashCommand};
//!
//! let discord = FakeDiscord::start().await?;
//! // The real bot, pointed at the stand-in as `DISCORD_API_BASE` does.
//! let dir = tempfile::tempdir()?;
//! let url = format!("sqlite://{}", dir.path().join("dama.db").display());
//! let (token, base) = (discord.token().to_owned(), discord.base_url().to_owned());
//! let config = Config::from_lookup(|key| match key {
//!     "DISCORD_TOKEN" => Some(token.clone()),
//!     "DISCORD_API_BASE" => Some(base.clone()),
//!     _ => None,
//! })?;
//! let service = GameService::new(dama_service::connect(&url).await?, ServiceConfig::default());
//! let bot = Bot::new(&config, service, BotOptions::default()).await?;
//! let shards = bot.shard_manager();
//! let running = tokio::spawn(bot.run());
//! discord.wait_for_ready().await?;
//!
//! // A member types `/dama rules`; the bot answers with a message only they see.
//! let alice = discord.user("alice");
//! let id = discord.dispatch_slash_command(
//!     &discord.in_guild(&alice),
//!     &SlashCommand::new("dama").subcommand("rules"),
//! );
//! let reply = discord.wait_for_interaction_response(id).await?;
//! assert_eq!(reply.callback_type(), Some(4));
//! assert!(reply.content().is_some_and(|text| text.contains("Dama")));
//! assert!(reply.is_ephemeral());
//!
//! shards.shutdown_all().await;
//! running.await??;
//! # Ok(())
//! # }
//! ```
//!
//! Modules, one per concern:
//! - [`discord`]: the [`FakeDiscord`] handle (start, wiring, dispatch, inspection, waiting).
//! - `gateway`: HELLO, IDENTIFY/RESUME, READY, heartbeats, dispatch sequencing.
//! - `rest`: the REST routes and the checks Discord makes (see its module docs).
//! - `payloads`: JSON in Discord's shapes, each checked against serenity's models in its tests.
//! - [`recorder`]: the recorded requests and waiting on them.
//! - [`eventually()`]: the tests' one way of waiting for something to happen.
//! - [`rate_limits`]: Discord's buckets and their headers, 429s past them (once enforcing) and
//!   storms of 429s on a path.
//! - `tls`: HTTPS as `discord.com` with a test certificate authority, for a client with
//!   serenity's rate limiter on ([`FakeDiscord::discord_client`]).
//! - [`faults`]: injected failures (429 with `Retry-After`, 5xx, outages until cleared, cut
//!   connections).
//! - `limits`: Discord's clocks (the 3 s answer window, the 15 min token life, the nonce
//!   window) and its upload limit (413, 40005 over 10 MiB, or the limit a test sets).
//! - `nonce`: message nonces and `enforce_nonce` deduplication.
//! - [`interactions`]: users, origins and slash commands as tests describe them.
//! - [`oauth`]: "Sign in with Discord" (OAuth2's authorize page, token exchange and
//!   `users/@me` for a bearer), approving for the user a test signs in.
//!
//! Set `RUST_LOG=dama_tests=debug` (with a `tracing` subscriber installed) to see every request
//! and dispatch; refused requests and unknown routes are logged at `warn` level.

// `json!` of a whole guild object nests deeper than the default limit allows.
#![recursion_limit = "256"]

pub mod activity;
pub mod discord;
pub mod endpoint;
mod eventually;
pub mod faults;
mod games;
mod gateway;
pub mod interactions;
mod limits;
mod nonce;
pub mod oauth;
mod payloads;
pub mod rate_limits;
pub mod recorder;
mod rest;
mod roles;
mod scheduled_events;
pub mod spec;
mod state;
mod tls;

pub use discord::FakeDiscord;
pub use eventually::{EVENTUALLY, Look, eventually};
pub use faults::{Cut, Fault};
pub use gateway::GatewayStatus;
pub use interactions::{
    DispatchError, FakeUser, Focused, OptionValue, Origin, SlashCommand, bot_permissions,
    member_permissions,
};
pub use limits::{INTERACTION_DEADLINE, INTERACTION_TOKEN_LIFETIME, NONCE_WINDOW};
pub use nonce::MAX_NONCE_LENGTH;
pub use payloads::ATTACHMENT_SIZE_LIMIT;
pub use rate_limits::{Scope, Storm};
pub use recorder::{
    EPHEMERAL, GlobalRate, Recorded, RecordedFile, WaitTimeout, global_rate, most_channel_writes,
};
pub use tls::DISCORD_HOST;
