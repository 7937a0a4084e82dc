//! Discord's rate limits as the bot meets them: serenity's rate limiter reads `X-RateLimit-*`
//! and `Retry-After` and waits; this counts the waits it reports, over the last ten minutes,
//! against the budget past which Discord bans the bot's address.
//!
//! Discord bans an address for a while once it has made 10,000 invalid requests (answered 401,
//! 403 or 429; a 429 of `shared` scope excepted) within 10 minutes. Serenity reports every 429
//! it waits out through its rate-limit callback, and every wait it takes before sending into a
//! bucket it knows is empty the same way, without saying which: the count here is therefore an
//! upper bound of the 429s, safe to warn on. [`WARN_AT`] of them within the window logs a
//! warning (once each time the count climbs past it).
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
use serenity::http::RatelimitInfo;

/// The span Discord counts invalid requests over.
pub const WINDOW: Duration = Duration::from_secs(10 * 60);
/// Invalid requests within [`WINDOW`] that get the bot's address banned.
pub const DISCORD_BAN_AT: usize = 10_000;
/// Rate-limit waits within [`WINDOW`] that log a warning: a tenth of the ban, far enough below
/// it for an operator to act.
pub const WARN_AT: usize = DISCORD_BAN_AT / 10;

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
             invalid requests in 10 minutes; a warning is logged at 1,000",
            limits.recent.clone(),
        );
        limits
    }

    /// Counts one wait serenity reports.
    pub(crate) fn record(&self, info: &RatelimitInfo) {
        self.note(info.global, &info.path);
    }

    /// Counts one wait of `global` scope or not, on `path`.
    fn note(&self, global: bool, path: &str) {
        let scope = if global { "global" } else { "route" };
        self.total.get_or_create(&ScopeLabels { scope }).inc();
        let recent = self.window().record(Instant::now());
        self.recent.set(i64::try_from(recent).unwrap_or(i64::MAX));
        if recent == WARN_AT {
            tracing::warn!(
                waits = recent,
                ban_at = DISCORD_BAN_AT,
                path,
                "Discord rate-limited the bot {recent} times in 10 minutes: it bans the \
                 address at {DISCORD_BAN_AT} refused requests"
            );
        } else {
            tracing::debug!(path, global, "rate limited");
        }
    }

    /// Brings the gauge to the window ending now (waits age out of it between two scrapes).
    pub(crate) fn refresh(&self) {
        let recent = self.window().count(Instant::now());
        self.recent.set(i64::try_from(recent).unwrap_or(i64::MAX));
    }

    fn window(&self) -> std::sync::MutexGuard<'_, Window> {
        self.window.lock().unwrap_or_else(PoisonError::into_inner)
    }
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
