//! A puzzle's words that every face shows: who is to play, where it comes from, its line, the
//! rating change, and why a request was refused.

use dama_rules::Move;
use dama_rules::notation::{self, Notation};
use dama_service::service::{
    PuzzleAnswer, PuzzleError, PuzzleRatingChange, PuzzleSource, PuzzleView,
};

use crate::i18n::Language;
use crate::numbers;
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
        game = numbers::label(source.game.0),
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
        before = numbers::rating(lang, change.before.rating),
        after = numbers::rating(lang, change.after.rating),
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
        PuzzleError::NotMember => say!(lang, "web-puzzle-not-member"),
        PuzzleError::NoSuchPuzzle(id) => {
            say!(lang, "puzzle-no-such", puzzle = numbers::label(id.0))
        }
        PuzzleError::NoDailyPuzzle => say!(lang, "puzzle-no-daily"),
        PuzzleError::AlreadyTried(id) => {
            say!(lang, "puzzle-already-tried", puzzle = numbers::label(id.0))
        }
        PuzzleError::TooMany { limit } => say!(lang, "puzzle-too-many", limit = *limit),
        PuzzleError::BadHour(hour) => say!(lang, "puzzle-bad-hour", hour = *hour),
        PuzzleError::Invalid(_) | PuzzleError::Corrupt { .. } => {
            text::Sentence::GenericFailure.say(lang)
        }
    }
}

/// What came of an answer to a puzzle, a sentence a line, moves in `notation`: the reply and
/// "your move" while the try goes on; once it is over, the verdict (and the solution, when
/// missed) and the solver's new rating.
pub fn answer_lines(lang: Language, answer: &PuzzleAnswer, notation: Notation) -> Vec<String> {
    let format = |m: &Move| notation::format(m, notation);
    match answer {
        PuzzleAnswer::Correct { played, reply, .. } => vec![
            say!(lang, "puzzle-correct", move = format(played), reply = format(reply)),
            say!(lang, "puzzle-your-move"),
        ],
        PuzzleAnswer::Solved { played, rating, .. } => vec![
            say!(lang, "puzzle-solved", move = format(played)),
            rating_line(lang, rating),
        ],
        PuzzleAnswer::Failed {
            played,
            expected,
            solution,
            rating,
            ..
        } => vec![
            say!(
                lang,
                "puzzle-failed",
                move = format(played),
                expected = format(expected)
            ),
            say!(
                lang,
                "puzzle-solution",
                line = line_text(solution, notation)
            ),
            rating_line(lang, rating),
        ],
    }
}
