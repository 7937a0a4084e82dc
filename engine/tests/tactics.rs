//! The engine finds forced wins in hand-built positions.

use dama_engine::{Budget, Decision, Engine, EngineConfig, Level, MAN, Score};
use dama_rules::{Game, Move, Position, Rules, notation};

fn best(text: &str, budget: Budget) -> (Position, Decision) {
    let pos: Position = text.parse().unwrap();
    let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
    let decision = engine.choose(&Game::from_position(pos), budget).unwrap();
    (pos, decision)
}

fn mv(pos: &Position, text: &str) -> Move {
    notation::resolve_str(pos, text).unwrap()
}

#[test]
fn a_sacrifice_that_forces_a_double_capture_and_a_crown_is_found() {
    // d4-d5 gives a man: c5xe5 is forced, then e4xe6xe8 takes two and crowns.
    let (pos, decision) = best("8/bb2b1b1/7b/2b5/3ww3/4w3/ww6/8 w", Budget::depth(5));
    assert_eq!(decision.mv(), Some(mv(&pos, "d4-d5")));
    let Score::Value(v) = decision.info().score else {
        panic!("expected an estimate, got {:?}", decision.info().score)
    };
    assert!(
        v > 2 * MAN,
        "a king and a man up should score above two men: {v}"
    );
    assert_eq!(
        decision.info().pv[..3],
        [
            mv(&pos, "d4-d5"),
            mv(&pos.play_unchecked(&mv(&pos, "d4-d5")), "c5xe5"),
            mv(
                &pos.play_unchecked(&mv(&pos, "d4-d5"))
                    .play_unchecked(&mv(&pos.play_unchecked(&mv(&pos, "d4-d5")), "c5xe5")),
                "e4xe6xe8"
            ),
        ]
    );
}

#[test]
fn a_combination_that_takes_every_piece_is_scored_as_a_forced_win() {
    let (pos, decision) = best("8/4b3/8/2b5/3ww3/4w3/8/8 w", Budget::depth(6));
    assert_eq!(decision.mv(), Some(mv(&pos, "d4-d5")));
    assert_eq!(decision.info().score, Score::Win(3));
}

#[test]
fn a_king_takes_the_maximum_and_picks_the_safe_landing() {
    // The king could take the black king on b1 alone, but two men must be taken; of the two
    // landings after d6, d7 is jumped at once by c7xe7 and d8 is safe.
    let text = "8/1bb4b/3b4/8/3b4/8/ww5w/1B1W4 w";
    let pos: Position = text.parse().unwrap();
    let legal = pos.legal_moves_under(Rules::STANDARD);
    assert_eq!(legal.len(), 2);
    assert!(legal.iter().all(|m| m.capture_count() == 2));
    let (_, decision) = best(text, Budget::depth(6));
    assert_eq!(decision.mv(), Some(mv(&pos, "d1xd5xd8")));
}

#[test]
fn the_runner_one_tempo_ahead_is_pushed_and_wins_the_race() {
    // Both sides are two steps from a king; only d6-d7 keeps White ahead in the race.
    let text = "8/8/1b1w4/8/5w2/5b2/8/8 w";
    let (pos, decision) = best(text, Budget::depth(10));
    assert_eq!(decision.mv(), Some(mv(&pos, "d6-d7")));
    // A king against a lone man: clearly won (the evaluation alone, without the tables).
    assert!(decision.info().score.as_value() > MAN);
    // Any other move lets Black crown first and leaves White no better than level.
    for alternative in ["d6-c6", "d6-e6", "f4-f5", "f4-e4", "f4-g4"] {
        let mut game = Game::from_position(pos);
        game.play(&mv(&pos, alternative)).unwrap();
        let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
        let reply = engine.analyse(&game, Budget::depth(9), |_| {}).unwrap();
        assert!(
            -reply.score.as_value() < MAN,
            "{alternative} scored {:?} for Black",
            reply.score
        );
    }
}

#[test]
fn a_side_without_a_way_out_is_seen_to_lose() {
    // Black's only man, in the corner, is walled in by b1-b8: no move left is a loss.
    let (pos, decision) = best("b1W5/w7/w7/8/8/8/8/1W6 w", Budget::depth(4));
    assert_eq!(decision.mv(), Some(mv(&pos, "b1-b8")));
    assert_eq!(decision.info().score, Score::Win(1));
    let after = pos.play_unchecked(&decision.mv().unwrap());
    assert!(after.is_lost());
}
