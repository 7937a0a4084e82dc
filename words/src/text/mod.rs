//! The words the bot writes: names, turns, results, rating changes, refusals and the rules.
//! Each function takes the reader's language (and notation, where squares or moves appear),
//! gathers the message's arguments, and leaves the wording to the catalogs under
//! `words/locales` (see [`i18n`]). Pure functions of the service's values, so every sentence is
//! unit-tested here.
//!
//! One file per catalog area the sentences come from (`game`, `errors`, `info`), re-exported
//! here; the words they share (names, colours, times, titles) and the short sentences stay
//! here.

use dama_rules::notation::{self, MoveText, Notation, ParseMoveError, ResolveError};
use dama_rules::{
    Color, DrawReason, MissedCapture, Move, Outcome, Promotion, Rules, Square, WinReason,
};

use crate::i18n::{self, Language};
use crate::numbers;
use dama_service::clock::Timestamp;
use dama_service::ids::{ChannelId, GameId, UserId};
use dama_service::model::{
    Challenge, ColourChoice, LiveClock, Notify, ParseLiveClockError, Participant, PlayerSettings,
    Speed, Theme, TimeControl,
};
use dama_service::service::{
    ConditionalLines, GameView, Leaderboard, LeaderboardEntry, PlayerStats, RatingChange,
    RatingSummary, Record, Season, SeasonEnded, ServiceError, Streak, VacationStatus,
};

mod errors;
mod game;
mod info;

pub use errors::*;
pub use game::*;
pub use info::*;

/// The message `key` in `lang`, with the arguments `name = value` (strings or numbers).
#[macro_export]
macro_rules! say {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = $crate::fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), $value);)*
        $crate::i18n::message($lang, $key, Some(&args))
    }};
}

pub use crate::say;

/// The sentences that take no argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sentence {
    /// Something broke on the bot's side (the details go to the log).
    GenericFailure,
    /// Discord refused one of the bot's messages (details in the log).
    DiscordFailure,
    /// Under a result whose replay Discord refused as too large to upload.
    ReplayTooLarge,
    /// A command the bot does not know (an old registration, say).
    UnknownCommand,
    /// `/dama challenge` without an opponent.
    ChooseOpponent,
    /// A challenge to another bot.
    BotsCannotPlay,
    /// A computer level out of range.
    LevelRange,
    /// An action whose board goes out through the outbox rather than as the answer.
    BoardFollows,
    /// The first line under a new game's first board.
    GameBegins,
    /// The computer's answer to a draw offer it does not take.
    ComputerDeclinesDraw,
    /// After a draw offer, to the opponent.
    DrawPrompt,
    /// After a takeback request, to the opponent.
    TakebackPrompt,
    /// `/dama server` outside a server.
    ServerOnly,
    /// `/dama live` outside a server.
    LiveServerOnly,
    /// `/dama server` without the rules.
    ChooseRules,
    /// `/dama season` outside a server.
    SeasonServerOnly,
    /// Strict rules: the player chose not to play the losing move.
    NothingPlayed,
    /// A click on a button the bot no longer understands.
    StaleButton,
    /// Above the current board, for a click on a board the game has left behind.
    GameMovedOn,
    /// A move-picker menu answered with nothing usable.
    ChoosePiece,
    /// The second menu of the move picker answered with nothing usable.
    ChooseMove,
    /// What replaces the resignation question once answered.
    YouResigned,
    /// The `/dama rules` answer.
    Rules,
    /// A tournament's `starts` option that is neither a duration nor a date and time.
    BadStartTime,
    /// `/dama conditional` with both a line to save and an action.
    ConditionalLineOrAction,
}

impl Sentence {
    /// The sentence in `lang`.
    pub fn say(self, lang: Language) -> String {
        let key = match self {
            Sentence::GenericFailure => "generic-failure",
            Sentence::DiscordFailure => "discord-failure",
            Sentence::ReplayTooLarge => "replay-too-large",
            Sentence::UnknownCommand => "unknown-command",
            Sentence::ChooseOpponent => "choose-opponent",
            Sentence::BotsCannotPlay => "bots-cannot-play",
            Sentence::LevelRange => "level-range",
            Sentence::BoardFollows => "board-follows",
            Sentence::GameBegins => "game-begins",
            Sentence::ComputerDeclinesDraw => "computer-declines-draw",
            Sentence::DrawPrompt => "draw-prompt",
            Sentence::TakebackPrompt => "takeback-prompt",
            Sentence::ServerOnly => "server-only",
            Sentence::LiveServerOnly => "live-server-only",
            Sentence::ChooseRules => "choose-rules",
            Sentence::SeasonServerOnly => "season-server-only",
            Sentence::NothingPlayed => "nothing-played",
            Sentence::StaleButton => "stale-button",
            Sentence::GameMovedOn => "game-moved-on",
            Sentence::ChoosePiece => "choose-piece",
            Sentence::ChooseMove => "choose-move",
            Sentence::YouResigned => "you-resigned",
            Sentence::Rules => "rules-summary",
            Sentence::BadStartTime => "tournament-bad-start",
            Sentence::ConditionalLineOrAction => "conditional-line-or-action",
        };
        i18n::message(lang, key, None)
    }
}

/// The labels of the buttons under the bot's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    Resign,
    ConfirmResign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Flip,
    AllowTakeback,
    RefuseTakeback,
    Accept,
    Decline,
    Withdraw,
    Join,
    PlayAndLose,
    ChooseAnother,
    Rematch,
    Follow,
    Standings,
    Review,
    Leave,
    Pause,
    Berserk,
}

impl Label {
    /// The label in `lang`.
    pub fn say(self, lang: Language) -> String {
        let key = match self {
            Label::Resign => "button-resign",
            Label::ConfirmResign => "button-confirm-resign",
            Label::OfferDraw => "button-offer-draw",
            Label::AcceptDraw => "button-accept-draw",
            Label::DeclineDraw => "button-decline-draw",
            Label::Flip => "button-flip",
            Label::AllowTakeback => "button-allow-takeback",
            Label::RefuseTakeback => "button-refuse-takeback",
            Label::Accept => "button-accept",
            Label::Decline => "button-decline",
            Label::Withdraw => "button-withdraw",
            Label::Join => "button-join",
            Label::PlayAndLose => "button-play-and-lose",
            Label::ChooseAnother => "button-choose-another",
            Label::Rematch => "button-rematch",
            Label::Follow => "button-follow",
            Label::Standings => "button-standings",
            Label::Review => "button-review",
            Label::Leave => "button-leave",
            Label::Pause => "button-pause",
            Label::Berserk => "button-berserk",
        };
        i18n::message(lang, key, None)
    }
}

/// How a face writes the parts of a sentence it sets apart: a square or move in bold, typed text
/// in a code span. The sentences themselves carry no markup; the face wraps their arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Discord's markdown: `**bold**`, `` `code` ``, and what a member typed escaped.
    Markdown,
    /// Plain text, as typed (the web pages, which put text in the page as it is).
    Plain,
}

impl Style {
    /// `text` set apart as strong (a square, a move, a result's head).
    #[must_use]
    pub fn strong(self, text: &str) -> String {
        match self {
            Style::Markdown => format!("**{text}**"),
            Style::Plain => text.to_owned(),
        }
    }

    /// What a member typed, set apart as code: shown as typed.
    #[must_use]
    pub fn typed(self, text: &str) -> String {
        match self {
            Style::Markdown => format!("`{}`", escape(text)),
            Style::Plain => text.to_owned(),
        }
    }

    /// An example of notation to type, as code.
    #[must_use]
    pub fn example(self, text: &str) -> String {
        match self {
            Style::Markdown => format!("`{text}`"),
            Style::Plain => text.to_owned(),
        }
    }
}

/// `name` with Discord's markdown characters escaped, so a name shows as typed.
pub fn escape(name: &str) -> String {
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

/// A side's name, unescaped: the player's display name, or the computer with its level.
pub fn raw_name(lang: Language, p: &Participant) -> String {
    match p {
        Participant::Human(player) => player.name.clone(),
        Participant::Engine(level) => say!(lang, "computer-name", level = level.number()),
    }
}

/// A side's name as shown in text (escaped): the player's display name, or the computer.
pub fn name(lang: Language, p: &Participant) -> String {
    escape(&raw_name(lang, p))
}

/// A side as a ping: `<@id>` for a person, the computer's name otherwise.
pub fn mention(lang: Language, p: &Participant) -> String {
    match p.user() {
        Some(user) => format!("<@{user}>"),
        None => name(lang, p),
    }
}

/// "White" or "Black".
pub fn colour(lang: Language, c: Color) -> String {
    match c {
        Color::White => say!(lang, "colour-white"),
        Color::Black => say!(lang, "colour-black"),
    }
}

/// A Discord timestamp that every reader sees in their own time zone, relative ("in 5 hours").
pub fn relative_time(at: Timestamp) -> String {
    format!("<t:{}:R>", at.as_secs())
}

/// A Discord timestamp with date and time.
pub fn full_time(at: Timestamp) -> String {
    format!("<t:{}:f>", at.as_secs())
}

/// "Game #12: alice (White) vs bob (Black)".
pub fn title(lang: Language, view: &GameView) -> String {
    say!(
        lang,
        "game-title",
        game = numbers::label(view.id.0),
        white = name(lang, &view.seats.white),
        black = name(lang, &view.seats.black),
    )
}

/// A board's first line: the title in bold and the rule set, "**Game #12: alice (White) vs bob
/// (Black)** · standard rules".
pub fn caption(lang: Language, view: &GameView) -> String {
    format!("**{}** · {}", title(lang, view), rules_in(lang, view.rules))
}

/// A move in `notation`, in bold: "**d3-d4**".
pub fn bold_move(m: &Move, notation: Notation) -> String {
    format!("**{}**", notation::format(m, notation))
}

/// One line per player, naming the speed the game was rated at: "alice 1500 → 1516 (+16) ·
/// blitz".
pub fn rating_changes(lang: Language, view: &GameView, changes: &[RatingChange]) -> String {
    let speed = speed(lang, Speed::of(view.live));
    changes
        .iter()
        .map(|change| {
            let who = [Color::White, Color::Black]
                .into_iter()
                .map(|c| view.participant(c))
                .find(|p| p.is_user(change.user))
                .map_or_else(|| format!("<@{}>", change.user), |p| name(lang, p));
            let (before, after) = (change.before.rating.round(), change.after.rating.round());
            say!(
                lang,
                "rating-change",
                who = who,
                before = numbers::rating(lang, before),
                after = numbers::rating(lang, after),
                change = numbers::rating_change(lang, after - before),
                speed = speed.as_str()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The channel a game's posts go to: its thread, else where it was started.
pub fn game_channel(view: &GameView) -> ChannelId {
    view.thread.unwrap_or(view.place.channel)
}

/// A phrase as a sentence: capital first letter (by `lang`'s rules), final full stop.
pub fn sentence(lang: Language, phrase: &str) -> String {
    let mut s = i18n::capitalise(lang, phrase.trim());
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests;
