//! The Discord adapter: serenity events in, [`GameService`] calls, replies out. It reads
//! options, calls the service and draws the result; every rule of the game and of the product
//! stays in the service.
//!
//! - [`commands`]: the `/dama` command as registered with Discord.
//! - [`DamaBot`]: the serenity client with the bot's event handler, and the sweeper that
//!   delivers deadline reminders and time-outs; [`run_until_signal`] runs it until SIGINT or
//!   SIGTERM.
//!
//! The command needs no connection to build and check:
//!
//! ```
//! use dama_service::service::ServiceConfig;
//!
//! let config = ServiceConfig::default();
//! let command = serde_json::to_value(dama_discord::commands::dama_command(&config))?;
//! assert_eq!(command["name"], "dama");
//! let subcommands: Vec<&str> = command["options"]
//!     .as_array()
//!     .into_iter()
//!     .flatten()
//!     .filter_map(|o| o["name"].as_str())
//!     .collect();
//! assert!(subcommands.contains(&"move") && subcommands.contains(&"play-bot"));
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! Starting the bot (the binary's `main` does this with the environment's configuration):
//!
//! ```no_run
//! use dama_discord::{BotOptions, DamaBot, Settings, Token, run_until_signal};
//! use dama_service::service::{GameService, ServiceConfig};
//!
//! # async fn start() -> Result<(), Box<dyn std::error::Error>> {
//! let settings = Settings {
//!     token: Token::new(std::fs::read_to_string("/run/secrets/discord-token")?),
//!     api_base: None,
//!     client: None,
//!     guild_id: None,
//!     endpoint: None,
//!     metrics_addr: None,
//!     web_url: None,
//!     activity: false,
//!     web_sign_in: false,
//! };
//! let pool = dama_service::connect("sqlite://dama.db").await?;
//! let service = GameService::new(pool, ServiceConfig::default());
//! let registry = prometheus_client::registry::Registry::default();
//! let bot = DamaBot::new(&settings, service, BotOptions::default(), registry).await?;
//! run_until_signal(bot).await?;
//! # Ok(())
//! # }
//! ```

pub(crate) mod app;
mod arenas;
mod args;
mod autocomplete;
pub(crate) mod board;
mod buttons;
mod champions;
pub mod commands;
mod custom_id;
mod delivery;
pub mod endpoint;
mod interaction;
mod live_posts;
mod liveness;
mod members;
mod mining;
pub mod monitor;
#[cfg(test)]
mod naming_tests;
mod notices;
mod pace;
pub(crate) mod post;
mod publish;
pub(crate) mod puzzles;
pub mod rate_limits;
mod report;
mod retry;
mod reviews;
mod scheduled_events;
mod settings;
mod slash;
mod threads;
pub(crate) mod tournaments;
mod turns;
mod watch_link;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dama_render::Renderer;
use serenity::all::{
    Command, Context, EventHandler, GatewayIntents, Interaction, Ready, ShardManager,
    ShardStageUpdateEvent,
};
use serenity::async_trait;
use serenity::client::{Client, ClientBuilder};
use serenity::http::{HttpBuilder, RatelimitInfo};
use tokio::sync::{Notify, mpsc};
use tokio::task::JoinHandle;
use tracing::Instrument;

use app::App;
use dama_service::service::GameService;
use interaction::Source;
use monitor::{Handled, Link, Outcome};
pub use settings::{Endpoint, Settings, Token};

/// Settings of the adapter that are not configuration a deployer sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotOptions {
    /// How often the sweeper looks for deadlines, reminders and expired challenges.
    pub sweep_every: Duration,
}

impl Default for BotOptions {
    /// A sweep every 30 seconds.
    fn default() -> BotOptions {
        BotOptions {
            sweep_every: Duration::from_secs(30),
        }
    }
}

/// The bot: a serenity client wired to the game service, ready to [`run`](DamaBot::run).
pub struct DamaBot {
    client: Client,
    app: Arc<App>,
    options: BotOptions,
    /// Wakes the gateway watcher on each shard stage event.
    gateway: Arc<Notify>,
    /// Where interactions come over HTTP instead of the gateway, if they do.
    endpoint: Option<Endpoint>,
    /// Register the command in this server only.
    guild: Option<serenity::all::GuildId>,
    /// Where `/metrics`, `/healthz` and `/readyz` are served alone, if anywhere.
    metrics_addr: Option<SocketAddr>,
    /// Ends [`run`](DamaBot::run) in HTTP mode.
    stop: Arc<Notify>,
}

/// Stops a running bot, whichever way it receives interactions.
#[derive(Debug, Clone)]
pub struct Stopper {
    shards: Arc<ShardManager>,
    stop: Arc<Notify>,
}

impl Stopper {
    /// Closes the gateway connection, or stops the HTTP endpoint: `run` then returns.
    pub async fn stop(&self) {
        self.stop.notify_one();
        self.shards.shutdown_all().await;
    }
}

impl std::fmt::Debug for DamaBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DamaBot")
            .field("app", &self.app)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// Aborts a background task when dropped, so the bot's tasks end with it.
#[derive(Debug)]
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl DamaBot {
    /// Builds the client: the token, serenity's rate limiter reading Discord's `X-RateLimit-*`
    /// and `Retry-After` (or, when `config.api_base` names a stand-in for Discord, the proxy and
    /// no rate limiter: serenity's would send around the proxy), the event handler over
    /// `service`. Asks Discord for the gateway address, nothing more.
    ///
    /// # Errors
    /// When serenity cannot build the client.
    pub async fn new(
        settings: &Settings,
        service: GameService,
        options: BotOptions,
        registry: prometheus_client::registry::Registry,
    ) -> Result<DamaBot, serenity::Error> {
        let metrics = monitor::Metrics::new(&service, registry);
        let mut http = HttpBuilder::new(settings.token.expose());
        if let Some(base) = &settings.api_base {
            http = http.proxy(base.as_str()).ratelimiter_disabled(true);
        } else if let Some(client) = &settings.client {
            http = http.client(client.clone());
        }
        service.play_computer_replies();
        let renderer = Arc::new(Renderer::new());
        // The service rings it too, for notices no interaction carries (a member's action on
        // the web pages).
        let wake = service.delivery_bell();
        let app = Arc::new(App {
            metrics,
            service,
            wake,
            renderer,
            web_url: settings.web_url.clone(),
            activity: settings.activity,
            web_sign_in: settings.web_sign_in,
            review_bell: Arc::new(Notify::new()),
            reviews: reviews::Watchers::default(),
            live_posts: live_posts::LivePosts::default(),
            pace: pace::Pace::default(),
        });
        let gateway = Arc::new(Notify::new());
        let handler = Handler {
            app: Arc::clone(&app),
            guild: settings.guild_id.map(serenity::all::GuildId::new),
            gateway: Arc::clone(&gateway),
        };
        // Interactions arrive whatever the intents; GUILDS keeps channels and threads known.
        let client = ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
            .event_handler(handler)
            .await?;
        // The service's membership directory asks Discord with the bot's token.
        app.service
            .set_member_lookup(Arc::new(members::Members::new(
                Arc::clone(&client.http),
                app.metrics.lookups(),
                app.metrics.refusals().clone(),
            )));
        Ok(DamaBot {
            client,
            app,
            options,
            gateway,
            endpoint: settings.endpoint.clone(),
            guild: settings.guild_id.map(serenity::all::GuildId::new),
            metrics_addr: settings.metrics_addr,
            stop: Arc::new(Notify::new()),
        })
    }

    /// The bot's REST client: what the web face's sign-in asks the application's id of.
    #[must_use]
    pub fn http(&self) -> Arc<serenity::http::Http> {
        Arc::clone(&self.client.http)
    }

    /// What stops [`run`](Self::run).
    #[must_use]
    pub fn stopper(&self) -> Stopper {
        Stopper {
            shards: self.shard_manager(),
            stop: Arc::clone(&self.stop),
        }
    }

    /// The shard manager: `shutdown_all` on it makes [`run`](Self::run) return.
    #[must_use]
    pub fn shard_manager(&self) -> Arc<ShardManager> {
        Arc::clone(&self.client.shard_manager)
    }

    /// Connects to the gateway and handles events until the shards shut down, with the
    /// sweeper finding deadlines meanwhile and the delivery worker sending the outbox's
    /// notices (what a crash left undelivered goes out first). First moves the clocks on by
    /// the downtime since the last run; beats while connected, and moves the clocks on by
    /// gateway outages longer than the service's grace.
    ///
    /// # Errors
    /// When the gateway connection fails for good (a wrong token, say), or the downtime cannot
    /// be recovered (the database is unreadable).
    pub async fn run(mut self) -> Result<(), serenity::Error> {
        if let Some(endpoint) = self.endpoint.clone() {
            return self.run_http(&endpoint).await;
        }
        let _liveness = liveness::start(
            &self.app.service,
            self.shard_manager(),
            Arc::clone(&self.gateway),
        )
        .await?;
        let _workers = self.start_workers();
        let _monitor = self.serve_monitor(Link::Gateway).await?;
        tracing::info!("connecting to Discord");
        self.client.start().await
    }

    /// Serves `/metrics`, `/healthz` and `/readyz` alone at `DAMA_METRICS_ADDR`, if it is set,
    /// until the guard drops.
    ///
    /// # Errors
    /// When the address cannot be listened on.
    async fn serve_monitor(&self, link: Link) -> Result<Option<AbortOnDrop>, serenity::Error> {
        let Some(addr) = self.metrics_addr else {
            return Ok(None);
        };
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(serenity::Error::Io)?;
        tracing::info!(%addr, "serving metrics and health");
        let routes = monitor::routes(Arc::clone(&self.app), link);
        let served = dama_serve::serve(listener, routes, std::future::pending());
        Ok(Some(AbortOnDrop(tokio::spawn(served))))
    }

    /// As [`run`](Self::run), receiving interactions at the HTTP endpoint: registers the
    /// command, then serves until stopped. The workers run as with the gateway; several
    /// instances may run at once (each job and each notice is leased).
    async fn run_http(self, endpoint: &Endpoint) -> Result<(), serenity::Error> {
        let liveness = liveness::start_without_gateway(&self.app.service).await?;
        let workers = self.start_workers();
        let http = Arc::clone(&self.client.http);
        let application = http.get_current_application_info().await?;
        http.set_application_id(application.id);
        register(&http, self.guild, &self.app).await;
        let verifier = serenity::interactions_endpoint::Verifier::try_new(endpoint.public_key)
            .map_err(|_| serenity::Error::Other("DISCORD_PUBLIC_KEY is not a key"))?;
        let listener = tokio::net::TcpListener::bind(endpoint.addr)
            .await
            .map_err(serenity::Error::Io)?;
        let listening = Arc::new(AtomicBool::new(true));
        let link = Link::Endpoint(Arc::clone(&listening));
        let _monitor = self.serve_monitor(link).await?;
        tracing::info!(addr = %endpoint.addr, path = endpoint::PATH, "serving interactions over HTTP");
        // The public listener answers `/healthz` for a load balancer; `/readyz` and `/metrics`
        // (database reads) are served on `DAMA_METRICS_ADDR` only.
        let routes =
            endpoint::router(Arc::clone(&self.app), http, verifier).merge(monitor::health());
        let stop = Arc::clone(&self.stop);
        dama_serve::serve(listener, routes, async move { stop.notified().await }).await;
        listening.store(false, Ordering::Relaxed);
        drop((workers, liveness));
        Ok(())
    }

    /// The sweeper, the flag worker, the arena worker, the delivery worker, the review worker and, on PostgreSQL,
    /// the announcer of this instance's game changes to the others' web pages, until the guards
    /// drop.
    fn start_workers(&self) -> Vec<AbortOnDrop> {
        let (events, mut swept) = mpsc::channel(64);
        let sweeper = AbortOnDrop(
            self.app
                .service
                .spawn_sweeper(self.options.sweep_every, events.clone()),
        );
        // Live games end the moment a clock runs out, not at the next sweep.
        let flags = AbortOnDrop(self.app.service.spawn_flag_worker(events));
        // What a sweep did is in the outbox already: each event only rings the worker's bell.
        let wake = Arc::clone(&self.app.wake);
        let bell = AbortOnDrop(tokio::spawn(async move {
            while swept.recv().await.is_some() {
                wake.notify_one();
            }
        }));
        // Arenas pair their free members as soon as they are free; each pairing's board is in
        // the outbox already, so a pass only rings the delivery worker's bell.
        let (paired, mut passes) = mpsc::channel(64);
        let arenas = AbortOnDrop(self.app.service.spawn_arena_worker(paired));
        let wake = Arc::clone(&self.app.wake);
        let arena_bell = AbortOnDrop(tokio::spawn(async move {
            while passes.recv().await.is_some() {
                wake.notify_one();
            }
        }));
        let http = Arc::clone(&self.client.http);
        let delivery = AbortOnDrop(tokio::spawn(
            Arc::clone(&self.app).deliver_notices(Arc::clone(&http)),
        ));
        let live = AbortOnDrop(tokio::spawn(
            Arc::clone(&self.app).live_posts_worker(Arc::clone(&http)),
        ));
        let reviews = AbortOnDrop(tokio::spawn(Arc::clone(&self.app).review_worker(http)));
        let mining = AbortOnDrop(tokio::spawn(Arc::clone(&self.app).mining_worker()));
        let mut workers = vec![
            sweeper, flags, bell, arenas, arena_bell, delivery, live, reviews, mining,
        ];
        // Instances that serve pages tell each other of their changes, so that a page follows
        // its game whichever instance the moves go through. Without the web nobody listens, and
        // a NOTIFY after each commit would only cost the database (the load benchmark on
        // PostgreSQL measured 0.2 ms of its CPU per move).
        if self.app.web_url.is_some() {
            let announcer = self.app.service.announce_changes_to_other_instances();
            workers.push(AbortOnDrop(announcer));
        }
        workers
    }
}

/// Registers `/dama` (and with the Activity on, its entry point) in `guild`, or globally.
async fn register(http: &serenity::all::Http, guild: Option<serenity::all::GuildId>, app: &App) {
    let mut list = vec![commands::dama_command(app.service.config())];
    // The entry point is a global command. Registered globally with the rest, it is part of
    // the list that replaces them all (Discord refuses a replacement that would drop an
    // Activity's entry point); with `/dama` in one server (development), it is upserted alone.
    let registered = match guild {
        Some(guild) => {
            if app.activity
                && let Err(e) =
                    Command::create_global_command(http, commands::entry_point_command()).await
            {
                app.metrics.refusals().failed(&e);
                tracing::error!(error = %e, "cannot register the Activity's entry point");
            }
            guild.set_commands(http, list).await
        }
        None => {
            if app.activity {
                list.push(commands::entry_point_command());
            }
            Command::set_global_commands(http, list).await
        }
    };
    match registered {
        Ok(commands) => {
            tracing::info!(count = commands.len(), ?guild, "commands registered");
        }
        Err(e) => {
            app.metrics.refusals().failed(&e);
            tracing::error!(error = %e, "cannot register the commands");
        }
    }
}

/// How long a shutdown waits for the gateway connection to close before giving up on it.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Runs `bot` until SIGINT (Ctrl-C) or SIGTERM, then closes the gateway connection cleanly,
/// waiting at most 10 seconds for it.
///
/// # Errors
/// As [`DamaBot::run`].
pub async fn run_until_signal(bot: DamaBot) -> Result<(), serenity::Error> {
    let stopper = bot.stopper();
    let run = bot.run();
    tokio::pin!(run);
    tokio::select! {
        result = &mut run => result,
        () = shutdown_signal() => {
            tracing::info!("shutting down");
            stopper.stop().await;
            // While the shard is reconnecting (Discord unreachable) `shutdown_all` has nothing
            // to close and `run` would go on retrying: do not wait for it forever.
            match tokio::time::timeout(SHUTDOWN_GRACE, &mut run).await {
                Ok(result) => result,
                Err(_) => {
                    tracing::warn!("the gateway connection did not close in time; stopping anyway");
                    Ok(())
                }
            }
        }
    }
}

/// Completes at SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM; Ctrl-C still works");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

impl App {
    /// Handles one interaction, from the gateway or the HTTP endpoint alike, in a span naming
    /// it (its id, kind and name, the member, and the game once known), and counts it.
    pub(crate) async fn dispatch(&self, http: &serenity::all::Http, interaction: &Interaction) {
        let started = Instant::now();
        let handled = Handled::of(interaction);
        let span = tracing::info_span!(
            "interaction",
            id = %interaction.id(),
            kind = handled.kind,
            name = handled.name,
            member = tracing::field::Empty,
            game = tracing::field::Empty,
        );
        let member = match interaction {
            Interaction::Command(c) | Interaction::Autocomplete(c) => Some(c.user.id),
            Interaction::Component(c) => Some(c.user.id),
            _ => None,
        };
        if let Some(member) = member {
            span.record("member", tracing::field::display(member));
        }
        if let Some(game) = handled.game {
            span.record("game", tracing::field::display(game));
        }
        let outcome = self.handle(http, interaction).instrument(span).await;
        self.metrics
            .interaction(&handled, outcome, started.elapsed());
    }

    /// Handles one interaction; how it ended.
    async fn handle(&self, http: &serenity::all::Http, interaction: &Interaction) -> Outcome {
        match interaction {
            Interaction::Command(command) => {
                let mut src = Source::command(http, self.metrics.refusals(), command);
                let known = self.learn_languages(&mut src).await;
                self.command(&src, command).await;
                if !known {
                    // A newcomer became a player by acting: their locale is noted now.
                    self.learn_languages(&mut src).await;
                }
                src.outcome()
            }
            Interaction::Autocomplete(command) => {
                self.autocomplete(http, command).await;
                Outcome::Ok
            }
            Interaction::Component(component) => {
                let mut src = Source::component(http, self.metrics.refusals(), component);
                let known = self.learn_languages(&mut src).await;
                self.component(&src, component).await;
                if !known {
                    self.learn_languages(&mut src).await;
                }
                src.outcome()
            }
            _ => Outcome::Ok,
        }
    }
}

/// serenity's view of the bot.
struct Handler {
    app: Arc<App>,
    /// Register the command in this server only (instant updates while developing).
    guild: Option<serenity::all::GuildId>,
    /// Wakes the gateway watcher (see `liveness`).
    gateway: Arc<Notify>,
}

#[async_trait]
impl EventHandler for Handler {
    /// Serenity's rate limiter waited (a 429, or a bucket Discord said was empty): counted.
    async fn ratelimit(&self, info: RatelimitInfo) {
        self.app.metrics.rate_limited(&info);
    }

    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected");
        register(&ctx.http, self.guild, &self.app).await;
    }

    async fn guild_create(&self, _ctx: Context, guild: serenity::all::Guild, _new: Option<bool>) {
        let id = dama_service::ids::GuildId(guild.id.get());
        if let Err(e) = self.app.service.joined_server(id).await {
            tracing::warn!(error = %e, guild = %id, "cannot note a server the bot is in");
        }
    }

    async fn guild_delete(
        &self,
        _ctx: Context,
        incomplete: serenity::all::UnavailableGuild,
        _full: Option<serenity::all::Guild>,
    ) {
        // An outage makes a server unavailable for a while; only a removal means it left.
        if incomplete.unavailable {
            return;
        }
        let id = dama_service::ids::GuildId(incomplete.id.get());
        if let Err(e) = self.app.service.left_server(id).await {
            tracing::warn!(error = %e, guild = %id, "cannot note a server the bot left");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        self.app.dispatch(&ctx.http, &interaction).await;
    }

    async fn shard_stage_update(&self, _ctx: Context, event: ShardStageUpdateEvent) {
        tracing::debug!(old = %event.old, new = %event.new, "shard stage");
        self.gateway.notify_one();
    }
}
