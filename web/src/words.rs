//! The words of a game page, in the reader's language: plain text (names as typed, the
//! sentences written in [`Style::Plain`]), for the page's HTML and its script's state alike.

use dama_rules::notation::{self, Notation};
use dama_rules::{Color, Outcome};
use dama_service::service::GameView;

use dama_words::Language;
use dama_words::numbers;
use dama_words::say;
use dama_words::text::{self, Style};

/// A side's name as typed, or the computer with its level.
pub(crate) fn name(lang: Language, view: &GameView, color: Color) -> String {
    text::raw_name(lang, view.participant(color))
}

/// "Game #12: alice vs bob".
pub(crate) fn title(lang: Language, view: &GameView) -> String {
    say!(
        lang,
        "web-page-title",
        game = numbers::label(view.id.0),
        white = name(lang, view, Color::White),
        black = name(lang, view, Color::Black),
    )
}

/// Whose turn it is (and a pending draw offer), or the result once the game is over.
pub(crate) fn status(lang: Language, view: &GameView) -> String {
    if let Some(outcome) = view.outcome {
        return result(lang, view, outcome);
    }
    let mut line = say!(
        lang,
        "web-turn",
        name = name(lang, view, view.turn()),
        colour = text::colour(lang, view.turn()),
    );
    if let Some(offerer) = view.draw_offer {
        line.push(' ');
        line.push_str(&say!(
            lang,
            "turn-draw-offer",
            name = name(lang, view, offerer)
        ));
    }
    line
}

/// "bob (Black) wins: alice resigned. Result 0-1." (names as typed, nothing set apart).
fn result(lang: Language, view: &GameView, outcome: Outcome) -> String {
    text::result_in(Style::Plain, lang, view, outcome, Notation::Algebraic)
}

/// The link preview's description: the players, the move number and the status.
pub(crate) fn description(lang: Language, view: &GameView) -> String {
    say!(
        lang,
        "web-description",
        white = name(lang, view, Color::White),
        black = name(lang, view, Color::Black),
        number = view.move_number(),
        status = status(lang, view),
    )
}

/// The rule set in words.
pub(crate) fn rules(lang: Language, view: &GameView) -> String {
    text::rules_in(lang, view.rules)
}

/// The board in words (the picture's alt text, the SVG's label).
pub(crate) fn board(lang: Language, view: &GameView) -> String {
    dama_words::alt_text::board(
        lang,
        Notation::Algebraic,
        &view.position,
        view.last_move.as_ref(),
        view.outcome,
    )
}

/// A move in both notations: (algebraic, numeric).
pub(crate) fn move_texts(m: &dama_rules::Move) -> (String, String) {
    (
        notation::format(m, Notation::Algebraic),
        notation::format(m, Notation::Numeric),
    )
}

/// A word of the page that takes no argument.
pub(crate) fn word(lang: Language, key: &'static str) -> String {
    dama_words::i18n::message(lang, key, None)
}
