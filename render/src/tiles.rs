//! The pre-rendered pieces of a picture for one size and colour scheme: every square tile (each
//! highlight × shade × occupant × mark), the border with its coordinates for both
//! orientations, and the square-number masks, all as indices into one palette. Drawing a
//! position is then copying tiles and a few solid rectangles.

use dama_rules::{Color, Piece, Role};

use crate::{
    Geometry,
    canvas::{Layer, Rgb},
    colors::{self, ColorScheme},
    palette::{ColorMap, Palette},
    renderer::Scanlines,
    sprite, text,
};

/// How strongly captured pieces still show.
const GHOST_OPACITY: f32 = 0.4;

/// Coverage levels of the square numbers (0 = none).
pub(crate) const LEVELS: usize = 16;

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Occupant {
    Empty,
    Piece(Piece),
    /// A piece the last move captured, drawn faintly.
    Ghost(Piece),
}

impl Occupant {
    const COUNT: usize = 9;

    /// Every occupant, in the order of [`Occupant::index`].
    const ALL: [Occupant; Occupant::COUNT] = [
        Occupant::Empty,
        Occupant::Piece(PIECES[0]),
        Occupant::Piece(PIECES[1]),
        Occupant::Piece(PIECES[2]),
        Occupant::Piece(PIECES[3]),
        Occupant::Ghost(PIECES[0]),
        Occupant::Ghost(PIECES[1]),
        Occupant::Ghost(PIECES[2]),
        Occupant::Ghost(PIECES[3]),
    ];

    fn index(self) -> usize {
        match self {
            Occupant::Empty => 0,
            Occupant::Piece(p) => 1 + piece_index(p),
            Occupant::Ghost(p) => 5 + piece_index(p),
        }
    }
}

const PIECES: [Piece; 4] = [
    Piece {
        color: Color::White,
        role: Role::Man,
    },
    Piece {
        color: Color::White,
        role: Role::King,
    },
    Piece {
        color: Color::Black,
        role: Role::Man,
    },
    Piece {
        color: Color::Black,
        role: Role::King,
    },
];

fn piece_index(p: Piece) -> usize {
    2 * usize::from(p.color == Color::Black) + usize::from(p.role == Role::King)
}

/// The part a square plays in the last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Highlight {
    None,
    /// Where a plain move started.
    From,
    /// Where a capture started: the path begins at a hollow ring.
    CaptureFrom,
    /// Where the move ended.
    To,
    /// Where a capture touched down on its way.
    Landing,
}

impl Highlight {
    /// Every highlight, in declaration order (`as usize` gives the position).
    const ALL: [Highlight; 5] = [
        Highlight::None,
        Highlight::From,
        Highlight::CaptureFrom,
        Highlight::To,
        Highlight::Landing,
    ];

    /// How much of the scheme's highlight colour is mixed into the square.
    fn strength(self) -> f32 {
        match self {
            Highlight::None => 0.0,
            Highlight::From | Highlight::CaptureFrom | Highlight::Landing => 0.38,
            Highlight::To => 0.6,
        }
    }
}

/// A square number's coverage, in [`LEVELS`] steps.
#[derive(Debug)]
pub(crate) struct NumberMask {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) levels: Vec<u8>,
}

/// Everything drawn ahead for one size and colour scheme.
#[derive(Debug)]
pub(crate) struct TileSet {
    pub(crate) geometry: Geometry,
    pub(crate) colors: &'static ColorScheme,
    palette: Vec<u8>,
    tiles: Vec<u8>,
    /// The empty picture (border and coordinates), unflipped and flipped.
    frames: [Scanlines; 2],
    /// The palette index of the capture path.
    pub(crate) path: u8,
    /// Where square numbers start inside a square, from its top-left corner.
    pub(crate) number_inset: usize,
    numbers: Vec<NumberMask>,
    /// Per shade: `blend[index * LEVELS + level]` is `index` with the number colour laid over.
    number_blend: [Vec<u8>; 2],
}

impl TileSet {
    /// Draws every tile of `colors` at `size` pixels.
    pub(crate) fn new(size: u32, colors: &'static ColorScheme) -> TileSet {
        let geometry = Geometry::new(size);
        let side = geometry.square_size() as usize;
        let shades = colors.shades();

        let pieces = PIECES.map(|p| sprite::piece(side, p, true));
        let ghosts = PIECES.map(|p| sprite::piece(side, p, false));
        let ring = sprite::ring(side, colors.mark);
        let mut tiles_rgb: Vec<[u8; 3]> = Vec::new();
        for highlight in Highlight::ALL {
            for shade in 0..shades {
                let background = background(side, colors, shade, highlight);
                for occupant in Occupant::ALL {
                    for marked in [false, true] {
                        let mut tile = background.clone();
                        match occupant {
                            Occupant::Empty => {}
                            Occupant::Piece(p) => tile.draw(&pieces[piece_index(p)], 1.0),
                            Occupant::Ghost(p) => {
                                tile.draw(&ghosts[piece_index(p)], GHOST_OPACITY);
                            }
                        }
                        if marked {
                            tile.draw(&ring, 1.0);
                        }
                        tiles_rgb.extend(tile.pixels().map(Rgb::to_bytes));
                    }
                }
            }
        }
        let labels = [false, true].map(|flip| labels(geometry, colors, flip));

        let number_px = (0.17 * side as f32).max(6.0);
        let numbers: Vec<NumberMask> = (1..=64u8)
            .map(|n| {
                let mask = text::render(&n.to_string(), number_px);
                NumberMask {
                    width: mask.width,
                    height: mask.height,
                    levels: mask
                        .coverage
                        .iter()
                        .map(|&c| (c * (LEVELS - 1) as f32).round() as u8)
                        .collect(),
                }
            })
            .collect();

        let mut histogram: ColorMap<u32> = ColorMap::default();
        for &c in tiles_rgb
            .iter()
            .chain(labels.iter().flatten().flat_map(|p| &p.pixels))
        {
            *histogram.entry(c).or_insert(0) += 1;
        }
        let size = geometry.size() as usize;
        let board = 8 * side;
        *histogram.entry(colors.border.to_bytes()).or_insert(0) +=
            (size * size - board * board) as u32;
        // The colours of numbers over plain and highlighted squares, so the palette has them.
        for shade in 0..shades {
            for highlight in Highlight::ALL {
                let under = square_color(colors, shade, highlight);
                for level in 1..LEVELS {
                    let c = under.mix(colors.number[shade], level as f32 / (LEVELS - 1) as f32);
                    *histogram.entry(c.to_bytes()).or_insert(0) += 64;
                }
            }
        }
        let palette = Palette::build(&fixed_colors(colors, shades), &histogram);

        let number_blend = [0, shades - 1].map(|shade| {
            let mut table = Vec::with_capacity(256 * LEVELS);
            for index in 0..256 {
                let under = palette
                    .colors()
                    .get(index)
                    .map_or(Rgb::hex(0), |&c| Rgb::from_bytes(c));
                for level in 0..LEVELS {
                    let t = level as f32 / (LEVELS - 1) as f32;
                    table.push(palette.index_of(under.mix(colors.number[shade], t).to_bytes()));
                }
            }
            table
        });

        TileSet {
            geometry,
            colors,
            tiles: tiles_rgb.iter().map(|&c| palette.index_of(c)).collect(),
            frames: labels.map(|l| {
                frame(
                    size,
                    palette.index_of(colors.border.to_bytes()),
                    &l,
                    &palette,
                )
            }),
            path: palette.index_of(colors.path.to_bytes()),
            number_inset: grid_width(side) + (0.035 * side as f32).round() as usize,
            numbers,
            number_blend,
            palette: palette.to_rgb_bytes(),
        }
    }

    /// The palette as `r, g, b` bytes.
    pub(crate) fn palette(&self) -> &[u8] {
        &self.palette
    }

    /// The empty picture for the orientation.
    pub(crate) fn frame(&self, flip: bool) -> &Scanlines {
        &self.frames[usize::from(flip)]
    }

    /// The tile for a square, row by row.
    pub(crate) fn tile(
        &self,
        highlight: Highlight,
        shade: usize,
        occupant: Occupant,
        marked: bool,
    ) -> &[u8] {
        let shades = self.colors.shades();
        let h = highlight as usize;
        let index = ((h * shades + shade.min(shades - 1)) * Occupant::COUNT + occupant.index()) * 2
            + usize::from(marked);
        let area = (self.geometry.square_size() as usize).pow(2);
        &self.tiles[index * area..(index + 1) * area]
    }

    /// The mask of square number `n` (1–64).
    pub(crate) fn number(&self, n: u8) -> Option<&NumberMask> {
        self.numbers.get(usize::from(n).checked_sub(1)?)
    }

    /// The blend table for numbers on squares of `shade`.
    pub(crate) fn number_blend(&self, shade: usize) -> &[u8] {
        &self.number_blend[shade.min(1)]
    }
}

/// Width of the grid line drawn on each edge of a tile (two tiles make one line).
fn grid_width(side: usize) -> usize {
    (side / 72).max(1)
}

fn square_color(colors: &ColorScheme, shade: usize, highlight: Highlight) -> Rgb {
    colors.square[shade].mix(colors.highlight, highlight.strength())
}

/// An empty square: its colour, highlight, grid lines and path dot.
fn background(side: usize, colors: &ColorScheme, shade: usize, highlight: Highlight) -> Layer {
    let mut layer = Layer::solid(side, square_color(colors, shade, highlight));
    if let Some(grid) = colors.grid {
        let g = grid_width(side);
        layer.fill_rect(0, 0, side, g, grid);
        layer.fill_rect(0, side - g, side, side, grid);
        layer.fill_rect(0, 0, g, side, grid);
        layer.fill_rect(side - g, 0, side, side, grid);
    }
    match highlight {
        Highlight::CaptureFrom => sprite::start_ring(&mut layer, side, colors.path),
        Highlight::Landing => sprite::dot(&mut layer, side, colors.path),
        Highlight::None | Highlight::From | Highlight::To => {}
    }
    layer
}

/// A rectangle of colours laid over the plain border: one coordinate label.
#[derive(Debug)]
struct Patch {
    x: i64,
    y: i64,
    width: usize,
    pixels: Vec<[u8; 3]>,
}

/// The coordinate labels: files along the bottom and ranks down the left, as the orientation
/// shows them. Everything else of the border is its plain colour.
fn labels(geometry: Geometry, colors: &ColorScheme, flip: bool) -> Vec<Patch> {
    let size = i64::from(geometry.size());
    let (margin, square) = (
        i64::from(geometry.margin()),
        i64::from(geometry.square_size()),
    );
    let px = 0.55 * margin as f32;
    let label = |i: u8, base: u8| char::from(base + if flip { 7 - i } else { i }).to_string();
    let files: Vec<_> = (0..8)
        .map(|col| text::render(&label(col, b'a'), px))
        .collect();
    let ranks: Vec<_> = (0..8)
        .map(|row| text::render(&label(7 - row, b'1'), px))
        .collect();
    // One baseline for all labels of a side, centring their common ink band: letters with and
    // without descenders stay aligned.
    let band_middle = |masks: &[text::TextMask]| {
        let top = masks.iter().map(|m| i64::from(m.top)).min().unwrap_or(0);
        let bottom = masks
            .iter()
            .map(|m| i64::from(m.top) + m.height as i64)
            .max()
            .unwrap_or(0);
        (top + bottom) / 2
    };
    let patch = |mask: &text::TextMask, x: i64, baseline: i64| Patch {
        x,
        y: baseline + i64::from(mask.top),
        width: mask.width,
        pixels: mask
            .coverage
            .iter()
            .map(|&c| colors.border.mix(colors.label, c).to_bytes())
            .collect(),
    };
    let board_end = margin + 8 * square;
    let files_baseline = board_end + (size - board_end) / 2 - band_middle(&files);
    let ranks_middle = band_middle(&ranks);
    let mut patches = Vec::with_capacity(16);
    for (col, mask) in files.iter().enumerate() {
        let x = margin + col as i64 * square + (square - mask.width as i64) / 2;
        patches.push(patch(mask, x, files_baseline));
    }
    for (row, mask) in ranks.iter().enumerate() {
        let centre = margin + row as i64 * square + square / 2;
        patches.push(patch(
            mask,
            (margin - mask.width as i64) / 2,
            centre - ranks_middle,
        ));
    }
    patches
}

/// The empty picture: the border colour with the labels laid over it.
fn frame(size: usize, border: u8, labels: &[Patch], palette: &Palette) -> Scanlines {
    let mut frame = Scanlines::filled(size, border);
    for patch in labels {
        for (row, colors) in patch.pixels.chunks_exact(patch.width.max(1)).enumerate() {
            let (Ok(x), Ok(y)) = (usize::try_from(patch.x), usize::try_from(patch.y)) else {
                continue;
            };
            if y + row >= size {
                break;
            }
            let span = frame.span_mut(x, y + row, patch.width);
            for (p, &c) in span.iter_mut().zip(colors) {
                *p = palette.index_of(c);
            }
        }
    }
    frame
}

/// The flat colours, kept exactly in the palette.
fn fixed_colors(colors: &ColorScheme, shades: usize) -> Vec<[u8; 3]> {
    let mut fixed = vec![colors.border, colors.label, colors.path, colors.mark];
    fixed.extend(colors.grid);
    for shade in 0..shades {
        fixed.push(colors.number[shade]);
        fixed.extend(Highlight::ALL.map(|h| square_color(colors, shade, h)));
    }
    for p in [&colors::WHITE_PIECE, &colors::BLACK_PIECE] {
        fixed.extend([p.top, p.side, p.outline, p.groove]);
    }
    fixed.extend([colors::CROWN, colors::CROWN_OUTLINE]);
    fixed.into_iter().map(Rgb::to_bytes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_kinds_are_listed_in_index_order() {
        for (i, occupant) in Occupant::ALL.into_iter().enumerate() {
            assert_eq!(occupant.index(), i, "{occupant:?}");
        }
        for (i, highlight) in Highlight::ALL.into_iter().enumerate() {
            assert_eq!(highlight as usize, i, "{highlight:?}");
        }
    }

    fn all_distinct(mut tiles: Vec<&[u8]>) -> bool {
        let count = tiles.len();
        tiles.sort_unstable();
        tiles.dedup();
        tiles.len() == count
    }

    #[test]
    fn each_kind_of_square_gets_its_own_tile() {
        let tiles = TileSet::new(200, &ColorScheme::CHECKERED);
        // Every highlight of an empty square, on either shade, looks different...
        let empty: Vec<&[u8]> = Highlight::ALL
            .into_iter()
            .flat_map(|h| (0..2).map(move |shade| (h, shade)))
            .map(|(h, shade)| tiles.tile(h, shade, Occupant::Empty, false))
            .collect();
        assert!(all_distinct(empty));
        // ...and so does every occupant, marked or not, on a plain square.
        let occupied: Vec<&[u8]> = Occupant::ALL
            .into_iter()
            .flat_map(|o| [(o, false), (o, true)])
            .flat_map(|(o, marked)| (0..2).map(move |shade| (o, marked, shade)))
            .map(|(o, marked, shade)| tiles.tile(Highlight::None, shade, o, marked))
            .collect();
        assert!(all_distinct(occupied));
    }
}
