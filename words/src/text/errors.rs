//! Refusals: why the service or the rules said no, in the reader's words and notation (the
//! `errors` catalogs).

use super::*;
use dama_service::service::Managed;

/// A refusal from the service in words for the player, squares and moves in `notation`, in
/// Discord's markdown. Internal failures get the generic message; the caller logs them.
pub fn explain(lang: Language, notation: Notation, err: &ServiceError) -> String {
    explain_in(Style::Markdown, lang, notation, err)
}

/// [`explain`] written in `style`.
pub fn explain_in(style: Style, lang: Language, notation: Notation, err: &ServiceError) -> String {
    match err {
        ServiceError::NoSuchGame(id) => say!(lang, "no-such-game", game = numbers::label(id.0)),
        ServiceError::NoGameHere => say!(lang, "no-game-here"),
        ServiceError::SeveralGamesHere(ids) => {
            let list: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
            say!(lang, "several-games-here", games = list.join(", "))
        }
        ServiceError::NotAParticipant => say!(lang, "not-a-participant"),
        ServiceError::NotYourTurn => say!(lang, "not-your-turn"),
        ServiceError::GameOver => say!(lang, "game-over"),
        ServiceError::DeadlinePassed => say!(lang, "deadline-passed"),
        ServiceError::OutOfTime => say!(lang, "out-of-time"),
        ServiceError::GameAborted => say!(lang, "game-aborted"),
        ServiceError::NothingToClaim => say!(lang, "nothing-to-claim"),
        ServiceError::OpponentStillHere { wait } => say!(
            lang,
            "opponent-still-here",
            seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
        ),
        ServiceError::OverdueGame(id) => say!(lang, "overdue-game", game = numbers::label(id.0)),
        ServiceError::MovedOn { .. } => say!(lang, "moved-on"),
        ServiceError::NotVisibleHere => say!(lang, "not-visible-here"),
        ServiceError::Move(e) => sentence(lang, &move_refusal_in(style, lang, notation, e)),
        ServiceError::MissedCapture { available, .. } => say!(
            lang,
            "missed-capture-refused",
            available = notation::format(available, notation),
            count = available.capture_count(),
        ),
        ServiceError::Conflict => say!(lang, "conflict"),
        ServiceError::NoSuchChallenge(id) => {
            say!(lang, "no-such-challenge", challenge = numbers::label(id.0))
        }
        ServiceError::ChallengeGone => say!(lang, "challenge-gone"),
        ServiceError::ChallengeExpired => say!(lang, "challenge-has-expired"),
        ServiceError::ChallengeNotForYou => say!(lang, "challenge-not-for-you"),
        ServiceError::OwnChallenge => say!(lang, "own-challenge"),
        ServiceError::NotYourChallenge => say!(lang, "not-your-challenge"),
        ServiceError::SelfChallenge => say!(lang, "self-challenge"),
        ServiceError::NoClockHere => say!(lang, "no-clock-here"),
        ServiceError::ManagersOnly(Managed::Settings) => {
            say!(lang, "needs-manage-server")
        }
        ServiceError::ManagersOnly(Managed::Seasons) => {
            say!(lang, "season-needs-manage-server")
        }
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
        ServiceError::DeclinedRecently { until } => say!(
            lang,
            "declined-recently",
            when = relative_time(*until),
            at = full_time(*until)
        ),
        ServiceError::TooManyGames { limit } => say!(lang, "too-many-games", limit = *limit),
        ServiceError::OpponentHasTooManyGames { limit } => {
            say!(lang, "opponent-has-too-many-games", limit = *limit)
        }
        ServiceError::TooManyComputerGames { limit } => {
            say!(lang, "too-many-computer-games", limit = *limit)
        }
        ServiceError::TournamentWouldExceedGames { limit } => {
            say!(lang, "tournament-would-exceed-games", limit = *limit)
        }
        ServiceError::TooManyTournaments { limit } => {
            say!(lang, "tournament-too-many-joined", limit = *limit)
        }
        ServiceError::TooManyOpenTournaments { limit } => {
            say!(lang, "tournament-too-many-created", limit = *limit)
        }
        ServiceError::ServerHasTooManyTournaments { limit } => {
            say!(lang, "tournament-server-too-many", limit = *limit)
        }
        ServiceError::SeveralTournamentsOpen(ids) => {
            let list: Vec<String> = ids.iter().map(|id| id.0.to_string()).collect();
            say!(
                lang,
                "tournament-several-open",
                tournaments = list.join(", "),
                first = ids.first().map_or(0, |id| id.0),
            )
        }
        ServiceError::TournamentJustCreated(id) => {
            say!(
                lang,
                "tournament-just-created",
                tournament = numbers::label(id.0)
            )
        }
        ServiceError::TooManyReviews { limit } => say!(lang, "review-too-many", limit = *limit),
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
        ServiceError::NoSuchTournament(id) => say!(
            lang,
            "no-such-tournament",
            tournament = numbers::label(id.0)
        ),
        ServiceError::NoTournamentHere => say!(lang, "no-tournament-here"),
        ServiceError::NoSuchArena(id) => {
            say!(lang, "no-such-arena", arena = numbers::label(id.0))
        }
        ServiceError::ArenaDuration { min, max } => {
            say!(lang, "arena-duration", min = *min, max = *max)
        }
        ServiceError::BerserkRefused => say!(lang, "arena-berserk-refused"),
        ServiceError::TournamentStarted => say!(lang, "tournament-already-started"),
        ServiceError::TournamentOver => say!(lang, "tournament-over"),
        ServiceError::TournamentFull { max } => say!(lang, "tournament-full", max = *max),
        ServiceError::AlreadyJoined => say!(lang, "tournament-already-joined"),
        ServiceError::NotInTournament => say!(lang, "tournament-not-in"),
        ServiceError::NotOrganiser => say!(lang, "tournament-not-organiser"),
        ServiceError::TooFewPlayers { have, min } => {
            say!(lang, "tournament-too-few", have = *have, min = *min)
        }
        ServiceError::Puzzle(e) => crate::puzzles::refusal(lang, e),
        ServiceError::Conditional(e) => conditional_refusal(style, lang, notation, e),
        ServiceError::Evaluation(e) => evaluation_refusal(lang, e),
        ServiceError::Corrupt { .. }
        | ServiceError::Engine { .. }
        | ServiceError::Outbox(_)
        | ServiceError::Database(_) => Sentence::GenericFailure.say(lang),
    }
}

/// Why the computer did not evaluate a position.
fn evaluation_refusal(lang: Language, e: &dama_service::service::EvaluationError) -> String {
    use dama_service::service::EvaluationError;
    match e {
        EvaluationError::DuringGame => say!(lang, "web-evaluation-after-game"),
        EvaluationError::NotOfTheGame => say!(lang, "evaluation-not-of-game"),
        EvaluationError::LineTooLong { max } => say!(lang, "evaluation-line-too-long", max = *max),
        EvaluationError::GameInProgress => say!(lang, "evaluation-game-in-progress"),
        EvaluationError::UnderWay { limit } => {
            say!(lang, "web-evaluation-too-many", limit = *limit)
        }
        EvaluationError::Quota { limit } => say!(lang, "web-evaluation-quota", limit = *limit),
        EvaluationError::Busy => say!(lang, "web-busy"),
    }
}

/// Why conditional moves (or a premove) were not stored, with moves in `notation`.
fn conditional_refusal(
    style: Style,
    lang: Language,
    notation: Notation,
    e: &dama_service::service::ConditionalError,
) -> String {
    use dama_service::service::ConditionalError;
    // A move's place in the line, counted from 1.
    let number = |at: &usize| at + 1;
    match e {
        ConditionalError::OwnTurn => say!(lang, "conditional-own-turn"),
        ConditionalError::AgainstComputer => say!(lang, "conditional-against-computer"),
        ConditionalError::Unanswered => say!(lang, "conditional-unanswered"),
        ConditionalError::Illegal { at, error } => say!(
            lang,
            "conditional-illegal",
            number = number(at),
            why = move_refusal_in(style, lang, notation, error),
        ),
        ConditionalError::MissedCapture {
            played, available, ..
        } => say!(
            lang,
            "conditional-missed-capture",
            played = notation::format(played, notation),
            available = notation::format(available, notation),
        ),
        ConditionalError::GameEnds { at } => {
            say!(lang, "conditional-game-ends", number = number(at))
        }
        ConditionalError::TooDeep { max } => say!(lang, "conditional-too-deep", max = *max),
        ConditionalError::TooManyLines { max } => {
            say!(lang, "conditional-too-many-lines", max = *max)
        }
    }
}

/// Why a move names no legal move, as a phrase (no capital, no full stop), with its squares
/// and moves in `notation`: "a capture is compulsory: you must take 2 pieces, e.g. d4xd6xf6".
pub fn move_refusal(lang: Language, notation: Notation, e: &ResolveError) -> String {
    move_refusal_in(Style::Markdown, lang, notation, e)
}

/// [`move_refusal`] written in `style`.
pub fn move_refusal_in(
    style: Style,
    lang: Language,
    notation: Notation,
    e: &ResolveError,
) -> String {
    let typed = |t: &MoveText| style.strong(&t.to_string_in(notation));
    match e {
        ResolveError::Syntax(e) => not_notation(style, lang, e),
        ResolveError::NoLegalMoves => say!(lang, "move-no-legal-moves"),
        ResolveError::NoPiece(square) => say!(
            lang,
            "move-no-piece",
            square = style.strong(&notation::square_name(*square, notation))
        ),
        ResolveError::NotYourPiece(square) => say!(
            lang,
            "move-not-your-piece",
            square = style.strong(&notation::square_name(*square, notation))
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
fn not_notation(style: Style, lang: Language, e: &ParseMoveError) -> String {
    match e {
        ParseMoveError::Empty => say!(lang, "move-empty"),
        ParseMoveError::BadSquare(text) => say!(lang, "move-bad-square", text = style.typed(text)),
        ParseMoveError::TooShort => say!(lang, "move-too-short"),
        ParseMoveError::Separators => say!(lang, "move-separators"),
    }
}

/// A word option that is not one of its choices.
pub fn unknown_choice(lang: Language, word: &str) -> String {
    say!(lang, "unknown-choice", word = escape(word))
}

/// Move text that does not parse, in Discord's markdown.
pub fn not_a_move(lang: Language, typed: &str, why: &ParseMoveError) -> String {
    not_a_move_in(Style::Markdown, lang, typed, why)
}

/// [`not_a_move`] written in `style`.
pub fn not_a_move_in(style: Style, lang: Language, typed: &str, why: &ParseMoveError) -> String {
    say!(
        lang,
        "not-a-move",
        typed = style.typed(typed),
        why = not_notation(style, lang, why),
        plain = style.example("d3-d4"),
        capture = style.example("d4xd6xf6"),
    )
}

/// An `action` word that is not one of the choices.
pub fn unknown_action(lang: Language, word: Option<&str>) -> String {
    say!(
        lang,
        "unknown-action",
        word = escape(word.unwrap_or_default())
    )
}

/// A `notation` word that is not one of the choices.
pub fn unknown_notation(lang: Language, word: &str) -> String {
    say!(lang, "unknown-notation", word = escape(word))
}

/// A piece picked in the move picker that has no move.
pub fn piece_cannot_move(lang: Language, square: Square, notation: Notation) -> String {
    say!(
        lang,
        "piece-cannot-move",
        square = notation::square_name(square, notation)
    )
}
