//! A live game's clocks in the state the page reads: read at the service's time whenever the
//! state is sent, not when it was built.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use dama_rules::Color;
use dama_service::clock::{ManualClock, Timestamp};
use futures_util::StreamExt;
use serde_json::Value;

use super::{Setup, setup, setup_on};

const START: i64 = 1_750_000_000_000;

/// A 3+2 game between Ada (White) and Bo on a clock the test turns.
async fn live_game() -> (Setup, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(START)));
    let live = "3+2".parse().expect("a clock");
    (setup_on(Some(Arc::clone(&clock)), Some(live)).await, clock)
}

/// The first state the game's event stream sends.
async fn first_event(s: &Setup) -> Value {
    let response = s.get(&format!("/game/{}/events", s.token), &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    let mut stream = response.into_body().into_data_stream();
    let mut text = String::new();
    loop {
        if let Some(data) = text
            .split("\n\n")
            .find(|event| event.starts_with("event: state"))
            .and_then(|event| event.lines().find_map(|l| l.strip_prefix("data: ")))
            .filter(|_| text.contains("\n\n"))
        {
            return serde_json::from_str(data).expect("JSON");
        }
        let chunk = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("an event in time")
            .expect("the stream goes on")
            .expect("a chunk");
        text.push_str(std::str::from_utf8(&chunk).expect("UTF-8"));
    }
}

/// The clock the service reads at `now`, as the state carries it.
async fn expected(s: &Setup, now: Timestamp) -> Value {
    let view = s.service.game(s.game).await.expect("game");
    let reading = view.clock_at(now).expect("a live game");
    crate::state::clock_json(&reading)
}

#[tokio::test]
async fn a_live_games_state_carries_its_clocks_read_at_the_services_time() {
    let (s, clock) = live_game().await;
    let state = s.state().await;
    assert_eq!(state["clock"]["base_ms"], 180_000);
    assert_eq!(state["clock"]["increment_ms"], 2_000);
    assert_eq!(state["clock"]["white_ms"], 180_000);
    assert_eq!(state["clock"]["black_ms"], 180_000);
    assert_eq!(
        state["clock"]["running"],
        Value::Null,
        "before the first moves"
    );
    assert_eq!(state["clock"]["now"], START);

    // Both first moves start the clocks; White's runs.
    s.play(&s.ada, "d3-d4").await;
    clock.advance(Duration::from_secs(4));
    s.play(&s.bo, "e6-e5").await;
    clock.advance(Duration::from_millis(12_300));
    let now = Timestamp::from_millis(START + 16_300);
    let state = s.state().await;
    assert_eq!(state["clock"], expected(&s, now).await);
    assert_eq!(state["clock"]["running"], "white");
    assert_eq!(state["clock"]["now"], START + 16_300);
    let view = s.service.game(s.game).await.expect("game");
    let reading = view.clock_at(now).expect("live");
    assert_eq!(state["clock"]["white_ms"], reading.remaining(Color::White));
    assert!(reading.remaining(Color::White) < 180_000, "{state}");

    // A state built earlier and sent later (the stream's first event comes from the states
    // built) reads the clocks when it is sent.
    clock.advance(Duration::from_millis(5_000));
    let now = Timestamp::from_millis(START + 21_300);
    let sent = first_event(&s).await;
    assert_eq!(sent["clock"], expected(&s, now).await);
    assert_eq!(
        sent["clock"]["white_ms"].as_i64(),
        state["clock"]["white_ms"].as_i64().map(|ms| ms - 5_000)
    );
    assert_eq!(sent["version"], state["version"]);

    // The page shows them too, as read for it.
    let page = s.page_for(Some(s.ada.id)).await;
    assert!(page.contains("id=\"clock-white\""), "{page}");
    assert!(
        page.contains("class=\"clock running\" id=\"clock-white\""),
        "{page}"
    );
    assert!(
        page.contains("aria-label=\"Black&#39;s clock\"")
            || page.contains("aria-label=\"Black's clock\""),
        "{page}"
    );
    assert!(page.contains("data-decimal=\".\""), "{page}");
}

#[tokio::test]
async fn a_correspondence_games_state_has_no_clock() {
    let s = setup().await;
    let state = s.state().await;
    assert_eq!(state["clock"], Value::Null);
    assert!(state.as_object().is_some_and(|o| o.contains_key("clock")));
    let page = s.page_for(None).await;
    assert!(!page.contains("class=\"clock"), "{page}");
}
