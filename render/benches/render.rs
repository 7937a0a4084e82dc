//! Time to draw and encode a 640 px PNG with warm tiles (the steady state of the bot), and to
//! draw a tile set from cold (paid once per size and theme).

use criterion::{Criterion, criterion_group, criterion_main};
use dama_render::{LastMove, RenderOptions, Renderer, Theme, movable_squares};
use dama_rules::{Position, notation};

/// A busy middle game right after White's three-piece capture e3xe5xc5xc7.
const MIDDLE_GAME: &str = "8/bb2bbbb/b1b1bbb1/3b4/1w2b1w1/ww2w1ww/1ww1w1w1/8 w";
const CAPTURE: &str = "e3xe5xc5xc7";

fn middle_game() -> (Position, RenderOptions) {
    let before: Position = MIDDLE_GAME.parse().expect("the bench position parses");
    let mv = notation::resolve_str(&before, CAPTURE).expect("the bench capture is legal");
    let after = before.play(&mv).expect("the bench capture plays");
    let opts = RenderOptions::default()
        .with_last_move(LastMove::new(before, mv))
        .with_marks(movable_squares(&after));
    (after, opts)
}

fn render(c: &mut Criterion) {
    let renderer = Renderer::new();
    let start = Position::start();
    let plain = RenderOptions::default();
    let (busy, busy_opts) = middle_game();
    for (name, pos, opts) in [
        ("start", &start, &plain),
        ("middle_game_capture", &busy, &busy_opts),
    ] {
        let png = renderer.render_png(pos, opts);
        println!("{name}: {} bytes", png.len());
        c.bench_function(&format!("render_png/{name}"), |b| {
            b.iter(|| renderer.render_png(std::hint::black_box(pos), opts))
        });
    }
    let mut group = c.benchmark_group("tile_set");
    group.sample_size(10);
    for theme in Theme::ALL {
        group.bench_function(theme.name(), |b| {
            b.iter(|| Renderer::new().render_png(&start, &plain.with_theme(theme)))
        });
    }
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
