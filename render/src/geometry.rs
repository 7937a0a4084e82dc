use dama_rules::Square;

/// Where things are in a picture of a given width: the square size, the border and the pixel
/// position of every square. Pictures are square; the border holds the coordinates.
///
/// ```
/// use dama_render::Geometry;
/// use dama_rules::Square;
///
/// let g = Geometry::new(640);
/// assert_eq!((g.size(), g.square_size()), (640, 72));
/// let a1 = Square::from_coords(0, 0).unwrap();
/// // White at the bottom: a1 is the bottom-left square; flipped, it is the top-right one.
/// assert_eq!(g.square_origin(a1, false), (32, 32 + 7 * 72));
/// assert_eq!(g.square_origin(a1, true), (32 + 7 * 72, 32));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    size: u32,
    square: u32,
    margin: u32,
}

impl Geometry {
    /// The smallest picture drawn, in pixels: below it the coordinates become unreadable.
    pub const MIN_SIZE: u32 = 160;
    /// The largest picture drawn, in pixels: well past any screen, and within GIF's limits.
    pub const MAX_SIZE: u32 = 2048;

    /// The layout of a picture `size` pixels wide, clamped to
    /// [`MIN_SIZE`](Self::MIN_SIZE)`..=`[`MAX_SIZE`](Self::MAX_SIZE).
    #[must_use]
    pub const fn new(size: u32) -> Geometry {
        let size = if size < Self::MIN_SIZE {
            Self::MIN_SIZE
        } else if size > Self::MAX_SIZE {
            Self::MAX_SIZE
        } else {
            size
        };
        // The board takes 90% of the width; the border keeps the rest for the coordinates.
        let square = size * 9 / 80;
        Geometry {
            size,
            square,
            margin: (size - 8 * square) / 2,
        }
    }

    /// The width and height of the picture, in pixels.
    #[must_use]
    pub const fn size(&self) -> u32 {
        self.size
    }

    /// The width and height of one square, in pixels.
    #[must_use]
    pub const fn square_size(&self) -> u32 {
        self.square
    }

    /// The width of the border on the left and top (right and bottom get any odd pixel).
    #[must_use]
    pub const fn margin(&self) -> u32 {
        self.margin
    }

    /// The top-left pixel of `sq`; with `flip`, Black is at the bottom.
    #[must_use]
    pub const fn square_origin(&self, sq: Square, flip: bool) -> (u32, u32) {
        let (col, row) = Self::cell(sq, flip);
        (
            self.margin + col * self.square,
            self.margin + row * self.square,
        )
    }

    /// The pixel at the middle of `sq` (the one right of and below the exact centre when the
    /// square size is even).
    #[must_use]
    pub const fn square_center(&self, sq: Square, flip: bool) -> (u32, u32) {
        let (x, y) = self.square_origin(sq, flip);
        (x + self.square / 2, y + self.square / 2)
    }

    /// The column (from the left) and row (from the top) that `sq` is drawn in.
    pub(crate) const fn cell(sq: Square, flip: bool) -> (u32, u32) {
        let (file, rank) = (sq.file() as u32, sq.rank() as u32);
        if flip {
            (7 - file, rank)
        } else {
            (file, 7 - rank)
        }
    }
}

impl Default for Geometry {
    fn default() -> Geometry {
        Geometry::new(crate::RenderOptions::DEFAULT_SIZE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_clamped() {
        assert_eq!(Geometry::new(0).size(), Geometry::MIN_SIZE);
        assert_eq!(Geometry::new(100_000).size(), Geometry::MAX_SIZE);
    }

    #[test]
    fn the_board_and_border_fill_the_picture_for_every_size() {
        for size in Geometry::MIN_SIZE..=Geometry::MAX_SIZE {
            let g = Geometry::new(size);
            let right = g.size() - g.margin() - 8 * g.square_size();
            assert!(
                right >= g.margin() && right <= g.margin() + 1,
                "size {size}"
            );
        }
    }

    #[test]
    fn flipping_turns_the_board_half_way_round() {
        let g = Geometry::new(400);
        for sq in Square::all() {
            let (x, y) = g.square_origin(sq, false);
            let (fx, fy) = g.square_origin(sq, true);
            let far = 2 * g.margin() + 7 * g.square_size();
            assert_eq!((fx, fy), (far - x, far - y), "{sq}");
        }
    }
}
