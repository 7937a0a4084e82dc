//! Signing in with Discord on the pages (when `DISCORD_CLIENT_SECRET` is set): OAuth2's
//! authorization-code flow with the `identify` scope, then a session in a signed cookie.
//!
//! - `GET /signin?next=/game/…` sends the browser to Discord's authorize page with a random
//!   `state`, kept beside the page to return to in a short-lived signed cookie (`dama_signin`,
//!   `__Host-dama_signin` when the public URL is https);
//! - `GET /signin/callback?code=…&state=…` (the redirect URL registered in the developer
//!   portal: the public URL followed by `/signin/callback`) checks the state, exchanges the
//!   code for a token, asks Discord who it belongs to (`GET /users/@me`) and sets the session;
//! - `POST /signout` ends it (the cookie is removed with the attributes it was set with, so
//!   that a browser lets a `__Host-` cookie go).
//!
//! The session cookie (`dama_session`, `__Host-dama_session` when the public URL is https)
//! holds what the session is for, the member's id and name, when it expires (30 days), and the
//! page's anti-forgery token. It is signed (HMAC-SHA256, the `cookie` crate's signed jar) with
//! the site's own key, 64 random bytes made once and kept in the database, so that every
//! instance reads the sessions the others set. A member's "sign out everywhere" (`POST
//! /signout/everywhere`) voids every session of theirs issued before it, on every device and
//! instance. The cookie is `HttpOnly`, `SameSite=Lax`, and `Secure` when the public URL is
//! https. A state-changing request must carry the anti-forgery token in the `X-Dama-Csrf`
//! header: the page reads it from its own HTML, which another site cannot read.
//!
//! At most [`MAX_EXCHANGES`] sign-ins (web and Activity) talk to Discord at once, each for at
//! most [`DISCORD_TIMEOUT`]: one more is refused at once rather than queued, so that a flood
//! of made-up codes neither piles up requests here nor spends the application's rate limit at
//! Discord.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRequestParts, State};
use axum::http::header::{AUTHORIZATION, LOCATION};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::{Cookie, Key, SameSite, SignedCookieJar};
use dama_service::ids::UserId;
use serde::Deserialize;

use super::html::escape;
use super::refusal::Refusal;
use super::{Web, game, lang};
use crate::application::{Application, ClientSecret, DiscordError};
use dama_words::Language;

/// The session cookie.
const SESSION: &str = "dama_session";

/// The cookie that carries a sign-in's state and the page to return to.
const SIGNING_IN: &str = "dama_signin";

/// The sign-in's cookie over https: `__Host-` prefixed, as the session's (see
/// [`session_name`]).
const HOST_SIGNING_IN: &str = "__Host-dama_signin";

/// The header a state-changing request carries the page's anti-forgery token in.
pub(crate) const CSRF_HEADER: &str = "x-dama-csrf";

/// How long a session lasts.
const SESSION_DAYS: i64 = 30;

/// How long a sign-in may take at Discord's page.
const SIGNING_IN_MINUTES: i64 = 10;

/// Sign-ins exchanging their code with Discord at once; one more is refused.
pub(crate) const MAX_EXCHANGES: usize = 8;

/// Sign-ins that may start each second, on average (each is a token exchange and a question
/// about the member at Discord's OAuth2 API).
pub(crate) const SIGN_INS_PER_SECOND: f64 = 5.0;

/// Sign-ins that may start at once after a quiet while.
pub(crate) const SIGN_IN_BURST: f64 = 10.0;

/// How long sign-ins pause after Discord's 429 without a `Retry-After`.
const PAUSE_WITHOUT_RETRY_AFTER: Duration = Duration::from_secs(10);

/// The longest pause a 429 imposes (a larger `Retry-After` is taken as this).
const MAX_PAUSE: Duration = Duration::from_secs(600);

/// Sign-ins one client (see `client`) may start each second, on average: one in ten seconds.
pub(crate) const CLIENT_SIGN_INS_PER_SECOND: f64 = 1.0 / 10.0;

/// Sign-ins one client may start at once after a quiet while: a household or a club behind one
/// address signing in together, or one member trying again. Fewer than [`SIGN_IN_BURST`], so
/// that one client's junk codes run out its own bucket before they empty everyone's.
pub(crate) const CLIENT_SIGN_IN_BURST: f64 = 8.0;

/// The most clients whose buckets are kept; past it, the full ones (their client quiet for a
/// while) are forgotten, and if none is, all.
const CLIENTS_KEPT: usize = 10_000;

/// Tokens refilled at a steady rate, up to a burst.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: std::time::Instant,
}

impl Bucket {
    /// A full bucket of `burst` tokens at `now`.
    fn full(burst: f64, now: std::time::Instant) -> Bucket {
        Bucket {
            tokens: burst,
            at: now,
        }
    }

    /// Refills the bucket up to `now` at `rate` tokens a second, at most `burst`.
    fn refill(&mut self, now: std::time::Instant, rate: f64, burst: f64) {
        let refill = now.saturating_duration_since(self.at).as_secs_f64() * rate;
        self.tokens = (self.tokens + refill).min(burst);
        self.at = self.at.max(now);
    }
}

/// How many sign-ins may start now: a bucket of [`CLIENT_SIGN_IN_BURST`] tokens per client
/// refilled at [`CLIENT_SIGN_INS_PER_SECOND`], in front of everyone's bucket of
/// [`SIGN_IN_BURST`] tokens refilled at [`SIGN_INS_PER_SECOND`], and a pause while Discord
/// says it is rate limited. A sign-in beyond is refused at once, without a request to Discord;
/// one refused by its client's bucket takes nothing from everyone's, so one client's junk
/// codes lock out no one else.
#[derive(Debug)]
struct Pace(std::sync::Mutex<PaceState>);

#[derive(Debug)]
struct PaceState {
    everyone: Option<Bucket>,
    clients: std::collections::HashMap<std::net::IpAddr, Bucket>,
    paused_until: Option<std::time::Instant>,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace(std::sync::Mutex::new(PaceState {
            everyone: None,
            clients: std::collections::HashMap::new(),
            paused_until: None,
        }))
    }
}

impl Pace {
    /// Takes a sign-in's place at `now` for `client` (none where the address is unknown: only
    /// everyone's bucket then), or says it must wait.
    fn start(
        &self,
        now: std::time::Instant,
        client: Option<std::net::IpAddr>,
    ) -> Result<(), Throttled> {
        let mut state = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if state.paused_until.is_some_and(|until| now < until) {
            return Err(Throttled);
        }
        let mut everyone = state
            .everyone
            .unwrap_or_else(|| Bucket::full(SIGN_IN_BURST, now));
        everyone.refill(now, SIGN_INS_PER_SECOND, SIGN_IN_BURST);
        state.everyone = Some(everyone);
        if let Some(client) = client {
            if state.clients.len() >= CLIENTS_KEPT && !state.clients.contains_key(&client) {
                state.clients.retain(|_, bucket| {
                    bucket.refill(now, CLIENT_SIGN_INS_PER_SECOND, CLIENT_SIGN_IN_BURST);
                    bucket.tokens < CLIENT_SIGN_IN_BURST
                });
                if state.clients.len() >= CLIENTS_KEPT {
                    state.clients.clear();
                }
            }
            let mine = state
                .clients
                .entry(client)
                .or_insert_with(|| Bucket::full(CLIENT_SIGN_IN_BURST, now));
            mine.refill(now, CLIENT_SIGN_INS_PER_SECOND, CLIENT_SIGN_IN_BURST);
            if mine.tokens < 1.0 {
                return Err(Throttled);
            }
            if everyone.tokens >= 1.0 {
                mine.tokens -= 1.0;
            }
        }
        let everyone = state.everyone.as_mut().ok_or(Throttled)?;
        if everyone.tokens < 1.0 {
            return Err(Throttled);
        }
        everyone.tokens -= 1.0;
        Ok(())
    }

    /// Refuses every sign-in from `now` for `wait`.
    fn pause(&self, now: std::time::Instant, wait: Duration) {
        let mut state = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let until = now + wait;
        state.paused_until = Some(state.paused_until.map_or(until, |before| before.max(until)));
    }
}

/// A sign-in that may not start now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Throttled;

/// How long one request to Discord's OAuth2 API may take.
pub(crate) const DISCORD_TIMEOUT: Duration = Duration::from_secs(10);

/// Where the pages send people to sign in, and how they learn who signed in.
pub struct SignIn {
    secret: ClientSecret,
    /// `https://discord.com`, or the stand-in's address in tests (`DISCORD_API_BASE`).
    site: String,
    /// The public URL followed by `/signin/callback`.
    redirect: String,
    /// Cookies are only sent over https (the public URL is https).
    secure: bool,
    /// The application's id (the OAuth2 client id), as the bot's connection knows it.
    discord: Arc<dyn Application>,
    client: reqwest::Client,
    /// One permit per exchange under way ([`MAX_EXCHANGES`]).
    exchanges: tokio::sync::Semaphore,
    /// Sign-ins and membership questions, counted.
    metrics: super::WebMetrics,
    /// How many sign-ins may start now.
    pace: Pace,
}

impl std::fmt::Debug for SignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignIn")
            .field("site", &self.site)
            .field("redirect", &self.redirect)
            .finish_non_exhaustive()
    }
}

impl SignIn {
    /// Signing in for pages under `public_url`, with the application's `secret`, at Discord
    /// (or the stand-in at `api_base`), whose application the bot's connection `discord` knows.
    pub fn new(
        secret: ClientSecret,
        public_url: &str,
        api_base: Option<&str>,
        discord: Arc<dyn Application>,
        metrics: super::WebMetrics,
    ) -> SignIn {
        let public_url = public_url.trim_end_matches('/');
        SignIn {
            secret,
            site: api_base
                .unwrap_or("https://discord.com")
                .trim_end_matches('/')
                .to_owned(),
            redirect: format!("{public_url}/signin/callback"),
            secure: public_url.starts_with("https://"),
            discord,
            client: reqwest::Client::builder()
                .timeout(DISCORD_TIMEOUT)
                .build()
                .unwrap_or_default(),
            exchanges: tokio::sync::Semaphore::new(MAX_EXCHANGES),
            metrics,
            pace: Pace::default(),
        }
    }

    /// Whether cookies go over https only (then the session's is `__Host-` prefixed).
    pub(crate) fn secure(&self) -> bool {
        self.secure
    }

    /// The application's id, the OAuth2 client id.
    pub(crate) async fn client_id(&self) -> Result<u64, DiscordError> {
        self.discord.id().await
    }

    /// The application's id if the bot's connection knows it already (it does once the bot
    /// connected), without asking Discord.
    pub(crate) fn known_client_id(&self) -> Option<u64> {
        self.discord.known_id()
    }

    /// Who signed in with `code`, and their access token: exchanges the code for the token,
    /// then asks Discord whose it is. `redirect` is the address the code was issued for
    /// (none for an Activity's code, which Discord's client asks for without one).
    /// `client` is who sent the code (see `client`), for the pace kept per client.
    async fn member(
        &self,
        code: &str,
        redirect: Option<&str>,
        client: Option<std::net::IpAddr>,
    ) -> Result<(String, Member), SignInError> {
        let signed_in = self.exchange(code, redirect, client).await;
        self.metrics.sign_in(match &signed_in {
            Ok(_) => "ok",
            Err(SignInError::Busy) => "busy",
            Err(SignInError::Exchange(e)) if e.status().is_some_and(|s| s.is_client_error()) => {
                "refused"
            }
            Err(_) => "failed",
        });
        signed_in
    }

    /// `answer`, if it is a success; Discord's rate limit (429) pauses every sign-in for as long
    /// as its `Retry-After` says.
    fn unless_limited(&self, answer: reqwest::Response) -> Result<reqwest::Response, SignInError> {
        if answer.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
            let wait = answer
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<f64>().ok())
                .map_or(PAUSE_WITHOUT_RETRY_AFTER, Duration::from_secs_f64);
            let wait = wait.clamp(Duration::from_secs(1), MAX_PAUSE);
            tracing::warn!(
                ?wait,
                "Discord's OAuth2 API is rate limiting sign-ins: paused"
            );
            self.pace.pause(std::time::Instant::now(), wait);
            return Err(SignInError::Busy);
        }
        Ok(answer.error_for_status()?)
    }

    /// [`member`](Self::member), uncounted.
    async fn exchange(
        &self,
        code: &str,
        redirect: Option<&str>,
        client: Option<std::net::IpAddr>,
    ) -> Result<(String, Member), SignInError> {
        self.pace
            .start(std::time::Instant::now(), client)
            .map_err(|Throttled| SignInError::Busy)?;
        let _exchange = self
            .exchanges
            .try_acquire()
            .map_err(|_| SignInError::Busy)?;
        let client_id = self.client_id().await?.to_string();
        // The serializer is not `Send`: it is gone before the first wait.
        let form = {
            let mut form = form_urlencoded::Serializer::new(String::new());
            form.append_pair("grant_type", "authorization_code")
                .append_pair("code", code);
            if let Some(redirect) = redirect {
                form.append_pair("redirect_uri", redirect);
            }
            form.append_pair("client_id", &client_id)
                .append_pair("client_secret", self.secret.expose())
                .finish()
        };
        let answer = self
            .client
            .post(format!("{}/api/v10/oauth2/token", self.site))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form)
            .send()
            .await?;
        let answer = self.unless_limited(answer)?.bytes().await?;
        let token: TokenAnswer = serde_json::from_slice(&answer)?;
        let answer = self
            .client
            .get(format!("{}/api/v10/users/@me", self.site))
            .bearer_auth(&token.access_token)
            .send()
            .await?;
        let answer = self.unless_limited(answer)?.bytes().await?;
        let user: UserAnswer = serde_json::from_slice(&answer)?;
        let id = user.id.parse().map_err(|_| SignInError::Answer)?;
        let member = Member {
            user: UserId(id),
            name: user.global_name.unwrap_or(user.username),
        };
        Ok((token.access_token, member))
    }

    /// Signs in the member whose Activity got `code` from Discord's client: their access token
    /// (which the Activity hands back to the client to authenticate) and the session the
    /// Activity sends with its requests (see [`Viewer::of_bearer`]), signed with `key`; `client`
    /// sent the code.
    pub(crate) async fn activity_session(
        &self,
        code: &str,
        key: &Key,
        client: Option<std::net::IpAddr>,
    ) -> Result<ActivitySession, SignInError> {
        let (access_token, member) = self.member(code, None, client).await?;
        let (viewer, expires) =
            Viewer::issue(member, Purpose::Activity).ok_or(SignInError::Random)?;
        tracing::info!(member = %viewer.user.0, "a member signed in in the Activity");
        let mut jar = cookie::CookieJar::new();
        jar.signed_mut(key).add(cookie::Cookie::new(
            ACTIVITY_SESSION,
            viewer.to_cookie_value(Purpose::Activity, expires),
        ));
        let session = jar
            .get(ACTIVITY_SESSION)
            .map(|c| c.value().to_owned())
            .ok_or(SignInError::Random)?;
        Ok(ActivitySession {
            access_token,
            session,
            viewer,
        })
    }
}

/// An Activity's sign-in: what its page keeps in memory.
pub(crate) struct ActivitySession {
    /// Discord's access token, for the SDK's `authenticate`.
    pub(crate) access_token: String,
    /// The session, sent back as `Authorization: Bearer …`.
    pub(crate) session: String,
    /// Who signed in.
    pub(crate) viewer: Viewer,
}

/// The name an Activity's session is signed under (never a cookie: a web page's session
/// cookie is not an Activity's bearer token, nor the other way round).
const ACTIVITY_SESSION: &str = "dama_activity";

/// How long an Activity's session lasts: an Activity is opened for a while, then again.
const ACTIVITY_SESSION_HOURS: i64 = 12;

/// The session cookie's name: with the `__Host-` prefix over https, which browsers accept only
/// from this very host, `Secure`, for the whole site, so that no other host (a sibling
/// subdomain) can set or replace it.
pub(crate) fn session_name(secure: bool) -> &'static str {
    if secure {
        "__Host-dama_session"
    } else {
        SESSION
    }
}

/// The sign-in's cookie's name and path: over https `__Host-` prefixed, which needs the whole
/// site as its path, so that no sibling host can plant a state of its own.
fn signing_in_cookie(secure: bool) -> (&'static str, &'static str) {
    if secure {
        (HOST_SIGNING_IN, "/")
    } else {
        (SIGNING_IN, "/signin")
    }
}

/// The cookie that removes the one named `name` at `path`, with the attributes it was set with:
/// a browser keeps a `__Host-` cookie unless its removal is `Secure` and for `/` too.
fn removal(name: &'static str, secure: bool, path: &'static str) -> Cookie<'static> {
    cookie(name, String::new(), secure, path)
}

/// Why a sign-in failed on the way back from Discord.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SignInError {
    #[error("Discord's API: {0}")]
    Discord(#[from] DiscordError),
    #[error("the token exchange: {0}")]
    Exchange(#[from] reqwest::Error),
    #[error("Discord's answer: {0}")]
    Json(#[from] serde_json::Error),
    #[error("Discord's answer had no user id")]
    Answer,
    #[error("no random numbers from the system")]
    Random,
    #[error("{MAX_EXCHANGES} sign-ins are already talking to Discord")]
    Busy,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
}

#[derive(Deserialize)]
struct UserAnswer {
    id: String,
    username: String,
    global_name: Option<String>,
}

/// A member who signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Member {
    user: UserId,
    name: String,
}

/// What a session is for: a web page's cookie, or an Activity's bearer token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    Web,
    Activity,
}

impl Purpose {
    /// How long a session made for it lasts, in seconds.
    fn lifetime(self) -> i64 {
        match self {
            Purpose::Web => SESSION_DAYS * 86_400,
            Purpose::Activity => ACTIVITY_SESSION_HOURS * 3_600,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Purpose::Web => "web",
            Purpose::Activity => "activity",
        }
    }
}

/// The signed-in reader of a page: who they are, and the anti-forgery token their page
/// sends back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Viewer {
    pub(crate) user: UserId,
    pub(crate) name: String,
    pub(crate) csrf: String,
    /// When the session was issued (unix seconds).
    pub(crate) issued: i64,
}

impl Viewer {
    /// A session for `member`, issued now for `purpose` with an anti-forgery token of its own,
    /// and when it expires; none without the randomness for the token.
    fn issue(member: Member, purpose: Purpose) -> Option<(Viewer, i64)> {
        let csrf = random_text()?;
        let expires = unix_now() + purpose.lifetime();
        let viewer = Viewer {
            user: member.user,
            name: member.name,
            csrf,
            issued: expires - purpose.lifetime(),
        };
        Some((viewer, expires))
    }

    /// The session's value: `v2|purpose|user|expires|csrf|name`, the name percent-encoded.
    /// The purpose is signed with the rest, so that a session made for one use is refused for
    /// the other (a web cookie is no Activity bearer).
    fn to_cookie_value(&self, purpose: Purpose, expires: i64) -> String {
        let name: String = form_urlencoded::byte_serialize(self.name.as_bytes()).collect();
        format!(
            "v2|{}|{}|{expires}|{}|{name}",
            purpose.word(),
            self.user.0,
            self.csrf
        )
    }

    /// The viewer a session's value names, if it was made for `purpose` and has not expired
    /// before `now` (seconds).
    fn from_cookie_value(value: &str, purpose: Purpose, now: i64) -> Option<Viewer> {
        let mut parts = value.splitn(6, '|');
        if parts.next()? != "v2" || parts.next()? != purpose.word() {
            return None;
        }
        let user = parts.next()?.parse().ok()?;
        let expires: i64 = parts.next()?.parse().ok()?;
        let csrf = parts.next()?.to_owned();
        let name = form_urlencoded::parse(format!("n={}", parts.next()?).as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())?;
        (expires > now && !csrf.is_empty()).then_some(Viewer {
            user: UserId(user),
            name,
            csrf,
            issued: expires - purpose.lifetime(),
        })
    }

    /// The reader whose session `jar` holds (under [`session_name`]`(secure)`), if any. Whether
    /// its member signed out everywhere since is for [`voided_by`](Self::voided_by) to say.
    pub(crate) fn of(jar: &SignedCookieJar, secure: bool) -> Option<Viewer> {
        let cookie = jar.get(session_name(secure))?;
        Viewer::from_cookie_value(cookie.value(), Purpose::Web, unix_now())
    }

    /// Whether this session was issued before `before`, when its member signed out
    /// everywhere (a session issued within that same second stands).
    pub(crate) fn voided_by(&self, before: Option<dama_service::clock::Timestamp>) -> bool {
        before.is_some_and(|before| self.issued < before.as_millis().div_euclid(1_000))
    }

    /// The reader whose Activity session (see [`SignIn::activity_session`]) `headers` carry
    /// as `Authorization: Bearer …`, signed with `key` and not expired. A bearer token is never
    /// sent by a browser on its own, so it needs no anti-forgery token beside it.
    pub(crate) fn of_bearer(headers: &HeaderMap, key: &Key) -> Option<Viewer> {
        let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
        let signed = value.strip_prefix("Bearer ")?.trim();
        let mut jar = cookie::CookieJar::new();
        jar.add_original(cookie::Cookie::new(ACTIVITY_SESSION, signed.to_owned()));
        let verified = jar.signed(key).get(ACTIVITY_SESSION)?;
        Viewer::from_cookie_value(verified.value(), Purpose::Activity, unix_now())
    }

    /// Whether `headers` carry this viewer's anti-forgery token.
    pub(crate) fn sent_by_page(&self, headers: &HeaderMap) -> bool {
        headers
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|sent| constant_time_eq(sent.as_bytes(), self.csrf.as_bytes()))
    }

    /// The page's `<meta>` that hands its script this viewer's anti-forgery token.
    pub(crate) fn csrf_meta(&self) -> String {
        format!(
            "<meta name=\"dama-csrf\" content=\"{}\">\n",
            escape(&self.csrf)
        )
    }
}

/// Who reads a page on the web: the member their session cookie names (unless they signed out
/// everywhere since), and the language the page speaks to them in (see `lang`).
pub(crate) struct Visitor {
    pub(crate) viewer: Option<Viewer>,
    pub(crate) lang: Language,
}

impl FromRequestParts<Web> for Visitor {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Visitor, Infallible> {
        let jar = SignedCookieJar::from_headers(&parts.headers, web.key());
        let viewer = web.reader(&jar).await;
        let lang = web
            .language(viewer.as_ref().map(|v| v.user), &parts.headers)
            .await;
        Ok(Visitor { viewer, lang })
    }
}

/// Whether a request carries a reader's credentials: a session cookie or a bearer token.
pub(crate) fn carries_credentials(headers: &HeaderMap) -> bool {
    headers.contains_key(AUTHORIZATION)
        || headers
            .get_all(axum::http::header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|cookies| cookies.contains(SESSION))
}

/// A signed-in web session for `user`, for tests: the `Cookie` header to send, and the page's
/// anti-forgery token.
#[cfg(test)]
pub(crate) fn test_session(key: &Key, user: UserId) -> (String, String) {
    test_session_over(key, user, false)
}

/// As [`test_session`], the cookie named as a site over https (`secure`) names it.
#[cfg(test)]
pub(crate) fn test_session_over(key: &Key, user: UserId, secure: bool) -> (String, String) {
    let name = session_name(secure);
    let viewer = Viewer {
        user,
        name: "tester".to_owned(),
        csrf: "test-csrf".to_owned(),
        issued: unix_now(),
    };
    let mut jar = cookie::CookieJar::new();
    jar.signed_mut(key).add(cookie::Cookie::new(
        name,
        viewer.to_cookie_value(Purpose::Web, unix_now() + Purpose::Web.lifetime()),
    ));
    let value = jar
        .get(name)
        .map(|c| c.value().to_owned())
        .unwrap_or_default();
    (format!("{name}={value}"), viewer.csrf)
}

/// Whether `a` and `b` are equal, in a time that does not tell where they differ.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// 16 random bytes as URL-safe text, for states and anti-forgery tokens.
fn random_text() -> Option<String> {
    let mut bytes = [0_u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The page to return to after signing in: one of this site's own pages (a game, a puzzle, a
/// server's community pages), else the home page. An allow-list, not a deny-list: the path
/// must be `/`-separated segments of letters, digits, `-` and `_` under a known first segment,
/// so that nothing a browser would read as another site (`//host`, `/\host`, a tab or a line
/// break between slashes, percent-escapes of any of them) can pass.
fn return_path(next: Option<&str>) -> String {
    const PAGES: [&str; 3] = ["game", "puzzle", "server"];
    let allowed = next.is_some_and(|path| {
        let Some(rest) = path.strip_prefix('/') else {
            return false;
        };
        let mut segments = rest.split('/');
        segments.next().is_some_and(|first| PAGES.contains(&first))
            && rest.split('/').all(|segment| {
                !segment.is_empty()
                    && segment
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            })
    });
    match next {
        Some(path) if allowed => path.to_owned(),
        _ => "/".to_owned(),
    }
}

pub(super) fn query_pairs(uri: &Uri) -> Vec<(String, String)> {
    form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

pub(super) fn query_value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn see_other(location: &str) -> Response {
    (StatusCode::SEE_OTHER, [(LOCATION, location.to_owned())]).into_response()
}

/// A cookie of this site's, `HttpOnly` and `SameSite=Lax`, `Secure` when the site is https.
fn cookie(name: &'static str, value: String, secure: bool, path: &'static str) -> Cookie<'static> {
    Cookie::build((name, value))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .path(path)
        .build()
}

/// A request to a step of signing in (`start` or `callback`): signing in, the browser's
/// language (no one is signed in yet) and the query's pairs. Where signing in is off, the 404
/// page.
pub(crate) struct Step {
    sign_in: Arc<SignIn>,
    lang: Language,
    pairs: Vec<(String, String)>,
    /// Who asks (see `client`), for the pace kept per client.
    client: Option<std::net::IpAddr>,
}

impl FromRequestParts<Web> for Step {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Step, Response> {
        let lang = lang::of_request(&parts.headers);
        let Some(sign_in) = web.0.sign_in.clone() else {
            return Err(game::no_page_here(lang, &parts.headers));
        };
        let pairs = query_pairs(&parts.uri);
        let peer = super::client::Peer::from_request_parts(parts, web)
            .await
            .unwrap_or(super::client::Peer(None));
        let client = web.client(peer, &parts.headers);
        Ok(Step {
            sign_in,
            lang,
            pairs,
            client,
        })
    }
}

/// `GET /signin?next=…`.
pub(crate) async fn start(step: Step, jar: SignedCookieJar, headers: HeaderMap) -> Response {
    let next = return_path(query_value(&step.pairs, "next"));
    let (Some(state), Ok(client_id)) = (random_text(), step.sign_in.client_id().await) else {
        tracing::warn!("cannot start a sign-in: no random state, or no application id");
        return game::sign_in_failed(step.lang, &headers);
    };
    let (name, path) = signing_in_cookie(step.sign_in.secure);
    let mut kept = cookie(name, format!("{state}|{next}"), step.sign_in.secure, path);
    kept.set_max_age(time::Duration::minutes(SIGNING_IN_MINUTES));
    let query: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("response_type", "code")
        .append_pair("client_id", &client_id.to_string())
        .append_pair("scope", "identify")
        .append_pair("redirect_uri", &step.sign_in.redirect)
        .append_pair("state", &state)
        .append_pair("prompt", "none")
        .finish();
    let location = format!("{}/oauth2/authorize?{query}", step.sign_in.site);
    (jar.add(kept), see_other(&location)).into_response()
}

/// `GET /signin/callback?code=…&state=…` (or `?error=access_denied` when the member said no).
pub(crate) async fn callback(step: Step, jar: SignedCookieJar, headers: HeaderMap) -> Response {
    let (name, path) = signing_in_cookie(step.sign_in.secure);
    let kept = jar.get(name).map(|c| c.value().to_owned());
    let jar = jar.remove(removal(name, step.sign_in.secure, path));
    let Some((state, next)) = kept.as_deref().and_then(|k| k.split_once('|')) else {
        return (jar, game::sign_in_failed(step.lang, &headers)).into_response();
    };
    let next = return_path(Some(next));
    if query_value(&step.pairs, "state") != Some(state) {
        return (jar, game::sign_in_failed(step.lang, &headers)).into_response();
    }
    let Some(code) = query_value(&step.pairs, "code") else {
        // The member did not approve: back to the page, still watching.
        return (jar, see_other(&next)).into_response();
    };
    let member = match step
        .sign_in
        .member(code, Some(&step.sign_in.redirect), step.client)
        .await
    {
        Ok((_, member)) => member,
        // Too many at once, or Discord asked to wait: come back in a moment (not a failure).
        Err(SignInError::Busy) => {
            let busy = super::refusal::Refusal::busy(step.lang, "web-busy").page_for(&headers);
            return (jar, busy).into_response();
        }
        Err(e) => {
            tracing::warn!(error = %e, "a sign-in with Discord failed");
            return (jar, game::sign_in_failed(step.lang, &headers)).into_response();
        }
    };
    let Some((viewer, expires)) = Viewer::issue(member, Purpose::Web) else {
        return (jar, game::sign_in_failed(step.lang, &headers)).into_response();
    };
    tracing::info!(member = %viewer.user.0, "a member signed in on the web");
    let mut session = cookie(
        session_name(step.sign_in.secure),
        viewer.to_cookie_value(Purpose::Web, expires),
        step.sign_in.secure,
        "/",
    );
    session.set_max_age(time::Duration::days(SESSION_DAYS));
    (jar.add(session), see_other(&next)).into_response()
}

/// `POST /signout`: ends the session (with the page's anti-forgery token).
pub(crate) async fn sign_out(
    State(web): State<Web>,
    jar: SignedCookieJar,
    headers: HeaderMap,
) -> Response {
    end_session(&web, jar, &headers, false).await
}

/// `POST /signout/everywhere`: ends every session of the member, on every device (with the
/// page's anti-forgery token).
pub(crate) async fn sign_out_everywhere(
    State(web): State<Web>,
    jar: SignedCookieJar,
    headers: HeaderMap,
) -> Response {
    end_session(&web, jar, &headers, true).await
}

async fn end_session(
    web: &Web,
    jar: SignedCookieJar,
    headers: &HeaderMap,
    everywhere: bool,
) -> Response {
    let secure = web.secure_cookies();
    let name = session_name(secure);
    match web.reader(&jar).await {
        Some(viewer) if viewer.sent_by_page(headers) => {
            if everywhere {
                if let Err(e) = web.service().sign_out_everywhere(viewer.user).await {
                    let lang = web.language(Some(viewer.user), headers).await;
                    return Refusal::failed(&e, lang).into_response();
                }
                tracing::info!(member = %viewer.user.0, "a member signed out everywhere");
            }
            (
                jar.remove(removal(name, secure, "/")),
                StatusCode::NO_CONTENT,
            )
                .into_response()
        }
        Some(_) => Refusal::forged(lang::of_request(headers)).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_reads_back_until_it_expires() {
        let viewer = Viewer {
            user: UserId(80_351_110_224_678_912),
            name: "Ayşe | the \"best\"; 100%".to_owned(),
            csrf: "0123abcd".to_owned(),
            issued: 2_000 - Purpose::Web.lifetime(),
        };
        let value = viewer.to_cookie_value(Purpose::Web, 2_000);
        assert!(!value.contains([' ', ';', '"', ',']), "{value}");
        assert_eq!(
            Viewer::from_cookie_value(&value, Purpose::Web, 1_999),
            Some(viewer)
        );
        assert_eq!(Viewer::from_cookie_value(&value, Purpose::Web, 2_000), None);
        assert_eq!(
            Viewer::from_cookie_value("v2|web|x|2000|c|n", Purpose::Web, 0),
            None
        );
        assert_eq!(
            Viewer::from_cookie_value("v1|1|2000|c|n", Purpose::Web, 0),
            None
        );
    }

    #[test]
    fn a_session_made_for_one_purpose_is_refused_for_the_other() {
        let viewer = Viewer {
            user: UserId(7),
            name: "a".to_owned(),
            csrf: "c".to_owned(),
            issued: 0,
        };
        let web = viewer.to_cookie_value(Purpose::Web, 2_000);
        assert_eq!(Viewer::from_cookie_value(&web, Purpose::Activity, 0), None);
        let activity = viewer.to_cookie_value(Purpose::Activity, 2_000);
        assert_eq!(Viewer::from_cookie_value(&activity, Purpose::Web, 0), None);

        // Signed with the same key, the web cookie's value sent as an Activity's bearer is
        // refused.
        let key = Key::generate();
        let mut jar = cookie::CookieJar::new();
        jar.signed_mut(&key)
            .add(cookie::Cookie::new(SESSION, web.clone()));
        let signed = jar.get(SESSION).unwrap().value().to_owned();
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, format!("Bearer {signed}").parse().unwrap());
        assert_eq!(Viewer::of_bearer(&headers, &key), None);
    }

    #[test]
    fn only_a_page_of_this_site_is_returned_to() {
        for page in [
            "/game/AAAAAAAAAAAAAAAAAAAAAA",
            "/puzzle/1000",
            "/server/1000/player/42",
            "/server/1000/tournament/3",
        ] {
            assert_eq!(return_path(Some(page)), page);
        }
        for other in [
            "https://evil.example",
            "//evil.example/x",
            "/\\evil",
            "/\t/evil.example/login",
            "/\t\t/evil.example",
            "/game/\t/evil.example",
            "/ /evil.example",
            "/%09/evil.example/login",
            "/%2F/evil.example",
            "/%5C/evil.example",
            "/game//evil.example",
            "/game/../../x",
            "/game/a?next=//evil.example",
            "/game/a#//evil.example",
            "/\r\n/evil.example",
            "/elsewhere",
            "game",
            "/",
            "",
        ] {
            assert_eq!(return_path(Some(other)), "/", "{other:?}");
        }
        assert_eq!(return_path(None), "/");
    }

    #[test]
    fn the_forgery_check_needs_the_exact_token() {
        let viewer = Viewer {
            user: UserId(1),
            name: "a".to_owned(),
            csrf: "token".to_owned(),
            issued: 0,
        };
        let mut headers = HeaderMap::new();
        assert!(!viewer.sent_by_page(&headers));
        headers.insert(CSRF_HEADER, "tokem".parse().unwrap());
        assert!(!viewer.sent_by_page(&headers));
        headers.insert(CSRF_HEADER, "token".parse().unwrap());
        assert!(viewer.sent_by_page(&headers));
    }

    #[test]
    fn a_session_is_void_when_issued_before_its_member_signed_out_everywhere() {
        let viewer = Viewer {
            user: UserId(1),
            name: "a".to_owned(),
            csrf: "c".to_owned(),
            issued: 1_000,
        };
        let at = dama_service::clock::Timestamp::from_millis;
        assert!(!viewer.voided_by(None));
        assert!(viewer.voided_by(Some(at(1_001_000))));
        assert!(
            !viewer.voided_by(Some(at(1_000_500))),
            "issued that same second"
        );
        assert!(!viewer.voided_by(Some(at(999_000))));
        let value = viewer.to_cookie_value(Purpose::Web, 5_000);
        let read = Viewer::from_cookie_value(&value, Purpose::Web, 0).expect("read");
        assert_eq!(read.issued, 5_000 - Purpose::Web.lifetime());
    }

    #[test]
    fn sign_ins_start_at_a_bounded_pace_and_pause_while_discord_limits_them() {
        let pace = Pace::default();
        let start = std::time::Instant::now();
        for _ in 0..10 {
            assert!(pace.start(start, None).is_ok(), "a burst of 10");
        }
        assert_eq!(pace.start(start, None), Err(Throttled));
        // A fifth of a second later, one more.
        let later = start + Duration::from_millis(200);
        assert!(pace.start(later, None).is_ok());
        assert!(pace.start(later, None).is_err());
        // A quiet while refills the burst, no more.
        let quiet = later + Duration::from_secs(60);
        for _ in 0..10 {
            assert!(pace.start(quiet, None).is_ok());
        }
        assert!(pace.start(quiet, None).is_err());
        // Discord's 429: nothing starts until its Retry-After has passed.
        let rested = quiet + Duration::from_secs(60);
        pace.pause(rested, Duration::from_secs(30));
        assert!(pace.start(rested + Duration::from_secs(29), None).is_err());
        assert!(pace.start(rested + Duration::from_secs(30), None).is_ok());
    }

    #[test]
    fn one_clients_junk_codes_run_out_its_own_bucket_and_no_one_elses() {
        let pace = Pace::default();
        let now = std::time::Instant::now();
        let junk: std::net::IpAddr = "203.0.113.9".parse().expect("address");
        let mut sent = 0;
        while pace.start(now, Some(junk)).is_ok() {
            sent += 1;
            assert!(sent <= 100, "never refused");
        }
        assert_eq!(f64::from(sent), CLIENT_SIGN_IN_BURST);
        // Five a second, for nine seconds: still refused, and everyone's bucket kept.
        for tick in 1..=45 {
            let at = now + Duration::from_millis(200 * tick);
            assert_eq!(pace.start(at, Some(junk)), Err(Throttled));
        }
        let members = now + Duration::from_secs(10);
        for member in 1..=10_u8 {
            let client = std::net::IpAddr::from([198, 51, 100, member]);
            assert!(pace.start(members, Some(client)).is_ok(), "member {member}");
        }
        // Ten seconds after its bucket ran out, the junk client may try once more.
        let later = now + Duration::from_millis(10_500);
        assert!(pace.start(later, Some(junk)).is_ok());
        assert!(pace.start(later, Some(junk)).is_err());
    }

    #[test]
    fn over_https_the_session_cookie_is_host_only() {
        assert_eq!(session_name(true), "__Host-dama_session");
        assert_eq!(session_name(false), "dama_session");
        let secure = cookie(session_name(true), "v".to_owned(), true, "/");
        assert!(secure.secure().unwrap_or(false));
        assert_eq!(secure.path(), Some("/"));
        assert_eq!(secure.domain(), None);
    }
}
