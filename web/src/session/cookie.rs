//! The session's cookie: what a session holds (what it is for, the member's id and name, when
//! it expires, the page's anti-forgery token), how it is written and read back signed, the web
//! page's cookie and the Activity's bearer token, and who reads a page. Whether a session has
//! expired is read on the service's clock (`GameService::now`), which the caller hands in.

use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, Key, SameSite, SignedCookieJar};
#[cfg(test)]
use dama_service::clock::Clock as _;
use dama_service::clock::Timestamp;
use dama_service::ids::UserId;

use crate::Web;
use dama_words::Language;

/// The session cookie.
pub(super) const SESSION: &str = "dama_session";

/// The cookie that carries a sign-in's state and the page to return to.
pub(super) const SIGNING_IN: &str = "dama_signin";

/// The sign-in's cookie over https: `__Host-` prefixed, as the session's (see
/// [`session_name`]).
pub(super) const HOST_SIGNING_IN: &str = "__Host-dama_signin";

/// The header a state-changing request carries the page's anti-forgery token in.
pub(crate) const CSRF_HEADER: &str = "x-dama-csrf";

/// How long a session lasts.
pub(super) const SESSION_DAYS: i64 = 30;

/// The name an Activity's session is signed under (never a cookie: a web page's session
/// cookie is not an Activity's bearer token, nor the other way round).
pub(super) const ACTIVITY_SESSION: &str = "dama_activity";

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
pub(super) fn signing_in_cookie(secure: bool) -> (&'static str, &'static str) {
    if secure {
        (HOST_SIGNING_IN, "/")
    } else {
        (SIGNING_IN, "/signin")
    }
}

/// The cookie that removes the one named `name` at `path`, with the attributes it was set with:
/// a browser keeps a `__Host-` cookie unless its removal is `Secure` and for `/` too.
pub(super) fn removal(name: &'static str, secure: bool, path: &'static str) -> Cookie<'static> {
    cookie(name, String::new(), secure, path)
}

/// A member who signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Member {
    pub(super) user: UserId,
    pub(super) name: String,
}

/// What a session is for: a web page's cookie, or an Activity's bearer token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Purpose {
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
    pub(super) fn issue(member: Member, purpose: Purpose, now: Timestamp) -> Option<(Viewer, i64)> {
        let csrf = random_text()?;
        let expires = unix_seconds(now) + purpose.lifetime();
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
    pub(super) fn to_cookie_value(&self, purpose: Purpose, expires: i64) -> String {
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
    pub(crate) fn of(jar: &SignedCookieJar, secure: bool, now: Timestamp) -> Option<Viewer> {
        let cookie = jar.get(session_name(secure))?;
        Viewer::from_cookie_value(cookie.value(), Purpose::Web, unix_seconds(now))
    }

    /// Whether this session was issued before `before`, when its member signed out
    /// everywhere (a session issued within that same second stands).
    pub(crate) fn voided_by(&self, before: Option<dama_service::clock::Timestamp>) -> bool {
        before.is_some_and(|before| self.issued < before.as_millis().div_euclid(1_000))
    }

    /// The reader whose Activity session (see [`SignIn::activity_session`]) `headers` carry
    /// as `Authorization: Bearer …`, signed with `key` and not expired. A bearer token is never
    /// sent by a browser on its own, so it needs no anti-forgery token beside it.
    pub(crate) fn of_bearer(headers: &HeaderMap, key: &Key, now: Timestamp) -> Option<Viewer> {
        let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
        let signed = value.strip_prefix("Bearer ")?.trim();
        let mut jar = cookie::CookieJar::new();
        jar.add_original(cookie::Cookie::new(ACTIVITY_SESSION, signed.to_owned()));
        let verified = jar.signed(key).get(ACTIVITY_SESSION)?;
        Viewer::from_cookie_value(verified.value(), Purpose::Activity, unix_seconds(now))
    }

    /// Whether `headers` carry this viewer's anti-forgery token.
    pub(crate) fn sent_by_page(&self, headers: &HeaderMap) -> bool {
        headers
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|sent| constant_time_eq(sent.as_bytes(), self.csrf.as_bytes()))
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
    let now = unix_seconds(dama_service::clock::SystemClock.now());
    let viewer = Viewer {
        user,
        name: "tester".to_owned(),
        csrf: "test-csrf".to_owned(),
        issued: now,
    };
    let mut jar = cookie::CookieJar::new();
    jar.signed_mut(key).add(cookie::Cookie::new(
        name,
        viewer.to_cookie_value(Purpose::Web, now + Purpose::Web.lifetime()),
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

/// `now` in whole seconds since the epoch, as sessions count their time.
fn unix_seconds(now: Timestamp) -> i64 {
    now.as_millis().div_euclid(1_000)
}

/// 16 random bytes as URL-safe text, for states and anti-forgery tokens.
pub(super) fn random_text() -> Option<String> {
    let mut bytes = [0_u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A cookie of this site's, `HttpOnly` and `SameSite=Lax`, `Secure` when the site is https.
pub(super) fn cookie(
    name: &'static str,
    value: String,
    secure: bool,
    path: &'static str,
) -> Cookie<'static> {
    Cookie::build((name, value))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .path(path)
        .build()
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
        assert_eq!(
            Viewer::of_bearer(&headers, &key, Timestamp::from_millis(0)),
            None
        );
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
    fn over_https_the_session_cookie_is_host_only() {
        assert_eq!(session_name(true), "__Host-dama_session");
        assert_eq!(session_name(false), "dama_session");
        let secure = cookie(session_name(true), "v".to_owned(), true, "/");
        assert!(secure.secure().unwrap_or(false));
        assert_eq!(secure.path(), Some("/"));
        assert_eq!(secure.domain(), None);
    }
}
