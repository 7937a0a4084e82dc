//! The web face of dama: the games' web pages, served beside the bot when `DAMA_WEB_ADDR` and
//! `DAMA_PUBLIC_URL` are set: every game has a page at an unguessable link, which shows its
//! board (drawn in the browser), players, rules, clock, moves and result, follows the game live
//! and offers its PDN. A game's number never opens its page; only its token does.
//!
//! - `GET /game/{token}`: the page, in the reader's language (see `lang`), its board turned as
//!   the service says for the reader, with Open Graph tags so that the link unfolds in Discord
//!   with the current board;
//! - `GET /game/{token}/state`: the game as JSON for the page's script (see `state`);
//! - `GET /game/{token}/events`: the state again after every change (server-sent events);
//! - `GET /game/{token}/board.png`, `GET /game/{token}/pdn`: the board picture, the record;
//! - `GET /server/{guild}/…`: a server's community pages, while its managers have them on (see
//!   `community`);
//! - `GET /`: the site's home page, and `GET /favicon.ico` its icon (see `home`);
//! - `GET /assets/{version}/{file}`: the scripts and styles, cached for a year;
//! - `GET /healthz`;
//! - with `DISCORD_CLIENT_SECRET`: `GET /signin`, `GET /signin/callback`, `POST /signout`
//!   (signing in with Discord, see `session`) and `POST /game/{token}/act` (playing, see
//!   `play`);
//! - `GET /game/{token}/analysis?position=…` (anyone) and `POST /game/{token}/evaluation` (a
//!   signed-in member, once the game is over): the analysis board's legal moves and the
//!   computer's evaluation (see `analysis`);
//! - with `DAMA_ACTIVITY=on`: the Activity under `/activity/…` (see `activity`).
//!
//! Every response carries a strict Content-Security-Policy (scripts and styles from the page's
//! own origin only, nothing inline), `X-Content-Type-Options: nosniff` and `Referrer-Policy:
//! no-referrer` (the token is in the address). Requests other than event streams are handled
//! at most [`MAX_IN_FLIGHT`] at a time (503 beyond), a `POST`'s body read before it takes its
//! place (see `body`); event streams have bounds of their own (see `streams`: at most
//! [`MAX_STREAMS`], fewer where the process may open fewer files, [`PER_CLIENT`] from one
//! client: see `client`).
//!
//! Every refusal, the bounds' included, is one type (`refusal::Refusal`): `{"error": …,
//! "code": …}` in the reader's language for the pages' scripts, a page in the same words for a
//! browser that navigates. The game's state the scripts read is `state::GameState`, whose
//! JSDoc twin is `front/types.js`.
//!
//! A game's link:
//!
//! ```
//! use dama_service::ids::WebToken;
//!
//! let token: WebToken = "AAAAAAAAAAAAAAAAAAAAAA".parse()?;
//! let link = dama_service::links::game_link("https://dama.example.org", &token);
//! assert_eq!(link, "https://dama.example.org/game/AAAAAAAAAAAAAAAAAAAAAA");
//! # Ok::<(), dama_service::ids::ParseWebTokenError>(())
//! ```

mod activity;
mod analysis;
mod application;
mod assets;
mod body;
mod client;
mod community;
mod events;
mod game;
mod home;
mod html;
mod lang;
mod metrics;
mod play;
mod puzzle;
mod refusal;
mod session;
mod state;
mod streams;
mod words;

#[cfg(test)]
mod tests;

use std::net::IpAddr;
use std::sync::Arc;

use axum::Router;
use axum::error_handling::HandleErrorLayer;
use axum::extract::{DefaultBodyLimit, FromRef};
use axum::http::HeaderValue;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, SET_COOKIE, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::response::Response;
use axum::routing::{get, post};
use axum_extra::extract::cookie::{Key, SignedCookieJar};
use dama_render::Renderer;
use dama_rules::Game;
use dama_service::ids::{GameId, WebToken};
use dama_service::service::{GameService, GameView, ServiceError};
use tokio::sync::watch;
use tower::ServiceBuilder;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;

pub use application::{Answer, Application, ClientSecret, DiscordError};
pub use client::{TrustedProxies, TrustedProxiesError};
use dama_words::Language;
pub use session::SignIn;

/// Requests handled at once, event streams apart; one more is refused with 503.
pub const MAX_IN_FLIGHT: usize = 64;

pub use metrics::WebMetrics;
pub use streams::{MAX_STREAMS, PER_CLIENT};

/// The policy every response carries: nothing but the page's own files, no inline script or
/// style, no plugins, no `<base>`.
/// No page of the site may be framed (`frame-ancestors 'none'`, and `X-Frame-Options` for
/// browsers that predate it): the Activity's routes, framed by Discord, set their own.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
                   frame-ancestors 'none'";

/// How an answer meant for one reader is cached: nowhere, by no one.
const PER_READER: &str = "private, no-store";

/// What the pages need beyond the service to be played on, not only watched.
pub struct Playing {
    /// Signing in with Discord, when `DISCORD_CLIENT_SECRET` is set.
    pub sign_in: Option<SignIn>,
    /// The Activity is on (it needs `sign_in`).
    pub activity: bool,
    /// What the face counts, for `/metrics`.
    pub metrics: WebMetrics,
    /// The key sessions are signed with (the service's `web_session_key`).
    pub key: Key,
    /// The reverse proxies whose `X-Forwarded-For` names the client (`DAMA_TRUSTED_PROXIES`).
    pub trusted_proxies: TrustedProxies,
    /// The bot's application on Discord, whose id the home page's links to add the bot carry.
    pub application: Option<Arc<dyn Application>>,
}

impl std::fmt::Debug for Playing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Playing")
            .field("sign_in", &self.sign_in)
            .field("activity", &self.activity)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("application", &self.application.is_some())
            .finish_non_exhaustive()
    }
}

/// The web face: the service, the renderer, and the pages' watchers. Cheap to clone.
#[derive(Clone)]
pub struct Web(Arc<Shared>);

struct Shared {
    service: GameService,
    renderer: Arc<Renderer>,
    /// `DAMA_PUBLIC_URL`, without a trailing slash.
    public_url: String,
    hub: Arc<events::Hub>,
    states: state::States,
    /// The places of the event streams.
    streams: streams::Streams,
    /// What the face counts, for `/metrics`.
    metrics: WebMetrics,
    stop: watch::Sender<bool>,
    /// Signing in with Discord, when `DISCORD_CLIENT_SECRET` is set.
    sign_in: Option<Arc<SignIn>>,
    /// The key sessions are signed with (the client secret's; a random one without it).
    key: Key,
    /// The Activity is on (it needs `sign_in`).
    activity: bool,
    /// Rings the hub's bells from the service's changes.
    feeder: tokio::task::JoinHandle<()>,
    /// Brings other instances' changes to the service's (on PostgreSQL).
    follower: tokio::task::JoinHandle<()>,
    /// The places of the analysis board's generations of legal moves.
    generations: analysis::Generations,
    /// The reverse proxies whose `X-Forwarded-For` names the client.
    trusted_proxies: TrustedProxies,
    /// The bot's application, for the home page's links.
    application: Option<Arc<dyn Application>>,
}

impl Drop for Shared {
    fn drop(&mut self) {
        self.feeder.abort();
        self.follower.abort();
    }
}

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Web")
            .field("public_url", &self.0.public_url)
            .finish_non_exhaustive()
    }
}

impl Web {
    /// The web face of `service`, its links under `public_url`, for watching (see
    /// [`playable`](Self::playable)).
    #[cfg(test)]
    pub(crate) fn new(service: GameService, renderer: Arc<Renderer>, public_url: &str) -> Web {
        Web::playable(
            service,
            renderer,
            public_url,
            Playing {
                sign_in: None,
                activity: false,
                metrics: WebMetrics::default(),
                key: Key::generate(),
                trusted_proxies: TrustedProxies::default(),
                application: None,
            },
        )
    }

    /// The web face of `service`, its links under `public_url`, with what `playing` gives:
    /// players who sign in play on the pages (the service hands the news of their actions to
    /// delivery). Starts following the service's changes, and on PostgreSQL those of the other
    /// instances over the same database, so that a page follows its game whichever instance it
    /// is connected to (call within the runtime).
    #[must_use]
    pub fn playable(
        service: GameService,
        renderer: Arc<Renderer>,
        public_url: &str,
        playing: Playing,
    ) -> Web {
        let Playing {
            sign_in,
            activity,
            metrics,
            key,
            trusted_proxies,
            application,
        } = playing;
        let hub = Arc::new(events::Hub::default());
        let feeder = tokio::spawn(Arc::clone(&hub).feed(service.changes()));
        let follower = service.follow_other_instances();
        Web(Arc::new(Shared {
            service,
            renderer,
            public_url: public_url.trim_end_matches('/').to_owned(),
            hub,
            states: state::States::default(),
            streams: streams::Streams::for_this_process(&metrics),
            metrics,
            stop: watch::channel(false).0,
            sign_in: sign_in.map(Arc::new),
            key,
            activity,
            feeder,
            follower,
            generations: analysis::Generations::default(),
            trusted_proxies,
            application,
        }))
    }

    /// Ends every event stream (the bot is stopping): their pages reconnect elsewhere.
    pub fn stop(&self) {
        self.0.stop.send_replace(true);
    }

    fn stopping(&self) -> watch::Receiver<bool> {
        self.0.stop.subscribe()
    }

    fn hub(&self) -> &events::Hub {
        &self.0.hub
    }

    fn service(&self) -> &GameService {
        &self.0.service
    }

    /// Signing in, when it is on.
    fn sign_in(&self) -> Option<&SignIn> {
        self.0.sign_in.as_deref()
    }

    /// The key sessions are signed with.
    fn key(&self) -> Key {
        self.0.key.clone()
    }

    /// Whether cookies go over https only.
    fn secure_cookies(&self) -> bool {
        self.sign_in().is_some_and(SignIn::secure)
    }

    /// The signed-in reader whose web session `jar` holds, unless they signed out everywhere
    /// since it was issued.
    async fn reader(&self, jar: &SignedCookieJar) -> Option<session::Viewer> {
        let viewer = session::Viewer::of(jar, self.secure_cookies(), self.service().now())?;
        self.unless_void(viewer).await
    }

    /// The member whose Activity session `headers` carry as a bearer, unless they signed out
    /// everywhere since it was issued.
    async fn bearer(&self, headers: &axum::http::HeaderMap) -> Option<session::Viewer> {
        let viewer = session::Viewer::of_bearer(headers, &self.key(), self.service().now())?;
        self.unless_void(viewer).await
    }

    async fn unless_void(&self, viewer: session::Viewer) -> Option<session::Viewer> {
        match self.service().sessions_void_before(viewer.user).await {
            Ok(before) => (!viewer.voided_by(before)).then_some(viewer),
            Err(e) => {
                tracing::error!(error = %e, "cannot read whether a session is void");
                None
            }
        }
    }

    /// The client a request from `peer` with `headers` comes from, as the bounds per client
    /// key it (see `client`).
    fn client(&self, peer: client::Peer, headers: &axum::http::HeaderMap) -> Option<IpAddr> {
        client::client_of(peer, headers, &self.0.trusted_proxies)
    }

    /// Whether the Activity is on (`DAMA_ACTIVITY=on`, see `activity`).
    fn activity(&self) -> bool {
        self.0.activity
    }

    /// The bot's application, when the bot gave it.
    fn application(&self) -> Option<&dyn Application> {
        self.0.application.as_deref()
    }

    /// What the face counts.
    fn metrics(&self) -> &WebMetrics {
        &self.0.metrics
    }

    /// The routes of the pages.
    pub fn router(&self) -> Router {
        self.router_within(MAX_IN_FLIGHT)
    }

    /// The routes of the pages, `in_flight` requests handled at once (event streams apart).
    fn router_within(&self, in_flight: usize) -> Router {
        let shed = self.metrics().clone();
        let bounded = ServiceBuilder::new()
            .layer(HandleErrorLayer::new(
                move |headers: axum::http::HeaderMap, _: tower::BoxError| async move {
                    shed.shed("busy");
                    let lang = lang::of_request(&headers);
                    refusal::Refusal::busy(lang, "web-busy").shaped_for(&headers)
                },
            ))
            .layer(LoadShedLayer::new())
            .layer(GlobalConcurrencyLimitLayer::new(in_flight));
        let pages = Router::new()
            .route("/game/{token}", get(game::page))
            .route("/game/{token}/state", get(game::state))
            .route("/game/{token}/pdn", get(game::pdn))
            .route("/game/{token}/board.png", get(game::board_png))
            .route("/server/{guild}", get(community::leaderboard))
            .route("/server/{guild}/live", get(community::live))
            .route("/server/{guild}/tournaments", get(community::tournaments))
            .route(
                "/server/{guild}/tournament/{id}",
                get(community::tournament),
            )
            .route("/server/{guild}/player/{user}", get(community::player))
            .route("/server/{guild}/arena/{id}", get(community::arena))
            .route("/assets/{version}/{name}", get(assets::asset))
            .route("/healthz", get(|| async { "ok\n" }))
            .route("/", get(home::page))
            .route("/home/board.png", get(home::board_png))
            .route("/favicon.ico", get(home::favicon))
            .route("/favicon.svg", get(home::favicon))
            .route("/signin", get(session::start))
            .route("/signin/callback", get(session::callback))
            .route("/signout", post(session::sign_out))
            .route("/signout/everywhere", post(session::sign_out_everywhere))
            .route("/puzzle/{guild}", get(puzzle::page))
            .route(
                "/puzzle/{guild}/act",
                post(puzzle::act).layer(DefaultBodyLimit::max(play::MAX_ACTION)),
            )
            .route(
                "/game/{token}/act",
                post(play::act).layer(DefaultBodyLimit::max(play::MAX_ACTION)),
            )
            .route("/game/{token}/analysis", get(analysis::moves))
            .route("/game/{token}/conditional", get(play::conditional))
            .route(
                "/game/{token}/evaluation",
                post(analysis::evaluation).layer(DefaultBodyLimit::max(analysis::MAX_EVALUATION)),
            )
            .fallback(game::no_page)
            .layer(bounded.clone());
        let mut router = Router::new()
            .route("/game/{token}/events", get(game::events))
            .route(
                "/server/{guild}/arena/{id}/events",
                get(community::arena_events),
            )
            .merge(pages);
        if self.activity() {
            // The Activity's page, sign-in and chooser, and the web page's own routes again
            // under `/activity`, where Discord's proxy forwards the frame's requests.
            let pages = Router::new()
                .route("/activity", get(activity::page))
                .route("/activity/", get(activity::page))
                .route("/activity/token", post(activity::token))
                .route("/activity/games", get(activity::games))
                .route("/activity/game/{token}", get(activity::game))
                .route("/activity/game/{token}/state", get(game::state))
                .route("/activity/game/{token}/pdn", get(game::pdn))
                .route("/activity/game/{token}/board.png", get(game::board_png))
                .route(
                    "/activity/game/{token}/act",
                    post(play::act).layer(DefaultBodyLimit::max(play::MAX_ACTION)),
                )
                .route("/activity/game/{token}/analysis", get(analysis::moves))
                .route("/activity/game/{token}/conditional", get(play::conditional))
                .route(
                    "/activity/game/{token}/evaluation",
                    post(analysis::evaluation)
                        .layer(DefaultBodyLimit::max(analysis::MAX_EVALUATION)),
                )
                .route("/activity/assets/{version}/{name}", get(assets::asset))
                // The page opened outside Discord, where no proxy forwards `/.proxy/…`, still
                // gets its files, and says where it opens.
                .route("/.proxy/assets/{version}/{name}", get(assets::asset))
                .layer(bounded);
            let activity = Router::new()
                .route("/activity/game/{token}/events", get(game::events))
                .merge(pages)
                .layer(axum::middleware::map_request(activity::language_from_query))
                .layer(axum::middleware::map_response_with_state(
                    self.clone(),
                    activity::secure,
                ));
            router = router.merge(activity);
        }
        // Outside the request bound: a body is read before its request takes a place.
        router
            .layer(axum::middleware::from_fn_with_state(
                self.clone(),
                body::read_first,
            ))
            // Outside the body's deadline, so that the bodies given up on are counted too.
            .layer(axum::middleware::from_fn_with_state(
                self.clone(),
                metrics::observe,
            ))
            .layer(axum::middleware::from_fn(secure))
            .with_state(self.clone())
    }

    /// The state of `game` in `lang`, with its version: at `at_least` this version or later
    /// (built once per version and language), or as the game stands now (`None`).
    async fn state_of(
        &self,
        game: GameId,
        lang: Language,
        at_least: Option<i64>,
    ) -> Result<(i64, Arc<str>), ServiceError> {
        if let Some(built) = at_least.and_then(|v| self.0.states.recall(game, lang, v)) {
            return Ok((built.version(), built.at(self.service().now())));
        }
        let (view, history) = self.service().game_at(game, u32::MAX).await?;
        self.state_of_read(&view, &history, lang).await
    }

    /// The state of a game already read (`view`, replayed as `history`) in `lang`, built now
    /// (with its review, once over) and kept for the pages that follow it.
    async fn state_of_read(
        &self,
        view: &GameView,
        history: &Game,
        lang: Language,
    ) -> Result<(i64, Arc<str>), ServiceError> {
        let review = if view.is_over() {
            self.service().review(view.id).await?
        } else {
            None
        };
        let now = self.service().now();
        let json: Arc<str> = Arc::from(state::json(view, history, review.as_ref(), lang, now));
        let built = state::Built::new(view, json);
        self.0.states.keep(view.id, lang, &built);
        Ok((view.version, built.at(now)))
    }

    /// The game a page's token names, if it is a token and a game has it.
    async fn game_of(&self, token: &str) -> Result<Option<GameView>, ServiceError> {
        let Ok(token) = token.parse::<WebToken>() else {
            return Ok(None);
        };
        self.service().game_by_token(&token).await
    }
}

impl FromRef<Web> for Key {
    fn from_ref(web: &Web) -> Key {
        web.0.key.clone()
    }
}

/// Adds the security headers to every response (the Activity's routes have their own policy),
/// and keeps every answer to a signed-in reader (a session cookie or a bearer token came with
/// the request, or the answer sets a cookie) out of every cache: such a page carries the
/// reader's anti-forgery token.
async fn secure(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let credentialed = session::carries_credentials(request.headers());
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !headers.contains_key(CONTENT_SECURITY_POLICY) {
        headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    let immutable = headers
        .get(CACHE_CONTROL)
        .is_some_and(|v| v.as_bytes().starts_with(b"public, max-age=31536000"));
    if !immutable && (credentialed || headers.contains_key(SET_COOKIE)) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static(PER_READER));
    }
    response
}
