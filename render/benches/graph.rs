//! Time to draw and encode the evaluation graph of a 200-ply game at the default 800 × 300,
//! with two marks.
//!
//! Measured on the 2-core development machine (median; other builds may have been running, so
//! treat it as an upper bound): 273 µs for a PNG of 6.0 KB
//! (`cargo bench -p dama-render --bench graph -- --warm-up-time 1 --measurement-time 3`).

use criterion::{Criterion, criterion_group, criterion_main};
use dama_render::{GraphOptions, Renderer};

/// A 200-ply game that swings both ways before White pulls away past the range shown.
fn evals() -> Vec<f32> {
    (0..200)
        .map(|i| {
            let t = i as f32;
            1.5 * (t / 9.0).sin() + 0.4 * (t * 1.3).sin() + (t - 150.0).max(0.0) * 0.15
        })
        .collect()
}

fn graph(c: &mut Criterion) {
    let renderer = Renderer::new();
    let evals = evals();
    let opts = GraphOptions::default().with_marks(vec![40, 151]);
    let png = renderer
        .render_eval_graph(&evals, &opts)
        .expect("the bench evaluations are numbers");
    println!("eval_graph/200_plies: {} bytes", png.len());
    c.bench_function("eval_graph/200_plies", |b| {
        b.iter(|| renderer.render_eval_graph(std::hint::black_box(&evals), &opts))
    });
}

criterion_group!(benches, graph);
criterion_main!(benches);
