//! A puzzle's words that every face shows: who is to play, where it comes from, its line, the
//! rating change, and why a request was refused.

use dama_rules::Move;
use dama_rules::notation::{self, Notation};
use dama_service::service::{PuzzleError, PuzzleRatingChange, PuzzleSource, PuzzleView};

use crate::i18n::Language;
use crate::say;
use crate::text;

/// "White to play and win."
pub fn to_play(lang: Language, view: &PuzzleView) -> String {
    say!(
        lang,
        "puzzle-to-play",
        colour = text::colour(lang, view.solver)
    )
}

/// Where a puzzle comes from: "From game #12, Ada – Bo, move 14."
pub fn source_line(lang: Language, source: &PuzzleSource) -> String {
    say!(
        lang,
        "puzzle-source",
        game = source.game.0,
        white = text::name(lang, &source.white),
        black = text::name(lang, &source.black),
        turn = source.ply / 2 + 1,
    )
}

/// A line of moves in `notation`, separated by spaces.
pub fn line_text(moves: &[Move], notation: Notation) -> String {
    let moves: Vec<String> = moves
        .iter()
        .map(|m| notation::format(m, notation))
        .collect();
    moves.join(" ")
}

/// "Your puzzle rating: 1500 → 1520. Streak: 3 days."
pub fn rating_line(lang: Language, change: &PuzzleRatingChange) -> String {
    say!(
        lang,
        "puzzle-rating",
        before = format!("{:.0}", change.before.rating),
        after = format!("{:.0}", change.after.rating),
        streak = change.streak,
    )
}

/// Why a puzzle request was refused, in words for the member.
pub fn refusal(lang: Language, e: &PuzzleError) -> String {
    match e {
        PuzzleError::NeedsServer => say!(lang, "puzzle-needs-server"),
        PuzzleError::NoPuzzlesYet => say!(lang, "puzzle-none-yet"),
        PuzzleError::NoneLeft => say!(lang, "puzzle-none-left"),
        PuzzleError::NotSolving => say!(lang, "puzzle-not-solving"),
        PuzzleError::NoSuchPuzzle(id) => say!(lang, "puzzle-no-such", puzzle = id.0),
        PuzzleError::NoDailyPuzzle => say!(lang, "puzzle-no-daily"),
        PuzzleError::AlreadyTried(id) => say!(lang, "puzzle-already-tried", puzzle = id.0),
        PuzzleError::TooMany { limit } => say!(lang, "puzzle-too-many", limit = *limit),
        PuzzleError::BadHour(hour) => say!(lang, "puzzle-bad-hour", hour = *hour),
        PuzzleError::Invalid(_) | PuzzleError::Corrupt { .. } => {
            text::Sentence::GenericFailure.say(lang)
        }
    }
}
