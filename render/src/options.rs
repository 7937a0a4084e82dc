use dama_rules::{Bitboard, LastMove};

use crate::ColorScheme;

/// How to draw a board. Build it from [`Default`] with the `with_*` methods, or as a struct
/// literal with `..Default::default()`.
///
/// ```
/// use dama_render::{ColorScheme, RenderOptions};
///
/// let opts = RenderOptions::default()
///     .with_size(480)
///     .with_colors(&ColorScheme::CHECKERED)
///     .with_flip(true);
/// assert_eq!((opts.size, opts.colors, opts.flip), (480, &ColorScheme::CHECKERED, true));
/// assert!(opts.last_move.is_none() && !opts.show_numbers && opts.marks.is_empty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderOptions {
    /// Width and height of the picture in pixels, clamped to
    /// [`Geometry::MIN_SIZE`](crate::Geometry::MIN_SIZE)`..=`[`Geometry::MAX_SIZE`](crate::Geometry::MAX_SIZE).
    pub size: u32,
    /// The look of the board.
    pub colors: &'static ColorScheme,
    /// Black at the bottom (the coordinates follow).
    pub flip: bool,
    /// The move that led to the position drawn: its squares are highlighted, a capture's path
    /// drawn and the captured pieces shown faintly.
    pub last_move: Option<LastMove>,
    /// The square numbers 1–64 (docs/rules.md#square-numbers), small in a corner of every square.
    pub show_numbers: bool,
    /// Squares to ring, typically the pieces that can move (see
    /// [`Position::movable_squares`](dama_rules::Position::movable_squares)).
    pub marks: Bitboard,
}

impl RenderOptions {
    /// The default width: readable on a phone, small to send.
    pub const DEFAULT_SIZE: u32 = 640;

    /// With the picture `size` pixels wide.
    #[must_use]
    pub const fn with_size(mut self, size: u32) -> RenderOptions {
        self.size = size;
        self
    }

    /// With the look of `colors`.
    #[must_use]
    pub const fn with_colors(mut self, colors: &'static ColorScheme) -> RenderOptions {
        self.colors = colors;
        self
    }

    /// With Black at the bottom if `flip`.
    #[must_use]
    pub const fn with_flip(mut self, flip: bool) -> RenderOptions {
        self.flip = flip;
        self
    }

    /// With `last_move` marked (`None` marks nothing).
    #[must_use]
    pub fn with_last_move(mut self, last_move: impl Into<Option<LastMove>>) -> RenderOptions {
        self.last_move = last_move.into();
        self
    }

    /// With the square numbers shown if `show`.
    #[must_use]
    pub const fn with_numbers(mut self, show: bool) -> RenderOptions {
        self.show_numbers = show;
        self
    }

    /// With `marks` ringed.
    #[must_use]
    pub const fn with_marks(mut self, marks: Bitboard) -> RenderOptions {
        self.marks = marks;
        self
    }
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            size: RenderOptions::DEFAULT_SIZE,
            colors: &ColorScheme::TRADITIONAL,
            flip: false,
            last_move: None,
            show_numbers: false,
            marks: Bitboard::EMPTY,
        }
    }
}
