//! An arena's page and its stream, through the router: the 404 page while the server's pages
//! are off or the number names no arena there, the table and games escaped, the reader's own
//! line, and the update's fields as the page's script names them.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::http::header::CONTENT_TYPE;
use axum::http::{Request, StatusCode};
use axum::response::Response;
use dama_render::Renderer;
use dama_service::ids::{ArenaId, ChannelId, GuildId, Place, UserId};
use dama_service::model::{LiveClock, Player};
use dama_service::service::{Authority, GameService, ServiceConfig};
use dama_service::tournament::arena::ArenaOptions;
use dama_words::Language;
use tower::ServiceExt;

use crate::Web;

const HOME: GuildId = GuildId(1);

fn home() -> Place {
    Place {
        guild: Some(HOME),
        channel: ChannelId(2),
    }
}

struct Setup {
    _dir: tempfile::TempDir,
    service: GameService,
    web: Web,
    arena: ArenaId,
}

/// An arena running on the server, its pages on, with two members (one named with markup).
async fn setup() -> Setup {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = dir.path().join("dama.db").display().to_string();
    let pool = dama_service::connect(&url).await.expect("database");
    let service = GameService::new(pool, ServiceConfig::default());
    let web = Web::new(
        service.clone(),
        Arc::new(Renderer::new()),
        "https://dama.example.org/",
    );
    let options = ArenaOptions {
        name: "Friday <i>arena</i>".to_owned(),
        minutes: 30,
        clock: "3+2".parse::<LiveClock>().expect("a clock"),
        rated: true,
        starts_at: None,
    };
    let arena = service
        .create_arena(&Player::new(UserId(10), "Ada <b>"), home(), options)
        .await
        .expect("arena")
        .id;
    for (id, name) in [(10, "Ada <b>"), (20, "Bo")] {
        service
            .join_arena(&Player::new(UserId(id), name), home(), arena)
            .await
            .expect("joins");
    }
    service
        .set_community_pages(HOME, Authority::Manager, true)
        .await
        .expect("on");
    Setup {
        _dir: dir,
        service,
        web,
        arena,
    }
}

impl Setup {
    async fn get(&self, path: &str) -> Response {
        let request = Request::get(path)
            .header("accept-language", "en")
            .body(Body::empty())
            .expect("request");
        self.web
            .router()
            .oneshot(request)
            .await
            .expect("infallible")
    }
}

async fn body(response: Response) -> String {
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .expect("body");
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

#[tokio::test]
async fn an_arena_s_page_shows_its_clock_table_and_games_with_every_name_escaped() {
    let s = setup().await;
    let pass = s.service.run_arenas().await.expect("a pass");
    assert_eq!(pass.paired.len(), 1);
    let game = pass.paired[0].1;
    let token = s.service.web_token(game).await.expect("token");
    let path = format!("/server/1/arena/{}", s.arena);
    let response = s.get(&path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = body(response).await;
    assert!(
        html.contains("Arena: Friday &lt;i&gt;arena&lt;/i&gt;"),
        "{html}"
    );
    assert!(html.contains("Ada &lt;b&gt;"), "{html}");
    assert!(
        !html.contains("<b>") && !html.contains("<i>"),
        "markup shown, not run"
    );
    assert!(html.contains("Ends in"), "{html}");
    let clock = html
        .split("id=\"arena-clock-time\">")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .unwrap_or_default();
    assert!(
        clock == "30:00" || clock.starts_with("29:"),
        "the clock as the server read it: {clock}"
    );
    assert!(
        html.contains(&format!("href=\"/game/{token}\"")),
        "the game in play links to its page"
    );
    assert!(html.contains(&format!("data-events=\"{path}/events\"")));
    assert!(html.contains("/arena.js\""), "the script that follows it");
    assert!(
        !html.contains("arena-me\"><p"),
        "a reader not signed in has no line of their own"
    );
}

#[tokio::test]
async fn an_arena_s_page_and_stream_are_the_404_page_while_the_pages_are_off_or_elsewhere() {
    let s = setup().await;
    let path = format!("/server/1/arena/{}", s.arena);
    let events = format!("{path}/events");
    for wrong in [
        format!("/server/2/arena/{}", s.arena),
        "/server/1/arena/999".to_owned(),
        "/server/1/arena/x".to_owned(),
        "/server/1/arena/999/events".to_owned(),
    ] {
        assert_eq!(
            s.get(&wrong).await.status(),
            StatusCode::NOT_FOUND,
            "{wrong}"
        );
    }
    let stream = s.get(&events).await;
    assert_eq!(stream.status(), StatusCode::OK);
    assert!(
        stream.headers()[CONTENT_TYPE]
            .to_str()
            .is_ok_and(|t| t.starts_with("text/event-stream"))
    );
    drop(stream);
    s.service
        .set_community_pages(HOME, Authority::Manager, false)
        .await
        .expect("off");
    for path in [&path, &events] {
        assert_eq!(s.get(path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn a_member_s_own_line_says_whether_they_wait_or_play_and_links_their_game() {
    let s = setup().await;
    let read = |s: &Setup| {
        let service = s.service.clone();
        let arena = s.arena;
        async move {
            service
                .arena_standings(arena, Some(HOME))
                .await
                .expect("standings")
        }
    };
    let standings = read(&s).await;
    let waiting = super::update(
        Language::En,
        HOME,
        &standings,
        Some(UserId(20)),
        &HashMap::new(),
        0,
    );
    assert!(
        waiting.me.contains("waiting for your next opponent"),
        "{}",
        waiting.me
    );
    assert_eq!(waiting.phase, "running");
    let stranger = super::update(
        Language::En,
        HOME,
        &standings,
        Some(UserId(30)),
        &HashMap::new(),
        0,
    );
    assert_eq!(stranger.me, "", "not in the arena");
    let game = s.service.run_arenas().await.expect("a pass").paired[0].1;
    let token = s.service.web_token(game).await.expect("token");
    let standings = read(&s).await;
    let tokens = HashMap::from([(game, token.clone())]);
    let playing = super::update(Language::Tr, HOME, &standings, Some(UserId(20)), &tokens, 0);
    assert!(
        playing.me.contains(&format!("href=\"/game/{token}\"")),
        "{}",
        playing.me
    );
    assert!(
        playing.me.contains("Oyununu aç"),
        "in the reader's language: {}",
        playing.me
    );
    assert!(playing.games.contains(&format!("/game/{token}")));
}

#[test]
fn the_update_s_fields_are_those_the_page_s_script_reads() {
    let script = include_str!("../../../front/arena.js");
    let fields = script
        .lines()
        .find_map(|line| line.strip_prefix("export const UPDATE_FIELDS = "))
        .expect("the script names the fields");
    let named: Vec<String> = serde_json::from_str(fields.trim_end_matches(';')).expect("a list");
    let update = super::ArenaUpdate {
        now: 0,
        starts_at: 0,
        ends_at: 0,
        phase: "over",
        clock_label: String::new(),
        table: String::new(),
        games: String::new(),
        me: String::new(),
    };
    let sent = serde_json::to_value(&update).expect("json");
    let mut keys: Vec<String> = sent
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect();
    let mut named = named;
    keys.sort();
    named.sort();
    assert_eq!(keys, named);
}
