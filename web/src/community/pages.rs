//! The community pages' HTML, drawn from what the service gives, in the reader's language.
//! Every text that comes from a person (names, tournament names) is escaped here.

use std::collections::HashMap;
use std::fmt::Write as _;

use dama_rules::{Color, Outcome};
use dama_service::ids::{GameId, GuildId, WebToken};
use dama_service::model::Speed;
use dama_service::service::{GameView, Leaderboard, LiveGames, PlayerStats, RatingStep, Season};
use dama_service::tournament::{Pairing, Standings, Status, Tournament};

use super::graph;
use crate::game::utc_text;
use crate::html::{self, escape};
use crate::{assets, words};
use dama_service::links::CommunityPage;
use dama_words::numbers;
use dama_words::say;
use dama_words::text;
use dama_words::tournaments::{format_in, points, quarters};
use dama_words::{Language, i18n};

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

/// A word of the catalogs that takes no argument, escaped.
pub(super) fn word(lang: Language, key: &'static str) -> String {
    escape(&words::word(lang, key))
}

/// ` aria-current="page"` when `current`.
fn current(current: bool) -> &'static str {
    if current {
        " aria-current=\"page\""
    } else {
        ""
    }
}

/// A whole page: the head, the menu with `tab` marked, the heading `title` (plain text) and
/// `main` (HTML).
pub(super) fn document(
    lang: Language,
    guild: GuildId,
    tab: Option<Tab>,
    title: &str,
    main: &str,
) -> String {
    let head = html::head(lang, &format!("{title} · Dama")).into_string();
    let title = escape(title);
    let mut menu = String::new();
    for t in Tab::ALL {
        let _ = write!(
            menu,
            "<a href=\"{}\"{}>{}</a>",
            t.page().path(guild),
            current(tab == Some(t)),
            word(lang, t.key())
        );
    }
    format!(
        r#"{head}<link rel="stylesheet" href="{game_css}">
<link rel="stylesheet" href="{css}">
</head>
<body class="community">
<header class="site">
<a class="brand" href="{home}">Dama</a>
<nav class="menu" aria-label="{nav}">{menu}</nav>
</header>
<main class="page">
<h1>{title}</h1>
{main}</main>
</body>
</html>
"#,
        head = head,
        game_css = assets::path("game.css"),
        css = assets::path("community.css"),
        home = Tab::Leaderboard.page().path(guild),
        nav = word(lang, "community-nav"),
    )
}

/// ` class="top"` for a table's row of rank 1 to 3 (ties share a rank), which the style marks.
pub(super) fn podium(rank: u32) -> &'static str {
    if rank <= 3 { " class=\"top\"" } else { "" }
}

/// A player's name, linking to their page.
pub(super) fn player_link(guild: GuildId, user: dama_service::ids::UserId, name: &str) -> String {
    format!(
        "<a href=\"{}\">{}</a>",
        CommunityPage::Player(user).path(guild),
        escape(name)
    )
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
    let mut main = String::new();
    let shown = board.season.map(|s| s.number);
    let page = CommunityPage::Leaderboard { season: shown }.path(guild);
    main.push_str(&speeds_nav(lang, &page, board.speed));
    if !seasons.is_empty() {
        let _ = write!(
            main,
            "<nav class=\"tables\" aria-label=\"{}\"><a href=\"{}\"{}>{}</a>",
            word(lang, "community-tables"),
            at_speed(
                &CommunityPage::Leaderboard { season: None }.path(guild),
                board.speed
            ),
            current(shown.is_none()),
            word(lang, "community-all-time"),
        );
        for season in seasons {
            let _ = write!(
                main,
                "<a href=\"{}\"{}>{}</a>",
                at_speed(
                    &CommunityPage::Leaderboard {
                        season: Some(season.number)
                    }
                    .path(guild),
                    board.speed
                ),
                current(shown == Some(season.number)),
                escape(&say!(lang, "community-season", season = season.number)),
            );
        }
        main.push_str("</nav>\n");
    }
    if board.entries.is_empty() {
        let _ = writeln!(
            main,
            "<p class=\"empty\">{}</p>",
            escape(&say!(lang, "community-leaderboard-empty", min = min_games))
        );
        return document(lang, guild, Some(Tab::Leaderboard), &title, &main);
    }
    let _ = write!(
        main,
        "<table class=\"table\"><thead><tr><th scope=\"col\" class=\"num\">#</th>\
         <th scope=\"col\">{}</th><th scope=\"col\" class=\"num\">{}</th>\
         <th scope=\"col\" class=\"num\">{}</th></tr></thead><tbody>",
        word(lang, "community-column-player"),
        word(lang, "community-column-rating"),
        word(lang, "community-column-games"),
    );
    for entry in &board.entries {
        let _ = write!(
            main,
            "<tr{}><td class=\"num\">{}</td><td class=\"name\">{}</td><td class=\"num\">{}{}</td>\
             <td class=\"num\">{}</td></tr>",
            podium(entry.rank),
            entry.rank,
            player_link(guild, entry.user, &entry.name),
            numbers::rating(lang, entry.rating.rating),
            if entry.provisional { "?" } else { "" },
            entry.games,
        );
    }
    let _ = writeln!(
        main,
        "</tbody></table>\n<p class=\"note\">{}</p>",
        word(lang, "community-provisional")
    );
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
    let mut main = String::new();
    if live.games.is_empty() {
        let _ = writeln!(
            main,
            "<p class=\"empty\">{}</p>",
            word(lang, "community-live-none")
        );
        return document(lang, guild, Some(Tab::Live), &title, &main);
    }
    let mut count = say!(lang, "community-live-count", total = live.total);
    let shown = live.games.len();
    if u32::try_from(shown).is_ok_and(|shown| shown < live.total) {
        count.push(' ');
        count.push_str(&say!(lang, "community-live-shown", shown = shown));
    }
    let _ = writeln!(
        main,
        "<p class=\"note\">{}</p>\n<ul class=\"cards\">",
        escape(&count)
    );
    for view in &live.games {
        let details = format!(
            "{} · {}",
            say!(lang, "community-move", number = view.move_number()),
            words::rules(lang, view)
        );
        let _ = writeln!(
            main,
            "<li class=\"card\"><a class=\"card-link\" href=\"{}\"><span class=\"card-title\">{}</span>\
             <span class=\"card-line\">{}</span><span class=\"card-line muted\">{}</span></a></li>",
            game_href(tokens, view.id).unwrap_or_default(),
            escape(&words::title(lang, view)),
            escape(&words::status(lang, view)),
            escape(&details),
        );
    }
    main.push_str("</ul>\n");
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
    let mut main = String::new();
    if found.is_empty() {
        let _ = writeln!(
            main,
            "<p class=\"empty\">{}</p>",
            word(lang, "community-tournaments-none")
        );
        return document(lang, guild, Some(Tab::Tournaments), &title, &main);
    }
    main.push_str("<ul class=\"cards\">\n");
    for t in found {
        let line = format!(
            "{} · {} · {}",
            format_in(lang, t.format),
            status_of(lang, t),
            say!(lang, "community-entrants", count = t.entrants.len()),
        );
        let _ = writeln!(
            main,
            "<li class=\"card\"><a class=\"card-link\" href=\"{}\"><span class=\"card-title\">{}</span>\
             <span class=\"card-line muted\">{}</span></a></li>",
            CommunityPage::Tournament(t.id).path(guild),
            escape(&t.name),
            escape(&line),
        );
    }
    main.push_str("</ul>\n");
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
    let mut main = format!("<p class=\"note\">{}</p>\n", escape(&terms));
    let _ = writeln!(main, "<h2>{}</h2>", word(lang, "community-standings"));
    if standings.rows.is_empty() || t.status == Status::Open {
        let names: Vec<String> = t
            .entrants
            .iter()
            .map(|e| player_link(guild, e.user, &e.name))
            .collect();
        if names.is_empty() {
            let _ = writeln!(
                main,
                "<p class=\"empty\">{}</p>",
                word(lang, "tournament-nobody-yet")
            );
        } else {
            let _ = writeln!(
                main,
                "<p>{}: {}</p>",
                escape(&say!(lang, "community-entrants", count = names.len())),
                names.join(", ")
            );
        }
    } else {
        main.push_str(&table(lang, guild, standings));
    }
    let rounds: Vec<u32> = (1..=t.round).rev().collect();
    if !rounds.is_empty() {
        let _ = writeln!(main, "<h2>{}</h2>", word(lang, "community-pairings"));
    }
    for round in rounds {
        let _ = write!(
            main,
            "<section class=\"round\"><h3>{}</h3><ol class=\"pairings\">",
            escape(&say!(lang, "community-round", round = round))
        );
        for p in standings.round(round) {
            main.push_str(&pairing(lang, guild, t, p, tokens));
        }
        main.push_str("</ol></section>\n");
    }
    document(lang, guild, Some(Tab::Tournaments), &t.name, &main)
}

/// The standings table, with the key to its columns.
fn table(lang: Language, guild: GuildId, standings: &Standings) -> String {
    let t = &standings.tournament;
    let swiss = standings.uses_buchholz();
    let mut html = format!(
        "<table class=\"table\"><thead><tr><th scope=\"col\" class=\"num\">#</th>\
         <th scope=\"col\">{}</th><th scope=\"col\" class=\"num\">{}</th>{}\
         <th scope=\"col\" class=\"num\">SB</th><th scope=\"col\" class=\"num\">{}</th></tr></thead><tbody>",
        word(lang, "tournament-column-player"),
        word(lang, "tournament-column-points"),
        if swiss {
            "<th scope=\"col\" class=\"num\">Bh</th>"
        } else {
            ""
        },
        word(lang, "tournament-column-left"),
    );
    for row in &standings.rows {
        let mut name = player_link(guild, row.user, &t.name_of(row.user));
        if row.withdrawn {
            name = format!("({name})");
        }
        let buchholz = if swiss {
            format!("<td class=\"num\">{}</td>", points(row.buchholz))
        } else {
            String::new()
        };
        let _ = write!(
            html,
            "<tr{}><td class=\"num\">{}</td><td class=\"name\">{name}</td><td class=\"num\">{}</td>\
             {buchholz}<td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            podium(row.rank),
            row.rank,
            points(row.points),
            quarters(lang, row.sonneborn_berger),
            row.games_left,
        );
    }
    let key = if swiss {
        "tournament-table-key-swiss"
    } else {
        "tournament-table-key"
    };
    let _ = writeln!(
        html,
        "</tbody></table>\n<p class=\"note\">{}</p>",
        word(lang, key)
    );
    html
}

/// One pairing: the players, and the result or a link to the game in progress.
fn pairing(
    lang: Language,
    guild: GuildId,
    t: &Tournament,
    p: &Pairing,
    tokens: &HashMap<GameId, WebToken>,
) -> String {
    let white = player_link(guild, p.white, &t.name_of(p.white));
    let Some(black) = p.black else {
        return format!(
            "<li><span class=\"players\">{white}</span> <span class=\"result\">{}</span></li>",
            word(lang, "community-bye")
        );
    };
    let black = player_link(guild, black, &t.name_of(black));
    let class = if p.result.is_none() {
        "result playing"
    } else {
        "result"
    };
    let mut result = match p.result {
        None => word(lang, "community-in-progress"),
        Some(Some(Color::White)) => "1-0".to_owned(),
        Some(Some(Color::Black)) => "0-1".to_owned(),
        Some(None) => "½-½".to_owned(),
    };
    if p.forfeit {
        result = format!("{result} {}", word(lang, "tournament-forfeit"));
    }
    let game = p
        .game
        .and_then(|id| game_href(tokens, id))
        .map(|href| {
            format!(
                " <a class=\"game-link\" href=\"{href}\">{}</a>",
                word(lang, "community-watch")
            )
        })
        .unwrap_or_default();
    format!(
        "<li><span class=\"players\">{white} – {black}</span> <span class=\"{class}\">{result}</span>{game}</li>"
    )
}

/// `page` at `speed`: `speed=` added to its query.
fn at_speed(page: &str, speed: Speed) -> String {
    let joiner = if page.contains('?') { '&' } else { '?' };
    format!("{page}{joiner}speed={}", speed.name())
}

/// Links to `page` at each speed (`speed=` added to its query), the one `shown` marked as
/// the current one.
fn speeds_nav(lang: Language, page: &str, shown: Speed) -> String {
    let mut nav = format!(
        "<nav class=\"tables speeds\" aria-label=\"{}\">",
        word(lang, "community-speeds")
    );
    for speed in Speed::ALL {
        let _ = write!(
            nav,
            "<a href=\"{}\"{}>{}</a>",
            at_speed(page, speed),
            current(speed == shown),
            escape(&i18n::capitalise(lang, &text::speed(lang, speed))),
        );
    }
    nav.push_str("</nav>\n");
    nav
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
    let mut main = String::from("<ul class=\"facts\">");
    for line in text::stats_lines(lang, stats, profile.asked, profile.min_games) {
        let _ = write!(main, "<li>{}</li>", escape(&line));
    }
    main.push_str("</ul>\n");
    let page = CommunityPage::Player(stats.user).path(guild);
    main.push_str(&speeds_nav(lang, &page, profile.speed));
    if let (Some(first), Some(last)) = (profile.history.first(), profile.history.last()) {
        let label = say!(
            lang,
            "community-rating-graph-alt",
            count = profile.history.len(),
            before = numbers::rating(lang, first.before),
            after = numbers::rating(lang, last.after),
        );
        let svg = graph::svg(lang, profile.history, &label, |step| {
            say!(
                lang,
                "community-rating-point",
                game = numbers::label(step.game.0),
                rating = numbers::rating(lang, step.after)
            )
        });
        let _ = writeln!(
            main,
            "<h2>{}</h2>\n<figure class=\"graph-box\">{svg}</figure>",
            word(lang, "community-rating-graph")
        );
    }
    let _ = write!(
        main,
        "<h2>{}</h2>\n<ul class=\"games\">",
        word(lang, "community-recent")
    );
    for view in profile.recent {
        main.push_str(&recent_game(lang, view, stats.user, profile.tokens));
    }
    main.push_str("</ul>\n");
    document(lang, guild, None, &name, &main)
}

/// One of a player's games, from their side: the result, the opponent, when.
fn recent_game(
    lang: Language,
    view: &GameView,
    user: dama_service::ids::UserId,
    tokens: &HashMap<GameId, WebToken>,
) -> String {
    let side = view.color_of(user).unwrap_or(Color::White);
    let (class, result) = match view.outcome {
        None => ("playing", word(lang, "community-in-progress")),
        Some(Outcome::Draw(_)) => ("drawn", word(lang, "community-drawn")),
        Some(Outcome::Aborted) => ("aborted", word(lang, "community-aborted")),
        Some(Outcome::Win { winner, .. }) if winner == side => ("won", word(lang, "community-won")),
        Some(Outcome::Win { .. }) => ("lost", word(lang, "community-lost")),
    };
    let opponent = say!(
        lang,
        "community-versus",
        name = words::name(lang, view, side.opposite())
    );
    let colour = text::colour(lang, side);
    let when = utc_text(view.ended_at.unwrap_or(view.updated_at).as_millis());
    let game = escape(&say!(
        lang,
        "community-game-number",
        game = numbers::label(view.id.0)
    ));
    let game = match game_href(tokens, view.id) {
        Some(href) => format!("<a href=\"{href}\">{game}</a>"),
        None => game,
    };
    format!(
        "<li><span class=\"outcome {class}\">{result}</span><span class=\"about\">\
         <span class=\"who\">{} ({})</span> <span class=\"muted\">{game} · {when}</span></span></li>",
        escape(&opponent),
        escape(&colour),
    )
}
