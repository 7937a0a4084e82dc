//! The web routes, called directly: 404 for anything but a game's token, the security and
//! cache headers, the state after moves, the live stream, the PDN and the page's weight.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::header::{
    ACCEPT_ENCODING, ACCEPT_LANGUAGE, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY,
    CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{Request, StatusCode};
use axum::response::{IntoResponse, Response};
use dama_render::Renderer;
use dama_service::clock::{ManualClock, Timestamp};
use dama_service::ids::{ChannelId, GameId, GuildId, Place, UserId, WebToken};
use dama_service::model::SettingsUpdate;
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player};
use dama_service::service::{GameService, Language, Question, ServiceConfig};
use futures_util::StreamExt;
use tower::ServiceExt;

use super::{Web, assets};

mod analysis;
mod clock;
mod contract;
mod refusals;
mod security;

struct Setup {
    _dir: tempfile::TempDir,
    /// The service's pool of connections, to hold them all (a database that answers nothing).
    pool: dama_service::Pool,
    service: GameService,
    web: Web,
    game: GameId,
    token: WebToken,
    ada: Player,
    bo: Player,
}

async fn setup() -> Setup {
    setup_with(None).await
}

/// As [`setup`], the service on `clock` when given.
async fn setup_with(clock: Option<Arc<ManualClock>>) -> Setup {
    setup_on(clock, None).await
}

/// As [`setup_with`], the game played on the live clock `live` when given.
async fn setup_on(
    clock: Option<Arc<ManualClock>>,
    live: Option<dama_service::model::LiveClock>,
) -> Setup {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = dir.path().join("dama.db").display().to_string();
    let pool = dama_service::connect(&url).await.expect("database");
    let config = ServiceConfig {
        review_budget: dama_service::model::review::ReviewBudget::nodes(3_000),
        ..ServiceConfig::default()
    };
    let service = match clock {
        Some(clock) => GameService::with_clock(pool.clone(), config, clock),
        None => GameService::new(pool.clone(), config),
    };
    let place = Place {
        guild: Some(GuildId(1)),
        channel: ChannelId(2),
    };
    let (ada, bo) = (
        Player::new(UserId(10), "Ada <b>"),
        Player::new(UserId(20), "Bo"),
    );
    let options = ChallengeOptions {
        colour: ColourChoice::White,
        rated: false,
        live,
        ..ChallengeOptions::default()
    };
    let challenge = service
        .create_challenge(&ada, Some(&bo), place, options)
        .await
        .expect("challenge");
    let game = service
        .accept_challenge(&bo, place, challenge.id)
        .await
        .expect("game")
        .id;
    let token = service.web_token(game).await.expect("token");
    let web = Web::new(
        service.clone(),
        std::sync::Arc::new(Renderer::new()),
        "https://dama.example.org/",
    );
    Setup {
        _dir: dir,
        pool,
        service,
        web,
        game,
        token,
        ada,
        bo,
    }
}

impl Setup {
    async fn get(&self, path: &str, headers: &[(&str, &str)]) -> Response {
        let mut request = Request::get(path);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        self.web
            .router()
            .oneshot(request.body(Body::empty()).expect("request"))
            .await
            .expect("infallible")
    }

    async fn play(&self, player: &Player, text: &str) {
        self.service
            .play_move(
                self.game,
                Actor::Player(player.id),
                &text.parse().expect("syntax"),
            )
            .await
            .expect("played");
    }
}

async fn body(response: Response) -> String {
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .expect("body");
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

fn header(response: &Response, name: impl axum::http::header::AsHeaderName) -> &str {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

#[tokio::test]
async fn only_the_games_token_opens_its_page_and_a_wrong_one_is_a_plain_404() {
    let s = setup().await;
    let page = s.get(&format!("/game/{}", s.token), &[]).await;
    assert_eq!(page.status(), StatusCode::OK);
    let html = body(page).await;
    assert!(html.contains("Ada &lt;b&gt;"), "names are escaped");
    assert!(!html.contains("Ada <b>"));
    let wrong = WebToken::generate().expect("randomness");
    for path in [
        format!("/game/{wrong}"),
        format!("/game/{}", s.game),
        "/game/1".to_owned(),
        format!("/game/{wrong}/state"),
        format!("/game/{}/state", s.game),
        format!("/game/{}/pdn", s.game),
        format!("/game/{wrong}/events"),
        format!("/game/{wrong}/board.png"),
        "/game/%00%ff/state".to_owned(),
        "/nothing/here".to_owned(),
    ] {
        let response = s.get(&path, &[("accept-language", "tr")]).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        if path.ends_with("/state") {
            // The state's route is a script's: its refusal is JSON, in the same words.
            let words = refusal_words(response).await;
            assert_eq!(
                words,
                dama_words::i18n::message(Language::Tr, "web-not-found", None)
            );
            continue;
        }
        assert!(
            header(&response, CONTENT_TYPE).starts_with("text/html"),
            "{path}"
        );
        let html = body(response).await;
        // A game's link leads to no game; any other address to no page.
        let heading = if path.starts_with("/game/") {
            "Böyle bir oyun yok"
        } else {
            "Böyle bir sayfa yok"
        };
        assert!(html.contains(heading), "{path}: {html}");
    }
}

#[tokio::test]
async fn every_response_carries_the_security_headers_and_assets_are_cached_for_a_year() {
    let s = setup().await;
    let page = s.get(&format!("/game/{}", s.token), &[]).await;
    let missing = s.get("/game/nope", &[]).await;
    let healthz = s.get("/healthz", &[]).await;
    for response in [&page, &missing, &healthz] {
        let csp = header(response, CONTENT_SECURITY_POLICY);
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'none'",
        ] {
            assert!(csp.contains(directive), "{csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(header(response, "x-frame-options"), "DENY");
        assert_eq!(header(response, X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(header(response, REFERRER_POLICY), "no-referrer");
    }
    assert_eq!(header(&page, CACHE_CONTROL), "no-cache");
    let html = body(page).await;
    assert!(
        !html.contains("<script>") && !html.contains(" style="),
        "nothing inline"
    );
    // Every script element is a file of the site's, or data (the first state), never code.
    for element in html.split("<script").skip(1) {
        let tag = element.split('>').next().unwrap_or_default();
        assert!(
            tag.contains(" src=\"/assets/") || tag.contains(r#"type="application/json""#),
            "<script{tag}>"
        );
    }
    let embedded = html
        .split(r#"<script type="application/json" id="initial-state">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("the first state is in the page");
    let state: serde_json::Value = serde_json::from_str(embedded).expect("the state is JSON");
    assert!(state["positions"].is_array(), "{state}");
    for name in ["game.js", "game.css", "board.js", "live.js"] {
        let path = assets::path(name);
        let plain = s.get(&path, &[]).await;
        assert_eq!(plain.status(), StatusCode::OK, "{path}");
        assert_eq!(
            header(&plain, CACHE_CONTROL),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(header(&plain, CONTENT_ENCODING), "");
        let gzipped = s.get(&path, &[("accept-encoding", "gzip, br")]).await;
        assert_eq!(header(&gzipped, CONTENT_ENCODING), "gzip", "{path}");
    }
    assert!(html.contains(&assets::path("game.js")));
    let old = s.get("/assets/0000000000000000/game.js", &[]).await;
    assert_eq!(old.status(), StatusCode::NOT_FOUND);
    assert_eq!(body(healthz).await, "ok\n");
}

#[tokio::test]
async fn an_answer_to_a_signed_in_reader_is_kept_out_of_every_cache() {
    let s = setup().await;
    let page = format!("/game/{}", s.token);
    let state = format!("/game/{}/state", s.token);
    for path in [&page, &state] {
        let anonymous = s.get(path, &[]).await;
        assert_eq!(header(&anonymous, CACHE_CONTROL), "no-cache", "{path}");
        let signed_in = s.get(path, &[("cookie", "dama_session=anything")]).await;
        assert_eq!(
            header(&signed_in, CACHE_CONTROL),
            "private, no-store",
            "{path}"
        );
        let bearer = s.get(path, &[("authorization", "Bearer anything")]).await;
        assert_eq!(
            header(&bearer, CACHE_CONTROL),
            "private, no-store",
            "{path}"
        );
    }
    // The site's files are the same for everyone: cached for a year even so.
    let asset = s
        .get(
            &assets::path("game.js"),
            &[("cookie", "dama_session=anything")],
        )
        .await;
    assert_eq!(
        header(&asset, CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );
}

#[tokio::test]
async fn the_page_speaks_the_browsers_language_and_unfolds_with_the_current_board() {
    let s = setup().await;
    s.play(&s.ada, "d3-d4").await;
    let page = s
        .get(
            &format!("/game/{}", s.token),
            &[("accept-language", "es-AR,es;q=0.9,en;q=0.5")],
        )
        .await;
    let html = body(page).await;
    assert!(html.contains("<html lang=\"es\">"), "{html}");
    assert!(html.contains("Descargar PDN"));
    let link = format!("https://dama.example.org/game/{}", s.token);
    assert!(html.contains(&format!("<meta property=\"og:url\" content=\"{link}\">")));
    assert!(html.contains(&format!("content=\"{link}/board.png?v=")));
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    assert!(html.contains("og:description"));
    assert!(
        html.contains("data-ply=\"1\""),
        "the move list is in the page"
    );
    let png = s.get(&format!("/game/{}/board.png", s.token), &[]).await;
    assert_eq!(png.status(), StatusCode::OK);
    assert_eq!(header(&png, CONTENT_TYPE), "image/png");
    assert!(header(&png, CACHE_CONTROL).contains("max-age=60"));
    let bytes = axum::body::to_bytes(png.into_body(), 1 << 22)
        .await
        .expect("png");
    assert!(bytes.starts_with(b"\x89PNG"));
}

#[tokio::test]
async fn the_state_has_every_move_with_its_path_after_moves() {
    let s = setup().await;
    s.play(&s.ada, "d3-d4").await;
    s.play(&s.bo, "e6-e5").await;
    let response = s
        .get(
            &format!("/game/{}/state", s.token),
            &[("accept-encoding", "identity")],
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, CONTENT_TYPE), "application/json");
    let state: serde_json::Value = serde_json::from_str(&body(response).await).expect("JSON");
    assert_eq!(state["ply"], 2);
    assert_eq!(state["moves"][0]["alg"], "d3-d4");
    assert_eq!(state["moves"][1]["alg"], "e6-e5");
    // d3 is square 19, d4 is 27.
    assert_eq!(state["moves"][0]["path"], serde_json::json!([19, 27]));
    assert_eq!(state["positions"].as_array().map(Vec::len), Some(3));
    assert_eq!(state["turn"], "white");
    assert_eq!(state["over"], false);
    assert!(
        state["status"]
            .as_str()
            .is_some_and(|t| t.contains("Ada <b>"))
    );
}

#[tokio::test]
async fn an_open_stream_gets_the_state_at_once_and_again_after_a_move() {
    let s = setup().await;
    let response = s.get(&format!("/game/{}/events", s.token), &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, CONTENT_TYPE), "text/event-stream");
    let mut stream = response.into_body().into_data_stream();
    let mut text = String::new();
    let mut next_event = async || loop {
        if let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            if event.starts_with(':') {
                continue;
            }
            return event;
        }
        let chunk = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("an event within 5 s")
            .expect("the stream goes on")
            .expect("a chunk");
        text.push_str(std::str::from_utf8(&chunk).expect("utf-8"));
    };
    let first = next_event().await;
    assert!(first.starts_with("event: state\n"), "{first}");
    assert!(first.contains("\"ply\":0"), "{first}");
    s.play(&s.ada, "d3-d4").await;
    let second = next_event().await;
    assert!(
        second.contains("\"ply\":1") && second.contains("d3-d4"),
        "{second}"
    );
    s.service.resign(s.game, s.bo.id).await.expect("resigned");
    let third = next_event().await;
    assert!(
        third.contains("\"over\":true") && third.contains("1-0"),
        "{third}"
    );
}

#[tokio::test]
async fn a_finished_games_review_comes_with_its_evaluations_and_classes() {
    let s = setup().await;
    s.play(&s.ada, "d3-d4").await;
    s.play(&s.bo, "e6-e5").await;
    s.service.resign(s.game, s.bo.id).await.expect("resigned");
    let path = format!("/game/{}/state", s.token);
    let state = async |s: &Setup| {
        let response = s.get(&path, &[]).await;
        serde_json::from_str::<serde_json::Value>(&body(response).await).expect("JSON")
    };
    assert_eq!(state(&s).await["review"], serde_json::Value::Null);
    let place = Place {
        guild: Some(GuildId(1)),
        channel: ChannelId(2),
    };
    s.service
        .request_review(s.game, s.ada.id, place)
        .await
        .expect("queued");
    s.service
        .run_next_review(|_, _, _| {})
        .await
        .expect("reviewed")
        .expect("a review was waiting");
    let review = state(&s).await["review"].clone();
    assert_eq!(
        review["evals"].as_array().map(Vec::len),
        Some(3),
        "{review}"
    );
    assert_eq!(
        review["classes"].as_array().map(Vec::len),
        Some(2),
        "{review}"
    );
    assert_eq!(review["words"]["blunder"], "blunder");
}

#[tokio::test]
async fn the_pdn_downloads_with_the_games_moves() {
    let s = setup().await;
    s.play(&s.ada, "d3-d4").await;
    let response = s.get(&format!("/game/{}/pdn", s.token), &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(header(&response, "content-disposition").starts_with("attachment;"));
    let pdn = body(response).await;
    assert!(
        pdn.contains("d3-d4") && pdn.contains("[White \"Ada <b>\"]"),
        "{pdn}"
    );
}

#[tokio::test]
async fn huge_or_odd_headers_get_an_answer_not_a_panic() {
    let s = setup().await;
    let long = "tr;q=0.1,".repeat(2_000);
    let odd = s
        .get(
            &format!("/game/{}", s.token),
            &[
                (ACCEPT_LANGUAGE.as_str(), long.as_str()),
                (ACCEPT_ENCODING.as_str(), ";;q=x,,"),
            ],
        )
        .await;
    assert_eq!(odd.status(), StatusCode::OK);
    assert_eq!(header(&odd, CONTENT_ENCODING), "");
}

#[tokio::test]
async fn the_first_load_is_well_under_60_kb_compressed() {
    let s = setup().await;
    for _ in 0..40 {
        let view = s.service.game(s.game).await.expect("game");
        let moves = s
            .service
            .legal_moves_for(s.game, view.user_to_move().expect("a person to move"))
            .await
            .expect("moves");
        let m = moves[0];
        let player = if view.user_to_move() == Some(s.ada.id) {
            &s.ada
        } else {
            &s.bo
        };
        if s.service
            .play_move(
                s.game,
                Actor::Player(player.id),
                &dama_rules::notation::MoveText::of_move(&m),
            )
            .await
            .is_err()
            || s.service.game(s.game).await.expect("game").is_over()
        {
            break;
        }
    }
    let page = s
        .get(
            &format!("/game/{}", s.token),
            &[("accept-encoding", "gzip")],
        )
        .await;
    assert_eq!(header(&page, CONTENT_ENCODING), "gzip");
    let html = axum::body::to_bytes(page.into_body(), 1 << 22)
        .await
        .expect("page")
        .len();
    // The game page's files: every one but the community pages' style and the Activity's.
    let loaded: Vec<(&str, usize)> = assets::gzipped_sizes()
        .into_iter()
        .filter(|(name, _)| {
            !matches!(
                *name,
                "community.css" | "activity.js" | "activity.css" | "discord-sdk.js" | "puzzle.js"
            )
        })
        .collect();
    let files: usize = loaded.iter().map(|(_, n)| n).sum();
    let total = html + files;
    println!("first load: page {html} B + files {files} B = {total} B gzipped ({loaded:?})");
    assert!(total < 60 * 1024, "{total} bytes");
}

/// A body that never comes: a client that sent its headers and stalled.
fn stalled() -> Body {
    Body::from_stream(futures_util::stream::pending::<
        Result<axum::body::Bytes, std::io::Error>,
    >())
}

#[tokio::test]
async fn a_strangers_action_is_refused_before_its_body_is_read() {
    let s = setup().await;
    let router = s.web.router();
    let act = format!("/game/{}/act", s.token);
    for headers in [
        vec![],
        vec![("cookie", "dama_session=forged")],
        vec![("authorization", "Bearer forged")],
    ] {
        let mut request = Request::post(&act);
        for (k, v) in &headers {
            request = request.header(*k, *v);
        }
        // The body never comes: answered all the same, at once.
        let answer = router
            .clone()
            .oneshot(request.body(stalled()).expect("request"))
            .await
            .expect("infallible");
        assert_eq!(answer.status(), StatusCode::UNAUTHORIZED, "{headers:?}");
    }
    // A signed-in reader without the page's anti-forgery token is no better.
    let (cookie, _) = super::session::test_session(&s.web.key(), s.ada.id);
    let request = Request::post(&act).header("cookie", &cookie);
    let answer = router
        .oneshot(request.body(stalled()).expect("request"))
        .await
        .expect("infallible");
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_bodies_hold_no_place_and_are_given_up_while_the_site_answers() {
    let s = setup().await;
    let router = s.web.router();
    let (cookie, csrf) = super::session::test_session(&s.web.key(), s.ada.id);
    let act = format!("/game/{}/act", s.token);
    // More stalled bodies than there are places for requests at once.
    let stalled_count = 2 * super::MAX_IN_FLIGHT + 72;
    let waiting: Vec<_> = (0..stalled_count)
        .map(|_| {
            let request = Request::post(&act)
                .header("cookie", &cookie)
                .header(super::session::CSRF_HEADER, &csrf)
                .body(stalled())
                .expect("request");
            tokio::spawn(router.clone().oneshot(request))
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(
        waiting.iter().all(|task| !task.is_finished()),
        "all still waiting"
    );
    // Meanwhile the page, its state, its picture and a move are answered.
    for path in [
        format!("/game/{}", s.token),
        format!("/game/{}/state", s.token),
        format!("/game/{}/board.png", s.token),
    ] {
        let answer = router
            .clone()
            .oneshot(Request::get(&path).body(Body::empty()).expect("request"))
            .await
            .expect("infallible");
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
    }
    let request = Request::post(&act)
        .header("cookie", &cookie)
        .header(super::session::CSRF_HEADER, &csrf)
        .header("content-type", "application/json")
        .body(Body::from(r#"{"act": "move", "move": "d3-d4", "ply": 0}"#))
        .expect("request");
    let moved = router.clone().oneshot(request).await.expect("infallible");
    assert_eq!(moved.status(), StatusCode::OK, "{}", body(moved).await);
    assert_eq!(s.service.game(s.game).await.expect("game").ply, 1);
    // The stalled ones are given up, each with its status and words.
    for task in waiting {
        let answer = task.await.expect("joined").expect("infallible");
        assert_eq!(answer.status(), StatusCode::REQUEST_TIMEOUT);
        let said: serde_json::Value =
            serde_json::from_str(&body(answer).await).expect("a refusal a script reads as JSON");
        assert!(
            said["error"]
                .as_str()
                .is_some_and(|e| e.contains("took too long"))
        );
    }
    let counted = format!(
        r#"dama_web_requests_total{{route="/game/{{token}}/act",status="408"}} {stalled_count}"#
    );
    let text = scraped(&s.web);
    assert!(text.lines().any(|l| l == counted), "{counted} in\n{text}");
}

/// A request for `path` from `peer` (as the server records each connection's address).
fn from_peer(path: &str, peer: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut request = Request::get(path);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let mut request = request.body(Body::empty()).expect("request");
    let addr: std::net::SocketAddr = peer.parse().expect("an address");
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    request
}

/// The first chunk of an event stream's body: its first state.
async fn first_chunk(response: Response) -> String {
    let mut stream = response.into_body().into_data_stream();
    let chunk = tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("the first state within 5 s")
        .expect("a chunk")
        .expect("a chunk");
    String::from_utf8(chunk.to_vec()).expect("utf-8")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_thousand_streams_opened_and_closed_leave_nothing_held() {
    let s = setup().await;
    let router = s.web.router();
    let path = format!("/game/{}/events", s.token);
    for i in 0..2_000 {
        let peer = format!("198.51.100.{}:{}", i % 200, 1_000 + i);
        let response = router
            .clone()
            .oneshot(from_peer(&path, &peer, &[]))
            .await
            .expect("infallible");
        assert_eq!(response.status(), StatusCode::OK, "stream {i}");
        assert!(first_chunk(response).await.starts_with("event: state\n"));
    }
    assert_eq!(s.web.0.streams.open(), 0, "every place given back");
    assert!(s.web.0.streams.cap() <= super::MAX_STREAMS);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_holds_at_most_its_share_of_streams() {
    let s = setup().await;
    let router = s.web.router();
    let path = format!("/game/{}/events", s.token);
    let mut held = Vec::new();
    for _ in 0..super::PER_CLIENT {
        let response = router
            .clone()
            .oneshot(from_peer(&path, "203.0.113.5:4000", &[]))
            .await
            .expect("infallible");
        assert_eq!(response.status(), StatusCode::OK);
        // Its first state sent, the stream is set up and stays open.
        let mut stream = response.into_body().into_data_stream();
        tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("the first state within 5 s");
        held.push(stream);
    }
    let refused = router
        .clone()
        .oneshot(from_peer(&path, "203.0.113.5:4001", &[]))
        .await
        .expect("infallible");
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(body(refused).await.contains("Too many requests"));
    // Another client, and the same one once a page closes.
    let other = router
        .clone()
        .oneshot(from_peer(&path, "198.51.100.9:4000", &[]))
        .await
        .expect("infallible");
    assert_eq!(other.status(), StatusCode::OK);
    // Behind a reverse proxy on the loopback, the client is the one it forwards.
    let forwarded = router
        .clone()
        .oneshot(from_peer(
            &path,
            "127.0.0.1:5000",
            &[("x-forwarded-for", "203.0.113.5")],
        ))
        .await
        .expect("infallible");
    assert_eq!(forwarded.status(), StatusCode::SERVICE_UNAVAILABLE);
    held.pop();
    let again = router
        .clone()
        .oneshot(from_peer(&path, "203.0.113.5:4002", &[]))
        .await
        .expect("infallible");
    assert_eq!(again.status(), StatusCode::OK);
}

/// The web's metrics as `/metrics` shows them.
fn scraped(web: &Web) -> String {
    let mut registry = prometheus_client::registry::Registry::with_prefix("dama");
    web.metrics().register(&mut registry);
    let mut text = String::new();
    prometheus_client::encoding::text::encode(&mut text, &registry).expect("encoded");
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_streams_and_refusals_are_counted_by_route() {
    let s = setup().await;
    let router = s.web.router();
    let page = format!("/game/{}", s.token);
    for _ in 0..3 {
        let answer = router
            .clone()
            .oneshot(Request::get(&page).body(Body::empty()).expect("request"))
            .await
            .expect("infallible");
        assert_eq!(answer.status(), StatusCode::OK);
    }
    let missing = router
        .clone()
        .oneshot(
            Request::get("/nowhere")
                .body(Body::empty())
                .expect("request"),
        )
        .await
        .expect("infallible");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let events = format!("/game/{}/events", s.token);
    let open = router
        .clone()
        .oneshot(from_peer(&events, "203.0.113.5:4000", &[]))
        .await
        .expect("infallible");
    let mut stream = open.into_body().into_data_stream();
    tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("the first state");
    let text = scraped(&s.web);
    for line in [
        r#"dama_web_requests_total{route="/game/{token}",status="200"} 3"#,
        r#"dama_web_requests_total{route="other",status="404"} 1"#,
        r#"dama_web_request_duration_seconds_count{route="/game/{token}"} 3"#,
        "dama_web_streams_open 1",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    assert!(text.contains("# TYPE dama_web_streams_max gauge"), "{text}");
    drop(stream);
    // The stream's place is given back once its body is dropped.
    dama_tests::eventually("the stream's place given back", async || {
        let text = scraped(&s.web);
        if text.lines().any(|l| l == "dama_web_streams_open 0") {
            Ok(())
        } else {
            Err(text)
        }
    })
    .await;
}

/// Sends `method path` with `headers` and `body` through `router`.
async fn send(
    router: &axum::Router,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Body,
) -> Response {
    let mut request = Request::builder().method(method).uri(path);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    router
        .clone()
        .oneshot(request.body(body).expect("request"))
        .await
        .expect("infallible")
}

#[tokio::test]
async fn a_session_is_refused_once_its_member_signed_out_everywhere() {
    let s = setup().await;
    let router = s.web.router();
    let unix_second = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())
    };
    let (cookie, csrf) = super::session::test_session(&s.web.key(), s.ada.id);
    let issued_by = unix_second();
    let signed_in = [("cookie", cookie.as_str())];
    let with_token = [
        ("cookie", cookie.as_str()),
        (super::session::CSRF_HEADER, csrf.as_str()),
        ("content-type", "application/json"),
    ];
    let page = format!("/game/{}", s.token);
    let html = body(send(&router, "GET", &page, &signed_in, Body::empty()).await).await;
    assert!(html.contains("id=\"sign-out-everywhere\""), "{html}");
    // Without the page's anti-forgery token: refused, and nothing is voided.
    let forged = send(
        &router,
        "POST",
        "/signout/everywhere",
        &signed_in,
        Body::empty(),
    )
    .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        s.service.sessions_void_before(s.ada.id).await.unwrap(),
        None
    );
    // Issued in a second before the one she signs out everywhere in (from another device, say).
    dama_tests::eventually("the second the session was issued in to pass", async || {
        (unix_second() > issued_by).then_some(())
    })
    .await;
    let out = send(
        &router,
        "POST",
        "/signout/everywhere",
        &with_token,
        Body::empty(),
    )
    .await;
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert!(header(&out, "set-cookie").contains("dama_session="));
    // The same cookie, kept by another device: no longer anyone's.
    let act = format!("/game/{}/act", s.token);
    let moved = Body::from(r#"{"act": "move", "move": "d3-d4", "ply": 0}"#);
    let refused = send(&router, "POST", &act, &with_token, moved).await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(s.service.game(s.game).await.expect("game").ply, 0);
    let watching = body(send(&router, "GET", &page, &signed_in, Body::empty()).await).await;
    assert!(!watching.contains("id=\"sign-out\""), "{watching}");
}

impl Setup {
    /// The game's state as `/state` serves it now.
    async fn state(&self) -> serde_json::Value {
        let path = format!("/game/{}/state", self.token);
        let response = self.get(&path, &[("accept-encoding", "identity")]).await;
        serde_json::from_str(&body(response).await).expect("JSON")
    }

    /// The game's page for `user` signed in (or no one), with the browser saying English.
    async fn page_for(&self, user: Option<UserId>) -> String {
        let path = format!("/game/{}", self.token);
        let mut headers = vec![
            ("accept-language", "en-US,en"),
            ("accept-encoding", "identity"),
        ];
        let cookie;
        if let Some(user) = user {
            cookie = super::session::test_session(&self.web.key(), user).0;
            headers.push(("cookie", cookie.as_str()));
        }
        body(self.get(&path, &headers).await).await
    }
}

/// The value of the attribute `name` of the page's `#game` element.
fn game_attribute(html: &str, name: &str) -> String {
    let game = &html[html.find("id=\"game\"").expect("the game element")..];
    let start = game.find(&format!("{name}=\"")).expect("the attribute") + name.len() + 2;
    game[start..start + game[start..].find('"').expect("its end")].to_owned()
}

#[tokio::test]
async fn after_the_deadline_the_state_offers_neither_a_draw_nor_a_takeback() {
    let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_750_000_000_000)));
    let s = setup_with(Some(Arc::clone(&clock))).await;
    s.play(&s.ada, "d3-d4").await;
    let before = s.state().await;
    // Bo is to move; Ada has a move to take back, and either may offer a draw.
    assert_eq!(before["may"]["white"]["ask_takeback"], true, "{before}");
    assert_eq!(before["may"]["white"]["offer_draw"], true);
    assert_eq!(before["may"]["black"]["offer_draw"], true);
    // Ada may save conditional moves in Bo's turn; Bo may not in his own.
    assert_eq!(before["may"]["white"]["save_conditional"], true);
    assert_eq!(before["may"]["black"]["save_conditional"], false);
    assert!(
        !before["may"]["black"]["moves"]
            .as_array()
            .expect("moves")
            .is_empty()
    );
    assert_eq!(before["may"]["white"]["moves"], serde_json::json!([]));
    // What is left once the deadline passes, said before it does: resigning only.
    let nothing_but_resigning = serde_json::json!({
        "moves": [], "offer_draw": false, "answer_draw": false, "ask_takeback": false,
        "answer_takeback": false, "resign": true, "save_conditional": false, "evaluate": false,
    });
    for side in ["white", "black"] {
        assert_eq!(before["may_late"][side], nothing_but_resigning, "{side}");
    }
    let deadline = before["deadline"].as_i64().expect("a deadline");
    clock.set(Timestamp::from_millis(deadline + 1));
    let after = s.state().await;
    for side in ["white", "black"] {
        assert_eq!(after["may"][side], nothing_but_resigning, "{side}");
    }
    assert_eq!(after["over"], false, "nobody recorded the loss yet");
}

#[tokio::test]
async fn a_finished_games_state_has_no_offer_no_deadline_and_nothing_to_do() {
    let s = setup().await;
    s.play(&s.ada, "d3-d4").await;
    s.service
        .ask(s.game, s.bo.id, Question::Draw)
        .await
        .expect("offered");
    let offered = s.state().await;
    assert_eq!(offered["draw_offer"], "black");
    assert_eq!(offered["may"]["white"]["answer_draw"], true);
    assert!(offered["deadline"].is_i64());
    s.service.resign(s.game, s.ada.id).await.expect("resigned");
    let over = s.state().await;
    assert_eq!(over["over"], true);
    for field in ["draw_offer", "takeback", "deadline", "may_late"] {
        assert!(over[field].is_null(), "{field}: {over}");
    }
    for side in ["white", "black"] {
        assert_eq!(over["may"][side]["resign"], false, "{side}");
        assert_eq!(over["may"][side]["offer_draw"], false, "{side}");
        assert_eq!(over["may"][side]["save_conditional"], false, "{side}");
    }
    // Once it is over, its players and spectators may ask for the computer's evaluation.
    for side in ["white", "black", "spectator"] {
        assert_eq!(over["may"][side]["evaluate"], true, "{side}");
    }
    assert_eq!(offered["may"]["spectator"]["evaluate"], false);
    let html = s.page_for(Some(s.ada.id)).await;
    assert!(html.contains("id=\"deadline\" hidden"), "no deadline shown");
}

#[tokio::test]
async fn a_member_who_chose_turkish_reads_the_page_and_refusals_in_turkish() {
    let s = setup().await;
    let router = s.web.router();
    let (cookie, csrf) = super::session::test_session(&s.web.key(), s.ada.id);
    let act = format!("/game/{}/act", s.token);
    let refusal = async |browser: &str| {
        let headers = [
            ("cookie", cookie.as_str()),
            (super::session::CSRF_HEADER, csrf.as_str()),
            ("content-type", "application/json"),
            ("accept-language", browser),
        ];
        let illegal = Body::from(r#"{"act": "move", "move": "a3-a5", "ply": 0}"#);
        let answer = send(&router, "POST", &act, &headers, illegal).await;
        assert_eq!(answer.status(), StatusCode::CONFLICT);
        let answer: serde_json::Value = serde_json::from_str(&body(answer).await).expect("JSON");
        answer["error"].as_str().expect("an error").to_owned()
    };
    let english = refusal("en-US,en").await;
    let turkish_browser = refusal("tr-TR,tr").await;
    assert_ne!(english, turkish_browser);
    assert!(
        s.page_for(Some(s.ada.id))
            .await
            .contains("<html lang=\"en\">")
    );

    s.service
        .set_player_language(s.ada.id, Some(Language::Tr))
        .await
        .expect("chosen");
    // Her browser says English; she reads Turkish, as a Turkish browser would.
    assert_eq!(refusal("en-US,en").await, turkish_browser);
    let html = s.page_for(Some(s.ada.id)).await;
    assert!(html.contains("<html lang=\"tr\">"), "{html:.200}");
    let state = game_state_in(&html);
    assert_eq!(state["title"], s.state_in("tr").await["title"]);
    // Anyone else reads their browser's language.
    assert!(s.page_for(None).await.contains("<html lang=\"en\">"));
    assert!(
        s.page_for(Some(s.bo.id))
            .await
            .contains("<html lang=\"en\">")
    );
}

impl Setup {
    /// The game's state as `/state` serves it to a browser that asks for `lang`.
    async fn state_in(&self, lang: &str) -> serde_json::Value {
        let path = format!("/game/{}/state", self.token);
        let headers = [("accept-encoding", "identity"), ("accept-language", lang)];
        serde_json::from_str(&body(self.get(&path, &headers).await).await).expect("JSON")
    }
}

/// The first state a page carries.
fn game_state_in(html: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"initial-state\">";
    let start = html.find(open).expect("the first state") + open.len();
    let end = start + html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..end]).expect("JSON")
}

#[tokio::test]
async fn a_player_sees_their_own_side_at_the_bottom_unless_they_chose_white_always() {
    let s = setup().await;
    // Bo plays Black, Ada White; Cy watches.
    assert_eq!(
        game_attribute(&s.page_for(Some(s.bo.id)).await, "data-bottom"),
        "black"
    );
    assert_eq!(
        game_attribute(&s.page_for(Some(s.ada.id)).await, "data-bottom"),
        "white"
    );
    assert_eq!(
        game_attribute(&s.page_for(Some(UserId(30))).await, "data-bottom"),
        "white"
    );
    assert_eq!(
        game_attribute(&s.page_for(None).await, "data-bottom"),
        "white"
    );
    let place = Place {
        guild: Some(GuildId(1)),
        channel: ChannelId(2),
    };
    let white_always = SettingsUpdate {
        white_below: Some(true),
        ..SettingsUpdate::default()
    };
    s.service
        .update_settings(&s.bo, place, white_always)
        .await
        .expect("settings");
    assert_eq!(
        game_attribute(&s.page_for(Some(s.bo.id)).await, "data-bottom"),
        "white"
    );
    assert_eq!(
        game_attribute(&s.page_for(Some(s.bo.id)).await, "data-me"),
        "black"
    );
}

/// The `error` of a refusal, which the page's scripts read as JSON (and nothing else).
async fn refusal_words(answer: Response) -> String {
    let json = answer
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let text = body(answer).await;
    assert!(json, "not JSON: {text}");
    let said: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    said["error"].as_str().expect("an error").to_owned()
}

#[tokio::test]
async fn refusals_of_the_bounds_reach_a_script_as_json_in_the_readers_words() {
    let s = setup().await;
    let router = s.web.router();
    let (cookie, csrf) = super::session::test_session(&s.web.key(), s.ada.id);
    // Too large: more than any page sends.
    let request = Request::post(format!("/game/{}/act", s.token))
        .header("cookie", &cookie)
        .header(super::session::CSRF_HEADER, &csrf)
        .header(ACCEPT_LANGUAGE, "tr")
        .header("content-type", "application/json")
        .body(Body::from(vec![b' '; super::body::MAX_BODY + 1]))
        .expect("request");
    let answer = router.clone().oneshot(request).await.expect("infallible");
    assert_eq!(answer.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let words = refusal_words(answer).await;
    assert_eq!(
        words,
        dama_words::i18n::message(Language::Tr, "web-too-large", None)
    );
    assert!(words.contains("büyük"), "{words}");
    assert_eq!(s.service.game(s.game).await.expect("game").ply, 0);
    // Busy: a script is answered in JSON, a browser that navigates with a page.
    let mut headers = axum::http::HeaderMap::new();
    headers.insert(axum::http::header::ACCEPT, "*/*".parse().expect("a value"));
    let busy = super::refusal::Refusal::busy(Language::Tr, "web-busy").shaped_for(&headers);
    let meşgul = dama_words::i18n::message(Language::Tr, "web-busy", None);
    assert_eq!(refusal_words(busy.into_response()).await, meşgul);
    headers.insert(
        axum::http::header::ACCEPT,
        "text/html,application/xhtml+xml".parse().expect("a value"),
    );
    let page = super::refusal::Refusal::busy(Language::Tr, "web-busy").shaped_for(&headers);
    let page = page.into_response();
    assert_eq!(page.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(body(page).await.contains(&meşgul));
}

#[tokio::test]
async fn a_premove_is_listed_with_the_words_that_say_what_it_is() {
    let s = setup().await;
    // Bo stores a premove while Ada is to move.
    s.service
        .set_premove(s.game, s.bo.id, &"f6-f5".parse().expect("a move"))
        .await
        .expect("stored");
    let lines = s
        .service
        .conditional_lines(s.game, s.bo.id)
        .await
        .expect("lines");
    let json = super::play::lines_json(Language::Tr, &lines);
    assert_eq!(json["premove"], "f6-f5");
    let words = json["premove_words"].as_str().expect("words");
    assert!(words.starts_with("Ön hamle"), "{words}");
    assert!(words.ends_with("f6-f5"), "{words}");
}
