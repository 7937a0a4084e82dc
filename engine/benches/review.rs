//! How long [`review`] takes over a 100-ply game with the default budget: the review must fit
//! such a game in 30 s of one core.
//!
//! The game is the same seeded self-play at every run (`common::self_play`).

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use dama_engine::review::{ReviewBudget, review};

use common::self_play;

fn bench(c: &mut Criterion) {
    let game = self_play();
    let name = format!("default budget, {} plies", game.moves().len());
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.bench_function(name, |b| {
        b.iter(|| review(&game, ReviewBudget::DEFAULT, |_, _| {}));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
