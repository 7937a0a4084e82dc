//! The evaluation graph as a reader sees it: the PNG is decoded with the `image` crate and read
//! at the pixels [`GraphGeometry`] gives for each ply.

use dama_render::{ColorScheme, GraphGeometry, GraphOptions, RenderError, Renderer};
use image::RgbImage;

type Rgb = [u8; 3];

/// The curve: the colour of a capture's path on the board, in both colour schemes.
const CURVE: Rgb = [0xd9, 0x48, 0x0f];
/// The marks: the colour of the move picker's rings.
const MARK: Rgb = [0x19, 0x71, 0xc2];
/// White's advantage: the top of a white piece.
const WHITE_AREA: Rgb = [0xfb, 0xf7, 0xee];
/// Black's advantage: the top of a black piece.
const BLACK_AREA: Rgb = [0x3a, 0x3a, 0x3c];

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG that decodes")
        .to_rgb8()
}

fn graph(evals: &[f32], opts: &GraphOptions) -> RgbImage {
    decode(
        &Renderer::new()
            .render_eval_graph(evals, opts)
            .expect("a graph of numbers"),
    )
}

fn at(image: &RgbImage, (x, y): (u32, u32)) -> Rgb {
    image.get_pixel(x, y).0
}

/// A game that swings both ways, by up to four men, differently at every ply.
fn swinging(plies: usize) -> Vec<f32> {
    (0..plies)
        .map(|i| 4.0 * (i as f32 * 0.7).sin() * (1.0 - i as f32 / plies as f32 / 2.0))
        .collect()
}

#[test]
fn the_graph_has_the_requested_size_and_the_default_is_landscape() {
    let evals = swinging(40);
    let image = graph(&evals, &GraphOptions::default());
    assert_eq!(image.dimensions(), (800, 300));
    let image = graph(
        &evals,
        &GraphOptions::default().with_width(500).with_height(200),
    );
    assert_eq!(image.dimensions(), (500, 200));
    // Out of range sizes are clamped, as the geometry says.
    let image = graph(
        &evals,
        &GraphOptions::default().with_width(10).with_height(1),
    );
    assert_eq!(
        image.dimensions(),
        (GraphGeometry::MIN_WIDTH, GraphGeometry::MIN_HEIGHT)
    );
}

#[test]
fn plies_are_spread_evenly_and_evaluations_scale_linearly() {
    let g = GraphGeometry::new(800, 300, 101);
    let (left, right, top) = (g.margin(), g.width() - g.margin() - 1, g.margin());
    let (x, y) = g.point(50, GraphGeometry::RANGE / 2.0);
    assert!((2 * x).abs_diff(left + right) <= 1, "{x}");
    assert!((2 * y).abs_diff(g.zero_y() + top) <= 1, "{y}");
    assert_eq!(
        g.point(50, -GraphGeometry::RANGE / 2.0).1,
        2 * g.zero_y() - y
    );
}

#[test]
fn every_ply_of_a_hundred_has_its_point_on_the_curve() {
    let evals = swinging(100);
    for colors in ColorScheme::ALL {
        let name = colors.name();
        let opts = GraphOptions::default().with_colors(colors);
        let image = graph(&evals, &opts);
        let g = GraphGeometry::new(opts.width, opts.height, evals.len());
        let mut xs = Vec::new();
        for (ply, &eval) in evals.iter().enumerate() {
            let (x, y) = g.point(ply, eval);
            assert_eq!(at(&image, (x, y)), CURVE, "{name}: ply {ply} at ({x}, {y})");
            xs.push(x);
        }
        // One point per ply: a hundred distinct columns, left to right across the plot.
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        assert_eq!(xs[0], g.margin());
        assert_eq!(xs[99], g.width() - g.margin() - 1);
    }
}

#[test]
fn white_s_advantage_is_filled_above_the_zero_line_and_black_s_below() {
    for colors in ColorScheme::ALL {
        let name = colors.name();
        for (eval, area) in [(2.0, WHITE_AREA), (-2.0, BLACK_AREA)] {
            let opts = GraphOptions::default().with_colors(colors);
            let evals = [eval; 10];
            let image = graph(&evals, &opts);
            let g = GraphGeometry::new(opts.width, opts.height, evals.len());
            let zero = g.zero_y();
            for ply in 0..evals.len() {
                let (x, y) = g.point(ply, eval);
                assert_eq!(at(&image, (x, (y + zero) / 2)), area, "{name}: {eval}");
                // Across the zero line from the curve: the bare plot.
                let across = (x, 2 * zero - (y + zero) / 2);
                assert!(
                    ![area, CURVE].contains(&at(&image, across)),
                    "{name}: {eval}"
                );
            }
        }
    }
}

#[test]
fn huge_evaluations_are_clamped_to_the_edges_of_the_plot() {
    let evals = [0.0, 1e9, f32::INFINITY, -1e9, f32::NEG_INFINITY, 0.0];
    let opts = GraphOptions::default();
    let image = graph(&evals, &opts);
    let g = GraphGeometry::new(opts.width, opts.height, evals.len());
    let (top, bottom) = (g.margin(), 2 * g.zero_y() - g.margin());
    for (ply, &eval) in evals.iter().enumerate() {
        let (x, y) = g.point(ply, eval);
        assert_eq!(at(&image, (x, y)), CURVE, "ply {ply}");
        if eval.abs() > 5.0 {
            assert_eq!(y, if eval > 0.0 { top } else { bottom }, "ply {ply}");
        }
    }
    assert_eq!(g.point(1, 1e9), g.point(1, GraphGeometry::RANGE));
    // The frame above the plot is not drawn over.
    let frame = at(&image, (g.point(1, 1e9).0, 0));
    assert_ne!(frame, CURVE);
}

#[test]
fn marked_plies_get_a_dot_and_others_do_not() {
    let evals = swinging(30);
    for colors in ColorScheme::ALL {
        let name = colors.name();
        let opts = GraphOptions::default()
            .with_colors(colors)
            .with_marks(vec![7, 20]);
        let image = graph(&evals, &opts);
        let g = GraphGeometry::new(opts.width, opts.height, evals.len());
        for (ply, &eval) in evals.iter().enumerate() {
            let point = g.point(ply, eval);
            let expected = if opts.marks.contains(&ply) {
                MARK
            } else {
                CURVE
            };
            assert_eq!(at(&image, point), expected, "{name}: ply {ply}");
        }
    }
}

#[test]
fn no_evaluations_or_one_still_give_a_picture() {
    let opts = GraphOptions::default();
    let empty = graph(&[], &opts);
    assert_eq!(empty.dimensions(), (800, 300));
    assert!(empty.pixels().all(|p| p.0 != CURVE));

    let one = graph(&[1.5], &opts.clone().with_marks(vec![0]));
    let g = GraphGeometry::new(opts.width, opts.height, 1);
    assert_eq!(at(&one, g.point(0, 1.5)), MARK);
    assert_eq!(
        g.point(0, 1.5).0,
        (g.margin() + g.width() - g.margin() - 1) / 2
    );
}

#[test]
fn the_colour_schemes_give_their_own_backgrounds() {
    let evals = swinging(20);
    let corner = |colors| {
        at(
            &graph(&evals, &GraphOptions::default().with_colors(colors)),
            (0, 0),
        )
    };
    assert_ne!(
        corner(&ColorScheme::TRADITIONAL),
        corner(&ColorScheme::CHECKERED)
    );
}

#[test]
fn not_a_number_and_marks_past_the_end_are_refused() {
    let renderer = Renderer::new();
    assert!(matches!(
        renderer.render_eval_graph(&[0.0, 0.5, f32::NAN], &GraphOptions::default()),
        Err(RenderError::NotANumber { ply: 2 })
    ));
    assert!(matches!(
        renderer.render_eval_graph(&[0.0, 0.5], &GraphOptions::default().with_marks(vec![2])),
        Err(RenderError::NoSuchPly { ply: 2, plies: 2 })
    ));
}
