//! End-to-end test support for dama: a local stand-in for Discord.
//!
//! [`FakeDiscord::start`] serves Discord's REST API (`/api/v10/…`) and a gateway WebSocket on one
//! `127.0.0.1` port, so the real serenity-based bot can run against it:
//!
//! ```no_run
//! # async fn example() -> Result<(), Box<dyn std::error::Error>> {
//! use dama_tests::{FakeDiscord, SlashCommand};
//! use serenity::all::GatewayIntents;
//!
//! let discord = FakeDiscord::start().await?;
//! // What the bot does: HttpBuilder::new(token).proxy(base_url).ratelimiter_disabled(true),
//! // then ClientBuilder::new_with_http(http, intents).
//! let mut client = discord.client_builder(GatewayIntents::GUILDS).await?;
//! tokio::spawn(async move { client.start().await });
//! discord.wait_for_ready().await?;
//!
//! let alice = discord.user("alice");
//! let id = discord.dispatch_slash_command(
//!     &discord.in_guild(&alice),
//!     &SlashCommand::new("dama").subcommand("play").option("opponent", &discord.user("bob")),
//! );
//! let reply = discord.wait_for_interaction_response(id).await?;
//! assert_eq!(reply.callback_type(), Some(4));
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
//! - [`faults`]: injected failures (429 with `Retry-After`, 5xx).
//! - [`interactions`]: users, origins and slash commands as tests describe them.
//!
//! Set `RUST_LOG=dama_tests=debug` (with a `tracing` subscriber installed) to see every request
//! and dispatch; refused requests and unknown routes are logged at `warn` level.

// `json!` of a whole guild object nests deeper than the default limit allows.
#![recursion_limit = "256"]

pub mod discord;
pub mod faults;
mod gateway;
pub mod interactions;
mod payloads;
pub mod recorder;
mod rest;
mod state;

pub use discord::FakeDiscord;
pub use faults::Fault;
pub use gateway::GatewayStatus;
pub use interactions::{
    DispatchError, FakeUser, Focused, OptionValue, Origin, SlashCommand, bot_permissions,
    member_permissions,
};
pub use payloads::ATTACHMENT_SIZE_LIMIT;
pub use recorder::{EPHEMERAL, Recorded, RecordedFile, WaitTimeout};
