//! The colours of the pictures: the board's colour schemes and the pieces, the same in all.

use crate::canvas::Rgb;

/// The look of a board: its colours and how its squares are shaded. The crate draws the
/// schemes it declares here; which one a player sees is the caller's choice.
///
/// ```
/// use dama_render::{ColorScheme, RenderOptions, Shading};
///
/// assert_eq!(RenderOptions::default().colors, &ColorScheme::TRADITIONAL);
/// assert_eq!(ColorScheme::CHECKERED.shading(), Shading::Alternating);
/// assert_eq!(ColorScheme::ALL.map(ColorScheme::name), ["traditional", "checkered"]);
/// ```
#[derive(Debug, PartialEq)]
pub struct ColorScheme {
    name: &'static str,
    shading: Shading,
    /// Index 0 is the light square shade, 1 the dark one (the same colour on a one-colour
    /// board).
    pub(crate) square: [Rgb; 2],
    /// Lines between squares, if the scheme draws them.
    pub(crate) grid: Option<Rgb>,
    pub(crate) border: Rgb,
    pub(crate) label: Rgb,
    /// Mixed into the squares of the last move.
    pub(crate) highlight: Rgb,
    /// The capture path: its line and the dots on its landing squares.
    pub(crate) path: Rgb,
    /// The ring around marked pieces.
    pub(crate) mark: Rgb,
    /// Square numbers, per shade.
    pub(crate) number: [Rgb; 2],
}

/// How the squares of a board are coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shading {
    /// Every square one colour.
    Uniform,
    /// Alternating light and dark squares, a1 dark.
    Alternating,
}

impl ColorScheme {
    /// The traditional Turkish board: every square one wood colour, divided by grid lines.
    pub const TRADITIONAL: ColorScheme = ColorScheme {
        name: "traditional",
        shading: Shading::Uniform,
        square: [Rgb::hex(0xe8cb9a), Rgb::hex(0xe8cb9a)],
        grid: Some(Rgb::hex(0x8a6239)),
        border: Rgb::hex(0x3d2a1c),
        label: Rgb::hex(0xf0e0c4),
        highlight: Rgb::hex(0xfff04a),
        path: Rgb::hex(0xd9480f),
        mark: Rgb::hex(0x1971c2),
        number: [Rgb::hex(0x7d5a36), Rgb::hex(0x7d5a36)],
    };

    /// Alternating light and dark squares, as on a chess board.
    pub const CHECKERED: ColorScheme = ColorScheme {
        name: "checkered",
        shading: Shading::Alternating,
        // The light squares stay a clear step below the white pieces' top.
        square: [Rgb::hex(0xdde4be), Rgb::hex(0x769656)],
        grid: None,
        border: Rgb::hex(0x2b3325),
        label: Rgb::hex(0xe4e8d6),
        highlight: Rgb::hex(0xffee33),
        path: Rgb::hex(0xd9480f),
        mark: Rgb::hex(0x1971c2),
        number: [Rgb::hex(0x5f7d43), Rgb::hex(0xe8edd2)],
    };

    /// Every scheme, the default ([`ColorScheme::TRADITIONAL`]) first.
    pub const ALL: [&'static ColorScheme; 2] = [&ColorScheme::TRADITIONAL, &ColorScheme::CHECKERED];

    /// A short name for logs, benchmarks and test messages.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// How its squares are coloured.
    #[must_use]
    pub const fn shading(&self) -> Shading {
        self.shading
    }

    /// How many square shades it has.
    pub(crate) const fn shades(&self) -> usize {
        match self.shading {
            Shading::Uniform => 1,
            Shading::Alternating => 2,
        }
    }

    /// The shade of a square: 1 for the dark squares of an alternating board (a1 is dark),
    /// else 0.
    pub(crate) fn shade_of(&self, sq: dama_rules::Square) -> usize {
        match self.shading {
            Shading::Uniform => 0,
            Shading::Alternating => usize::from((sq.file() + sq.rank()).is_multiple_of(2)),
        }
    }
}

/// Piece colours, shared by every scheme so that white and black look the same everywhere.
#[derive(Debug)]
pub(crate) struct PieceColors {
    pub(crate) top: Rgb,
    pub(crate) side: Rgb,
    pub(crate) outline: Rgb,
    pub(crate) groove: Rgb,
}

pub(crate) const WHITE_PIECE: PieceColors = PieceColors {
    top: Rgb::hex(0xfbf7ee),
    side: Rgb::hex(0xcfc4ae),
    outline: Rgb::hex(0x4f463c),
    groove: Rgb::hex(0xe2d8c4),
};

pub(crate) const BLACK_PIECE: PieceColors = PieceColors {
    top: Rgb::hex(0x3a3a3c),
    side: Rgb::hex(0x17171a),
    outline: Rgb::hex(0x0b0b0c),
    groove: Rgb::hex(0x58585c),
};

pub(crate) const CROWN: Rgb = Rgb::hex(0xf5c211);
pub(crate) const CROWN_OUTLINE: Rgb = Rgb::hex(0x6e4a00);
pub(crate) const SHADOW: Rgb = Rgb::hex(0x000000);
