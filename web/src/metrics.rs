//! What the web face tells the bot's `/metrics`: requests by route and status with their
//! latency, requests shed (refused for want of room), the event streams open, sign-ins with
//! Discord by outcome, and the questions asked of Discord about server membership. Every
//! request also runs inside a `tracing` span named `web` with its method and route.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tracing::Instrument;

use super::Web;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteStatus {
    route: String,
    status: u16,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabel {
    route: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabel {
    reason: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabel {
    outcome: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 14))
}

/// The web face's metrics; clones share them.
#[derive(Debug, Clone)]
pub struct WebMetrics {
    requests: Family<RouteStatus, Counter>,
    latency: Family<RouteLabel, Histogram, fn() -> Histogram>,
    shed: Family<ReasonLabel, Counter>,
    streams_open: Gauge,
    streams_max: Gauge,
    sign_ins: Family<OutcomeLabel, Counter>,
}

impl Default for WebMetrics {
    fn default() -> WebMetrics {
        WebMetrics {
            requests: Family::default(),
            latency: Family::new_with_constructor(latency_histogram),
            shed: Family::default(),
            streams_open: Gauge::default(),
            streams_max: Gauge::default(),
            sign_ins: Family::default(),
        }
    }
}

impl WebMetrics {
    /// Adds them to `registry` (whose prefix is the bot's, `dama`).
    pub fn register(&self, registry: &mut Registry) {
        registry.register(
            "web_requests",
            "Requests to the web pages, by route (its pattern, e.g. /game/{token}) and status",
            self.requests.clone(),
        );
        registry.register(
            "web_request_duration_seconds",
            "Time from a web request's arrival to its answer's head (an event stream's: to its \
             start), by route",
            self.latency.clone(),
        );
        registry.register(
            "web_shed",
            "Web requests refused for want of room, by reason: busy (the requests handled at \
             once), streams_full (the process's streams), client_full (one address's streams), \
             setting_up (streams being set up)",
            self.shed.clone(),
        );
        registry.register(
            "web_streams_open",
            "The pages' event streams open now",
            self.streams_open.clone(),
        );
        registry.register(
            "web_streams_max",
            "The most event streams open at once, from the process's limit of open files",
            self.streams_max.clone(),
        );
        registry.register(
            "web_sign_ins",
            "Sign-ins with Discord (web and Activity), by outcome: ok, refused (Discord said no \
             to the code), busy (too many at once, not sent), failed (Discord unreachable or \
             answering wrongly)",
            self.sign_ins.clone(),
        );
    }

    pub(crate) fn shed(&self, reason: &'static str) {
        self.shed.get_or_create(&ReasonLabel { reason }).inc();
    }

    pub(crate) fn sign_in(&self, outcome: &'static str) {
        self.sign_ins.get_or_create(&OutcomeLabel { outcome }).inc();
    }

    pub(crate) fn streams(&self, open: usize, max: usize) {
        self.streams_open
            .set(i64::try_from(open).unwrap_or(i64::MAX));
        self.streams_max.set(i64::try_from(max).unwrap_or(i64::MAX));
    }

    /// The gauge of the streams open, which the streams' places move.
    pub(crate) fn open_gauge(&self) -> Gauge {
        self.streams_open.clone()
    }
}

/// Counts and times each request by its route, inside a span of its own.
pub(crate) async fn observe(State(web): State<Web>, request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("other", MatchedPath::as_str)
        .to_owned();
    let span = tracing::info_span!("web", method = %request.method(), route = %route);
    let started = Instant::now();
    let response = next.run(request).instrument(span).await;
    let metrics = web.metrics();
    metrics
        .latency
        .get_or_create(&RouteLabel {
            route: route.clone(),
        })
        .observe(started.elapsed().as_secs_f64());
    metrics
        .requests
        .get_or_create(&RouteStatus {
            route,
            status: response.status().as_u16(),
        })
        .inc();
    response
}
