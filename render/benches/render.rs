//! Time to draw and encode a 640 px PNG with warm tiles (the steady state of the bot), and to
//! draw a tile set from cold (paid once per size and colour scheme).
//!
//! Measured on the 2-core development machine (medians; other builds were running, so treat
//! them as upper bounds):
//!
//! | step                                                         | start           | middle game     |
//! |--------------------------------------------------------------|-----------------|-----------------|
//! | `png` crate, `Up` filter, fdeflate (encode only)             | 230 µs, 70.7 KB | 226 µs, 56.7 KB |
//! | `png` crate, no filter, zlib level 1 (encode only)           | 722 µs, 16.6 KB | 641 µs, 25.5 KB |
//! | own deflate (row, square, two squares, run), draw + encode   | 339 µs, 14.1 KB | 732 µs, 29.0 KB |
//! | crisp shadow; draw straight into PNG scanlines               | 284 µs, 13.2 KB | 668 µs, 27.0 KB |
//! | branch-free three-byte match test; length and distance tables| 171 µs          | 372 µs          |
//! | one-pass drawing; one-load match test; 32-byte compares      | 111 µs, 13.3 KB | 285 µs, 27.3 KB |
//!
//! A tile set (every square kind, both borders, the palette) takes 21 ms (traditional) and
//! 32 ms (checkered), down from 109 and 144 ms before hashing colours with a light hash and
//! drawing the labels as patches instead of whole-picture layers.

use criterion::{Criterion, criterion_group, criterion_main};
use dama_render::{ColorScheme, LastMove, RenderOptions, Renderer};
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
        .with_marks(after.movable_squares());
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
    for colors in ColorScheme::ALL {
        group.bench_function(colors.name(), |b| {
            b.iter(|| Renderer::new().render_png(&start, &plain.with_colors(colors)))
        });
    }
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
