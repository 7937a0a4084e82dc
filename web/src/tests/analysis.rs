//! The analysis board's routes: the legal moves of any position, the computer's evaluation
//! (after the game only, within each member's share), and conditional moves saved from the page.

use axum::body::Body;
use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{Setup, body, send, setup};
use crate::session::{CSRF_HEADER, test_session};
use dama_service::ids::UserId;
use dama_service::service::EVALUATIONS_PER_MINUTE;

const START: &str = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w";

/// `path` with a position in its query, encoded as the page's `encodeURIComponent` does.
fn with_position(path: &str, position: &str) -> String {
    let encoded: String = form_urlencoded::byte_serialize(position.as_bytes()).collect();
    format!("{path}?position={encoded}")
}

impl Setup {
    /// `method path` sent by `user`'s signed-in page (its cookie and anti-forgery token), with
    /// `body`: the status and the JSON answer.
    async fn as_member(
        &self,
        user: UserId,
        method: &str,
        path: &str,
        body_text: &str,
    ) -> (StatusCode, Value) {
        let (cookie, csrf) = test_session(&self.web.key(), user);
        let headers = [
            ("cookie", cookie.as_str()),
            (CSRF_HEADER, csrf.as_str()),
            ("content-type", "application/json"),
            ("accept-language", "en"),
        ];
        let response = send(
            &self.web.router(),
            method,
            path,
            &headers,
            Body::from(body_text.to_owned()),
        )
        .await;
        let status = response.status();
        let text = body(response).await;
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// The evaluation `user` asks for of the game's position after `ply` plies and `line`.
    async fn evaluate(&self, user: UserId, ply: u32, line: &[&str]) -> (StatusCode, Value) {
        let asked = json!({ "ply": ply, "line": line }).to_string();
        self.ask_evaluation(user, &asked).await
    }

    /// `asked` posted to the game's evaluation route by `user`'s page.
    async fn ask_evaluation(&self, user: UserId, asked: &str) -> (StatusCode, Value) {
        let path = format!("/game/{}/evaluation", self.token);
        self.as_member(user, "POST", &path, asked).await
    }

    async fn act(&self, user: UserId, action: &Value) -> (StatusCode, Value) {
        let path = format!("/game/{}/act", self.token);
        self.as_member(user, "POST", &path, &action.to_string())
            .await
    }
}

#[tokio::test]
async fn the_legal_moves_of_any_position_are_anyones_to_ask_and_garbage_is_refused() {
    let s = setup().await;
    let path = format!("/game/{}/analysis", s.token);
    let response = s.get(&with_position(&path, START), &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = serde_json::from_str(&body(response).await).expect("JSON");
    assert_eq!(answer["position"], START);
    assert_eq!(answer["moves"].as_array().map(Vec::len), Some(8));
    // A position the game never had: Black to capture, the largest capture only.
    let capture = "8/8/8/3b4/3w4/8/8/7w b";
    let response = s.get(&with_position(&path, capture), &[]).await;
    let answer: Value = serde_json::from_str(&body(response).await).expect("JSON");
    let moves = answer["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1, "{answer}");
    assert_eq!(
        [
            &moves[0]["alg"],
            &moves[0]["path"],
            &moves[0]["captured"],
            &moves[0]["after"]
        ],
        [
            &json!("d5xd3"),
            &json!([35, 19]),
            &json!([27]),
            &json!("8/8/8/8/8/3b4/8/7w w")
        ]
    );
    // Garbage, nothing, too long: refused in words, in the browser's language.
    let long = "8/".repeat(200);
    for bad in [
        with_position(&path, "not a position"),
        path.clone(),
        with_position(&path, &long),
        format!("{path}?position=%FF"),
    ] {
        let response = s.get(&bad, &[("accept-language", "tr")]).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        let answer: Value = serde_json::from_str(&body(response).await).expect("JSON");
        assert_eq!(
            answer["error"],
            "Sayfa, botun okuyamadığı bir konum gönderdi. Sayfayı yenileyip yeniden dene."
        );
    }
    // A wrong token names no game.
    let wrong = with_position("/game/AAAAAAAAAAAAAAAAAAAAAA/analysis", START);
    assert_eq!(s.get(&wrong, &[]).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_computers_evaluation_is_refused_during_the_game_and_answered_after_it() {
    let s = setup().await;
    // A spectator, signed in, and a player alike: not while the game is being played.
    for user in [s.ada.id, UserId(99)] {
        let (status, answer) = s.evaluate(user, 0, &[]).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(
            answer["error"],
            "The computer evaluates positions only once the game is over."
        );
    }
    // Signed out: asked to sign in.
    let path = format!("/game/{}/evaluation", s.token);
    let asked = json!({ "ply": 0 }).to_string();
    let response = send(&s.web.router(), "POST", &path, &[], Body::from(asked)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    s.play(&s.ada, "d3-d4").await;
    s.service.resign(s.game, s.bo.id).await.expect("resigned");
    // The game's first position, and a line from it.
    let (status, answer) = s.evaluate(UserId(99), 0, &[]).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["position"], START);
    let value = answer["value"].as_i64().expect("a value");
    assert!(value.abs() < 100, "the start is about level: {answer}");
    let says = answer["says"].as_str().expect("words");
    assert!(
        says.starts_with("The computer's evaluation, from White's side: "),
        "{says}"
    );
    assert!(
        !answer["line"].as_array().expect("a line").is_empty(),
        "{answer}"
    );
    let (status, answer) = s.evaluate(UserId(99), 1, &["e6-e5", "c3-c4"]).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["position"],
        "8/bbbbbbbb/bbbb1bbb/4b3/2ww4/ww2wwww/wwwwwwww/8 b"
    );
}

#[tokio::test]
async fn a_position_posted_to_the_evaluation_route_is_refused_as_not_of_the_game() {
    let s = setup().await;
    s.play(&s.ada, "d3-d4").await;
    s.service.resign(s.game, s.bo.id).await.expect("resigned");
    // The hole that was: any position, sent as text, searched for whoever asked.
    let other_game = "8/8/8/3b4/3w4/8/8/7w b";
    let (status, answer) = s
        .ask_evaluation(UserId(99), &json!({ "position": other_game }).to_string())
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer.get("position").is_none(), "{answer}");
    // A ply past the game's end, or a line the rules refuse: not this game's position.
    for (ply, line) in [(2, &[][..]), (1, &["d4-d5"][..]), (0, &["e6-e5"][..])] {
        let (status, answer) = s.evaluate(UserId(99), ply, line).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{ply} {line:?}: {answer}");
        assert_eq!(
            answer["error"],
            "That position is not one of this game's: the computer evaluates only positions \
             reached from the game's own moves."
        );
    }
}

#[tokio::test]
async fn a_member_who_asked_for_a_minutes_share_of_evaluations_is_refused_in_words() {
    let s = setup().await;
    s.service.resign(s.game, s.bo.id).await.expect("resigned");
    let start: [&str; 0] = [];
    for _ in 0..EVALUATIONS_PER_MINUTE {
        let (status, answer) = s.evaluate(s.ada.id, 0, &start).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    let (status, answer) = s.evaluate(s.ada.id, 0, &start).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert_eq!(
        answer["error"],
        "You asked for 10 evaluations in the last minute: wait a moment before asking for another."
    );
    // Another member's share is their own.
    let (status, _) = s.evaluate(s.bo.id, 0, &start).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_line_saved_on_the_page_is_stored_for_its_owner_and_played_when_the_opponent_moves() {
    let s = setup().await;
    // Ada (White) is to move: no conditional moves in her own turn.
    let line = json!({"act": "conditional", "line": ["d3-d4", "e6-e5"], "ply": 0});
    let (status, answer) = s.act(s.ada.id, &line).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["error"],
        "It is your move: conditional moves are saved during your opponent's turn."
    );
    s.play(&s.ada, "d3-d4").await;
    // Built on a board the game has left: nothing stored.
    let stale = json!({"act": "conditional", "line": ["e6-e5", "c3-c4"], "ply": 0});
    let (status, answer) = s.act(s.ada.id, &stale).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    // An illegal answer, named by its place in the line.
    let illegal = json!({"act": "conditional", "line": ["e6-e5", "d4-d6"], "ply": 1});
    let (status, answer) = s.act(s.ada.id, &illegal).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let error = answer["error"].as_str().expect("words");
    assert!(error.starts_with("Move 2 of the line: "), "{error}");
    // Bo to move: her line is stored, and answered with the lines now stored.
    let line =
        json!({"act": "conditional", "line": ["e6-e5", "c3-c4", "f6-f5", "c4-c5"], "ply": 1});
    let (status, answer) = s.act(s.ada.id, &line).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let texts = |answer: &Value| -> Vec<Vec<String>> {
        answer["lines"]
            .as_array()
            .expect("lines")
            .iter()
            .map(|l| {
                l.as_array()
                    .expect("a line")
                    .iter()
                    .map(|m| m["alg"].as_str().expect("a move").to_owned())
                    .collect()
            })
            .collect()
    };
    assert_eq!(
        texts(&answer["conditional"]),
        [["e6-e5", "c3-c4", "f6-f5", "c4-c5"]]
    );
    // Hers alone: Bo reads none; a stranger is refused.
    let path = format!("/game/{}/conditional", s.token);
    let (_, hers) = s.as_member(s.ada.id, "GET", &path, "").await;
    assert_eq!(texts(&hers), [["e6-e5", "c3-c4", "f6-f5", "c4-c5"]]);
    let (_, his) = s.as_member(s.bo.id, "GET", &path, "").await;
    assert_eq!(his["lines"], json!([]));
    let (status, _) = s.as_member(UserId(99), "GET", &path, "").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Bo plays the move she foresaw: her answer is played at once.
    s.play(&s.bo, "e6-e5").await;
    let state = s.state().await;
    assert_eq!(state["ply"], 3);
    assert_eq!(state["moves"][2]["alg"], "c3-c4");
    let (_, hers) = s.as_member(s.ada.id, "GET", &path, "").await;
    assert_eq!(texts(&hers), [["f6-f5", "c4-c5"]]);
    // Cleared from the page.
    let (status, answer) = s.act(s.ada.id, &json!({"act": "clear-conditional"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["conditional"]["lines"], json!([]));
    let (_, hers) = s.as_member(s.ada.id, "GET", &path, "").await;
    assert_eq!(hers["lines"], json!([]));
}
