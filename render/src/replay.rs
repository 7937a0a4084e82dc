//! Animated GIF replays: the start position, then a frame per move, each only the rectangle
//! that changed; fitted into a byte budget, so a long game gets a frame every few moves and,
//! if that is not enough, a smaller picture.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use dama_rules::{Bitboard, Game, LastMove};

use crate::{
    Geometry, RenderError, RenderOptions,
    renderer::{Scanlines, draw},
    tiles::TileSet,
};

/// How long the start position shows, in hundredths of a second.
const FIRST_DELAY: u16 = 120;
/// How long each move shows.
const MOVE_DELAY: u16 = 90;
/// How long the final position shows before the replay starts again.
const FINAL_DELAY: u16 = 400;
/// Frames enough to follow a game: a replay over its budget drops frames down to this many
/// before it gets a smaller picture, and below it only once the picture is at its smallest.
const ENOUGH_FRAMES: usize = 100;

/// A replay GIF, and what it shows to stay within its budget.
#[derive(Clone, PartialEq, Eq)]
pub struct Replay {
    /// The GIF.
    pub gif: Vec<u8>,
    /// How many positions it shows: every position of the game, or for a long game a sample
    /// spread evenly over it, always with the start and the final position.
    pub frames: usize,
    /// The width and height of the picture in pixels: the size asked for, or smaller.
    pub size: u32,
}

impl Replay {
    /// The budget of [`Renderer::render_replay_gif`](crate::Renderer::render_replay_gif):
    /// Discord's default upload limit of 10 MiB, less 1 MiB for the board picture posted with
    /// the replay (tens of kilobytes) and the rest of the request.
    pub const DEFAULT_BUDGET: usize = 9 * 1024 * 1024;
}

impl fmt::Debug for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Replay")
            .field("bytes", &self.gif.len())
            .field("frames", &self.frames)
            .field("size", &self.size)
            .finish()
    }
}

/// The replay of `game` in at most `budget` bytes: every position at `opts.size` if that fits;
/// else fewer frames, down to [`ENOUGH_FRAMES`]; then smaller pictures, down to
/// [`Geometry::MIN_SIZE`]; then fewer frames still, down to the first and the final position.
/// `tiles` gives the tile set of a size.
pub(crate) fn fit(
    tiles: impl Fn(u32) -> Arc<TileSet>,
    game: &Game,
    opts: &RenderOptions,
    budget: usize,
) -> Result<Replay, RenderError> {
    let mut frames = game.positions().len();
    let mut size = Geometry::new(opts.size).size();
    loop {
        let projected = match encode(&tiles(size), game, opts, frames, budget)? {
            Attempt::Fits(gif) => return Ok(Replay { gif, frames, size }),
            Attempt::Over { projected } => projected,
        };
        let fewer = fewer_frames(frames, budget, projected).max(2);
        if frames > ENOUGH_FRAMES {
            frames = fewer.max(ENOUGH_FRAMES);
        } else if size > Geometry::MIN_SIZE {
            size = Geometry::new(size * 3 / 4).size();
        } else if frames > 2 {
            frames = fewer;
        } else {
            return Err(RenderError::TooLarge { budget });
        }
    }
}

/// The frame count to try after `frames` came to `projected` bytes: in proportion to the
/// budget, aiming 10 % under it since frames further apart each show more change; always fewer.
fn fewer_frames(frames: usize, budget: usize, projected: usize) -> usize {
    let scaled = frames as u128 * budget as u128 * 9 / 10 / projected.max(1) as u128;
    usize::try_from(scaled)
        .unwrap_or(usize::MAX)
        .min(frames.saturating_sub(1))
}

/// Which positions (indices, in order) `frames` frames show of a game with `positions`
/// positions: all of them if there is room, else evenly spread from the first to the last.
fn sample(positions: usize, frames: usize) -> impl Iterator<Item = usize> {
    let (last, gaps) = (positions.saturating_sub(1), frames.saturating_sub(1));
    let every = frames >= positions || gaps == 0;
    let count = if every { positions } else { frames };
    // With fewer gaps than plies each step is at least one ply, so no index repeats.
    (0..count).map(move |j| {
        if every {
            j
        } else {
            (j * last + gaps / 2) / gaps
        }
    })
}

/// What one encoding came to.
enum Attempt {
    /// The GIF, within the budget.
    Fits(Vec<u8>),
    /// Over the budget; the whole replay would have taken about this many bytes.
    Over { projected: usize },
}

/// `frames` frames of `game` as a GIF, given up as soon as it outgrows `budget`.
fn encode(
    tiles: &TileSet,
    game: &Game,
    opts: &RenderOptions,
    frames: usize,
    budget: usize,
) -> Result<Attempt, RenderError> {
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
    let final_index = positions.len().saturating_sub(1);
    let mut previous: Option<Scanlines> = None;
    for (written, i) in sample(positions.len(), frames).enumerate() {
        // Each frame marks the move that led to its position, whether or not the frames in
        // between were shown.
        let last = i
            .checked_sub(1)
            .and_then(|j| Some(LastMove::new(positions[j], *game.moves().get(j)?)));
        let pixels = draw(tiles, &positions[i], &base.with_last_move(last));
        let mut frame = match &previous {
            None => full_frame(&pixels, side),
            Some(prev) => changed_part(prev, &pixels, transparent),
        };
        frame.delay = if i == final_index {
            FINAL_DELAY
        } else if i == 0 {
            FIRST_DELAY
        } else {
            MOVE_DELAY
        };
        frame.dispose = gif::DisposalMethod::Keep;
        encoder.write_frame(&frame).map_err(RenderError::Gif)?;
        let bytes = encoder.get_ref().len();
        if bytes > budget {
            let shown = written + 1;
            let projected = bytes.saturating_mul(frames.min(positions.len())) / shown;
            return Ok(Attempt::Over { projected });
        }
        previous = Some(pixels);
    }
    encoder.into_inner().map_err(RenderError::Gif)?;
    Ok(if out.len() > budget {
        Attempt::Over {
            projected: out.len(),
        }
    } else {
        Attempt::Fits(out)
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_game_shows_every_position() {
        assert!(sample(7, 7).eq(0..7));
        assert!(sample(7, 100).eq(0..7));
        assert!(sample(1, 1).eq(0..1));
    }

    #[test]
    fn a_sample_keeps_the_first_and_last_positions_and_spreads_the_rest_evenly() {
        assert_eq!(
            sample(1001, 5).collect::<Vec<_>>(),
            [0, 250, 500, 750, 1000]
        );
        assert_eq!(sample(1001, 2).collect::<Vec<_>>(), [0, 1000]);
        for positions in 2..60 {
            for frames in 2..positions {
                let shown: Vec<usize> = sample(positions, frames).collect();
                assert_eq!(shown.len(), frames, "{positions} {frames}");
                assert_eq!(shown.first(), Some(&0));
                assert_eq!(shown.last(), Some(&(positions - 1)));
                assert!(shown.windows(2).all(|w| w[0] < w[1]), "{shown:?}");
            }
        }
    }

    #[test]
    fn an_attempt_over_budget_always_drops_frames() {
        assert_eq!(fewer_frames(1001, 1000, 2000), 450);
        assert_eq!(
            fewer_frames(10, 1000, 1001),
            8,
            "aiming 10 % under the budget"
        );
        assert_eq!(fewer_frames(1001, 1000, 0), 1000, "nothing to scale by");
    }
}
