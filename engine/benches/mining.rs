//! How long [`mine`] takes over a 100-ply game with the default budget: mining must fit such a
//! game in 10 s of one core.
//!
//! The game is self-play at level 3 with a fixed seed, so every run mines the same moves.

use criterion::{Criterion, criterion_group, criterion_main};
use dama_engine::{
    Budget, Engine, EngineConfig, Level,
    puzzle::{MiningBudget, mine},
};
use dama_rules::Game;

/// Plies in the mined game.
const PLIES: usize = 100;

/// A game of up to `PLIES` plies of seeded self-play (fewer if it ends sooner).
fn self_play() -> Game {
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

fn bench(c: &mut Criterion) {
    let game = self_play();
    let name = format!("default budget, {} plies", game.moves().len());
    let mut group = c.benchmark_group("mining");
    group.sample_size(10);
    group.bench_function(name, |b| {
        b.iter(|| mine(&game, MiningBudget::DEFAULT));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
