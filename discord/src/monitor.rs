//! Seeing inside a running bot: `/metrics` in Prometheus' text format, `/healthz` (the process
//! answers) and `/readyz` (the database answers, and interactions can arrive: the gateway is
//! connected, or the HTTP endpoint listens). They are served on `DAMA_METRICS_ADDR`, a private
//! address; the HTTP endpoint's public listener answers `/healthz` alone, so that nobody on the
//! internet makes the bot read its database by scraping. Nothing secret is shown: counts,
//! durations and the names of the bot's own commands and buttons. The database's counts are
//! read at most once every few seconds however often they are scraped
//! ([`dama_service::service::BACKLOG_FRESH`]).
//!
//! The adapter counts the interactions it handles; everything else is read from the service
//! when scraped: its moves, the leases it took over, the backlog in the database, the
//! computer's queue, the pool's connections. docs/running.md, "Health and metrics", lists every metric.
//!
//! ```
//! use dama_discord::monitor::{HEALTH_PATH, METRICS_PATH, READY_PATH};
//!
//! assert_eq!(
//!     [METRICS_PATH, HEALTH_PATH, READY_PATH],
//!     ["/metrics", "/healthz", "/readyz"]
//! );
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric};
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge};
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use serenity::all::Interaction;
use serenity::http::RatelimitInfo;

use super::app::App;
use super::args::Args;
use super::commands::Subcommand;
use super::custom_id::Action;
use super::rate_limits::RateLimits;
use dama_service::ids::GameId;
use dama_service::service::GameService;
use dama_words::i18n::Language;

/// Where the metrics are read.
pub const METRICS_PATH: &str = "/metrics";
/// Answers 200 while the process serves HTTP at all.
pub const HEALTH_PATH: &str = "/healthz";
/// Answers 200 when the bot can do its work, 503 saying what is missing otherwise.
pub const READY_PATH: &str = "/readyz";

/// How an interaction's handling ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Outcome {
    /// Done as asked.
    Ok,
    /// Refused, with the reason told to the member (not the bot's fault).
    Refused,
    /// The bot failed (a database or Discord error, logged).
    Failed,
}

impl Outcome {
    /// The outcome stored as `n` by [`Source`](super::interaction::Source).
    pub(crate) fn from_u8(n: u8) -> Outcome {
        match n {
            n if n == Outcome::Refused as u8 => Outcome::Refused,
            n if n == Outcome::Failed as u8 => Outcome::Failed,
            _ => Outcome::Ok,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
        }
    }
}

/// What an interaction is, as its span and its metrics name it: one of a fixed few kinds and
/// names, whatever a request carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Handled {
    /// `command`, `autocomplete`, `component` or `other`.
    pub kind: &'static str,
    /// The subcommand (`move`, `play-bot`…), or the component's verb (`pick`, `draw-yes`…);
    /// `unknown` for anything that is not the bot's.
    pub name: &'static str,
    /// The game a component acts on (a command's game is known once it is chosen).
    pub game: Option<GameId>,
}

impl Handled {
    /// What `interaction` is.
    pub(crate) fn of(interaction: &Interaction) -> Handled {
        const UNKNOWN: &str = "unknown";
        let subcommand = |command| {
            // Only the name is read: the language does not matter.
            Args::of(command, Language::En)
                .and_then(|args| args.subcommand())
                .map_or(UNKNOWN, Subcommand::name)
        };
        match interaction {
            Interaction::Command(command) => Handled {
                kind: "command",
                name: subcommand(command),
                game: None,
            },
            Interaction::Autocomplete(command) => Handled {
                kind: "autocomplete",
                name: subcommand(command),
                game: None,
            },
            Interaction::Component(component) => {
                let action = component.data.custom_id.parse::<Action>().ok();
                Handled {
                    kind: "component",
                    name: action.as_ref().map_or(UNKNOWN, Action::verb),
                    game: action.as_ref().and_then(Action::game),
                }
            }
            _ => Handled {
                kind: "other",
                name: UNKNOWN,
                game: None,
            },
        }
    }
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct InteractionLabels {
    kind: &'static str,
    name: &'static str,
    outcome: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabels {
    kind: &'static str,
    name: &'static str,
}

/// How a question to Discord about a member ended.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct LookupLabels {
    outcome: &'static str,
}

/// The membership lookups asked of Discord, by outcome.
pub(crate) type Lookups = Family<LookupLabels, Counter>;

/// Counts one lookup that ended in `outcome` (`member`, `not_member`, `forbidden`, `failed`).
pub(crate) fn count_lookup(lookups: &Lookups, outcome: &'static str) {
    lookups.get_or_create(&LookupLabels { outcome }).inc();
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct JobLabels {
    job: &'static str,
}

/// Latency buckets: 5 ms to about 10 s, doubling (Discord waits 3 s for the first answer).
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.005, 2.0, 12))
}

/// The bot's metrics: the interactions counted as they are handled, and gauges filled from the
/// service when scraped.
#[derive(Debug)]
pub(crate) struct Metrics {
    registry: Registry,
    interactions: Family<InteractionLabels, Counter>,
    latency: Family<KindLabels, Histogram, fn() -> Histogram>,
    undelivered: Gauge,
    oldest_undelivered: Gauge<f64, std::sync::atomic::AtomicU64>,
    jobs_waiting: Family<JobLabels, Gauge>,
    lookups: Lookups,
    rate_limits: RateLimits,
}

impl Metrics {
    /// The metrics of a bot over `service`, added to `registry` (whose prefix is `dama`; the
    /// binary registers the web face's there first).
    pub(crate) fn new(service: &GameService, mut registry: Registry) -> Metrics {
        let interactions = Family::<InteractionLabels, Counter>::default();
        registry.register(
            "interactions",
            "Interactions handled, by kind (command, autocomplete, component), name (the \
             subcommand or the component's verb) and outcome (ok, refused, failed)",
            interactions.clone(),
        );
        let latency = Family::<KindLabels, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        registry.register(
            "interaction_duration_seconds",
            "Time from receiving an interaction to the end of its handling (the computer's reply \
             included), by kind and name",
            latency.clone(),
        );
        let undelivered = Gauge::default();
        registry.register(
            "outbox_backlog",
            "Notices written but not delivered yet (all instances)",
            undelivered.clone(),
        );
        let oldest_undelivered = Gauge::<f64, std::sync::atomic::AtomicU64>::default();
        registry.register(
            "outbox_oldest_age_seconds",
            "How long the oldest undelivered notice has waited (0 when none waits)",
            oldest_undelivered.clone(),
        );
        let jobs_waiting = Family::<JobLabels, Gauge>::default();
        registry.register(
            "jobs_waiting",
            "Jobs waiting in the database (all instances), by job: review (queued or under \
             way), computer_turn (the computer to move), time_out (a deadline passed, not yet \
             swept), challenge_expiry (a challenge lapsed, not yet swept)",
            jobs_waiting.clone(),
        );
        registry.register_collector(Box::new(ServiceNumbers {
            service: service.clone(),
        }));
        let lookups = Lookups::default();
        registry.register(
            "member_lookups",
            "Questions to Discord whether a member is in a server (asked by the service's \
             membership directory, within its cache and bounds), by outcome: member, \
             not_member, forbidden (403), failed",
            lookups.clone(),
        );
        let rate_limits = RateLimits::registered(&mut registry);
        Metrics {
            rate_limits,
            registry,
            interactions,
            latency,
            undelivered,
            oldest_undelivered,
            jobs_waiting,
            lookups,
        }
    }

    /// Counts a wait of serenity's rate limiter (see [`crate::rate_limits`]).
    pub(crate) fn rate_limited(&self, info: &RatelimitInfo) {
        self.rate_limits.record(info);
    }

    /// The count of refused requests (see [`crate::rate_limits`]), for each part that meets
    /// them.
    pub(crate) fn refusals(&self) -> &RateLimits {
        &self.rate_limits
    }

    /// The counter of membership lookups, for the lookup to count into.
    pub(crate) fn lookups(&self) -> Lookups {
        self.lookups.clone()
    }

    /// Counts an interaction handled as `handled` says, ending in `outcome` after `took`.
    pub(crate) fn interaction(&self, handled: &Handled, outcome: Outcome, took: Duration) {
        self.interactions
            .get_or_create(&InteractionLabels {
                kind: handled.kind,
                name: handled.name,
                outcome: outcome.label(),
            })
            .inc();
        self.latency
            .get_or_create(&KindLabels {
                kind: handled.kind,
                name: handled.name,
            })
            .observe(took.as_secs_f64());
    }

    /// The metrics now, in Prometheus' text format: the backlog is read from the database
    /// first (on failure the last values read stand, and the failure is logged).
    async fn scrape(&self, service: &GameService) -> String {
        match service.backlog().await {
            Ok(backlog) => {
                let gauge = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
                self.undelivered.set(gauge(backlog.undelivered_notices));
                self.oldest_undelivered
                    .set(backlog.oldest_undelivered.map_or(0.0, |d| d.as_secs_f64()));
                for (job, n) in [
                    ("review", backlog.reviews),
                    ("computer_turn", backlog.computer_turns),
                    ("time_out", backlog.past_deadline),
                    ("challenge_expiry", backlog.lapsed_challenges),
                ] {
                    self.jobs_waiting
                        .get_or_create(&JobLabels { job })
                        .set(gauge(n));
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot read the backlog for the metrics"),
        }
        self.rate_limits.refresh();
        let mut text = String::new();
        if let Err(e) =
            prometheus_client::encoding::prometheus_text::encode(&mut text, &self.registry)
        {
            tracing::error!(error = %e, "cannot encode the metrics");
        }
        text
    }
}

/// The service's own numbers, read at each scrape: its moves, the computer's queue, the pool.
#[derive(Debug)]
struct ServiceNumbers {
    service: GameService,
}

impl Collector for ServiceNumbers {
    fn encode(&self, mut encoder: DescriptorEncoder<'_>) -> Result<(), std::fmt::Error> {
        let moves = self.service.moves_played();
        let mut family = encoder.encode_descriptor(
            "moves",
            "Moves played by this instance since it started, by who played them (player, \
             computer).",
            None,
            prometheus_client::metrics::MetricType::Counter,
        )?;
        for (by, n) in [
            ("player", moves.by_players),
            ("computer", moves.by_computer),
        ] {
            ConstCounter::new(n).encode(family.encode_family(&[("by", by)])?)?;
        }

        ConstCounter::new(self.service.leases_taken_over()).encode(encoder.encode_descriptor(
            "leases_taken_over",
            "Leases (notices being sent, computer turns, reviews, sweep jobs) this instance took \
             over from instances that died holding them, since it started.",
            None,
            prometheus_client::metrics::MetricType::Counter,
        )?)?;

        let queue = self.service.engine_queue();
        let mut family = encoder.encode_descriptor(
            "engine_searches",
            "The computer's searches in this instance, by state: running, or waiting for a \
             turn (members are served in turn).",
            None,
            prometheus_client::metrics::MetricType::Gauge,
        )?;
        for (state, n) in [("running", queue.running), ("waiting", queue.waiting)] {
            gauge(n).encode(family.encode_family(&[("state", state)])?)?;
        }
        gauge(queue.members_waiting).encode(encoder.encode_descriptor(
            "engine_members_waiting",
            "Members with searches of the computer waiting in this instance.",
            None,
            prometheus_client::metrics::MetricType::Gauge,
        )?)?;
        gauge(queue.longest_member_queue).encode(encoder.encode_descriptor(
            "engine_longest_member_queue",
            "The most searches of the computer waiting for one member in this instance.",
            None,
            prometheus_client::metrics::MetricType::Gauge,
        )?)?;

        let pool = self.service.pool_use();
        let mut family = encoder.encode_descriptor(
            "db_connections",
            "This instance's database connections, by state: in_use or idle.",
            None,
            prometheus_client::metrics::MetricType::Gauge,
        )?;
        let in_use = pool.open.saturating_sub(pool.idle);
        for (state, n) in [("in_use", in_use), ("idle", pool.idle)] {
            gauge(n).encode(family.encode_family(&[("state", state)])?)?;
        }
        gauge(pool.max).encode(encoder.encode_descriptor(
            "db_connections_max",
            "The most database connections this instance opens.",
            None,
            prometheus_client::metrics::MetricType::Gauge,
        )?)?;
        Ok(())
    }
}

/// A gauge of a count.
fn gauge(n: impl TryInto<i64>) -> ConstGauge<i64> {
    ConstGauge::new(n.try_into().unwrap_or(i64::MAX))
}

/// How interactions reach this bot, for `/readyz`.
#[derive(Debug, Clone)]
pub(crate) enum Link {
    /// Over the gateway: up while the service counts the bot connected.
    Gateway,
    /// Over the HTTP endpoint: up while it listens (set by the endpoint's server).
    Endpoint(Arc<AtomicBool>),
}

impl Link {
    /// Why interactions cannot arrive now, if they cannot.
    fn down(&self, service: &GameService) -> Option<&'static str> {
        match self {
            Link::Gateway => service
                .outage_since()
                .map(|_| "the gateway is not connected"),
            Link::Endpoint(up) => {
                (!up.load(Ordering::Relaxed)).then_some("the HTTP endpoint is not listening")
            }
        }
    }
}

#[derive(Clone)]
struct MonitorState {
    app: Arc<App>,
    link: Link,
}

/// `/healthz` alone: what a public listener serves.
pub(crate) fn health() -> Router {
    Router::new().route(HEALTH_PATH, get(|| async { "ok\n" }))
}

/// `/metrics`, `/healthz` and `/readyz` of the bot `app`, receiving interactions by `link`.
pub(crate) fn routes(app: Arc<App>, link: Link) -> Router {
    Router::new()
        .route(METRICS_PATH, get(metrics))
        .route(HEALTH_PATH, get(|| async { "ok\n" }))
        .route(READY_PATH, get(ready))
        .with_state(MonitorState { app, link })
}

async fn metrics(State(state): State<MonitorState>) -> Response {
    let text = state.app.metrics.scrape(&state.app.service).await;
    let content_type = prometheus_client::encoding::prometheus_text::CONTENT_TYPE;
    ([(header::CONTENT_TYPE, content_type)], text).into_response()
}

async fn ready(State(state): State<MonitorState>) -> Response {
    let mut missing = Vec::new();
    if let Err(e) = state.app.service.database_answers().await {
        tracing::warn!(error = %e, "not ready: the database does not answer");
        missing.push("the database does not answer");
    }
    if let Some(down) = state.link.down(&state.app.service) {
        missing.push(down);
    }
    if missing.is_empty() {
        return (StatusCode::OK, "ready\n").into_response();
    }
    let why = format!("not ready: {}\n", missing.join("; "));
    (StatusCode::SERVICE_UNAVAILABLE, why).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_service::service::ServiceConfig;

    #[test]
    fn an_outcome_survives_its_round_trip_through_a_byte() {
        for outcome in [Outcome::Ok, Outcome::Refused, Outcome::Failed] {
            assert_eq!(Outcome::from_u8(outcome as u8), outcome);
        }
        assert_eq!(Outcome::from_u8(200), Outcome::Ok);
    }

    #[tokio::test]
    async fn an_interaction_is_counted_by_kind_name_and_outcome_and_timed() {
        let dir = tempfile::tempdir().expect("a directory");
        let url = format!("sqlite://{}", dir.path().join("dama.db").display());
        let pool = dama_service::connect(&url).await.expect("a database");
        let service = GameService::new(pool, ServiceConfig::default());
        let metrics = Metrics::new(&service, Registry::with_prefix("dama"));
        let moved = Handled {
            kind: "command",
            name: "move",
            game: None,
        };
        metrics.interaction(&moved, Outcome::Refused, Duration::from_millis(12));
        metrics.interaction(&moved, Outcome::Ok, Duration::from_millis(3));
        let text = metrics.scrape(&service).await;
        for line in [
            "# TYPE dama_interactions_total counter",
            r#"dama_interactions_total{kind="command",name="move",outcome="refused"} 1"#,
            r#"dama_interactions_total{kind="command",name="move",outcome="ok"} 1"#,
            "# TYPE dama_interaction_duration_seconds histogram",
            r#"dama_interaction_duration_seconds_bucket{kind="command",name="move",le="0.005"} 1"#,
            r#"dama_interaction_duration_seconds_bucket{kind="command",name="move",le="0.02"} 2"#,
            r#"dama_interaction_duration_seconds_count{kind="command",name="move"} 2"#,
            r#"dama_moves_total{by="player"} 0"#,
            "dama_leases_taken_over_total 0",
            r#"dama_jobs_waiting{job="review"} 0"#,
            "dama_outbox_backlog 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
    }
}
