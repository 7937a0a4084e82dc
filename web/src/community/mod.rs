//! A server's community pages, which exist only while its managers have them on
//! (`/dama server web:on`; the service's `community_pages`):
//!
//! - `GET /server/{guild}`: its leaderboard, all time, with links to each season's table
//!   (`?season=N`) and to each speed's (`?speed=blitz`; without one, the busiest speed's);
//! - `GET /server/{guild}/live`: its games in progress, each linking to its game's page;
//! - `GET /server/{guild}/tournaments`, `GET /server/{guild}/tournament/{id}`: its tournaments,
//!   and one's standings and pairings;
//! - `GET /server/{guild}/arena/{id}` (and `…/events`, its stream): an arena's live page (see
//!   `arena`);
//! - `GET /server/{guild}/player/{user}`: a player's ratings there, a line per speed (with a
//!   graph of how one speed's moved: `?speed=blitz`, else the speed they played most), and
//!   their latest games there.
//!
//! Every page is plain HTML drawn here, with no script; names are shown as the service gives
//! them, escaped. A server whose pages are off, or a number that names no server, tournament,
//! season or player there, gets the same 404 page as a wrong game link: nothing tells a server
//! with its pages off from one the bot never saw.
//!
//! A page's link:
//!
//! ```
//! use dama_service::links::{CommunityPage, community_link};
//! use dama_service::ids::GuildId;
//!
//! let link = community_link("https://dama.example.org/", GuildId(42), CommunityPage::Live);
//! assert_eq!(link, "https://dama.example.org/server/42/live");
//! let season = CommunityPage::Leaderboard { season: Some(3) };
//! assert_eq!(season.path(GuildId(42)), "/server/42?season=3");
//! ```

mod arena;
mod graph;
mod pages;

pub(crate) use arena::{events as arena_events, page as arena, state_words as arena_state_words};

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::convert::Infallible;

use axum::extract::{FromRequestParts, Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::response::Response;
use dama_service::ids::{GameId, GuildId, TournamentId, UserId, WebToken};
use dama_service::model::Speed;
use dama_service::service::{Community, LIVE_GAMES_MAX, Period, ServiceError};
use dama_service::tournament::Status;

use super::game::{failed, no_cache, no_page_here};
use super::{Web, assets};
use dama_words::Language;

/// Players on a leaderboard page.
const LEADERBOARD_SIZE: u32 = 100;

/// Tournaments on the tournaments page, the newest first.
const TOURNAMENTS_SHOWN: u32 = 50;

/// Rated games a player's rating graph follows, the latest.
const GRAPH_GAMES: u32 = 50;

/// Games on a player's page, the latest.
const RECENT_GAMES: u32 = 15;

/// The `{…}` parameters of a path as text; none when the path does not decode, so that it
/// names nothing and is answered with the 404 page.
pub(crate) struct Params(HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Params, Infallible> {
        let path = Path::<HashMap<String, String>>::from_request_parts(parts, state).await;
        Ok(Params(path.map(|Path(params)| params).unwrap_or_default()))
    }
}

impl Params {
    /// The parameter `name` as a `T`, if the path has it and it reads as one.
    fn parsed<T: std::str::FromStr>(&self, name: &str) -> Option<T> {
        self.0.get(name).and_then(|text| text.parse().ok())
    }
}

/// Why a page is not shown.
enum NoPage {
    /// It does not exist: the 404 page.
    NotFound,
    /// The service failed: logged, and the 500 page.
    Failed(ServiceError),
}

impl From<ServiceError> for NoPage {
    fn from(e: ServiceError) -> NoPage {
        match e {
            ServiceError::NoSuchSeason(_)
            | ServiceError::NoSuchTournament(_)
            | ServiceError::NoSuchArena(_)
            | ServiceError::NoSuchGame(_) => NoPage::NotFound,
            e => NoPage::Failed(e),
        }
    }
}

/// A page's HTML, or why there is none.
type Drawn = Result<String, NoPage>;

/// Serves what `draw` makes of the server the path names, in the reader's language: the page,
/// or the 404 page when the server's pages are off (the service's [`Community`] is none) or the
/// path names no server.
async fn serve<F>(web: &Web, params: &Params, headers: &HeaderMap, draw: F) -> Response
where
    F: AsyncFnOnce(&Web, Community<'_>, Language) -> Drawn,
{
    let lang = web.request_language(headers).await;
    let drawn = match open_server(web, params).await {
        Ok(server) => draw(web, server, lang).await,
        Err(refusal) => Err(refusal),
    };
    match drawn {
        Ok(html) => {
            let mut response =
                assets::compressed(headers, "text/html; charset=utf-8", html.into_bytes());
            no_cache(&mut response);
            response
        }
        Err(NoPage::NotFound) => no_page_here(lang, headers),
        Err(NoPage::Failed(e)) => failed(&e, lang, headers),
    }
}

/// The pages of the server the path names, if they are on.
async fn open_server<'a>(web: &'a Web, params: &Params) -> Result<Community<'a>, NoPage> {
    let guild: GuildId = params.parsed("guild").ok_or(NoPage::NotFound)?;
    web.service()
        .community(guild)
        .await?
        .ok_or(NoPage::NotFound)
}

/// The speed a page's query asks for (`speed=blitz`), `Ok(None)` when it asks for none; a
/// word that names no speed is no page.
fn speed_asked(query: Option<&str>) -> Result<Option<Speed>, NoPage> {
    let mut speed = None;
    for pair in query.unwrap_or_default().split('&') {
        if let Some(value) = pair.strip_prefix("speed=") {
            speed = Some(value.parse::<Speed>().map_err(|_| NoPage::NotFound)?);
        }
    }
    Ok(speed)
}

/// The season a leaderboard's query asks for (`season=N`), `Ok(None)` for all time; an
/// unreadable one is no page.
fn season_asked(query: Option<&str>) -> Result<Option<u32>, NoPage> {
    let Some(query) = query else {
        return Ok(None);
    };
    let mut season = None;
    for pair in query.split('&') {
        if let Some(value) = pair.strip_prefix("season=") {
            season = Some(value.parse::<u32>().map_err(|_| NoPage::NotFound)?);
        }
    }
    Ok(season)
}

/// The link tokens of `games`, in order.
async fn tokens_of(
    pages: &Community<'_>,
    games: Vec<GameId>,
) -> Result<HashMap<GameId, WebToken>, ServiceError> {
    let mut tokens = HashMap::new();
    for game in games {
        tokens.insert(game, pages.web_token(game).await?);
    }
    Ok(tokens)
}

/// `GET /server/{guild}`: the all-time leaderboard, or with `?season=N` a season's table.
pub(crate) async fn leaderboard(
    State(web): State<Web>,
    params: Params,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    serve(&web, &params, &headers, async |web, server, lang| {
        let season = season_asked(query.as_deref())?;
        let speed = speed_asked(query.as_deref())?;
        let period = season.map_or(Period::AllTime, Period::Season);
        let guild = server.guild();
        let board = server.leaderboard(period, speed, LEADERBOARD_SIZE).await?;
        let seasons = server.seasons().await?;
        let min_games = web.service().config().leaderboard_min_games;
        Ok(pages::leaderboard(lang, guild, &board, &seasons, min_games))
    })
    .await
}

/// `GET /server/{guild}/live`: the games in progress, the most recently played first.
pub(crate) async fn live(State(web): State<Web>, params: Params, headers: HeaderMap) -> Response {
    serve(&web, &params, &headers, async |_, server, lang| {
        let live = server.live_games(LIVE_GAMES_MAX).await?;
        let tokens = tokens_of(&server, live.games.iter().map(|v| v.id).collect()).await?;
        Ok(pages::live(lang, server.guild(), &live, &tokens))
    })
    .await
}

/// `GET /server/{guild}/tournaments`: the newest tournaments first.
pub(crate) async fn tournaments(
    State(web): State<Web>,
    params: Params,
    headers: HeaderMap,
) -> Response {
    serve(&web, &params, &headers, async |_, server, lang| {
        let all = [
            Status::Open,
            Status::Running,
            Status::Finished,
            Status::Cancelled,
        ];
        let found = server.tournaments(&all, TOURNAMENTS_SHOWN).await?;
        Ok(pages::tournaments(lang, server.guild(), &found))
    })
    .await
}

/// `GET /server/{guild}/tournament/{id}`: its standings and every round's pairings.
pub(crate) async fn tournament(
    State(web): State<Web>,
    params: Params,
    headers: HeaderMap,
) -> Response {
    serve(&web, &params, &headers, async |_, server, lang| {
        let id: TournamentId = params.parsed("id").ok_or(NoPage::NotFound)?;
        let standings = server.standings(id).await?;
        let games = standings.pairings.iter().filter_map(|p| p.game).collect();
        let tokens = tokens_of(&server, games).await?;
        Ok(pages::tournament(lang, server.guild(), &standings, &tokens))
    })
    .await
}

/// `GET /server/{guild}/player/{user}`: a player who has played there; no page for anyone
/// else.
pub(crate) async fn player(
    State(web): State<Web>,
    params: Params,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    serve(&web, &params, &headers, async |web, server, lang| {
        let user: UserId = params.parsed("user").ok_or(NoPage::NotFound)?;
        let asked = speed_asked(query.as_deref())?;
        let guild = server.guild();
        let recent = server.recent_games(user, RECENT_GAMES).await?;
        if recent.is_empty() {
            return Err(NoPage::NotFound);
        }
        let stats = server.stats(user).await?;
        let speed = asked.unwrap_or_else(|| stats.busiest_speed());
        let history = server.rating_history(user, speed, GRAPH_GAMES).await?;
        let tokens = tokens_of(&server, recent.iter().map(|v| v.id).collect()).await?;
        let min_games = web.service().config().leaderboard_min_games;
        let profile = pages::Profile {
            stats: &stats,
            speed,
            asked,
            history: &history,
            recent: &recent,
            tokens: &tokens,
            min_games,
        };
        Ok(pages::player(lang, guild, &profile))
    })
    .await
}
