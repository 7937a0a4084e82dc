//! Reviews of constructed games: a missed and an allowed two-for-one are caught with the move
//! that was better, the engine's own moves are best, and the annotated PDN reads back.

use dama_engine::review::{self, EVAL_CAP, MoveClass, Review, ReviewBudget};
use dama_rules::{
    Color, Game, Move, Outcome, Rules, WinReason,
    notation::{self, Resolved},
    pdn,
};

/// Small enough for a debug build, large enough to see a two-for-one.
const BUDGET: ReviewBudget = ReviewBudget::nodes(20_000);

fn game_from(position: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_position(position.parse().expect("a legal position"));
    for text in moves {
        let m = notation::resolve_str(game.position(), text).expect("a legal move");
        game.play(&m).expect("a legal move");
    }
    game
}

fn mv(position: &str, text: &str) -> Move {
    notation::resolve_str(&position.parse().expect("a legal position"), text).expect("a legal move")
}

fn review_of(game: &Game) -> Review {
    review::review(game, BUDGET, |_, _| {}).expect("a game to review")
}

/// White to move has a two-for-one: d3-d4 c4xe4 e3xe5xe7 gives one man and takes two.
const SHOT: &str = "8/bb4bb/4b3/8/2b5/3ww3/ww2w1ww/8 w";

#[test]
fn a_missed_two_for_one_is_a_mistake_with_the_shot_as_the_better_move() {
    let game = game_from(SHOT, &["e3-f3"]);
    let played = &review_of(&game).moves[0];
    assert_eq!(played.mover, Color::White);
    assert!(played.class >= MoveClass::Mistake, "{played:?}");
    assert!(played.loss >= review::MISTAKE, "{played:?}");
    assert_eq!(played.better, Some(mv(SHOT, "d3-d4")));
    // White stood better by the shot, and less so without it.
    assert!(played.before > played.after, "{played:?}");
}

#[test]
fn taking_the_two_for_one_is_best() {
    let game = game_from(SHOT, &["d3-d4", "c4xe4", "e3xe5xe7"]);
    let review = review_of(&game);
    let classes: Vec<MoveClass> = review.moves.iter().map(|m| m.class).collect();
    // Black's capture was forced: the only move is the best one.
    assert_eq!(classes, [MoveClass::Best; 3]);
    assert!(
        review
            .moves
            .iter()
            .all(|m| m.loss == 0 && m.better.is_none())
    );
}

/// White to move; c4-c5 lets Black give one man and take two (d6-d5 c5xe5 e6xe4xe2), which
/// c4-d4 prevents (d6-d5 would then be taken by d4xd6xf6).
const GUARDED: &str = "8/bb2b1bb/3bb3/8/2w5/4w3/ww4ww/8 w";

#[test]
fn allowing_a_two_for_one_is_a_mistake_and_the_critical_moment() {
    let game = game_from(GUARDED, &["c4-c5", "d6-d5", "c5xe5", "e6xe4xe2"]);
    let review = review_of(&game);
    let allowed = &review.moves[0];
    assert!(allowed.class >= MoveClass::Mistake, "{allowed:?}");
    // Any move that does not walk into the shot: c4-d4 guards d5, and the quiet moves that
    // keep the man off c5 give Black nothing; the engine's evaluation picks among them.
    let better = allowed.better.expect("a better move");
    assert_ne!(better, mv(GUARDED, "c4-c5"));
    assert_eq!(review.moves[1].mover, Color::Black);
    assert_eq!(review.moves[1].class, MoveClass::Best, "{review:?}");
    assert_eq!(review.critical(1), [0]);
    assert_eq!(
        review.count(Color::White, MoveClass::Mistake)
            + review.count(Color::White, MoveClass::Blunder),
        1
    );
    assert_eq!(review.count(Color::Black, MoveClass::Best), 2);
}

#[test]
fn a_game_the_moves_decide_is_judged_by_its_result() {
    // d4-d5 c5xe5 e4xe6xe8 takes Black's last two pieces.
    let game = game_from(
        "8/4b3/8/2b5/3ww3/4w3/8/8 w",
        &["d4-d5", "c5xe5", "e4xe6xe8"],
    );
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoPieces
        })
    ));
    let review = review_of(&game);
    assert_eq!(review.moves[2].after, EVAL_CAP);
    assert!(
        review.moves.iter().all(|m| m.class == MoveClass::Best),
        "{review:?}"
    );
}

#[test]
fn a_review_is_the_same_every_time_and_reports_its_progress() {
    let mut game = game_from(GUARDED, &["c4-c5", "d6-d5"]);
    game.resign(Color::White).expect("the game goes on");
    let mut calls = Vec::new();
    let first = review::review(&game, BUDGET, |done, total| calls.push((done, total)))
        .expect("a game to review");
    assert_eq!(calls, [(1, 3), (2, 3), (3, 3)]);
    assert_eq!(review_of(&game), first);
}

#[test]
fn the_annotated_pdn_reads_back_as_the_game_with_the_classes_as_nags() {
    let mut game = game_from(GUARDED, &["c4-c5", "d6-d5", "c5xe5", "e6xe4xe2"]);
    game.resign(Color::White).expect("the game goes on");
    let review = review_of(&game);
    let text = review.annotated_pdn(&game, &[("White", "ayşe"), ("Black", "mehmet")]);
    let better = review.moves[0].better.expect("a better move");
    assert!(text.contains(&format!("better {better}}}")), "{text}");
    let back = pdn::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.game, game);
    assert_eq!(back.game.outcome(), game.outcome());
    assert_eq!(back.tag("Black"), Some("mehmet"));
    for (note, reviewed) in back.annotations.iter().zip(&review.moves) {
        let nag: Vec<u8> = reviewed.class.nag().into_iter().collect();
        assert_eq!(note.nags, nag, "{text}");
        assert_eq!(note.comments.len(), 1, "{text}");
    }
    assert!(
        back.annotations[0].nags[0] == pdn::Annotation::MISTAKE
            || back.annotations[0].nags[0] == pdn::Annotation::BLUNDER
    );
}

#[test]
fn a_missed_capture_under_strict_rules_is_a_blunder_with_the_capture_as_the_better_move() {
    // d4 must take d5 and d7; d4xb4 takes one and loses the game under strict rules.
    let start = "8/3b4/8/3b4/2bw4/8/8/8 w";
    let mut game = Game::with_rules(start.parse().expect("a legal position"), Rules::STRICT);
    let Ok(Resolved::MissedCapture { played, available }) =
        notation::resolve_str_under(game.position(), "d4xb4", game.rules())
    else {
        panic!("d4xb4 misses the larger capture");
    };
    game.play_missed_capture(&played, &available)
        .expect("strict rules take the move");
    let reviewed = &review_of(&game).moves[0];
    assert_eq!(reviewed.class, MoveClass::Blunder);
    assert_eq!(reviewed.after, -EVAL_CAP);
    assert_eq!(reviewed.better, Some(available));
}
