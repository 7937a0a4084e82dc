//! Every class of refusal reaches a script as `{"error", "code"}` JSON in the reader's
//! language (the browser's, or the one a signed-in member chose), the bounds' refusals from the
//! layers included, and a browser that navigates gets a page in the same words.

use std::time::Duration;

use axum::body::Body;
use axum::http::StatusCode;
use axum::http::header::{CONTENT_TYPE, RETRY_AFTER};
use axum::response::{IntoResponse, Response};
use dama_words::Language;
use serde_json::Value;

use super::{body, header, send, setup};
use crate::refusal::Refusal;
use crate::session::{CSRF_HEADER, test_session};

/// The catalog's `key` in Turkish.
fn turkish(key: &str) -> String {
    dama_words::i18n::message(Language::Tr, key, None)
}

/// A refusal as a script reads it: its status, `error` and `code`; it must be JSON.
async fn read(answer: Response) -> (StatusCode, String, String) {
    let status = answer.status();
    let kind = header(&answer, CONTENT_TYPE).to_owned();
    let text = body(answer).await;
    assert!(
        kind.starts_with("application/json"),
        "{status} {kind}: {text}"
    );
    let said: Value = serde_json::from_str(&text).expect("JSON");
    let words = said["error"].as_str().expect("an error").to_owned();
    let code = said["code"].as_str().expect("a code").to_owned();
    (status, words, code)
}

/// A refusal as `read` gives it: `status`, the Turkish words of `key`, and `code`.
fn in_turkish(status: StatusCode, key: &str, code: &str) -> (StatusCode, String, String) {
    (status, turkish(key), code.to_owned())
}

#[tokio::test]
async fn each_refusal_of_an_action_is_json_in_the_browsers_turkish() {
    let s = setup().await;
    let router = s.web.router();
    let act = format!("/game/{}/act", s.token);
    let (cookie, csrf) = test_session(&s.web.key(), s.ada.id);
    let signed_in = [
        ("cookie", cookie.as_str()),
        (CSRF_HEADER, csrf.as_str()),
        ("content-type", "application/json"),
        ("accept-language", "tr-TR,tr;q=0.9,en;q=0.5"),
    ];
    let move_body = || Body::from(r#"{"act": "move", "move": "c3-d4", "ply": 0}"#);
    // Signed out: 401.
    let answer = send(&router, "POST", &act, &signed_in[2..], move_body()).await;
    let expected = in_turkish(
        StatusCode::UNAUTHORIZED,
        "web-sign-in-to-play",
        "signed-out",
    );
    assert_eq!(read(answer).await, expected);
    // A session without its page's anti-forgery token: 403.
    let forged = [signed_in[0], signed_in[2], signed_in[3]];
    let answer = send(&router, "POST", &act, &forged, move_body()).await;
    let expected = in_turkish(StatusCode::FORBIDDEN, "web-forged", "forged");
    assert_eq!(read(answer).await, expected);
    // Not an action: 400.
    let answer = send(&router, "POST", &act, &signed_in, Body::from("nonsense")).await;
    let expected = in_turkish(StatusCode::BAD_REQUEST, "web-bad-action", "bad-request");
    assert_eq!(read(answer).await, expected);
    // Larger than an action's limit (the route's layer), though within the face's bound: 413.
    let padded = format!(
        r#"{{"act": "move", "move": "c3-d4", "ply": 0, "pad": "{}"}}"#,
        "x".repeat(crate::play::MAX_ACTION)
    );
    assert!(padded.len() < crate::body::MAX_BODY);
    let answer = send(&router, "POST", &act, &signed_in, Body::from(padded)).await;
    let expected = in_turkish(StatusCode::PAYLOAD_TOO_LARGE, "web-too-large", "too-large");
    assert_eq!(read(answer).await, expected);
    // Larger than the face's bound: 413 too.
    let huge = Body::from(vec![b' '; crate::body::MAX_BODY + 1]);
    let answer = send(&router, "POST", &act, &signed_in, huge).await;
    assert_eq!(read(answer).await.1, turkish("web-too-large"));
    // The service's refusal: 409, in words.
    let illegal = Body::from(r#"{"act": "move", "move": "a3-a5", "ply": 0}"#);
    let answer = send(&router, "POST", &act, &signed_in, illegal).await;
    let (status, words, code) = read(answer).await;
    assert_eq!((status, code.as_str()), (StatusCode::CONFLICT, "refused"));
    let english = send(
        &router,
        "POST",
        &act,
        &[signed_in[0], signed_in[1], signed_in[2]],
        Body::from(r#"{"act": "move", "move": "a3-a5", "ply": 0}"#),
    )
    .await;
    assert_ne!(read(english).await.1, words, "Turkish words, not English");
    // Nothing was played.
    assert_eq!(s.service.game(s.game).await.expect("game").ply, 0);
}

#[tokio::test]
async fn a_member_who_chose_turkish_is_refused_in_turkish_from_an_english_browser() {
    let s = setup().await;
    s.service
        .set_player_language(s.ada.id, Some(Language::Tr))
        .await
        .expect("chosen");
    let (cookie, csrf) = test_session(&s.web.key(), s.ada.id);
    let headers = [
        ("cookie", cookie.as_str()),
        (CSRF_HEADER, csrf.as_str()),
        ("content-type", "application/json"),
        ("accept-language", "en-US,en"),
    ];
    let act = format!("/game/{}/act", s.token);
    let answer = send(&s.web.router(), "POST", &act, &headers, Body::from("{}")).await;
    assert_eq!(read(answer).await.1, turkish("web-bad-action"));
    let gone = format!(
        "/game/{}/conditional",
        dama_service::ids::WebToken::generate().expect("randomness")
    );
    let answer = send(&s.web.router(), "GET", &gone, &headers, Body::empty()).await;
    let expected = in_turkish(StatusCode::NOT_FOUND, "web-not-found", "not-found");
    assert_eq!(read(answer).await, expected);
}

#[tokio::test]
async fn a_busy_site_refuses_a_script_in_json_and_a_browser_with_a_page_in_turkish() {
    let s = setup().await;
    // No place for any request: the load-shedding layer refuses at once.
    let full = s.web.router_within(0);
    let state = format!("/game/{}/state", s.token);
    let answer = send(
        &full,
        "GET",
        &state,
        &[("accept-language", "tr")],
        Body::empty(),
    )
    .await;
    assert_eq!(header(&answer, RETRY_AFTER), "1");
    let expected = in_turkish(StatusCode::SERVICE_UNAVAILABLE, "web-busy", "busy");
    assert_eq!(read(answer).await, expected);
    let navigates = [("accept-language", "tr"), ("accept", "text/html,*/*;q=0.8")];
    let page = send(&full, "GET", &state, &navigates, Body::empty()).await;
    assert_eq!(page.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(header(&page, CONTENT_TYPE).starts_with("text/html"));
    let html = body(page).await;
    assert!(html.contains("<html lang=\"tr\">"), "{html}");
    assert!(html.contains(&turkish("web-busy")), "{html}");
}

#[tokio::test]
async fn a_state_that_is_not_there_is_refused_in_json_to_a_script() {
    let s = setup().await;
    let path = format!(
        "/game/{}/state",
        dama_service::ids::WebToken::generate().expect("randomness")
    );
    let script = [("accept-language", "tr"), ("accept", "*/*")];
    let answer = send(&s.web.router(), "GET", &path, &script, Body::empty()).await;
    let expected = in_turkish(StatusCode::NOT_FOUND, "web-not-found", "not-found");
    assert_eq!(read(answer).await, expected);
}

#[tokio::test]
async fn a_member_over_the_minutes_evaluations_is_told_when_to_ask_again_in_turkish() {
    let s = setup().await;
    s.service.resign(s.game, s.bo.id).await.expect("resigned");
    let (cookie, csrf) = test_session(&s.web.key(), s.ada.id);
    let headers = [
        ("cookie", cookie.as_str()),
        (CSRF_HEADER, csrf.as_str()),
        ("content-type", "application/json"),
        ("accept-language", "tr"),
    ];
    let path = format!("/game/{}/evaluation", s.token);
    let router = s.web.router();
    let ask = || {
        send(
            &router,
            "POST",
            &path,
            &headers,
            Body::from(r#"{"ply": 0}"#),
        )
    };
    for _ in 0..dama_service::service::EVALUATIONS_PER_MINUTE {
        assert_eq!(ask().await.status(), StatusCode::OK);
    }
    let answer = ask().await;
    assert_eq!(header(&answer, RETRY_AFTER), "60");
    let (status, words, code) = read(answer).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "rate-limited")
    );
    assert!(words.contains("10"), "{words}");
    assert_ne!(
        words,
        "You asked for 10 evaluations in the last minute: wait a moment before asking for another."
    );
}

#[tokio::test]
async fn a_slow_body_and_a_missed_capture_are_json_too() {
    let slow = Refusal::too_slow(Language::Tr).into_response();
    let expected = in_turkish(StatusCode::REQUEST_TIMEOUT, "web-slow-request", "too-slow");
    assert_eq!(read(slow).await, expected);
    let missed = Refusal::missed_capture(Language::Sv, "Spela ändå?".to_owned())
        .retry_after(Duration::from_millis(10))
        .into_response();
    assert_eq!(missed.status(), StatusCode::CONFLICT);
    assert_eq!(header(&missed, RETRY_AFTER), "1", "at least a second");
    let said: Value = serde_json::from_str(&body(missed).await).expect("JSON");
    assert_eq!(said["error"], "Spela ändå?");
    assert_eq!(said["code"], "missed-capture");
    assert!(said["confirm"].as_str().is_some_and(|c| !c.is_empty()));
    assert!(said["cancel"].as_str().is_some_and(|c| !c.is_empty()));
}

#[tokio::test]
async fn a_session_is_read_on_the_services_clock_and_expires_by_it() {
    // The service's clock stands 31 days after now: a session issued now has expired by it.
    let later = dama_service::clock::Timestamp::from_millis(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            + 31 * 86_400_000,
    );
    let clock = std::sync::Arc::new(dama_service::clock::ManualClock::new(later));
    let s = super::setup_with(Some(clock)).await;
    let (cookie, csrf) = test_session(&s.web.key(), s.ada.id);
    let headers = [
        ("cookie", cookie.as_str()),
        (CSRF_HEADER, csrf.as_str()),
        ("content-type", "application/json"),
        ("accept-language", "tr"),
    ];
    let act = format!("/game/{}/act", s.token);
    let moved = Body::from(r#"{"act": "move", "move": "c3-d4", "ply": 0}"#);
    let answer = send(&s.web.router(), "POST", &act, &headers, moved).await;
    let expected = in_turkish(
        StatusCode::UNAUTHORIZED,
        "web-sign-in-to-play",
        "signed-out",
    );
    assert_eq!(read(answer).await, expected);
}
