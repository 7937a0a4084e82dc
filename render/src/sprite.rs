//! The pieces, the mark ring and the landing dot, painted once per tile set.

use dama_rules::{Color, Piece, Role};

use crate::{
    canvas::{Layer, Rgb, circle, polygon},
    colors::{BLACK_PIECE, CROWN, CROWN_OUTLINE, PieceColors, SHADOW},
};

/// The piece's radius as a share of the square.
pub(crate) const PIECE_RADIUS: f32 = 0.39;

/// How far the top face sits above the disc's centre, and the side below it, in radii: the
/// disc reads as a thick piece seen slightly from above.
const LIFT: f32 = 0.055;

/// A piece in a square `side` pixels wide: soft shadow, side, top face with a groove and, for a
/// king, a crown over the centre (so the centre pixel tells a king from a man).
pub(crate) fn piece(side: usize, piece: Piece, with_shadow: bool) -> Layer {
    let s = side as f32;
    let c = s / 2.0;
    let r = PIECE_RADIUS * s;
    let colors: &PieceColors = match piece.color {
        Color::White => &crate::colors::WHITE_PIECE,
        Color::Black => &BLACK_PIECE,
    };
    let (top_y, side_y) = (c - LIFT * r, c + LIFT * r);
    let outline = (0.045 * r).max(1.0);
    let mut layer = Layer::transparent(side);
    if with_shadow {
        // A crisp shadow rather than a blurred one: as clear, and far fewer distinct pixels for
        // the encoder.
        layer.fill(SHADOW, 0.22, circle(c, c + 0.15 * r, r));
    }
    let top = circle(c, top_y, r);
    let under = circle(c, side_y, r);
    layer.fill(colors.outline, 1.0, |x, y| {
        top(x, y).min(under(x, y)) - outline
    });
    layer.fill(colors.side, 1.0, &under);
    layer.fill(colors.outline, 1.0, |x, y| top(x, y) - 0.6 * outline);
    layer.fill(colors.top, 1.0, &top);
    if piece.role == Role::King {
        crown(&mut layer, c, top_y + 0.03 * r, 0.98 * r);
    } else {
        let groove = circle(c, top_y, 0.72 * r);
        let groove_half = (0.045 * r).max(0.6);
        layer.fill(colors.groove, 1.0, |x, y| groove(x, y).abs() - groove_half);
    }
    layer
}

/// A crown centred on `(cx, cy)`, `scale` pixels being its half-width.
fn crown(layer: &mut Layer, cx: f32, cy: f32, scale: f32) {
    let at = |x: f32, y: f32| (cx + x * scale, cy + y * scale);
    let body = [
        at(-0.54, 0.30),
        at(-0.66, -0.26),
        at(-0.30, 0.02),
        at(0.0, -0.42),
        at(0.30, 0.02),
        at(0.66, -0.26),
        at(0.54, 0.30),
    ];
    let balls = [
        (at(-0.68, -0.36), 0.11 * scale),
        (at(0.0, -0.52), 0.12 * scale),
        (at(0.68, -0.36), 0.11 * scale),
    ];
    let shape = move |x: f32, y: f32| {
        balls
            .iter()
            .map(|&((bx, by), br)| (x - bx).hypot(y - by) - br)
            .fold(polygon(&body, x, y), f32::min)
    };
    let width = (0.09 * scale).max(1.0);
    layer.fill(CROWN_OUTLINE, 1.0, |x, y| shape(x, y) - width);
    layer.fill(CROWN, 1.0, shape);
    // A band across the bottom of the crown, in the outline colour, gives it a base.
    let (_, band) = at(0.0, 0.19);
    layer.fill(CROWN_OUTLINE, 1.0, |x, y| {
        shape(x, y).max((y - band).abs() - 0.3 * width)
    });
}

/// A ring around the piece of a square `side` pixels wide, in `colour`.
pub(crate) fn ring(side: usize, colour: Rgb) -> Layer {
    let s = side as f32;
    let c = s / 2.0;
    let radius = (PIECE_RADIUS + 0.065) * s;
    let half = (0.028 * s).max(1.0);
    let mut layer = Layer::transparent(side);
    let shape = circle(c, c, radius);
    layer.fill(colour, 1.0, |x, y| shape(x, y).abs() - half);
    layer
}

/// The dot on a landing square of a capture path.
pub(crate) fn dot(layer: &mut Layer, side: usize, colour: Rgb) {
    let c = side as f32 / 2.0;
    layer.fill(colour, 1.0, circle(c, c, dot_radius(side)));
}

/// The hollow ring on the square where a capture started: it tells the start of a long path
/// from its landings at a glance.
pub(crate) fn start_ring(layer: &mut Layer, side: usize, colour: Rgb) {
    let c = side as f32 / 2.0;
    let half = start_ring_half_width(side);
    let shape = circle(c, c, start_ring_radius(side));
    layer.fill(colour, 1.0, |x, y| shape(x, y).abs() - half);
}

/// The radius of the start ring's stroke centre, in pixels.
pub(crate) fn start_ring_radius(side: usize) -> f32 {
    0.15 * side as f32
}

/// Half the width of the start ring's stroke, in pixels.
pub(crate) fn start_ring_half_width(side: usize) -> f32 {
    (0.03 * side as f32).max(0.75)
}

/// The landing dot's radius in pixels.
pub(crate) fn dot_radius(side: usize) -> f32 {
    0.13 * side as f32
}
