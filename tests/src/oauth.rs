//! Discord's OAuth2 authorization-code flow, as "Sign in with Discord" on a web page uses it:
//!
//! - `GET /oauth2/authorize?response_type=code&client_id=…&scope=identify&redirect_uri=…&state=…`:
//!   the page where a person approves the application. The stand-in approves at once for the
//!   user a test signed in ([`FakeDiscord::sign_in_as`](crate::FakeDiscord::sign_in_as)) and
//!   redirects to `redirect_uri?code=…&state=…`; with nobody signed in it shows a login page,
//!   as Discord does, and redirects nowhere.
//! - `POST /api/v10/oauth2/token` (form: `grant_type=authorization_code`, `code`,
//!   `redirect_uri`, `client_id`, `client_secret`): a code used once, with the redirect it was
//!   issued for and the application's secret ([`CLIENT_SECRET`]), becomes a bearer token.
//!   Faults injected on `/oauth2/token` apply (their stall, then their status; no cut).
//! - `GET /api/v10/users/@me` with `Authorization: Bearer …`: the signed-in user (with the bot's
//!   token it is the bot, as before).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use serenity::model::id::UserId;

use crate::payloads;
use crate::rest;
use crate::state::Shared;

/// The application's client secret the stand-in accepts (`DISCORD_CLIENT_SECRET`).
pub const CLIENT_SECRET: &str = "stand-in-client-secret";

/// Codes and tokens handed out, and who approves.
#[derive(Debug, Default)]
pub(crate) struct OAuth {
    /// The user the authorize page approves for.
    signed_in: Mutex<Option<UserId>>,
    /// Codes not yet exchanged: the user and the redirect they were issued for.
    codes: Mutex<HashMap<String, (UserId, String)>>,
    /// Bearer tokens and their users.
    tokens: Mutex<HashMap<String, UserId>>,
    issued: AtomicU64,
    /// Codes exchanged so far.
    exchanged: AtomicU64,
    /// Token requests so far, whatever their answer.
    asked: AtomicU64,
}

impl OAuth {
    /// From now on the authorize page approves for `user` (`None`: nobody is logged in).
    pub(crate) fn sign_in_as(&self, user: Option<UserId>) {
        *self
            .signed_in
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = user;
    }

    /// Codes exchanged for tokens so far.
    pub(crate) fn exchanged(&self) -> u64 {
        self.exchanged.load(Ordering::Relaxed)
    }

    /// Token requests so far, whatever their answer.
    pub(crate) fn asked(&self) -> u64 {
        self.asked.load(Ordering::Relaxed)
    }

    /// A fresh code for `user`, to be exchanged with `redirect` (empty for an Activity's code,
    /// which the client asks for without one).
    pub(crate) fn issue_code(&self, user: UserId, redirect: String) -> String {
        let code = self.fresh("code");
        self.codes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(code.clone(), (user, redirect));
        code
    }

    /// The user an access token was issued to.
    pub(crate) fn user_of(&self, token: &str) -> Option<UserId> {
        self.tokens
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(token)
            .copied()
    }

    fn fresh(&self, kind: &str) -> String {
        let n = self.issued.fetch_add(1, Ordering::Relaxed);
        format!("{kind}-{n}-{:x}", n.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

/// The query or form pairs of `text`.
fn pairs(text: &str) -> HashMap<String, String> {
    form_urlencoded::parse(text.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

/// An OAuth2 error as Discord answers it (`{"error": …, "error_description": …}`).
fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    (
        status,
        axum::Json(json!({"error": error, "error_description": description})),
    )
        .into_response()
}

/// `GET /oauth2/authorize`.
pub(crate) async fn authorize(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    let query = pairs(uri.query().unwrap_or_default());
    let get = |k: &str| query.get(k).map(String::as_str).unwrap_or_default();
    let application = shared.config.application_id.to_string();
    if get("client_id") != application {
        return (
            StatusCode::BAD_REQUEST,
            "Invalid OAuth2 application (client_id)",
        )
            .into_response();
    }
    if get("response_type") != "code" || !get("scope").split(' ').any(|s| s == "identify") {
        return (StatusCode::BAD_REQUEST, "Invalid OAuth2 request").into_response();
    }
    let redirect = get("redirect_uri").to_owned();
    if !(redirect.starts_with("http://") || redirect.starts_with("https://")) {
        return (StatusCode::BAD_REQUEST, "Invalid OAuth2 redirect_uri").into_response();
    }
    let user = *shared
        .oauth
        .signed_in
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let Some(user) = user else {
        return (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            "<!doctype html><title>Discord</title><h1>Log in to Discord</h1>",
        )
            .into_response();
    };
    let code = shared.oauth.issue_code(user, redirect.clone());
    let back: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("code", &code)
        .append_pair("state", get("state"))
        .finish();
    let separator = if redirect.contains('?') { '&' } else { '?' };
    (
        StatusCode::FOUND,
        [(header::LOCATION, format!("{redirect}{separator}{back}"))],
    )
        .into_response()
}

/// `POST /api/v10/oauth2/token`.
pub(crate) async fn token(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    shared.oauth.asked.fetch_add(1, Ordering::Relaxed);
    // An injected fault (`FakeDiscord::inject` on `/oauth2/token`): its stall, then its status.
    if let Some(fault) = shared.faults.take("/api/v10/oauth2/token") {
        tokio::time::sleep(fault.stall).await;
        let status = StatusCode::from_u16(fault.status).unwrap_or(StatusCode::BAD_GATEWAY);
        let mut answer = oauth_error(status, "injected_fault", "An injected fault");
        if status == StatusCode::TOO_MANY_REQUESTS {
            // As Discord announces its limits: whole seconds, rounded up.
            let seconds =
                fault.retry_after.as_secs() + u64::from(fault.retry_after.subsec_nanos() > 0);
            if let Ok(value) = seconds.to_string().parse() {
                answer.headers_mut().insert("retry-after", value);
            }
        }
        return answer;
    }
    let form = pairs(&String::from_utf8_lossy(&body));
    let get = |k: &str| form.get(k).map(String::as_str).unwrap_or_default();
    if get("client_id") != shared.config.application_id.to_string()
        || get("client_secret") != CLIENT_SECRET
    {
        return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", "Unknown client");
    }
    if get("grant_type") != "authorization_code" {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "Unsupported grant type",
        );
    }
    let issued = shared
        .oauth
        .codes
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .remove(get("code"));
    let user = match issued {
        Some((user, redirect)) if redirect == get("redirect_uri") => user,
        _ => {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_grant",
                "Invalid \"code\" in request.",
            );
        }
    };
    let token = shared.oauth.fresh("token");
    shared
        .oauth
        .tokens
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(token.clone(), user);
    shared.oauth.exchanged.fetch_add(1, Ordering::Relaxed);
    axum::Json(json!({
        "access_token": token,
        "token_type": "Bearer",
        "expires_in": 604_800,
        "refresh_token": shared.oauth.fresh("refresh"),
        "scope": "identify",
    }))
    .into_response()
}

/// `GET /api/v10/users/@me`: the bearer's user, or (with the bot's token) the REST route.
pub(crate) async fn me(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    let Some(bearer) = bearer else {
        return rest::handle(State(shared), method, uri, headers, body).await;
    };
    let user = shared
        .oauth
        .tokens
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&bearer)
        .copied();
    let found = user.and_then(|id| shared.store().users.get(&id).cloned());
    match found {
        Some(user) => axum::Json(payloads::user(&user)).into_response(),
        None => (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response(),
    }
}
