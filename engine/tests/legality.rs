//! The engine never plays an illegal move, whatever the position, level or budget.

mod common;

use dama_engine::{Budget, Decision, Engine, EngineConfig, Level};
use dama_rules::{Game, Position, Rules};

#[test]
fn every_level_plays_only_legal_moves_in_thousands_of_random_positions() {
    legal_in_random_positions(Rules::STANDARD);
}

#[test]
fn every_level_plays_only_moves_legal_under_the_federation_rule() {
    legal_in_random_positions(Rules::FEDERATION);
}

fn legal_in_random_positions(rules: Rules) {
    let positions = common::random_positions(2_600, 2024);
    let mut engines: Vec<Engine> = Level::all()
        .map(|level| {
            Engine::new(EngineConfig {
                level,
                seed: 9,
                hash_mb: 1,
                ..EngineConfig::default()
            })
        })
        .collect();
    let mut searched = 0;
    for (i, pos) in positions.iter().enumerate() {
        let game = Game::with_rules(*pos, rules);
        if game.outcome().is_some() {
            continue;
        }
        let engine = &mut engines[i % 5];
        // Small budgets, including ones too small to finish a single ply.
        let budget = Budget::nodes([1, 3, 40, 300][i % 4]);
        let decision = engine.choose(&game, budget).unwrap();
        let info = decision.info();
        assert!(!info.pv.is_empty(), "{pos}");
        assert!(
            pos.is_legal_under(&info.pv[0], rules),
            "{} in {pos}",
            info.pv[0]
        );
        if let Decision::Play { mv, .. } = decision {
            assert!(pos.is_legal_under(&mv, rules), "{mv} in {pos}");
            assert_eq!(mv, info.pv[0]);
        }
        // The whole line is playable, move after move.
        let mut line = *pos;
        for m in &info.pv {
            line = line
                .play_under(m, rules)
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
            ..EngineConfig::default()
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

/// Where the promotion rules part, the engine plays the game's: PROMO1's man, crowned at once,
/// takes g8 as well; under the federation's rule it stops on d8 as a man.
#[test]
fn the_engine_searches_under_the_games_rules() {
    let pos: Position = "6B1/b2b4/3w4/8/8/8/w7/8 w".parse().unwrap();
    for (rules, expected) in [
        (Rules::STANDARD, "d6xd8xh8"),
        (Rules::STRICT, "d6xd8xh8"),
        (Rules::FEDERATION, "d6xd8"),
        (Rules::FEDERATION_STRICT, "d6xd8"),
    ] {
        let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
        let mut game = Game::with_rules(pos, rules);
        let decision = engine.choose(&game, Budget::nodes(5_000)).unwrap();
        let mv = decision.mv().expect("white is not lost");
        assert_eq!(mv.to_string(), expected, "{rules}");
        // The line it found is legal under the same rules, and the game takes the move.
        let mut line = pos;
        for m in &decision.info().pv {
            line = line.play_under(m, rules).unwrap();
        }
        game.play(&mv).unwrap();
    }
    // Under the federation's rule a self-played game runs to its end with legal moves only.
    let mut engine = Engine::new(EngineConfig::at_level(Level::new(3).unwrap()));
    let mut game = Game::with_rules(Position::start(), Rules::FEDERATION_STRICT);
    while game.outcome().is_none() {
        match engine.choose(&game, Budget::nodes(400)).unwrap() {
            Decision::Play { mv, .. } => game.play(&mv).unwrap(),
            Decision::Resign { .. } => game.resign(game.turn()).unwrap(),
        }
    }
    assert!(game.moves().len() > 10);
}
