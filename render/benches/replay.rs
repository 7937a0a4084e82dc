//! Time to make the replay of a 1,000-ply game (`tests/data/thousand-plies.pdn`) at the bot's
//! replay size, 480 px: with every frame (it fits the default budget), and squeezed into 1 MiB
//! (a sample of the positions; the attempt over budget is given up early and counted in).
//!
//! Measured on the 2-core development machine (`cargo bench -p dama-render --bench replay --
//! --warm-up-time 1 --measurement-time 3`; medians, other builds running):
//!
//! | replay                        | time   | bytes     | frames | size   |
//! |-------------------------------|--------|-----------|--------|--------|
//! | default budget (9 MiB)        | 476 ms | 1,934,716 | 1,001  | 480 px |
//! | 1 MiB budget                  | 706 ms |   999,025 |   264  | 480 px |

use criterion::{Criterion, criterion_group, criterion_main};
use dama_render::{RenderOptions, Renderer, Replay};
use dama_rules::pdn;

fn replay(c: &mut Criterion) {
    let game = pdn::read(include_str!("../tests/data/thousand-plies.pdn"))
        .expect("the long game reads")
        .game;
    let renderer = Renderer::new();
    let opts = RenderOptions::default().with_size(480);
    let mut group = c.benchmark_group("replay_1000_plies");
    group.sample_size(10);
    for (name, budget) in [
        ("default_budget", Replay::DEFAULT_BUDGET),
        ("1_mib", 1024 * 1024),
    ] {
        let made = renderer
            .render_replay(&game, &opts, budget)
            .expect("the replay fits");
        println!("{name}: {made:?}");
        group.bench_function(name, |b| {
            b.iter(|| renderer.render_replay(std::hint::black_box(&game), &opts, budget))
        });
    }
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
