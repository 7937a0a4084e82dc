//! An arena in words: its announcement with the Join, Leave and Pause buttons, the standings
//! message edited as games end (streaks and berserk points marked), the podium at the end, and
//! the message each game's thread opens from. The table is the service's
//! ([`ArenaStandings`]); the words are in the `tournaments` catalogs.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::custom_id::Action;
use super::post::Post;
use dama_service::ids::UserId;
use dama_service::service::GameView;
use dama_service::tournament::Status;
use dama_service::tournament::arena::{
    Arena, ArenaRow, ArenaStandings, BERSERK_MIN_OWN_MOVES, Points,
};
use dama_words::i18n::Language;
use dama_words::numbers;
use dama_words::say;
use dama_words::text::{
    Label, clock_choice, escape, full_time, mention, rated_word, relative_time, rules_in,
};

/// The longest name shown in the table, in characters (longer ones are cut).
const NAME_WIDTH: usize = 18;
/// The most rows the standings message shows: the rest are counted (Discord's 2,000
/// characters hold about 30 rows with their sheets).
const MAX_ROWS: usize = 20;
/// The most games of a player's sheet shown: the latest ones.
const MAX_SHEET: usize = 12;
/// The places with a medal.
const MEDALS: [&str; 3] = ["🥇", "🥈", "🥉"];

/// Whether members may still join, leave or pause.
fn open(a: &Arena) -> bool {
    matches!(a.status, Status::Open | Status::Running)
}

/// The Join, Leave and Pause buttons, while the arena is not over.
fn buttons(lang: Language, a: &Arena) -> Vec<CreateActionRow> {
    if !open(a) {
        return Vec::new();
    }
    let row = vec![
        CreateButton::new(Action::JoinArena(a.id).to_string())
            .label(Label::Join.say(lang))
            .style(ButtonStyle::Success),
        CreateButton::new(Action::PauseArena(a.id).to_string())
            .label(Label::Pause.say(lang))
            .style(ButtonStyle::Secondary),
        CreateButton::new(Action::LeaveArena(a.id).to_string())
            .label(Label::Leave.say(lang))
            .style(ButtonStyle::Secondary),
    ];
    vec![CreateActionRow::Buttons(row)]
}

/// The terms: length, clock, rated, rules, start.
fn terms(lang: Language, a: &Arena) -> String {
    let start = match a.status {
        Status::Open => say!(lang, "arena-starts-at", time = full_time(a.starts_at)),
        _ => say!(lang, "arena-ends-at", time = full_time(a.ends_at)),
    };
    say!(
        lang,
        "arena-terms",
        minutes = a.minutes,
        clock = clock_choice(lang, a.clock),
        rated = rated_word(lang, a.rated),
        rules = rules_in(lang, a.rules),
        start = start,
    )
}

/// The announcement of a new arena: its terms, how it plays, and its buttons.
pub(crate) fn announcement(lang: Language, a: &Arena) -> Post {
    let lines = [
        say!(
            lang,
            "arena-announced",
            name = escape(&a.name),
            id = numbers::label(a.id.0)
        ),
        terms(lang, a),
        say!(lang, "arena-how-to-play"),
    ];
    Post {
        content: lines.join("\n"),
        components: buttons(lang, a),
        ..Post::default()
    }
}

/// What a member's press of Join, Leave or Pause did, for them alone.
pub(crate) fn pressed(lang: Language, a: &Arena, action: &Action) -> Post {
    let name = escape(&a.name);
    let content = match action {
        Action::LeaveArena(_) => say!(lang, "arena-you-left", name = name),
        Action::PauseArena(_) => say!(lang, "arena-you-paused", name = name),
        _ => say!(lang, "arena-you-joined", name = name),
    };
    Post::text(content)
}

/// A player's sheet: each game's points, latest last, a berserk win's extra point marked ⚡.
fn sheet(points: &[Points]) -> String {
    let skipped = points.len().saturating_sub(MAX_SHEET);
    let mut shown: Vec<String> = points[skipped..]
        .iter()
        .map(|p| {
            let mark = if p.berserk_point { "⚡" } else { "" };
            format!("{}{mark}", p.points)
        })
        .collect();
    if skipped > 0 {
        shown.insert(0, "…".to_owned());
    }
    shown.join(" ")
}

/// `name` as a line of a code block shows it: a backtick (which could close the block) becomes
/// the look-alike `ˋ`, a control character a space; one character stays one.
fn in_code_block(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '`' => 'ˋ',
            c if c.is_control() => ' ',
            c => c,
        })
        .take(NAME_WIDTH)
        .collect()
}

/// One row: rank, name (in brackets once left, ⏸ while paused), score, games, the streak mark,
/// the sheet.
fn row_line(a: &Arena, row: &ArenaRow<UserId>) -> String {
    let member = a.member(row.user);
    let mut name = in_code_block(member.map_or("?", |m| m.name.as_str()));
    if member.is_some_and(|m| m.left) {
        name = format!("({name})");
    } else if member.is_some_and(|m| m.paused) {
        name = format!("{name} ⏸");
    }
    let fire = if row.on_fire { " 🔥" } else { "" };
    format!(
        "{:>2}. {name:<w$} {:>4} {:>5}{fire}  {}",
        row.rank,
        row.score,
        row.games,
        sheet(&row.sheet),
        w = NAME_WIDTH + 2,
    )
}

/// The table as a code block, best first, at most [`MAX_ROWS`] rows.
fn table(lang: Language, s: &ArenaStandings) -> String {
    let header = format!(
        "{:>3} {:<w$} {:>4} {:>5}",
        "#",
        say!(lang, "tournament-column-player"),
        say!(lang, "tournament-column-points"),
        say!(lang, "arena-column-games"),
        w = NAME_WIDTH + 2,
    );
    let mut lines = vec![header];
    lines.extend(s.rows.iter().take(MAX_ROWS).map(|r| row_line(&s.arena, r)));
    let mut table = format!("```\n{}\n```", lines.join("\n"));
    let more = s.rows.len().saturating_sub(MAX_ROWS);
    if more > 0 {
        table.push_str(&say!(lang, "arena-more-rows", count = more));
    }
    table
}

/// The standings message: where the arena stands, the table and what its marks mean, and the
/// buttons while it is not over.
pub(crate) fn standings(lang: Language, s: &ArenaStandings) -> Post {
    let a = &s.arena;
    let name = escape(&a.name);
    let heading = match a.status {
        Status::Open => say!(
            lang,
            "arena-standings-open",
            name = name,
            time = full_time(a.starts_at)
        ),
        Status::Running => say!(
            lang,
            "arena-standings",
            name = name,
            time = relative_time(a.ends_at),
            playing = s.in_play.len(),
        ),
        Status::Finished | Status::Cancelled => {
            say!(lang, "arena-standings-final", name = name)
        }
    };
    let content = if s.rows.is_empty() {
        format!("{heading}\n{}", say!(lang, "tournament-nobody-yet"))
    } else {
        format!(
            "{heading}\n{}\n{}",
            table(lang, s),
            say!(lang, "arena-table-key")
        )
    };
    Post {
        content,
        components: buttons(lang, a),
        ..Post::default()
    }
}

/// The end: the podium (🥇🥈🥉, tied players sharing a place) with scores, its players pinged.
/// Only members who finished a game stand on it: one who never played (ranked above a loser by
/// the service's "fewer games" tie-break) is passed over, and the places close up behind them.
pub(crate) fn podium(lang: Language, s: &ArenaStandings) -> Post {
    let a = &s.arena;
    let mut lines = vec![say!(lang, "arena-over", name = escape(&a.name))];
    let played: Vec<&ArenaRow<UserId>> = s.rows.iter().filter(|r| r.games > 0).collect();
    let mut pings = Vec::new();
    for row in &played {
        // Competition ranking among those who played: one more than those strictly ahead.
        let ahead = played.iter().filter(|r| r.rank < row.rank).count();
        let Some(medal) = MEDALS.get(ahead) else {
            break;
        };
        lines.push(say!(
            lang,
            "arena-podium-place",
            medal = *medal,
            player = format!("<@{}>", row.user),
            score = row.score,
        ));
        pings.push(row.user);
    }
    if pings.is_empty() {
        lines.push(say!(lang, "arena-nobody-played"));
    }
    Post {
        content: lines.join("\n"),
        pings,
        ..Post::default()
    }
}

/// What going berserk did, for the player alone.
pub(crate) fn went_berserk(lang: Language) -> String {
    say!(lang, "arena-went-berserk", moves = BERSERK_MIN_OWN_MOVES)
}

/// The message an arena game's thread is opened from: the arena and both players, pinged, and
/// the Berserk button (each player may press it before their first move).
pub(crate) fn game_starter(lang: Language, a: &Arena, view: &GameView) -> Post {
    let players: Vec<UserId> = [&view.seats.white, &view.seats.black]
        .into_iter()
        .filter_map(|p| p.user())
        .collect();
    let content = say!(
        lang,
        "arena-game-starter",
        name = escape(&a.name),
        white = mention(lang, &view.seats.white),
        black = mention(lang, &view.seats.black),
    );
    let berserk = CreateButton::new(Action::Berserk(view.id).to_string())
        .label(Label::Berserk.say(lang))
        .style(ButtonStyle::Danger);
    Post {
        content,
        pings: players,
        components: vec![CreateActionRow::Buttons(vec![berserk])],
        ..Post::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_rules::Rules;
    use dama_service::clock::Timestamp;
    use dama_service::ids::{ArenaId, ChannelId, GuildId};
    use dama_service::tournament::arena::{ArenaMember, DEFAULT_CLOCK};

    fn points(points: u32, berserk_point: bool) -> Points {
        Points {
            points,
            on_fire: points >= 4,
            berserk_point,
        }
    }

    /// A running arena of `names`, with rows as given: (score, games, on fire, sheet).
    fn standings_of(rows: &[(&str, u32, bool, Vec<Points>)]) -> ArenaStandings {
        let members = rows
            .iter()
            .zip(1..)
            .map(|((name, ..), n)| ArenaMember {
                user: UserId(n),
                name: (*name).to_owned(),
                playing: false,
                paused: false,
                left: false,
                score: 0,
            })
            .collect();
        let rows = rows
            .iter()
            .zip(1..)
            .map(|((_, score, on_fire, sheet), n)| ArenaRow {
                rank: u32::try_from(n).unwrap_or(0),
                user: UserId(n),
                score: *score,
                games: u32::try_from(sheet.len()).unwrap_or(0),
                wins: 0,
                sheet: sheet.clone(),
                on_fire: *on_fire,
                reached_at: None,
            })
            .collect();
        ArenaStandings {
            arena: Arena {
                id: ArenaId(3),
                guild: GuildId(1),
                channel: ChannelId(1),
                creator: UserId(1),
                name: "Friday".to_owned(),
                minutes: 10,
                clock: DEFAULT_CLOCK,
                rated: true,
                rules: Rules::STANDARD,
                starts_at: Timestamp::from_millis(0),
                ends_at: Timestamp::from_millis(600_000),
                status: Status::Running,
                standings_message: None,
                created_at: Timestamp::from_millis(0),
                members,
            },
            rows,
            in_play: Vec::new(),
        }
    }

    #[test]
    fn the_table_marks_a_streak_and_a_berserk_point() {
        let s = standings_of(&[
            (
                "alice",
                9,
                true,
                vec![points(2, false), points(2, true), points(4, false)],
            ),
            ("bob", 1, false, vec![points(0, false), points(1, false)]),
        ]);
        let post = standings(Language::En, &s);
        let alice = post
            .content
            .lines()
            .find(|l| l.contains("alice"))
            .unwrap_or_default();
        assert!(alice.contains('🔥'), "{alice}");
        assert!(alice.ends_with("2 2⚡ 4"), "{alice}");
        let bob = post
            .content
            .lines()
            .find(|l| l.contains("bob"))
            .unwrap_or_default();
        assert!(!bob.contains('🔥') && bob.ends_with("0 1"), "{bob}");
        // Join, Pause and Leave while it runs.
        assert_eq!(post.components.len(), 1);
    }

    #[test]
    fn a_long_sheet_shows_its_latest_games() {
        let games: Vec<Points> = (0..20).map(|i| points(i % 3, false)).collect();
        let shown = sheet(&games);
        assert!(shown.starts_with("… "), "{shown}");
        assert_eq!(shown.split(' ').count(), MAX_SHEET + 1, "{shown}");
    }

    #[test]
    fn the_podium_gives_medals_to_the_first_three_who_played() {
        let s = standings_of(&[
            ("alice", 6, false, vec![points(2, false); 3]),
            ("bob", 4, false, vec![points(2, false); 2]),
            ("carol", 2, false, vec![points(2, false)]),
            ("dan", 0, false, Vec::new()),
        ]);
        let post = podium(Language::En, &s);
        assert!(post.content.contains("🥇 <@1>"), "{}", post.content);
        assert!(post.content.contains("🥈 <@2>"), "{}", post.content);
        assert!(post.content.contains("🥉 <@3>"), "{}", post.content);
        assert!(!post.content.contains("<@4>"), "{}", post.content);
        assert_eq!(post.pings, [UserId(1), UserId(2), UserId(3)]);
    }

    #[test]
    fn a_member_who_never_played_is_passed_over_on_the_podium() {
        // bob never played: the table ranks him above carol's loss (fewer games).
        let s = standings_of(&[
            ("alice", 2, false, vec![points(2, false)]),
            ("bob", 0, false, Vec::new()),
            ("carol", 0, false, vec![points(0, false)]),
        ]);
        let post = podium(Language::En, &s);
        assert!(
            post.content.contains("🥈 <@3>: 0 points"),
            "{}",
            post.content
        );
        assert!(!post.content.contains("<@2>"), "{}", post.content);
        assert_eq!(post.pings, [UserId(1), UserId(3)]);
    }

    #[test]
    fn a_name_cannot_break_out_of_the_table() {
        let s = standings_of(&[("```@everyone", 0, false, vec![points(0, false)])]);
        let post = standings(Language::En, &s);
        assert_eq!(post.content.matches("```").count(), 2, "{}", post.content);
    }
}
