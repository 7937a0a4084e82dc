//! Retrying Discord requests that failed for a passing reason (rate limited, or a server
//! error): a game message must not be lost to one bad answer.
//!
//! In production serenity's rate limiter already waits out 429s; this covers the 5xx answers,
//! and the 429s that reach the bot when the rate limiter is off (a local stand-in).

use std::future::Future;
use std::time::Duration;

use serenity::http::HttpError;

use crate::rate_limits::RateLimits;

/// Waits before each retry: quick, then longer; well inside an interaction's 3 seconds.
const BACKOFF: [Duration; 2] = [Duration::from_millis(150), Duration::from_millis(750)];

/// Whether `e` is worth trying again: 429 Too Many Requests, or a 5xx server error.
pub(crate) fn is_transient(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code;
            status.as_u16() == 429 || status.is_server_error()
        }
        _ => false,
    }
}

/// Whether Discord refused a request as too large: 413, or error 40005 `Request entity too
/// large` (files over the upload limit). Trying again without the large file is what helps.
pub(crate) fn is_too_large(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.as_u16() == 413 || response.error.code == 40005
        }
        _ => false,
    }
}

/// Whether Discord refused a request because the thread is archived (error 50083): unarchiving
/// it is what helps.
pub(crate) fn is_archived_thread(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.error.code == 50083
    )
}

/// Runs `attempt` until it succeeds, fails for good, or has been retried after every
/// [`BACKOFF`] delay. `what` names the request in the log; a refusal that ends it is counted
/// in `refusals`.
pub(crate) async fn retrying<T, F, Fut>(
    refusals: &RateLimits,
    what: &str,
    mut attempt: F,
) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut delays = BACKOFF.into_iter();
    loop {
        match attempt().await {
            Err(e) if is_transient(&e) => match delays.next() {
                Some(delay) => {
                    tracing::warn!(request = what, error = %e, ?delay, "retrying");
                    tokio::time::sleep(delay).await;
                }
                None => return Err(e),
            },
            done => return done.inspect_err(|e| refusals.failed(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn a_request_failing_for_a_reason_other_than_load_is_not_retried() {
        let calls = AtomicUsize::new(0);
        let result: serenity::Result<()> = retrying(&RateLimits::default(), "test", || {
            calls.fetch_add(1, Ordering::Relaxed);
            async { Err(serenity::Error::Other("no")) }
        })
        .await;
        assert!(result.is_err());
        assert_eq!(calls.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn success_is_returned_at_once() {
        let result = retrying(&RateLimits::default(), "test", || async { Ok(7) }).await;
        assert_eq!(result.ok(), Some(7));
    }
}
