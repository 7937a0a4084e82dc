//! What a player sees: the PNGs and GIFs are decoded with the `image` crate and read pixel by
//! pixel at the squares' centres and at a few defined probe points.

use dama_render::{ColorScheme, Geometry, LastMove, RenderOptions, Renderer};
use dama_rules::{Bitboard, Color, Game, Move, Position, Role, Square, notation};
use image::{AnimationDecoder, RgbImage, codecs::gif::GifDecoder};

/// A busy middle game; White's best capture takes three pieces: e3xe5xc5xc7.
const MIDDLE_GAME: &str = "8/bb2bbbb/b1b1bbb1/3b4/1w2b1w1/ww2w1ww/1ww1w1w1/8 w";

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG that decodes")
        .to_rgb8()
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

fn pos(text: &str) -> Position {
    text.parse().expect("a legal position")
}

type Rgb = [u8; 3];

/// Probe points of a square, as fractions of its size from its top-left corner.
#[derive(Debug, Clone, Copy)]
enum Probe {
    /// The middle: a man's top, a king's crown, or the bare square.
    Centre,
    /// Below the middle, on a piece's top face but clear of the crown.
    Body,
    /// Near the top-right corner: the square's own colour, clear of pieces and numbers.
    Corner,
    /// Between the piece and the square's edge on the left: where a mark's ring runs.
    Ring,
    /// Left of the centre, where the ring marking a capture's start runs.
    StartRing,
}

fn probe(image: &RgbImage, square: Square, flip: bool, probe: Probe) -> Rgb {
    let g = Geometry::new(image.width());
    let (x, y) = g.square_origin(square, flip);
    let side = f64::from(g.square_size());
    let (fx, fy) = match probe {
        Probe::Centre => (0.5, 0.5),
        Probe::Body => (0.5, 0.7),
        Probe::Corner => (0.88, 0.12),
        Probe::Ring => (0.5 - 0.39 - 0.065, 0.5),
        Probe::StartRing => (0.35, 0.5),
    };
    let at = |f: f64| (f * side).floor() as u32;
    image.get_pixel(x + at(fx), y + at(fy)).0
}

fn is_white_piece([r, g, b]: Rgb) -> bool {
    r > 225 && g > 220 && b > 205
}

fn is_black_piece([r, g, b]: Rgb) -> bool {
    u32::from(r) + u32::from(g) + u32::from(b) < 3 * 90
}

fn is_crown([r, g, b]: Rgb) -> bool {
    r > 200 && (140..=225).contains(&g) && b < 90
}

/// What the picture shows on `square`, read from its centre and body probes only.
fn seen(image: &RgbImage, square: Square, flip: bool) -> Option<(Color, Role)> {
    let centre = probe(image, square, flip, Probe::Centre);
    let body = probe(image, square, flip, Probe::Body);
    let role = if is_crown(centre) {
        Role::King
    } else {
        Role::Man
    };
    if is_white_piece(body) {
        Some((Color::White, role))
    } else if is_black_piece(body) {
        Some((Color::Black, role))
    } else {
        None
    }
}

fn assert_shows(image: &RgbImage, position: &Position, flip: bool) {
    for square in Square::all() {
        let expected = position.piece_at(square).map(|p| (p.color, p.role));
        assert_eq!(
            seen(image, square, flip),
            expected,
            "on {square}, {} px: centre {:?}, body {:?}",
            image.width(),
            probe(image, square, flip, Probe::Centre),
            probe(image, square, flip, Probe::Body)
        );
    }
}

#[test]
fn the_picture_has_the_requested_size_clamped_to_the_supported_range() {
    let renderer = Renderer::new();
    for (asked, got) in [(640, 640), (480, 480), (333, 333), (10, 160), (9000, 2048)] {
        let opts = RenderOptions::default().with_size(asked);
        let image = decode(&renderer.render_png(&Position::start(), &opts));
        assert_eq!(image.dimensions(), (got, got), "asked for {asked}");
    }
}

#[test]
fn every_square_shows_its_piece_at_several_sizes_and_both_colour_schemes() {
    let renderer = Renderer::new();
    let positions = [
        Position::start(),
        pos("8/2B5/b2bb2b/1b6/4W3/w1w2w1w/1w2ww2/8 w"),
        pos("B6W/8/8/3bw3/3WB3/8/8/W6B b"),
    ];
    for colors in ColorScheme::ALL {
        for size in [160, 320, 640, 1000] {
            for position in &positions {
                let opts = RenderOptions::default().with_size(size).with_colors(colors);
                let image = decode(&renderer.render_png(position, &opts));
                assert_shows(&image, position, false);
            }
        }
    }
}

#[test]
fn a_king_has_a_crown_over_its_centre_and_a_man_does_not() {
    let renderer = Renderer::new();
    let position = pos("8/8/8/3bw3/3WB3/8/8/8 w");
    let image = decode(&renderer.render_png(&position, &RenderOptions::default()));
    for (name, crowned) in [("d5", false), ("e5", false), ("d4", true), ("e4", true)] {
        let centre = probe(&image, sq(name), false, Probe::Centre);
        assert_eq!(is_crown(centre), crowned, "{name}: {centre:?}");
    }
    // A king's centre differs from a man's of the same colour.
    assert_ne!(
        probe(&image, sq("d4"), false, Probe::Centre),
        probe(&image, sq("e5"), false, Probe::Centre)
    );
}

#[test]
fn empty_squares_show_the_board_colour_one_shade_or_two() {
    let renderer = Renderer::new();
    let position = pos("8/2B5/b2bb2b/1b6/4W3/w1w2w1w/1w2ww2/8 w");
    for (colors, shades) in [(&ColorScheme::TRADITIONAL, 1), (&ColorScheme::CHECKERED, 2)] {
        let image =
            decode(&renderer.render_png(&position, &RenderOptions::default().with_colors(colors)));
        let mut colours: Vec<Rgb> = Vec::new();
        for square in Square::all().filter(|&s| position.piece_at(s).is_none()) {
            let centre = probe(&image, square, false, Probe::Centre);
            let corner = probe(&image, square, false, Probe::Corner);
            assert_eq!(centre, corner, "{}: {square}", colors.name());
            assert!(
                !is_white_piece(centre) && !is_black_piece(centre),
                "{square}"
            );
            if !colours.contains(&centre) {
                colours.push(centre);
            }
        }
        assert_eq!(colours.len(), shades, "{}: {colours:?}", colors.name());
        if colors == &ColorScheme::CHECKERED {
            // a1 is dark, b1 light.
            let dark = probe(&image, sq("a1"), false, Probe::Centre);
            let light = probe(&image, sq("b1"), false, Probe::Centre);
            let luma = |[r, g, b]: Rgb| u32::from(r) + u32::from(g) + u32::from(b);
            assert!(luma(dark) < luma(light));
        }
    }
}

fn middle_game_capture() -> (Position, Move, Position) {
    let before = pos(MIDDLE_GAME);
    let mv = notation::resolve_str(&before, "e3xe5xc5xc7").expect("a legal capture");
    let after = before.play(&mv).expect("it plays");
    (before, mv, after)
}

#[test]
fn the_last_move_highlights_its_squares_path_and_captured_pieces() {
    let renderer = Renderer::new();
    let (before, mv, after) = middle_game_capture();
    for colors in ColorScheme::ALL {
        let plain_opts = RenderOptions::default().with_colors(colors);
        let plain = decode(&renderer.render_png(&after, &plain_opts));
        let marked = decode(&renderer.render_png(
            &after,
            &plain_opts.with_last_move(LastMove::new(before, mv)),
        ));
        // The start, the landings and the end stand out from the same squares unmarked.
        for name in ["e3", "e5", "c5", "c7"] {
            let (a, b) = (
                probe(&plain, sq(name), false, Probe::Corner),
                probe(&marked, sq(name), false, Probe::Corner),
            );
            assert_ne!(a, b, "{}: {name} is not highlighted", colors.name());
        }
        // The capturing piece stays on top of the path, and reads as what it is.
        assert_eq!(
            seen(&marked, sq("c7"), false),
            Some((Color::White, Role::Man))
        );
        // The landings carry a dot in their centre; the start a hollow ring.
        for name in ["e5", "c5"] {
            let centre = probe(&marked, sq(name), false, Probe::Centre);
            let corner = probe(&marked, sq(name), false, Probe::Corner);
            assert_ne!(centre, corner, "{name}");
        }
        let start = sq("e3");
        let corner = probe(&marked, start, false, Probe::Corner);
        assert_eq!(probe(&marked, start, false, Probe::Centre), corner);
        assert_ne!(probe(&marked, start, false, Probe::StartRing), corner);
        // Captured pieces show faintly: there, but neither bare board nor a live piece.
        for name in ["e4", "d5", "c6"] {
            let body = probe(&marked, sq(name), false, Probe::Body);
            assert_ne!(body, probe(&plain, sq(name), false, Probe::Body), "{name}");
            assert!(
                !is_white_piece(body) && !is_black_piece(body),
                "{name}: {body:?}"
            );
        }
        // Squares the move did not touch are drawn exactly as without it.
        for name in ["a1", "h8", "g4", "f6"] {
            assert_eq!(
                probe(&plain, sq(name), false, Probe::Corner),
                probe(&marked, sq(name), false, Probe::Corner),
                "{name}"
            );
        }
    }
}

#[test]
fn a_plain_move_highlights_its_start_and_end_only() {
    let renderer = Renderer::new();
    let before = Position::start();
    let mv = notation::resolve_str(&before, "d3-d4").expect("legal");
    let after = before.play(&mv).expect("plays");
    let plain = decode(&renderer.render_png(&after, &RenderOptions::default()));
    let marked = decode(&renderer.render_png(
        &after,
        &RenderOptions::default().with_last_move(LastMove::new(before, mv)),
    ));
    let changed: Vec<Square> = Square::all()
        .filter(|&s| {
            probe(&plain, s, false, Probe::Corner) != probe(&marked, s, false, Probe::Corner)
        })
        .collect();
    assert_eq!(changed, vec![sq("d3"), sq("d4")]);
}

#[test]
fn marks_ring_the_pieces_that_can_move() {
    let renderer = Renderer::new();
    let position = Position::start();
    let marks = position.movable_squares();
    let plain = decode(&renderer.render_png(&position, &RenderOptions::default()));
    let marked =
        decode(&renderer.render_png(&position, &RenderOptions::default().with_marks(marks)));
    for square in Square::all() {
        let (a, b) = (
            probe(&plain, square, false, Probe::Ring),
            probe(&marked, square, false, Probe::Ring),
        );
        assert_eq!(a != b, marks.contains(square), "{square}");
    }
    // The pieces themselves still read the same.
    assert_shows(&marked, &position, false);
}

#[test]
fn flipping_puts_a1_at_the_top_right() {
    let renderer = Renderer::new();
    let position = pos("8/8/8/3b4/8/8/8/W7 w");
    let a1 = sq("a1");
    for flip in [false, true] {
        let opts = RenderOptions::default().with_flip(flip);
        let image = decode(&renderer.render_png(&position, &opts));
        let g = Geometry::new(image.width());
        let (x, y) = g.square_origin(a1, flip);
        let board_end = g.margin() + 7 * g.square_size();
        if flip {
            assert_eq!((x, y), (board_end, g.margin()));
        } else {
            assert_eq!((x, y), (g.margin(), board_end));
        }
        let centre = image
            .get_pixel(x + g.square_size() / 2, y + g.square_size() / 2)
            .0;
        assert!(is_crown(centre), "flip {flip}: {centre:?}");
        assert_shows(&image, &position, flip);
    }
}

#[test]
fn square_numbers_are_drawn_only_when_asked() {
    let renderer = Renderer::new();
    let position = Position::start();
    let plain = decode(&renderer.render_png(&position, &RenderOptions::default()));
    let numbered =
        decode(&renderer.render_png(&position, &RenderOptions::default().with_numbers(true)));
    let ink = |image: &RgbImage, square: Square| {
        let g = Geometry::new(image.width());
        let (x, y) = g.square_origin(square, false);
        let side = g.square_size();
        let corner = probe(image, square, false, Probe::Corner);
        (x + 2..x + side / 3)
            .flat_map(|px| (y + 2..y + side / 4).map(move |py| (px, py)))
            .filter(|&(px, py)| image.get_pixel(px, py).0 != corner)
            .count()
    };
    for square in Square::all() {
        let grid_only = ink(&plain, square);
        assert!(ink(&numbered, square) > grid_only + 10, "{square}");
    }
    // Numbers leave the pieces readable.
    assert_shows(&numbered, &position, false);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let renderer = Renderer::new();
    let (before, mv, after) = middle_game_capture();
    let opts = RenderOptions::default()
        .with_colors(&ColorScheme::CHECKERED)
        .with_numbers(true)
        .with_marks(after.movable_squares())
        .with_last_move(LastMove::new(before, mv));
    let shared = renderer.render_png(&after, &opts);
    assert_eq!(shared, renderer.render_png(&after, &opts));
    // A fresh renderer draws its tiles anew and still gives the same picture.
    assert_eq!(shared, Renderer::new().render_png(&after, &opts));
}

#[test]
fn board_pngs_stay_small() {
    let renderer = Renderer::new();
    let (before, mv, after) = middle_game_capture();
    let busy = RenderOptions::default()
        .with_last_move(LastMove::new(before, mv))
        .with_marks(after.movable_squares());
    for (position, opts) in [(Position::start(), RenderOptions::default()), (after, busy)] {
        for colors in ColorScheme::ALL {
            let png = renderer.render_png(&position, &opts.with_colors(colors));
            let name = colors.name();
            assert!(png.len() <= 40 * 1024, "{name}: {} bytes", png.len());
        }
    }
}

/// A game of up to `plies` plies, each move picked by the pseudo-random sequence from `seed`.
fn sample_game(seed: u32, plies: usize) -> Game {
    let mut game = Game::new();
    let mut seed = seed;
    while game.outcome().is_none() && game.moves().len() < plies {
        let moves = game.position().legal_moves_under(game.rules());
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let m = moves[(seed >> 8) as usize % moves.len()];
        game.play(&m).expect("a legal move plays");
    }
    game
}

fn decode_gif(gif: &[u8]) -> Vec<image::Frame> {
    let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF that decodes");
    decoder
        .into_frames()
        .collect_frames()
        .expect("every frame decodes")
}

fn gif_frames(gif: &[u8]) -> Vec<image::RgbaImage> {
    decode_gif(gif)
        .into_iter()
        .map(image::Frame::into_buffer)
        .collect()
}

#[test]
fn the_replay_has_a_frame_per_position_each_as_the_board_picture_shows_it() {
    let renderer = Renderer::new();
    let game = sample_game(7, 12);
    let opts = RenderOptions::default().with_size(320).with_flip(true);
    let frames = gif_frames(&renderer.render_replay_gif(&game, &opts).expect("encodes"));
    assert_eq!(frames.len(), game.positions().len());
    for (i, frame) in frames.iter().enumerate() {
        let position = &game.positions()[i];
        let last = i
            .checked_sub(1)
            .map(|j| LastMove::new(game.positions()[j], game.moves()[j]));
        let png = decode(&renderer.render_png(position, &opts.with_last_move(last)));
        let rgb = image::DynamicImage::ImageRgba8(frame.clone()).to_rgb8();
        assert!(
            rgb == png,
            "frame {i} differs from the PNG of the same position"
        );
    }
}

#[test]
fn a_sixty_move_replay_fits_easily_in_a_discord_upload() {
    let renderer = Renderer::new();
    // Most random games end sooner; the first seed whose game lasts gives sixty moves a side.
    let game = (0..)
        .map(|seed| sample_game(seed, 120))
        .find(|g| g.moves().len() == 120)
        .expect("some random game lasts 120 plies");
    let gif = renderer
        .render_replay_gif(&game, &RenderOptions::default())
        .expect("encodes");
    let frames = gif_frames(&gif);
    assert_eq!(frames.len(), 121);
    // Discord's default limit is 8 MB; about 0.4 MB is expected at 640 px.
    assert!(gif.len() < 1024 * 1024, "{} bytes", gif.len());
}

#[test]
fn the_replay_holds_the_final_position_longest() {
    let renderer = Renderer::new();
    let game = sample_game(7, 6);
    let gif = renderer
        .render_replay_gif(&game, &RenderOptions::default().with_size(200))
        .expect("ok");
    let delays: Vec<u32> = decode_gif(&gif)
        .iter()
        .map(|f| {
            let (num, den) = f.delay().numer_denom_ms();
            num / den.max(1)
        })
        .collect();
    let (last, rest) = delays.split_last().expect("frames");
    assert!(rest.iter().all(|d| d < last), "{delays:?}");
    assert!(
        rest.iter().all(|&d| d >= 500),
        "each move stays long enough to see: {delays:?}"
    );
}

#[test]
fn marks_and_last_move_options_do_not_leak_into_the_replay() {
    let renderer = Renderer::new();
    let game = sample_game(7, 4);
    let plain = renderer
        .render_replay_gif(&game, &RenderOptions::default().with_size(200))
        .expect("ok");
    let noisy = RenderOptions::default()
        .with_size(200)
        .with_marks(Bitboard::FULL)
        .with_last_move(LastMove::of_game(&game));
    assert_eq!(
        plain,
        renderer.render_replay_gif(&game, &noisy).expect("ok")
    );
}
