//! The body of a `POST` is read before the request takes one of the [`MAX_IN_FLIGHT`] places
//! of the requests handled at once, under a deadline, and for an action only once the reader's
//! session (and, for a cookie, the page's anti-forgery token) has been checked. So a client that
//! sends its headers and then stalls holds no place at all: a stranger is answered at once, and
//! a signed-in reader's stalled body is given up after [`BODY_DEADLINE`], while every page,
//! state, picture and sign-in is answered meanwhile.
//!
//! That check reads the headers alone (the session's signature, expiry and use, the
//! anti-forgery token), never the database: a request reads the database only once it has a
//! place, so a flood of signed-in requests is bounded like any other. Whether the member signed
//! out everywhere since the session was issued is checked by the route, within the bound.
//!
//! [`MAX_IN_FLIGHT`]: super::MAX_IN_FLIGHT

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::SignedCookieJar;

use super::refusal::Refusal;
use super::session::Viewer;
use super::{Web, lang};

/// How long the body of a `POST` may take to arrive, once its headers have.
pub(crate) const BODY_DEADLINE: Duration = Duration::from_secs(5);

/// The largest body any route of the pages reads (an action, an Activity's code).
pub(crate) const MAX_BODY: usize = 4096;

/// Reads a `POST`'s body first (see the module's documentation), then hands the request on
/// with its body in memory.
pub(crate) async fn read_first(State(web): State<Web>, request: Request, next: Next) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let lang = lang::of_request(request.headers());
    if request.uri().path().ends_with("/act") {
        let refusal = match may_act(&web, request.headers()) {
            Acting::Allowed => None,
            Acting::SignedOut => Some(Refusal::signed_out(lang, "web-sign-in-to-play")),
            Acting::Forged => Some(Refusal::forged(lang)),
        };
        if let Some(refusal) = refusal {
            return refusal.into_response();
        }
    }
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(BODY_DEADLINE, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        // Only the pages' scripts post: they read a refusal as JSON.
        Ok(Err(_)) => Refusal::too_large(lang).into_response(),
        Err(_) => Refusal::too_slow(lang).into_response(),
    }
}

/// Whether a request may act, as far as its headers say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Acting {
    /// An Activity's bearer, or the web's cookie with the page's anti-forgery token beside it.
    Allowed,
    /// No session (or one that is forged, expired or for another use).
    SignedOut,
    /// A web session without its page's anti-forgery token: not sent by the page.
    Forged,
}

/// Whether `headers` may act, from the headers alone (see the module's documentation): no
/// database is read.
pub(crate) fn may_act(web: &Web, headers: &HeaderMap) -> Acting {
    if headers.contains_key(AUTHORIZATION) {
        return match Viewer::of_bearer(headers, &web.key(), web.service().now()) {
            Some(_) => Acting::Allowed,
            None => Acting::SignedOut,
        };
    }
    let jar = SignedCookieJar::from_headers(headers, web.key());
    match Viewer::of(&jar, web.secure_cookies(), web.service().now()) {
        Some(viewer) if viewer.sent_by_page(headers) => Acting::Allowed,
        Some(_) => Acting::Forged,
        None => Acting::SignedOut,
    }
}
