//! The words the bot writes: names, turns, results, rating changes, refusals and the rules.
//! Pure functions of the service's values, so every sentence is unit-tested here.

use dama_rules::notation::{self, Notation};
use dama_rules::{Color, MissedCapture, Move, Outcome, Promotion, Rules, Square};

use super::app::game_channel;
use crate::clock::Timestamp;
use crate::ids::{ChannelId, UserId};
use crate::model::{Challenge, Participant, PlayerSettings};
use crate::service::{
    GameView, LeaderboardEntry, PlayerStats, RatingChange, Record, ServiceError, Streak,
    VacationStatus,
};

/// What a player sees when something broke on the bot's side (the details go to the log).
pub(crate) const GENERIC_FAILURE: &str =
    "Something went wrong on my side. Please try again in a moment.";

/// What a player sees when Discord refused one of the bot's messages (details in the log).
pub(crate) const DISCORD_FAILURE: &str = "I could not post my answer on Discord. Anything you \
     played or changed is saved: `/dama board` shows the game.";

/// Under a result whose replay Discord refused as too large to upload.
pub(crate) const REPLAY_TOO_LARGE: &str =
    "The replay was too large for Discord, so it is left out; `/dama export` gives the whole game.";

/// `name` with Discord's markdown characters escaped, so a name shows as typed.
pub(crate) fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(
            c,
            '*' | '_' | '~' | '`' | '|' | '>' | '\\' | '#' | '[' | ']' | '<' | '@'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A side's name as shown in text (escaped): the player's display name, or the computer.
pub(crate) fn name(p: &Participant) -> String {
    escape(&p.name())
}

/// A side as a ping: `<@id>` for a person, the computer's name otherwise.
pub(crate) fn mention(p: &Participant) -> String {
    match p.user() {
        Some(user) => format!("<@{user}>"),
        None => name(p),
    }
}

/// "White" or "Black".
pub(crate) fn colour(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A Discord timestamp that every reader sees in their own time zone, relative ("in 5 hours").
pub(crate) fn relative_time(at: Timestamp) -> String {
    format!("<t:{}:R>", at.as_secs())
}

/// A Discord timestamp with date and time.
pub(crate) fn full_time(at: Timestamp) -> String {
    format!("<t:{}:f>", at.as_secs())
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "Game #12: alice (White) vs bob (Black)".
pub(crate) fn title(view: &GameView) -> String {
    format!(
        "Game #{}: {} (White) vs {} (Black)",
        view.id,
        name(&view.seats.white),
        name(&view.seats.black)
    )
}

/// A board's first line: the title in bold and the rule set, "**Game #12: alice (White) vs bob
/// (Black)** · standard rules".
pub(crate) fn caption(view: &GameView) -> String {
    format!("**{}** · {}", title(view), rules_words(view.rules))
}

/// A rule set in words: "standard rules", "federation rules (promotion after a capture)", …
pub(crate) fn rules_words(rules: Rules) -> &'static str {
    match (rules.promotion, rules.missed_capture) {
        (Promotion::DuringCapture, MissedCapture::Refused) => "standard rules",
        (Promotion::AfterCapture, MissedCapture::Refused) => {
            "federation rules (promotion after a capture)"
        }
        (Promotion::DuringCapture, MissedCapture::Loses) => "strict rules (a missed capture loses)",
        (Promotion::AfterCapture, MissedCapture::Loses) => {
            "federation strict rules (promotion after a capture, a missed capture loses)"
        }
    }
}

/// The name of a game's thread: "alice vs bob (#12)", within Discord's 100 characters.
pub(crate) fn thread_name(view: &GameView) -> String {
    let suffix = format!(" (#{})", view.id);
    let players = format!("{} vs {}", view.seats.white.name(), view.seats.black.name());
    let room = 100 - suffix.chars().count();
    let mut name: String = players.chars().take(room).collect();
    name.push_str(&suffix);
    name
}

/// A move in `notation`, in bold: "**d3-d4**".
pub(crate) fn bold_move(m: &Move, notation: Notation) -> String {
    format!("**{}**", notation::format(m, notation))
}

/// "alice played **d3-d4**."
pub(crate) fn played(who: &Participant, m: &Move, notation: Notation) -> String {
    format!("{} played {}.", name(who), bold_move(m, notation))
}

/// Whose turn it is and until when: "<@bob> to move (Black), time runs out <t:…:R>." For the
/// computer: "The computer (level 2) is to move."
pub(crate) fn turn(view: &GameView) -> String {
    let Some(next) = view.to_move() else {
        return String::new();
    };
    let mut line = format!("{} to move ({})", mention(next), colour(view.turn()));
    if let Some(deadline) = view.deadline.filter(|_| next.user().is_some()) {
        line.push_str(&format!(", time runs out {}", relative_time(deadline)));
    }
    if let Some(offerer) = view.draw_offer {
        line.push_str(&format!(
            ". {} offers a draw",
            name(view.participant(offerer))
        ));
    }
    line.push('.');
    capitalise(&line)
}

/// The result in a sentence with the players' names: "bob (Black) wins: alice resigned."
pub(crate) fn result(view: &GameView, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => format!(
            "**{} ({}) wins**: {} {}. Result {}.",
            name(view.participant(winner)),
            colour(winner),
            name(view.participant(winner.opposite())),
            reason.phrase(),
            outcome.result_token()
        ),
        Outcome::Draw(reason) => {
            format!(
                "**Draw**: {}. Result {}.",
                reason.phrase(),
                outcome.result_token()
            )
        }
    }
}

/// One line per player: "alice 1500 → 1516 (+16)".
pub(crate) fn rating_changes(view: &GameView, changes: &[RatingChange]) -> String {
    changes
        .iter()
        .map(|change| {
            let who = [Color::White, Color::Black]
                .into_iter()
                .map(|c| view.participant(c))
                .find(|p| p.is_user(change.user))
                .map_or_else(|| format!("<@{}>", change.user), name);
            let (before, after) = (change.before.rating.round(), change.after.rating.round());
            format!("{who} {before:.0} → {after:.0} ({:+.0})", after - before)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of a challenge message.
pub(crate) fn challenge(challenge: &Challenge) -> String {
    let options = &challenge.options;
    let challenger = escape(&challenge.challenger.name);
    let colour = match options.colour {
        crate::model::ColourChoice::White => format!("{challenger} plays White"),
        crate::model::ColourChoice::Black => format!("{challenger} plays Black"),
        crate::model::ColourChoice::Random => "colours drawn by lot".to_owned(),
    };
    let time = match options.time_control.per_move() {
        None => "no time limit".to_owned(),
        Some(_) => format!("{} per move", time_words(options.time_control)),
    };
    let rated = if options.rated { "rated" } else { "casual" };
    let rules = rules_words(options.rules);
    let terms = format!("{rated}, {time}, {colour}, {rules}");
    let expires = relative_time(challenge.expires_at);
    match &challenge.challenged {
        Some(opponent) => format!(
            "<@{}>, **{challenger}** challenges you to a game of Dama ({terms}). \
             The challenge expires {expires}.",
            opponent.id
        ),
        None => format!(
            "**{challenger}** is looking for an opponent for a game of Dama ({terms}). \
             Anyone here can join; the challenge expires {expires}."
        ),
    }
}

pub(crate) fn time_words(tc: crate::model::TimeControl) -> &'static str {
    use crate::model::TimeControl;
    match tc {
        TimeControl::Unlimited => "no limit",
        TimeControl::Hour => "1 hour",
        TimeControl::Day => "1 day",
        TimeControl::ThreeDays => "3 days",
        TimeControl::Week => "7 days",
    }
}

/// A refusal from the service in words for the player. Internal failures get the generic
/// message; the caller logs them.
pub(crate) fn explain(err: &ServiceError) -> String {
    let sentence = match err {
        ServiceError::NoSuchGame(id) => format!("there is no game #{id}"),
        ServiceError::NoGameHere => {
            "you have no game in progress here. Start one with `/dama challenge`, `/dama open` \
             or `/dama play-bot`, or name one with the `game` option"
                .to_owned()
        }
        ServiceError::SeveralGamesHere(ids) => {
            let list: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
            format!(
                "you have several games here ({}): choose one with the `game` option",
                list.join(", ")
            )
        }
        ServiceError::NotAParticipant => "you are not playing in this game".to_owned(),
        ServiceError::NotYourTurn => {
            "it is not your turn: wait for your opponent's move".to_owned()
        }
        ServiceError::GameOver => "this game is over".to_owned(),
        ServiceError::DeadlinePassed => {
            "the time for the move in this game ran out: the game will be recorded as lost on \
             time, and nothing else can change it"
                .to_owned()
        }
        ServiceError::OverdueGame(id) => format!(
            "your time ran out in game #{id}: it will be recorded as lost on time, and a \
             vacation cannot change that. Try again once it is recorded"
        ),
        ServiceError::MovedOn { .. } => {
            "the game moved on since that was drawn, so nothing was changed: look at the board \
             again"
                .to_owned()
        }
        ServiceError::NotVisibleHere => {
            "you cannot see this game from here: a server's games are seen from that server, and \
             a game in direct messages only by its two players"
                .to_owned()
        }
        ServiceError::Move(e) => e.to_string(),
        ServiceError::MissedCapture { available, .. } => format!(
            "under strict rules this move would lose the game: captures are compulsory, and \
             {available} takes {}",
            count(available.capture_count(), "piece", "pieces")
        ),
        ServiceError::Conflict => {
            "the game changed while you were acting (a move or an answer came first): look at \
             the board again"
                .to_owned()
        }
        ServiceError::NoSuchChallenge(id) => format!("there is no challenge #{id}"),
        ServiceError::ChallengeGone => {
            "this challenge is no longer open: it was already answered or withdrawn".to_owned()
        }
        ServiceError::ChallengeExpired => "this challenge has expired".to_owned(),
        ServiceError::ChallengeNotForYou => "this challenge is for someone else".to_owned(),
        ServiceError::OwnChallenge => {
            "you cannot answer your own challenge (you can cancel it)".to_owned()
        }
        ServiceError::NotYourChallenge => {
            "only the challenger can cancel this challenge".to_owned()
        }
        ServiceError::SelfChallenge => "you cannot challenge yourself".to_owned(),
        ServiceError::NoDrawOffer => "there is no draw offer to answer".to_owned(),
        ServiceError::DrawAlreadyOffered => {
            "you have already offered a draw: your opponent has to answer".to_owned()
        }
        ServiceError::NoTakebackRequest => "there is no takeback request to answer".to_owned(),
        ServiceError::TakebackPending => {
            "a takeback request is already waiting for an answer".to_owned()
        }
        ServiceError::NothingToTakeBack => "you have no move to take back".to_owned(),
        ServiceError::VacationExhausted { days_left } => {
            format!("you have only {days_left} vacation days left this year")
        }
        ServiceError::InvalidVacationLength => "a vacation lasts at least one day".to_owned(),
        ServiceError::AlreadyOnVacation { until } => {
            format!("you are already on vacation until {}", full_time(*until))
        }
        ServiceError::NotOnVacation => "you are not on vacation".to_owned(),
        ServiceError::TooManyChallenges { limit } => format!(
            "you already have {}: withdraw one (the Withdraw button) or wait for answers",
            count(*limit, "open challenge", "open challenges")
        ),
        ServiceError::TooManyChallengesToPlayer { limit } => format!(
            "you already have {} to this player: wait for an answer, or withdraw one (the \
             Withdraw button) to send another",
            count(*limit, "open challenge", "open challenges")
        ),
        ServiceError::TooManyGames { limit } => format!(
            "you already play {} at once, the most allowed: finish one (or resign it with \
             `/dama resign`) before starting another",
            count(*limit, "game", "games")
        ),
        ServiceError::OpponentHasTooManyGames { limit } => format!(
            "the challenger already plays {} at once, the most allowed: this challenge can be \
             accepted once one of them ends",
            count(*limit, "game", "games")
        ),
        ServiceError::TooManyComputerGames { limit } => format!(
            "you already play {} against the computer: finish one (or resign it with \
             `/dama resign`) before starting another",
            count(*limit, "game", "games")
        ),
        ServiceError::Corrupt { .. }
        | ServiceError::Engine { .. }
        | ServiceError::Outbox(_)
        | ServiceError::Database(_) => {
            return GENERIC_FAILURE.to_owned();
        }
    };
    sentence_case(&sentence)
}

/// `n` and the noun for it: "1 game", "3 games".
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A lowercase phrase as a sentence: capital first letter, final full stop.
pub(crate) fn sentence_case(phrase: &str) -> String {
    let mut s = capitalise(phrase.trim());
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

/// A reply to a command the bot does not know (an old registration, say).
pub(crate) const UNKNOWN_COMMAND: &str = "Unknown command.";

/// `/dama challenge` without an opponent.
pub(crate) const CHOOSE_OPPONENT: &str = "Choose whom to challenge.";

/// A challenge to another bot.
pub(crate) const BOTS_CANNOT_PLAY: &str =
    "Bots cannot play here, except me: use `/dama play-bot` to play the computer.";

/// A computer level out of range.
pub(crate) const LEVEL_RANGE: &str = "The level is a number from 1 to 5.";

/// An action whose board goes out through the outbox rather than as the answer.
pub(crate) const BOARD_FOLLOWS: &str = "Done. The board follows in a moment.";

/// The first line under a new game's first board.
pub(crate) const GAME_BEGINS: &str = "The game begins. Good luck!";

/// The computer's answer to a draw offer it does not take.
pub(crate) const COMPUTER_DECLINES_DRAW: &str =
    "The computer declines the draw offer. The game goes on.";

/// After a draw offer, to the opponent.
pub(crate) const DRAW_PROMPT: &str = "do you accept? (Moving instead declines it.)";

/// After a takeback request, to the opponent.
pub(crate) const TAKEBACK_PROMPT: &str = "do you allow it?";

/// A timed game asked for where the bot cannot post by itself.
pub(crate) const NO_CLOCK_HERE: &str = "I cannot post in this channel by myself (a group DM, or \
     a server where dama is not installed), so nobody could be reminded of a move or told of a \
     loss on time. Games here have no clock: leave out `time`, or choose *No limit*. For a \
     timed game, play in a server that has dama, or in your DMs with dama.";

/// `/dama server` outside a server.
pub(crate) const SERVER_ONLY: &str = "This sets a server's rules: use it in the server.";

/// `/dama server` by someone who may not manage the server.
pub(crate) const NEEDS_MANAGE_SERVER: &str =
    "Only members who may manage this server (Manage Server) can choose its rules.";

/// `/dama server` without the rules.
pub(crate) const CHOOSE_RULES: &str = "Choose the rules from the list.";

/// A server's new default rules.
pub(crate) fn server_rules_set(rules: Rules) -> String {
    format!(
        "Games started on this server without naming rules now use **{}**. Games already \
         started keep theirs.",
        rules_words(rules)
    )
}

/// Strict rules: the typed move misses a capture; asked before it is played.
pub(crate) fn confirm_missed_capture(
    played: &Move,
    available: &Move,
    notation: Notation,
) -> String {
    let n = available.capture_count();
    format!(
        "Under strict rules {} loses the game: captures are compulsory, and {} takes {}. \
         Play it anyway?",
        bold_move(played, notation),
        bold_move(available, notation),
        count(n, "piece", "pieces")
    )
}

/// Strict rules: the player chose not to play the losing move.
pub(crate) const NOTHING_PLAYED: &str = "Nothing was played: choose another move.";

/// A click on a button the bot no longer understands.
pub(crate) const STALE_BUTTON: &str = "This button is no longer in use.";

/// Above the current board, for a click on a board the game has left behind.
pub(crate) const GAME_MOVED_ON: &str =
    "The game moved on since that board was drawn, so nothing was changed. Here it is now:";

/// A move-picker menu answered with nothing usable.
pub(crate) const CHOOSE_PIECE: &str = "Choose a piece from the menu.";

/// The second menu of the move picker answered with nothing usable.
pub(crate) const CHOOSE_MOVE: &str = "Choose a move from the menu.";

/// What replaces the resignation question once answered.
pub(crate) const YOU_RESIGNED: &str = "You resigned.";

/// "**Game #12: …** starts. Good luck!"
pub(crate) fn engine_game_starts(view: &GameView) -> String {
    format!("**{}** starts. Good luck!", title(view))
}

/// "**Game #12: …** has started."
pub(crate) fn game_has_started(view: &GameView) -> String {
    format!("**{}** has started.", title(view))
}

/// Move text that does not parse.
pub(crate) fn not_a_move(typed: &str, why: &impl std::fmt::Display) -> String {
    format!(
        "`{}` is not a move ({why}). Write moves like `d3-d4`, or captures with every landing \
         square like `d4xd6xf6`.",
        escape(typed)
    )
}

/// "alice resigns."
pub(crate) fn resigns(who: &str) -> String {
    format!("{} resigns.", escape(who))
}

/// "alice offers a draw."
pub(crate) fn offers_draw(who: &str) -> String {
    format!("{} offers a draw.", escape(who))
}

/// "alice accepts the draw offer."
pub(crate) fn accepts_draw(who: &str) -> String {
    format!("{} accepts the draw offer.", escape(who))
}

/// The game's title and "alice declines the draw offer. The game goes on."
pub(crate) fn declines_draw(view: &GameView, who: &str) -> String {
    format!(
        "**{}**\n{} declines the draw offer. The game goes on.",
        title(view),
        escape(who)
    )
}

/// "alice asks to take back their last move."
pub(crate) fn asks_takeback(who: &str) -> String {
    format!("{} asks to take back their last move.", escape(who))
}

/// "alice takes back 2 moves." (the computer agreed at once)
pub(crate) fn takes_back(who: &str, undone: usize) -> String {
    format!("{} takes back {}.", escape(who), plies(undone))
}

/// "bob allows the takeback: 1 move undone."
pub(crate) fn allows_takeback(who: &str, undone: usize) -> String {
    format!(
        "{} allows the takeback: {} undone.",
        escape(who),
        plies(undone)
    )
}

/// The game's title and "bob refuses the takeback. The game goes on."
pub(crate) fn refuses_takeback(view: &GameView, who: &str) -> String {
    format!(
        "**{}**\n{} refuses the takeback. The game goes on.",
        title(view),
        escape(who)
    )
}

/// A question to the opponent: the title, what was asked, the ping and the prompt.
pub(crate) fn question(
    view: &GameView,
    asks: &str,
    opponent: Option<&Participant>,
    prompt: &str,
) -> String {
    let to = opponent.map(mention).unwrap_or_default();
    format!("**{}**\n{asks} {to}, {prompt}", title(view))
}

/// An `action` word that is not one of the choices.
pub(crate) fn unknown_action(word: Option<&str>) -> String {
    format!(
        "Unknown action `{}`: choose one from the list.",
        escape(word.unwrap_or_default())
    )
}

/// A `notation` word that is not one of the choices.
pub(crate) fn unknown_notation(word: &str) -> String {
    format!(
        "Unknown notation `{}`: choose algebraic or numeric.",
        escape(word)
    )
}

/// "1 move" or "2 moves".
pub(crate) fn plies(n: usize) -> String {
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// The `/dama games` answer: one line per game in progress, for the player `me`.
pub(crate) fn games(games: &[GameView], me: UserId) -> String {
    if games.is_empty() {
        return "You have no games in progress. Start one with `/dama challenge`, `/dama open` \
                or `/dama play-bot`."
            .to_owned();
    }
    let lines: Vec<String> = games
        .iter()
        .map(|view| {
            let opponent = view.color_of(me).map_or_else(
                || title(view),
                |c| format!("vs {}", name(view.participant(c.opposite()))),
            );
            let state = match (view.user_to_move() == Some(me), view.deadline) {
                (true, Some(deadline)) => {
                    format!("**your turn**, time runs out {}", relative_time(deadline))
                }
                (true, None) => "**your turn**".to_owned(),
                (false, _) => "their turn".to_owned(),
            };
            format!(
                "- Game #{} {opponent}: {state}, move {} (<#{}>)",
                view.id,
                view.move_number(),
                game_channel(view)
            )
        })
        .collect();
    format!("**Your games**\n{}", lines.join("\n"))
}

/// The `/dama leaderboard` answer, for a server or for direct messages.
pub(crate) fn leaderboard(entries: &[LeaderboardEntry], in_server: bool, min_games: u32) -> String {
    let scope = if in_server {
        "this server"
    } else {
        "direct messages"
    };
    if entries.is_empty() {
        return format!(
            "**Leaderboard** ({scope})\nNobody has played the {min_games} rated games needed to \
             appear here yet."
        );
    }
    let lines: Vec<String> = entries
        .iter()
        .map(|e| {
            let mark = if e.provisional { "?" } else { "" };
            format!(
                "{}. {} {:.0}{mark} ({} games)",
                e.rank,
                escape(&e.name),
                e.rating.rating,
                e.games
            )
        })
        .collect();
    format!(
        "**Leaderboard** ({scope})\n{}\n-# ? marks a provisional rating.",
        lines.join("\n")
    )
}

/// The `/dama stats` answer.
pub(crate) fn stats(stats: &PlayerStats, shown_name: &str, min_games: u32) -> String {
    let name = stats.name.as_deref().unwrap_or(shown_name);
    let mut lines = vec![format!("**{}**", escape(name))];
    match &stats.rating {
        Some(r) => {
            let provisional = if r.provisional { ", provisional" } else { "" };
            let rank = match r.rank {
                Some(rank) => format!(", #{rank} here"),
                None => format!(", not ranked yet ({min_games} rated games needed)"),
            };
            lines.push(format!(
                "Rating {:.0} ± {:.0}{provisional}{rank}.",
                r.rating.rating, r.rating.deviation
            ));
        }
        None => lines.push("No rated game here yet.".to_owned()),
    }
    let record = |r: &Record| {
        let games = if r.games == 1 { "game" } else { "games" };
        format!(
            "{} {games}: {} won, {} drawn, {} lost",
            r.games, r.wins, r.draws, r.losses
        )
    };
    lines.push(format!("{}.", capitalise(&record(&stats.record))));
    let streak = match stats.streak {
        Streak::None => None,
        Streak::Wins(n) => Some(format!("{n} won in a row")),
        Streak::Draws(n) => Some(format!("{n} drawn in a row")),
        Streak::Losses(n) => Some(format!("{n} lost in a row")),
    };
    if let Some(streak) = streak {
        lines.push(format!("Current streak: {streak}."));
    }
    if let Some(h2h) = &stats.head_to_head {
        let opponent = h2h
            .opponent_name
            .as_deref()
            .map_or_else(|| format!("<@{}>", h2h.opponent), escape);
        lines.push(format!("Against {opponent}: {}.", record(&h2h.record)));
    }
    lines.join("\n")
}

/// "**Game #12: …** as PDN."
pub(crate) fn exported(view: &GameView) -> String {
    format!("**{}** as PDN.", title(view))
}

/// The `/dama settings` answer.
pub(crate) fn settings(settings: &PlayerSettings) -> String {
    let notation = match settings.notation {
        Notation::Algebraic => "**algebraic** (`d3-d4`)",
        Notation::Numeric => "**numeric** (`44-36`)",
    };
    let flip = if settings.flip { "on" } else { "off" };
    format!(
        "Your settings: moves in {notation} notation, the **{}** board, board turned to your \
         side when you play Black: **{flip}**.",
        settings.theme.name()
    )
}

/// The answer to `/dama vacation`.
pub(crate) fn vacation_started(status: &VacationStatus) -> String {
    let until = status.until.map_or_else(|| "now".to_owned(), full_time);
    format!(
        "You are on vacation until {until}: the clocks of your games are stopped. {} vacation \
         days left this year.",
        status.days_left
    )
}

/// The answer to `/dama vacation-end`.
pub(crate) fn vacation_ended(status: &VacationStatus) -> String {
    format!(
        "Welcome back: your vacation is over and the clocks of your games run again. {} \
         vacation days left this year.",
        status.days_left
    )
}

/// "alice declined the challenge from bob."
pub(crate) fn declined_challenge(who: &str, challenger: &str) -> String {
    format!(
        "{} declined the challenge from {}.",
        escape(who),
        escape(challenger)
    )
}

/// "alice withdrew the challenge."
pub(crate) fn withdrew_challenge(who: &str) -> String {
    format!("{} withdrew the challenge.", escape(who))
}

/// "This challenge is for <@2>."
pub(crate) fn challenge_is_for(user: UserId) -> String {
    format!("This challenge is for <@{user}>.")
}

/// "You played **d3-d4**."
pub(crate) fn you_played(m: &Move, notation: Notation) -> String {
    format!("You played {}.", bold_move(m, notation))
}

/// The resignation question.
pub(crate) fn confirm_resign(view: &GameView) -> String {
    format!(
        "Resign **{}**? This cannot be undone. (Dismiss this message to play on.)",
        title(view)
    )
}

/// A piece picked in the move picker that has no move.
pub(crate) fn piece_cannot_move(square: Square, notation: Notation) -> String {
    format!(
        "The piece on {} cannot move now: choose another one.",
        notation::square_name(square, notation)
    )
}

/// Above the second menu of the move picker.
pub(crate) fn moves_of_piece(square: Square, notation: Notation) -> String {
    format!(
        "Your move with the piece on **{}**:",
        notation::square_name(square, notation)
    )
}

/// To an actor whose game is played elsewhere.
pub(crate) fn game_goes_on_in(channel: ChannelId) -> String {
    format!("Done. The game goes on in <#{channel}>.")
}

/// A reminder: "<@2>, it is your move in **…**: time runs out <t:…:R>."
pub(crate) fn reminder(view: &GameView, user: UserId, deadline: Timestamp) -> String {
    format!(
        "<@{user}>, it is your move in **{}**: time runs out {}.",
        title(view),
        relative_time(deadline)
    )
}

/// "The challenge from alice to bob has expired."
pub(crate) fn challenge_expired(challenge: &Challenge) -> String {
    let to = challenge
        .challenged
        .as_ref()
        .map(|p| format!(" to {}", escape(&p.name)))
        .unwrap_or_default();
    format!(
        "The challenge from {}{to} has expired.",
        escape(&challenge.challenger.name)
    )
}

/// The `/dama rules` answer.
pub(crate) const RULES: &str = "\
**Turkish draughts (Dama) in one minute**
- 8×8 board, every square used. Each side has 16 men, on ranks 2–3 (White) and 6–7 (Black). \
White moves first.
- **Men** move one square straight forward or sideways, never backward or diagonally.
- **Capturing** is by jumping an adjacent enemy piece forward or sideways onto the empty square \
behind it, and it is **compulsory**. A capture goes on while the piece can jump again, and you \
must take the **largest number of pieces** possible. Captured pieces leave the board as they \
are jumped.
- A man reaching the far rank becomes a **king**. Kings move any distance along ranks and \
files like a rook and capture at a distance, landing anywhere beyond the jumped piece; between \
two jumps a king may not turn back 180°.
- You **lose** when you have no pieces or no legal move on your turn, when you resign, or when \
your time per move runs out. **Draws**: by agreement, threefold repetition, or 50 moves each \
without a capture or a man moving forward.
- **Moves** are written `d3-d4`, captures with every landing square: `d4xd6xf6` (`d4xf6` \
is enough when only one capture fits). Numeric notation (`44-36`) is in `/dama settings`.
Play with `/dama move` (start typing to see your legal moves) or the menus under the board.
- **Rule sets**: `federation` crowns a man reaching the far rank mid-capture only when the capture \
ends; under `strict` a missed or smaller capture loses the game. Each board names its rules.";

#[cfg(test)]
mod tests {
    use dama_rules::Position;

    use dama_rules::{DrawReason, WinReason};

    use super::*;
    use crate::clock::Timestamp;
    use crate::ids::{ChannelId, GameId, Place, UserId};
    use dama_engine::Level;

    use crate::model::{Player, Seats, TimeControl};
    use crate::rating::Rating;
    use crate::service::{HeadToHead, RatingSummary};

    fn view() -> GameView {
        GameView {
            id: GameId(12),
            place: Place {
                guild: None,
                channel: ChannelId(1),
            },
            thread: None,
            seats: Seats::new(
                Participant::Human(Player::new(UserId(1), "alice")),
                Participant::Human(Player::new(UserId(2), "bob_the*great")),
            ),
            rated: true,
            time_control: TimeControl::Day,
            rules: dama_rules::Rules::STANDARD,
            position: Position::start(),
            last_move: None,
            ply: 0,
            version: 0,
            deadline: Some(Timestamp::from_millis(1_700_000_000_000)),
            draw_offer: None,
            takeback_request: None,
            outcome: None,
            created_at: Timestamp::from_millis(0),
            updated_at: Timestamp::from_millis(0),
            ended_at: None,
        }
    }

    #[test]
    fn names_escape_markdown_so_they_show_as_typed() {
        assert_eq!(name(&view().seats.black), "bob\\_the\\*great");
        assert_eq!(name(&Participant::Engine(Level::MIN)), "Computer (level 1)");
    }

    #[test]
    fn the_turn_line_pings_the_player_to_move_with_the_deadline() {
        let line = turn(&view());
        assert_eq!(
            line,
            "<@1> to move (White), time runs out <t:1700000000:R>."
        );
        let mut engine_to_move = view();
        engine_to_move.seats.white = Participant::Engine(Level::MAX);
        assert_eq!(turn(&engine_to_move), "Computer (level 5) to move (White).");
    }

    #[test]
    fn a_result_names_the_winner_and_the_reason() {
        let won = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        };
        assert_eq!(
            result(&view(), won),
            "**bob\\_the\\*great (Black) wins**: alice resigned. Result 0-1."
        );
        let drawn = Outcome::Draw(DrawReason::Repetition);
        assert!(result(&view(), drawn).starts_with("**Draw**: the same position"));
    }

    #[test]
    fn rating_changes_show_before_after_and_the_difference() {
        let change = |user, before: f64, after: f64| RatingChange {
            user: UserId(user),
            before: Rating {
                rating: before,
                ..Rating::default()
            },
            after: Rating {
                rating: after,
                ..Rating::default()
            },
        };
        let text = rating_changes(
            &view(),
            &[change(1, 1500.0, 1515.6), change(2, 1500.2, 1484.4)],
        );
        assert_eq!(
            text,
            "alice 1500 → 1516 (+16)\nbob\\_the\\*great 1500 → 1484 (-16)"
        );
    }

    #[test]
    fn thread_names_fit_in_a_hundred_characters() {
        let mut long = view();
        long.seats.white = Participant::Human(Player::new(UserId(1), "a".repeat(90)));
        let name = thread_name(&long);
        assert_eq!(name.chars().count(), 100);
        assert!(name.ends_with(" (#12)"));
        assert_eq!(thread_name(&view()), "alice vs bob_the*great (#12)");
    }

    #[test]
    fn a_refused_limit_names_the_limit_and_the_way_under_it() {
        assert_eq!(
            explain(&ServiceError::TooManyChallenges { limit: 10 }),
            "You already have 10 open challenges: withdraw one (the Withdraw button) or wait \
             for answers."
        );
        assert_eq!(
            explain(&ServiceError::TooManyChallengesToPlayer { limit: 1 }),
            "You already have 1 open challenge to this player: wait for an answer, or \
             withdraw one (the Withdraw button) to send another."
        );
        assert_eq!(
            explain(&ServiceError::TooManyComputerGames { limit: 3 }),
            "You already play 3 games against the computer: finish one (or resign it with \
             `/dama resign`) before starting another."
        );
        assert!(explain(&ServiceError::TooManyGames { limit: 30 }).contains("30 games"));
        assert!(
            explain(&ServiceError::OpponentHasTooManyGames { limit: 30 })
                .starts_with("The challenger already plays 30 games")
        );
    }

    #[test]
    fn refusals_read_as_sentences_and_internal_errors_stay_generic() {
        assert_eq!(
            explain(&ServiceError::NotYourTurn),
            "It is not your turn: wait for your opponent's move."
        );
        assert_eq!(
            explain(&ServiceError::SeveralGamesHere(vec![GameId(3), GameId(5)])),
            "You have several games here (#3, #5): choose one with the `game` option."
        );
        let corrupt = ServiceError::Corrupt {
            game: GameId(1),
            reason: "secret detail".into(),
        };
        assert_eq!(explain(&corrupt), GENERIC_FAILURE);
        let pos = Position::start();
        let illegal = dama_rules::notation::resolve_str(&pos, "d3-d5").expect_err("illegal");
        let text = explain(&ServiceError::Move(illegal));
        assert!(
            text.starts_with(char::is_uppercase) && text.ends_with('.'),
            "{text}"
        );
    }

    #[test]
    fn stats_show_rating_rank_record_streak_and_head_to_head() {
        let stats = PlayerStats {
            user: UserId(1),
            name: Some("alice".into()),
            rating: Some(RatingSummary {
                rating: Rating {
                    rating: 1612.4,
                    deviation: 80.2,
                    ..Rating::default()
                },
                games: 12,
                provisional: false,
                rank: Some(2),
            }),
            record: Record {
                games: 12,
                wins: 7,
                draws: 1,
                losses: 4,
            },
            streak: Streak::Wins(2),
            head_to_head: Some(HeadToHead {
                opponent: UserId(2),
                opponent_name: Some("bob".into()),
                record: Record {
                    games: 3,
                    wins: 2,
                    draws: 0,
                    losses: 1,
                },
            }),
        };
        assert_eq!(
            super::stats(&stats, "ignored", 3),
            "**alice**\nRating 1612 ± 80, #2 here.\n12 games: 7 won, 1 drawn, 4 lost.\n\
             Current streak: 2 won in a row.\nAgainst bob: 3 games: 2 won, 0 drawn, 1 lost."
        );
    }

    #[test]
    fn a_newcomer_has_no_rating_yet() {
        let stats = PlayerStats {
            user: UserId(1),
            name: None,
            rating: None,
            record: Record::default(),
            streak: Streak::None,
            head_to_head: None,
        };
        assert_eq!(
            super::stats(&stats, "carol", 3),
            "**carol**\nNo rated game here yet.\n0 games: 0 won, 0 drawn, 0 lost."
        );
    }
}
