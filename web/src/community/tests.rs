//! The community pages' routes, called directly: each is the 404 page until the server's
//! managers turn its pages on, and again once they turn them off; names are escaped; the
//! leaderboard's tables, the live games, a tournament's standings and pairings and a player's
//! page link where they should.

use axum::body::Body;
use axum::http::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::{Request, StatusCode};
use axum::response::Response;
use dama_render::Renderer;
use dama_service::ids::{ChannelId, GameId, GuildId, Place, UserId};
use dama_service::model::{ChallengeOptions, ColourChoice, Player};
use dama_service::service::{Authority, GameService, Organising, ServiceConfig};
use dama_service::tournament::{Format, Options};
use tower::ServiceExt;

use crate::Web;

const HOME: GuildId = GuildId(1);

struct Setup {
    _dir: tempfile::TempDir,
    service: GameService,
    web: Web,
    ada: Player,
    bo: Player,
}

fn place_in(guild: GuildId) -> Place {
    Place {
        guild: Some(guild),
        channel: ChannelId(2),
    }
}

/// A service whose leaderboard ranks from one rated game, and its web face.
async fn setup() -> Setup {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = dir.path().join("dama.db").display().to_string();
    let pool = dama_service::connect(&url).await.expect("database");
    let config = ServiceConfig {
        leaderboard_min_games: 1,
        ..ServiceConfig::default()
    };
    let service = GameService::new(pool, config);
    let web = Web::new(
        service.clone(),
        std::sync::Arc::new(Renderer::new()),
        "https://dama.example.org/",
    );
    Setup {
        _dir: dir,
        service,
        web,
        ada: Player::new(UserId(10), "Ada <b>"),
        bo: Player::new(UserId(20), "Bo"),
    }
}

impl Setup {
    async fn get(&self, path: &str, lang: &str) -> Response {
        let request = Request::get(path)
            .header("accept-language", lang)
            .body(Body::empty())
            .expect("request");
        self.web
            .router()
            .oneshot(request)
            .await
            .expect("infallible")
    }

    /// The page at `path`, in English, which must be there.
    async fn page(&self, path: &str) -> String {
        let response = self.get(path, "en").await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        body(response).await
    }

    async fn switch(&self, on: bool) {
        self.service
            .set_community_pages(HOME, Authority::Manager, on)
            .await
            .expect("switched");
    }

    /// A game on `guild`, `white` against `black`, rated or not.
    async fn game(&self, guild: GuildId, white: &Player, black: &Player, rated: bool) -> GameId {
        let options = ChallengeOptions {
            colour: ColourChoice::White,
            rated,
            ..ChallengeOptions::default()
        };
        let place = place_in(guild);
        let challenge = self
            .service
            .create_challenge(white, Some(black), place, options)
            .await
            .expect("challenge");
        self.service
            .accept_challenge(black, place, challenge.id)
            .await
            .expect("game")
            .id
    }

    /// A rated game on the server that `white` wins by `black`'s resignation.
    async fn won(&self, white: &Player, black: &Player) -> GameId {
        let game = self.game(HOME, white, black, true).await;
        self.service.resign(game, black.id).await.expect("resigned");
        game
    }
}

async fn body(response: Response) -> String {
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .expect("body");
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

/// Asserts that `path` answers the 404 page of an address that leads to no page.
async fn assert_no_page(s: &Setup, path: &str) {
    let response = s.get(path, "tr").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    let html = body(response).await;
    assert!(html.contains("Böyle bir sayfa yok"), "{path}: {html}");
}

#[tokio::test]
async fn every_community_page_is_the_404_page_until_the_server_turns_them_on_and_after_it_turns_them_off()
 {
    let s = setup().await;
    let game = s.won(&s.ada, &s.bo).await;
    let t = s
        .service
        .create_tournament(
            &s.ada,
            place_in(HOME),
            Options::new("Cup", Format::RoundRobin),
        )
        .await
        .expect("tournament");
    let paths = [
        "/server/1".to_owned(),
        "/server/1?season=1".to_owned(),
        "/server/1/live".to_owned(),
        "/server/1/tournaments".to_owned(),
        format!("/server/1/tournament/{}", t.id),
        "/server/1/player/10".to_owned(),
    ];
    for path in &paths {
        assert_no_page(&s, path).await;
    }
    s.switch(true).await;
    for path in paths.iter().filter(|p| !p.contains("season")) {
        let response = s.get(path, "en").await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(
            response
                .headers()
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.starts_with("text/html")),
            "{path}"
        );
        let csp = response
            .headers()
            .get(CONTENT_SECURITY_POLICY)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"));
        let html = body(response).await;
        assert!(
            !html.contains("<script") && !html.contains(" style="),
            "{path}"
        );
    }
    // What the server does not have, or another server's, is no page either.
    for path in [
        "/server/1?season=1".to_owned(),
        "/server/1?season=x".to_owned(),
        "/server/2".to_owned(),
        "/server/x".to_owned(),
        "/server/%ff/live".to_owned(),
        "/server/1/tournament/999".to_owned(),
        "/server/1/tournament/x".to_owned(),
        "/server/1/player/30".to_owned(),
        "/server/1/player/x".to_owned(),
        format!("/server/1/player/{game}"),
    ] {
        assert_no_page(&s, &path).await;
    }
    s.switch(false).await;
    for path in &paths {
        assert_no_page(&s, path).await;
    }
}

#[tokio::test]
async fn the_leaderboard_shows_the_servers_players_escaped_and_links_each_season() {
    let s = setup().await;
    s.switch(true).await;
    let empty = s.page("/server/1").await;
    assert!(
        empty.contains("Nobody has played the 1 rated game"),
        "{empty}"
    );
    s.won(&s.ada, &s.bo).await;
    let html = s.page("/server/1").await;
    assert!(html.contains("<h1>Leaderboard, all time</h1>"), "{html}");
    assert!(
        html.contains("<a href=\"/server/1/player/10\">Ada &lt;b&gt;</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"/server/1/player/20\">Bo</a>"),
        "{html}"
    );
    assert!(!html.contains("Ada <b>"));
    let ada = html.find("Ada &lt;b&gt;").expect("Ada listed");
    let bo = html.find(">Bo<").expect("Bo listed");
    assert!(ada < bo, "the winner first");
    assert!(
        !html.contains("class=\"tables\""),
        "no seasons, no tables to choose"
    );

    s.service
        .start_season(HOME, Authority::Manager)
        .await
        .expect("season");
    s.won(&s.bo, &s.ada).await;
    let all_time = s.page("/server/1").await;
    assert!(
        all_time.contains(
            "<a href=\"/server/1?speed=correspondence\" aria-current=\"page\">All time</a>"
        ),
        "{all_time}"
    );
    // The tables' links keep the speed shown (the `&` written as HTML writes it).
    assert!(
        all_time.contains("<a href=\"/server/1?season=1&amp;speed=correspondence\">Season 1</a>")
    );
    let season = s.page("/server/1?season=1").await;
    assert!(
        season.contains("<h1>Leaderboard, season 1</h1>"),
        "{season}"
    );
    assert!(season.contains(
        "<a href=\"/server/1?season=1&amp;speed=correspondence\" aria-current=\"page\">"
    ));
    let bo = season.find(">Bo<").expect("Bo listed");
    let ada = season.find("Ada &lt;b&gt;").expect("Ada listed");
    assert!(bo < ada, "the season's winner first");
    let spanish = body(s.get("/server/1?season=1", "es").await).await;
    assert!(spanish.contains("<html lang=\"es\">"));
    assert!(spanish.contains("Clasificación, temporada 1"), "{spanish}");
}

#[tokio::test]
async fn the_live_page_links_each_game_in_progress_to_its_page() {
    let s = setup().await;
    s.switch(true).await;
    let none = s.page("/server/1/live").await;
    assert!(none.contains("No games are in progress on this server."));
    let game = s.game(HOME, &s.ada, &s.bo, false).await;
    let elsewhere = s.game(GuildId(5), &s.bo, &s.ada, false).await;
    let html = s.page("/server/1/live").await;
    let token = s.service.web_token(game).await.expect("token");
    assert!(html.contains(&format!("href=\"/game/{token}\"")), "{html}");
    assert!(
        html.contains(&format!("Game #{game}: Ada &lt;b&gt; vs Bo")),
        "{html}"
    );
    assert!(html.contains("1 game in progress."), "{html}");
    let other = s.service.web_token(elsewhere).await.expect("token");
    assert!(!html.contains(other.as_str()), "another server's game");
}

#[tokio::test]
async fn a_tournaments_page_shows_its_standings_and_pairings_with_links_to_the_games() {
    let s = setup().await;
    s.switch(true).await;
    let cy = Player::new(UserId(30), "Cy");
    let place = place_in(HOME);
    let t = s
        .service
        .create_tournament(&s.ada, place, Options::new("Cup <i>", Format::RoundRobin))
        .await
        .expect("tournament");
    for p in [&s.ada, &s.bo, &cy] {
        s.service
            .join_tournament(p, place, t.id)
            .await
            .expect("joined");
    }
    let list = s.page("/server/1/tournaments").await;
    assert!(
        list.contains(&format!("href=\"/server/1/tournament/{}\"", t.id)),
        "{list}"
    );
    assert!(
        list.contains("Cup &lt;i&gt;") && !list.contains("Cup <i>"),
        "{list}"
    );
    assert!(
        list.contains("taking players") && list.contains("3 players"),
        "{list}"
    );
    let open = s.page(&format!("/server/1/tournament/{}", t.id)).await;
    assert!(open.contains("<h1>Cup &lt;i&gt;</h1>"), "{open}");
    assert!(
        open.contains("href=\"/server/1/player/30\">Cy</a>"),
        "{open}"
    );

    s.service
        .organise_tournament(Organising::Start, s.ada.id, Authority::Member, place, t.id)
        .await
        .expect("started");
    let standings = s
        .service
        .standings(t.id, place.guild)
        .await
        .expect("standings");
    let games: Vec<GameId> = standings.pairings.iter().filter_map(|p| p.game).collect();
    assert!(!games.is_empty());
    let html = s.page(&format!("/server/1/tournament/{}", t.id)).await;
    assert!(html.contains("<h2>Standings</h2>") && html.contains("<h2>Pairings</h2>"));
    assert!(html.contains("<h3>Round 1</h3>"), "{html}");
    for game in games {
        let token = s.service.web_token(game).await.expect("token");
        assert!(html.contains(&format!("href=\"/game/{token}\"")), "{html}");
    }
    assert!(html.contains("bye"), "three players: one has a bye: {html}");

    // Another server's tournament is not this server's page.
    let away = place_in(GuildId(5));
    let theirs = s
        .service
        .create_tournament(&s.bo, away, Options::new("Away", Format::Swiss))
        .await
        .expect("tournament");
    assert_no_page(&s, &format!("/server/1/tournament/{}", theirs.id)).await;
}

#[tokio::test]
async fn a_players_page_shows_their_rating_graph_and_latest_games() {
    let s = setup().await;
    s.switch(true).await;
    let first = s.won(&s.ada, &s.bo).await;
    let second = s.won(&s.bo, &s.ada).await;
    let going = s.game(HOME, &s.ada, &s.bo, false).await;
    let html = s.page("/server/1/player/10").await;
    assert!(html.contains("<h1>Ada &lt;b&gt;</h1>"), "{html}");
    assert!(html.contains("2 games: 1 won, 0 drawn, 1 lost."), "{html}");
    assert!(html.contains("<svg class=\"rating-graph\""), "{html}");
    assert_eq!(html.matches("<circle").count(), 3, "{html}");
    assert!(html.contains(&format!("Game #{first}: ")), "{html}");
    for game in [first, second, going] {
        let token = s.service.web_token(game).await.expect("token");
        assert!(html.contains(&format!("href=\"/game/{token}\"")), "{html}");
    }
    let going_at = html.find(&format!(">#{going}<")).expect("listed");
    let first_at = html.find(&format!(">#{first}<")).expect("listed");
    assert!(going_at < first_at, "the latest first");
    assert!(html.contains("against Bo"), "{html}");
    assert!(html.contains("class=\"outcome won\""), "{html}");
    assert!(html.contains("class=\"outcome lost\""), "{html}");
    assert!(html.contains("class=\"outcome playing\""), "{html}");

    // Someone who never played here, even with games elsewhere, has no page here.
    let cy = Player::new(UserId(30), "Cy");
    s.game(GuildId(5), &cy, &s.ada, true).await;
    assert_no_page(&s, "/server/1/player/30").await;
}

#[test]
fn a_pages_link_names_the_server_and_the_page() {
    use dama_service::ids::TournamentId;
    use dama_service::links::{CommunityPage, community_link};
    let base = "https://dama.example.org/";
    for (page, path) in [
        (CommunityPage::Leaderboard { season: None }, "/server/7"),
        (
            CommunityPage::Leaderboard { season: Some(2) },
            "/server/7?season=2",
        ),
        (CommunityPage::Live, "/server/7/live"),
        (CommunityPage::Tournaments, "/server/7/tournaments"),
        (
            CommunityPage::Tournament(TournamentId(3)),
            "/server/7/tournament/3",
        ),
        (CommunityPage::Player(UserId(9)), "/server/7/player/9"),
    ] {
        assert_eq!(
            community_link(base, GuildId(7), page),
            format!("https://dama.example.org{path}")
        );
    }
}

#[tokio::test]
async fn a_signed_in_member_reads_the_community_pages_in_the_language_they_chose() {
    let s = setup().await;
    s.switch(true).await;
    s.won(&s.ada, &s.bo).await;
    s.service
        .set_player_language(s.ada.id, Some(dama_service::service::Language::Sv))
        .await
        .expect("chosen");
    let (cookie, _) = crate::session::test_session(&s.web.key(), s.ada.id);
    let request = Request::get("/server/1")
        .header("accept-language", "en-US,en")
        .header("cookie", cookie)
        .body(Body::empty())
        .expect("request");
    let response = s.web.router().oneshot(request).await.expect("infallible");
    assert_eq!(response.status(), StatusCode::OK);
    assert!(body(response).await.contains("<html lang=\"sv\">"));
    // Not signed in, the same browser reads English.
    assert!(s.page("/server/1").await.contains("<html lang=\"en\">"));
}

#[tokio::test]
async fn a_name_with_a_script_in_it_is_shown_as_text_on_the_game_page_and_the_community_pages() {
    let s = setup().await;
    s.switch(true).await;
    let mallory = Player::new(UserId(30), "<script>alert('x')</script> & co");
    let game = s.won(&mallory, &s.bo).await;
    let token = s.service.web_token(game).await.expect("token");
    let pages = [
        s.page(&format!("/game/{token}")).await,
        s.page("/server/1").await,
        s.page("/server/1/player/30").await,
    ];
    for html in pages {
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(html.contains("&lt;script&gt;alert("), "{html}");
        assert!(html.contains("&lt;/script&gt; &amp; co"), "{html}");
    }
}
