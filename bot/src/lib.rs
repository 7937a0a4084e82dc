//! The dama bot, composed: the Discord face ([`dama_discord`]) and the web face
//! ([`dama_web`]) side by side over one game service, started from the configuration the
//! binary reads ([`config`]). Neither face imports the other: this crate wires the web face to
//! Discord through the web's [`dama_web::Application`] trait, and the web's
//! metrics into the registry `/metrics` serves.
//!
//! ```no_run
//! use dama_bot::config::Config;
//! use dama_bot::{Bot, BotOptions, run_until_signal};
//! use dama_service::service::{GameService, ServiceConfig};
//!
//! # async fn start() -> Result<(), Box<dyn std::error::Error>> {
//! let config = Config::from_env()?;
//! let pool = dama_service::connect(config.database_url.expose()).await?;
//! let service = GameService::new(pool, ServiceConfig::default());
//! let bot = Bot::new(&config, service, BotOptions::default()).await?;
//! run_until_signal(bot).await?;
//! # Ok(())
//! # }
//! ```

pub mod config;
pub mod operator;

use std::net::SocketAddr;
use std::sync::Arc;

use dama_render::Renderer;
use dama_service::service::GameService;
use dama_web::{Answer, Application, DiscordError, Playing, SignIn, Web, WebMetrics};
use prometheus_client::registry::Registry;
use serenity::all::ShardManager;
use tokio::net::TcpListener;
use tokio::sync::Notify;

pub use dama_discord::{BotOptions, DamaBot, Stopper, shutdown_signal};

use config::Config;

/// The bot: the Discord face, and the web face when `DAMA_WEB_ADDR` is set.
#[derive(Debug)]
pub struct Bot {
    discord: DamaBot,
    /// The games' web pages and where they are served, when the web is on.
    web: Option<(TcpListener, Web)>,
}

impl Bot {
    /// Builds both faces over `service` as `config` says. Asks Discord for the gateway
    /// address, nothing more; binds the web's address.
    ///
    /// # Errors
    /// When serenity cannot build the client, the web's address cannot be listened on, or the
    /// sessions' key cannot be read from the database.
    pub async fn new(
        config: &Config,
        service: GameService,
        options: BotOptions,
    ) -> Result<Bot, serenity::Error> {
        let mut registry = Registry::with_prefix("dama");
        let web_metrics = WebMetrics::default();
        web_metrics.register(&mut registry);
        let settings = config.discord();
        let discord = DamaBot::new(&settings, service.clone(), options, registry).await?;
        let web = match &config.web {
            Some(web) => {
                let listener = TcpListener::bind(web.addr)
                    .await
                    .map_err(serenity::Error::Io)?;
                // The sessions' key is the site's own, shared by every instance through the
                // database.
                let key = service.web_session_key().await.map_err(|e| {
                    serenity::Error::Io(std::io::Error::other(format!(
                        "cannot read the web's session key: {e}"
                    )))
                })?;
                let key = axum_extra::extract::cookie::Key::from(&key);
                let application: Arc<dyn Application> =
                    Arc::new(DiscordApplication(discord.http()));
                let sign_in = web.client_secret.clone().map(|secret| {
                    SignIn::new(
                        secret,
                        &web.public_url,
                        config.api_base.as_deref(),
                        Arc::clone(&application),
                        web_metrics.clone(),
                    )
                });
                let pages = Web::playable(
                    service,
                    Arc::new(Renderer::new()),
                    &web.public_url,
                    Playing {
                        sign_in,
                        activity: web.activity,
                        metrics: web_metrics,
                        key,
                        trusted_proxies: web.trusted_proxies.clone(),
                        application: Some(application),
                    },
                );
                Some((listener, pages))
            }
            None => None,
        };
        Ok(Bot { discord, web })
    }

    /// Where the games' web pages are served (`DAMA_WEB_ADDR`, its port chosen when 0), when
    /// the web is on.
    #[must_use]
    pub fn web_addr(&self) -> Option<SocketAddr> {
        self.web
            .as_ref()
            .and_then(|(listener, _)| listener.local_addr().ok())
    }

    /// What stops [`run`](Self::run).
    #[must_use]
    pub fn stopper(&self) -> Stopper {
        self.discord.stopper()
    }

    /// The Discord face's shard manager: `shutdown_all` on it makes [`run`](Self::run) return.
    #[must_use]
    pub fn shard_manager(&self) -> Arc<ShardManager> {
        self.discord.shard_manager()
    }

    /// Runs both faces until the Discord face stops (see [`DamaBot::run`]); the web pages
    /// stop with it.
    ///
    /// # Errors
    /// As [`DamaBot::run`].
    pub async fn run(self) -> Result<(), serenity::Error> {
        let _web = self.web.map(serve_web);
        self.discord.run().await
    }
}

/// Runs `bot` until SIGINT or SIGTERM, as [`dama_discord::run_until_signal`]; the web pages
/// stop with it.
///
/// # Errors
/// As [`DamaBot::run`].
pub async fn run_until_signal(bot: Bot) -> Result<(), serenity::Error> {
    let _web = bot.web.map(serve_web);
    dama_discord::run_until_signal(bot.discord).await
}

/// Stops the web pages when dropped: their event streams end, then the server.
#[derive(Debug)]
struct WebGuard {
    web: Web,
    stopped: Arc<Notify>,
}

impl Drop for WebGuard {
    fn drop(&mut self) {
        self.web.stop();
        self.stopped.notify_one();
    }
}

/// Serves the games' web pages until the guard drops: then their event streams end and the
/// server lets the requests under way finish.
fn serve_web((listener, web): (TcpListener, Web)) -> WebGuard {
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "serving the games' web pages");
    }
    let stopped = Arc::new(Notify::new());
    let stop = Arc::clone(&stopped);
    let served = dama_serve::serve(listener, web.router(), async move { stop.notified().await });
    tokio::spawn(served);
    WebGuard { web, stopped }
}

/// The bot's application as its Discord connection knows it: what signing in on the web asks
/// for its OAuth2 client id, and the home page for its links that add the bot.
struct DiscordApplication(Arc<serenity::http::Http>);

impl Application for DiscordApplication {
    fn known_id(&self) -> Option<u64> {
        self.0.application_id().map(|id| id.get())
    }

    fn id(&self) -> Answer<'_, u64> {
        Box::pin(async move {
            if let Some(id) = self.0.application_id() {
                return Ok(id.get());
            }
            let application = self
                .0
                .get_current_application_info()
                .await
                .map_err(|e| DiscordError(e.to_string()))?;
            self.0.set_application_id(application.id);
            Ok(application.id.get())
        })
    }
}
