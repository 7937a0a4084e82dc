//! The community pages' HTML, drawn from what the service gives, in the reader's language.
//! Every text that comes from a person (names, tournament names) is escaped by the templates
//! (maud).

use std::collections::HashMap;

use dama_rules::{Color, Outcome};
use dama_service::ids::{GameId, GuildId, WebToken};
use dama_service::model::Speed;
use dama_service::service::{GameView, Leaderboard, LiveGames, PlayerStats, RatingStep, Season};
use dama_service::tournament::{Pairing, Standings, Status, Tournament};

use super::graph;
use crate::game::utc_text;
use crate::html;
use crate::{assets, words};
use dama_service::links::CommunityPage;
use dama_words::numbers;
use dama_words::say;
use dama_words::text;
use dama_words::tournaments::{format_in, points, quarters};
use dama_words::{Language, i18n};
use maud::{Markup, PreEscaped, html};

/// The pages the site's menu names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tab {
    /// The leaderboard (all time's, or a season's).
    Leaderboard,
    /// The games in progress.
    Live,
    /// The tournaments, and each one's page.
    Tournaments,
}

impl Tab {
    /// The menu's pages, in its order.
    const ALL: [Tab; 3] = [Tab::Leaderboard, Tab::Live, Tab::Tournaments];

    /// The page the menu's link opens.
    fn page(self) -> CommunityPage {
        match self {
            Tab::Leaderboard => CommunityPage::Leaderboard { season: None },
            Tab::Live => CommunityPage::Live,
            Tab::Tournaments => CommunityPage::Tournaments,
        }
    }

    /// The catalog's name of the page.
    fn key(self) -> &'static str {
        match self {
            Tab::Leaderboard => "community-leaderboard",
            Tab::Live => "community-live",
            Tab::Tournaments => "community-tournaments",
        }
    }
}

/// A whole page: the head, the menu with `tab` marked, the heading `title` (plain text) and
/// `main`.
pub(super) fn document(
    lang: Language,
    guild: GuildId,
    tab: Option<Tab>,
    title: &str,
    main: &Markup,
) -> String {
    let page = html! {
        (html::head(lang, &format!("{title} · Dama")))
        link rel="stylesheet" href=(assets::path("game.css")); "\n"
        link rel="stylesheet" href=(assets::path("community.css")); "\n"
        (PreEscaped("</head>\n<body class=\"community\">\n"))
        header.site {
            "\n"
            a.brand href=(Tab::Leaderboard.page().path(guild)) { "Dama" } "\n"
            nav.menu aria-label=(words::word(lang, "community-nav")) {
                @for t in Tab::ALL {
                    a href=(t.page().path(guild)) aria-current=[current(tab == Some(t))] {
                        (words::word(lang, t.key()))
                    }
                }
            }
            "\n"
        }
        "\n"
        main.page { "\n" h1 { (title) } "\n" (main) }
        (PreEscaped("\n</body>\n</html>\n"))
    };
    page.into_string()
}

/// `aria-current="page"` when `current`.
fn current(current: bool) -> Option<&'static str> {
    current.then_some("page")
}

/// The class of a table's row of rank 1 to 3 (ties share a rank), which the style marks.
pub(super) fn podium_class(rank: u32) -> Option<&'static str> {
    (rank <= 3).then_some("top")
}

/// A player's name, linking to their page.
fn name_link(guild: GuildId, user: dama_service::ids::UserId, name: &str) -> Markup {
    html! { a href=(CommunityPage::Player(user).path(guild)) { (name) } }
}

/// The leaderboard `board`, with links to the server's other tables (all time's and each of
/// `seasons`).
pub(super) fn leaderboard(
    lang: Language,
    guild: GuildId,
    board: &Leaderboard,
    seasons: &[Season],
    min_games: u32,
) -> String {
    let title = match board.season {
        None => say!(lang, "community-leaderboard-all-time"),
        Some(season) if season.ended_at.is_some() => say!(
            lang,
            "community-leaderboard-season-final",
            season = season.number
        ),
        Some(season) => say!(lang, "community-leaderboard-season", season = season.number),
    };
    let shown = board.season.map(|s| s.number);
    let page = CommunityPage::Leaderboard { season: shown }.path(guild);
    let season_page = |season| CommunityPage::Leaderboard { season }.path(guild);
    let word = |key| words::word(lang, key);
    let main = html! {
        (speeds_nav(lang, &page, board.speed))
        @if !seasons.is_empty() {
            nav.tables aria-label=(word("community-tables")) {
                a href=(at_speed(&season_page(None), board.speed)) aria-current=[current(shown.is_none())] {
                    (word("community-all-time"))
                }
                @for season in seasons {
                    a href=(at_speed(&season_page(Some(season.number)), board.speed))
                        aria-current=[current(shown == Some(season.number))] {
                        (say!(lang, "community-season", season = season.number))
                    }
                }
            }
            "\n"
        }
        @if board.entries.is_empty() {
            p.empty { (say!(lang, "community-leaderboard-empty", min = min_games)) } "\n"
        } @else {
            table.table {
                thead {
                    tr {
                        th scope="col" class="num" { "#" }
                        th scope="col" { (word("community-column-player")) }
                        th scope="col" class="num" { (word("community-column-rating")) }
                        th scope="col" class="num" { (word("community-column-games")) }
                    }
                }
                tbody {
                    @for entry in &board.entries {
                        tr class=[podium_class(entry.rank)] {
                            td.num { (entry.rank) }
                            td.name { (name_link(guild, entry.user, &entry.name)) }
                            td.num {
                                (numbers::rating(lang, entry.rating.rating))
                                @if entry.provisional { "?" }
                            }
                            td.num { (entry.games) }
                        }
                    }
                }
            }
            "\n"
            p.note { (word("community-provisional")) } "\n"
        }
    };
    document(lang, guild, Some(Tab::Leaderboard), &title, &main)
}

/// The game page's link of the game `id`, if its token is known.
fn game_href(tokens: &HashMap<GameId, WebToken>, id: GameId) -> Option<String> {
    tokens.get(&id).map(|token| format!("/game/{token}"))
}

/// The games in progress.
pub(super) fn live(
    lang: Language,
    guild: GuildId,
    live: &LiveGames,
    tokens: &HashMap<GameId, WebToken>,
) -> String {
    let title = words::word(lang, "community-live");
    if live.games.is_empty() {
        let main = html! { p.empty { (words::word(lang, "community-live-none")) } "\n" };
        return document(lang, guild, Some(Tab::Live), &title, &main);
    }
    let mut count = say!(lang, "community-live-count", total = live.total);
    let shown = live.games.len();
    if u32::try_from(shown).is_ok_and(|shown| shown < live.total) {
        count.push(' ');
        count.push_str(&say!(lang, "community-live-shown", shown = shown));
    }
    let main = html! {
        p.note { (count) } "\n"
        ul.cards {
            "\n"
            @for view in &live.games {
                li.card {
                    a.card-link href=(game_href(tokens, view.id).unwrap_or_default()) {
                        span.card-title { (words::title(lang, view)) }
                        span.card-line { (words::status(lang, view)) }
                        span.card-line.muted {
                            (say!(lang, "community-move", number = view.move_number()))
                            " · "
                            (words::rules(lang, view))
                        }
                    }
                }
                "\n"
            }
        }
        "\n"
    };
    document(lang, guild, Some(Tab::Live), &title, &main)
}

/// Where a tournament stands, in a few words.
fn status_of(lang: Language, t: &Tournament) -> String {
    match t.status {
        Status::Open => say!(lang, "community-status-open"),
        Status::Running => say!(lang, "community-status-running", round = t.round),
        Status::Finished => say!(lang, "community-status-finished"),
        Status::Cancelled => say!(lang, "community-status-cancelled"),
    }
}

/// The server's tournaments, the newest first.
pub(super) fn tournaments(lang: Language, guild: GuildId, found: &[Tournament]) -> String {
    let title = words::word(lang, "community-tournaments");
    let main = html! {
        @if found.is_empty() {
            p.empty { (words::word(lang, "community-tournaments-none")) } "\n"
        } @else {
            ul.cards {
                "\n"
                @for t in found {
                    li.card {
                        a.card-link href=(CommunityPage::Tournament(t.id).path(guild)) {
                            span.card-title { (t.name) }
                            span.card-line.muted {
                                (format_in(lang, t.format)) " · " (status_of(lang, t)) " · "
                                (say!(lang, "community-entrants", count = t.entrants.len()))
                            }
                        }
                    }
                    "\n"
                }
            }
            "\n"
        }
    };
    document(lang, guild, Some(Tab::Tournaments), &title, &main)
}

/// One tournament: its terms, standings and every round's pairings, the latest round first.
pub(super) fn tournament(
    lang: Language,
    guild: GuildId,
    standings: &Standings,
    tokens: &HashMap<GameId, WebToken>,
) -> String {
    let t = &standings.tournament;
    let terms = format!(
        "{}; {}, {}, {} · {}",
        format_in(lang, t.format),
        text::rated_word(lang, t.rated),
        text::per_move(lang, t.time_control),
        text::rules_in(lang, t.rules),
        status_of(lang, t),
    );
    let word = |key| words::word(lang, key);
    let rounds: Vec<u32> = (1..=t.round).rev().collect();
    let main = html! {
        p.note { (terms) } "\n"
        h2 { (word("community-standings")) } "\n"
        @if standings.rows.is_empty() || t.status == Status::Open {
            @if t.entrants.is_empty() {
                p.empty { (word("tournament-nobody-yet")) } "\n"
            } @else {
                p {
                    (say!(lang, "community-entrants", count = t.entrants.len())) ": "
                    @for (i, e) in t.entrants.iter().enumerate() {
                        @if i > 0 { ", " }
                        (name_link(guild, e.user, &e.name))
                    }
                }
                "\n"
            }
        } @else {
            (table(lang, guild, standings))
        }
        @if !rounds.is_empty() {
            h2 { (word("community-pairings")) } "\n"
        }
        @for round in rounds {
            section.round {
                h3 { (say!(lang, "community-round", round = round)) }
                ol.pairings {
                    @for p in standings.round(round) {
                        (pairing(lang, guild, t, p, tokens))
                    }
                }
            }
            "\n"
        }
    };
    document(lang, guild, Some(Tab::Tournaments), &t.name, &main)
}

/// The standings table, with the key to its columns.
fn table(lang: Language, guild: GuildId, standings: &Standings) -> Markup {
    let t = &standings.tournament;
    let swiss = standings.uses_buchholz();
    let word = |key| words::word(lang, key);
    let key = if swiss {
        "tournament-table-key-swiss"
    } else {
        "tournament-table-key"
    };
    html! {
        table.table {
            thead {
                tr {
                    th scope="col" class="num" { "#" }
                    th scope="col" { (word("tournament-column-player")) }
                    th scope="col" class="num" { (word("tournament-column-points")) }
                    @if swiss { th scope="col" class="num" { "Bh" } }
                    th scope="col" class="num" { "SB" }
                    th scope="col" class="num" { (word("tournament-column-left")) }
                }
            }
            tbody {
                @for row in &standings.rows {
                    tr class=[podium_class(row.rank)] {
                        td.num { (row.rank) }
                        td.name {
                            @let name = name_link(guild, row.user, &t.name_of(row.user));
                            @if row.withdrawn { "(" (name) ")" } @else { (name) }
                        }
                        td.num { (points(row.points)) }
                        @if swiss { td.num { (points(row.buchholz)) } }
                        td.num { (quarters(lang, row.sonneborn_berger)) }
                        td.num { (row.games_left) }
                    }
                }
            }
        }
        "\n"
        p.note { (word(key)) } "\n"
    }
}

/// One pairing: the players, and the result or a link to the game in progress.
fn pairing(
    lang: Language,
    guild: GuildId,
    t: &Tournament,
    p: &Pairing,
    tokens: &HashMap<GameId, WebToken>,
) -> Markup {
    let word = |key| words::word(lang, key);
    let white = name_link(guild, p.white, &t.name_of(p.white));
    let Some(black) = p.black else {
        return html! {
            li { span.players { (white) } " " span.result { (word("community-bye")) } }
        };
    };
    let black = name_link(guild, black, &t.name_of(black));
    let mut result = match p.result {
        None => word("community-in-progress"),
        Some(Some(Color::White)) => "1-0".to_owned(),
        Some(Some(Color::Black)) => "0-1".to_owned(),
        Some(None) => "½-½".to_owned(),
    };
    if p.forfeit {
        result = format!("{result} {}", word("tournament-forfeit"));
    }
    let game = p.game.and_then(|id| game_href(tokens, id));
    html! {
        li {
            span.players { (white) " – " (black) }
            " "
            span.result.playing[p.result.is_none()] { (result) }
            @if let Some(href) = game {
                " "
                a.game-link href=(href) { (word("community-watch")) }
            }
        }
    }
}

/// `page` at `speed`: `speed=` added to its query.
fn at_speed(page: &str, speed: Speed) -> String {
    let joiner = if page.contains('?') { '&' } else { '?' };
    format!("{page}{joiner}speed={}", speed.name())
}

/// Links to `page` at each speed (`speed=` added to its query), the one `shown` marked as
/// the current one.
fn speeds_nav(lang: Language, page: &str, shown: Speed) -> Markup {
    html! {
        nav.tables.speeds aria-label=(words::word(lang, "community-speeds")) {
            @for speed in Speed::ALL {
                a href=(at_speed(page, speed)) aria-current=[current(speed == shown)] {
                    (i18n::capitalise(lang, &text::speed(lang, speed)))
                }
            }
        }
        "\n"
    }
}

/// What a player's page shows.
pub(super) struct Profile<'a> {
    /// Their ratings, ranks and record on the server.
    pub stats: &'a PlayerStats,
    /// The speed whose rating the graph follows.
    pub speed: Speed,
    /// The speed the reader asked for, if any: the only rating line shown then.
    pub asked: Option<Speed>,
    /// How their rating moved, the oldest first.
    pub history: &'a [RatingStep],
    /// Their latest games, the most recently changed first.
    pub recent: &'a [GameView],
    /// The link tokens of those games.
    pub tokens: &'a HashMap<GameId, WebToken>,
    /// Rated games needed to be ranked.
    pub min_games: u32,
}

/// A player's page: their rating, record and streak, the graph of their rating, their latest
/// games.
pub(super) fn player(lang: Language, guild: GuildId, profile: &Profile<'_>) -> String {
    let stats = profile.stats;
    let name = stats.name.clone().unwrap_or_else(|| stats.user.to_string());
    let page = CommunityPage::Player(stats.user).path(guild);
    let graph = match (profile.history.first(), profile.history.last()) {
        (Some(first), Some(last)) => {
            let label = say!(
                lang,
                "community-rating-graph-alt",
                count = profile.history.len(),
                before = numbers::rating(lang, first.before),
                after = numbers::rating(lang, last.after),
            );
            Some(graph::svg(lang, profile.history, &label, |step| {
                say!(
                    lang,
                    "community-rating-point",
                    game = numbers::label(step.game.0),
                    rating = numbers::rating(lang, step.after)
                )
            }))
        }
        _ => None,
    };
    let main = html! {
        ul.facts {
            @for line in text::stats_lines(lang, stats, profile.asked, profile.min_games) {
                li { (line) }
            }
        }
        "\n"
        (speeds_nav(lang, &page, profile.speed))
        @if let Some(svg) = graph {
            h2 { (words::word(lang, "community-rating-graph")) } "\n"
            figure.graph-box { (svg) } "\n"
        }
        h2 { (words::word(lang, "community-recent")) } "\n"
        ul.games {
            @for view in profile.recent {
                (recent_game(lang, view, stats.user, profile.tokens))
            }
        }
        "\n"
    };
    document(lang, guild, None, &name, &main)
}

/// One of a player's games, from their side: the result, the opponent, when.
fn recent_game(
    lang: Language,
    view: &GameView,
    user: dama_service::ids::UserId,
    tokens: &HashMap<GameId, WebToken>,
) -> Markup {
    let word = |key| words::word(lang, key);
    let side = view.color_of(user).unwrap_or(Color::White);
    let (class, result) = match view.outcome {
        None => ("playing", word("community-in-progress")),
        Some(Outcome::Draw(_)) => ("drawn", word("community-drawn")),
        Some(Outcome::Aborted) => ("aborted", word("community-aborted")),
        Some(Outcome::Win { winner, .. }) if winner == side => ("won", word("community-won")),
        Some(Outcome::Win { .. }) => ("lost", word("community-lost")),
    };
    let opponent = say!(
        lang,
        "community-versus",
        name = words::name(lang, view, side.opposite())
    );
    let when = utc_text(view.ended_at.unwrap_or(view.updated_at).as_millis());
    let game = say!(
        lang,
        "community-game-number",
        game = numbers::label(view.id.0)
    );
    html! {
        li {
            span class={ "outcome " (class) } { (result) }
            span.about {
                span.who { (opponent) " (" (text::colour(lang, side)) ")" }
                " "
                span.muted {
                    @match game_href(tokens, view.id) {
                        Some(href) => a href=(href) { (game) },
                        None => (game),
                    }
                    " · " (when)
                }
            }
        }
    }
}
