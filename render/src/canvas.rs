//! Floating-point drawing, used once per tile set to paint tiles before they are reduced to
//! palette indices. Shapes are given as signed distances (negative inside, in pixels), which
//! gives anti-aliased edges without supersampling.

/// An opaque colour, each channel in `0.0..=1.0` (sRGB values, blended as they are).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rgb {
    pub(crate) r: f32,
    pub(crate) g: f32,
    pub(crate) b: f32,
}

impl Rgb {
    /// The colour written `0xRRGGBB`.
    pub(crate) const fn hex(v: u32) -> Rgb {
        Rgb {
            r: ((v >> 16) & 0xff) as f32 / 255.0,
            g: ((v >> 8) & 0xff) as f32 / 255.0,
            b: (v & 0xff) as f32 / 255.0,
        }
    }

    /// `self` moved towards `other` by `t` (0 keeps `self`, 1 gives `other`).
    pub(crate) fn mix(self, other: Rgb, t: f32) -> Rgb {
        Rgb {
            r: self.r + (other.r - self.r) * t,
            g: self.g + (other.g - self.g) * t,
            b: self.b + (other.b - self.b) * t,
        }
    }

    /// The 8-bit channels, rounded.
    pub(crate) fn to_bytes(self) -> [u8; 3] {
        // Adding a half and truncating rounds (the value is not negative) without a call to
        // `roundf`, which showed up in the tile set's profile.
        let q = |c: f32| (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        [q(self.r), q(self.g), q(self.b)]
    }

    /// The colour of 8-bit channels.
    pub(crate) fn from_bytes([r, g, b]: [u8; 3]) -> Rgb {
        Rgb {
            r: f32::from(r) / 255.0,
            g: f32::from(g) / 255.0,
            b: f32::from(b) / 255.0,
        }
    }
}

/// How much of a pixel a shape covers, from its signed distance at the pixel centre.
pub(crate) fn coverage(sd: f32) -> f32 {
    (0.5 - sd).clamp(0.0, 1.0)
}

/// Signed distance to a circle.
pub(crate) fn circle(cx: f32, cy: f32, r: f32) -> impl Fn(f32, f32) -> f32 {
    move |x, y| (x - cx).hypot(y - cy) - r
}

/// Signed distance to a closed polygon (either winding).
pub(crate) fn polygon(points: &[(f32, f32)], x: f32, y: f32) -> f32 {
    let mut nearest = f32::INFINITY;
    let mut inside = false;
    let mut j = points.len() - 1;
    for (i, &(xi, yi)) in points.iter().enumerate() {
        let (xj, yj) = points[j];
        let (ex, ey) = (xj - xi, yj - yi);
        let (wx, wy) = (x - xi, y - yi);
        let t = ((wx * ex + wy * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
        nearest = nearest.min((wx - ex * t).hypot(wy - ey * t));
        if (yi > y) != (yj > y) && x < xi + (y - yi) / (yj - yi) * ex {
            inside = !inside;
        }
        j = i;
    }
    if inside { -nearest } else { nearest }
}

/// A square of premultiplied RGBA pixels. Opaque layers serve as tiles, transparent ones as
/// sprites laid over them.
#[derive(Debug, Clone)]
pub(crate) struct Layer {
    side: usize,
    px: Vec<[f32; 4]>,
}

impl Layer {
    /// A transparent layer `side` pixels wide and high.
    pub(crate) fn transparent(side: usize) -> Layer {
        Layer {
            side,
            px: vec![[0.0; 4]; side * side],
        }
    }

    /// An opaque layer of one colour.
    pub(crate) fn solid(side: usize, colour: Rgb) -> Layer {
        Layer {
            side,
            px: vec![[colour.r, colour.g, colour.b, 1.0]; side * side],
        }
    }

    /// Paints `colour` at `opacity` wherever `sd` (evaluated at pixel centres) is negative.
    pub(crate) fn fill(&mut self, colour: Rgb, opacity: f32, sd: impl Fn(f32, f32) -> f32) {
        for y in 0..self.side {
            for x in 0..self.side {
                let a = opacity * coverage(sd(x as f32 + 0.5, y as f32 + 0.5));
                if a > 0.0 {
                    over(
                        &mut self.px[y * self.side + x],
                        [colour.r, colour.g, colour.b],
                        a,
                    );
                }
            }
        }
    }

    /// Paints the pixel rectangle `[x0, x1) × [y0, y1)` in `colour`, clipped to the layer.
    pub(crate) fn fill_rect(&mut self, x0: usize, y0: usize, x1: usize, y1: usize, colour: Rgb) {
        for y in y0..y1.min(self.side) {
            for x in x0..x1.min(self.side) {
                self.px[y * self.side + x] = [colour.r, colour.g, colour.b, 1.0];
            }
        }
    }

    /// Lays `top` over this layer, scaled by `opacity`.
    pub(crate) fn draw(&mut self, top: &Layer, opacity: f32) {
        for (dst, src) in self.px.iter_mut().zip(&top.px) {
            let a = src[3] * opacity;
            if a > 0.0 {
                for c in 0..3 {
                    dst[c] = src[c] * opacity + dst[c] * (1.0 - a);
                }
                dst[3] = a + dst[3] * (1.0 - a);
            }
        }
    }

    /// The pixels as opaque colours, row by row (transparent parts come out black).
    pub(crate) fn pixels(&self) -> impl Iterator<Item = Rgb> + '_ {
        self.px.iter().map(|p| Rgb {
            r: p[0],
            g: p[1],
            b: p[2],
        })
    }
}

/// Porter-Duff "over" of a straight colour with alpha onto a premultiplied pixel.
fn over(dst: &mut [f32; 4], colour: [f32; 3], a: f32) {
    for c in 0..3 {
        dst[c] = colour[c] * a + dst[c] * (1.0 - a);
    }
    dst[3] = a + dst[3] * (1.0 - a);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygon_distance_is_negative_inside_and_positive_outside() {
        let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        assert!((polygon(&square, 5.0, 5.0) + 5.0).abs() < 1e-5);
        assert!((polygon(&square, 12.0, 5.0) - 2.0).abs() < 1e-5);
    }

    #[test]
    fn a_filled_circle_covers_its_centre_and_leaves_the_corner() {
        let mut layer = Layer::transparent(20);
        layer.fill(Rgb::hex(0xff0000), 1.0, circle(10.0, 10.0, 6.0));
        assert_eq!(layer.px[10 * 20 + 10], [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(layer.px[0], [0.0; 4]);
    }

    #[test]
    fn hex_colours_round_trip_through_bytes() {
        assert_eq!(Rgb::hex(0x12ab7f).to_bytes(), [0x12, 0xab, 0x7f]);
    }
}
