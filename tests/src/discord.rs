//! [`FakeDiscord`]: the handle a test holds: start, wire serenity, dispatch, inspect, wait.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use serde_json::{Value, json};
use serenity::all::GatewayIntents;
use serenity::client::ClientBuilder;
use serenity::http::{Http, HttpBuilder};
use serenity::model::Permissions;
use serenity::model::id::{ApplicationId, ChannelId, GuildId, InteractionId, MessageId, UserId};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tracing::{info, warn};

use crate::faults::{Cut, Fault};
use crate::gateway::{self, GatewayStatus, Outgoing};
use crate::interactions::{DispatchError, FakeUser, Origin, SlashCommand, bot_permissions};
use crate::payloads::{Channel, CommandData, DEFAULT_GUILD_LOCALE, InteractionEnvelope};
use crate::rate_limits::{Scope, Storm};
use crate::recorder::{Recorded, WaitTimeout};
use crate::state::{Config, InteractionEntry, Shared, Store, next_snowflake};
use crate::tls::{DISCORD_HOST, Identity, TlsListener};
use crate::{oauth, rest};

/// Path of the gateway WebSocket on the stand-in's port.
const GATEWAY_PATH: &str = "/gateway-ws";
/// Largest request body accepted (Discord's own limit is lower and checked per route).
const BODY_LIMIT: usize = 64 * 1024 * 1024;

/// A local stand-in for Discord: REST API and gateway on one `127.0.0.1` port.
///
/// Dropping it stops the server and closes gateway connections.
#[derive(Debug)]
pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        self.shared.shutdown.send_replace(true);
    }
}

impl FakeDiscord {
    /// Binds `127.0.0.1:0` and serves REST and the gateway there.
    ///
    /// The world it starts with: the bot (whose user id is the application id), an owner user,
    /// one guild with one text channel (`#general`).
    ///
    /// # Errors
    /// When the port cannot be bound.
    pub async fn start() -> std::io::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let address = listener.local_addr()?;
        let identity = Identity::new()?;
        let tls_listener = TcpListener::bind("127.0.0.1:0").await?;
        let tls_addr = tls_listener.local_addr()?;
        let base_url = format!("http://{address}");
        let ids = AtomicU64::new(0);
        let application_id = next_snowflake(&ids);
        let bot = FakeUser {
            bot: true,
            ..FakeUser::new(UserId::new(application_id), "dama")
        };
        let owner = FakeUser::new(UserId::new(next_snowflake(&ids)), "owner");
        let guild_id = GuildId::new(next_snowflake(&ids));
        let general = Channel::Text {
            id: ChannelId::new(next_snowflake(&ids)),
            guild_id,
            name: "general".to_owned(),
            topic: None,
        };
        let config = Config {
            token: format!("fake.{application_id}.token"),
            application_id: ApplicationId::new(application_id),
            bot: bot.clone(),
            owner: owner.clone(),
            guild_id,
            guild_name: "dama test guild".to_owned(),
            channel_id: general.id(),
            gateway_url: format!("ws://{address}{GATEWAY_PATH}"),
            base_url,
            tls_addr,
            ca_pem: identity.ca_pem.clone(),
        };
        let store = Store {
            users: [(bot.id, bot), (owner.id, owner)].into_iter().collect(),
            channels: [(general.id(), general)].into_iter().collect(),
            dm_channels: Default::default(),
            blocked_dms: Default::default(),
            inaccessible_channels: Default::default(),
            guilds_without_bot: Default::default(),
            messages: Default::default(),
            interactions: Default::default(),
            nonces: Default::default(),
            tokens: Default::default(),
            commands: Default::default(),
            command_ids: Default::default(),
            bot_permissions: bot_permissions(),
            guild_locales: Default::default(),
            thread_members: Default::default(),
            not_members: Default::default(),
            scheduled_events: Default::default(),
            roles: Default::default(),
            bot_role_position: 10,
            member_roles: Default::default(),
        };
        let shared = Arc::new(Shared::new(config, store, ids.into_inner()));
        let app = Router::new()
            .route(GATEWAY_PATH, get(gateway::upgrade))
            .route("/oauth2/authorize", get(oauth::authorize))
            .route("/api/v10/oauth2/token", post(oauth::token))
            .route("/api/v10/users/@me", get(oauth::me))
            .fallback(rest::handle)
            .layer(DefaultBodyLimit::max(BODY_LIMIT))
            .with_state(Arc::clone(&shared));
        // Without TCP_NODELAY, a dispatch written right after another waits for the client's
        // delayed ACK (up to 40 ms on Linux): a delay real Discord does not add.
        let listener = listener.tap_io(|tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                warn!("fake discord: cannot set TCP_NODELAY: {e}");
            }
        });
        let tls = TlsListener::new(tls_listener, &identity)?;
        let tls_app = app.clone();
        let server = tokio::spawn(async move {
            // The same routes as `discord.com` over HTTPS, for a client that goes there.
            let tls = async move {
                if let Err(e) = axum::serve(tls, tls_app).await {
                    warn!("fake discord: TLS server stopped: {e}");
                }
            };
            let plain = async move {
                if let Err(e) = axum::serve(listener, app).await {
                    warn!("fake discord: server stopped: {e}");
                }
            };
            tokio::join!(plain, tls);
        });
        info!("fake discord: listening on {address}, and as {DISCORD_HOST} on {tls_addr}");
        Ok(Self { shared, server })
    }

    // -----------------------------------------------------------------------------------------
    // Wiring

    /// `http://127.0.0.1:PORT`: the proxy to give serenity's `HttpBuilder`.
    #[must_use]
    pub fn base_url(&self) -> &str {
        &self.shared.config.base_url
    }

    /// `ws://127.0.0.1:PORT/gateway-ws`, the URL `GET /api/v10/gateway` answers.
    #[must_use]
    pub fn gateway_url(&self) -> &str {
        &self.shared.config.gateway_url
    }

    /// The bot token the stand-in accepts (REST `Authorization: Bot …` and IDENTIFY).
    #[must_use]
    pub fn token(&self) -> &str {
        &self.shared.config.token
    }

    /// The application id (equal to the bot's user id).
    #[must_use]
    pub fn application_id(&self) -> ApplicationId {
        self.shared.config.application_id
    }

    /// The bot's user id.
    #[must_use]
    pub fn bot_user_id(&self) -> UserId {
        self.shared.config.bot.id
    }

    /// The bot's user.
    #[must_use]
    pub fn bot_user(&self) -> FakeUser {
        self.shared.config.bot.clone()
    }

    /// The owner of the application and of the test guild.
    #[must_use]
    pub fn owner(&self) -> FakeUser {
        self.shared.config.owner.clone()
    }

    /// The test guild.
    #[must_use]
    pub fn guild_id(&self) -> GuildId {
        self.shared.config.guild_id
    }

    /// The test guild's `#general` text channel.
    #[must_use]
    pub fn channel_id(&self) -> ChannelId {
        self.shared.config.channel_id
    }

    /// An `Http` wired to the stand-in as `DISCORD.md` says: the token, the proxy, the rate
    /// limiter disabled (it would ignore the proxy), and the application id.
    #[must_use]
    pub fn http(&self) -> Http {
        HttpBuilder::new(self.token())
            .proxy(self.base_url())
            .ratelimiter_disabled(true)
            .application_id(self.application_id())
            .build()
    }

    /// A client that reaches the stand-in as Discord itself: `discord.com` resolves to the
    /// stand-in's HTTPS port, whose certificate it trusts (and no other authority). Give it to
    /// serenity's `HttpBuilder::client` with the rate limiter on and no proxy: serenity's URLs
    /// (`https://discord.com/api/v10/…`) then come here, as in production they go to Discord.
    ///
    /// # Panics
    /// When reqwest cannot build a client (no TLS backend), which the tests' build rules out.
    #[must_use]
    pub fn discord_client(&self) -> reqwest::Client {
        let authority = reqwest::Certificate::from_pem(self.shared.config.ca_pem.as_bytes())
            .expect("the stand-in's authority is valid PEM");
        reqwest::Client::builder()
            .use_rustls_tls()
            .tls_built_in_root_certs(false)
            .add_root_certificate(authority)
            .resolve(DISCORD_HOST, self.shared.config.tls_addr)
            .build()
            .expect("a TLS client")
    }

    /// `127.0.0.1:PORT` where the stand-in serves HTTPS as `discord.com`.
    #[must_use]
    pub fn discord_addr(&self) -> std::net::SocketAddr {
        self.shared.config.tls_addr
    }

    /// An `Http` as production builds it, with serenity's rate limiter on, reaching the
    /// stand-in through [`discord_client`](Self::discord_client).
    #[must_use]
    pub fn http_as_discord(&self) -> Http {
        HttpBuilder::new(self.token())
            .client(self.discord_client())
            .application_id(self.application_id())
            .build()
    }

    /// A serenity `ClientBuilder` using [`http`](Self::http), ready for `.event_handler(…)`.
    pub fn client_builder(&self, intents: GatewayIntents) -> ClientBuilder {
        ClientBuilder::new_with_http(self.http(), intents)
    }

    // -----------------------------------------------------------------------------------------
    // The world

    /// A new human user with a fresh id.
    #[must_use]
    pub fn user(&self, name: &str) -> FakeUser {
        let user = FakeUser::new(UserId::new(self.shared.snowflake()), name);
        self.shared.store().users.insert(user.id, user.clone());
        user
    }

    /// New human users named `names`, in that order (`let [alice, bob] = discord.users([…])`).
    #[must_use]
    pub fn users<const N: usize>(&self, names: [&str; N]) -> [FakeUser; N] {
        names.map(|name| self.user(name))
    }

    /// Adds a text channel to the test guild (seen in GUILD_CREATE of later connections).
    #[must_use]
    pub fn add_text_channel(&self, name: &str) -> ChannelId {
        let id = ChannelId::new(self.shared.snowflake());
        let channel = Channel::Text {
            id,
            guild_id: self.guild_id(),
            name: name.to_owned(),
            topic: None,
        };
        self.shared.store().channels.insert(id, channel);
        id
    }

    /// Another guild the bot is in, with its own `#general` text channel, returned with it:
    /// interactions from that channel carry the new guild's id. (Its GUILD_CREATE is not sent;
    /// the bot relies on none.)
    #[must_use]
    pub fn add_guild(&self) -> (GuildId, ChannelId) {
        let guild_id = GuildId::new(self.shared.snowflake());
        let id = ChannelId::new(self.shared.snowflake());
        let channel = Channel::Text {
            id,
            guild_id,
            name: "general".to_owned(),
            topic: None,
        };
        self.shared.store().channels.insert(id, channel);
        (guild_id, id)
    }

    /// A server the bot is not in, reached through members' user installs of the app, with
    /// its `#general` text channel, returned with it. Interactions from it carry only the
    /// acting member's user install; every request of the bot to the channel is refused with
    /// 403 `Missing Access` (50001).
    #[must_use]
    pub fn add_guild_without_bot(&self) -> (GuildId, ChannelId) {
        let (guild, channel) = self.add_guild();
        let mut store = self.shared.store();
        store.guilds_without_bot.insert(guild);
        store.inaccessible_channels.insert(channel);
        (guild, channel)
    }

    /// A group DM among `people`, which the bot is not in: interactions from it come through
    /// the actor's user install (context 2), and the bot's own requests to the channel are
    /// refused with 403 `Missing Access` (50001). Answers to interactions still work there.
    #[must_use]
    pub fn add_group_dm(&self, people: &[&FakeUser]) -> ChannelId {
        let id = ChannelId::new(self.shared.snowflake());
        let channel = Channel::GroupDm {
            id,
            recipients: people.iter().map(|&p| p.clone()).collect(),
        };
        let mut store = self.shared.store();
        for person in people {
            store
                .users
                .entry(person.id)
                .or_insert_with(|| (*person).clone());
        }
        store.channels.insert(id, channel);
        store.inaccessible_channels.insert(id);
        id
    }

    /// The DM channel between the bot and `user` (the one `POST /users/@me/channels` returns).
    #[must_use]
    pub fn dm_channel_id(&self, user: &FakeUser) -> ChannelId {
        let mut store = self.shared.store();
        store.users.entry(user.id).or_insert_with(|| user.clone());
        rest::dm_channel(&self.shared, &mut store, user.id).id()
    }

    /// `user` acting in the test guild's `#general`.
    #[must_use]
    pub fn in_guild(&self, user: &FakeUser) -> Origin {
        Origin::new(user, self.channel_id())
    }

    /// `user` acting in `channel` (a guild channel, thread or DM channel).
    #[must_use]
    pub fn in_channel(&self, user: &FakeUser, channel: ChannelId) -> Origin {
        Origin::new(user, channel)
    }

    /// `user` acting in their DM with the bot.
    #[must_use]
    pub fn in_dm(&self, user: &FakeUser) -> Origin {
        Origin::new(user, self.dm_channel_id(user))
    }

    /// Sets the `guild_locale` that interactions from `guild` carry (the server's language:
    /// `tr`, `es-ES`, …); `en-US` until set.
    pub fn set_guild_locale(&self, guild: GuildId, locale: &str) {
        self.shared
            .store()
            .guild_locales
            .insert(guild, locale.to_owned());
    }

    /// Sets the bot's permissions in guild channels (checked when it posts messages or creates
    /// threads, and sent as `app_permissions`).
    pub fn set_bot_permissions(&self, permissions: Permissions) {
        self.shared.store().bot_permissions = permissions;
    }

    /// Makes DMs to `user` fail with 403, code 50007, as for a user who closed their DMs.
    ///
    /// Posting in the DM channel is refused; opening it (`POST /users/@me/channels`) still
    /// succeeds, as on Discord, where only sending fails.
    pub fn block_dms(&self, user: UserId) {
        self.shared.store().blocked_dms.insert(user);
    }

    /// Undoes [`block_dms`](Self::block_dms): `user` accepts DMs again.
    pub fn unblock_dms(&self, user: UserId) {
        self.shared.store().blocked_dms.remove(&user);
    }

    /// Makes `channel` inaccessible to the bot (`accessible: false`) or accessible again.
    ///
    /// While inaccessible, every `/channels/{channel}/…` request (posting, reading, editing,
    /// opening threads) is answered 403 `Missing Access` (50001), as when the bot lost
    /// `VIEW_CHANNEL` or was removed from a private thread. Interaction answers and follow-ups
    /// in the channel still work: they go through the interaction, not the channel.
    pub fn set_channel_accessible(&self, channel: ChannelId, accessible: bool) {
        let mut store = self.shared.store();
        if accessible {
            store.inaccessible_channels.remove(&channel);
        } else {
            store.inaccessible_channels.insert(channel);
        }
    }

    /// Deletes `channel` (and, for a text channel, its threads), as a moderator would; returns
    /// whether it existed.
    ///
    /// Later requests to it are answered 404 `Unknown Channel` (10003), and the gateway sends
    /// `CHANNEL_DELETE` (`THREAD_DELETE` for a thread). Its messages stay visible to
    /// [`messages_in`](Self::messages_in), so a test can still see what was posted before.
    pub fn delete_channel(&self, channel: ChannelId) -> bool {
        let deleted: Vec<Channel> = {
            let mut store = self.shared.store();
            let Some(removed) = store.channels.remove(&channel) else {
                return false;
            };
            let threads: Vec<ChannelId> = store
                .channels
                .values()
                .filter(|c| matches!(c, Channel::Thread(t) if t.parent_id == channel))
                .map(Channel::id)
                .collect();
            let mut deleted = vec![removed];
            deleted.extend(threads.iter().filter_map(|t| store.channels.remove(t)));
            store.dm_channels.retain(|_, dm| *dm != channel);
            deleted
        };
        for (event, data) in deleted.iter().filter_map(Channel::delete_event) {
            self.dispatch_event(event, data);
        }
        true
    }

    /// Sets how long the `wait_for_*` helpers wait (default 10 s).
    pub fn set_wait_timeout(&self, limit: Duration) {
        self.shared.set_wait_timeout(limit);
    }

    /// Sets the heartbeat interval announced in HELLO to later connections (default 41.25 s,
    /// Discord's); a short one makes heartbeats and their acks observable in a test.
    pub fn set_heartbeat_interval(&self, interval: Duration) {
        self.shared.set_heartbeat_interval(interval);
    }

    // -----------------------------------------------------------------------------------------
    // Discord's clocks

    /// Sets how long after its dispatch an interaction may get its first answer (default 3 s,
    /// [`INTERACTION_DEADLINE`](crate::INTERACTION_DEADLINE)); a later first callback is refused
    /// with 404 `Unknown interaction` (10062). The clock starts when the gateway writes the
    /// `INTERACTION_CREATE`.
    pub fn set_interaction_deadline(&self, deadline: Duration) {
        self.shared.limits.set_interaction_deadline(deadline);
    }

    /// Sets how long an interaction token lives (default 15 min,
    /// [`INTERACTION_TOKEN_LIFETIME`](crate::INTERACTION_TOKEN_LIFETIME)); later requests
    /// through its webhook (follow-ups, original response edits and deletes) are refused with
    /// 401 `Invalid Webhook Token` (50027).
    pub fn set_interaction_token_lifetime(&self, lifetime: Duration) {
        self.shared.limits.set_token_lifetime(lifetime);
    }

    /// Makes `interaction` older by `by`, as if that much more time had passed since its
    /// dispatch (e.g. 4 s: past the answer window, token still alive). Returns whether the
    /// interaction is known.
    pub fn age_interaction(&self, interaction: InteractionId, by: Duration) -> bool {
        match self.shared.store().interactions.get_mut(&interaction) {
            Some(entry) => {
                entry.aged = entry.aged.saturating_add(by);
                true
            }
            None => false,
        }
    }

    /// How old `interaction` is as Discord's clocks count it (its answer window, its token's
    /// life): the time since the gateway sent it (while queued, since it was made), with any
    /// age a test added. `None` for an unknown interaction.
    #[must_use]
    pub fn interaction_age(&self, interaction: InteractionId) -> Option<Duration> {
        self.shared
            .store()
            .interactions
            .get(&interaction)
            .map(InteractionEntry::age)
    }

    /// Makes `interaction`'s token expire now, as if 15 minutes had passed: its webhook
    /// requests get 401 (50027), a first answer 404 (10062). Returns whether the interaction is
    /// known.
    pub fn expire_interaction_token(&self, interaction: InteractionId) -> bool {
        self.age_interaction(interaction, Duration::MAX)
    }

    /// Sets how long a message nonce is remembered for `enforce_nonce` (default 5 min,
    /// [`NONCE_WINDOW`](crate::NONCE_WINDOW); Discord says "the past few minutes").
    pub fn set_nonce_window(&self, window: Duration) {
        self.shared.limits.set_nonce_window(window);
    }

    // -----------------------------------------------------------------------------------------
    // Discord's upload limit

    /// Sets the largest upload accepted: the bytes of all the files of one request (default
    /// 10 MiB, [`ATTACHMENT_SIZE_LIMIT`](crate::ATTACHMENT_SIZE_LIMIT)). A message, interaction
    /// callback, follow-up or edit carrying more is refused with 413 `Request entity too large`
    /// (40005) and has no effect. Interactions dispatched afterwards carry the new limit as
    /// their `attachment_size_limit`.
    pub fn set_upload_limit(&self, bytes: usize) {
        self.shared.limits.set_upload_limit(bytes);
    }

    // -----------------------------------------------------------------------------------------
    // Gateway

    /// Sends a raw dispatch (op 0) with event name `event` and data `data`; queued until a
    /// session is ready.
    pub fn dispatch_event(&self, event: &str, data: Value) {
        self.shared.gateway.send(Outgoing::Dispatch {
            event: event.to_owned(),
            data,
        });
    }

    /// Asks the connected client to reconnect (op 7); serenity then resumes.
    pub fn request_reconnect(&self) {
        self.shared.gateway.send(Outgoing::Reconnect);
    }

    /// Closes the client's connection with close code `code`, the session left resumable:
    /// with 4000 (`Unknown error`), as Discord may at any time, serenity reconnects and
    /// resumes.
    pub fn close_gateway(&self, code: u16) {
        self.shared.gateway.send(Outgoing::Close(code));
    }

    /// Invalidates the session (op 9, not resumable); the client must identify again.
    pub fn invalidate_session(&self) {
        self.shared.gateway.send(Outgoing::InvalidSession);
    }

    /// Puts the gateway out of reach, as an outage of Discord or of the network would: the
    /// bot's connection is dropped and its attempts to connect again are refused, until
    /// `set_gateway_reachable(true)`.
    pub fn set_gateway_reachable(&self, reachable: bool) {
        self.shared.gateway.set_unreachable(!reachable);
    }

    /// What the gateway has seen: connections, the IDENTIFY payload, READYs, heartbeats, seq.
    #[must_use]
    pub fn gateway_status(&self) -> GatewayStatus {
        self.shared.gateway.status()
    }

    /// Waits until a READY has been sent.
    ///
    /// # Errors
    /// When none is sent within the wait timeout.
    pub async fn wait_for_ready(&self) -> Result<GatewayStatus, WaitTimeout> {
        self.wait_for_gateway("a READY dispatch", |s| s.readies > 0)
            .await
    }

    /// Waits until the gateway status satisfies `predicate`.
    ///
    /// # Errors
    /// When it does not within the wait timeout.
    pub async fn wait_for_gateway(
        &self,
        what: &str,
        mut predicate: impl FnMut(&GatewayStatus) -> bool,
    ) -> Result<GatewayStatus, WaitTimeout> {
        let limit = self.shared.wait_timeout();
        let mut status = self.shared.gateway.subscribe();
        let wait = status.wait_for(|s| predicate(s));
        match tokio::time::timeout(limit, wait).await {
            Ok(Ok(found)) => Ok(found.clone()),
            Ok(Err(_)) | Err(_) => Err(WaitTimeout {
                what: format!("{what} (gateway: {:?})", self.gateway_status()),
                waited: limit,
                recorded: self.shared.recorder.summary(),
            }),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Interactions

    /// Dispatches a slash command (interaction type 2) and returns its id.
    pub fn dispatch_slash_command(&self, origin: &Origin, command: &SlashCommand) -> InteractionId {
        self.dispatch_command(2, origin, command)
    }

    /// Dispatches an autocomplete interaction (type 4) for `command`, whose focused option
    /// (see [`SlashCommand::focused`]) is the one being typed, and returns its id.
    pub fn dispatch_autocomplete(&self, origin: &Origin, command: &SlashCommand) -> InteractionId {
        if command.focused.is_none() {
            warn!(
                "fake discord: autocomplete for /{} without a focused option",
                command.name
            );
        }
        self.dispatch_command(4, origin, command)
    }

    /// Dispatches a click on button `custom_id` of message `message` (created through the
    /// stand-in), from `origin`'s user in the message's channel.
    ///
    /// # Errors
    /// When Discord could not send such a click: unknown message, no such button, disabled.
    pub fn dispatch_button(
        &self,
        origin: &Origin,
        message: MessageId,
        custom_id: &str,
    ) -> Result<InteractionId, DispatchError> {
        self.dispatch_component(origin, message, custom_id, None)
    }

    /// Dispatches a choice of `values` in string select `custom_id` of message `message`.
    ///
    /// # Errors
    /// When Discord could not send it: unknown message or select, disabled, values that are not
    /// options or whose count is outside `min_values..=max_values`.
    pub fn dispatch_select(
        &self,
        origin: &Origin,
        message: MessageId,
        custom_id: &str,
        values: &[&str],
    ) -> Result<InteractionId, DispatchError> {
        self.dispatch_component(origin, message, custom_id, Some(values))
    }

    /// Dispatches a modal submit (type 5) with text inputs `(custom_id, value)`.
    pub fn dispatch_modal_submit(
        &self,
        origin: &Origin,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> InteractionId {
        let rows: Vec<Value> = fields
            .iter()
            .map(|(id, value)| {
                json!({"type": 1, "components": [{"type": 4, "custom_id": id, "value": value}]})
            })
            .collect();
        let data = json!({"custom_id": custom_id, "components": rows});
        let channel = self.channel_or_register(origin.channel_id);
        self.dispatch_interaction(5, origin, &channel, data, None)
    }

    fn channel_or_register(&self, id: ChannelId) -> Channel {
        let mut store = self.shared.store();
        if let Some(channel) = store.channels.get(&id) {
            return channel.clone();
        }
        warn!("fake discord: channel {id} is unknown; adding it as a text channel of the guild");
        let channel = Channel::Text {
            id,
            guild_id: self.guild_id(),
            name: format!("channel-{id}"),
            topic: None,
        };
        store.channels.insert(id, channel.clone());
        channel
    }

    fn dispatch_command(&self, kind: u8, origin: &Origin, command: &SlashCommand) -> InteractionId {
        let channel = self.channel_or_register(origin.channel_id);
        let data = {
            let store = self.shared.store();
            let guild = channel.guild_id();
            let registered = store
                .command_ids
                .get(&(guild, command.name.clone()))
                .or_else(|| store.command_ids.get(&(None, command.name.clone())))
                .copied();
            let lookup = |id: ChannelId| store.channels.get(&id).cloned();
            CommandData {
                command_id: registered.unwrap_or_else(|| self.shared.snowflake()),
                command,
                guild_id: guild,
                channels: &lookup,
            }
            .to_json()
        };
        self.dispatch_interaction(kind, origin, &channel, data, None)
    }

    /// Dispatches a click on message `message` with a `custom_id` the message need not have:
    /// what a modified client could send. (Discord checks the component exists; a bot must not
    /// rely on it, since a custom id is only text.)
    ///
    /// # Errors
    /// When the message is unknown.
    pub fn dispatch_forged_button(
        &self,
        origin: &Origin,
        message_id: MessageId,
        custom_id: &str,
    ) -> Result<InteractionId, DispatchError> {
        let (message, channel) = self.message_and_channel(message_id)?;
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let origin = origin.clone().channel(channel.id());
        Ok(self.dispatch_interaction(3, &origin, &channel, data, Some(message)))
    }

    fn dispatch_component(
        &self,
        origin: &Origin,
        message_id: MessageId,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> Result<InteractionId, DispatchError> {
        let (message, channel) = self.message_and_channel(message_id)?;
        let component = find_component(&message, custom_id)
            .ok_or_else(|| DispatchError::UnknownComponent(custom_id.to_owned()))?;
        if component["disabled"].as_bool() == Some(true) {
            return Err(DispatchError::DisabledComponent(custom_id.to_owned()));
        }
        let found = component["type"].as_u64().unwrap_or(0);
        let expected = if values.is_some() { 3 } else { 2 };
        if found != expected {
            return Err(DispatchError::WrongComponentKind {
                custom_id: custom_id.to_owned(),
                found,
            });
        }
        let mut data = json!({"custom_id": custom_id, "component_type": found});
        if let Some(values) = values {
            check_select_values(component, values)?;
            data["values"] = json!(values);
        }
        let origin = origin.clone().channel(channel.id());
        Ok(self.dispatch_interaction(3, &origin, &channel, data, Some(message)))
    }

    /// Message `message_id` as stored, and the channel it is in.
    fn message_and_channel(
        &self,
        message_id: MessageId,
    ) -> Result<(Value, Channel), DispatchError> {
        let store = self.shared.store();
        let message = store
            .messages
            .get(&message_id)
            .cloned()
            .ok_or(DispatchError::UnknownMessage(message_id.get()))?;
        let channel = message["channel_id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .and_then(|id| store.channels.get(&ChannelId::new(id)))
            .cloned()
            .ok_or(DispatchError::UnknownMessage(message_id.get()))?;
        Ok((message, channel))
    }

    fn dispatch_interaction(
        &self,
        kind: u8,
        origin: &Origin,
        channel: &Channel,
        data: Value,
        message: Option<Value>,
    ) -> InteractionId {
        let id = InteractionId::new(self.shared.snowflake());
        let token = format!("fake-interaction.{id}.{}", self.shared.snowflake());
        let payload = {
            let mut store = self.shared.store();
            store
                .users
                .entry(origin.user.id)
                .or_insert_with(|| origin.user.clone());
            let source_message = message
                .as_ref()
                .and_then(|m| m["id"].as_str())
                .and_then(|id| id.parse::<u64>().ok())
                .map(MessageId::new);
            store.interactions.insert(
                id,
                InteractionEntry {
                    token: token.clone(),
                    kind,
                    channel_id: channel.id(),
                    acknowledged: None,
                    original: None,
                    source_message,
                    messages: Vec::new(),
                    dispatched_at: Instant::now(),
                    aged: Duration::ZERO,
                },
            );
            store.tokens.insert(token.clone(), id);
            InteractionEnvelope {
                id,
                application_id: self.application_id(),
                token: &token,
                origin,
                channel,
                app_permissions: store.bot_permissions,
                installed_here: match channel {
                    Channel::GroupDm { .. } => false,
                    _ => channel
                        .guild_id()
                        .is_none_or(|g| !store.guilds_without_bot.contains(&g)),
                },
                attachment_size_limit: self.shared.limits.upload_limit(),
                guild_locale: channel
                    .guild_id()
                    .and_then(|g| store.guild_locales.get(&g))
                    .map_or(DEFAULT_GUILD_LOCALE, String::as_str),
            }
            .to_json(kind, data, message)
        };
        match self.shared.endpoint.next_url() {
            Some(url) => {
                let shared = Arc::clone(&self.shared);
                let body = serde_json::to_vec(&payload).unwrap_or_default();
                tokio::spawn(async move { shared.endpoint.post(id, url, body).await });
            }
            None => self.dispatch_event("INTERACTION_CREATE", payload),
        }
        id
    }

    /// From now on, interactions go to these endpoints over HTTP (in turn), signed with the
    /// test key ([`interactions_public_key`](Self::interactions_public_key)); an empty list
    /// sends them over the gateway again.
    pub fn deliver_interactions_to(&self, urls: &[String]) {
        self.shared.endpoint.deliver_to(urls);
    }

    /// The public key interactions over HTTP are signed with (hex), for `DISCORD_PUBLIC_KEY`.
    #[must_use]
    pub fn interactions_public_key(&self) -> String {
        self.shared.endpoint.public_key()
    }

    /// The signature the test key makes of `timestamp` and `body` (hex).
    #[must_use]
    pub fn sign_interaction(&self, timestamp: &str, body: &[u8]) -> String {
        self.shared.endpoint.sign(timestamp, body)
    }

    /// What the endpoints answered to the interactions sent over HTTP, in order.
    #[must_use]
    pub fn endpoint_replies(&self) -> Vec<crate::endpoint::EndpointReply> {
        self.shared.endpoint.replies()
    }

    /// From now on Discord's authorize page (OAuth2, "Sign in with Discord") approves at once
    /// for `user`, as when they are logged in to Discord in that browser; `None`: nobody is,
    /// and the page asks to log in.
    pub fn sign_in_as(&self, user: Option<&FakeUser>) {
        self.shared.oauth.sign_in_as(user.map(|u| u.id));
    }

    /// From now on `user` is not a member of `guild`: Discord answers "Unknown Member" when
    /// asked for them there.
    pub fn leave_guild(&self, guild: GuildId, user: UserId) {
        self.shared.store().not_members.insert((guild, user));
    }

    /// Turns Activities on for the application, as its developer portal's switch does: from
    /// now on Discord accepts LAUNCH_ACTIVITY answers.
    pub fn enable_activities(&self) {
        self.shared
            .activities
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Starts the client's side of the app's Activity, its URL mapping pointing at `target`
    /// (the bot's public URL followed by `/activity`): see [`crate::activity`].
    ///
    /// # Errors
    /// When the port cannot be bound.
    pub async fn start_activity_host(
        &self,
        target: &str,
    ) -> std::io::Result<crate::activity::ActivityHost> {
        crate::activity::ActivityHost::start(Arc::clone(&self.shared), target).await
    }

    /// OAuth2 codes exchanged for tokens so far (sign-ins completed).
    #[must_use]
    pub fn sign_ins(&self) -> u64 {
        self.shared.oauth.exchanged()
    }

    /// Requests to `POST /api/v10/oauth2/token` so far, whatever their answer.
    #[must_use]
    pub fn token_requests(&self) -> u64 {
        self.shared.oauth.asked()
    }

    /// The HTTP status an endpoint answered interaction `id` with (0 when the request
    /// failed), once it did; `None` before, or when it went over the gateway.
    #[must_use]
    pub fn endpoint_status(&self, id: InteractionId) -> Option<u16> {
        self.shared.endpoint.status(id)
    }

    /// The token of an interaction the stand-in dispatched.
    #[must_use]
    pub fn interaction_token(&self, interaction: InteractionId) -> Option<String> {
        self.shared
            .store()
            .interactions
            .get(&interaction)
            .map(|e| e.token.clone())
    }

    // -----------------------------------------------------------------------------------------
    // Inspection

    /// Every REST request received so far, in order.
    #[must_use]
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.recorder.all()
    }

    /// What Discord's published description of its API finds wrong in the requests made so far
    /// and in the answers of the HTTP interactions endpoints (see [`crate::spec`]), each
    /// problem a line; empty when all of them validate.
    #[must_use]
    pub fn spec_problems(&self) -> Vec<String> {
        let requests = self
            .requests()
            .into_iter()
            .flat_map(|r| crate::spec::request_problems(&r.method, r.api_path(), &r.body));
        let answers = self
            .endpoint_replies()
            .into_iter()
            .filter(|reply| reply.status == 200)
            .flat_map(|reply| match serde_json::from_str(&reply.body) {
                Ok(body) => crate::spec::body_problems(
                    "the endpoint's answer",
                    crate::spec::INTERACTION_CALLBACK,
                    &body,
                ),
                Err(e) => vec![format!("the endpoint's answer is not JSON: {e}")],
            });
        requests.chain(answers).collect()
    }

    /// The requests Discord would count towards banning the bot's address (10,000 within 10
    /// minutes): those answered 401, 403 or 429, a 429 of `shared` scope excepted.
    #[must_use]
    pub fn invalid_requests(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| match r.status {
                401 | 403 => true,
                429 => r.response_header("x-ratelimit-scope") != Some("shared"),
                _ => false,
            })
            .collect()
    }

    /// Requests the stand-in has no route for (answered 404 with code 0).
    #[must_use]
    pub fn unknown_routes(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.status == 404 && r.response["code"] == json!(0))
            .collect()
    }

    /// A message as it is now (after edits), by id.
    #[must_use]
    pub fn message(&self, id: MessageId) -> Option<Value> {
        self.shared.store().messages.get(&id).cloned()
    }

    /// The messages of a channel as they are now, oldest first.
    #[must_use]
    pub fn messages_in(&self, channel: ChannelId) -> Vec<Value> {
        let channel = channel.to_string();
        self.shared
            .store()
            .messages
            .values()
            .filter(|m| m["channel_id"].as_str() == Some(&channel))
            .cloned()
            .collect()
    }

    /// The messages (as they are now, oldest first) created with `nonce`, compared as text
    /// (`"42"` matches a nonce sent as `42`). With `enforce_nonce` working, a retried post
    /// leaves exactly one.
    #[must_use]
    pub fn messages_with_nonce(&self, nonce: &str) -> Vec<Value> {
        self.shared
            .store()
            .messages
            .values()
            .filter(|m| crate::nonce::text(m).as_deref() == Some(nonce))
            .cloned()
            .collect()
    }

    /// Every `POST /channels/{channel}/messages` received, in order, whatever it was answered
    /// (refused, faulted, cut, deduplicated): the attempts, where
    /// [`messages_in`](Self::messages_in) has the results.
    #[must_use]
    pub fn message_posts_in(&self, channel: ChannelId) -> Vec<Recorded> {
        let path = format!("/channels/{channel}/messages");
        self.requests()
            .into_iter()
            .filter(|r| r.method == "POST" && r.api_path() == path)
            .collect()
    }

    /// The id of an interaction's original response message (after a type 4 or 5 answer; for
    /// a component answered with 6 or 7, the clicked message).
    #[must_use]
    pub fn original_response_id(&self, interaction: InteractionId) -> Option<MessageId> {
        self.shared
            .store()
            .interactions
            .get(&interaction)
            .and_then(|e| e.original)
    }

    /// An interaction's original response message as it is now.
    #[must_use]
    pub fn original_response(&self, interaction: InteractionId) -> Option<Value> {
        self.original_response_id(interaction)
            .and_then(|id| self.message(id))
    }

    /// A channel object (text channel, thread or DM) as it is now.
    #[must_use]
    pub fn channel(&self, id: ChannelId) -> Option<Value> {
        self.shared.store().channels.get(&id).map(Channel::to_json)
    }

    /// Makes a role named `name` at `position` in the test server (the bot's own role is at
    /// 10 unless moved with [`set_bot_role_position`](Self::set_bot_role_position)).
    pub fn add_role(&self, name: &str, position: u32) -> serenity::model::id::RoleId {
        let id = serenity::model::id::RoleId::new(self.shared.snowflake());
        let role = crate::roles::Role {
            name: name.to_owned(),
            position,
            permissions: Permissions::empty(),
        };
        self.shared.store().roles.insert(id, role);
        id
    }

    /// Moves the bot's own role to `position`.
    pub fn set_bot_role_position(&self, position: u32) {
        self.shared.store().bot_role_position = position;
    }

    /// The roles `user` holds in the test server.
    #[must_use]
    pub fn member_roles(&self, user: &FakeUser) -> Vec<serenity::model::id::RoleId> {
        let store = self.shared.store();
        crate::roles::roles_of(&self.shared, &store, user.id)
    }

    /// The guild's scheduled events, in the order they were made, as Discord answers them.
    #[must_use]
    pub fn scheduled_events(&self) -> Vec<Value> {
        self.shared
            .store()
            .scheduled_events
            .values()
            .cloned()
            .collect()
    }

    /// Every thread created so far, as channel objects.
    #[must_use]
    pub fn threads(&self) -> Vec<Value> {
        self.shared
            .store()
            .channels
            .values()
            .filter(|c| matches!(c, Channel::Thread(_)))
            .map(Channel::to_json)
            .collect()
    }

    /// The members added to thread `thread` so far (and not removed), by id: what the bot's
    /// `PUT /channels/{thread}/thread-members/{user}` did. Empty for a channel that is not a
    /// thread.
    #[must_use]
    pub fn thread_members(&self, thread: ChannelId) -> Vec<UserId> {
        self.shared
            .store()
            .thread_members
            .get(&thread)
            .map(|members| members.iter().copied().collect())
            .unwrap_or_default()
    }

    /// Commands registered globally (`None`) or in a guild, as echoed back to the bot.
    #[must_use]
    pub fn registered_commands(&self, guild: Option<GuildId>) -> Vec<Value> {
        self.shared
            .store()
            .commands
            .get(&guild)
            .cloned()
            .unwrap_or_default()
    }

    // -----------------------------------------------------------------------------------------
    // Waiting

    /// Waits for the first request matching `predicate` (recorded before or after the call).
    /// To wait for a later one, put `r.index > earlier.index` in the predicate.
    ///
    /// # Errors
    /// When none arrives within the wait timeout; the error lists what did arrive.
    pub async fn wait_for_request(
        &self,
        what: &str,
        predicate: impl FnMut(&Recorded) -> bool,
    ) -> Result<Recorded, WaitTimeout> {
        self.wait_for_nth_request(what, 0, predicate).await
    }

    /// Waits for the `n`-th (from 0) request matching `predicate`.
    ///
    /// # Errors
    /// When fewer than `n + 1` arrive within the wait timeout.
    pub async fn wait_for_nth_request(
        &self,
        what: &str,
        n: usize,
        predicate: impl FnMut(&Recorded) -> bool,
    ) -> Result<Recorded, WaitTimeout> {
        let limit = self.shared.wait_timeout();
        self.shared
            .recorder
            .wait_for_nth(what, limit, n, predicate)
            .await
    }

    /// Waits for request number `index` (from 0, in arrival order), whatever it is: for a
    /// reader of every request in turn, without a scan of the record each time.
    ///
    /// # Errors
    /// When fewer requests arrive within the wait timeout.
    pub async fn wait_for_request_number(&self, index: usize) -> Result<Recorded, WaitTimeout> {
        let limit = self.shared.wait_timeout();
        self.shared.recorder.wait_for_index(limit, index).await
    }

    /// Waits for the accepted callback (`POST /interactions/{id}/{token}/callback`) of an
    /// interaction. Rejected callbacks are skipped (they show in the timeout's list).
    ///
    /// # Errors
    /// When none is accepted within the wait timeout.
    pub async fn wait_for_interaction_response(
        &self,
        interaction: InteractionId,
    ) -> Result<Recorded, WaitTimeout> {
        let prefix = format!("/interactions/{interaction}/");
        self.wait_for_request(&format!("the response to interaction {interaction}"), |r| {
            r.succeeded() && r.is_interaction_callback() && r.path_starts_with(&prefix)
        })
        .await
    }

    /// Waits for the `n`-th (from 0) accepted follow-up message of an interaction.
    ///
    /// # Errors
    /// When it does not arrive within the wait timeout.
    pub async fn wait_for_followup(
        &self,
        interaction: InteractionId,
        n: usize,
    ) -> Result<Recorded, WaitTimeout> {
        let path = self.webhook_path(interaction);
        let what = format!("follow-up #{n} of interaction {interaction}");
        self.wait_for_nth_request(&what, n, |r| {
            r.succeeded() && r.method == "POST" && r.api_path() == path
        })
        .await
    }

    /// Waits for an accepted edit (`PATCH …/messages/@original`) of an interaction's original
    /// response that satisfies `predicate`.
    ///
    /// # Errors
    /// When none arrives within the wait timeout.
    pub async fn wait_for_original_edit(
        &self,
        interaction: InteractionId,
        mut predicate: impl FnMut(&Recorded) -> bool,
    ) -> Result<Recorded, WaitTimeout> {
        let path = format!("{}/messages/@original", self.webhook_path(interaction));
        self.wait_for_request(
            &format!("an edit of interaction {interaction}'s response"),
            |r| r.succeeded() && r.method == "PATCH" && r.api_path() == path && predicate(r),
        )
        .await
    }

    /// Waits for an accepted `POST /channels/{channel}/messages` satisfying `predicate`.
    ///
    /// # Errors
    /// When none arrives within the wait timeout.
    pub async fn wait_for_channel_message(
        &self,
        channel: ChannelId,
        mut predicate: impl FnMut(&Recorded) -> bool,
    ) -> Result<Recorded, WaitTimeout> {
        let path = format!("/channels/{channel}/messages");
        self.wait_for_request(&format!("a message in channel {channel}"), |r| {
            r.succeeded() && r.method == "POST" && r.api_path() == path && predicate(r)
        })
        .await
    }

    fn webhook_path(&self, interaction: InteractionId) -> String {
        let token = self.interaction_token(interaction).unwrap_or_default();
        format!("/webhooks/{}/{token}", self.application_id())
    }

    // -----------------------------------------------------------------------------------------
    // Faults

    /// Makes the next `n` REST requests fail with `status` (429 comes with Discord's rate-limit
    /// body and headers, `retry_after` 50 ms).
    pub fn fail_next(&self, n: usize, status: u16) {
        self.inject(Fault::new(n, status));
    }

    /// Like [`fail_next`](Self::fail_next), only for paths starting with `path_prefix` (with or
    /// without `/api/v10`, e.g. `/channels/`).
    pub fn fail_next_matching(&self, n: usize, status: u16, path_prefix: &str) {
        self.inject(Fault::new(n, status).on_path(path_prefix));
    }

    /// Makes every request whose path starts with `path_prefix` fail with `status` until
    /// [`clear_faults`](Self::clear_faults) or
    /// [`clear_faults_matching`](Self::clear_faults_matching): an outage. `""` matches every path.
    pub fn fail_until_cleared(&self, status: u16, path_prefix: &str) {
        self.inject(Fault::until_cleared(status).on_path(path_prefix));
    }

    /// Cuts the next `n` requests whose path starts with `path_prefix` off at the network level
    /// (see [`Cut`]): the client gets no status, only a closed connection.
    pub fn cut_next_matching(&self, n: usize, cut: Cut, path_prefix: &str) {
        self.inject(Fault::cut(n, cut).on_path(path_prefix));
    }

    /// Makes the next `n` requests whose path starts with `path_prefix` hang for `stall`, then
    /// cut them off at `cut` (see [`Cut`]): a client killed while it waits, whose request then
    /// had no effect (before handling) or its effect at once (after handling).
    pub fn stall_next_matching(&self, n: usize, stall: Duration, cut: Cut, path_prefix: &str) {
        self.inject(Fault::cut(n, cut).on_path(path_prefix).stalled(stall));
    }

    /// Adds a fault with every option (see [`Fault`]).
    pub fn inject(&self, fault: Fault) {
        self.shared.faults.add(fault);
    }

    /// Waits until every injected fault has been used up by the requests it was waiting for
    /// (a stalled request is then hanging in the stand-in).
    ///
    /// # Errors
    /// [`WaitTimeout`] when faults are still pending after the wait timeout.
    pub async fn wait_until_faults_used(&self) -> Result<(), WaitTimeout> {
        let limit = self.shared.wait_timeout();
        let deadline = tokio::time::Instant::now() + limit;
        while self.shared.faults.pending() > 0 {
            if tokio::time::Instant::now() >= deadline {
                return Err(WaitTimeout {
                    what: "the injected faults to be used".to_owned(),
                    waited: limit,
                    recorded: self.shared.recorder.summary(),
                });
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Rate limits

    /// From now on, refuses with 429 what goes past its bucket's limit or the global limit,
    /// as Discord does (see [`crate::rate_limits`]); until then only the headers tell the
    /// limits.
    pub fn enforce_rate_limits(&self) {
        self.shared.rate_limits.enforce(true);
    }

    /// Answers every request whose path starts with `path_prefix` (with or without `/api/v10`)
    /// with 429 for the next `lasting`, each announcing `retry_after`, in `scope`.
    pub fn storm_429s(
        &self,
        path_prefix: &str,
        lasting: Duration,
        retry_after: Duration,
        scope: Scope,
    ) {
        self.shared.rate_limits.add_storm(Storm {
            path_prefix: path_prefix.to_owned(),
            until: Instant::now() + lasting,
            retry_after,
            scope,
        });
    }

    /// Removes every pending fault.
    pub fn clear_faults(&self) {
        self.shared.faults.clear();
    }

    /// Removes the faults restricted to exactly `path_prefix` (other outages go on).
    pub fn clear_faults_matching(&self, path_prefix: &str) {
        self.shared.faults.clear_matching(path_prefix);
    }
}

/// The component with `custom_id` in a message's action rows.
fn find_component<'a>(message: &'a Value, custom_id: &str) -> Option<&'a Value> {
    message["components"]
        .as_array()?
        .iter()
        .filter_map(|row| row["components"].as_array())
        .flatten()
        .find(|c| c["custom_id"].as_str() == Some(custom_id))
}

fn check_select_values(select: &Value, values: &[&str]) -> Result<(), DispatchError> {
    let options: Vec<&str> = select["options"]
        .as_array()
        .map(|o| o.iter().filter_map(|o| o["value"].as_str()).collect())
        .unwrap_or_default();
    if let Some(bad) = values.iter().find(|v| !options.contains(v)) {
        return Err(DispatchError::InvalidSelectValues(format!(
            "`{bad}` is not an option"
        )));
    }
    let min = select["min_values"].as_u64().unwrap_or(1);
    let max = select["max_values"].as_u64().unwrap_or(1);
    let count = u64::try_from(values.len()).unwrap_or(u64::MAX);
    if count < min || count > max {
        return Err(DispatchError::InvalidSelectValues(format!(
            "{count} values, the menu takes {min} to {max}"
        )));
    }
    Ok(())
}
