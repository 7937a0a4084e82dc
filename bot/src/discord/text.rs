//! The words the bot writes: names, turns, results, rating changes, refusals and the rules.
//! Each function takes the reader's language (and notation, where squares or moves appear),
//! gathers the message's arguments, and leaves the wording to the catalogs under
//! `bot/locales` (see [`i18n`]). Pure functions of the service's values, so every sentence is
//! unit-tested here.

use dama_rules::notation::{self, MoveText, Notation, ParseMoveError, ResolveError};
use dama_rules::{
    Color, DrawReason, MissedCapture, Move, Outcome, Promotion, Rules, Square, WinReason,
};

use super::app::game_channel;
use super::i18n::{self, Language};
use dama_service::clock::Timestamp;
use dama_service::ids::{ChannelId, GameId, UserId};
use dama_service::model::{
    Challenge, ColourChoice, Notify, Participant, PlayerSettings, Theme, TimeControl,
};
use dama_service::service::{
    GameView, Leaderboard, LeaderboardEntry, PlayerStats, RatingChange, Record, Season,
    SeasonEnded, ServiceError, Streak, VacationStatus,
};

/// The message `key` in `lang`, with the arguments `name = value` (strings or numbers).
macro_rules! say {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = ::fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), $value);)*
        $crate::discord::i18n::message($lang, $key, Some(&args))
    }};
}
pub(crate) use say;

/// The sentences that take no argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sentence {
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
    /// A timed game asked for where the bot cannot post by itself.
    NoClockHere,
    /// `/dama server` outside a server.
    ServerOnly,
    /// `/dama live` outside a server.
    LiveServerOnly,
    /// `/dama server` by someone who may not manage the server.
    NeedsManageServer,
    /// `/dama server` without the rules.
    ChooseRules,
    /// `/dama season` outside a server.
    SeasonServerOnly,
    /// `/dama season` by someone who may not manage the server.
    SeasonNeedsManageServer,
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
}

impl Sentence {
    /// The sentence in `lang`.
    pub(crate) fn say(self, lang: Language) -> String {
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
            Sentence::NoClockHere => "no-clock-here",
            Sentence::ServerOnly => "server-only",
            Sentence::LiveServerOnly => "live-server-only",
            Sentence::NeedsManageServer => "needs-manage-server",
            Sentence::ChooseRules => "choose-rules",
            Sentence::SeasonServerOnly => "season-server-only",
            Sentence::SeasonNeedsManageServer => "season-needs-manage-server",
            Sentence::NothingPlayed => "nothing-played",
            Sentence::StaleButton => "stale-button",
            Sentence::GameMovedOn => "game-moved-on",
            Sentence::ChoosePiece => "choose-piece",
            Sentence::ChooseMove => "choose-move",
            Sentence::YouResigned => "you-resigned",
            Sentence::Rules => "rules-summary",
            Sentence::BadStartTime => "tournament-bad-start",
        };
        i18n::message(lang, key, None)
    }
}

/// The labels of the buttons under the bot's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Label {
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
}

impl Label {
    /// The label in `lang`.
    pub(crate) fn say(self, lang: Language) -> String {
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
        };
        i18n::message(lang, key, None)
    }
}

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

/// A side's name, unescaped: the player's display name, or the computer with its level.
fn raw_name(lang: Language, p: &Participant) -> String {
    match p {
        Participant::Human(player) => player.name.clone(),
        Participant::Engine(level) => say!(lang, "computer-name", level = level.number()),
    }
}

/// A side's name as shown in text (escaped): the player's display name, or the computer.
pub(crate) fn name(lang: Language, p: &Participant) -> String {
    escape(&raw_name(lang, p))
}

/// A side as a ping: `<@id>` for a person, the computer's name otherwise.
pub(crate) fn mention(lang: Language, p: &Participant) -> String {
    match p.user() {
        Some(user) => format!("<@{user}>"),
        None => name(lang, p),
    }
}

/// "White" or "Black".
pub(crate) fn colour(lang: Language, c: Color) -> String {
    match c {
        Color::White => say!(lang, "colour-white"),
        Color::Black => say!(lang, "colour-black"),
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

/// "Game #12: alice (White) vs bob (Black)".
pub(crate) fn title(lang: Language, view: &GameView) -> String {
    say!(
        lang,
        "game-title",
        game = view.id.0,
        white = name(lang, &view.seats.white),
        black = name(lang, &view.seats.black),
    )
}

/// A board's first line: the title in bold and the rule set, "**Game #12: alice (White) vs bob
/// (Black)** · standard rules".
pub(crate) fn caption(lang: Language, view: &GameView) -> String {
    format!("**{}** · {}", title(lang, view), rules_in(lang, view.rules))
}

/// A rule set in words in `lang`: "standard rules", "federation rules (promotion after a
/// capture)", …
pub(crate) fn rules_in(lang: Language, rules: Rules) -> String {
    match (rules.promotion, rules.missed_capture) {
        (Promotion::DuringCapture, MissedCapture::Refused) => say!(lang, "rules-standard"),
        (Promotion::AfterCapture, MissedCapture::Refused) => say!(lang, "rules-federation"),
        (Promotion::DuringCapture, MissedCapture::Loses) => say!(lang, "rules-strict"),
        (Promotion::AfterCapture, MissedCapture::Loses) => say!(lang, "rules-federation-strict"),
    }
}

/// The name of a game's thread: "alice vs bob (#12)", within Discord's 100 characters.
pub(crate) fn thread_name(lang: Language, view: &GameView) -> String {
    let suffix = format!(" (#{})", view.id);
    let players = say!(
        lang,
        "thread-players",
        white = raw_name(lang, &view.seats.white),
        black = raw_name(lang, &view.seats.black),
    );
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
pub(crate) fn played(lang: Language, who: &Participant, m: &Move, notation: Notation) -> String {
    say!(
        lang,
        "played",
        name = name(lang, who),
        move = bold_move(m, notation)
    )
}

/// Whose turn it is and until when: "<@bob> to move (Black), time runs out <t:…:R>." For the
/// computer: "Computer (level 2) to move (White)." A pending draw offer follows.
pub(crate) fn turn(lang: Language, view: &GameView) -> String {
    let Some(next) = view.to_move() else {
        return String::new();
    };
    let who = mention(lang, next);
    let colour = colour(lang, view.turn());
    let mut line = match view.deadline.filter(|_| next.user().is_some()) {
        Some(deadline) => say!(
            lang,
            "turn-until",
            who = who,
            colour = colour,
            deadline = relative_time(deadline)
        ),
        None => say!(lang, "turn", who = who, colour = colour),
    };
    if let Some(offerer) = view.draw_offer {
        line.push(' ');
        line.push_str(&say!(
            lang,
            "turn-draw-offer",
            name = name(lang, view.participant(offerer))
        ));
    }
    line
}

/// The result in a sentence with the players' names: "bob (Black) wins: alice resigned." A
/// missed capture names the capture in `notation`.
pub(crate) fn result(
    lang: Language,
    view: &GameView,
    outcome: Outcome,
    notation: Notation,
) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let loser = name(lang, view.participant(winner.opposite()));
            say!(
                lang,
                "result-win",
                winner = name(lang, view.participant(winner)),
                colour = colour(lang, winner),
                reason = win_reason(lang, reason, loser, notation),
                token = outcome.result_token(),
            )
        }
        Outcome::Draw(reason) => say!(
            lang,
            "result-draw",
            reason = draw_reason(lang, reason),
            token = outcome.result_token()
        ),
    }
}

/// Why `loser` lost: "alice resigned".
fn win_reason(lang: Language, reason: WinReason, loser: String, notation: Notation) -> String {
    match reason {
        WinReason::NoPieces => say!(lang, "win-no-pieces", loser = loser),
        WinReason::NoMoves => say!(lang, "win-no-moves", loser = loser),
        WinReason::Resignation => say!(lang, "win-resignation", loser = loser),
        WinReason::Time => say!(lang, "win-time", loser = loser),
        WinReason::MissedCapture { available } => say!(
            lang,
            "win-missed-capture",
            loser = loser,
            capture = notation::format(&available, notation),
            count = available.capture_count(),
        ),
    }
}

/// Why the game was drawn: "by agreement".
fn draw_reason(lang: Language, reason: DrawReason) -> String {
    match reason {
        DrawReason::Agreement => say!(lang, "draw-agreement"),
        DrawReason::Repetition => say!(lang, "draw-repetition"),
        DrawReason::NoProgress => say!(lang, "draw-no-progress"),
    }
}

/// One line per player: "alice 1500 → 1516 (+16)".
pub(crate) fn rating_changes(lang: Language, view: &GameView, changes: &[RatingChange]) -> String {
    changes
        .iter()
        .map(|change| {
            let who = [Color::White, Color::Black]
                .into_iter()
                .map(|c| view.participant(c))
                .find(|p| p.is_user(change.user))
                .map_or_else(|| format!("<@{}>", change.user), |p| name(lang, p));
            let (before, after) = (change.before.rating.round(), change.after.rating.round());
            format!("{who} {before:.0} → {after:.0} ({:+.0})", after - before)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of a challenge message.
pub(crate) fn challenge(lang: Language, challenge: &Challenge) -> String {
    let options = &challenge.options;
    let challenger = escape(&challenge.challenger.name);
    let colour = match options.colour {
        ColourChoice::White => say!(lang, "challenge-plays-white", name = challenger.clone()),
        ColourChoice::Black => say!(lang, "challenge-plays-black", name = challenger.clone()),
        ColourChoice::Random => say!(lang, "challenge-colours-random"),
    };
    let terms = say!(
        lang,
        "challenge-terms",
        rated = rated_word(lang, options.rated),
        time = per_move(lang, options.time_control),
        colour = colour,
        rules = rules_in(lang, options.rules),
    );
    let expires = relative_time(challenge.expires_at);
    match &challenge.challenged {
        Some(opponent) => say!(
            lang,
            "challenge-direct",
            opponent = format!("<@{}>", opponent.id),
            challenger = challenger,
            terms = terms,
            expires = expires,
        ),
        None => say!(
            lang,
            "challenge-open",
            challenger = challenger,
            terms = terms,
            expires = expires
        ),
    }
}

/// A time control's time per move in `lang`: "1 day".
/// "rated" or "casual".
pub(crate) fn rated_word(lang: Language, rated: bool) -> String {
    if rated {
        say!(lang, "challenge-rated")
    } else {
        say!(lang, "challenge-casual")
    }
}

/// "1 day per move", or "no time limit".
pub(crate) fn per_move(lang: Language, tc: TimeControl) -> String {
    match tc.per_move() {
        None => say!(lang, "challenge-no-time-limit"),
        Some(_) => say!(lang, "challenge-per-move", time = time_in(lang, tc)),
    }
}

fn time_in(lang: Language, tc: TimeControl) -> String {
    match tc {
        TimeControl::Unlimited => say!(lang, "time-unlimited"),
        TimeControl::Hour => say!(lang, "time-hour"),
        TimeControl::Day => say!(lang, "time-day"),
        TimeControl::ThreeDays => say!(lang, "time-three-days"),
        TimeControl::Week => say!(lang, "time-week"),
    }
}

/// A refusal from the service in words for the player, squares and moves in `notation`.
/// Internal failures get the generic message; the caller logs them.
pub(crate) fn explain(lang: Language, notation: Notation, err: &ServiceError) -> String {
    match err {
        ServiceError::NoSuchGame(id) => say!(lang, "no-such-game", game = id.0),
        ServiceError::NoGameHere => say!(lang, "no-game-here"),
        ServiceError::SeveralGamesHere(ids) => {
            let list: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
            say!(lang, "several-games-here", games = list.join(", "))
        }
        ServiceError::NotAParticipant => say!(lang, "not-a-participant"),
        ServiceError::NotYourTurn => say!(lang, "not-your-turn"),
        ServiceError::GameOver => say!(lang, "game-over"),
        ServiceError::DeadlinePassed => say!(lang, "deadline-passed"),
        ServiceError::OverdueGame(id) => say!(lang, "overdue-game", game = id.0),
        ServiceError::MovedOn { .. } => say!(lang, "moved-on"),
        ServiceError::NotVisibleHere => say!(lang, "not-visible-here"),
        ServiceError::Move(e) => sentence(lang, &move_refusal(lang, notation, e)),
        ServiceError::MissedCapture { available, .. } => say!(
            lang,
            "missed-capture-refused",
            available = notation::format(available, notation),
            count = available.capture_count(),
        ),
        ServiceError::Conflict => say!(lang, "conflict"),
        ServiceError::NoSuchChallenge(id) => say!(lang, "no-such-challenge", challenge = id.0),
        ServiceError::ChallengeGone => say!(lang, "challenge-gone"),
        ServiceError::ChallengeExpired => say!(lang, "challenge-has-expired"),
        ServiceError::ChallengeNotForYou => say!(lang, "challenge-not-for-you"),
        ServiceError::OwnChallenge => say!(lang, "own-challenge"),
        ServiceError::NotYourChallenge => say!(lang, "not-your-challenge"),
        ServiceError::SelfChallenge => say!(lang, "self-challenge"),
        ServiceError::GameInProgress => say!(lang, "game-in-progress"),
        ServiceError::RematchPending => say!(lang, "rematch-pending"),
        ServiceError::RematchStarted => say!(lang, "rematch-started"),
        ServiceError::NoDrawOffer => say!(lang, "no-draw-offer"),
        ServiceError::DrawAlreadyOffered => say!(lang, "draw-already-offered"),
        ServiceError::NoTakebackRequest => say!(lang, "no-takeback-request"),
        ServiceError::TakebackPending => say!(lang, "takeback-pending"),
        ServiceError::NothingToTakeBack => say!(lang, "nothing-to-take-back"),
        ServiceError::VacationExhausted { days_left } => {
            say!(lang, "vacation-exhausted", days = *days_left)
        }
        ServiceError::InvalidVacationLength => say!(lang, "invalid-vacation-length"),
        ServiceError::AlreadyOnVacation { until } => {
            say!(lang, "already-on-vacation", until = full_time(*until))
        }
        ServiceError::NotOnVacation => say!(lang, "not-on-vacation"),
        ServiceError::TooManyChallenges { limit } => {
            say!(lang, "too-many-challenges", limit = *limit)
        }
        ServiceError::TooManyChallengesToPlayer { limit } => {
            say!(lang, "too-many-challenges-to-player", limit = *limit)
        }
        ServiceError::TooManyGames { limit } => say!(lang, "too-many-games", limit = *limit),
        ServiceError::OpponentHasTooManyGames { limit } => {
            say!(lang, "opponent-has-too-many-games", limit = *limit)
        }
        ServiceError::TooManyComputerGames { limit } => {
            say!(lang, "too-many-computer-games", limit = *limit)
        }
        ServiceError::SeasonOpen { number } => say!(lang, "season-open", season = *number),
        ServiceError::NoOpenSeason => say!(lang, "no-open-season"),
        ServiceError::NoSuchSeason(number) => say!(lang, "no-such-season", season = *number),
        ServiceError::TournamentNeedsServer => say!(lang, "tournament-server-only"),
        ServiceError::TournamentName { max } => say!(lang, "tournament-name-length", max = *max),
        ServiceError::TournamentSize { min, max } => {
            say!(lang, "tournament-size", min = *min, max = *max)
        }
        ServiceError::TournamentRounds { max } => say!(lang, "tournament-rounds", max = *max),
        ServiceError::StartInPast => say!(lang, "tournament-start-in-past"),
        ServiceError::NoSuchTournament(id) => say!(lang, "no-such-tournament", tournament = id.0),
        ServiceError::NoTournamentHere => say!(lang, "no-tournament-here"),
        ServiceError::TournamentStarted => say!(lang, "tournament-already-started"),
        ServiceError::TournamentOver => say!(lang, "tournament-over"),
        ServiceError::TournamentFull { max } => say!(lang, "tournament-full", max = *max),
        ServiceError::AlreadyJoined => say!(lang, "tournament-already-joined"),
        ServiceError::NotInTournament => say!(lang, "tournament-not-in"),
        ServiceError::NotOrganiser => say!(lang, "tournament-not-organiser"),
        ServiceError::TooFewPlayers { have, min } => {
            say!(lang, "tournament-too-few", have = *have, min = *min)
        }
        ServiceError::Corrupt { .. }
        | ServiceError::Engine { .. }
        | ServiceError::Outbox(_)
        | ServiceError::Database(_) => Sentence::GenericFailure.say(lang),
    }
}

/// Why a move names no legal move, as a phrase (no capital, no full stop), with its squares
/// and moves in `notation`: "a capture is compulsory: you must take 2 pieces, e.g. d4xd6xf6".
pub(crate) fn move_refusal(lang: Language, notation: Notation, e: &ResolveError) -> String {
    let typed = |t: &MoveText| t.to_string_in(notation);
    match e {
        ResolveError::Syntax(e) => not_notation(lang, e),
        ResolveError::NoLegalMoves => say!(lang, "move-no-legal-moves"),
        ResolveError::NoPiece(square) => say!(
            lang,
            "move-no-piece",
            square = notation::square_name(*square, notation)
        ),
        ResolveError::NotYourPiece(square) => say!(
            lang,
            "move-not-your-piece",
            square = notation::square_name(*square, notation)
        ),
        ResolveError::CaptureRequired { count, example } => say!(
            lang,
            "move-capture-required",
            count = *count,
            example = notation::format(example, notation),
        ),
        ResolveError::NothingToCapture(text) => {
            say!(lang, "move-nothing-to-capture", typed = typed(text))
        }
        ResolveError::Ambiguous { text, candidates } => {
            let moves: Vec<String> = candidates
                .iter()
                .map(|m| notation::format(m, notation))
                .collect();
            say!(
                lang,
                "move-ambiguous",
                typed = typed(text),
                count = candidates.len(),
                moves = moves.join(", "),
            )
        }
        ResolveError::Illegal(text) => say!(lang, "move-illegal", typed = typed(text)),
    }
}

/// Why text is not move notation, as a phrase.
fn not_notation(lang: Language, e: &ParseMoveError) -> String {
    match e {
        ParseMoveError::Empty => say!(lang, "move-empty"),
        ParseMoveError::BadSquare(text) => say!(lang, "move-bad-square", text = escape(text)),
        ParseMoveError::TooShort => say!(lang, "move-too-short"),
        ParseMoveError::Separators => say!(lang, "move-separators"),
    }
}

/// A phrase as a sentence: capital first letter (by `lang`'s rules), final full stop.
pub(crate) fn sentence(lang: Language, phrase: &str) -> String {
    let mut s = i18n::capitalise(lang, phrase.trim());
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

/// A word option that is not one of its choices.
pub(crate) fn unknown_choice(lang: Language, word: &str) -> String {
    say!(lang, "unknown-choice", word = escape(word))
}

/// The server's new default rules.
pub(crate) fn server_rules_set(lang: Language, rules: Rules) -> String {
    say!(lang, "server-rules-set", rules = rules_in(lang, rules))
}

/// A player's language chosen (`true`) or left to Discord again, said in that language.
pub(crate) fn language_set(lang: Language, chosen: bool) -> String {
    let key = if chosen {
        "language-chosen"
    } else {
        "language-auto"
    };
    i18n::message(lang, key, None)
}

/// A server's language chosen (`true`) or left to Discord again, said in that language.
pub(crate) fn server_language_set(lang: Language, chosen: bool) -> String {
    let key = if chosen {
        "server-language-chosen"
    } else {
        "server-language-auto"
    };
    i18n::message(lang, key, None)
}

/// Strict rules: the typed move misses a capture; asked before it is played.
pub(crate) fn confirm_missed_capture(
    lang: Language,
    played: &Move,
    available: &Move,
    notation: Notation,
) -> String {
    say!(
        lang,
        "confirm-missed-capture",
        played = bold_move(played, notation),
        available = bold_move(available, notation),
        count = available.capture_count(),
    )
}

/// "**Game #12: …** starts. Good luck!"
pub(crate) fn engine_game_starts(lang: Language, view: &GameView) -> String {
    say!(lang, "engine-game-starts", title = title(lang, view))
}

/// "**Game #12: …** has started."
pub(crate) fn game_has_started(lang: Language, view: &GameView) -> String {
    say!(lang, "game-has-started", title = title(lang, view))
}

/// Move text that does not parse.
pub(crate) fn not_a_move(lang: Language, typed: &str, why: &ParseMoveError) -> String {
    say!(
        lang,
        "not-a-move",
        typed = escape(typed),
        why = not_notation(lang, why)
    )
}

/// "alice resigns."
pub(crate) fn resigns(lang: Language, who: &str) -> String {
    say!(lang, "resigns", name = escape(who))
}

/// "alice offers a draw."
pub(crate) fn offers_draw(lang: Language, who: &str) -> String {
    say!(lang, "offers-draw", name = escape(who))
}

/// "alice accepts the draw offer."
pub(crate) fn accepts_draw(lang: Language, who: &str) -> String {
    say!(lang, "accepts-draw", name = escape(who))
}

/// The game's title and "alice declines the draw offer. The game goes on."
pub(crate) fn declines_draw(lang: Language, view: &GameView, who: &str) -> String {
    let words = say!(lang, "declines-draw", name = escape(who));
    format!("**{}**\n{words}", title(lang, view))
}

/// "alice asks to take back their last move."
pub(crate) fn asks_takeback(lang: Language, who: &str) -> String {
    say!(lang, "asks-takeback", name = escape(who))
}

/// "alice takes back 2 moves." (the computer agreed at once)
pub(crate) fn takes_back(lang: Language, who: &str, undone: u32) -> String {
    say!(lang, "takes-back", name = escape(who), count = undone)
}

/// "bob allows the takeback: 1 move undone."
pub(crate) fn allows_takeback(lang: Language, who: &str, undone: u32) -> String {
    say!(lang, "allows-takeback", name = escape(who), count = undone)
}

/// The game's title and "bob refuses the takeback. The game goes on."
pub(crate) fn refuses_takeback(lang: Language, view: &GameView, who: &str) -> String {
    let words = say!(lang, "refuses-takeback", name = escape(who));
    format!("**{}**\n{words}", title(lang, view))
}

/// A question to the opponent: the title, what was asked, the ping and the prompt.
pub(crate) fn question(
    lang: Language,
    view: &GameView,
    asks: &str,
    opponent: Option<&Participant>,
    prompt: Sentence,
) -> String {
    let to = opponent.map(|p| mention(lang, p)).unwrap_or_default();
    let line = say!(
        lang,
        "question",
        asks = asks,
        opponent = to,
        prompt = prompt.say(lang)
    );
    format!("**{}**\n{line}", title(lang, view))
}

/// An `action` word that is not one of the choices.
pub(crate) fn unknown_action(lang: Language, word: Option<&str>) -> String {
    say!(
        lang,
        "unknown-action",
        word = escape(word.unwrap_or_default())
    )
}

/// A `notation` word that is not one of the choices.
pub(crate) fn unknown_notation(lang: Language, word: &str) -> String {
    say!(lang, "unknown-notation", word = escape(word))
}

/// The `/dama games` answer: one line per game in progress, for the player `me`.
pub(crate) fn games(lang: Language, games: &[GameView], me: UserId) -> String {
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
                game = view.id.0,
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
pub(crate) fn live_games(lang: Language, games: &[GameView], total: u32) -> String {
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
        if length(&text) + length(&line) + length(&footer) + 2 > super::post::CONTENT_LIMIT {
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

/// To a member who follows game `game`: its thread.
pub(crate) fn follow_done(lang: Language, game: GameId, thread: ChannelId) -> String {
    say!(
        lang,
        "follow-done",
        game = game.0,
        thread = format!("<#{thread}>")
    )
}

/// To a member who would follow game `game`, which has no thread: where it is played.
pub(crate) fn follow_no_thread(lang: Language, game: GameId, channel: ChannelId) -> String {
    say!(
        lang,
        "follow-no-thread",
        game = game.0,
        channel = format!("<#{channel}>")
    )
}

/// The `/dama leaderboard` answer, for a server or for direct messages, saying which table it
/// is.
pub(crate) fn leaderboard(
    lang: Language,
    board: &Leaderboard,
    in_server: bool,
    min_games: u32,
) -> String {
    let heading = match board.season {
        Some(season) if season.ended_at.is_some() => {
            say!(lang, "leaderboard-season-final", season = season.number)
        }
        Some(season) => say!(lang, "leaderboard-season", season = season.number),
        None if in_server => say!(lang, "leaderboard-all-time"),
        None => say!(lang, "leaderboard-dms"),
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
                rating = format!("{:.0}", e.rating.rating),
                mark = if e.provisional { "?" } else { "" },
                games = e.games,
            )
        })
        .collect();
    lines.join("\n")
}

/// The public post of a season's start.
pub(crate) fn season_started(lang: Language, season: &Season) -> String {
    say!(lang, "season-started", season = season.number)
}

/// The public post of a season's end: its champions, or that nobody played enough.
pub(crate) fn season_ended(lang: Language, ended: &SeasonEnded, min_games: u32) -> String {
    let season = ended.season.number;
    let done = say!(lang, "season-ended", season = season);
    if ended.champions.is_empty() {
        let none = say!(lang, "season-no-champions", min = min_games);
        return format!("{done}\n{none}");
    }
    let heading = say!(lang, "season-champions", season = season);
    format!("{done}\n{heading}\n{}", table(lang, &ended.champions))
}

/// The `/dama stats` answer.
pub(crate) fn stats(
    lang: Language,
    stats: &PlayerStats,
    shown_name: &str,
    min_games: u32,
) -> String {
    let name = stats.name.as_deref().unwrap_or(shown_name);
    let mut lines = vec![format!("**{}**", escape(name))];
    match &stats.rating {
        Some(r) => {
            let rank = match r.rank {
                Some(rank) => say!(lang, "stats-rank", rank = rank),
                None => say!(lang, "stats-unranked", min = min_games),
            };
            let rating = format!("{:.0}", r.rating.rating);
            let deviation = format!("{:.0}", r.rating.deviation);
            lines.push(if r.provisional {
                say!(
                    lang,
                    "stats-rating-provisional",
                    rating = rating,
                    deviation = deviation,
                    rank = rank
                )
            } else {
                say!(
                    lang,
                    "stats-rating",
                    rating = rating,
                    deviation = deviation,
                    rank = rank
                )
            });
        }
        None => lines.push(say!(lang, "stats-no-rating")),
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

/// "**Game #12: …** as PDN."
pub(crate) fn exported(lang: Language, view: &GameView) -> String {
    say!(lang, "exported", title = title(lang, view))
}

/// The `/dama settings` answer.
pub(crate) fn settings(lang: Language, settings: &PlayerSettings) -> String {
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
    let flip = if settings.flip {
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

/// "bob, I cannot send you direct messages, so your turn notices come here again."
pub(crate) fn dms_closed(lang: Language, user: UserId) -> String {
    say!(lang, "dms-closed", who = format!("<@{user}>"))
}

/// The answer to `/dama vacation`.
pub(crate) fn vacation_started(lang: Language, status: &VacationStatus) -> String {
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
pub(crate) fn vacation_ended(lang: Language, status: &VacationStatus) -> String {
    say!(lang, "vacation-ended", days = status.days_left)
}

/// "alice declined the challenge from bob."
pub(crate) fn declined_challenge(lang: Language, who: &str, challenger: &str) -> String {
    say!(
        lang,
        "challenge-declined",
        name = escape(who),
        challenger = escape(challenger)
    )
}

/// "alice withdrew the challenge."
pub(crate) fn withdrew_challenge(lang: Language, who: &str) -> String {
    say!(lang, "challenge-withdrawn", name = escape(who))
}

/// "This challenge is for <@2>."
pub(crate) fn challenge_is_for(lang: Language, user: UserId) -> String {
    say!(lang, "challenge-is-for", who = format!("<@{user}>"))
}

/// "You played **d3-d4**."
pub(crate) fn you_played(lang: Language, m: &Move, notation: Notation) -> String {
    say!(lang, "you-played", move = bold_move(m, notation))
}

/// The resignation question.
pub(crate) fn confirm_resign(lang: Language, view: &GameView) -> String {
    say!(lang, "confirm-resign", title = title(lang, view))
}

/// A piece picked in the move picker that has no move.
pub(crate) fn piece_cannot_move(lang: Language, square: Square, notation: Notation) -> String {
    say!(
        lang,
        "piece-cannot-move",
        square = notation::square_name(square, notation)
    )
}

/// Above the second menu of the move picker.
pub(crate) fn moves_of_piece(lang: Language, square: Square, notation: Notation) -> String {
    say!(
        lang,
        "moves-of-piece",
        square = notation::square_name(square, notation)
    )
}

/// An option of the move picker's first menu: "Piece on d3".
pub(crate) fn menu_piece(lang: Language, square: Square, notation: Notation) -> String {
    say!(
        lang,
        "menu-piece",
        square = notation::square_name(square, notation)
    )
}

/// The placeholder of the move picker's first menu: "Move (White): choose a piece".
pub(crate) fn menu_pick_piece(lang: Language, side: Color) -> String {
    say!(lang, "menu-pick-piece", colour = colour(lang, side))
}

/// The placeholder of the move picker's second menu.
pub(crate) fn menu_pick_move(lang: Language) -> String {
    say!(lang, "menu-pick-move")
}

/// Under a capture in the move picker: "takes 2 pieces".
pub(crate) fn menu_takes(lang: Language, count: u32) -> String {
    say!(lang, "menu-takes", count = count)
}

/// To an actor whose game is played elsewhere.
pub(crate) fn game_goes_on_in(lang: Language, channel: ChannelId) -> String {
    say!(lang, "game-goes-on-in", channel = format!("<#{channel}>"))
}

/// Where a rematch challenge made from a game's thread was posted: "… is in <#5>."
pub(crate) fn rematch_challenge_in(lang: Language, channel: ChannelId) -> String {
    say!(
        lang,
        "rematch-challenge-in",
        channel = format!("<#{channel}>")
    )
}

/// A reminder: "<@2>, it is your move in **…**: time runs out <t:…:R>."
pub(crate) fn reminder(
    lang: Language,
    view: &GameView,
    user: UserId,
    deadline: Timestamp,
) -> String {
    say!(
        lang,
        "reminder",
        who = format!("<@{user}>"),
        title = title(lang, view),
        deadline = relative_time(deadline),
    )
}

/// "The challenge from alice to bob has expired."
pub(crate) fn challenge_expired(lang: Language, challenge: &Challenge) -> String {
    let challenger = escape(&challenge.challenger.name);
    match &challenge.challenged {
        Some(p) => say!(
            lang,
            "challenge-to-expired",
            challenger = challenger,
            opponent = escape(&p.name)
        ),
        None => say!(lang, "challenge-expired", challenger = challenger),
    }
}

/// A game suggested to the player typing a `game` option: "#12 vs bob: your turn".
pub(crate) fn game_choice(lang: Language, game: GameId, opponent: &str, my_turn: bool) -> String {
    if my_turn {
        say!(
            lang,
            "suggest-your-turn",
            game = game.0,
            opponent = opponent
        )
    } else {
        say!(
            lang,
            "suggest-their-turn",
            game = game.0,
            opponent = opponent
        )
    }
}

#[cfg(test)]
mod tests {
    use dama_rules::Position;

    use dama_rules::{DrawReason, WinReason};

    use super::*;
    use crate::discord::fixtures;
    use dama_engine::Level;
    use dama_service::clock::Timestamp;
    use dama_service::ids::{ChannelId, GameId, UserId};

    use dama_service::model::{Player, Seats};
    use dama_service::rating::Rating;
    use dama_service::service::{HeadToHead, RatingSummary};

    fn view() -> GameView {
        GameView {
            deadline: Some(Timestamp::from_millis(1_700_000_000_000)),
            ..fixtures::game(GameId(12), "bob_the*great", Position::start())
        }
    }

    #[test]
    fn settings_say_each_notation_in_every_language() {
        for lang in Language::ALL {
            for notation in Notation::ALL {
                let settings = PlayerSettings {
                    notation,
                    ..PlayerSettings::default()
                };
                let said = super::settings(lang, &settings);
                let example = "d3-d4"
                    .parse::<MoveText>()
                    .expect("a move")
                    .to_string_in(notation);
                assert!(said.contains(&format!("`{example}`")), "{said}");
            }
        }
    }

    #[test]
    fn live_games_name_the_players_the_move_the_turn_and_the_thread() {
        let mut first = view();
        first.thread = Some(ChannelId(77));
        first.ply = 5;
        first.position = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 b"
            .parse()
            .expect("position");
        let second = GameView {
            id: GameId(13),
            ..view()
        };
        let text = live_games(Language::En, &[first, second], 2);
        assert_eq!(
            text,
            "**Games in progress on this server**: 2\n\
             - Game #12: alice (White) vs bob\\_the\\*great (Black): move 3, \
             bob\\_the\\*great (Black) to move · <#77>\n\
             - Game #13: alice (White) vs bob\\_the\\*great (Black): move 1, \
             alice (White) to move · <#1>"
        );
        assert!(live_games(Language::Tr, &[], 0).starts_with("Bu sunucuda süren bir oyun yok"));
    }

    #[test]
    fn live_games_fit_one_message_and_say_how_many_are_shown() {
        let long = "x".repeat(32);
        let game = GameView {
            seats: Seats::new(
                Participant::Human(Player::new(UserId(1), &long)),
                Participant::Human(Player::new(UserId(2), &long)),
            ),
            thread: Some(ChannelId(u64::MAX)),
            ..view()
        };
        let games = vec![game; 25];
        let text = live_games(Language::En, &games, 40);
        assert!(text.chars().count() <= 2000, "{}", text.chars().count());
        let shown = text.lines().filter(|l| l.starts_with("- ")).count();
        assert!((10..25).contains(&shown), "{shown}");
        assert!(
            text.ends_with(&format!("-# The {shown} most recently played are listed.")),
            "{text}"
        );
        // All of them fit: no last line.
        let text = live_games(Language::En, &games[..3], 3);
        assert!(!text.contains("-#"), "{text}");
    }

    fn en(err: &ServiceError) -> String {
        explain(Language::En, Notation::Algebraic, err)
    }

    #[test]
    fn names_escape_markdown_so_they_show_as_typed() {
        assert_eq!(name(Language::En, &view().seats.black), "bob\\_the\\*great");
        assert_eq!(
            name(Language::En, &Participant::Engine(Level::MIN)),
            "Computer (level 1)"
        );
    }

    #[test]
    fn the_turn_line_pings_the_player_to_move_with_the_deadline() {
        let line = turn(Language::En, &view());
        assert_eq!(
            line,
            "<@1> to move (White), time runs out <t:1700000000:R>."
        );
        let mut engine_to_move = view();
        engine_to_move.seats.white = Participant::Engine(Level::MAX);
        assert_eq!(
            turn(Language::En, &engine_to_move),
            "Computer (level 5) to move (White)."
        );
    }

    #[test]
    fn a_result_names_the_winner_and_the_reason() {
        let won = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        };
        assert_eq!(
            result(Language::En, &view(), won, Notation::Algebraic),
            "**bob\\_the\\*great (Black) wins**: alice resigned. Result 0-1."
        );
        let drawn = Outcome::Draw(DrawReason::Repetition);
        assert!(
            result(Language::En, &view(), drawn, Notation::Algebraic)
                .starts_with("**Draw**: the same position")
        );
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
            Language::En,
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
        let name = thread_name(Language::En, &long);
        assert_eq!(name.chars().count(), 100);
        assert!(name.ends_with(" (#12)"));
        assert_eq!(
            thread_name(Language::En, &view()),
            "alice vs bob_the*great (#12)"
        );
    }

    #[test]
    fn a_refused_limit_names_the_limit_and_the_way_under_it() {
        assert_eq!(
            en(&ServiceError::TooManyChallenges { limit: 10 }),
            "You already have 10 open challenges: withdraw one (the Withdraw button) or wait \
             for answers."
        );
        assert_eq!(
            en(&ServiceError::TooManyChallengesToPlayer { limit: 1 }),
            "You already have 1 open challenge to this player: wait for an answer, or \
             withdraw one (the Withdraw button) to send another."
        );
        assert_eq!(
            en(&ServiceError::TooManyComputerGames { limit: 3 }),
            "You already play 3 games against the computer: finish one (or resign it with \
             `/dama resign`) before starting another."
        );
        assert!(en(&ServiceError::TooManyGames { limit: 30 }).contains("30 games"));
        assert!(
            en(&ServiceError::OpponentHasTooManyGames { limit: 30 })
                .starts_with("The challenger already plays 30 games")
        );
    }

    #[test]
    fn refusals_read_as_sentences_and_internal_errors_stay_generic() {
        assert_eq!(
            en(&ServiceError::NotYourTurn),
            "It is not your turn: wait for your opponent's move."
        );
        assert_eq!(
            en(&ServiceError::SeveralGamesHere(vec![GameId(3), GameId(5)])),
            "You have several games here (#3, #5): choose one with the `game` option."
        );
        let corrupt = ServiceError::Corrupt {
            game: GameId(1),
            reason: "secret detail".into(),
        };
        assert_eq!(en(&corrupt), Sentence::GenericFailure.say(Language::En));
        let pos = Position::start();
        let illegal = dama_rules::notation::resolve_str(&pos, "d3-d5").expect_err("illegal");
        assert_eq!(
            en(&ServiceError::Move(illegal)),
            "**d3-d5** is not a legal move."
        );
    }

    /// A white man on d4 that must take d5 and e6 (d4xd6xf6), and types a plain move.
    fn capture_refused() -> ServiceError {
        let pos: Position = "8/8/4b3/3b4/3w4/8/8/8 w".parse().expect("position");
        let e = dama_rules::notation::resolve_str(&pos, "d4-c4").expect_err("a capture first");
        ServiceError::Move(e)
    }

    #[test]
    fn the_compulsory_capture_is_named_in_the_readers_notation_with_its_count() {
        assert_eq!(
            en(&capture_refused()),
            "A capture is compulsory: you must take 2 pieces, e.g. d4xd6xf6."
        );
        // d4 is square 36, d6 is 20 and f6 is 22 in RULES.md numbering.
        assert_eq!(
            explain(Language::En, Notation::Numeric, &capture_refused()),
            "A capture is compulsory: you must take 2 pieces, e.g. 36x20x22."
        );
        assert_eq!(
            explain(Language::Tr, Notation::Numeric, &capture_refused()),
            "Alma zorunluluğu var: 2 taş almalısın, örneğin 36x20x22."
        );
    }

    #[test]
    fn refusals_are_said_in_turkish() {
        let tr = |e: &ServiceError| explain(Language::Tr, Notation::Algebraic, e);
        assert_eq!(
            tr(&ServiceError::NotYourTurn),
            "Sıra sende değil: rakibinin hamlesini bekle."
        );
        assert_eq!(
            tr(&capture_refused()),
            "Alma zorunluluğu var: 2 taş almalısın, örneğin d4xd6xf6."
        );
        let illegal =
            dama_rules::notation::resolve_str(&Position::start(), "d3-d5").expect_err("illegal");
        assert_eq!(
            tr(&ServiceError::Move(illegal)),
            "**d3-d5** kurallara uygun bir hamle değil."
        );
        assert_eq!(
            tr(&ServiceError::TooManyGames { limit: 30 }),
            "Zaten aynı anda 30 oyun oynuyorsun, izin verilen en fazla bu: yenisine başlamadan \
             önce birini bitir (ya da `/dama resign` ile terk et)."
        );
    }

    #[test]
    fn a_seasons_end_names_its_champions_in_turkish() {
        let champion = |rank: u32, name: &str, rating: f64| LeaderboardEntry {
            rank,
            user: UserId(u64::from(rank)),
            name: name.to_owned(),
            rating: dama_service::rating::Rating {
                rating,
                ..dama_service::rating::Rating::default()
            },
            games: 3,
            provisional: false,
        };
        let season = Season {
            number: 2,
            started_at: Timestamp::from_millis(0),
            ended_at: Some(Timestamp::from_millis(1)),
        };
        let ended = SeasonEnded {
            season,
            champions: vec![champion(1, "Ayşe", 1620.4), champion(2, "Mehmet", 1480.0)],
        };
        assert_eq!(
            season_ended(Language::Tr, &ended, 3),
            "**2. sezon** bitti. Son sıralaması olduğu gibi kalır: `/dama leaderboard season:2`.\n\
             2. sezonun şampiyonları:\n1. Ayşe 1620 (3 oyun)\n2. Mehmet 1480 (3 oyun)"
        );
        let nobody = SeasonEnded {
            season,
            champions: Vec::new(),
        };
        assert!(
            season_ended(Language::Es, &nobody, 3).ends_with("esta vez no hay campeones."),
            "{}",
            season_ended(Language::Es, &nobody, 3)
        );
        let board = Leaderboard {
            season: Some(season),
            entries: Vec::new(),
        };
        assert!(
            leaderboard(Language::Sv, &board, true, 3)
                .starts_with("**Topplista** (den här servern, säsong 2, sluttabell)")
        );
    }

    #[test]
    fn a_turkish_sentence_starting_with_i_gets_a_dotted_capital() {
        let short = ServiceError::Move(ResolveError::Syntax(ParseMoveError::TooShort));
        let text = explain(Language::Tr, Notation::Algebraic, &short);
        assert_eq!(
            text,
            "İki kare gerekli: bir hamle en az iki kareden oluşur, d3-d4 gibi."
        );
    }

    #[test]
    fn results_and_turns_are_said_in_turkish() {
        let won = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        };
        assert_eq!(
            result(Language::Tr, &view(), won, Notation::Algebraic),
            "**bob\\_the\\*great (Siyah) kazandı**: alice terk etti. Sonuç 0-1."
        );
        assert_eq!(
            turn(Language::Tr, &view()),
            "Hamle sırası: <@1> (Beyaz), süre <t:1700000000:R> doluyor."
        );
        let mut engine_to_move = view();
        engine_to_move.seats.white = Participant::Engine(Level::MIN);
        assert_eq!(
            turn(Language::Tr, &engine_to_move),
            "Hamle sırası: Bilgisayar (seviye 1) (Beyaz)."
        );
    }

    #[test]
    fn a_missed_capture_loss_names_the_capture_in_the_readers_notation() {
        let pos: Position = "8/8/4b3/3b4/3w4/8/8/8 w".parse().expect("position");
        let available = dama_rules::notation::resolve_str(&pos, "d4xd6xf6").expect("legal");
        let lost = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::MissedCapture { available },
        };
        assert_eq!(
            result(Language::En, &view(), lost, Notation::Numeric),
            "**bob\\_the\\*great (Black) wins**: alice missed a compulsory capture (36x20x22 \
             takes 2 pieces). Result 0-1."
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
            super::stats(Language::En, &stats, "ignored", 3),
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
            super::stats(Language::En, &stats, "carol", 3),
            "**carol**\nNo rated game here yet.\n0 games: 0 won, 0 drawn, 0 lost."
        );
    }
}
