//! Recording of every REST request the stand-in receives, and waiting on them.
//!
//! Each request is stored as a [`Recorded`]: method, path, query, the JSON body (for multipart
//! uploads, the parsed `payload_json`), every uploaded file with its bytes, and the status the
//! stand-in answered with. Tests read them back with the accessors here, most often through
//! [`FakeDiscord`](crate::FakeDiscord)'s waiting helpers, which never wait longer than a timeout.

use std::fmt;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::watch;

/// Prefix of every REST path serenity sends (API version 10).
pub const API_PREFIX: &str = "/api/v10";

/// One file uploaded in a multipart request (`files[n]` part).
#[derive(Clone, PartialEq, Eq)]
pub struct RecordedFile {
    /// Name of the multipart field, e.g. `files[0]`.
    pub field: String,
    /// File name given by the client, e.g. `board.png`.
    pub filename: String,
    /// Content type of the part, if the client sent one.
    pub content_type: Option<String>,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Its alt text: the `description` of the `payload_json` attachment whose `id` is this
    /// part's `n` in `files[n]`.
    pub description: Option<String>,
}

impl fmt::Debug for RecordedFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RecordedFile")
            .field("field", &self.field)
            .field("filename", &self.filename)
            .field("content_type", &self.content_type)
            .field("description", &self.description)
            .field("len", &self.bytes.len())
            .finish()
    }
}

/// One REST request received by the stand-in, with the status it was answered with.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    /// Position in the order of arrival, starting at 0.
    pub index: usize,
    /// When the stand-in received it.
    pub received: std::time::Instant,
    /// HTTP method, upper case (`POST`).
    pub method: String,
    /// Full path as received, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    /// Query string without `?`, if any.
    pub query: Option<String>,
    /// JSON body, or the parsed `payload_json` of a multipart body; `Null` when there was none.
    pub body: Value,
    /// Files of a multipart body, in the order received.
    pub files: Vec<RecordedFile>,
    /// Status code the stand-in answered with; 0 when an injected [`Cut`](crate::Cut) closed
    /// the connection instead.
    pub status: u16,
    /// JSON body the stand-in answered with (`Null` for 204): the created message, channel, the
    /// Discord error, …
    pub response: Value,
    /// Headers the stand-in answered with beyond the usual ones (the rate limit's), names in
    /// lower case.
    pub response_headers: Vec<(String, String)>,
}

impl Recorded {
    /// The value of response header `name` (lower case), if the answer had it.
    #[must_use]
    pub fn response_header(&self, name: &str) -> Option<&str> {
        self.response_headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// For a 429: how long `Retry-After` told the client to wait.
    #[must_use]
    pub fn retry_after(&self) -> Option<std::time::Duration> {
        let seconds: f64 = self.response_header("retry-after")?.parse().ok()?;
        std::time::Duration::try_from_secs_f64(seconds).ok()
    }

    /// Whether the stand-in answered with a 2xx status.
    #[must_use]
    pub fn succeeded(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The `id` of the object the stand-in answered with: the new message of a message `POST`
    /// (use it with `MessageId::new` to click the message's components), the new thread, …
    #[must_use]
    pub fn response_id(&self) -> Option<u64> {
        self.response.get("id")?.as_str()?.parse().ok()
    }

    /// The path without the `/api/v10` prefix, e.g. `/channels/1/messages`.
    #[must_use]
    pub fn api_path(&self) -> &str {
        api_relative(&self.path)
    }

    /// Whether the path (with or without the `/api/v10` prefix) starts with `prefix`.
    #[must_use]
    pub fn path_starts_with(&self, prefix: &str) -> bool {
        self.path.starts_with(prefix) || self.api_path().starts_with(prefix)
    }

    /// Whether this is an interaction callback (`POST /interactions/{id}/{token}/callback`).
    #[must_use]
    pub fn is_interaction_callback(&self) -> bool {
        let segments: Vec<&str> = self.api_path().trim_matches('/').split('/').collect();
        matches!(segments.as_slice(), ["interactions", _, _, "callback"])
    }

    /// The interaction callback type (`4` message, `5` deferred, `6` deferred update, `7` update,
    /// `8` autocomplete result, `9` modal), for interaction callbacks.
    #[must_use]
    pub fn callback_type(&self) -> Option<u64> {
        if self.is_interaction_callback() {
            self.body.get("type").and_then(Value::as_u64)
        } else {
            None
        }
    }

    /// The message part of the body: `data` of an interaction callback, the body itself for
    /// message routes. `Null` when absent (e.g. a deferred callback).
    #[must_use]
    pub fn message(&self) -> &Value {
        if self.is_interaction_callback() {
            self.body.get("data").unwrap_or(&Value::Null)
        } else {
            &self.body
        }
    }

    /// The message `content`, if any.
    #[must_use]
    pub fn content(&self) -> Option<&str> {
        self.message().get("content").and_then(Value::as_str)
    }

    /// The `nonce` of the message sent, as text (an integer nonce in decimal), if any.
    #[must_use]
    pub fn nonce(&self) -> Option<String> {
        crate::nonce::text(self.message())
    }

    /// Whether the message was sent with `enforce_nonce: true`.
    #[must_use]
    pub fn enforces_nonce(&self) -> bool {
        crate::nonce::enforced(self.message())
    }

    /// Whether the connection was cut instead of answered (status 0, see
    /// [`Cut`](crate::Cut)).
    #[must_use]
    pub fn was_cut(&self) -> bool {
        self.status == 0
    }

    /// The message `flags` (0 if absent).
    #[must_use]
    pub fn flags(&self) -> u64 {
        self.message()
            .get("flags")
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// Whether the ephemeral flag (`1 << 6`) is set.
    #[must_use]
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & EPHEMERAL != 0
    }

    /// The action rows (`components`), empty if absent.
    #[must_use]
    pub fn components(&self) -> &[Value] {
        array_field(self.message(), "components")
    }

    /// Every `custom_id` found in the components, in order (buttons and selects).
    #[must_use]
    pub fn custom_ids(&self) -> Vec<&str> {
        let mut ids = Vec::new();
        for row in self.components() {
            for component in array_field(row, "components") {
                if let Some(id) = component.get("custom_id").and_then(Value::as_str) {
                    ids.push(id);
                }
            }
        }
        ids
    }

    /// The embeds, empty if absent.
    #[must_use]
    pub fn embeds(&self) -> &[Value] {
        array_field(self.message(), "embeds")
    }

    /// The `attachments` metadata of the body (e.g. `{id: 0, filename}` per uploaded file).
    #[must_use]
    pub fn attachments(&self) -> &[Value] {
        array_field(self.message(), "attachments")
    }

    /// The uploaded file with this file name, if any.
    #[must_use]
    pub fn file(&self, filename: &str) -> Option<&RecordedFile> {
        self.files.iter().find(|f| f.filename == filename)
    }

    /// Autocomplete choices (`data.choices` of a type 8 callback) as `(name, value)` pairs.
    #[must_use]
    pub fn choices(&self) -> Vec<(String, Value)> {
        array_field(self.message(), "choices")
            .iter()
            .map(|choice| {
                let name = choice
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let value = choice.get("value").cloned().unwrap_or(Value::Null);
                (name.to_owned(), value)
            })
            .collect()
    }
}

/// How `requests` stood against Discord's global limit of
/// [`GLOBAL_LIMIT`](crate::rate_limits::GLOBAL_LIMIT) requests a second per bot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlobalRate {
    /// The most requests counted within any second (a rolling window).
    pub peak: usize,
    /// The whole seconds (counted from the first request) with more than the limit in them.
    pub seconds_over: usize,
}

/// Whether Discord counts `r` against the bot's global limit: a request to its API, other than
/// an interaction's (its callback, its webhook: "interaction endpoints are not bound to the
/// bot's global rate limit") and a signed-in member's (`/oauth2/token` and the bearer's `GET
/// /users/@me`, which are the member's, not the bot's).
fn counts_globally(r: &Recorded) -> bool {
    let path = api_relative(&r.path);
    let api = path != r.path;
    let members = path.starts_with("/oauth2/") || (r.method == "GET" && path == "/users/@me");
    let interactions = r.is_interaction_callback() || path.starts_with("/webhooks/");
    api && !members && !interactions
}

/// What Discord's global limit saw of `requests` (see [`GlobalRate`]), by the moment the
/// stand-in received each: the bot keeps to it when the peak is at most 50.
#[must_use]
pub fn global_rate(requests: &[Recorded]) -> GlobalRate {
    let second = std::time::Duration::from_secs(1);
    let mut times: Vec<std::time::Instant> = requests
        .iter()
        .filter(|r| counts_globally(r))
        .map(|r| r.received)
        .collect();
    times.sort();
    let Some(&first) = times.first() else {
        return GlobalRate::default();
    };
    let mut peak = 0;
    let mut start = 0;
    for (end, t) in times.iter().enumerate() {
        while t.duration_since(times[start]) >= second {
            start += 1;
        }
        peak = peak.max(end + 1 - start);
    }
    let mut by_second: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
    for t in &times {
        *by_second
            .entry(t.duration_since(first).as_secs())
            .or_default() += 1;
    }
    let limit = crate::rate_limits::GLOBAL_LIMIT as usize;
    GlobalRate {
        peak,
        seconds_over: by_second.values().filter(|n| **n > limit).count(),
    }
}

/// The most messages `requests` created or edited in one channel within any `window`: what
/// Discord limits per channel (5 in 5 seconds). Counts every `POST` and `PATCH` under
/// `/channels/{id}/messages`, by the moment the stand-in received it.
#[must_use]
pub fn most_channel_writes(requests: &[Recorded], window: std::time::Duration) -> usize {
    let mut by_channel: std::collections::HashMap<&str, Vec<std::time::Instant>> =
        std::collections::HashMap::new();
    for r in requests {
        let path = api_relative(&r.path);
        let Some(rest) = path.strip_prefix("/channels/") else {
            continue;
        };
        let Some((channel, tail)) = rest.split_once('/') else {
            continue;
        };
        if tail.starts_with("messages") && (r.method == "POST" || r.method == "PATCH") {
            by_channel.entry(channel).or_default().push(r.received);
        }
    }
    by_channel
        .values_mut()
        .map(|times| {
            times.sort();
            (0..times.len())
                .map(|i| {
                    times[i..]
                        .iter()
                        .take_while(|t| t.duration_since(times[i]) < window)
                        .count()
                })
                .max()
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0)
}

impl fmt::Display for Recorded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "#{} {} {} -> {}",
            self.index, self.method, self.path, self.status
        )?;
        if !self.files.is_empty() {
            write!(f, " ({} file(s))", self.files.len())?;
        }
        if !self.succeeded() && !self.response.is_null() {
            write!(f, " {}", self.response)?;
        }
        Ok(())
    }
}

/// The ephemeral message flag.
pub const EPHEMERAL: u64 = 1 << 6;

/// The path without the `/api/v10` (or any `/api/vN`) prefix.
pub(crate) fn api_relative(path: &str) -> &str {
    let Some(rest) = path.strip_prefix("/api/v") else {
        return path;
    };
    match rest.find('/') {
        Some(slash) if rest[..slash].bytes().all(|b| b.is_ascii_digit()) => &rest[slash..],
        _ => path,
    }
}

fn array_field<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Error returned when a waiting helper gives up.
#[derive(Clone, Debug)]
pub struct WaitTimeout {
    /// What was waited for.
    pub what: String,
    /// How long it was waited for.
    pub waited: Duration,
    /// One line per request recorded so far, to see what arrived instead.
    pub recorded: Vec<String>,
}

impl fmt::Display for WaitTimeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "timed out after {:?} waiting for {}",
            self.waited, self.what
        )?;
        if self.recorded.is_empty() {
            write!(f, "; no request was recorded")
        } else {
            write!(f, "; recorded requests:")?;
            for line in &self.recorded {
                write!(f, "\n  {line}")?;
            }
            Ok(())
        }
    }
}

impl std::error::Error for WaitTimeout {}

/// Stores recorded requests and wakes waiters when one arrives.
#[derive(Debug)]
pub(crate) struct Recorder {
    requests: Mutex<Vec<Recorded>>,
    /// Bumped on every new request; waiters subscribe to it.
    version: watch::Sender<usize>,
}

impl Recorder {
    pub(crate) fn new() -> Self {
        Self {
            requests: Mutex::new(Vec::new()),
            version: watch::Sender::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Recorded>> {
        // A panic while holding the lock cannot leave the Vec inconsistent: keep going.
        self.requests.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stores a request (its `index` is assigned here) and wakes the waiters.
    pub(crate) fn push(&self, mut request: Recorded) -> usize {
        let index = {
            let mut requests = self.lock();
            request.index = requests.len();
            requests.push(request);
            requests.len()
        };
        self.version.send_replace(index);
        index - 1
    }

    /// A copy of every request recorded so far.
    pub(crate) fn all(&self) -> Vec<Recorded> {
        self.lock().clone()
    }

    /// Waits until request number `index` (from 0, in arrival order) has been recorded and
    /// returns it, or gives up after `limit`. Unlike [`wait_for_nth`](Self::wait_for_nth) it
    /// looks at that one request only, so a caller reading every request in turn does not
    /// scan the whole record each time.
    pub(crate) async fn wait_for_index(
        &self,
        limit: Duration,
        index: usize,
    ) -> Result<Recorded, WaitTimeout> {
        let mut changes = self.version.subscribe();
        let arrived = tokio::time::timeout(limit, changes.wait_for(|count| *count > index))
            .await
            .is_ok_and(|seen| seen.is_ok());
        let found = if arrived {
            self.lock().get(index).cloned()
        } else {
            None
        };
        match found {
            Some(found) => Ok(found),
            None => Err(WaitTimeout {
                what: format!("request number {index}"),
                waited: limit,
                recorded: self.summary(),
            }),
        }
    }

    /// One summary line per request, for error messages.
    pub(crate) fn summary(&self) -> Vec<String> {
        self.lock().iter().map(ToString::to_string).collect()
    }

    /// Waits until `n + 1` requests matching `predicate` have been recorded (counting those
    /// from before the call), returning the `n`-th (from 0), or gives up after `limit`.
    ///
    /// `predicate` is asked again about every request each time one arrives.
    pub(crate) async fn wait_for_nth(
        &self,
        what: &str,
        limit: Duration,
        n: usize,
        mut predicate: impl FnMut(&Recorded) -> bool,
    ) -> Result<Recorded, WaitTimeout> {
        // Subscribing before looking means no request can slip between the look and the wait.
        let mut changes = self.version.subscribe();
        let search = async {
            loop {
                if let Some(found) = self.lock().iter().filter(|r| predicate(r)).nth(n) {
                    return Some(found.clone());
                }
                if changes.changed().await.is_err() {
                    return None;
                }
            }
        };
        match tokio::time::timeout(limit, search).await {
            Ok(Some(found)) => Ok(found),
            Ok(None) | Err(_) => Err(WaitTimeout {
                what: what.to_owned(),
                waited: limit,
                recorded: self.summary(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn request(path: &str, body: Value) -> Recorded {
        Recorded {
            index: 0,
            received: std::time::Instant::now(),
            method: "POST".into(),
            path: path.into(),
            query: None,
            body,
            files: Vec::new(),
            status: 204,
            response: Value::Null,
            response_headers: Vec::new(),
        }
    }

    #[test]
    fn the_global_rate_counts_the_bots_requests_in_any_second_but_not_an_interactions() {
        let start = std::time::Instant::now();
        let at = |ms: u64, method: &str, path: &str| Recorded {
            received: start + std::time::Duration::from_millis(ms),
            method: method.into(),
            ..request(path, Value::Null)
        };
        // One request at 0, 30 posts at 0.7 s and 30 edits at 1.1 s: 60 within one rolling
        // second, yet no whole second over the limit.
        let mut requests: Vec<Recorded> = std::iter::once(at(0, "GET", "/api/v10/channels/1"))
            .chain((0..30).map(|i| at(700 + i, "POST", "/api/v10/channels/1/messages")))
            .chain((0..30).map(|i| at(1_100 + i, "PATCH", "/api/v10/channels/2/messages/3")))
            .collect();
        // Not counted: callbacks, interaction webhooks, a member's sign-in, pages.
        for i in 0..100 {
            requests.push(at(600 + i, "POST", "/api/v10/interactions/1/tok/callback"));
            requests.push(at(600 + i, "POST", "/api/v10/webhooks/5/tok"));
            requests.push(at(600 + i, "GET", "/api/v10/users/@me"));
            requests.push(at(600 + i, "POST", "/api/v10/oauth2/token"));
            requests.push(at(600 + i, "GET", "/oauth2/authorize"));
        }
        assert_eq!(
            global_rate(&requests),
            GlobalRate {
                peak: 60,
                seconds_over: 0
            }
        );
        // 30 more in the first second: 61 in it.
        requests.extend((0..30).map(|i| at(100 + i, "GET", "/api/v10/guilds/1/members/2")));
        assert_eq!(
            global_rate(&requests),
            GlobalRate {
                peak: 61,
                seconds_over: 1
            }
        );
        assert_eq!(global_rate(&[]), GlobalRate::default());
    }

    #[test]
    fn api_relative_strips_the_version_prefix() {
        assert_eq!(api_relative("/api/v10/channels/1"), "/channels/1");
        assert_eq!(api_relative("/api/v9/gateway"), "/gateway");
        assert_eq!(api_relative("/gateway-ws"), "/gateway-ws");
        assert_eq!(api_relative("/api/vx/a"), "/api/vx/a");
    }

    #[test]
    fn callback_accessors_read_the_data_object() {
        let r = request(
            "/api/v10/interactions/1/tok/callback",
            json!({"type": 4, "data": {"content": "hi", "flags": 64,
                "components": [{"type": 1, "components": [{"type": 2, "custom_id": "a"}]}]}}),
        );
        assert_eq!(r.callback_type(), Some(4));
        assert_eq!(r.content(), Some("hi"));
        assert!(r.is_ephemeral());
        assert_eq!(r.custom_ids(), ["a"]);
        assert!(r.path_starts_with("/interactions/1"));
    }

    #[test]
    fn choices_are_name_value_pairs() {
        let r = request(
            "/api/v10/interactions/1/tok/callback",
            json!({"type": 8, "data": {"choices": [{"name": "A", "value": "a"}]}}),
        );
        assert_eq!(r.choices(), vec![("A".to_owned(), json!("a"))]);
        assert_eq!(r.response_id(), None);
        let posted = Recorded {
            response: json!({"id": "42"}),
            ..r
        };
        assert_eq!(posted.response_id(), Some(42));
    }

    #[tokio::test]
    async fn wait_for_sees_past_and_future_requests_and_times_out() {
        let recorder = std::sync::Arc::new(Recorder::new());
        recorder.push(request("/api/v10/a", Value::Null));
        let found = recorder
            .wait_for_nth("a", Duration::from_secs(1), 0, |r| r.path.ends_with("/a"))
            .await
            .expect("past request");
        assert_eq!(found.index, 0);

        let later = std::sync::Arc::clone(&recorder);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(20)).await;
            later.push(request("/api/v10/b", Value::Null));
        });
        let found = recorder
            .wait_for_nth("b", Duration::from_secs(5), 0, |r| r.path.ends_with("/b"))
            .await
            .expect("future request");
        assert_eq!(found.index, 1);

        let err = recorder
            .wait_for_nth("c", Duration::from_millis(30), 0, |r| {
                r.path.ends_with("/c")
            })
            .await
            .expect_err("never arrives");
        assert!(err.to_string().contains("waiting for c"), "{err}");
        assert_eq!(err.recorded.len(), 2);

        let second = recorder
            .wait_for_nth("2nd", Duration::from_millis(30), 1, |r| {
                r.path.starts_with("/api")
            })
            .await
            .expect("two requests match");
        assert_eq!(second.index, 1);
    }
}
