//! Property tests of the text formats: printing then parsing gives back what was printed, and no
//! input, however malformed, panics a parser.

mod common;

use common::{Play, Rng, random_board, random_game};
use dama_rules::Rules;
use dama_rules::{
    Color, DrawReason, Game, Outcome, Position, Setup, WinReason,
    notation::{self, MoveText, Notation},
    pdn,
};
use proptest::prelude::*;

/// A position from seeded random play (`plies` deep at most) or a sparse random board.
fn position(seed: u64, plies: usize, sparse: bool) -> Position {
    if sparse {
        random_board(&mut Rng::new(seed), 10)
    } else {
        let play = Play {
            max_plies: plies,
            ..Play::default()
        };
        *random_game(seed, play)
            .last()
            .expect("the start is always there")
    }
}

fn positions() -> impl Strategy<Value = Position> {
    (any::<u64>(), 0..300usize, any::<bool>()).prop_map(|(s, p, b)| position(s, p, b))
}

/// Text close to what the parsers expect, so that they get past their first checks.
fn near_moves() -> impl Strategy<Value = String> {
    "[a-jA-J0-9xX:×\\- ]{0,24}"
}

fn near_positions() -> impl Strategy<Value = String> {
    "[1-9wbWBx/ ]{0,80}"
}

fn near_pdn() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "\\[[A-Za-z]{0,8} \"[^\"\n]{0,10}\"\\]\n",
            "\\[FEN \"[1-9wbWB/]{0,40} [wb]\"\\]\n",
            "\\[GameType \"[0-9,]{0,4}\"\\]\n",
            "[0-9]{1,3}\\.{1,3} ",
            "[a-h][1-8][x\\-][a-h][1-8] ",
            "(1-0|0-1|1/2-1/2|\\*|2-0|0-2|1-1) ",
            "\\{[^}]{0,10}\\}?",
            ".{0,6}",
        ],
        0..30,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn position_text_round_trips(pos in positions()) {
        let text = pos.to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(pos));
        let setup: Setup = text.parse().expect("printed setups parse");
        prop_assert_eq!(setup.to_string(), text);
        prop_assert_eq!(Position::from_setup(setup), Ok(pos));
    }

    #[test]
    fn every_legal_move_round_trips_in_both_notations(pos in positions()) {
        for m in pos.legal_moves_under(Rules::STANDARD).iter() {
            for notation in [Notation::Algebraic, Notation::Numeric] {
                let text = notation::format(m, notation);
                let parsed: MoveText = text.parse().expect("printed moves parse");
                prop_assert_eq!(parsed.to_string_in(notation), text.clone());
                prop_assert_eq!(&parsed, &MoveText::of_move(m));
                let back = notation::resolve(&pos, &parsed).expect("printed moves resolve");
                prop_assert_eq!(back, *m);
                prop_assert_eq!(back.landings(), m.landings());
            }
        }
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in any::<String>(), pos in positions()) {
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Position>();
        let _ = text.parse::<MoveText>();
        let _ = notation::resolve_str(&pos, &text);
        let _ = pdn::read(&text);
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Position>();
        let _ = text.parse::<MoveText>();
        let _ = notation::resolve_str(&Position::start(), &text);
        let _ = pdn::read(&text);
    }

    #[test]
    fn parsers_never_panic_on_near_miss_text(
        mv in near_moves(),
        setup in near_positions(),
        record in near_pdn(),
        pos in positions(),
    ) {
        let _ = setup.parse::<Setup>();
        let _ = setup.parse::<Position>();
        let _ = mv.parse::<MoveText>();
        let _ = notation::resolve_str(&pos, &mv);
        // The move text alone is also a (tagless) PDN movetext.
        let _ = pdn::read(&mv);
        let _ = pdn::read(&record);
    }

    #[test]
    fn a_pdn_written_from_a_random_game_reads_back_as_the_same_game(
        seed in any::<u64>(),
        plies in 0..300usize,
        sparse in any::<bool>(),
        ending in 0..5u8,
        event in "[^\n\r]{0,20}",
    ) {
        let mut rng = Rng::new(seed);
        let start = if sparse { random_board(&mut rng, 10) } else { Position::start() };
        let mut game = Game::from_position(start);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves_under(game.rules());
            let m = moves[rng.below(moves.len())];
            game.play(&m).expect("a legal move in a game not over");
        }
        let chosen = match ending {
            1 => Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation }),
            2 => Some(Outcome::Win { winner: Color::Black, reason: WinReason::Time }),
            3 => Some(Outcome::Draw(DrawReason::Agreement)),
            4 => Some(Outcome::Win { winner: Color::White, reason: WinReason::Time }),
            _ => None,
        };
        if let Some(outcome) = chosen.filter(|_| game.outcome().is_none()) {
            game.end(outcome).expect("the game is not over");
        }
        let text = pdn::write(&game, &[("Event", &event), ("White", "ayşe"), ("Black", "x\"y\\z")]);
        let back = pdn::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back.game, &game, "{}", text);
        prop_assert_eq!(back.tag("Event"), Some(event.as_str()));
        prop_assert_eq!(back.tag("Black"), Some("x\"y\\z"));
        for (a, b) in back.game.moves().iter().zip(game.moves()) {
            prop_assert_eq!(a.landings(), b.landings());
        }
    }

    #[test]
    fn annotations_written_with_a_random_game_read_back_as_written(
        seed in any::<u64>(),
        plies in 0..120usize,
        notes in prop::collection::vec(
            (prop::collection::vec(any::<u8>(), 0..3), prop::collection::vec(any::<String>(), 0..3)),
            0..120,
        ),
    ) {
        let mut rng = Rng::new(seed);
        let mut game = Game::new();
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves_under(game.rules());
            let m = moves[rng.below(moves.len())];
            game.play(&m).expect("a legal move in a game not over");
        }
        let notes: Vec<pdn::Annotation> = notes
            .into_iter()
            .map(|(nags, comments)| pdn::Annotation { nags, comments })
            .collect();
        let text = pdn::write_annotated(&game, &[], &notes);
        let back = pdn::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back.game, &game, "{}", text);
        prop_assert_eq!(back.annotations.len(), game.moves().len());
        for (i, read) in back.annotations.iter().enumerate() {
            let written = notes.get(i).cloned().unwrap_or_default();
            // What the writer promises: comments on one line, `}` as `)`, trimmed, empty ones
            // left out.
            let comments: Vec<String> = written
                .comments
                .iter()
                .map(|c| c.replace('}', ")").replace(['\n', '\r'], " ").trim().to_owned())
                .filter(|c| !c.is_empty())
                .collect();
            prop_assert_eq!(&read.nags, &written.nags, "{}", text);
            prop_assert_eq!(&read.comments, &comments, "{}", text);
        }
    }
}
