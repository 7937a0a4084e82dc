//! The security read's findings, each answered: cookies removed as they were set, the
//! sign-in's state cookie host-only, the bounds on what one client or member may cost.

use std::sync::Arc;

use axum::body::Body;
use axum::http::StatusCode;
use axum_extra::extract::cookie::Key;
use dama_render::Renderer;
use futures_util::StreamExt;

use super::{Setup, body, header, send, setup};
use crate::application::{Answer, Application, ClientSecret};
use crate::session::{CSRF_HEADER, SignIn, test_session_over};
use crate::{Playing, Web, WebMetrics};

/// An application whose id is known: nothing asks Discord for it.
struct Known;

impl Application for Known {
    fn known_id(&self) -> Option<u64> {
        Some(1)
    }

    fn id(&self) -> Answer<'_, u64> {
        Box::pin(async { Ok(1) })
    }
}

/// The public URL of the site in these tests: https, so cookies are `Secure` and `__Host-`.
const SITE: &str = "https://dama.example.org";

/// Where "Discord" is: a port nothing listens on, so that an exchange fails at once.
const NO_DISCORD: &str = "http://127.0.0.1:9";

impl Setup {
    /// The same game's web face over https, signing in (and the Activity) on.
    fn signing_in(&mut self) {
        let metrics = WebMetrics::default();
        let sign_in = SignIn::new(
            ClientSecret::new("secret".to_owned()),
            SITE,
            Some(NO_DISCORD),
            Arc::new(Known),
            metrics.clone(),
        );
        self.web = Web::playable(
            self.service.clone(),
            Arc::new(Renderer::new()),
            SITE,
            Playing {
                sign_in: Some(sign_in),
                activity: true,
                metrics,
                key: Key::generate(),
                trusted_proxies: crate::TrustedProxies::default(),
                application: None,
            },
        );
    }
}

/// The `Set-Cookie` of `response` that sets or removes `name`.
fn set_cookie<'a>(response: &'a axum::response::Response, name: &str) -> &'a str {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .unwrap_or_default()
}

#[tokio::test]
async fn signing_out_over_https_removes_the_host_cookie_with_its_own_attributes() {
    let mut s = setup().await;
    s.signing_in();
    let (cookie, csrf) = test_session_over(&s.web.key(), s.ada.id, true);
    assert!(cookie.starts_with("__Host-dama_session="), "{cookie}");
    let headers = [("cookie", cookie.as_str()), (CSRF_HEADER, csrf.as_str())];
    for path in ["/signout", "/signout/everywhere"] {
        let out = send(&s.web.router(), "POST", path, &headers, Body::empty()).await;
        assert_eq!(out.status(), StatusCode::NO_CONTENT, "{path}");
        let removal = set_cookie(&out, "__Host-dama_session");
        assert!(removal.contains("Max-Age=0"), "{path}: {removal}");
        assert!(removal.contains("; Secure"), "{path}: {removal}");
        assert!(removal.contains("; Path=/"), "{path}: {removal}");
        assert!(!removal.contains("Domain"), "{path}: {removal}");
    }
}

#[tokio::test]
async fn over_https_the_sign_in_state_cookie_is_host_only_and_read_back() {
    let mut s = setup().await;
    s.signing_in();
    let page = format!("/game/{}", s.token);
    let started = s.get(&format!("/signin?next={page}"), &[]).await;
    assert_eq!(started.status(), StatusCode::SEE_OTHER);
    let kept = set_cookie(&started, "__Host-dama_signin").to_owned();
    assert!(!kept.is_empty(), "{:?}", started.headers());
    assert!(kept.contains("; Secure"), "{kept}");
    assert!(
        kept.contains("; Path=/;") || kept.ends_with("; Path=/"),
        "{kept}"
    );
    assert!(!kept.contains("Domain"), "{kept}");
    let location = header(&started, "location");
    let state = location
        .split(['?', '&'])
        .find_map(|pair| pair.strip_prefix("state="))
        .expect("a state")
        .to_owned();
    // The member said no: back to the page, which proves the state cookie was read.
    let value = kept.split(';').next().expect("the cookie's value");
    let back = s
        .get(
            &format!("/signin/callback?state={state}&error=access_denied"),
            &[("cookie", value)],
        )
        .await;
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    assert_eq!(header(&back, "location"), page);
    let removal = set_cookie(&back, "__Host-dama_signin");
    assert!(removal.contains("Max-Age=0"), "{removal}");
    assert!(removal.contains("; Secure"), "{removal}");
    assert!(removal.contains("; Path=/"), "{removal}");
}

#[tokio::test]
async fn the_legal_moves_are_refused_in_words_while_every_generation_place_is_taken() {
    let s = setup().await;
    let start: String =
        form_urlencoded::byte_serialize(b"8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w").collect();
    let path = format!("/game/{}/analysis?position={start}", s.token);
    let held: Vec<_> = (0..crate::analysis::GENERATIONS_AT_ONCE)
        .map(|_| s.web.0.generations.enter().expect("a place"))
        .collect();
    let busy = s.get(&path, &[("accept-language", "en")]).await;
    assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
    let answer: serde_json::Value = serde_json::from_str(&body(busy).await).expect("JSON");
    assert_eq!(
        answer["error"],
        "Too many requests at once: try again in a moment."
    );
    drop(held);
    assert_eq!(s.get(&path, &[]).await.status(), StatusCode::OK);
}

/// An Activity's code sent from `peer`: the status of the answer.
async fn code_from(s: &Setup, peer: &str) -> StatusCode {
    let mut request = axum::http::Request::post("/activity/token")
        .header("content-type", "application/json")
        .body(Body::from(r#"{"code": "junk"}"#))
        .expect("request");
    let addr: std::net::SocketAddr = peer.parse().expect("an address");
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    tower::ServiceExt::oneshot(s.web.router(), request)
        .await
        .expect("infallible")
        .status()
}

#[tokio::test]
async fn one_clients_junk_codes_are_refused_while_another_client_is_still_served() {
    let mut s = setup().await;
    s.signing_in();
    let mut sent = 0;
    loop {
        let status = code_from(&s, "203.0.113.9:4000").await;
        if status == StatusCode::SERVICE_UNAVAILABLE {
            break;
        }
        // Discord (here: nothing) was asked, and the code found to be no good.
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        sent += 1;
        assert!(sent < 10, "never refused");
    }
    assert!(sent >= 1);
    // Another client's code is taken to Discord, not refused by the pace.
    assert_eq!(
        code_from(&s, "198.51.100.4:4000").await,
        StatusCode::UNAUTHORIZED
    );
    // And the first is still refused: its junk cost only its own bucket.
    assert_eq!(
        code_from(&s, "203.0.113.9:4001").await,
        StatusCode::SERVICE_UNAVAILABLE
    );
}

#[tokio::test]
async fn behind_a_trusted_proxy_range_each_forwarded_client_has_its_own_streams() {
    let mut s = setup().await;
    s.web = Web::playable(
        s.service.clone(),
        Arc::new(Renderer::new()),
        SITE,
        Playing {
            sign_in: None,
            activity: false,
            metrics: WebMetrics::default(),
            key: Key::generate(),
            trusted_proxies: "172.16.0.0/12".parse().expect("setting"),
            application: None,
        },
    );
    let path = format!("/game/{}/events", s.token);
    let router = s.web.router();
    let open = async |peer: &str, client: &str| {
        let response = tower::ServiceExt::oneshot(
            router.clone(),
            super::from_peer(&path, peer, &[("x-forwarded-for", client)]),
        )
        .await
        .expect("infallible");
        (response.status(), response)
    };
    let mut held = Vec::new();
    for _ in 0..crate::PER_CLIENT {
        let (status, response) = open("172.17.0.1:5000", "203.0.113.5").await;
        assert_eq!(status, StatusCode::OK);
        // Its first state sent, the stream is set up and stays open.
        let mut stream = response.into_body().into_data_stream();
        tokio::time::timeout(std::time::Duration::from_secs(5), stream.next())
            .await
            .expect("the first state within 5 s");
        held.push(stream);
    }
    assert_eq!(
        open("172.17.0.1:5000", "203.0.113.5").await.0,
        StatusCode::SERVICE_UNAVAILABLE
    );
    // Through the same bridge, another visitor is another client.
    assert_eq!(
        open("172.17.0.1:5000", "198.51.100.7").await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_signed_in_actions_check_before_its_place_reads_no_database() {
    let s = setup().await;
    let (cookie, csrf) = super::super::session::test_session(&s.web.key(), s.ada.id);
    let mut headers = axum::http::HeaderMap::new();
    headers.insert("cookie", cookie.parse().expect("header"));
    headers.insert(CSRF_HEADER, csrf.parse().expect("header"));
    // The database answers nothing from here on.
    s.pool.close().await;
    assert_eq!(
        crate::body::may_act(&s.web, &headers),
        crate::body::Acting::Allowed
    );
    // So her stalled body is waited for, without a place, and given up: not refused as
    // signed out by a read of the database made before any bound.
    let request = axum::http::Request::post(format!("/game/{}/act", s.token))
        .header("cookie", &cookie)
        .header(CSRF_HEADER, &csrf)
        .body(Body::from_stream(futures_util::stream::pending::<
            Result<axum::body::Bytes, std::io::Error>,
        >()))
        .expect("request");
    let answer = tower::ServiceExt::oneshot(s.web.router(), request)
        .await
        .expect("infallible");
    assert_eq!(answer.status(), StatusCode::REQUEST_TIMEOUT);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_stream_beyond_its_clients_share_is_refused_without_waiting_for_the_database() {
    let s = setup().await;
    let path = format!("/game/{}/events", s.token);
    let router = s.web.router();
    let mut held = Vec::new();
    for _ in 0..crate::PER_CLIENT {
        let response = tower::ServiceExt::oneshot(
            router.clone(),
            super::from_peer(&path, "203.0.113.5:4000", &[]),
        )
        .await
        .expect("infallible");
        assert_eq!(response.status(), StatusCode::OK);
        let mut stream = response.into_body().into_data_stream();
        tokio::time::timeout(std::time::Duration::from_secs(5), stream.next())
            .await
            .expect("the first state within 5 s");
        held.push(stream);
    }
    // Every connection of the database is busy: a read would wait.
    let mut connections = Vec::new();
    while let Ok(Ok(connection)) =
        tokio::time::timeout(std::time::Duration::from_millis(200), s.pool.acquire()).await
    {
        connections.push(connection);
    }
    assert!(!connections.is_empty());
    let (cookie, _) = super::super::session::test_session(&s.web.key(), s.ada.id);
    let signed_in = super::from_peer(&path, "203.0.113.5:4001", &[("cookie", &cookie)]);
    let refused = tokio::time::timeout(
        std::time::Duration::from_secs(2),
        tower::ServiceExt::oneshot(router.clone(), signed_in),
    )
    .await
    .expect("refused at once, without a read of the database")
    .expect("infallible");
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    drop(connections);
}
