//! Perft from the start position, dama-rules against the `kish` crate, in the same run and the
//! same profile.
//!
//! Criterion measures both at a few depths; then a head-to-head at depth 7 (best of several
//! alternating rounds, so that a noisy neighbour on the machine hurts both alike) prints
//!
//! ```text
//! dama-rules: X Mleaves/s, kish: Y Mleaves/s, ratio Z
//! ```
//!
//! docs/rules.md's promotion rule and the federation's (`dama-rules-federation`, which finishes a
//! capture as a man after reaching the far rank, as kish does) are both measured. Each side is
//! measured in its own leaves per second (kish's perft counts each capture path, not each distinct
//! move). Run with `cargo bench -p dama-rules`; `-- --quick` shortens the criterion part.

use std::{
    hint::black_box,
    time::{Duration, Instant},
};

use criterion::{BenchmarkId, Criterion, Throughput};
use dama_rules::{Position, Rules, perft, perft_under};

/// The depth of the head-to-head: 10,782,308 leaves for dama-rules.
const DEPTH: u32 = 7;
const ROUNDS: usize = 10;

fn dama(depth: u32) -> u64 {
    perft(black_box(&Position::start()), depth)
}

fn federation(depth: u32) -> u64 {
    perft_under(black_box(&Position::start()), depth, Rules::FEDERATION)
}

fn kish(depth: u32) -> u64 {
    black_box(kish::Board::new_default()).perft(u64::from(depth))
}

fn criterion_groups(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for depth in [5, 6] {
        group.throughput(Throughput::Elements(dama(depth)));
        group.bench_with_input(BenchmarkId::new("dama-rules", depth), &depth, |b, &d| {
            b.iter(|| dama(d));
        });
        group.throughput(Throughput::Elements(federation(depth)));
        group.bench_with_input(
            BenchmarkId::new("dama-rules-federation", depth),
            &depth,
            |b, &d| b.iter(|| federation(d)),
        );
        group.throughput(Throughput::Elements(kish(depth)));
        group.bench_with_input(BenchmarkId::new("kish", depth), &depth, |b, &d| {
            b.iter(|| kish(d));
        });
    }
    group.finish();
}

/// The best time of `ROUNDS` runs of each, alternating.
fn head_to_head() {
    let mut best = [Duration::MAX; 3];
    let mut leaves = [0u64; 3];
    for _ in 0..ROUNDS {
        for (i, run) in [dama as fn(u32) -> u64, kish, federation]
            .into_iter()
            .enumerate()
        {
            let start = Instant::now();
            leaves[i] = run(DEPTH);
            best[i] = best[i].min(start.elapsed());
        }
    }
    let rate = |i: usize| leaves[i] as f64 / best[i].as_secs_f64() / 1e6;
    println!(
        "perft({DEPTH}) from the start: dama-rules {} leaves in {:.1} ms, kish {} leaves in {:.1} ms",
        leaves[0],
        best[0].as_secs_f64() * 1e3,
        leaves[1],
        best[1].as_secs_f64() * 1e3,
    );
    println!(
        "dama-rules: {:.0} Mleaves/s, kish: {:.0} Mleaves/s, ratio {:.2}",
        rate(0),
        rate(1),
        rate(0) / rate(1)
    );
    println!(
        "dama-rules under the federation's rule: {} leaves in {:.1} ms, {:.0} Mleaves/s",
        leaves[2],
        best[2].as_secs_f64() * 1e3,
        rate(2)
    );
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    criterion_groups(&mut c);
    c.final_summary();
    // `cargo test --benches` runs this binary without `--bench`: criterion then only checks
    // that each benchmark runs, and the timed comparison is skipped too.
    if std::env::args().any(|a| a == "--bench") {
        head_to_head();
    }
}
