//! Fault injection: make the next REST requests fail with a chosen status, or cut them off.
//!
//! A fault applies to the next `n` REST requests (optionally only those whose path starts with a
//! prefix, given with or without `/api/v10`). Faulted requests are recorded like any other, with
//! the injected status, and have no other effect. The gateway WebSocket is never faulted.
//!
//! An outage that lasts until the test ends it is a fault with `n = usize::MAX`
//! ([`Fault::until_cleared`]): it is never used up, and
//! [`FakeDiscord::clear_faults`](crate::FakeDiscord::clear_faults) (or
//! [`clear_faults_matching`](crate::FakeDiscord::clear_faults_matching)) ends it.
//!
//! A [`Cut`] fault fails at the network level instead: the connection closes without any
//! answer, so the client sees an I/O error rather than a status. Cut before handling, the request
//! has no effect; cut after handling, its effect stays (the message exists) and only the answer
//! is lost: the case `nonce` with `enforce_nonce` exists for. A cut request is recorded with
//! status 0 and, after handling, the answer the client never got as its `response`. A fault may
//! also hang its request for a while ([`Fault::stalled`]), so that a test can kill the client
//! while it waits.

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use serde_json::{Value, json};

use crate::recorder::api_relative;
use crate::rest::Reply;

/// Where a network-level failure cuts a request off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// The connection closes before the stand-in handles the request: nothing happens.
    BeforeHandling,
    /// The stand-in handles the request (a message is created, an interaction answered), then
    /// the connection closes before the answer is sent.
    AfterHandling,
}

/// One injected failure, pending for `remaining` more requests.
#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    /// HTTP status to answer with (429, 500, 502, …).
    pub status: u16,
    /// Only requests whose path starts with this (with or without `/api/v10`).
    pub path_prefix: Option<String>,
    /// How many more requests fail; `usize::MAX` means until cleared.
    pub remaining: usize,
    /// For 429: the `retry_after` (body) and `Retry-After` (header, rounded up) to announce.
    pub retry_after: Duration,
    /// For 429: whether the limit is announced as global.
    pub global: bool,
    /// Instead of answering with `status`, close the connection (see [`Cut`]).
    pub cut: Option<Cut>,
    /// How long the request hangs before its answer (or its cut) goes out: a slow Discord, or
    /// a client killed while it waits.
    pub stall: Duration,
}

impl Fault {
    /// `n` failures with `status` on any path, 50 ms `retry_after`, not global.
    #[must_use]
    pub fn new(n: usize, status: u16) -> Self {
        Self {
            status,
            path_prefix: None,
            remaining: n,
            retry_after: Duration::from_millis(50),
            global: false,
            cut: None,
            stall: Duration::ZERO,
        }
    }

    /// Every request fails with `status` until the fault is cleared: an outage.
    #[must_use]
    pub fn until_cleared(status: u16) -> Self {
        Self::new(usize::MAX, status)
    }

    /// `n` requests on any path are cut off at the network level at `cut`; no status is sent.
    #[must_use]
    pub fn cut(n: usize, cut: Cut) -> Self {
        Self {
            cut: Some(cut),
            ..Self::new(n, 0)
        }
    }

    /// Restricts the fault to paths starting with `prefix`.
    #[must_use]
    pub fn on_path(mut self, prefix: impl Into<String>) -> Self {
        self.path_prefix = Some(prefix.into());
        self
    }

    /// Sets the announced retry delay (429).
    #[must_use]
    pub fn retry_after(mut self, retry_after: Duration) -> Self {
        self.retry_after = retry_after;
        self
    }

    /// Makes the request hang for `stall` before its answer, or its cut, goes out (a cut after
    /// handling has its effect at once, then hangs).
    #[must_use]
    pub fn stalled(mut self, stall: Duration) -> Self {
        self.stall = stall;
        self
    }

    /// Announces the rate limit as global (429).
    #[must_use]
    pub fn global(mut self, global: bool) -> Self {
        self.global = global;
        self
    }

    fn matches(&self, path: &str) -> bool {
        self.path_prefix
            .as_deref()
            .is_none_or(|prefix| path.starts_with(prefix) || api_relative(path).starts_with(prefix))
    }

    /// The answer Discord gives for this status.
    pub(crate) fn reply(&self) -> Reply {
        if self.cut.is_some() {
            // Nothing reaches the client; the stand-in sends no answer of its own.
            Reply::json(0, Value::Null)
        } else if self.status == 429 {
            let seconds = self.retry_after.as_secs_f64();
            let header_seconds =
                self.retry_after.as_secs() + u64::from(self.retry_after.subsec_nanos() > 0);
            let scope = if self.global { "global" } else { "user" };
            let mut reply = Reply::json(
                429,
                json!({
                    "message": "You are being rate limited.",
                    "retry_after": seconds,
                    "global": self.global,
                    "code": 0,
                }),
            )
            .header("retry-after", header_seconds.to_string())
            .header("x-ratelimit-scope", scope.to_owned());
            if self.global {
                reply = reply.header("x-ratelimit-global", "true".to_owned());
            } else {
                reply = reply
                    .header("x-ratelimit-limit", "5".to_owned())
                    .header("x-ratelimit-remaining", "0".to_owned())
                    .header("x-ratelimit-reset-after", format!("{seconds:.3}"))
                    .header("x-ratelimit-bucket", "fake-bucket".to_owned());
            }
            reply
        } else {
            let reason = axum::http::StatusCode::from_u16(self.status)
                .ok()
                .and_then(|s| s.canonical_reason())
                .unwrap_or("Error");
            Reply::json(
                self.status,
                json!({"message": format!("{}: {reason}", self.status), "code": 0}),
            )
        }
    }
}

/// The pending faults, first added first used.
#[derive(Debug, Default)]
pub(crate) struct Faults(Mutex<Vec<Fault>>);

impl Faults {
    fn lock(&self) -> MutexGuard<'_, Vec<Fault>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn add(&self, fault: Fault) {
        if fault.remaining > 0 {
            self.lock().push(fault);
        }
    }

    pub(crate) fn clear(&self) {
        self.lock().clear();
    }

    /// How many faults still wait for a request.
    pub(crate) fn pending(&self) -> usize {
        self.lock().len()
    }

    /// Removes the faults restricted to exactly `prefix`.
    pub(crate) fn clear_matching(&self, prefix: &str) {
        self.lock()
            .retain(|f| f.path_prefix.as_deref() != Some(prefix));
    }

    /// Uses up one failure of the first fault matching `path`, if any.
    pub(crate) fn take(&self, path: &str) -> Option<Fault> {
        let mut faults = self.lock();
        let index = faults.iter().position(|f| f.matches(path))?;
        let fault = &mut faults[index];
        if fault.remaining != usize::MAX {
            fault.remaining -= 1;
        }
        let taken = fault.clone();
        if fault.remaining == 0 {
            faults.remove(index);
        }
        Some(taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_are_used_up_in_order_and_by_prefix() {
        let faults = Faults::default();
        faults.add(Fault::new(1, 500).on_path("/channels/"));
        faults.add(Fault::new(2, 429));
        assert_eq!(
            faults
                .take("/api/v10/interactions/1/t/callback")
                .map(|f| f.status),
            Some(429)
        );
        assert_eq!(
            faults
                .take("/api/v10/channels/1/messages")
                .map(|f| f.status),
            Some(500)
        );
        assert_eq!(
            faults
                .take("/api/v10/channels/1/messages")
                .map(|f| f.status),
            Some(429)
        );
        assert_eq!(faults.take("/api/v10/channels/1/messages"), None);
    }

    #[test]
    fn an_outage_lasts_until_cleared() {
        let faults = Faults::default();
        faults.add(Fault::until_cleared(503).on_path("/channels/"));
        faults.add(Fault::until_cleared(500).on_path("/webhooks/"));
        for _ in 0..1000 {
            assert_eq!(
                faults
                    .take("/api/v10/channels/1/messages")
                    .map(|f| f.status),
                Some(503)
            );
        }
        assert_eq!(faults.take("/api/v10/interactions/1/t/callback"), None);
        faults.clear_matching("/channels/");
        assert_eq!(faults.take("/api/v10/channels/1/messages"), None);
        assert!(faults.take("/api/v10/webhooks/1/t").is_some(), "still down");
        faults.clear();
        assert_eq!(faults.take("/api/v10/webhooks/1/t"), None);
    }

    #[test]
    fn cuts_are_used_up_like_other_faults() {
        let faults = Faults::default();
        faults.add(Fault::cut(1, Cut::AfterHandling).on_path("/channels/"));
        let taken = faults.take("/api/v10/channels/1/messages");
        assert_eq!(taken.and_then(|f| f.cut), Some(Cut::AfterHandling));
        assert_eq!(faults.take("/api/v10/channels/1/messages"), None);
    }

    #[test]
    fn rate_limit_reply_has_discord_headers_and_body() {
        let reply = Fault::new(1, 429)
            .retry_after(Duration::from_millis(50))
            .reply();
        assert_eq!(reply.status, 429);
        assert_eq!(reply.body["retry_after"], json!(0.05));
        assert_eq!(reply.body["global"], json!(false));
        assert!(
            reply
                .headers
                .iter()
                .any(|(k, v)| *k == "retry-after" && v == "1")
        );
    }
}
