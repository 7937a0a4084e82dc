//! A tournament in words: its announcement, each round's pairings, the standings message that
//! is edited after every result, the final table with its winner. The words are in the
//! `tournaments` catalogs.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::custom_id::Action;
use super::post::Post;
use dama_service::ids::UserId;
use dama_service::service::GameView;
use dama_service::tournament::{Format, Halves, Pairing, Standing, Standings, Status, Tournament};
use dama_words::i18n::Language;
use dama_words::numbers;
use dama_words::say;
use dama_words::text::{Label, escape, full_time, mention, per_move, rated_word, rules_in};
use dama_words::tournaments::{format_in, points, quarters};

/// The longest name shown in a table, in characters (longer ones are cut).
const NAME_WIDTH: usize = 18;

/// The Join and Standings buttons of a tournament.
fn buttons(lang: Language, t: &Tournament) -> Vec<CreateActionRow> {
    let mut row = Vec::new();
    if t.status == Status::Open {
        row.push(
            CreateButton::new(Action::JoinTournament(t.id).to_string())
                .label(Label::Join.say(lang))
                .style(ButtonStyle::Success),
        );
    }
    row.push(
        CreateButton::new(Action::Standings(t.id).to_string())
            .label(Label::Standings.say(lang))
            .style(ButtonStyle::Secondary),
    );
    vec![CreateActionRow::Buttons(row)]
}

/// The terms: format, rounds, time, rated, rules, size, start.
fn terms(lang: Language, t: &Tournament) -> String {
    let format = format_in(lang, t.format);
    let format = match (t.format, t.rounds) {
        (Format::Swiss, Some(rounds)) => {
            format!(
                "{format}, {}",
                say!(lang, "tournament-rounds-fixed", rounds = rounds)
            )
        }
        (Format::Swiss, None) => format!("{format}, {}", say!(lang, "tournament-rounds-default")),
        _ => format,
    };
    let start = match t.starts_at {
        Some(at) => say!(lang, "tournament-starts-at", time = full_time(at)),
        None => say!(lang, "tournament-starts-by-hand"),
    };
    say!(
        lang,
        "tournament-terms",
        format = format,
        time = per_move(lang, t.time_control),
        rated = rated_word(lang, t.rated),
        rules = rules_in(lang, t.rules),
        max = t.max_players,
        start = start,
    )
}

/// The players who joined, in order.
fn entrants(lang: Language, t: &Tournament) -> String {
    if t.entrants.is_empty() {
        return say!(lang, "tournament-nobody-yet");
    }
    let names: Vec<String> = t.entrants.iter().map(|e| escape(&e.name)).collect();
    say!(
        lang,
        "tournament-players",
        count = t.entrants.len(),
        max = t.max_players,
        names = names.join(", ")
    )
}

/// The announcement of a new tournament (and the answer to a join or a leave): its terms,
/// its players, and the buttons to join and to see the standings.
pub(crate) fn announcement(lang: Language, t: &Tournament, news: Option<String>) -> Post {
    let mut lines = Vec::new();
    if let Some(news) = news {
        lines.push(news);
    }
    lines.push(say!(
        lang,
        "tournament-announced",
        name = escape(&t.name),
        id = numbers::label(t.id.0)
    ));
    lines.push(terms(lang, t));
    lines.push(entrants(lang, t));
    if t.status == Status::Open {
        lines.push(say!(
            lang,
            "tournament-how-to-join",
            id = numbers::label(t.id.0)
        ));
    }
    Post {
        content: lines.join("\n"),
        components: buttons(lang, t),
        ..Post::default()
    }
}

/// What the start of `t` says: players, rounds, and that the pairings follow.
pub(crate) fn started(lang: Language, t: &Tournament) -> Post {
    let content = say!(
        lang,
        "tournament-started",
        name = escape(&t.name),
        players = t.entrants.len(),
        rounds = t.rounds.unwrap_or(0),
    );
    Post {
        content,
        components: buttons(lang, t),
        ..Post::default()
    }
}

/// What the cancellation of `t` says.
pub(crate) fn cancelled(lang: Language, t: &Tournament) -> Post {
    Post::text(say!(lang, "tournament-cancelled", name = escape(&t.name)))
}

/// One pairing: `@white – @black`, the bye, or the result once known.
fn pairing_line(lang: Language, p: &Pairing) -> String {
    let Some(black) = p.black else {
        return say!(lang, "tournament-bye", player = format!("<@{}>", p.white));
    };
    let result = match p.result {
        None => String::new(),
        Some(Some(dama_rules::Color::White)) => " 1-0".to_owned(),
        Some(Some(dama_rules::Color::Black)) => " 0-1".to_owned(),
        Some(None) => " ½-½".to_owned(),
    };
    let forfeit = if p.forfeit {
        format!(" {}", say!(lang, "tournament-forfeit"))
    } else {
        String::new()
    };
    format!("{}. <@{}> – <@{black}>{result}{forfeit}", p.board, p.white)
}

/// The pairings of `round`, pinging its players: the games follow in their threads.
pub(crate) fn round_started(lang: Language, standings: &Standings, round: u32) -> Post {
    let t = &standings.tournament;
    let mut lines = vec![say!(
        lang,
        "tournament-round",
        name = escape(&t.name),
        round = round,
        rounds = standings.total_rounds,
    )];
    lines.extend(standings.round(round).map(|p| pairing_line(lang, p)));
    lines.push(say!(lang, "tournament-round-threads"));
    let pings: Vec<UserId> = standings
        .round(round)
        .flat_map(|p| [Some(p.white), p.black])
        .flatten()
        .collect();
    Post {
        content: lines.join("\n"),
        pings,
        ..Post::default()
    }
}

/// The table as a code block: rank, name, points, tie-breaks, games left.
pub(crate) fn table(lang: Language, standings: &Standings) -> String {
    let by_buchholz = standings.uses_buchholz();
    let player = say!(lang, "tournament-column-player");
    let pts = say!(lang, "tournament-column-points");
    let left = say!(lang, "tournament-column-left");
    let tiebreaks = if by_buchholz {
        format!("{:>5} {:>6}", "Bh", "SB")
    } else {
        format!("{:>6}", "SB")
    };
    let header = format!(
        "{:>3} {player:<w$} {pts:>4} {tiebreaks} {left:>6}",
        "#",
        w = NAME_WIDTH + 2
    );
    let mut lines = vec![header];
    for row in &standings.rows {
        let mut name: String = in_code_block(&standings.tournament.name_of(row.user))
            .take(NAME_WIDTH)
            .collect();
        if row.withdrawn {
            name = format!("({name})");
        }
        let tiebreaks = if by_buchholz {
            format!(
                "{:>5} {:>6}",
                points(row.buchholz),
                quarters(lang, row.sonneborn_berger)
            )
        } else {
            format!("{:>6}", quarters(lang, row.sonneborn_berger))
        };
        lines.push(format!(
            "{:>2}. {name:<w$} {:>4} {tiebreaks} {:>6}",
            row.rank,
            points(row.points),
            row.games_left,
            w = NAME_WIDTH + 2,
        ));
    }
    format!("```\n{}\n```", lines.join("\n"))
}

/// `name` as a line of a code block shows it: backticks, which could close the block (and let
/// what follows be read as markdown: pings, links, headings), become the look-alike `ˋ`
/// (U+02CB), and control characters (a line break would split a row) become spaces. Inside a
/// code block nothing else is markup, so nothing else changes; one character stays one, so
/// the columns stay aligned.
fn in_code_block(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars().map(|c| match c {
        '`' => 'ˋ',
        c if c.is_control() => ' ',
        c => c,
    })
}

/// The standings message: the round, the table, and what the columns mean.
pub(crate) fn standings(lang: Language, standings: &Standings) -> Post {
    let t = &standings.tournament;
    let heading = match t.status {
        Status::Open => say!(lang, "tournament-standings-open", name = escape(&t.name)),
        Status::Finished => say!(lang, "tournament-standings-final", name = escape(&t.name)),
        Status::Running | Status::Cancelled => say!(
            lang,
            "tournament-standings",
            name = escape(&t.name),
            round = t.round,
            rounds = standings.total_rounds,
        ),
    };
    let content = if standings.rows.is_empty() || t.status == Status::Open {
        format!("{heading}\n{}", entrants(lang, t))
    } else {
        let key = if standings.uses_buchholz() {
            say!(lang, "tournament-table-key-swiss")
        } else {
            say!(lang, "tournament-table-key")
        };
        let current: Vec<String> = standings
            .round(t.round)
            .map(|p| pairing_line(lang, p))
            .collect();
        let mut parts = vec![heading, table(lang, standings), key];
        if t.status == Status::Running && !current.is_empty() {
            parts.push(say!(lang, "tournament-current-round", round = t.round));
            parts.push(current.join("\n"));
        }
        parts.join("\n")
    };
    Post {
        content,
        components: buttons(lang, t),
        ..Post::default()
    }
}

/// The end of the tournament: the winner (or winners, tied on everything) and the final table.
pub(crate) fn ended(lang: Language, standings: &Standings) -> Post {
    let t = &standings.tournament;
    let winners: Vec<&Standing> = standings.leaders().collect();
    let names: Vec<String> = winners.iter().map(|w| format!("<@{}>", w.user)).collect();
    let best = winners.first().map_or(Halves(0), |w| w.points);
    let winner = say!(
        lang,
        "tournament-winner",
        count = winners.len(),
        names = names.join(", "),
        points = points(best),
        // The score as a number, for the plural of "points": 1 is one point, ½ and 1½ are not.
        score = f64::from(best.0) / 2.0,
    );
    let content = format!(
        "{}\n{winner}\n{}",
        say!(lang, "tournament-over-announced", name = escape(&t.name)),
        table(lang, standings)
    );
    Post {
        content,
        pings: winners.iter().map(|w| w.user).collect(),
        ..Post::default()
    }
}

/// The message a tournament game's thread is opened from: the tournament, the round, the
/// players (pinged).
pub(crate) fn game_starter(lang: Language, t: &Tournament, round: u32, view: &GameView) -> Post {
    let players: Vec<UserId> = [&view.seats.white, &view.seats.black]
        .into_iter()
        .filter_map(|p| p.user())
        .collect();
    let content = say!(
        lang,
        "tournament-game-starter",
        name = escape(&t.name),
        round = round,
        white = mention(lang, &view.seats.white),
        black = mention(lang, &view.seats.black),
    );
    Post {
        content,
        pings: players,
        ..Post::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_rules::Rules;
    use dama_service::clock::Timestamp;
    use dama_service::ids::{ChannelId, GuildId, TournamentId};
    use dama_service::model::TimeControl;
    use dama_service::tournament::{Entrant, Quarters};

    #[test]
    fn a_winners_points_agree_with_the_score_halves_included() {
        let winner = |lang, halves: u32| {
            say!(
                lang,
                "tournament-winner",
                count = 1,
                names = "<@1>",
                points = points(Halves(halves)),
                score = f64::from(halves) / 2.0,
            )
        };
        assert_eq!(
            winner(Language::En, 2),
            "Winner: <@1> with 1 point. Congratulations!"
        );
        assert_eq!(
            winner(Language::En, 3),
            "Winner: <@1> with 1½ points. Congratulations!"
        );
        assert_eq!(
            winner(Language::En, 1),
            "Winner: <@1> with ½ points. Congratulations!"
        );
        assert_eq!(
            winner(Language::Es, 2),
            "Gana <@1> con 1 punto. ¡Felicidades!"
        );
    }

    /// A running round robin of `names`, all on 0 points, ranked in the given order.
    fn standings_of(names: &[&str]) -> Standings {
        let entrants: Vec<Entrant> = names
            .iter()
            .zip(1..)
            .map(|(name, n)| Entrant {
                user: UserId(n),
                name: (*name).to_owned(),
                seed: n as u32,
                withdrawn: false,
            })
            .collect();
        let rows = entrants
            .iter()
            .map(|e| Standing {
                rank: e.seed,
                user: e.user,
                points: Halves(0),
                buchholz: Halves(0),
                sonneborn_berger: Quarters(0),
                played: 0,
                games_left: 2,
                withdrawn: false,
            })
            .collect();
        Standings {
            tournament: Tournament {
                id: TournamentId(1),
                guild: GuildId(1),
                channel: ChannelId(1),
                creator: UserId(1),
                name: "Cup".to_owned(),
                format: Format::RoundRobin,
                rounds: Some(2),
                time_control: TimeControl::Day,
                rated: true,
                rules: Rules::STANDARD,
                max_players: 8,
                starts_at: None,
                status: Status::Running,
                round: 1,
                standings_message: None,
                created_at: Timestamp::from_millis(0),
                entrants,
            },
            total_rounds: 2,
            pairings: Vec::new(),
            rows,
        }
    }

    #[test]
    fn a_name_with_backticks_cannot_close_the_tables_code_block() {
        let names = ["```@everyone **x**", "a`b``", "two\nlines"];
        let table = table(Language::En, &standings_of(&names));
        // The opening and closing fences only, each on a line of its own.
        assert_eq!(table.matches("```").count(), 2, "{table}");
        assert_eq!(table.matches('`').count(), 6, "{table}");
        assert!(
            table.starts_with("```\n") && table.ends_with("\n```"),
            "{table}"
        );
        assert!(table.contains("ˋˋˋ@everyone **x**"), "{table}");
        assert!(table.contains(" aˋbˋˋ "), "{table}");
        // A header, three rows, the fences: a name cannot add a line.
        assert_eq!(table.lines().count(), 6, "{table}");
        assert!(table.contains(" two lines "), "{table}");
    }
}
