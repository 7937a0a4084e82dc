//! Signing in with Discord: the routes (`/signin`, `/signin/callback`, `/signout`,
//! `/signout/everywhere`), the token exchange and the question about the member at Discord's
//! OAuth2 API, and an Activity's sign-in. At most [`MAX_EXCHANGES`] talk to Discord at once,
//! each for at most [`DISCORD_TIMEOUT`], at the pace `pace` keeps.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRequestParts, State};
use axum::http::header::LOCATION;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::{Key, SignedCookieJar};
use dama_service::ids::UserId;
use dama_service::service::GameService;
use serde::Deserialize;

use super::cookie::{
    ACTIVITY_SESSION, Member, Purpose, SESSION_DAYS, Viewer, cookie, random_text, removal,
    session_name, signing_in_cookie,
};
use super::pace::{Pace, Throttled};
use crate::application::{Application, ClientSecret, DiscordError};
use crate::refusal::Refusal;
use crate::{Web, game, lang};
use dama_words::Language;

/// How long a sign-in may take at Discord's page.
const SIGNING_IN_MINUTES: i64 = 10;

/// Sign-ins exchanging their code with Discord at once; one more is refused.
pub(crate) const MAX_EXCHANGES: usize = 8;

/// How long sign-ins pause after Discord's 429 without a `Retry-After`.
const PAUSE_WITHOUT_RETRY_AFTER: Duration = Duration::from_secs(10);

/// The longest pause a 429 imposes (a larger `Retry-After` is taken as this).
const MAX_PAUSE: Duration = Duration::from_secs(600);

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
    metrics: crate::WebMetrics,
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
        metrics: crate::WebMetrics,
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
    /// `client` is who sent the code (see `client`), for the pace kept per client, kept on
    /// `service`'s clock.
    async fn member(
        &self,
        code: &str,
        redirect: Option<&str>,
        client: Option<IpAddr>,
        service: &GameService,
    ) -> Result<(String, Member), SignInError> {
        let signed_in = self.exchange(code, redirect, client, service).await;
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
    /// as its `Retry-After` says, from `service`'s time when the answer came.
    fn unless_limited(
        &self,
        answer: reqwest::Response,
        service: &GameService,
    ) -> Result<reqwest::Response, SignInError> {
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
            self.pace.pause(service.now(), wait);
            return Err(SignInError::Busy);
        }
        Ok(answer.error_for_status()?)
    }

    /// [`member`](Self::member), uncounted.
    async fn exchange(
        &self,
        code: &str,
        redirect: Option<&str>,
        client: Option<IpAddr>,
        service: &GameService,
    ) -> Result<(String, Member), SignInError> {
        self.pace
            .start(service.now(), client)
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
        let answer = self.unless_limited(answer, service)?.bytes().await?;
        let token: TokenAnswer = serde_json::from_slice(&answer)?;
        let answer = self
            .client
            .get(format!("{}/api/v10/users/@me", self.site))
            .bearer_auth(&token.access_token)
            .send()
            .await?;
        let answer = self.unless_limited(answer, service)?.bytes().await?;
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
        client: Option<IpAddr>,
        service: &GameService,
    ) -> Result<ActivitySession, SignInError> {
        let (access_token, member) = self.member(code, None, client, service).await?;
        let (viewer, expires) =
            Viewer::issue(member, Purpose::Activity, service.now()).ok_or(SignInError::Random)?;
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

/// The page to return to after signing in: one of this site's own pages (a game, a puzzle, a
/// server's community pages), else the home page. An allow-list, not a deny-list: the path
/// must be `/`-separated segments of letters, digits, `-` and `_` under a known first segment,
/// so that nothing a browser would read as another site (`//host`, `/\host`, a tab or a line
/// break between slashes, percent-escapes of any of them) can pass.
pub(super) fn return_path(next: Option<&str>) -> String {
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

pub(crate) fn query_pairs(uri: &Uri) -> Vec<(String, String)> {
    form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

pub(crate) fn query_value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn see_other(location: &str) -> Response {
    (StatusCode::SEE_OTHER, [(LOCATION, location.to_owned())]).into_response()
}

/// A request to a step of signing in (`start` or `callback`): signing in, the browser's
/// language (no one is signed in yet) and the query's pairs. Where signing in is off, the 404
/// page.
pub(crate) struct Step {
    sign_in: Arc<SignIn>,
    lang: Language,
    pairs: Vec<(String, String)>,
    /// Who asks (see `client`), for the pace kept per client.
    client: Option<IpAddr>,
    /// The service, whose clock the pace and the session's times are read on.
    service: GameService,
}

impl FromRequestParts<Web> for Step {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Step, Response> {
        let lang = lang::of_request(&parts.headers);
        let Some(sign_in) = web.0.sign_in.clone() else {
            return Err(game::no_page_here(lang, &parts.headers));
        };
        let pairs = query_pairs(&parts.uri);
        let peer = crate::client::Peer::from_request_parts(parts, web)
            .await
            .unwrap_or(crate::client::Peer(None));
        let client = web.client(peer, &parts.headers);
        Ok(Step {
            sign_in,
            lang,
            pairs,
            client,
            service: web.service().clone(),
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
        .member(
            code,
            Some(&step.sign_in.redirect),
            step.client,
            &step.service,
        )
        .await
    {
        Ok((_, member)) => member,
        // Too many at once, or Discord asked to wait: come back in a moment (not a failure).
        Err(SignInError::Busy) => {
            let busy = Refusal::busy(step.lang, "web-busy").page_for(&headers);
            return (jar, busy).into_response();
        }
        Err(e) => {
            tracing::warn!(error = %e, "a sign-in with Discord failed");
            return (jar, game::sign_in_failed(step.lang, &headers)).into_response();
        }
    };
    let Some((viewer, expires)) = Viewer::issue(member, Purpose::Web, step.service.now()) else {
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
}
