//! Long games: the replay of a 1,000-ply game stays within its byte budget, by showing fewer
//! positions and then a smaller picture, and says so when nothing fits.

use std::io::Cursor;

use dama_render::{LastMove, RenderError, RenderOptions, Renderer, Replay};
use dama_rules::{Game, pdn};
use image::{AnimationDecoder, RgbImage, codecs::gif::GifDecoder};

/// 1,000 legal plies from the start position that leave the game going on.
fn thousand_plies() -> Game {
    let text = include_str!("data/thousand-plies.pdn");
    let game = pdn::read(text).expect("the long game reads").game;
    assert_eq!(game.moves().len(), 1000);
    assert!(game.outcome().is_none(), "{:?}", game.outcome());
    game
}

/// The width of the GIF's picture and the number of frames, every frame decoded.
fn decoded(gif: &[u8]) -> (u16, usize) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(Cursor::new(gif)).expect("a GIF");
    let (width, height) = (decoder.width(), decoder.height());
    assert_eq!(width, height, "a square picture");
    let mut frames = 0;
    while let Some(frame) = decoder.read_next_frame().expect("every frame decodes") {
        assert!(frame.left + frame.width <= width && frame.top + frame.height <= height);
        frames += 1;
    }
    (width, frames)
}

/// The frames of a GIF as a viewer shows them, at the given indices.
fn shown(gif: &[u8], wanted: &[usize]) -> Vec<RgbImage> {
    let decoder = GifDecoder::new(Cursor::new(gif)).expect("a GIF");
    decoder
        .into_frames()
        .enumerate()
        .filter(|(i, _)| wanted.contains(i))
        .map(|(_, frame)| {
            let frame = frame.expect("the frame decodes").into_buffer();
            image::DynamicImage::ImageRgba8(frame).to_rgb8()
        })
        .collect()
}

/// Position `i` of `game` as its board picture shows it, with the move that led to it marked.
fn board(renderer: &Renderer, game: &Game, i: usize, opts: &RenderOptions) -> RgbImage {
    let last = i
        .checked_sub(1)
        .map(|j| LastMove::new(game.positions()[j], game.moves()[j]));
    let png = renderer.render_png(&game.positions()[i], &opts.with_last_move(last));
    image::load_from_memory(&png).expect("a PNG").to_rgb8()
}

#[test]
fn a_thousand_ply_replay_decodes_within_the_default_budget() {
    let game = thousand_plies();
    let replay = Renderer::new()
        .render_replay(&game, &RenderOptions::default(), Replay::DEFAULT_BUDGET)
        .expect("the replay fits");
    assert!(replay.gif.len() <= Replay::DEFAULT_BUDGET, "{replay:?}");
    let (width, frames) = decoded(&replay.gif);
    assert_eq!(u32::from(width), replay.size);
    assert_eq!(frames, replay.frames);
    assert!(frames > 1, "{replay:?}");
}

#[test]
fn a_replay_over_its_budget_shows_fewer_positions_from_the_start_to_the_end() {
    let renderer = Renderer::new();
    let game = thousand_plies();
    let opts = RenderOptions::default().with_size(240);
    let full = renderer
        .render_replay(&game, &opts, Replay::DEFAULT_BUDGET)
        .expect("the replay fits");
    assert_eq!((full.frames, full.size), (1001, 240), "every position");

    let budget = full.gif.len() / 3;
    let replay = renderer
        .render_replay(&game, &opts, budget)
        .expect("a sample fits");
    assert!(replay.gif.len() <= budget, "{replay:?} in {budget}");
    assert!((100..1001).contains(&replay.frames), "{replay:?}");
    assert_eq!(replay.size, 240, "fewer frames were enough");
    assert_eq!(decoded(&replay.gif), (240, replay.frames));

    // Frame k shows position k × 1000 / (frames − 1), rounded, with the move that led to it.
    let gaps = replay.frames - 1;
    let middle = gaps / 2;
    let frames = shown(&replay.gif, &[0, middle, gaps]);
    for (frame, k) in frames.iter().zip([0, middle, gaps]) {
        let position = (k * 1000 + gaps / 2) / gaps;
        assert!(
            *frame == board(&renderer, &game, position, &opts),
            "frame {k} shows position {position}"
        );
    }
}

#[test]
fn when_fewer_frames_are_not_enough_the_picture_gets_smaller() {
    let game = thousand_plies();
    let budget = 100 * 1024;
    let replay = Renderer::new()
        .render_replay(&game, &RenderOptions::default(), budget)
        .expect("a small replay fits");
    assert!(replay.gif.len() <= budget, "{replay:?}");
    assert!(replay.size < RenderOptions::DEFAULT_SIZE, "{replay:?}");
    let (width, frames) = decoded(&replay.gif);
    assert_eq!((u32::from(width), frames), (replay.size, replay.frames));
}

#[test]
fn a_budget_too_small_for_any_replay_is_an_error() {
    let game = thousand_plies();
    let result = Renderer::new().render_replay(&game, &RenderOptions::default(), 1000);
    assert!(
        matches!(result, Err(RenderError::TooLarge { budget: 1000 })),
        "{result:?}"
    );
}
