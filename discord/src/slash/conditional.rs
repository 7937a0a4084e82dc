//! Conditional moves and premoves: answers a player stores in the opponent's turn
//! (`/dama conditional`, `/dama premove`), told to them alone in their notation. The service
//! checks the lines against the rules and plays the answers; here the typed text is only read.

use std::str::FromStr;

use dama_rules::notation::MoveText;

use crate::app::App;
use crate::args::Args;
use crate::commands::{ConditionalAction, opt};
use crate::interaction::{Failure, Source};
use dama_words::i18n::Language;
use dama_words::text::{self, Sentence};

/// What `/dama conditional` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Wanted {
    /// Save this line (the opponent's move first, then the answer, in pairs).
    Save(Vec<MoveText>),
    /// List the stored lines and premove.
    List,
    /// Clear them.
    Clear,
}

impl App {
    /// `/dama premove move:<move> [game]`: stores the answer to whatever the opponent plays
    /// next. Only its notation is read here; the rules judge it when the turn comes.
    pub(super) async fn premove(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let typed = args.str(opt::MOVE).unwrap_or_default();
        let premove = MoveText::from_str(typed.trim())
            .map_err(|e| Failure::refused(text::not_a_move(src.lang(), typed, &e)))?;
        let game = self.chosen_game(src, args.int(opt::GAME)).await?;
        let lines = self
            .service
            .set_premove(game.id, src.user_id(), &premove)
            .await?;
        let notation = self.service.settings(src.user_id()).await?.notation;
        Ok(src
            .tell(&text::premove_saved(src.lang(), &lines, notation))
            .await?)
    }

    /// `/dama conditional [line] [action:list|clear] [game]`: saves a line, or lists (also
    /// with neither option) or clears the member's stored answers.
    pub(super) async fn conditional(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let action = args
            .str(opt::ACTION)
            .map(|word| {
                ConditionalAction::of(word)
                    .ok_or_else(|| Failure::refused(text::unknown_choice(src.lang(), word)))
            })
            .transpose()?;
        let wanted = wanted(src.lang(), args.str(opt::LINE), action)?;
        let game = self.chosen_game(src, args.int(opt::GAME)).await?;
        let user = src.user_id();
        let lang = src.lang();
        let notation = self.service.settings(user).await?.notation;
        let words = match wanted {
            Wanted::Save(line) => {
                let lines = self
                    .service
                    .set_conditional(game.id, user, &line, None)
                    .await?;
                text::conditional_saved(lang, &lines, notation)
            }
            Wanted::List => {
                let lines = self.service.conditional_lines(game.id, user).await?;
                text::conditional_listed(lang, &lines, notation)
            }
            Wanted::Clear => {
                self.service.clear_conditional(game.id, user).await?;
                text::conditional_cleared(lang, game.id)
            }
        };
        Ok(src.tell(&words).await?)
    }
}

/// What the options of `/dama conditional` ask for: a `line` saves it, an `action` lists or
/// clears, neither lists; both at once are refused, as is a move of the line that is not
/// notation, in `lang`.
fn wanted(
    lang: Language,
    line: Option<&str>,
    action: Option<ConditionalAction>,
) -> Result<Wanted, Failure> {
    let line = line.filter(|typed| !typed.trim().is_empty());
    match (line, action) {
        (Some(_), Some(_)) => Err(Failure::refused(
            Sentence::ConditionalLineOrAction.say(lang),
        )),
        (Some(typed), None) => parse_line(lang, typed).map(Wanted::Save),
        (None, Some(ConditionalAction::Clear)) => Ok(Wanted::Clear),
        (None, Some(ConditionalAction::List) | None) => Ok(Wanted::List),
    }
}

/// A line as typed: moves separated by spaces or commas (`e6-e5 c3-c4, b6-b5 g3-g4`), move
/// numbers as in a game record (`1.`, `2...`) left out. The first move that is not notation is
/// refused with the words that say why.
fn parse_line(lang: Language, typed: &str) -> Result<Vec<MoveText>, Failure> {
    typed
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty() && !is_move_number(word))
        .map(|word| {
            MoveText::from_str(word).map_err(|e| Failure::refused(text::not_a_move(lang, word, &e)))
        })
        .collect()
}

/// A move number of a game record: digits followed by dots (`1.`, `12...`).
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(result: Result<Wanted, Failure>) -> String {
        match result {
            Err(Failure::Refused(words)) => words,
            other => panic!("not refused: {other:?}"),
        }
    }

    fn line(moves: &[&str]) -> Wanted {
        Wanted::Save(moves.iter().map(|m| m.parse().expect("a move")).collect())
    }

    #[test]
    fn a_line_is_read_move_by_move_in_either_notation() {
        let read = |typed| wanted(Language::En, Some(typed), None).expect("a line");
        assert_eq!(
            read("e6-e5 d4xd6 f7xd5 c3-c4"),
            line(&["e6-e5", "d4xd6", "f7xd5", "c3-c4"])
        );
        assert_eq!(
            read("  1. e6-e5, c3-c4   2. b6-b5 g3-g4 "),
            line(&["e6-e5", "c3-c4", "b6-b5", "g3-g4"])
        );
        // Numeric notation reads as the same squares.
        let numeric = ["e6-e5", "c3-c4"].map(|m| {
            m.parse::<MoveText>()
                .expect("a move")
                .to_string_in(dama_rules::notation::Notation::Numeric)
        });
        assert_eq!(
            read(&numeric.join(" ")),
            line(&["e6-e5", "c3-c4"]),
            "{numeric:?}"
        );
    }

    #[test]
    fn a_line_with_a_word_that_is_not_a_move_is_refused_with_the_words_message() {
        let said = refusal(wanted(Language::En, Some("e6-e5 c3-c9"), None));
        let expected = text::not_a_move(
            Language::En,
            "c3-c9",
            &"c3-c9".parse::<MoveText>().expect_err("not a move"),
        );
        assert_eq!(said, expected);
        assert!(said.starts_with("`c3-c9` "), "{said}");
        let tr = refusal(wanted(Language::Tr, Some("e6-e5 d4-d5xd6"), None));
        assert!(tr.contains("bir hamle değil"), "{tr}");
    }

    #[test]
    fn options_choose_saving_listing_or_clearing_and_not_two_at_once() {
        assert_eq!(
            wanted(Language::En, None, None).expect("list"),
            Wanted::List
        );
        assert_eq!(
            wanted(Language::En, Some("   "), None).expect("list"),
            Wanted::List
        );
        assert_eq!(
            wanted(Language::En, None, Some(ConditionalAction::List)).expect("list"),
            Wanted::List
        );
        assert_eq!(
            wanted(Language::En, None, Some(ConditionalAction::Clear)).expect("clear"),
            Wanted::Clear
        );
        let both = refusal(wanted(
            Language::Es,
            Some("e6-e5 c3-c4"),
            Some(ConditionalAction::Clear),
        ));
        assert_eq!(both, Sentence::ConditionalLineOrAction.say(Language::Es));
    }

    #[test]
    fn reading_a_line_never_panics_on_odd_text() {
        let odd = [
            "",
            "-",
            "x",
            "1.",
            "...",
            "1..",
            "99999999999999999999.",
            "e6-",
            "-e5",
            "e6xx",
            "e6-e5-e4",
            "ü-ş",
            "\u{0}",
            "e6—e5",
            "64-65",
            "0-1",
            "a9-a8",
            ",,,",
            "1.e6-e5",
            "e6:e5",
            "e6×d6",
            "d4xd6xf6xf4xd4xb4xb6xd6",
        ];
        for typed in odd {
            for lang in Language::ALL {
                let _ = parse_line(lang, typed);
                let _ = wanted(lang, Some(typed), None);
            }
        }
        assert!(is_move_number("12..."));
        assert!(!is_move_number("..."));
        assert!(!is_move_number("44-36"));
        assert!(parse_line(Language::En, "1.").expect("nothing").is_empty());
    }
}
