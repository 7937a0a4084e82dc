//! A board in words, for readers who cannot see the picture: the alt text (an attachment's
//! `description`) of every board and replay the bot uploads, and the text board of
//! `/dama board text:true`. Squares and moves are in the reader's notation; the words come from
//! the `board` catalogs.
//!
//! Every piece is listed by its square: even the most crowded description (32 pieces, the
//! longest capture, in the wordiest language) takes well under half of Discord's 1,024
//! characters, so nothing is summarised; the cut to the limit is only a guard.

use dama_rules::notation::{self, Notation};
use dama_rules::{Color, LastMove, Outcome, Position, Role, Square};

use crate::i18n::Language;
use crate::limits::{ALT_TEXT_LIMIT, cut_to};
use crate::numbers;
use crate::say;
use crate::text;
use dama_service::ids::GameId;

/// What a board shows: who is to move (or the result), each side's men and kings by square,
/// and the last move. "White to move. White: 16 men (a2, b2, …). Black: 16 men (a6, …)."
pub fn board(
    lang: Language,
    notation: Notation,
    position: &Position,
    last: Option<&LastMove>,
    outcome: Option<Outcome>,
) -> String {
    let mut parts = vec![match outcome {
        Some(outcome) => say!(lang, "alt-over", result = result(lang, outcome)),
        None => say!(
            lang,
            "alt-to-move",
            colour = text::colour(lang, position.turn())
        ),
    }];
    parts.extend([Color::White, Color::Black].map(|c| side(lang, notation, position, c)));
    if let Some(last) = last {
        parts.push(say!(
            lang,
            "alt-last-move",
            colour = text::colour(lang, last.before.turn()),
            move = notation::format(&last.mv, notation),
        ));
    }
    cut_to(&parts.join(" "), ALT_TEXT_LIMIT)
}

/// What a replay shows: "Replay of game #12: 9 moves, result: Black wins (0-1)."
pub fn replay(lang: Language, game: GameId, moves: u32, outcome: Outcome) -> String {
    cut_to(
        &say!(
            lang,
            "alt-replay",
            game = numbers::label(game.0),
            moves = moves,
            result = result(lang, outcome),
        ),
        ALT_TEXT_LIMIT,
    )
}

/// The text board: the [`board`] description, then the board as a grid of letters in a code
/// block (w, W, b, B and dots), labelled in `notation` and turned as `flip` says, then what the
/// letters mean.
pub fn text_board(
    lang: Language,
    notation: Notation,
    flip: bool,
    position: &Position,
    last: Option<&LastMove>,
    outcome: Option<Outcome>,
) -> String {
    format!(
        "{}\n```\n{}```\n{}",
        board(lang, notation, position, last, outcome),
        grid(position, notation, flip),
        say!(lang, "text-board-legend"),
    )
}

/// The board as eight lines of letters, the reader's side at the bottom. Algebraic: ranks at
/// both ends of a line, files above and below. Numeric: each line between the numbers of its
/// end squares.
fn grid(position: &Position, notation: Notation, flip: bool) -> String {
    let ranks: Vec<u8> = if flip {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let files: Vec<u8> = if flip {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let width = match notation {
        Notation::Algebraic => 1,
        Notation::Numeric => 2,
    };
    let mut out = String::new();
    let header = match notation {
        Notation::Algebraic => {
            let letters: Vec<String> = files
                .iter()
                .map(|&f| char::from(b'a' + f).to_string())
                .collect();
            Some(format!("{:width$} {}\n", "", letters.join(" ")))
        }
        Notation::Numeric => None,
    };
    out.push_str(header.as_deref().unwrap_or_default());
    for &rank in &ranks {
        let squares: Vec<Square> = files
            .iter()
            .filter_map(|&f| Square::from_coords(f, rank))
            .collect();
        let cells: Vec<String> = squares
            .iter()
            .map(|&sq| position.piece_at(sq).map_or('.', |p| p.char()).to_string())
            .collect();
        let (left, right) = match notation {
            Notation::Algebraic => ((rank + 1).to_string(), (rank + 1).to_string()),
            Notation::Numeric => {
                let number = |sq: Option<&Square>| sq.map(|s| s.number().to_string());
                (
                    number(squares.first()).unwrap_or_default(),
                    number(squares.last()).unwrap_or_default(),
                )
            }
        };
        out.push_str(&format!("{left:>width$} {} {right}\n", cells.join(" ")));
    }
    out.push_str(header.as_deref().unwrap_or_default());
    out
}

/// "White: 3 men (a2, b2, c3); 1 king (d4)."
fn side(lang: Language, notation: Notation, position: &Position, colour: Color) -> String {
    let names = |role: Role| -> Vec<String> {
        let mut squares: Vec<Square> = position.board().pieces(colour, role).collect();
        if notation == Notation::Numeric {
            squares.sort_by_key(|sq| sq.number());
        }
        squares
            .into_iter()
            .map(|sq| notation::square_name(sq, notation))
            .collect()
    };
    let (men, kings) = (names(Role::Man), names(Role::King));
    let mut kinds = Vec::new();
    if !men.is_empty() {
        kinds.push(say!(
            lang,
            "alt-men",
            count = men.len(),
            squares = men.join(", ")
        ));
    }
    if !kings.is_empty() {
        kinds.push(say!(
            lang,
            "alt-kings",
            count = kings.len(),
            squares = kings.join(", ")
        ));
    }
    let pieces = if kinds.is_empty() {
        say!(lang, "alt-no-pieces")
    } else {
        kinds.join("; ")
    };
    say!(
        lang,
        "alt-side",
        colour = text::colour(lang, colour),
        pieces = pieces
    )
}

/// "White wins (1-0)", "draw (1/2-1/2)".
fn result(lang: Language, outcome: Outcome) -> String {
    let token = outcome.result_token();
    match outcome.winner() {
        Some(winner) => say!(
            lang,
            "alt-winner",
            colour = text::colour(lang, winner),
            token = token
        ),
        None => say!(lang, "alt-drawn", token = token),
    }
}

#[cfg(test)]
mod tests {
    use dama_rules::{Game, Move, Rules, WinReason};

    use super::*;

    fn position(text: &str) -> Position {
        text.parse().expect("position")
    }

    /// `text`, played in `before`.
    fn played(before: &str, text: &str) -> (Position, LastMove) {
        let before = position(before);
        let mv = notation::resolve_str(&before, text).expect("legal");
        (before.play(&mv).expect("plays"), LastMove::new(before, mv))
    }

    const SAMPLE: &str = "8/bbb5/8/8/8/3w4/7W/8 w";

    #[test]
    fn the_start_position_lists_every_man_by_square() {
        let start = Position::start();
        assert_eq!(
            board(Language::En, Notation::Algebraic, &start, None, None),
            "White to move. \
             White: 16 men (a2, b2, c2, d2, e2, f2, g2, h2, a3, b3, c3, d3, e3, f3, g3, h3). \
             Black: 16 men (a6, b6, c6, d6, e6, f6, g6, h6, a7, b7, c7, d7, e7, f7, g7, h7)."
        );
    }

    #[test]
    fn a_sample_position_in_english_names_men_kings_and_the_last_move() {
        let (after, last) = played(SAMPLE, "d3-d4");
        assert_eq!(
            board(Language::En, Notation::Algebraic, &after, Some(&last), None),
            "Black to move. White: 1 man (d4); 1 king (h2). Black: 3 men (a7, b7, c7). \
             Last move (White): d3-d4."
        );
        // The same in numeric notation: squares by number, smallest first.
        assert_eq!(
            board(Language::En, Notation::Numeric, &after, Some(&last), None),
            "Black to move. White: 1 man (36); 1 king (56). Black: 3 men (9, 10, 11). \
             Last move (White): 44-36."
        );
    }

    #[test]
    fn a_sample_position_in_turkish_says_tas_and_dama() {
        let (after, last) = played(SAMPLE, "d3-d4");
        assert_eq!(
            board(Language::Tr, Notation::Algebraic, &after, Some(&last), None),
            "Hamle sırası: Siyah. Beyaz: 1 taş (d4); 1 dama (h2). Siyah: 3 taş (a7, b7, c7). \
             Son hamle (Beyaz): d3-d4."
        );
    }

    #[test]
    fn a_finished_game_gives_the_result_instead_of_the_turn() {
        let won = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        };
        let empty_side = position("8/bbb5/8/8/8/8/8/8 w");
        assert_eq!(
            board(
                Language::En,
                Notation::Algebraic,
                &empty_side,
                None,
                Some(won)
            ),
            "Game over: Black wins (0-1). White: no pieces. Black: 3 men (a7, b7, c7)."
        );
        assert_eq!(
            replay(Language::En, GameId(7), 9, won),
            "Replay of game #7: 9 moves, result: Black wins (0-1)."
        );
        assert_eq!(
            replay(Language::Tr, GameId(7), 9, won),
            "7 numaralı oyunun tekrarı: 9 hamle, sonuç: Siyah kazandı (0-1)."
        );
    }

    /// The longest capture found in a position built for it: a white king that takes ten men.
    fn long_capture() -> LastMove {
        let before = position("8/2b1b1b1/8/1b1b1b1b/8/2b1b1b1/8/1W6 w");
        let mv: Move = before
            .legal_moves_under(Rules::STANDARD)
            .iter()
            .copied()
            .max_by_key(Move::capture_count)
            .expect("a capture");
        assert_eq!(mv.capture_count(), 10);
        LastMove::new(before, mv)
    }

    #[test]
    fn the_most_crowded_description_fits_discords_limit_in_every_language() {
        // 32 pieces, men and kings on both sides (both kinds named), on squares whose numbers
        // have two digits, after a ten-piece capture: the longest text these words can make.
        let crowded = position("8/8/BBBBBBBB/bbbbbbbb/wwwwwwww/WWWWWWWW/8/8 b");
        let last = long_capture();
        let drawn = Outcome::Draw(dama_rules::DrawReason::Agreement);
        let mut longest = 0;
        for lang in Language::ALL {
            for notation in [Notation::Algebraic, Notation::Numeric] {
                for outcome in [None, Some(drawn)] {
                    let words = board(lang, notation, &crowded, Some(&last), outcome);
                    assert!(words.contains(&notation::format(&last.mv, notation)));
                    assert!(!words.ends_with('…'), "nothing is cut: {words}");
                    longest = longest.max(words.chars().count());
                }
            }
        }
        // Well under half the limit: listing every square never needs summarising.
        assert!(longest <= ALT_TEXT_LIMIT / 2, "{longest} characters");
    }

    #[test]
    fn the_text_board_is_a_labelled_grid_from_the_readers_side() {
        let start = Position::start();
        let text = text_board(Language::En, Notation::Algebraic, false, &start, None, None);
        let grid = "```\n  a b c d e f g h\n\
                    8 . . . . . . . . 8\n\
                    7 b b b b b b b b 7\n\
                    6 b b b b b b b b 6\n\
                    5 . . . . . . . . 5\n\
                    4 . . . . . . . . 4\n\
                    3 w w w w w w w w 3\n\
                    2 w w w w w w w w 2\n\
                    1 . . . . . . . . 1\n\
                    \x20 a b c d e f g h\n```";
        assert!(text.contains(grid), "{text}");
        assert!(text.starts_with("White to move."));
        assert!(text.ends_with("b = black man, B = black king, . = empty square."));
        // Black at the bottom, numbered squares: the line nearest the reader is a8's (1 to 8)
        // read from h8 (8) to a8 (1).
        let (after, last) = played(SAMPLE, "d3-d4");
        let flipped = text_board(
            Language::Tr,
            Notation::Numeric,
            true,
            &after,
            Some(&last),
            None,
        );
        let lines: Vec<&str> = flipped.lines().collect();
        assert!(lines.contains(&" 8 . . . . . . . . 1"), "{flipped}");
        assert!(lines.contains(&"56 W . . . . . . . 49"), "{flipped}");
        assert!(lines.contains(&"16 . . . . . b b b 9"), "{flipped}");
        assert!(flipped.ends_with(". = boş kare."));
    }

    #[test]
    fn every_language_describes_a_real_game_without_missing_words() {
        let mut game = Game::new();
        let mv = notation::resolve_str(game.position(), "c3-c4").expect("legal");
        game.play(&mv).expect("plays");
        let last = LastMove::of_game(&game);
        for lang in Language::ALL {
            for notation in [Notation::Algebraic, Notation::Numeric] {
                let words = board(lang, notation, game.position(), last.as_ref(), None);
                assert!(!words.contains("alt-"), "{lang:?}: {words}");
            }
        }
    }
}
