use std::{
    fmt,
    sync::{Arc, Mutex, PoisonError},
};

use dama_rules::{Game, Move, Position, Square};

use crate::{
    ColorScheme, Geometry, GraphOptions, RenderError, RenderOptions, Replay, replay,
    sprite::{self, PIECE_RADIUS},
    tiles::{Highlight, LEVELS, Occupant, TileSet},
};

/// How many tile sets (one per size and colour scheme) a [`Renderer`] keeps: enough for boards and
/// replays in both colour schemes, with room to spare.
const CACHE_CAPACITY: usize = 6;

/// Draws boards, keeping the pre-rendered tiles of the sizes and colour schemes it has drawn.
///
/// The first picture of a size and colour scheme pays for drawing its tiles (20–35 ms at 640 px in a
/// release build); every later one is copied from them and encoded in a few tenths of a
/// millisecond. So a program makes one `Renderer` and hands it to whatever draws (it is `Send`
/// and `Sync`: share it behind an `Arc`); its tiles take 1.3–1.8 MB per set at 640 px, at most
/// six sets kept.
///
/// ```
/// use dama_render::{RenderOptions, Renderer};
/// use dama_rules::Position;
///
/// let renderer = Renderer::new();
/// let png = renderer.render_png(&Position::start(), &RenderOptions::default());
/// assert_eq!(&png[1..4], b"PNG");
/// ```
pub struct Renderer {
    /// Most recently used last.
    cache: Mutex<Vec<Arc<TileSet>>>,
    /// The last boards drawn, most recently used last: a position is drawn once for each way of
    /// drawing it, however many messages show it (an answer, a notice by DM, a post the
    /// delivery worker makes after a failed answer).
    boards: Mutex<Vec<Board>>,
}

/// How many boards a [`Renderer`] keeps: the boards of the last moves of a few dozen games, at
/// 15–30 KB each.
const BOARDS_KEPT: usize = 64;

/// A board drawn: the position and the options it was drawn with, and the PNG.
struct Board {
    position: Position,
    options: RenderOptions,
    png: Arc<[u8]>,
}

impl Renderer {
    /// A renderer with no tiles drawn yet.
    #[must_use]
    pub const fn new() -> Renderer {
        Renderer {
            cache: Mutex::new(Vec::new()),
            boards: Mutex::new(Vec::new()),
        }
    }

    /// `pos` as a PNG, drawn as `opts` says.
    ///
    /// ```
    /// use dama_render::{ColorScheme, RenderOptions, Renderer};
    /// use dama_rules::Position;
    ///
    /// let opts = RenderOptions::default().with_colors(&ColorScheme::CHECKERED).with_flip(true);
    /// let png = Renderer::new().render_png(&Position::start(), &opts);
    /// // The width is stored big-endian at bytes 16..20 of the header.
    /// assert_eq!(png[16..20], 640u32.to_be_bytes());
    /// ```
    #[must_use]
    pub fn render_png(&self, pos: &Position, opts: &RenderOptions) -> Vec<u8> {
        self.board_png(pos, opts).to_vec()
    }

    /// [`render_png`](Self::render_png), shared: the same bytes for every caller asking for a
    /// board drawn lately (the last 64 kept), drawn once.
    #[must_use]
    pub fn board_png(&self, pos: &Position, opts: &RenderOptions) -> Arc<[u8]> {
        if let Some(png) = self.drawn(pos, opts) {
            return png;
        }
        let tiles = self.tiles(opts.size, opts.colors);
        let png: Arc<[u8]> = encode_png(&tiles, &draw(&tiles, pos, opts)).into();
        let mut boards = self.boards.lock().unwrap_or_else(PoisonError::into_inner);
        if boards.len() == BOARDS_KEPT {
            boards.remove(0);
        }
        boards.push(Board {
            position: *pos,
            options: *opts,
            png: Arc::clone(&png),
        });
        png
    }

    /// The kept board of `pos` drawn as `opts` says, marked as most recently used.
    fn drawn(&self, pos: &Position, opts: &RenderOptions) -> Option<Arc<[u8]>> {
        let mut boards = self.boards.lock().unwrap_or_else(PoisonError::into_inner);
        let i = boards
            .iter()
            .rposition(|b| b.position == *pos && b.options == *opts)?;
        let board = boards.remove(i);
        let png = Arc::clone(&board.png);
        boards.push(board);
        Some(png)
    }

    /// `game` as an animated GIF: the start position, then one frame per move with the move
    /// marked as in [`Renderer::render_png`], the final position held longer. Uses `opts`' size,
    /// colour scheme, orientation and numbers; `opts.last_move` and `opts.marks` are not used (each
    /// frame's last move comes from the game). Within [`Replay::DEFAULT_BUDGET`] bytes: see
    /// [`Renderer::render_replay`] for what a long game gives up to fit.
    ///
    /// ```
    /// use dama_render::{RenderOptions, Renderer};
    /// use dama_rules::{Game, notation};
    ///
    /// let mut game = Game::new();
    /// for text in ["d3-d4", "e6-e5"] {
    ///     let m = notation::resolve_str(game.position(), text)?;
    ///     game.play(&m)?;
    /// }
    /// let gif = Renderer::new().render_replay_gif(&game, &RenderOptions::default().with_size(320))?;
    /// assert_eq!(&gif[..6], b"GIF89a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Renderer::render_replay`].
    pub fn render_replay_gif(
        &self,
        game: &Game,
        opts: &RenderOptions,
    ) -> Result<Vec<u8>, RenderError> {
        self.render_replay(game, opts, Replay::DEFAULT_BUDGET)
            .map(|replay| replay.gif)
    }

    /// [`Renderer::render_replay_gif`] in at most `budget` bytes. Every move gets its frame
    /// while that fits. Past it, a long game shows a sample of its positions spread evenly
    /// from the start to the final position (a frame every few moves, each marking the move
    /// that led to it), down to 100 frames; then the picture gets smaller, down to
    /// [`Geometry::MIN_SIZE`]; then the sample thins out further. The [`Replay`] says how many
    /// frames and what size it came to.
    ///
    /// ```
    /// use dama_render::{RenderError, RenderOptions, Renderer, Replay};
    /// use dama_rules::{Game, notation};
    ///
    /// let mut game = Game::new();
    /// for text in ["d3-d4", "e6-e5", "c3-c4", "f6-f5"] {
    ///     let m = notation::resolve_str(game.position(), text)?;
    ///     game.play(&m)?;
    /// }
    /// let renderer = Renderer::new();
    /// let opts = RenderOptions::default().with_size(320);
    /// let full = renderer.render_replay(&game, &opts, Replay::DEFAULT_BUDGET)?;
    /// assert_eq!((full.frames, full.size), (5, 320));
    /// let smaller = renderer.render_replay(&game, &opts, full.gif.len() - 1)?;
    /// assert!(smaller.gif.len() < full.gif.len() && smaller.size < 320);
    /// assert!(matches!(
    ///     renderer.render_replay(&game, &opts, 100),
    ///     Err(RenderError::TooLarge { budget: 100 })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RenderError::TooLarge`] if not even the start and the final position at the smallest
    /// size fit in `budget`; [`RenderError::Gif`] if the GIF encoder fails, which writing to
    /// memory does not do in practice.
    pub fn render_replay(
        &self,
        game: &Game,
        opts: &RenderOptions,
        budget: usize,
    ) -> Result<Replay, RenderError> {
        replay::fit(|size| self.tiles(size, opts.colors), game, opts, budget)
    }

    /// An evaluation graph as a PNG: `evals[i]` is the evaluation after ply `i` (`evals[0]` the
    /// start position) from White's point of view, in men (positive: White is better), drawn
    /// up to ±[`GraphGeometry::RANGE`](crate::GraphGeometry::RANGE) men; larger ones (infinities too) are drawn at the edge.
    /// One point per ply, spread across the width; `opts.marks` get a dot. No evaluations
    /// give an empty plot with its zero line, one gives a lone point in the middle. See
    /// [`GraphGeometry`](crate::GraphGeometry) for where each point is drawn.
    ///
    /// ```
    /// use dama_render::{GraphOptions, RenderError, Renderer};
    ///
    /// let renderer = Renderer::new();
    /// let png = renderer.render_eval_graph(&[], &GraphOptions::default().with_width(400))?;
    /// assert_eq!(png[16..20], 400u32.to_be_bytes());
    /// assert!(matches!(
    ///     renderer.render_eval_graph(&[0.0, f32::NAN], &GraphOptions::default()),
    ///     Err(RenderError::NotANumber { ply: 1 })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RenderError::NotANumber`] if an evaluation is `NaN`; [`RenderError::NoSuchPly`] if
    /// a mark is not an index into `evals`.
    pub fn render_eval_graph(
        &self,
        evals: &[f32],
        opts: &GraphOptions,
    ) -> Result<Vec<u8>, RenderError> {
        crate::graph::render(evals, opts)
    }

    /// The tile set for `size` and `colors`, drawn now if it is not kept.
    fn tiles(&self, size: u32, colors: &'static ColorScheme) -> Arc<TileSet> {
        let geometry = Geometry::new(size);
        if let Some(tiles) = self.cached(geometry, colors) {
            return tiles;
        }
        // Drawn without holding the lock, so pictures of other sizes and colour schemes are not held
        // up; should two threads draw the same set at once, the first one kept wins.
        let drawn = Arc::new(TileSet::new(size, colors));
        if let Some(tiles) = self.cached(geometry, colors) {
            return tiles;
        }
        let mut cache = self.lock();
        if cache.len() == CACHE_CAPACITY {
            cache.remove(0);
        }
        cache.push(Arc::clone(&drawn));
        drawn
    }

    /// The kept tile set for `geometry` and `colors`, marked as most recently used.
    fn cached(&self, geometry: Geometry, colors: &ColorScheme) -> Option<Arc<TileSet>> {
        let mut cache = self.lock();
        let i = cache
            .iter()
            .position(|t| t.geometry == geometry && t.colors == colors)?;
        let tiles = cache.remove(i);
        cache.push(Arc::clone(&tiles));
        Some(tiles)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Arc<TileSet>>> {
        // A panic elsewhere cannot leave the cache inconsistent: it only holds finished sets.
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::new()
    }
}

impl fmt::Debug for Renderer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kept: Vec<_> = self
            .lock()
            .iter()
            .map(|t| (t.geometry.size(), t.colors.name()))
            .collect();
        f.debug_struct("Renderer").field("kept", &kept).finish()
    }
}

/// A picture as PNG scanlines: each row is a filter-type byte (0, none) then the row's palette
/// indices. Drawing straight into this layout spares the encoder a copy.
#[derive(Debug, Clone)]
pub(crate) struct Scanlines {
    size: usize,
    data: Vec<u8>,
}

impl Scanlines {
    /// An all-zero picture `size` pixels wide and high.
    pub(crate) fn new(size: usize) -> Scanlines {
        Scanlines {
            size,
            data: vec![0; (size + 1) * size],
        }
    }

    /// A picture of one colour.
    pub(crate) fn filled(size: usize, index: u8) -> Scanlines {
        let mut lines = Scanlines::new(size);
        for y in 0..size {
            lines.row_mut(y).fill(index);
        }
        lines
    }

    /// Scanlines of `pixels` (row by row, `size` wide).
    #[cfg(test)]
    pub(crate) fn from_pixels(size: usize, pixels: &[u8]) -> Scanlines {
        let mut lines = Scanlines::new(size);
        for (y, row) in pixels.chunks_exact(size.max(1)).take(size).enumerate() {
            lines.row_mut(y).copy_from_slice(row);
        }
        lines
    }

    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// The whole buffer, filter bytes included.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.data
    }

    /// The pixels of row `y`.
    pub(crate) fn row(&self, y: usize) -> &[u8] {
        let start = y * (self.size + 1) + 1;
        &self.data[start..start + self.size]
    }

    fn row_mut(&mut self, y: usize) -> &mut [u8] {
        let start = y * (self.size + 1) + 1;
        &mut self.data[start..start + self.size]
    }

    /// `len` pixels of row `y` from column `x`, clipped to the picture.
    pub(crate) fn span_mut(&mut self, x: usize, y: usize, len: usize) -> &mut [u8] {
        let row = self.row_mut(y);
        let end = (x + len).min(row.len());
        &mut row[x.min(end)..end]
    }
}

/// The picture of `pos` as palette indices.
pub(crate) fn draw(tiles: &TileSet, pos: &Position, opts: &RenderOptions) -> Scanlines {
    let g = tiles.geometry;
    let (size, side, margin) = (
        g.size() as usize,
        g.square_size() as usize,
        g.margin() as usize,
    );
    let last = opts.last_move.as_ref();
    // The tile of each cell, by row from the top and column from the left.
    let mut cells: [[&[u8]; 8]; 8] = [[&[]; 8]; 8];
    for sq in Square::all() {
        let occupant = match (pos.piece_at(sq), last) {
            (Some(p), _) => Occupant::Piece(p),
            (None, Some(l)) if l.mv.captured().contains(sq) => l
                .before
                .piece_at(sq)
                .map_or(Occupant::Empty, Occupant::Ghost),
            (None, _) => Occupant::Empty,
        };
        let highlight = last.map_or(Highlight::None, |l| highlight(&l.mv, sq));
        let shade = tiles.colors.shade_of(sq);
        let (col, row) = Geometry::cell(sq, opts.flip);
        cells[row as usize][col as usize] =
            tiles.tile(highlight, shade, occupant, opts.marks.contains(sq));
    }
    // Written once, front to back: border rows from the frame, board rows from the frame's
    // margins and the tiles' rows.
    let frame = tiles.frame(opts.flip);
    let mut data = Vec::with_capacity((size + 1) * size);
    for y in 0..size {
        let border = frame.row(y);
        data.push(0);
        match y.checked_sub(margin).filter(|&b| b < 8 * side) {
            Some(b) => {
                let (row, line) = (b / side, b % side);
                data.extend_from_slice(&border[..margin]);
                for tile in cells[row] {
                    data.extend_from_slice(&tile[line * side..(line + 1) * side]);
                }
                data.extend_from_slice(&border[margin + 8 * side..]);
            }
            None => data.extend_from_slice(border),
        }
    }
    let mut out = Scanlines { size, data };
    if let Some(l) = last.filter(|l| l.mv.is_capture()) {
        draw_path(tiles, &mut out, pos, &l.mv, opts.flip);
    }
    if opts.show_numbers {
        draw_numbers(tiles, &mut out, opts.flip);
    }
    out
}

/// The part `sq` plays in `mv`; the end wins over the start for a capture that comes home.
fn highlight(mv: &Move, sq: Square) -> Highlight {
    if sq == mv.to() {
        Highlight::To
    } else if sq == mv.from() {
        if mv.is_capture() {
            Highlight::CaptureFrom
        } else {
            Highlight::From
        }
    } else if mv.is_capture() && mv.landings().contains(&sq) {
        Highlight::Landing
    } else {
        Highlight::None
    }
}

/// The capture path: a line from square centre to square centre through every landing, stopped
/// short of any piece standing at its ends (the capturing piece) so the piece stays on top.
fn draw_path(tiles: &TileSet, out: &mut Scanlines, pos: &Position, mv: &Move, flip: bool) {
    let g = tiles.geometry;
    let side = i64::from(g.square_size());
    let half_width = (0.045 * side as f32).round().max(1.0) as i64;
    let clearance = (PIECE_RADIUS * side as f32).round() as i64 + 2;
    let centre = |sq: Square| {
        let (x, y) = g.square_origin(sq, flip);
        (i64::from(x) + side / 2, i64::from(y) + side / 2)
    };
    // The line starts at the start ring's edge, and stops short of the piece at the end.
    let ring = sprite::start_ring_radius(side as usize).round() as i64;
    let trim = |sq: Square| {
        if pos.piece_at(sq).is_some() {
            clearance
        } else if sq == mv.from() {
            ring
        } else {
            0
        }
    };
    let path: Vec<Square> = mv.path().collect();
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let ((ax, ay), (bx, by)) = (centre(a), centre(b));
        if ax == bx || ay == by {
            segment(
                tiles,
                out,
                (ax, ay),
                (bx, by),
                (trim(a), trim(b)),
                half_width,
            );
        } else {
            // Moves run along ranks and files; should one not, it bends at `b`'s column.
            segment(tiles, out, (ax, ay), (bx, ay), (trim(a), 0), half_width);
            segment(tiles, out, (bx, ay), (bx, by), (0, trim(b)), half_width);
        }
    }
}

/// A horizontal or vertical line from `p` to `q`, shortened at each end by `trim`.
fn segment(
    tiles: &TileSet,
    out: &mut Scanlines,
    p: (i64, i64),
    q: (i64, i64),
    (trim_p, trim_q): (i64, i64),
    half_width: i64,
) {
    let size = out.size() as i64;
    let along = |from: i64, to: i64| {
        let dir = (to - from).signum();
        let (s, e) = (from + dir * trim_p, to - dir * trim_q);
        (s.min(e), s.max(e), (to - from).abs() > trim_p + trim_q)
    };
    let (x0, x1, y0, y1, visible) = if p.1 == q.1 {
        let (s, e, visible) = along(p.0, q.0);
        (s, e, p.1 - half_width, p.1 + half_width, visible)
    } else {
        let (s, e, visible) = along(p.1, q.1);
        (p.0 - half_width, p.0 + half_width, s, e, visible)
    };
    if !visible {
        return;
    }
    let (x0, x1) = (x0.clamp(0, size) as usize, x1.clamp(0, size) as usize);
    for y in y0.clamp(0, size)..y1.clamp(0, size) {
        out.span_mut(x0, y as usize, x1 - x0).fill(tiles.path);
    }
}

/// The number (docs/rules.md#square-numbers) of every square in its top-left corner.
fn draw_numbers(tiles: &TileSet, out: &mut Scanlines, flip: bool) {
    let g = tiles.geometry;
    // Clipped to the square, whatever the font's metrics.
    let room = (g.square_size() as usize).saturating_sub(tiles.number_inset);
    for sq in Square::all() {
        let Some(mask) = tiles.number(sq.number()) else {
            continue;
        };
        let blend = tiles.number_blend(tiles.colors.shade_of(sq));
        let (x, y) = g.square_origin(sq, flip);
        let (x, y) = (
            x as usize + tiles.number_inset,
            y as usize + tiles.number_inset,
        );
        let rows = mask
            .levels
            .chunks_exact(mask.width.max(1))
            .take(mask.height.min(room));
        for (row, levels) in rows.enumerate() {
            let span = out.span_mut(x, y + row, mask.width.min(room));
            for (p, &level) in span.iter_mut().zip(levels) {
                if level > 0 {
                    *p = blend[usize::from(*p) * LEVELS + usize::from(level)];
                }
            }
        }
    }
}

/// The picture as a PNG (see [`crate::encode`]).
pub(crate) fn encode_png(tiles: &TileSet, picture: &Scanlines) -> Vec<u8> {
    let g = tiles.geometry;
    crate::encode::png(
        (g.size(), g.size()),
        tiles.palette(),
        picture.as_bytes(),
        g.square_size() as usize,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_rules::Rules;

    #[test]
    fn a_renderer_can_be_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Renderer>();
        let renderer = Arc::new(Renderer::new());
        let png = std::thread::scope(|s| {
            let other = Arc::clone(&renderer);
            s.spawn(move || other.render_png(&Position::start(), &RenderOptions::default()))
                .join()
        });
        assert!(png.is_ok_and(|png| png.starts_with(b"\x89PNG")));
        assert_eq!(
            renderer.lock().len(),
            1,
            "the tiles drawn on the other thread are kept"
        );
    }

    #[test]
    fn a_board_is_drawn_once_for_each_way_of_drawing_it_and_only_the_recent_ones_are_kept() {
        let renderer = Renderer::new();
        let start = Position::start();
        let opts = RenderOptions::default().with_size(160);
        let first = renderer.board_png(&start, &opts);
        assert!(Arc::ptr_eq(&first, &renderer.board_png(&start, &opts)));
        assert_eq!(*first, *Renderer::new().board_png(&start, &opts));
        let flipped = renderer.board_png(&start, &opts.with_flip(true));
        assert!(!Arc::ptr_eq(&first, &flipped));
        assert_ne!(
            *first, *flipped,
            "another way of drawing it is another picture"
        );
        let marked = opts.with_marks(start.movable_squares());
        assert_ne!(*first, *renderer.board_png(&start, &marked));
        // As many other positions push the first one out.
        let mut others = Vec::new();
        for first in &start.legal_moves_under(Rules::STANDARD) {
            let after = start.play(first).expect("a legal move plays");
            for reply in &after.legal_moves_under(Rules::STANDARD) {
                others.push(after.play(reply).expect("a legal move plays"));
            }
        }
        assert!(others.len() >= BOARDS_KEPT, "{} positions", others.len());
        for other in &others[..BOARDS_KEPT] {
            let _ = renderer.board_png(other, &opts);
        }
        let again = renderer.board_png(&start, &opts);
        assert!(!Arc::ptr_eq(&first, &again), "drawn again once forgotten");
        assert_eq!(*first, *again);
    }

    #[test]
    fn a_renderer_reuses_its_tiles_and_keeps_only_the_recent_ones() {
        let renderer = Renderer::new();
        let first = renderer.tiles(160, &ColorScheme::TRADITIONAL);
        assert!(Arc::ptr_eq(
            &first,
            &renderer.tiles(160, &ColorScheme::TRADITIONAL)
        ));
        // Sizes that clamp to the same picture share tiles too.
        assert!(Arc::ptr_eq(
            &first,
            &renderer.tiles(20, &ColorScheme::TRADITIONAL)
        ));
        for size in 161..161 + CACHE_CAPACITY as u32 {
            renderer.tiles(size, &ColorScheme::TRADITIONAL);
        }
        assert_eq!(renderer.lock().len(), CACHE_CAPACITY);
        // The oldest set was dropped and is drawn anew.
        assert!(!Arc::ptr_eq(
            &first,
            &renderer.tiles(160, &ColorScheme::TRADITIONAL)
        ));
    }
}
