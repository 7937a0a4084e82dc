//! The HTTP interactions endpoint: Discord POSTs each interaction to the application's
//! Interactions Endpoint URL, signed with Ed25519 over the timestamp and the body. A request is
//! bounded before its signature is checked: its headers must arrive within 5 seconds (the
//! server's, see `server`), its body within 10 (408) and be at most 256 KiB (413), and at most
//! 128 requests are handled at once (503 beyond: see [`MAX_IN_FLIGHT`]). Then it is checked
//! (401 for a missing or bad signature, or a timestamp more than five minutes from now, 409 for
//! an interaction already taken in that window),
//! a PING is answered with a PONG, and any other interaction goes to the same handlers as one
//! from the gateway. They answer through Discord's callback endpoint, as over the gateway, so
//! the HTTP request itself is answered `202 Accepted` with no body, as Discord asks of an
//! interaction answered that way. Several instances can serve the same URL behind a load
//! balancer: each interaction reaches one of them.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::Bytes;
use axum::error_handling::HandleErrorLayer;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serenity::all::{Http, Interaction};
use serenity::interactions_endpoint::Verifier;
use tower::ServiceBuilder;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;

use super::app::App;

/// The path Discord POSTs to (the Interactions Endpoint URL ends with it).
pub const PATH: &str = "/interactions";

/// How far a request's timestamp may be from now: older ones are replays.
const MAX_SKEW: Duration = Duration::from_secs(5 * 60);

/// The largest request body read: an interaction is a few kilobytes; a larger body is refused
/// (413) before its signature is checked.
const MAX_BODY: usize = 256 * 1024;

/// How long a request's body may take to arrive, from the end of its headers: a client
/// sending it byte by byte is answered 408 and disconnected.
pub const BODY_WAIT: Duration = Duration::from_secs(10);

/// Requests handled at once by an instance. One more is refused at once with 503 rather than
/// queued: each holds its place until its interaction is answered (up to 2.5 seconds), so
/// a queued request would mostly miss Discord's 3 seconds anyway, and refusing keeps the
/// instance answering the requests it has (behind a load balancer, Discord's next ones may
/// reach another instance). Requests in flight are the rate times the time to answer: 128 is
/// 700 moves a second answered in 180 ms, past what an instance sustains on a 2-core machine
/// (the load benchmark's 200 games saturating two instances keep 100 in flight on each); at
/// most 128 bodies of 256 KiB, 32 MiB, are held at once.
pub const MAX_IN_FLIGHT: usize = 128;

/// How long the HTTP request waits for the handler to answer through the callback endpoint
/// before it is answered 202 anyway (the handler goes on).
const ANSWER_WAIT: Duration = Duration::from_millis(2_500);

/// What the endpoint's handlers share.
#[derive(Clone)]
struct EndpointState {
    app: Arc<App>,
    http: Arc<Http>,
    verifier: Verifier,
    /// The interactions handled within the timestamp window.
    recent: Arc<Mutex<Recent>>,
}

/// The endpoint's routes: `POST /interactions`, with bodies of at most [`MAX_BODY`] and at
/// most [`MAX_IN_FLIGHT`] requests at once.
pub(crate) fn router(app: Arc<App>, http: Arc<Http>, verifier: Verifier) -> Router {
    let bounded = ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
            refused(StatusCode::SERVICE_UNAVAILABLE, "too many requests at once")
        }))
        .layer(LoadShedLayer::new())
        .layer(GlobalConcurrencyLimitLayer::new(MAX_IN_FLIGHT));
    Router::new()
        .route(PATH, post(interaction).layer(bounded))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(EndpointState {
            app,
            http,
            verifier,
            recent: Arc::default(),
        })
}

/// The ids of the interactions this instance took in the last [`MAX_SKEW`]: a signed request
/// sent again within its timestamp window (a replay) is not handled twice. Older ids need no
/// keeping, since their timestamps are refused as stale.
#[derive(Debug, Default)]
struct Recent {
    ids: HashSet<String>,
    order: VecDeque<(Instant, String)>,
}

impl Recent {
    /// Notes `id` as taken at `now`; `false` when it was taken already within the window.
    fn first_time(&mut self, id: &str, now: Instant) -> bool {
        while let Some((at, _)) = self.order.front() {
            if now.duration_since(*at) <= MAX_SKEW {
                break;
            }
            if let Some((_, old)) = self.order.pop_front() {
                self.ids.remove(&old);
            }
        }
        if !self.ids.insert(id.to_owned()) {
            return false;
        }
        self.order.push_back((now, id.to_owned()));
        true
    }
}

/// Why a request is refused before anything is done with it.
fn refused(status: StatusCode, why: &'static str) -> Response {
    tracing::debug!(%status, why, "an interaction request was refused");
    (status, why).into_response()
}

async fn interaction(
    State(endpoint): State<EndpointState>,
    headers: HeaderMap,
    request: Request,
) -> Response {
    let body = match tokio::time::timeout(BODY_WAIT, Bytes::from_request(request, &())).await {
        Ok(Ok(body)) => body,
        // Over the size limit (413), or cut off.
        Ok(Err(rejection)) => {
            tracing::debug!(status = %rejection.status(), "an interaction request's body was refused");
            return rejection.into_response();
        }
        Err(_) => return refused(StatusCode::REQUEST_TIMEOUT, "the body came too slowly"),
    };
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(signature), Some(timestamp)) = (
        header("X-Signature-Ed25519"),
        header("X-Signature-Timestamp"),
    ) else {
        return refused(StatusCode::UNAUTHORIZED, "missing signature");
    };
    if endpoint
        .verifier
        .verify(signature, timestamp, &body)
        .is_err()
    {
        return refused(StatusCode::UNAUTHORIZED, "bad signature");
    }
    if !is_fresh(timestamp, SystemTime::now()) {
        return refused(StatusCode::UNAUTHORIZED, "stale timestamp");
    }
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return refused(StatusCode::BAD_REQUEST, "not JSON");
    };
    if value["type"] == 1 {
        let pong = [(axum::http::header::CONTENT_TYPE, "application/json")];
        return (pong, r#"{"type":1}"#).into_response();
    }
    let id = value["id"].as_str().unwrap_or_default().to_owned();
    let first = endpoint
        .recent
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .first_time(&id, Instant::now());
    if !first {
        return refused(StatusCode::CONFLICT, "already handled");
    }
    let interaction = match serde_json::from_value::<Interaction>(value) {
        Ok(interaction) => interaction,
        Err(e) => {
            tracing::warn!(error = %e, "an interaction request does not parse");
            return refused(StatusCode::BAD_REQUEST, "not an interaction");
        }
    };
    let handled = tokio::spawn(async move {
        endpoint.app.dispatch(&endpoint.http, &interaction).await;
    });
    // Answered through the callback endpoint by now, or soon (the handler goes on).
    let _ = tokio::time::timeout(ANSWER_WAIT, handled).await;
    StatusCode::ACCEPTED.into_response()
}

/// Whether `timestamp` (unix seconds, as Discord sends it) is within [`MAX_SKEW`] of `now`.
fn is_fresh(timestamp: &str, now: SystemTime) -> bool {
    let (Ok(sent), Ok(now)) = (timestamp.parse::<u64>(), now.duration_since(UNIX_EPOCH)) else {
        return false;
    };
    now.as_secs().abs_diff(sent) <= MAX_SKEW.as_secs()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interaction_is_taken_once_within_the_window_and_forgotten_after() {
        let mut recent = Recent::default();
        let start = Instant::now();
        assert!(recent.first_time("1", start));
        assert!(recent.first_time("2", start + Duration::from_secs(1)));
        assert!(!recent.first_time("1", start + Duration::from_secs(2)));
        assert!(!recent.first_time("2", start + MAX_SKEW));
        // Past the window the id is forgotten (its timestamp would be refused anyway), and so
        // the set stays as small as the window's traffic.
        let later = start + MAX_SKEW + Duration::from_secs(2);
        assert!(recent.first_time("1", later));
        assert_eq!(recent.ids.len(), 1);
        assert_eq!(recent.order.len(), 1);
    }

    #[test]
    fn a_timestamp_is_fresh_within_five_minutes_either_way() {
        let now = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        assert!(is_fresh("1800000000", now));
        assert!(is_fresh("1799999700", now));
        assert!(is_fresh("1800000300", now));
        assert!(!is_fresh("1799999699", now));
        assert!(!is_fresh("1800000301", now));
        assert!(!is_fresh("soon", now));
        assert!(!is_fresh("", now));
    }
}
