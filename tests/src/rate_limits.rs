//! Discord's rate limits, as its REST API announces and enforces them.
//!
//! Every answer the routes give carries the route's bucket as Discord's headers do:
//! `X-RateLimit-Limit`, `-Remaining`, `-Reset` (Unix seconds), `-Reset-After` (seconds) and
//! `-Bucket` (an opaque id of the route, the same whatever its top-level resource). A bucket is
//! counted per top-level resource (a channel, a guild, a webhook with its token), as Discord
//! counts it. What a bucket allows: 5 messages in 5 s per channel (`POST
//! /channels/{id}/messages`, Discord's), 50 a second elsewhere.
//!
//! A request is refused with 429 as Discord refuses it (body `{message, retry_after, global}`,
//! `Retry-After` in whole seconds rounded up, `X-RateLimit-Scope`):
//! - in a [`Storm`] on its path: `shared` scope (the resource is limited for everyone, as when a
//!   channel is busy) or `user`, `retry_after` as the storm says, until the storm ends;
//! - once enforcing ([`FakeDiscord::enforce_rate_limits`](crate::FakeDiscord::enforce_rate_limits)),
//!   past its bucket's limit (`user` scope, retry when the bucket resets), or past the global
//!   limit of 50 requests a second (`X-RateLimit-Global: true`, `global` scope; interaction
//!   callbacks are not counted, as on Discord).
//!
//! A refused request has no effect and does not count against its bucket.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::json;

use crate::recorder::api_relative;
use crate::rest::Reply;

/// Discord's global limit: requests a second per bot.
pub const GLOBAL_LIMIT: u32 = 50;
/// Messages a channel takes in [`MESSAGE_WINDOW`] from the bot.
pub const MESSAGE_LIMIT: u32 = 5;
/// The window of [`MESSAGE_LIMIT`].
pub const MESSAGE_WINDOW: Duration = Duration::from_secs(5);

/// Who a 429 is about, as `X-RateLimit-Scope` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The bot's own limit on the route.
    User,
    /// The resource's limit, shared by everyone (not counted towards the bot's invalid
    /// requests).
    Shared,
    /// The bot's global limit.
    Global,
}

impl Scope {
    fn header(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Shared => "shared",
            Scope::Global => "global",
        }
    }
}

/// Every request whose path starts with `path_prefix` is answered 429 until `until` (in
/// `global` scope too: the storm says the limit is global, and still meets only its paths).
#[derive(Clone, Debug, PartialEq)]
pub struct Storm {
    /// With or without `/api/v10`.
    pub path_prefix: String,
    pub until: Instant,
    /// What each 429 announces.
    pub retry_after: Duration,
    pub scope: Scope,
}

/// A bucket's count in its current window.
#[derive(Clone, Copy, Debug)]
struct Window {
    started: Instant,
    used: u32,
}

/// A route's limit: `limit` requests per `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Limit {
    limit: u32,
    per: Duration,
}

/// The route's bucket: an opaque id of the method and route, and the top-level resource it
/// is counted for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Bucket {
    id: String,
    resource: String,
}

/// The stand-in's rate limits: the buckets' windows, the global window, the storms.
#[derive(Debug, Default)]
pub(crate) struct RateLimits {
    enforcing: AtomicBool,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    windows: HashMap<Bucket, Window>,
    global: Option<Window>,
    storms: Vec<Storm>,
}

/// What a request met: the headers of its bucket for the answer, or a 429.
pub(crate) enum Verdict {
    Pass(Vec<(&'static str, String)>),
    Refused(Reply),
}

impl RateLimits {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn enforce(&self, on: bool) {
        self.enforcing.store(on, Ordering::Relaxed);
    }

    pub(crate) fn add_storm(&self, storm: Storm) {
        self.state().storms.push(storm);
    }

    /// Counts a request of `method` on `path` received at `now`, or refuses it.
    pub(crate) fn check(&self, method: &str, path: &str, now: Instant) -> Verdict {
        let path = api_relative(path);
        let (bucket, limit) = bucket_of(method, path);
        let mut state = self.state();
        state.storms.retain(|s| s.until > now);
        let window = current(state.windows.get(&bucket).copied(), limit, now);
        if let Some(storm) = state
            .storms
            .iter()
            .find(|s| path.starts_with(api_relative(&s.path_prefix)))
        {
            // A global limit is no bucket's.
            let headers = if storm.scope == Scope::Global {
                Vec::new()
            } else {
                headers(&bucket, limit, window, now)
            };
            return Verdict::Refused(too_many(storm.retry_after, storm.scope, headers));
        }
        let enforcing = self.enforcing.load(Ordering::Relaxed);
        let counts_globally = !is_interaction_callback(path);
        let global_limit = Limit {
            limit: GLOBAL_LIMIT,
            per: Duration::from_secs(1),
        };
        let global = current(state.global, global_limit, now);
        if enforcing && counts_globally && global.used >= GLOBAL_LIMIT {
            let retry = reset_after(global, global_limit, now);
            return Verdict::Refused(too_many(retry, Scope::Global, Vec::new()));
        }
        if enforcing && window.used >= limit.limit {
            let retry = reset_after(window, limit, now);
            let headers = headers(&bucket, limit, window, now);
            return Verdict::Refused(too_many(retry, Scope::User, headers));
        }
        let window = Window {
            used: window.used + 1,
            ..window
        };
        if counts_globally {
            state.global = Some(Window {
                used: global.used + 1,
                ..global
            });
        }
        let headers = headers(&bucket, limit, window, now);
        state.windows.insert(bucket, window);
        Verdict::Pass(headers)
    }
}

fn is_interaction_callback(path: &str) -> bool {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    matches!(segments.as_slice(), ["interactions", _, _, "callback"])
}

/// The window `previous` if it still runs at `now`, a fresh one otherwise.
fn current(previous: Option<Window>, limit: Limit, now: Instant) -> Window {
    match previous {
        Some(w) if now.saturating_duration_since(w.started) < limit.per => w,
        _ => Window {
            started: now,
            used: 0,
        },
    }
}

fn reset_after(window: Window, limit: Limit, now: Instant) -> Duration {
    limit
        .per
        .saturating_sub(now.saturating_duration_since(window.started))
}

/// The bucket of `method` on `path` (without `/api/v10`), and its limit.
fn bucket_of(method: &str, path: &str) -> (Bucket, Limit) {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let mut route = vec![method.to_owned()];
    let mut resource = String::new();
    let mut i = 0;
    while i < segments.len() {
        let segment = segments[i];
        route.push(segment.to_owned());
        let top_level = matches!(segment, "channels" | "guilds" | "webhooks")
            && i == 0
            && i + 1 < segments.len();
        if top_level {
            // The resource counts apart; a webhook's token is part of it.
            let take = if segment == "webhooks" { 2 } else { 1 };
            let end = (i + 1 + take).min(segments.len());
            resource = segments[i + 1..end].join("/");
            route.push("{resource}".to_owned());
            i = end;
            continue;
        }
        if i > 0 && is_variable(segments[i - 1], segment) {
            route.pop();
            route.push("{id}".to_owned());
        }
        i += 1;
    }
    let route = route.join(" ");
    let mut hasher = DefaultHasher::new();
    route.hash(&mut hasher);
    let limit = if method == "POST"
        && route.ends_with("channels {resource} messages")
        && route.starts_with("POST ")
    {
        Limit {
            limit: MESSAGE_LIMIT,
            per: MESSAGE_WINDOW,
        }
    } else {
        Limit {
            limit: GLOBAL_LIMIT,
            per: Duration::from_secs(1),
        }
    };
    (
        Bucket {
            id: format!("{:016x}", hasher.finish()),
            resource,
        },
        limit,
    )
}

/// Whether `segment` (after `before`) is an id or a token rather than a fixed part of a route.
fn is_variable(before: &str, segment: &str) -> bool {
    segment.bytes().all(|b| b.is_ascii_digit()) || before == "interactions"
}

fn headers(
    bucket: &Bucket,
    limit: Limit,
    window: Window,
    now: Instant,
) -> Vec<(&'static str, String)> {
    let after = reset_after(window, limit, now);
    let unix = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .saturating_add(after);
    vec![
        ("x-ratelimit-limit", limit.limit.to_string()),
        (
            "x-ratelimit-remaining",
            limit.limit.saturating_sub(window.used).to_string(),
        ),
        ("x-ratelimit-reset", format!("{:.3}", unix.as_secs_f64())),
        (
            "x-ratelimit-reset-after",
            format!("{:.3}", after.as_secs_f64()),
        ),
        ("x-ratelimit-bucket", bucket.id.clone()),
    ]
}

/// Discord's 429: the body, `Retry-After` in whole seconds (rounded up), the scope, and
/// `headers`.
pub(crate) fn too_many(
    retry_after: Duration,
    scope: Scope,
    headers: Vec<(&'static str, String)>,
) -> Reply {
    let whole = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
    let global = scope == Scope::Global;
    let mut reply = Reply::json(
        429,
        json!({
            "message": "You are being rate limited.",
            "retry_after": retry_after.as_secs_f64(),
            "global": global,
        }),
    )
    .header("retry-after", whole.to_string())
    .header("x-ratelimit-scope", scope.header().to_owned())
    .note(format!("rate limited ({} scope)", scope.header()));
    if global {
        reply = reply.header("x-ratelimit-global", "true".to_owned());
    }
    for (name, value) in headers {
        reply = reply.header(name, value);
    }
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header<'a>(headers: &'a [(&'static str, String)], name: &str) -> Option<&'a str> {
        headers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }

    fn passed(verdict: Verdict) -> Vec<(&'static str, String)> {
        match verdict {
            Verdict::Pass(headers) => headers,
            Verdict::Refused(reply) => panic!("refused: {reply:?}"),
        }
    }

    fn refused(verdict: Verdict) -> Reply {
        match verdict {
            Verdict::Pass(headers) => panic!("passed: {headers:?}"),
            Verdict::Refused(reply) => reply,
        }
    }

    #[test]
    fn a_bucket_is_one_route_counted_per_channel() {
        let (a, limit) = bucket_of("POST", "/channels/1/messages");
        let (b, _) = bucket_of("POST", "/channels/2/messages");
        let (c, other) = bucket_of("PATCH", "/channels/1/messages/9");
        let (d, _) = bucket_of("PATCH", "/channels/1/messages/10");
        assert_eq!(a.id, b.id, "the same route, whatever the channel");
        assert_ne!(a.resource, b.resource, "counted apart");
        assert_ne!(a.id, c.id);
        assert_eq!(c, d, "message ids are not top-level");
        assert_eq!(limit.limit, MESSAGE_LIMIT);
        assert_eq!(other.limit, GLOBAL_LIMIT);
        let (hook, _) = bucket_of("POST", "/webhooks/5/token-a");
        let (other_hook, _) = bucket_of("POST", "/webhooks/5/token-b");
        assert_eq!(hook.id, other_hook.id);
        assert_ne!(
            hook.resource, other_hook.resource,
            "a webhook's token counts apart"
        );
    }

    #[test]
    fn the_sixth_message_in_five_seconds_is_refused_until_the_bucket_resets() {
        let limits = RateLimits::default();
        limits.enforce(true);
        let start = Instant::now();
        for i in 0..5 {
            let headers = passed(limits.check("POST", "/api/v10/channels/1/messages", start));
            assert_eq!(
                header(&headers, "x-ratelimit-remaining"),
                Some((4 - i).to_string().as_str())
            );
        }
        let later = start + Duration::from_secs(2);
        let reply = refused(limits.check("POST", "/api/v10/channels/1/messages", later));
        assert_eq!(reply.status, 429);
        assert_eq!(reply.body["retry_after"], json!(3.0));
        assert_eq!(reply.body["global"], json!(false));
        assert_eq!(header(&reply.headers, "retry-after"), Some("3"));
        assert_eq!(header(&reply.headers, "x-ratelimit-scope"), Some("user"));
        assert_eq!(header(&reply.headers, "x-ratelimit-remaining"), Some("0"));
        // Another channel has its own bucket; the first resets after its five seconds.
        passed(limits.check("POST", "/api/v10/channels/2/messages", later));
        passed(limits.check(
            "POST",
            "/api/v10/channels/1/messages",
            start + MESSAGE_WINDOW,
        ));
    }

    #[test]
    fn past_fifty_requests_a_second_the_limit_is_global_but_callbacks_still_go() {
        let limits = RateLimits::default();
        limits.enforce(true);
        let now = Instant::now();
        for i in 0..GLOBAL_LIMIT {
            passed(limits.check("GET", &format!("/api/v10/channels/{i}"), now));
        }
        let reply = refused(limits.check("GET", "/api/v10/users/@me", now));
        assert_eq!(reply.body["global"], json!(true));
        assert_eq!(header(&reply.headers, "x-ratelimit-global"), Some("true"));
        assert_eq!(header(&reply.headers, "x-ratelimit-scope"), Some("global"));
        passed(limits.check("POST", "/api/v10/interactions/1/tok/callback", now));
    }

    #[test]
    fn a_storm_refuses_its_paths_until_it_ends_whether_enforcing_or_not() {
        let limits = RateLimits::default();
        let now = Instant::now();
        limits.add_storm(Storm {
            path_prefix: "/channels/7/messages".to_owned(),
            until: now + Duration::from_secs(3),
            retry_after: Duration::from_millis(1500),
            scope: Scope::Shared,
        });
        let reply = refused(limits.check("POST", "/api/v10/channels/7/messages", now));
        assert_eq!(reply.body["retry_after"], json!(1.5));
        assert_eq!(header(&reply.headers, "retry-after"), Some("2"));
        assert_eq!(header(&reply.headers, "x-ratelimit-scope"), Some("shared"));
        assert_eq!(header(&reply.headers, "x-ratelimit-global"), None);
        assert!(header(&reply.headers, "x-ratelimit-bucket").is_some());
        passed(limits.check("POST", "/api/v10/channels/8/messages", now));
        passed(limits.check(
            "POST",
            "/api/v10/channels/7/messages",
            now + Duration::from_secs(3),
        ));
    }

    #[test]
    fn without_enforcing_only_the_headers_tell_the_limit() {
        let limits = RateLimits::default();
        let now = Instant::now();
        for _ in 0..10 {
            passed(limits.check("POST", "/api/v10/channels/1/messages", now));
        }
        let headers = passed(limits.check("POST", "/api/v10/channels/1/messages", now));
        assert_eq!(header(&headers, "x-ratelimit-remaining"), Some("0"));
        assert_eq!(header(&headers, "x-ratelimit-limit"), Some("5"));
    }
}
