//! State shared by the REST routes, the gateway and the test-facing handle.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::Value;
use serenity::model::Permissions;
use serenity::model::id::{ApplicationId, ChannelId, GuildId, InteractionId, MessageId, UserId};
use tokio::sync::watch;

use crate::faults::Faults;
use crate::gateway::Gateway;
use crate::interactions::FakeUser;
use crate::limits::Limits;
use crate::nonce::Nonces;
use crate::payloads::{self, Channel};
use crate::recorder::Recorder;

/// Fixed facts about the stand-in's world.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    /// The bot token the stand-in accepts (without `Bot `).
    pub token: String,
    pub application_id: ApplicationId,
    /// The bot's user; its id equals the application id, as for every modern Discord app.
    pub bot: FakeUser,
    /// Owner of the application and of the test guild.
    pub owner: FakeUser,
    pub guild_id: GuildId,
    pub guild_name: String,
    /// The test guild's text channel.
    pub channel_id: ChannelId,
    /// `http://127.0.0.1:PORT`.
    pub base_url: String,
    /// `ws://127.0.0.1:PORT/gateway-ws`.
    pub gateway_url: String,
    /// Where the stand-in serves HTTPS as `discord.com`.
    pub tls_addr: std::net::SocketAddr,
    /// The certificate authority (PEM) that signed its certificate for `discord.com`.
    pub ca_pem: String,
}

/// An interaction dispatched by the stand-in.
#[derive(Clone, Debug)]
pub(crate) struct InteractionEntry {
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete, 5 modal submit.
    pub kind: u8,
    pub channel_id: ChannelId,
    /// The callback type it was answered with.
    pub acknowledged: Option<u64>,
    /// The message of the original response (or the clicked message after a type 6/7 answer).
    pub original: Option<MessageId>,
    /// For components: the message clicked.
    pub source_message: Option<MessageId>,
    /// Messages sent with this interaction's token (original and follow-ups).
    pub messages: Vec<MessageId>,
    /// When the gateway wrote its `INTERACTION_CREATE` (until then, when it was made).
    pub dispatched_at: Instant,
    /// Age added by the test (`age_interaction`, `expire_interaction_token`).
    pub aged: Duration,
}

impl InteractionEntry {
    /// Time since the dispatch, as Discord's clocks (answer window, token life) count it.
    pub(crate) fn age(&self) -> Duration {
        self.dispatched_at.elapsed().saturating_add(self.aged)
    }
}

/// Everything that changes while the stand-in runs.
#[derive(Debug)]
pub(crate) struct Store {
    pub users: HashMap<UserId, FakeUser>,
    pub channels: BTreeMap<ChannelId, Channel>,
    pub dm_channels: HashMap<UserId, ChannelId>,
    pub blocked_dms: HashSet<UserId>,
    /// Channels the bot can no longer see (403 Missing Access on every channel route).
    pub inaccessible_channels: HashSet<ChannelId>,
    /// Servers where the app is not installed (only members' user installs reach it there).
    pub guilds_without_bot: HashSet<GuildId>,
    /// Messages by id (ids increase with time, so this is creation order).
    pub messages: BTreeMap<MessageId, Value>,
    /// Nonces of recent messages, for `enforce_nonce`.
    pub nonces: Nonces,
    pub interactions: HashMap<InteractionId, InteractionEntry>,
    pub tokens: HashMap<String, InteractionId>,
    /// Registered commands: `None` global, `Some(guild)` guild commands.
    pub commands: HashMap<Option<GuildId>, Vec<Value>>,
    /// Command ids by (scope, name), kept stable across re-registration as Discord does.
    pub command_ids: HashMap<(Option<GuildId>, String), u64>,
    /// The bot's permissions in guild channels.
    pub bot_permissions: Permissions,
    /// Servers' `guild_locale` when not the default `en-US` (`set_guild_locale`).
    pub guild_locales: HashMap<GuildId, String>,
    /// The members the bot added to each thread (`PUT /channels/{thread}/thread-members/{user}`).
    pub thread_members: HashMap<ChannelId, BTreeSet<UserId>>,
    /// Users who are not members of a server (every known user is a member of every server
    /// unless listed here).
    pub not_members: HashSet<(GuildId, UserId)>,
    /// The guild's scheduled events by id, as Discord answers them.
    pub scheduled_events: BTreeMap<u64, Value>,
    /// The roles the test made (besides @everyone and the bot's own).
    pub roles: BTreeMap<serenity::model::id::RoleId, crate::roles::Role>,
    /// The position of the bot's own role (the highest role it holds).
    pub bot_role_position: u32,
    /// The roles members hold (given by the bot or the test).
    pub member_roles: HashMap<UserId, BTreeSet<serenity::model::id::RoleId>>,
}

/// Discord's epoch (2015-01-01) in Unix milliseconds.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// State shared by every part of the stand-in.
#[derive(Debug)]
pub(crate) struct Shared {
    pub config: Config,
    pub recorder: Recorder,
    pub faults: Faults,
    /// The buckets, the global limit and the storms of 429s.
    pub rate_limits: crate::rate_limits::RateLimits,
    /// The answer window, token life and nonce window.
    pub limits: Limits,
    pub gateway: Gateway,
    /// Where interactions go over HTTP instead of the gateway, if anywhere.
    pub endpoint: crate::endpoint::HttpInteractions,
    /// Sign-in with Discord (OAuth2): codes, tokens and who approves.
    pub oauth: crate::oauth::OAuth,
    /// Activities are enabled for the application (the developer portal's switch): without
    /// it, Discord refuses LAUNCH_ACTIVITY.
    pub activities: std::sync::atomic::AtomicBool,
    /// Flipped to `true` when the handle is dropped; gateway connections close on it.
    pub shutdown: watch::Sender<bool>,
    store: Mutex<Store>,
    last_snowflake: AtomicU64,
    wait_timeout_ms: AtomicU64,
    heartbeat_interval_ms: AtomicU64,
}

impl Shared {
    /// `last_snowflake` is the largest id already handed out (ids made while configuring).
    pub(crate) fn new(config: Config, store: Store, last_snowflake: u64) -> Self {
        Self {
            config,
            recorder: Recorder::new(),
            faults: Faults::default(),
            rate_limits: crate::rate_limits::RateLimits::default(),
            limits: Limits::default(),
            gateway: Gateway::new(),
            endpoint: crate::endpoint::HttpInteractions::default(),
            oauth: crate::oauth::OAuth::default(),
            activities: std::sync::atomic::AtomicBool::new(false),
            shutdown: watch::Sender::new(false),
            store: Mutex::new(store),
            last_snowflake: AtomicU64::new(last_snowflake),
            wait_timeout_ms: AtomicU64::new(10_000),
            // Discord's usual value.
            heartbeat_interval_ms: AtomicU64::new(41_250),
        }
    }

    /// Locks the store. Never held across an `.await`.
    pub(crate) fn store(&self) -> MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A fresh snowflake: current time since Discord's epoch in the high bits, strictly
    /// increasing.
    pub(crate) fn snowflake(&self) -> u64 {
        next_snowflake(&self.last_snowflake)
    }

    pub(crate) fn wait_timeout(&self) -> Duration {
        Duration::from_millis(self.wait_timeout_ms.load(Ordering::Relaxed))
    }

    pub(crate) fn set_wait_timeout(&self, limit: Duration) {
        let millis = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
        self.wait_timeout_ms.store(millis, Ordering::Relaxed);
    }

    /// The heartbeat interval to announce in HELLO, in milliseconds.
    pub(crate) fn heartbeat_interval_ms(&self) -> u64 {
        self.heartbeat_interval_ms.load(Ordering::Relaxed)
    }

    pub(crate) fn set_heartbeat_interval(&self, interval: Duration) {
        let millis = u64::try_from(interval.as_millis())
            .unwrap_or(u64::MAX)
            .max(1);
        self.heartbeat_interval_ms.store(millis, Ordering::Relaxed);
    }

    /// Starts an interaction's clocks: the gateway is writing its `INTERACTION_CREATE` now.
    pub(crate) fn mark_dispatched(&self, interaction: InteractionId) {
        if let Some(entry) = self.store().interactions.get_mut(&interaction) {
            entry.dispatched_at = Instant::now();
        }
    }

    /// GUILD_CREATE data for the test guild as it is now.
    pub(crate) fn guild_create(&self) -> Value {
        let config = &self.config;
        let store = self.store();
        let in_guild = store
            .channels
            .values()
            .filter(|c| c.guild_id() == Some(config.guild_id));
        let (threads, channels): (Vec<&Channel>, Vec<&Channel>) =
            in_guild.partition(|c| matches!(c, Channel::Thread(_)));
        let channels: Vec<Value> = channels.iter().map(|c| c.to_json()).collect();
        let threads: Vec<Value> = threads
            .iter()
            .filter(|c| matches!(c, Channel::Thread(t) if !t.archived))
            .map(|c| c.to_json())
            .collect();
        payloads::guild_create(
            config.guild_id,
            &config.guild_name,
            &config.owner,
            &config.bot,
            &channels,
            &threads,
        )
    }
}

/// A new snowflake greater than `last`, which it then becomes.
pub(crate) fn next_snowflake(last: &AtomicU64) -> u64 {
    let now_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    let from_time = now_ms.saturating_sub(DISCORD_EPOCH_MS) << 22;
    let mut current = last.load(Ordering::Relaxed);
    loop {
        let next = from_time.max(current + 1);
        match last.compare_exchange_weak(current, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return next,
            Err(actual) => current = actual,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snowflakes_increase_and_encode_the_time() {
        let last = AtomicU64::new(0);
        let a = next_snowflake(&last);
        let b = next_snowflake(&last);
        assert!(b > a);
        // Created after 2024: the timestamp part is past 2024-01-01.
        let ms = (a >> 22) + DISCORD_EPOCH_MS;
        assert!(ms > 1_704_067_200_000, "{ms}");
    }
}
