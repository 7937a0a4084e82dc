//! Puzzle mining on constructed positions and games: the known shots are found with their
//! first move and theme, and positions with two winning answers or only a forced capture are
//! not puzzles.

use dama_engine::{
    MAN,
    puzzle::{self, MiningBudget, Puzzle, Theme},
};
use dama_rules::{Color, Game, Move, Position, Role, Rules, notation};

/// Small enough for a debug build, large enough to see these shots.
const BUDGET: MiningBudget = MiningBudget::nodes(30_000);

/// White gives a man (d3-d4 c4xe4) and takes two (e3xe5xe7).
const TWO_FOR_ONE: &str = "8/bb4bb/4b3/8/2b5/3ww3/ww2w1ww/8 w";
/// The same with f7 black and g7 empty: the capture goes on to take three (e3xe5xe7xg7).
const SHOT_OF_THREE: &str = "8/bb3b2/4b3/8/2b5/3ww3/ww2w1ww/8 w";
/// White gives three men (g4-f4 h5xh3xf3xd3) to take two and crown (f4xf6xf8).
const CROWNING: &str = "8/5bb1/b3b1bb/2b2b1b/3b2ww/ww2w1w1/4w3/8 w";
/// Two two-for-ones, mirror images: d3-d4 (c4xe4 e3xe5xe7) and e3-e4 (f4xd4 d3xd5xd7).
const TWO_SHOTS: &str = "8/bb4bb/3bb3/8/2b2b2/3ww3/ww1ww1ww/8 w";
/// White's only move is d3xd5, which wins a man.
const FORCED_CAPTURE: &str = "8/7b/8/8/3b4/3w4/8/8 w";

fn position(text: &str) -> Position {
    text.parse().expect("a legal position")
}

/// The moves `texts`, resolved one after another from `start`, checked legal by the rules.
fn line(start: &Position, texts: &[&str]) -> Vec<Move> {
    let mut pos = *start;
    texts
        .iter()
        .map(|text| {
            let m = notation::resolve_str(&pos, text).expect("a legal move");
            assert!(
                pos.legal_moves_under(Rules::STANDARD).contains(&m),
                "{text} in {pos}"
            );
            pos = pos.play(&m).expect("a legal move");
            m
        })
        .collect()
}

fn game_from(start: &str, texts: &[&str]) -> Game {
    let start = position(start);
    let mut game = Game::from_position(start);
    for m in line(&start, texts) {
        game.play(&m).expect("a legal move");
    }
    game
}

fn mined(text: &str) -> Option<Puzzle> {
    puzzle::mine_position(&position(text), BUDGET).expect("a position with moves")
}

/// White's material lead, men 1 and kings 3.
fn white_lead(pos: &Position) -> i32 {
    let count = |color, role| pos.board().pieces(color, role).count() as i32;
    let side = |color| count(color, Role::Man) + 3 * count(color, Role::King);
    side(Color::White) - side(Color::Black)
}

#[test]
fn a_two_for_one_is_mined_with_its_sacrifice_first() {
    let start = position(TWO_FOR_ONE);
    let found = mined(TWO_FOR_ONE).expect("a puzzle");
    assert_eq!(
        found.solution,
        line(&start, &["d3-d4", "c4xe4", "e3xe5xe7"])
    );
    assert_eq!(found.theme, Some(Theme::TwoForOne));
    assert_eq!(found.gain, MAN);
    assert_eq!((found.ply, found.start), (0, start));
    assert!((1..=5).contains(&found.difficulty), "{found:?}");
}

#[test]
fn a_shot_winning_three_men_is_a_shot() {
    let start = position(SHOT_OF_THREE);
    let found = mined(SHOT_OF_THREE).expect("a puzzle");
    assert_eq!(
        found.solution,
        line(&start, &["d3-d4", "c4xe4", "e3xe5xe7xg7"])
    );
    assert_eq!(found.solution[2].capture_count(), 3);
    assert_eq!(found.theme, Some(Theme::Shot));
    assert_eq!(found.gain, 2 * MAN);
}

#[test]
fn a_sacrifice_to_crown_is_a_crowning_combination() {
    let start = position(CROWNING);
    let found = mined(CROWNING).expect("a puzzle");
    assert_eq!(
        found.solution,
        line(&start, &["g4-f4", "h5xh3xf3xd3", "f4xf6xf8"])
    );
    assert!(found.solution[2].promotes());
    assert_eq!(found.theme, Some(Theme::Crowning));
    // Three men given, two taken and a king made: a man's worth.
    assert_eq!(found.gain, MAN);
}

#[test]
fn a_position_with_two_winning_answers_is_not_a_puzzle() {
    let start = position(TWO_SHOTS);
    // Each shot wins a man on its own, and Black is left without a capture.
    for shot in [
        ["d3-d4", "c4xe4", "e3xe5xe7"],
        ["e3-e4", "f4xd4", "d3xd5xd7"],
    ] {
        let end = line(&start, &shot)
            .iter()
            .fold(start, |pos, m| pos.play_unchecked(m));
        assert_eq!(white_lead(&end), white_lead(&start) + 1, "{shot:?}");
        assert!(!end.has_capture(), "{shot:?}");
    }
    assert_eq!(mined(TWO_SHOTS), None);
}

#[test]
fn a_forced_capture_alone_is_not_a_puzzle() {
    let start = position(FORCED_CAPTURE);
    let legal = start.legal_moves_under(Rules::STANDARD);
    assert_eq!(legal.len(), 1);
    assert_eq!(legal[0], line(&start, &["d3xd5"])[0]);
    assert_eq!(mined(FORCED_CAPTURE), None);
}

#[test]
fn a_game_yields_the_shot_its_blunder_allowed() {
    // Black's c5-c4 walks into the two-for-one, which White then plays.
    let game = game_from(
        "8/bb4bb/4b3/2b5/8/3ww3/ww2w1ww/8 b",
        &["c5-c4", "d3-d4", "c4xe4", "e3xe5xe7"],
    );
    let puzzles = puzzle::mine(&game, BUDGET).expect("a game to mine");
    assert_eq!(puzzles.len(), 1, "{puzzles:?}");
    let found = &puzzles[0];
    assert_eq!(found.ply, 1);
    assert_eq!(found.start, game.positions()[1]);
    assert_eq!(found.solution, game.moves()[1..]);
    assert_eq!(found.theme, Some(Theme::TwoForOne));
    // Mining the game finds what mining the position alone finds.
    let alone = puzzle::mine_position(&found.start, BUDGET)
        .expect("a position with moves")
        .expect("a puzzle");
    assert_eq!(Puzzle { ply: 1, ..alone }, *found);
}

#[test]
fn a_game_yields_the_shot_that_was_missed() {
    // Black allows the shot of three and White plays e3-f3 instead.
    let game = game_from(
        "8/bb3b2/4b3/2b5/8/3ww3/ww2w1ww/8 b",
        &["c5-c4", "e3-f3", "a7-a6"],
    );
    let puzzles = puzzle::mine(&game, BUDGET).expect("a game to mine");
    let found = puzzles
        .iter()
        .find(|p| p.ply == 1)
        .unwrap_or_else(|| panic!("no puzzle at ply 1: {puzzles:?}"));
    assert_eq!(found.theme, Some(Theme::Shot));
    assert_eq!(
        found.answer(0),
        line(&game.positions()[1], &["d3-d4"]).first().copied()
    );
}

#[test]
fn a_game_from_a_combination_yields_it_at_the_start() {
    let game = game_from(CROWNING, &["g4-f4", "h5xh3xf3xd3", "f4xf6xf8"]);
    let puzzles = puzzle::mine(&game, BUDGET).expect("a game to mine");
    assert_eq!(puzzles.len(), 1, "{puzzles:?}");
    assert_eq!(puzzles[0].ply, 0);
    assert_eq!(puzzles[0].theme, Some(Theme::Crowning));
}

#[test]
fn an_answer_is_accepted_when_it_is_the_same_move_however_typed() {
    let start = position(TWO_FOR_ONE);
    let found = mined(TWO_FOR_ONE).expect("a puzzle");
    assert_eq!(found.solver(), Color::White);
    assert_eq!(found.turns(), 2);
    assert!(found.accepts(0, &notation::resolve_str(&start, "d3-d4").unwrap()));
    assert!(!found.accepts(0, &notation::resolve_str(&start, "e3-e4").unwrap()));
    assert!(!found.accepts(1, &notation::resolve_str(&start, "d3-d4").unwrap()));
    assert_eq!(found.reply(0), Some(found.solution[1]));
    assert_eq!(found.reply(1), None);
    let second = found.position_at(1).expect("a second turn");
    // The capture typed by its ends alone is the same move as the full path.
    let short = notation::resolve_str(&second, "e3xe7").unwrap();
    assert!(found.accepts(1, &short));
    assert!(!found.accepts(2, &short));
    assert_eq!(found.position_at(2), None);
}

#[test]
fn mining_is_the_same_every_time() {
    let game = game_from(
        "8/bb4bb/4b3/2b5/8/3ww3/ww2w1ww/8 b",
        &["c5-c4", "d3-d4", "c4xe4", "e3xe5xe7"],
    );
    let first = puzzle::mine(&game, BUDGET).expect("a game to mine");
    assert_eq!(puzzle::mine(&game, BUDGET).expect("a game to mine"), first);
}

#[test]
fn a_game_over_at_the_start_has_no_puzzles() {
    // Black has no pieces: nothing to mine and nothing to search.
    let game = Game::from_position(position("8/8/8/8/8/3w4/8/8 b"));
    assert!(game.outcome().is_some());
    assert_eq!(puzzle::mine(&game, BUDGET), Ok(Vec::new()));
    assert_eq!(puzzle::mine_position(game.position(), BUDGET), Ok(None));
}
