//! The engine never plays an illegal move, whatever the position, level or budget.

mod common;

use dama_engine::{Budget, Decision, Engine, EngineConfig, Level};
use dama_rules::Game;

#[test]
fn every_level_plays_only_legal_moves_in_thousands_of_random_positions() {
    let positions = common::random_positions(2_600, 2024);
    let mut engines: Vec<Engine> = Level::all()
        .map(|level| {
            Engine::new(EngineConfig {
                level,
                seed: 9,
                hash_mb: 1,
            })
        })
        .collect();
    let mut searched = 0;
    for (i, pos) in positions.iter().enumerate() {
        let game = Game::from_position(*pos);
        if game.outcome().is_some() {
            continue;
        }
        let engine = &mut engines[i % 5];
        // Small budgets, including ones too small to finish a single ply.
        let budget = Budget::nodes([1, 3, 40, 300][i % 4]);
        let decision = engine.choose(&game, budget).unwrap();
        let info = decision.info();
        assert!(!info.pv.is_empty(), "{pos}");
        assert!(pos.is_legal(&info.pv[0]), "{} in {pos}", info.pv[0]);
        if let Decision::Play { mv, .. } = decision {
            assert!(pos.is_legal(&mv), "{mv} in {pos}");
            assert_eq!(mv, info.pv[0]);
        }
        // The whole line is playable, move after move.
        let mut line = *pos;
        for m in &info.pv {
            line = line
                .play(m)
                .unwrap_or_else(|e| panic!("pv {:?} in {pos}: {e}", info.pv));
        }
        searched += 1;
    }
    assert!(searched >= 2_000, "only {searched} positions were playable");
}

#[test]
fn self_play_games_run_to_a_rule_outcome_with_legal_moves_only() {
    // Game::play rejects illegal moves, so a finished game proves every move was legal.
    for (i, level) in Level::all().enumerate() {
        let mut engine = Engine::new(EngineConfig {
            level,
            seed: i as u64,
            hash_mb: 1,
        });
        let mut game = Game::new();
        while game.outcome().is_none() {
            match engine.choose(&game, Budget::nodes(400)).unwrap() {
                Decision::Play { mv, .. } => game.play(&mv).unwrap(),
                Decision::Resign { .. } => game.resign(game.turn()).unwrap(),
            }
        }
        assert!(
            game.moves().len() > 10,
            "{level}: {} plies",
            game.moves().len()
        );
    }
}
