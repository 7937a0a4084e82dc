use std::{fmt, str::FromStr};

use crate::canvas::Rgb;

/// The look of the board.
///
/// ```
/// use dama_render::Theme;
/// assert_eq!(Theme::default(), Theme::Traditional);
/// assert_eq!("checkered".parse::<Theme>(), Ok(Theme::Checkered));
/// assert_eq!(Theme::Checkered.to_string(), "checkered");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// The traditional Turkish board: every square one wood colour, divided by grid lines.
    #[default]
    Traditional,
    /// Alternating light and dark squares, as on a chess board.
    Checkered,
}

impl Theme {
    /// Every theme, the default first.
    pub const ALL: [Theme; 2] = [Theme::Traditional, Theme::Checkered];

    /// The lowercase name, as parsed by [`FromStr`].
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Traditional => "traditional",
            Theme::Checkered => "checkered",
        }
    }

    pub(crate) fn palette(self) -> &'static ThemeColors {
        match self {
            Theme::Traditional => &TRADITIONAL,
            Theme::Checkered => &CHECKERED,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is not one of [`Theme::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme {0:?}: expected traditional or checkered")]
pub struct ParseThemeError(pub String);

impl FromStr for Theme {
    type Err = ParseThemeError;

    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseThemeError(s.to_owned()))
    }
}

/// The colours of one theme. Index 0 of the pairs is the light square shade, 1 the dark one
/// (the same colour on the one-colour traditional board).
#[derive(Debug)]
pub(crate) struct ThemeColors {
    pub(crate) square: [Rgb; 2],
    /// Lines between squares, if the theme draws them.
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

const TRADITIONAL: ThemeColors = ThemeColors {
    square: [Rgb::hex(0xe8cb9a), Rgb::hex(0xe8cb9a)],
    grid: Some(Rgb::hex(0x8a6239)),
    border: Rgb::hex(0x3d2a1c),
    label: Rgb::hex(0xf0e0c4),
    highlight: Rgb::hex(0xfff04a),
    path: Rgb::hex(0xd9480f),
    mark: Rgb::hex(0x1971c2),
    number: [Rgb::hex(0x7d5a36), Rgb::hex(0x7d5a36)],
};

const CHECKERED: ThemeColors = ThemeColors {
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

/// Piece colours, shared by every theme so that white and black look the same everywhere.
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
