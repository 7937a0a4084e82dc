//! An arena's live page, `GET /server/{guild}/arena/{id}`, and its event stream
//! `GET /server/{guild}/arena/{id}/events`: the tournament's clock, the table (streak and
//! berserk marks), the games being played (each linking to its game's page) and, for a
//! signed-in member of the arena, where they stand. Like every community page it exists only
//! while the server's pages are on.
//!
//! The page is whole without its script. The script (`arena.js`) counts the clock down from
//! the server's reading and follows the stream: after each change of the arena (a join, a
//! pause, a pairing, a game's end, the start or the end: the service's `Change::Arena`) the
//! stream sends an [`ArenaUpdate`], whose parts are the page's own fragments, drawn and escaped
//! here once, so that the script shows them and decides nothing.

use std::collections::HashMap;
use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::SignedCookieJar;
use dama_service::ids::{ArenaId, GameId, GuildId, UserId, WebToken};
use dama_service::links::CommunityPage;
use dama_service::service::Community;
use dama_service::tournament::Status;
use dama_service::tournament::arena::{ArenaStandings, MemberState};
use serde::Serialize;
use tokio::sync::watch;

use super::pages::{document, podium_class};
use super::{NoPage, Params, open_server, serve};
use crate::game::{failed, no_page_here};
use crate::streams::Place;
use crate::{Web, assets, words};
use dama_words::text;
use dama_words::{Language, numbers, say};
use maud::{Markup, PreEscaped, html};

/// How often a quiet stream carries a comment.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The points of a member's latest games the table shows, the older ones elided.
const SHEET_SHOWN: usize = 20;

/// What the page's script is sent: the server's time, the arena's, and the page's fragments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct ArenaUpdate {
    /// The server's time of the reading (ms since the epoch).
    pub now: i64,
    /// When the arena starts (ms since the epoch).
    pub starts_at: i64,
    /// When it ends (ms since the epoch).
    pub ends_at: i64,
    /// `open` (the clock counts to the start), `running` (to the end) or `over`.
    pub phase: &'static str,
    /// The clock's label, or the sentence that stands for it once over.
    pub clock_label: String,
    /// The table (HTML).
    pub table: String,
    /// The games being played (HTML).
    pub games: String,
    /// Where the reader stands (HTML; empty for a reader not in the arena).
    pub me: String,
}

/// `GET /server/{guild}/arena/{id}`: the page.
pub(crate) async fn page(
    State(web): State<Web>,
    params: Params,
    headers: HeaderMap,
    jar: SignedCookieJar,
) -> Response {
    let me = web.reader(&jar).await.map(|v| v.user);
    serve(&web, &params, &headers, async |web, server, lang| {
        let id: ArenaId = params.parsed("id").ok_or(NoPage::NotFound)?;
        let update = read(web, &server, id, lang, me, &mut HashMap::new()).await?;
        let standings = server.arena_standings(id).await?;
        Ok(page_html(lang, server.guild(), &standings, &update))
    })
    .await
}

/// `GET /server/{guild}/arena/{id}/events`: the page's updates, the current one first.
pub(crate) async fn events(
    State(web): State<Web>,
    params: Params,
    peer: crate::client::Peer,
    headers: HeaderMap,
    jar: SignedCookieJar,
) -> Response {
    let client = web.client(peer, &headers);
    let (place, _setting_up) = match web.0.streams.enter(client) {
        Ok(places) => places,
        Err(refused) => {
            web.metrics().shed(refused.reason());
            let lang = crate::lang::of_request(&headers);
            return crate::refusal::Refusal::busy(lang, "web-busy")
                .shaped_for(&headers)
                .into_response();
        }
    };
    let lang = web.request_language(&headers).await;
    let me = web.reader(&jar).await.map(|v| v.user);
    let opened = async {
        let server = open_server(&web, &params).await?;
        let id: ArenaId = params.parsed("id").ok_or(NoPage::NotFound)?;
        // The arena exists there: else no stream.
        server.arena_standings(id).await?;
        Ok::<_, NoPage>((server.guild(), id))
    }
    .await;
    let (guild, id) = match opened {
        Ok(found) => found,
        Err(NoPage::NotFound) => return no_page_here(lang, &headers),
        Err(NoPage::Failed(e)) => return failed(&e, lang, &headers),
    };
    let watching = Watching {
        bell: web.hub().watch_arena(id),
        stop: web.stopping(),
        web,
        guild,
        id,
        lang,
        me,
        sent: None,
        tokens: HashMap::new(),
        _place: place,
    };
    let mut response = Sse::new(updates(watching))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response();
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// What an arena's stream holds between events.
struct Watching {
    web: Web,
    guild: GuildId,
    id: ArenaId,
    lang: Language,
    me: Option<UserId>,
    bell: watch::Receiver<u64>,
    stop: watch::Receiver<bool>,
    /// The update last sent (`None` before the first).
    sent: Option<ArenaUpdate>,
    /// The link tokens of the arena's games met so far (a game's never changes).
    tokens: HashMap<GameId, WebToken>,
    /// The stream's place among those allowed at once.
    _place: Place,
}

/// The stream of `w`'s arena: its update now, then after each bell one that differs from the
/// last sent; it ends when the bot stops, the server's pages are turned off, or a read fails.
fn updates(w: Watching) -> impl futures_util::Stream<Item = Result<Event, Infallible>> {
    futures_util::stream::unfold(w, |mut w| async move {
        loop {
            if w.sent.is_some() {
                tokio::select! {
                    rung = w.bell.changed() => rung.ok()?,
                    _ = w.stop.wait_for(|stopped| *stopped) => return None,
                }
            }
            w.bell.borrow_and_update();
            let server = match w.web.service().community(w.guild).await {
                Ok(Some(server)) => server,
                Ok(None) => return None,
                Err(e) => {
                    tracing::error!(arena = %w.id, error = %e, "cannot read a watched arena");
                    return None;
                }
            };
            let update = match read(&w.web, &server, w.id, w.lang, w.me, &mut w.tokens).await {
                Ok(update) => update,
                Err(NoPage::NotFound) => return None,
                Err(NoPage::Failed(e)) => {
                    tracing::error!(arena = %w.id, error = %e, "cannot read a watched arena");
                    return None;
                }
            };
            let same = w.sent.as_ref().is_some_and(|sent| {
                ArenaUpdate {
                    now: update.now,
                    ..sent.clone()
                } == update
            });
            if same {
                continue;
            }
            let json = serde_json::to_string(&update).unwrap_or_default();
            w.sent = Some(update);
            return Some((Ok(Event::default().event("arena").data(json)), w));
        }
    })
}

/// Arena `id` of `server` as `me` (a signed-in reader, if any) sees it now, in `lang`;
/// `tokens` keeps the games' link tokens met so far.
async fn read(
    web: &Web,
    server: &Community<'_>,
    id: ArenaId,
    lang: Language,
    me: Option<UserId>,
    tokens: &mut HashMap<GameId, WebToken>,
) -> Result<ArenaUpdate, NoPage> {
    let standings = server.arena_standings(id).await?;
    for game in &standings.in_play {
        if let std::collections::hash_map::Entry::Vacant(entry) = tokens.entry(game.game) {
            entry.insert(server.web_token(game.game).await?);
        }
    }
    let now = web.service().now().as_millis();
    Ok(update(lang, server.guild(), &standings, me, tokens, now))
}

/// The update of `standings` for `me` in `lang` at the server's `now`.
pub(crate) fn update(
    lang: Language,
    guild: GuildId,
    standings: &ArenaStandings,
    me: Option<UserId>,
    tokens: &HashMap<GameId, WebToken>,
    now: i64,
) -> ArenaUpdate {
    let arena = &standings.arena;
    let (phase, clock_label) = match arena.status {
        Status::Open => ("open", "community-arena-starts-in"),
        Status::Running => ("running", "community-arena-ends-in"),
        Status::Finished => ("over", "community-arena-over"),
        Status::Cancelled => ("over", "community-arena-cancelled"),
    };
    ArenaUpdate {
        now,
        starts_at: arena.starts_at.as_millis(),
        ends_at: arena.ends_at.as_millis(),
        phase,
        // Shown as text by the script (`textContent`): not HTML.
        clock_label: words::word(lang, clock_label),
        table: table(lang, guild, standings).into_string(),
        games: games(lang, guild, standings, tokens).into_string(),
        me: me
            .and_then(|user| standings.member_state(user))
            .map(|state| mine(lang, state, tokens).into_string())
            .unwrap_or_default(),
    }
}

/// A member's name in the arena, linking to their page.
fn member(guild: GuildId, standings: &ArenaStandings, user: UserId) -> Markup {
    let name = standings
        .arena
        .member(user)
        .map_or_else(|| user.to_string(), |m| m.name.clone());
    html! { a href=(CommunityPage::Player(user).path(guild)) { (name) } }
}

/// The table: rank, name (🔥 while on a streak), each game's points (doubled ones marked, a
/// berserk point with ⚔), score, games played.
fn table(lang: Language, guild: GuildId, standings: &ArenaStandings) -> Markup {
    let word = |key| words::word(lang, key);
    if standings.rows.is_empty() {
        return html! { p.empty { (word("community-arena-nobody")) } };
    }
    let fire = word("community-arena-fire");
    let berserk = word("community-arena-berserk");
    html! {
        table.table.arena-table {
            thead {
                tr {
                    th scope="col" class="num" { "#" }
                    th scope="col" { (word("community-column-player")) }
                    th scope="col" class="sheet" { (word("community-arena-sheet")) }
                    th scope="col" class="num" { (word("community-arena-score")) }
                    th scope="col" class="num" { (word("community-arena-games")) }
                }
            }
            tbody {
                @for row in &standings.rows {
                    @let skipped = row.sheet.len().saturating_sub(SHEET_SHOWN);
                    tr class=[podium_class(row.rank)] {
                        td.num { (row.rank) }
                        td.name {
                            (member(guild, standings, row.user))
                            @if row.on_fire {
                                " "
                                span.streak title=(fire) role="img" aria-label=(fire) { "🔥" }
                            }
                        }
                        td.sheet {
                            @if skipped > 0 { span.more { "…" } }
                            @for points in &row.sheet[skipped..] {
                                span.pts.fire[points.on_fire] {
                                    (points.points)
                                    @if points.berserk_point {
                                        span.berserk title=(berserk) { "⚔" }
                                    }
                                }
                            }
                        }
                        td.num.score { (row.score) }
                        td.num { (row.games) }
                    }
                }
            }
        }
        "\n"
        p.note { (word("community-arena-key")) }
    }
}

/// The games being played, each linking to its page; ⚔ marks who went berserk.
fn games(
    lang: Language,
    guild: GuildId,
    standings: &ArenaStandings,
    tokens: &HashMap<GameId, WebToken>,
) -> Markup {
    let word = |key| words::word(lang, key);
    if standings.in_play.is_empty() {
        return html! { p.empty { (word("community-arena-no-games")) } };
    }
    let berserk = word("community-arena-berserk");
    let mark = |on: bool| {
        html! {
            @if on {
                " "
                span.berserk title=(berserk) role="img" aria-label=(berserk) { "⚔" }
            }
        }
    };
    html! {
        ul.arena-games {
            @for game in &standings.in_play {
                li {
                    span.pair {
                        (member(guild, standings, game.white)) (mark(game.berserk[0]))
                        " – "
                        (member(guild, standings, game.black)) (mark(game.berserk[1]))
                    }
                    @if let Some(token) = tokens.get(&game.game) {
                        " "
                        a.game-link href={ "/game/" (token) } { (word("community-watch")) }
                    }
                }
            }
        }
    }
}

/// Where a member stands, in a sentence (the page's own line, the Activity's).
pub(crate) fn state_words(lang: Language, state: MemberState) -> String {
    match state {
        MemberState::Waiting => say!(lang, "community-arena-you-waiting"),
        MemberState::Playing(game) => say!(
            lang,
            "community-arena-you-playing",
            game = numbers::label(game.0)
        ),
        MemberState::Paused => say!(lang, "community-arena-you-paused"),
        MemberState::Left => say!(lang, "community-arena-you-left"),
        MemberState::Over => say!(lang, "community-arena-you-over"),
    }
}

/// Where the reader stands, with a link to their game while they play.
fn mine(lang: Language, state: MemberState, tokens: &HashMap<GameId, WebToken>) -> Markup {
    let (class, link) = match state {
        MemberState::Waiting => ("waiting", None),
        MemberState::Playing(game) => ("playing", tokens.get(&game)),
        MemberState::Paused => ("paused", None),
        MemberState::Left => ("left", None),
        MemberState::Over => ("over", None),
    };
    html! {
        p class={ "me " (class) } role="status" {
            (state_words(lang, state))
            @if let Some(token) = link {
                " "
                a.button href={ "/game/" (token) } { (words::word(lang, "community-arena-open-game")) }
            }
        }
    }
}

/// The whole page of `standings`, its live parts as `update` draws them.
fn page_html(
    lang: Language,
    guild: GuildId,
    standings: &ArenaStandings,
    update: &ArenaUpdate,
) -> String {
    let arena = &standings.arena;
    let title = say!(lang, "community-arena-title", name = arena.name.clone());
    let terms = say!(
        lang,
        "community-arena-terms",
        count = arena.minutes,
        clock = arena.clock.to_string(),
        rated = text::rated_word(lang, arena.rated),
    );
    let target = match update.phase {
        "open" => update.starts_at,
        _ => update.ends_at,
    };
    let left = numbers::clock(lang, u64::try_from(target - update.now).unwrap_or(0));
    let events = format!("{}/events", CommunityPage::Arena(arena.id).path(guild));
    let main = html! {
        div #arena.arena data-events=(events) data-now=(update.now) data-starts=(update.starts_at)
            data-ends=(update.ends_at) data-phase=(update.phase) data-decimal=(decimal(lang)) {
            "\n"
            p.note { (terms) } "\n"
            div.arena-clock role="timer" {
                span.label #arena-clock-label { (update.clock_label) }
                " "
                span.time #arena-clock-time hidden[update.phase == "over"] { (left) }
            }
            "\n"
            // The fragments the stream sends again: drawn (and escaped) by `update`.
            div #arena-me { (PreEscaped(&update.me)) } "\n"
            div.arena-columns {
                "\n"
                section.arena-standings {
                    h2 { (words::word(lang, "community-standings")) }
                    div #arena-table { (PreEscaped(&update.table)) }
                }
                "\n"
                section.arena-playing {
                    h2 { (words::word(lang, "community-arena-playing")) }
                    div #arena-games { (PreEscaped(&update.games)) }
                }
                "\n"
            }
            "\n"
        }
        "\n"
        script type="module" src=(assets::path("arena.js")) {}
        "\n"
    };
    document(
        lang,
        guild,
        Some(super::pages::Tab::Tournaments),
        &title,
        &main,
    )
}

/// The decimal separator of `lang`'s clocks (`9.3`, `9,3`).
fn decimal(lang: Language) -> String {
    let tenths = numbers::clock(lang, 9_300);
    tenths
        .chars()
        .find(|c| !c.is_ascii_digit())
        .map_or_else(|| ".".to_owned(), String::from)
}

#[cfg(test)]
mod tests;
