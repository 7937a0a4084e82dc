//! Discord's clocks: the 3-second answer window, the 15-minute token life, the nonce window;
//! and its upload limit.
//!
//! Each is a duration (or, for uploads, a size) tests may shorten (or lengthen) through
//! [`FakeDiscord`](crate::FakeDiscord). An interaction's age counts from the moment the gateway
//! wrote its `INTERACTION_CREATE` (an interaction queued until READY is not yet ageing), plus
//! any age a test added (`age_interaction`, `expire_interaction_token`).
//!
//! - The first callback to an interaction older than the answer window is refused with
//!   404 `Unknown interaction` (10062), as Discord does once its 3 s are over.
//! - A request through the interaction's webhook (follow-ups, the original response) after the
//!   token's life is refused with 401 `Invalid Webhook Token` (50027).
//! - `enforce_nonce` deduplicates messages created within the nonce window (Discord says "the
//!   past few minutes"; 5 min here).
//! - A request whose files add up to more than the upload limit (10 MiB unless lowered) is
//!   refused with 413 `Request entity too large` (40005), whatever it is for.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use crate::payloads::ATTACHMENT_SIZE_LIMIT;
use crate::recorder::RecordedFile;
use crate::rest::Reply;

/// Discord's window for the first answer to an interaction.
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);
/// Discord's life of an interaction token.
pub const INTERACTION_TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// How long a nonce is remembered for `enforce_nonce` ("the past few minutes").
pub const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);

/// The three durations and the upload limit, changeable while the stand-in runs.
#[derive(Debug)]
pub(crate) struct Limits {
    interaction_deadline_ms: AtomicU64,
    token_lifetime_ms: AtomicU64,
    nonce_window_ms: AtomicU64,
    upload_bytes: AtomicUsize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            interaction_deadline_ms: AtomicU64::new(millis(INTERACTION_DEADLINE)),
            token_lifetime_ms: AtomicU64::new(millis(INTERACTION_TOKEN_LIFETIME)),
            nonce_window_ms: AtomicU64::new(millis(NONCE_WINDOW)),
            upload_bytes: AtomicUsize::new(ATTACHMENT_SIZE_LIMIT),
        }
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

fn load(value: &AtomicU64) -> Duration {
    Duration::from_millis(value.load(Ordering::Relaxed))
}

impl Limits {
    pub(crate) fn interaction_deadline(&self) -> Duration {
        load(&self.interaction_deadline_ms)
    }

    pub(crate) fn set_interaction_deadline(&self, deadline: Duration) {
        self.interaction_deadline_ms
            .store(millis(deadline), Ordering::Relaxed);
    }

    pub(crate) fn token_lifetime(&self) -> Duration {
        load(&self.token_lifetime_ms)
    }

    pub(crate) fn set_token_lifetime(&self, lifetime: Duration) {
        self.token_lifetime_ms
            .store(millis(lifetime), Ordering::Relaxed);
    }

    pub(crate) fn nonce_window(&self) -> Duration {
        load(&self.nonce_window_ms)
    }

    pub(crate) fn set_nonce_window(&self, window: Duration) {
        self.nonce_window_ms
            .store(millis(window), Ordering::Relaxed);
    }

    pub(crate) fn upload_limit(&self) -> usize {
        self.upload_bytes.load(Ordering::Relaxed)
    }

    pub(crate) fn set_upload_limit(&self, bytes: usize) {
        self.upload_bytes.store(bytes, Ordering::Relaxed);
    }

    /// Refuses a request whose files add up to more than the upload limit.
    pub(crate) fn check_upload(&self, files: &[RecordedFile]) -> Result<(), Reply> {
        let total: usize = files.iter().map(|f| f.bytes.len()).sum();
        let limit = self.upload_limit();
        if total > limit {
            Err(Reply::error(413, 40005, "Request entity too large")
                .note(format!("{total} bytes of files; the limit is {limit}")))
        } else {
            Ok(())
        }
    }

    /// Refuses the first callback of an interaction of age `age`, once the window is over.
    pub(crate) fn check_first_callback(&self, age: Duration) -> Result<(), Reply> {
        let deadline = self.interaction_deadline();
        if age > deadline {
            Err(
                Reply::error(404, 10062, "Unknown interaction").note(format!(
                    "first answer {age:?} after the dispatch; Discord waits {deadline:?}"
                )),
            )
        } else {
            Ok(())
        }
    }

    /// Refuses a webhook request with the token of an interaction of age `age`, once the token
    /// has expired.
    pub(crate) fn check_token(&self, age: Duration) -> Result<(), Reply> {
        let lifetime = self.token_lifetime();
        if age > lifetime {
            Err(
                Reply::error(401, 50027, "Invalid Webhook Token").note(format!(
                    "interaction token used {age:?} after the dispatch; it lives {lifetime:?}"
                )),
            )
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(result: Result<(), Reply>) -> Option<(u16, u64)> {
        result
            .err()
            .and_then(|r| Some((r.status, r.body["code"].as_u64()?)))
    }

    #[test]
    fn the_first_answer_is_refused_after_three_seconds() {
        let limits = Limits::default();
        assert!(
            limits
                .check_first_callback(Duration::from_millis(2999))
                .is_ok()
        );
        assert!(limits.check_first_callback(Duration::from_secs(3)).is_ok());
        assert_eq!(
            code(limits.check_first_callback(Duration::from_millis(3001))),
            Some((404, 10062))
        );
        limits.set_interaction_deadline(Duration::from_millis(10));
        assert_eq!(
            code(limits.check_first_callback(Duration::from_millis(11))),
            Some((404, 10062))
        );
    }

    #[test]
    fn the_token_is_refused_after_fifteen_minutes() {
        let limits = Limits::default();
        assert!(limits.check_token(Duration::from_secs(14 * 60)).is_ok());
        let refused = limits
            .check_token(Duration::from_secs(15 * 60 + 1))
            .expect_err("expired");
        assert_eq!(refused.status, 401);
        assert_eq!(refused.body["code"], 50027);
        assert_eq!(refused.body["message"], "Invalid Webhook Token");
        assert_eq!(code(limits.check_token(Duration::MAX)), Some((401, 50027)));
        limits.set_token_lifetime(Duration::from_secs(1));
        assert!(limits.check_token(Duration::from_secs(2)).is_err());
    }

    fn file(bytes: usize) -> RecordedFile {
        RecordedFile {
            field: "files[0]".into(),
            filename: "a.gif".into(),
            content_type: None,
            bytes: vec![0; bytes],
            description: None,
        }
    }

    #[test]
    fn uploads_over_ten_mib_are_refused_unless_the_limit_changes() {
        let limits = Limits::default();
        assert!(limits.check_upload(&[file(ATTACHMENT_SIZE_LIMIT)]).is_ok());
        let two = [
            file(ATTACHMENT_SIZE_LIMIT / 2),
            file(ATTACHMENT_SIZE_LIMIT / 2 + 1),
        ];
        assert_eq!(code(limits.check_upload(&two)), Some((413, 40005)));
        limits.set_upload_limit(1000);
        assert!(limits.check_upload(&[file(1000)]).is_ok());
        assert_eq!(code(limits.check_upload(&[file(1001)])), Some((413, 40005)));
        assert!(limits.check_upload(&[]).is_ok());
    }

    #[test]
    fn the_nonce_window_defaults_to_five_minutes() {
        let limits = Limits::default();
        assert_eq!(limits.nonce_window(), Duration::from_secs(300));
        limits.set_nonce_window(Duration::from_millis(5));
        assert_eq!(limits.nonce_window(), Duration::from_millis(5));
    }
}
