//! Animated GIF replays: one frame per position, each only the rectangle that changed.

use std::borrow::Cow;

use dama_rules::{Bitboard, Game, LastMove};

use crate::{
    RenderError, RenderOptions,
    renderer::{Scanlines, draw},
    tiles::TileSet,
};

/// How long the start position shows, in hundredths of a second.
const FIRST_DELAY: u16 = 120;
/// How long each move shows.
const MOVE_DELAY: u16 = 90;
/// How long the final position shows before the replay starts again.
const FINAL_DELAY: u16 = 400;

pub(crate) fn gif(
    tiles: &TileSet,
    game: &Game,
    opts: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let size = tiles.geometry.size();
    // Geometry keeps sizes within GIF's 16-bit limit.
    let side = u16::try_from(size).unwrap_or(u16::MAX);
    let mut palette = tiles.palette().to_vec();
    // The palette has at most 255 colours, so the next index is free to mean "unchanged".
    let transparent = (palette.len() / 3) as u8;
    palette.extend([0, 0, 0]);

    let mut out = Vec::new();
    let mut encoder =
        gif::Encoder::new(&mut out, side, side, &palette).map_err(RenderError::Gif)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(RenderError::Gif)?;
    let base = RenderOptions {
        last_move: None,
        marks: Bitboard::EMPTY,
        ..*opts
    };
    let positions = game.positions();
    let mut previous: Option<Scanlines> = None;
    for (i, pos) in positions.iter().enumerate() {
        let last = i
            .checked_sub(1)
            .and_then(|j| Some(LastMove::new(positions[j], *game.moves().get(j)?)));
        let pixels = draw(tiles, pos, &base.with_last_move(last));
        let mut frame = match &previous {
            None => full_frame(&pixels, side),
            Some(prev) => changed_part(prev, &pixels, transparent),
        };
        frame.delay = if i + 1 == positions.len() {
            FINAL_DELAY
        } else if i == 0 {
            FIRST_DELAY
        } else {
            MOVE_DELAY
        };
        frame.dispose = gif::DisposalMethod::Keep;
        encoder.write_frame(&frame).map_err(RenderError::Gif)?;
        previous = Some(pixels);
    }
    encoder.into_inner().map_err(RenderError::Gif)?;
    Ok(out)
}

fn full_frame(picture: &Scanlines, side: u16) -> gif::Frame<'static> {
    let pixels: Vec<u8> = (0..picture.size())
        .flat_map(|y| picture.row(y).iter().copied())
        .collect();
    gif::Frame {
        width: side,
        height: side,
        buffer: Cow::Owned(pixels),
        ..gif::Frame::default()
    }
}

/// The smallest rectangle holding every pixel that differs from `prev`, with the pixels inside
/// it that did not change made transparent (long runs of one index compress well).
fn changed_part(prev: &Scanlines, next: &Scanlines, transparent: u8) -> gif::Frame<'static> {
    let size = next.size();
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for y in 0..size {
        let (a, b) = (prev.row(y), next.row(y));
        let Some(left) = a.iter().zip(b).position(|(p, q)| p != q) else {
            continue;
        };
        let from_right = a.iter().rev().zip(b.iter().rev()).position(|(p, q)| p != q);
        let right = size - from_right.unwrap_or(0);
        bounds = Some(match bounds {
            None => (left, y, right, y + 1),
            Some((l, t, r, _)) => (l.min(left), t, r.max(right), y + 1),
        });
    }
    // Nothing changed (a position can repeat): one transparent pixel keeps the frame's delay.
    let (left, top, right, bottom) = bounds.unwrap_or((0, 0, 1, 1));
    let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
    for y in top..bottom {
        let (a, b) = (&prev.row(y)[left..right], &next.row(y)[left..right]);
        buffer.extend(
            a.iter()
                .zip(b)
                .map(|(&p, &q)| if p == q { transparent } else { q }),
        );
    }
    // Every bound is within the picture, whose side fits in u16.
    let narrow = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
    gif::Frame {
        left: narrow(left),
        top: narrow(top),
        width: narrow(right - left),
        height: narrow(bottom - top),
        transparent: Some(transparent),
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}
