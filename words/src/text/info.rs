//! The answers that show a player's or a server's information: games, leaderboards, seasons,
//! stats, settings and vacations (the `info` catalogs).

use super::*;

/// The server's new default rules.
pub fn server_rules_set(lang: Language, rules: Rules) -> String {
    say!(lang, "server-rules-set", rules = rules_in(lang, rules))
}

/// A player's language chosen (`true`) or left to Discord again, said in that language.
pub fn language_set(lang: Language, chosen: bool) -> String {
    let key = if chosen {
        "language-chosen"
    } else {
        "language-auto"
    };
    i18n::message(lang, key, None)
}

/// A server's language chosen (`true`) or left to Discord again, said in that language.
pub fn server_language_set(lang: Language, chosen: bool) -> String {
    let key = if chosen {
        "server-language-chosen"
    } else {
        "server-language-auto"
    };
    i18n::message(lang, key, None)
}

/// A server's community pages turned on (with their `link`, when the bot serves web pages)
/// or off.
pub fn server_web_set(lang: Language, on: bool, link: Option<&str>) -> String {
    match (on, link) {
        (true, Some(link)) => say!(lang, "server-web-on", link = link),
        (true, None) => say!(lang, "server-web-on-unserved"),
        (false, _) => say!(lang, "server-web-off"),
    }
}

/// The `/dama games` answer: one line per game in progress, for the player `me`.
pub fn games(lang: Language, games: &[GameView], me: UserId) -> String {
    if games.is_empty() {
        return say!(lang, "games-none");
    }
    let lines: Vec<String> = games
        .iter()
        .map(|view| {
            let opponent = view.color_of(me).map_or_else(
                || title(lang, view),
                |c| {
                    say!(
                        lang,
                        "games-versus",
                        name = name(lang, view.participant(c.opposite()))
                    )
                },
            );
            let state = match (view.user_to_move() == Some(me), view.deadline) {
                (true, Some(deadline)) => say!(
                    lang,
                    "games-your-turn-until",
                    deadline = relative_time(deadline)
                ),
                (true, None) => say!(lang, "games-your-turn"),
                (false, _) => say!(lang, "games-their-turn"),
            };
            say!(
                lang,
                "games-line",
                game = numbers::label(view.id.0),
                opponent = opponent,
                state = state,
                number = view.move_number(),
                channel = format!("<#{}>", game_channel(view)),
            )
        })
        .collect();
    format!("{}\n{}", say!(lang, "games-heading"), lines.join("\n"))
}

/// The `/dama live` answer: a server's games in progress, `total` in all, one line each with
/// the players, the move number, whose turn and a link to the game's thread (or channel).
/// `games` come most recently played first; lines that would pass Discord's limit on a
/// message are left out, and a last line says how many are shown when not all are.
pub fn live_games(lang: Language, games: &[GameView], total: u32) -> String {
    if games.is_empty() {
        return say!(lang, "live-none");
    }
    let mut text = say!(lang, "live-heading", count = total);
    let mut shown: u32 = 0;
    for view in games {
        let Some(next) = view.to_move() else {
            continue;
        };
        let line = say!(
            lang,
            "live-line",
            title = title(lang, view),
            number = view.move_number(),
            who = name(lang, next),
            colour = colour(lang, view.turn()),
            channel = format!("<#{}>", game_channel(view)),
        );
        // Room for this line and the last one, whose number has at most ten digits.
        let footer = say!(lang, "live-more", shown = u32::MAX);
        let length = |s: &str| s.chars().count();
        if length(&text) + length(&line) + length(&footer) + 2 > crate::limits::CONTENT_LIMIT {
            break;
        }
        text.push('\n');
        text.push_str(&line);
        shown += 1;
    }
    if shown < total {
        text.push('\n');
        text.push_str(&say!(lang, "live-more", shown = shown));
    }
    text
}

/// The `/dama leaderboard` answer, for a server or for direct messages, saying which table it
/// is and at which speed.
pub fn leaderboard(lang: Language, board: &Leaderboard, in_server: bool, min_games: u32) -> String {
    let speed = speed(lang, board.speed);
    let heading = match board.season {
        Some(season) if season.ended_at.is_some() => say!(
            lang,
            "leaderboard-season-final",
            season = season.number,
            speed = speed
        ),
        Some(season) => say!(
            lang,
            "leaderboard-season",
            season = season.number,
            speed = speed
        ),
        None if in_server => say!(lang, "leaderboard-all-time", speed = speed),
        None => say!(lang, "leaderboard-dms", speed = speed),
    };
    if board.entries.is_empty() {
        let empty = say!(lang, "leaderboard-empty", min = min_games);
        return format!("{heading}\n{empty}");
    }
    let note = say!(lang, "leaderboard-provisional");
    format!("{heading}\n{}\n{note}", table(lang, &board.entries))
}

/// Leaderboard lines, one per player.
fn table(lang: Language, entries: &[LeaderboardEntry]) -> String {
    let lines: Vec<String> = entries
        .iter()
        .map(|e| {
            say!(
                lang,
                "leaderboard-line",
                rank = e.rank,
                name = escape(&e.name),
                rating = numbers::rating(lang, e.rating.rating),
                mark = if e.provisional { "?" } else { "" },
                games = e.games,
            )
        })
        .collect();
    lines.join("\n")
}

/// The public post of a season's start.
pub fn season_started(lang: Language, season: &Season) -> String {
    say!(lang, "season-started", season = season.number)
}

/// The public post of a season's end: its champions at each speed, or that nobody played
/// enough.
pub fn season_ended(lang: Language, ended: &SeasonEnded, min_games: u32) -> String {
    let season = ended.season.number;
    let done = say!(lang, "season-ended", season = season);
    if ended.champions.is_empty() {
        let none = say!(lang, "season-no-champions", min = min_games);
        return format!("{done}\n{none}");
    }
    let mut text = done;
    for champions in &ended.champions {
        let heading = say!(
            lang,
            "season-champions",
            season = season,
            speed = speed(lang, champions.speed)
        );
        text.push('\n');
        text.push_str(&heading);
        text.push('\n');
        text.push_str(&table(lang, &champions.entries));
    }
    text
}

/// A player's ratings (with their rank, or what they need to be ranked), record and streak,
/// a line each, in plain words (no markup, no names): for `/dama stats` and their web page.
/// With a `speed`, the rating at that speed only; without, one line per speed they have a
/// rating in.
pub fn stats_lines(
    lang: Language,
    stats: &PlayerStats,
    speed: Option<Speed>,
    min_games: u32,
) -> Vec<String> {
    let mut lines = Vec::new();
    match speed {
        Some(speed) => lines.push(match stats.rating(speed) {
            Some(r) => rating_line(lang, r, min_games),
            None => i18n::capitalise(
                lang,
                &say!(
                    lang,
                    "stats-no-rating-speed",
                    speed = self::speed(lang, speed)
                ),
            ),
        }),
        None if stats.ratings.is_empty() => lines.push(say!(lang, "stats-no-rating")),
        None => lines.extend(
            stats
                .ratings
                .iter()
                .map(|r| rating_line(lang, r, min_games)),
        ),
    }
    let Record {
        games,
        wins,
        draws,
        losses,
    } = stats.record;
    lines.push(say!(
        lang,
        "stats-record",
        games = games,
        wins = wins,
        draws = draws,
        losses = losses
    ));
    match stats.streak {
        Streak::None => {}
        Streak::Wins(n) => lines.push(say!(lang, "stats-streak-wins", count = n)),
        Streak::Draws(n) => lines.push(say!(lang, "stats-streak-draws", count = n)),
        Streak::Losses(n) => lines.push(say!(lang, "stats-streak-losses", count = n)),
    }
    lines
}

/// One rating's line: its speed, the rating and its deviation, and the rank.
fn rating_line(lang: Language, r: &RatingSummary, min_games: u32) -> String {
    let rank = match r.rank {
        Some(rank) => say!(lang, "stats-rank", rank = rank),
        None => say!(lang, "stats-unranked", min = min_games),
    };
    let rating = numbers::rating(lang, r.rating.rating);
    let deviation = numbers::rating(lang, r.rating.deviation);
    let speed = speed(lang, r.speed);
    let line = if r.provisional {
        say!(
            lang,
            "stats-rating-provisional",
            speed = speed,
            rating = rating,
            deviation = deviation,
            rank = rank
        )
    } else {
        say!(
            lang,
            "stats-rating",
            speed = speed,
            rating = rating,
            deviation = deviation,
            rank = rank
        )
    };
    i18n::capitalise(lang, &line)
}

/// The `/dama stats` answer: with a `speed`, the rating at that speed only (see
/// [`stats_lines`]).
pub fn stats(
    lang: Language,
    stats: &PlayerStats,
    speed: Option<Speed>,
    shown_name: &str,
    min_games: u32,
) -> String {
    let name = stats.name.as_deref().unwrap_or(shown_name);
    let mut lines = vec![format!("**{}**", escape(name))];
    lines.extend(stats_lines(lang, stats, speed, min_games));
    if let Some(h2h) = &stats.head_to_head {
        let opponent = h2h
            .opponent_name
            .as_deref()
            .map_or_else(|| format!("<@{}>", h2h.opponent), escape);
        let r = h2h.record;
        lines.push(say!(
            lang,
            "stats-against",
            opponent = opponent,
            games = r.games,
            wins = r.wins,
            draws = r.draws,
            losses = r.losses,
        ));
    }
    lines.join("\n")
}

/// The `/dama settings` answer.
pub fn settings(lang: Language, settings: &PlayerSettings) -> String {
    // The catalogs name each notation `notation-` and its name.
    let notation = i18n::message(
        lang,
        &format!("notation-{}", settings.notation.name()),
        None,
    );
    let theme = match settings.theme {
        Theme::Traditional => say!(lang, "theme-traditional"),
        Theme::Checkered => say!(lang, "theme-checkered"),
    };
    let flip = if !settings.white_below {
        say!(lang, "setting-on")
    } else {
        say!(lang, "setting-off")
    };
    let notify = match settings.notify {
        Notify::Channel => say!(lang, "notify-channel"),
        Notify::Dm => say!(lang, "notify-dm"),
        Notify::Both => say!(lang, "notify-both"),
    };
    say!(
        lang,
        "settings",
        notation = notation,
        theme = theme,
        flip = flip,
        notify = notify
    )
}

/// The answer to `/dama vacation`.
pub fn vacation_started(lang: Language, status: &VacationStatus) -> String {
    match status.until {
        Some(until) => say!(
            lang,
            "vacation-started",
            until = full_time(until),
            days = status.days_left
        ),
        None => say!(lang, "vacation-started-now", days = status.days_left),
    }
}

/// The answer to `/dama vacation-end`.
pub fn vacation_ended(lang: Language, status: &VacationStatus) -> String {
    say!(lang, "vacation-ended", days = status.days_left)
}
