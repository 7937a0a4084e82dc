//! Discord's refusals as the bot meets them, over the last ten minutes, against the budget
//! past which Discord bans the bot's address.
//!
//! Discord bans an address for a while once it has made 10,000 invalid requests (answered 401,
//! 403 or 429; a 429 of `shared` scope excepted) within 10 minutes. Two kinds are counted:
//! - **Rate-limit waits.** Serenity's rate limiter reads `X-RateLimit-*` and `Retry-After` and
//!   waits; it reports every 429 it waits out through its rate-limit callback, and every wait
//!   it takes before sending into a bucket it knows is empty the same way, without saying
//!   which: the count is therefore an upper bound of the 429s, safe to warn on.
//! - **Other refusals** (401, 403, 404, …): serenity hands them back as errors, and the bot
//!   counts each where it meets it ([`refused_status`] tells one from other failures).
//!
//! Both go into one window of refused requests; [`WARN_AT`] of them within it logs a warning
//! (once each time the count climbs past it).
//!
//! ```
//! use std::time::{Duration, Instant};
//! use dama_discord::rate_limits::{WINDOW, Window};
//!
//! let mut window = Window::default();
//! let start = Instant::now();
//! assert_eq!(window.record(start), 1);
//! assert_eq!(window.record(start + Duration::from_secs(1)), 2);
//! // Ten minutes after the first, only the second is left in the window.
//! assert_eq!(window.count(start + WINDOW), 1);
//! ```

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use serenity::http::{HttpError, RatelimitInfo};

/// The span Discord counts invalid requests over.
pub const WINDOW: Duration = Duration::from_secs(10 * 60);
/// Invalid requests within [`WINDOW`] that get the bot's address banned.
pub const DISCORD_BAN_AT: usize = 10_000;
/// Refused requests within [`WINDOW`] that log a warning: a tenth of the ban, far enough below
/// it for an operator to act.
pub const WARN_AT: usize = DISCORD_BAN_AT / 10;

/// The status of Discord's answer when `e` is a request Discord refused (4xx), other than a
/// 429 (serenity's rate limiter reports those as it waits them out).
///
/// ```
/// # use dama_discord::rate_limits::refused_status;
/// assert_eq!(refused_status(&serenity::Error::Other("no answer")), None);
/// ```
#[must_use]
pub fn refused_status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            ((400..500).contains(&status) && status != 429).then_some(status)
        }
        _ => None,
    }
}

/// The moments of the waits within the last [`WINDOW`].
#[derive(Debug, Default)]
pub struct Window {
    times: VecDeque<Instant>,
}

impl Window {
    /// Adds a wait at `now`; the waits within the window ending at `now`, this one included.
    pub fn record(&mut self, now: Instant) -> usize {
        self.times.push_back(now);
        self.count(now)
    }

    /// The waits within the window ending at `now`, forgetting older ones.
    pub fn count(&mut self, now: Instant) -> usize {
        while self
            .times
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= WINDOW)
        {
            self.times.pop_front();
        }
        self.times.len()
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StatusLabels {
    /// The HTTP status Discord answered: 401, 403, 404, …
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ScopeLabels {
    /// `global` (the bot's 50 requests a second) or `route` (one bucket).
    scope: &'static str,
}

/// The counts `/metrics` shows, and the window behind the gauge.
#[derive(Debug, Clone, Default)]
pub(crate) struct RateLimits {
    total: Family<ScopeLabels, Counter>,
    recent: Gauge,
    window: Arc<Mutex<Window>>,
    refused: Family<StatusLabels, Counter>,
    refused_recent: Gauge,
    /// Every refusal: the rate-limit waits and the other 4xx answers.
    refused_window: Arc<Mutex<Window>>,
}

impl RateLimits {
    /// The counts, registered in `registry`.
    pub(crate) fn registered(registry: &mut Registry) -> RateLimits {
        let limits = RateLimits::default();
        registry.register(
            "discord_rate_limited",
            "Requests serenity's rate limiter held back, by scope (route, global): each 429 \
             Discord answered, and each wait before sending into a bucket Discord said was \
             empty",
            limits.total.clone(),
        );
        registry.register(
            "discord_rate_limited_last_10m",
            "Rate-limit waits within the last 10 minutes (as of the latest one): an upper \
             bound of the 429s Discord counts towards banning the bot's address at 10,000 \
             invalid requests in 10 minutes",
            limits.recent.clone(),
        );
        registry.register(
            "discord_refused",
            "Requests Discord refused with a 4xx other than 429, by status (401, 403, 404, \
             ...), as the bot met them",
            limits.refused.clone(),
        );
        registry.register(
            "discord_refused_last_10m",
            "Refused requests within the last 10 minutes (as of the latest one): the \
             rate-limit waits and the other 4xx answers; Discord bans the bot's address at \
             10,000 invalid requests (401, 403, 429) in 10 minutes; a warning is logged at \
             1,000",
            limits.refused_recent.clone(),
        );
        limits
    }

    /// Counts `e` when it is a request Discord refused (see [`refused_status`]).
    pub(crate) fn failed(&self, e: &serenity::Error) {
        if let Some(status) = refused_status(e) {
            tracing::debug!(status, error = %e, "Discord refused a request");
            self.refused_with(status);
        }
    }

    /// Counts one request Discord answered `status`.
    fn refused_with(&self, status: u16) {
        self.refused.get_or_create(&StatusLabels { status }).inc();
        self.refusal(Instant::now());
    }

    /// Adds a refusal at `now` to the window, warning when the count reaches [`WARN_AT`].
    fn refusal(&self, now: Instant) {
        let recent = lock(&self.refused_window).record(now);
        self.refused_recent
            .set(i64::try_from(recent).unwrap_or(i64::MAX));
        if recent == WARN_AT {
            tracing::warn!(
                refused = recent,
                ban_at = DISCORD_BAN_AT,
                "Discord refused {recent} of the bot's requests in 10 minutes: it bans the \
                 address at {DISCORD_BAN_AT} refused requests"
            );
        }
    }

    /// Counts one wait serenity reports.
    pub(crate) fn record(&self, info: &RatelimitInfo) {
        self.note(info.global, &info.path);
    }

    /// Counts one wait of `global` scope or not, on `path`.
    fn note(&self, global: bool, path: &str) {
        let scope = if global { "global" } else { "route" };
        self.total.get_or_create(&ScopeLabels { scope }).inc();
        let now = Instant::now();
        let recent = lock(&self.window).record(now);
        self.recent.set(i64::try_from(recent).unwrap_or(i64::MAX));
        tracing::debug!(path, global, "rate limited");
        self.refusal(now);
    }

    /// Brings the gauge to the window ending now (waits age out of it between two scrapes).
    pub(crate) fn refresh(&self) {
        let now = Instant::now();
        let recent = lock(&self.window).count(now);
        self.recent.set(i64::try_from(recent).unwrap_or(i64::MAX));
        let refused = lock(&self.refused_window).count(now);
        self.refused_recent
            .set(i64::try_from(refused).unwrap_or(i64::MAX));
    }
}

fn lock(window: &Mutex<Window>) -> std::sync::MutexGuard<'_, Window> {
    window.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_older_than_ten_minutes_leave_the_window() {
        let mut window = Window::default();
        let start = Instant::now();
        for i in 0..5 {
            window.record(start + Duration::from_secs(i * 60));
        }
        assert_eq!(window.count(start + Duration::from_secs(4 * 60)), 5);
        assert_eq!(window.count(start + WINDOW + Duration::from_secs(90)), 3);
        assert_eq!(window.count(start + 2 * WINDOW), 0);
    }

    /// Serenity's error for a request Discord answered `status`, as serenity makes it.
    async fn answered(status: u16) -> serenity::Error {
        let response = reqwest::Response::from(
            axum::http::Response::builder()
                .status(status)
                .body(r#"{"code": 50013, "message": "Missing Permissions"}"#)
                .expect("a response"),
        );
        let error =
            serenity::http::ErrorResponse::from_response(response, reqwest::Method::POST).await;
        serenity::Error::Http(HttpError::UnsuccessfulRequest(error))
    }

    #[tokio::test]
    async fn a_refusal_is_told_from_a_rate_limit_and_a_failure_on_discords_side() {
        assert_eq!(refused_status(&answered(403).await), Some(403));
        assert_eq!(refused_status(&answered(404).await), Some(404));
        assert_eq!(refused_status(&answered(401).await), Some(401));
        // Serenity's rate limiter counts the 429s it waits out.
        assert_eq!(refused_status(&answered(429).await), None);
        assert_eq!(refused_status(&answered(502).await), None);
    }

    #[tokio::test]
    async fn refusals_and_waits_share_one_window_and_each_refusal_is_counted_by_status() {
        let mut registry = Registry::default();
        let limits = RateLimits::registered(&mut registry);
        limits.failed(&answered(403).await);
        limits.failed(&answered(403).await);
        limits.failed(&answered(404).await);
        limits.failed(&answered(503).await);
        limits.note(false, "/channels/1/messages");
        let count = |status| limits.refused.get_or_create(&StatusLabels { status }).get();
        assert_eq!((count(403), count(404), count(503)), (2, 1, 0));
        limits.refresh();
        assert_eq!(limits.refused_recent.get(), 4);
        assert_eq!(limits.recent.get(), 1, "the waits alone");
        let mut text = String::new();
        prometheus_client::encoding::prometheus_text::encode(&mut text, &registry)
            .expect("encoded");
        assert!(
            text.contains("discord_refused_total{status=\"403\"} 2"),
            "{text}"
        );
        assert!(text.contains("discord_refused_last_10m 4"), "{text}");
    }

    #[test]
    fn each_wait_is_counted_by_scope_and_in_the_window() {
        let mut registry = Registry::default();
        let limits = RateLimits::registered(&mut registry);
        limits.note(false, "/channels/1/messages");
        limits.note(false, "/channels/1/messages");
        limits.note(true, "/channels/2/messages");
        let count = |scope| limits.total.get_or_create(&ScopeLabels { scope }).get();
        assert_eq!((count("route"), count("global")), (2, 1));
        limits.refresh();
        assert_eq!(limits.recent.get(), 3);
        let mut text = String::new();
        prometheus_client::encoding::prometheus_text::encode(&mut text, &registry)
            .expect("encoded");
        assert!(
            text.contains("discord_rate_limited_total{scope=\"route\"} 2"),
            "{text}"
        );
        assert!(text.contains("discord_rate_limited_last_10m 3"), "{text}");
    }
}
