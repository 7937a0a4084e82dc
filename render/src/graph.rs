//! The evaluation graph of a game review: one point per ply, White's advantage above the zero
//! line and Black's below, in the board's colours.
//!
//! The plot sits on the board's square colour inside a frame of its border colour. Between
//! the curve and the zero line, a White advantage is filled in the white pieces' colour and a
//! Black one in the black pieces' colour; the curve is drawn in the colour of a capture's path
//! and the marked plies (critical moments) as dots in the colour of the move picker's rings.
//! Evaluations are clamped to ±[`GraphGeometry::RANGE`] men. Everything is drawn crisp, in
//! seven colours, and encoded by the crate's own indexed PNG encoder.
//!
//! ```
//! use dama_render::{GraphGeometry, GraphOptions, Renderer};
//!
//! // After each ply, from White's point of view in men; the start position first.
//! let evals = [0.0, 0.1, -0.4, 0.3, 2.5, 9.0];
//! let opts = GraphOptions::default().with_marks(vec![4]);
//! let png = Renderer::new().render_eval_graph(&evals, &opts)?;
//! assert_eq!(png[16..20], 800u32.to_be_bytes());
//! assert_eq!(png[20..24], 300u32.to_be_bytes());
//!
//! // Where ply 5 is drawn: at the right edge of the plot, its 9 men clamped to the top.
//! let g = GraphGeometry::new(opts.width, opts.height, evals.len());
//! assert_eq!(g.point(5, 9.0), (g.width() - g.margin() - 1, g.margin()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{
    ColorScheme, RenderError,
    canvas::Rgb,
    colors::{BLACK_PIECE, WHITE_PIECE},
};

/// How to draw an evaluation graph. Build it from [`Default`] with the `with_*` methods.
///
/// ```
/// use dama_render::{ColorScheme, GraphOptions};
///
/// let opts = GraphOptions::default().with_width(600).with_colors(&ColorScheme::CHECKERED);
/// assert_eq!((opts.width, opts.height, opts.colors), (600, 300, &ColorScheme::CHECKERED));
/// assert!(opts.marks.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GraphOptions {
    /// Width of the picture in pixels, clamped to
    /// [`GraphGeometry::MIN_WIDTH`]`..=`[`GraphGeometry::MAX_WIDTH`].
    pub width: u32,
    /// Height of the picture in pixels, clamped to
    /// [`GraphGeometry::MIN_HEIGHT`]`..=`[`GraphGeometry::MAX_HEIGHT`].
    pub height: u32,
    /// The board look whose colours the graph takes.
    pub colors: &'static ColorScheme,
    /// Plies to mark with a dot, such as the critical moments of the game (indices into the
    /// evaluations).
    pub marks: Vec<usize>,
}

impl GraphOptions {
    /// The default width: as wide as a Discord embed shows a picture.
    pub const DEFAULT_WIDTH: u32 = 800;
    /// The default height.
    pub const DEFAULT_HEIGHT: u32 = 300;

    /// With the picture `width` pixels wide.
    #[must_use]
    pub fn with_width(mut self, width: u32) -> GraphOptions {
        self.width = width;
        self
    }

    /// With the picture `height` pixels high.
    #[must_use]
    pub fn with_height(mut self, height: u32) -> GraphOptions {
        self.height = height;
        self
    }

    /// With the colours of `colors`.
    #[must_use]
    pub fn with_colors(mut self, colors: &'static ColorScheme) -> GraphOptions {
        self.colors = colors;
        self
    }

    /// With the plies `marks` marked.
    #[must_use]
    pub fn with_marks(mut self, marks: Vec<usize>) -> GraphOptions {
        self.marks = marks;
        self
    }
}

impl Default for GraphOptions {
    fn default() -> GraphOptions {
        GraphOptions {
            width: GraphOptions::DEFAULT_WIDTH,
            height: GraphOptions::DEFAULT_HEIGHT,
            colors: &ColorScheme::TRADITIONAL,
            marks: Vec::new(),
        }
    }
}

/// Where things are in an evaluation graph: the plot inside its margin, the zero line, and
/// the pixel of every ply's point.
///
/// Plies are spread evenly from the left edge of the plot (ply 0, the start position) to its
/// right edge (the last ply); a single ply stands in the middle. An evaluation of
/// [`RANGE`](Self::RANGE) men or more is drawn at the top edge, of −`RANGE` or less at the
/// bottom edge.
///
/// ```
/// use dama_render::GraphGeometry;
///
/// let g = GraphGeometry::new(800, 300, 101);
/// let (left, right) = (g.margin(), g.width() - g.margin() - 1);
/// assert_eq!(g.point(0, 0.0), (left, g.zero_y()));
/// assert_eq!(g.point(100, -5.0), (right, 2 * g.zero_y() - g.margin()));
/// assert_eq!(g.point(50, 100.0).1, g.margin());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GraphGeometry {
    width: u32,
    height: u32,
    margin: u32,
    plies: usize,
}

impl GraphGeometry {
    /// The largest advantage shown, in men; larger ones are drawn at the edge.
    pub const RANGE: f32 = 5.0;
    /// The narrowest picture drawn, in pixels.
    pub const MIN_WIDTH: u32 = 160;
    /// The widest picture drawn, in pixels (as wide as a board at its largest).
    pub const MAX_WIDTH: u32 = 2048;
    /// The lowest picture drawn, in pixels.
    pub const MIN_HEIGHT: u32 = 80;
    /// The highest picture drawn, in pixels.
    pub const MAX_HEIGHT: u32 = 1024;

    /// The layout of a graph of `plies` points in a picture `width` × `height` pixels,
    /// each clamped to its range.
    #[must_use]
    pub fn new(width: u32, height: u32, plies: usize) -> GraphGeometry {
        let width = width.clamp(Self::MIN_WIDTH, Self::MAX_WIDTH);
        let height = height.clamp(Self::MIN_HEIGHT, Self::MAX_HEIGHT);
        GraphGeometry {
            width,
            height,
            margin: (height / 25).max(4),
            plies,
        }
    }

    /// The width of the picture, in pixels.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// The height of the picture, in pixels.
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The frame around the plot on every side, in pixels.
    #[must_use]
    pub const fn margin(&self) -> u32 {
        self.margin
    }

    /// How many points the graph has.
    #[must_use]
    pub const fn plies(&self) -> usize {
        self.plies
    }

    /// The row of the zero line: an even game, as far from the top of the plot as from its
    /// bottom.
    #[must_use]
    pub const fn zero_y(&self) -> u32 {
        self.top() + self.half()
    }

    /// The pixel of the point for `eval` at `ply`. Evaluations are clamped to
    /// ±[`RANGE`](Self::RANGE); `NaN` is drawn as an even game.
    #[must_use]
    pub fn point(&self, ply: usize, eval: f32) -> (u32, u32) {
        (self.x(ply), self.y(eval))
    }

    const fn top(&self) -> u32 {
        self.margin
    }

    /// Rows from the zero line to the top (or bottom) of the plot: a frame row is left over
    /// when the plot has an even number of rows.
    const fn half(&self) -> u32 {
        (self.height - 2 * self.margin - 1) / 2
    }

    const fn bottom(&self) -> u32 {
        self.top() + 2 * self.half()
    }

    const fn left(&self) -> u32 {
        self.margin
    }

    const fn right(&self) -> u32 {
        self.width - self.margin - 1
    }

    fn x(&self, ply: usize) -> u32 {
        let span = u64::from(self.right() - self.left());
        if self.plies < 2 {
            return self.left() + (span / 2) as u32;
        }
        let last = self.plies as u64 - 1;
        let ply = (ply as u64).min(last);
        // Rounded to the nearest pixel; within the span, so it fits.
        self.left() + ((ply * span + last / 2) / last) as u32
    }

    fn y(&self, eval: f32) -> u32 {
        let eval = if eval.is_nan() {
            0.0
        } else {
            eval.clamp(-Self::RANGE, Self::RANGE)
        };
        let half = self.half() as f32;
        let up = (eval / Self::RANGE * half).round() as i64;
        (i64::from(self.zero_y()) - up) as u32
    }
}

/// The palette indices of the graph's colours, in the order of [`palette`].
const FRAME: u8 = 0;
const PLOT: u8 = 1;
const WHITE_AREA: u8 = 2;
const BLACK_AREA: u8 = 3;
const ZERO_LINE: u8 = 4;
const CURVE: u8 = 5;
const MARK: u8 = 6;

/// The graph's colours in `colors`, as PNG palette bytes.
fn palette(colors: &ColorScheme) -> Vec<u8> {
    let zero = colors.grid.unwrap_or(colors.square[1]);
    [
        colors.border,
        colors.square[0],
        WHITE_PIECE.top,
        BLACK_PIECE.top,
        zero,
        colors.path,
        colors.mark,
    ]
    .iter()
    .flat_map(|c: &Rgb| c.to_bytes())
    .collect()
}

/// The graph of `evals` as a PNG; see [`crate::Renderer::render_eval_graph`].
pub(crate) fn render(evals: &[f32], opts: &GraphOptions) -> Result<Vec<u8>, RenderError> {
    if let Some(ply) = evals.iter().position(|e| e.is_nan()) {
        return Err(RenderError::NotANumber { ply });
    }
    if let Some(&ply) = opts.marks.iter().find(|&&m| m >= evals.len()) {
        return Err(RenderError::NoSuchPly {
            ply,
            plies: evals.len(),
        });
    }
    let g = GraphGeometry::new(opts.width, opts.height, evals.len());
    let points: Vec<(u32, u32)> = evals
        .iter()
        .enumerate()
        .map(|(i, &e)| g.point(i, e))
        .collect();
    let mut plot = Plot::new(&g);
    plot.fill_areas(&g, &points);
    let zero_width = (g.height() / 300).max(1);
    for dy in 0..zero_width {
        plot.hline(g.left(), g.right(), g.zero_y() + dy, ZERO_LINE);
    }
    let half_width = (g.height() as f32 / 200.0).max(1.0);
    for pair in points.windows(2) {
        plot.segment(pair[0], pair[1], half_width, CURVE);
    }
    if let [only] = points[..] {
        plot.segment(only, only, half_width, CURVE);
    }
    let radius = (g.height() as f32 / 40.0).max(3.0);
    for &ply in &opts.marks {
        let p = points[ply];
        plot.segment(p, p, radius, MARK);
    }
    Ok(crate::encode::png(
        (g.width(), g.height()),
        &palette(opts.colors),
        &plot.data,
        1,
    ))
}

/// A picture as PNG scanlines (a filter byte, 0, before each row of palette indices).
struct Plot {
    width: usize,
    data: Vec<u8>,
}

impl Plot {
    /// The frame with the empty plot inside it.
    fn new(g: &GraphGeometry) -> Plot {
        let (width, height) = (g.width() as usize, g.height() as usize);
        let mut plot = Plot {
            width,
            data: vec![FRAME; (width + 1) * height],
        };
        for y in 0..height {
            plot.data[y * (width + 1)] = 0;
        }
        for y in g.top()..=g.bottom() {
            plot.hline(g.left(), g.right(), y, PLOT);
        }
        plot
    }

    fn row_mut(&mut self, y: u32) -> &mut [u8] {
        let start = y as usize * (self.width + 1) + 1;
        &mut self.data[start..start + self.width]
    }

    /// Pixels `x0..=x1` of row `y`.
    fn hline(&mut self, x0: u32, x1: u32, y: u32, index: u8) {
        self.row_mut(y)[x0 as usize..=x1 as usize].fill(index);
    }

    /// Each column of the plot from the zero line to the curve, which runs straight from
    /// point to point (and level with a lone point).
    fn fill_areas(&mut self, g: &GraphGeometry, points: &[(u32, u32)]) {
        let Some(&first) = points.first() else {
            return;
        };
        let zero = g.zero_y();
        let mut segment = 0;
        for x in g.left()..=g.right() {
            let curve = if points.len() < 2 {
                first.1 as f32
            } else {
                while segment + 2 < points.len() && points[segment + 1].0 <= x {
                    segment += 1;
                }
                let ((ax, ay), (bx, by)) = (points[segment], points[segment + 1]);
                if bx == ax {
                    by as f32
                } else {
                    let t = (x as f32 - ax as f32) / (bx as f32 - ax as f32);
                    ay as f32 + (by as f32 - ay as f32) * t.clamp(0.0, 1.0)
                }
            };
            let curve = curve.round() as u32;
            let (rows, index) = if curve < zero {
                (curve..zero, WHITE_AREA)
            } else {
                (zero + 1..curve + 1, BLACK_AREA)
            };
            for y in rows {
                self.row_mut(y)[x as usize] = index;
            }
        }
    }

    /// Every pixel whose centre is within `half_width` of the segment from `a` to `b` (pixel
    /// centres at whole coordinates); a segment of one point is a disc.
    fn segment(&mut self, a: (u32, u32), b: (u32, u32), half_width: f32, index: u8) {
        let reach = half_width.ceil() as u32;
        let height = (self.data.len() / (self.width + 1)) as u32;
        let (x0, x1) = (
            a.0.min(b.0).saturating_sub(reach),
            (a.0.max(b.0) + reach).min(self.width as u32 - 1),
        );
        let (y0, y1) = (
            a.1.min(b.1).saturating_sub(reach),
            (a.1.max(b.1) + reach).min(height - 1),
        );
        let (ax, ay) = (a.0 as f32, a.1 as f32);
        let (ex, ey) = (b.0 as f32 - ax, b.1 as f32 - ay);
        let length2 = ex * ex + ey * ey;
        for y in y0..=y1 {
            let row = self.row_mut(y);
            for x in x0..=x1 {
                let (wx, wy) = (x as f32 - ax, y as f32 - ay);
                let t = if length2 == 0.0 {
                    0.0
                } else {
                    ((wx * ex + wy * ey) / length2).clamp(0.0, 1.0)
                };
                if (wx - ex * t).hypot(wy - ey * t) <= half_width {
                    row[x as usize] = index;
                }
            }
        }
    }
}
