//! What the analysis benchmarks share: the game they analyse.

use dama_engine::{Budget, Engine, EngineConfig, Level};
use dama_rules::Game;

/// Plies in the analysed game.
pub const PLIES: usize = 100;

/// A game of up to [`PLIES`] plies of self-play at level 3 with a fixed seed (fewer if it ends
/// sooner): every run analyses the same moves.
pub fn self_play() -> Game {
    let config = EngineConfig {
        seed: 2024,
        ..EngineConfig::at_level(Level::new(3).expect("3 is a level"))
    };
    let mut engine = Engine::new(config);
    let mut game = Game::new();
    while game.moves().len() < PLIES && game.outcome().is_none() {
        let info = engine
            .analyse(&game, Budget::depth(5), |_| {})
            .expect("a game not over has a move");
        let mv = info.pv[0];
        game.play(&mv).expect("the engine plays legal moves");
    }
    game
}
