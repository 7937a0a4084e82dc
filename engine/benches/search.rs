//! Search speed in nodes per second on a fixed set of positions: an opening, middlegames, and
//! endgames with kings (whose long moves and captures cost the most to generate).
//!
//! Each benchmark runs one search of a fixed node budget; criterion's throughput line
//! (`thrpt`, in elements per second) is the nodes per second. The `clock` group runs searches
//! on a time budget: its times should stay at the budget, never well over it.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dama_engine::{Budget, Engine, EngineConfig, Level};
use dama_rules::Game;

const POSITIONS: [(&str, &str); 5] = [
    ("start", "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w"),
    (
        "opening",
        "8/bbbbbbbb/b1bbbbb1/1b4b1/3w4/w1w2ww1/wwwwwwww/8 b",
    ),
    (
        "middlegame",
        "8/1bb1bb2/b2b1bbb/2b1b3/1w1w1w2/w1w3ww/1ww1ww2/8 w",
    ),
    ("kings", "8/1b3b2/3B4/b5b1/8/2W2w2/w4w2/4W3 w"),
    ("king-endgame", "8/8/2B5/8/5W2/8/1W6/6B1 b"),
];

const NODES: u64 = 200_000;

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
    for (name, text) in POSITIONS {
        let game = Game::from_position(text.parse().expect("benchmark positions are legal"));
        // The node count of a search is deterministic: measure it once, then time it.
        let nodes = engine
            .choose(&game, Budget::nodes(NODES))
            .expect("benchmark positions are playable")
            .info()
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| engine.choose(&game, Budget::nodes(NODES)));
        });
    }
    group.finish();
}

/// Searches on the clock alone: the iteration rule (none begun after half the time) and the
/// clock check every 1024 nodes keep each within its time.
fn clock(c: &mut Criterion) {
    const LIMIT: Duration = Duration::from_millis(60);
    let mut group = c.benchmark_group("clock");
    group.sample_size(10);
    let mut engine = Engine::new(EngineConfig::at_level(Level::MAX));
    for (name, text) in POSITIONS {
        let game = Game::from_position(text.parse().expect("benchmark positions are legal"));
        group.bench_function(name, |b| {
            b.iter(|| engine.choose(&game, Budget::time(LIMIT)));
        });
    }
    group.finish();
}

criterion_group!(benches, search, clock);
criterion_main!(benches);
