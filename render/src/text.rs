//! Text from the embedded DejaVu Sans Bold (licence in `assets/DejaVu-LICENSE.txt`).

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

static FONT: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

/// The coverage of a line of text, cropped to its ink.
#[derive(Debug, Clone)]
pub(crate) struct TextMask {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// The ink's top edge relative to the baseline (negative: above it).
    pub(crate) top: i32,
    /// Coverage per pixel, row by row, in `0.0..=1.0`.
    pub(crate) coverage: Vec<f32>,
}

impl TextMask {
    fn empty() -> TextMask {
        TextMask {
            width: 0,
            height: 0,
            top: 0,
            coverage: Vec::new(),
        }
    }
}

/// `text` set at `px` pixels per em. A font that fails to load gives empty masks rather than a
/// panic: the board stays readable without its labels.
pub(crate) fn render(text: &str, px: f32) -> TextMask {
    let Ok(font) = FontRef::try_from_slice(FONT) else {
        return TextMask::empty();
    };
    let scale = PxScale::from(px);
    let scaled = font.as_scaled(scale);
    let mut pen = 0.0;
    let mut previous = None;
    let mut glyphs = Vec::new();
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(prev) = previous {
            pen += scaled.kern(prev, id);
        }
        if let Some(outlined) =
            font.outline_glyph(id.with_scale_and_position(scale, point(pen, 0.0)))
        {
            glyphs.push(outlined);
        }
        pen += scaled.h_advance(id);
        previous = Some(id);
    }
    let Some(first) = glyphs.first() else {
        return TextMask::empty();
    };
    let mut bounds = first.px_bounds();
    for g in &glyphs {
        let b = g.px_bounds();
        bounds.min.x = bounds.min.x.min(b.min.x);
        bounds.min.y = bounds.min.y.min(b.min.y);
        bounds.max.x = bounds.max.x.max(b.max.x);
        bounds.max.y = bounds.max.y.max(b.max.y);
    }
    let width = (bounds.max.x - bounds.min.x) as usize;
    let height = (bounds.max.y - bounds.min.y) as usize;
    let mut coverage = vec![0.0; width * height];
    for g in &glyphs {
        let b = g.px_bounds();
        let (dx, dy) = (
            (b.min.x - bounds.min.x) as usize,
            (b.min.y - bounds.min.y) as usize,
        );
        g.draw(|x, y, c| {
            let (x, y) = (x as usize + dx, y as usize + dy);
            if x < width && y < height {
                let cell = &mut coverage[y * width + x];
                *cell = (*cell + c).min(1.0);
            }
        });
    }
    TextMask {
        width,
        height,
        top: bounds.min.y as i32,
        coverage,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_draws_digits_above_the_baseline() {
        let mask = render("64", 20.0);
        assert!(mask.width > 10 && mask.height > 10, "{mask:?}");
        assert!(mask.top < -10);
        assert!(mask.coverage.iter().any(|&c| c > 0.99));
    }

    #[test]
    fn a_wider_text_makes_a_wider_mask() {
        assert!(render("64", 20.0).width > render("1", 20.0).width);
    }
}
