//! Pictures of Turkish draughts (Dama) boards: a position and options in, PNG bytes out; a
//! whole game in, an animated GIF out.
//!
//! The picture is an 8×8 board with its coordinates on the border, White at the bottom unless
//! flipped. It can mark the last move (start and end squares highlighted; for a capture, the whole
//! path from a hollow ring at the start through a dot on every landing square, with the captured
//! pieces shown faintly), ring chosen squares, and show the square numbers
//! (docs/rules.md#square-numbers).
//!
//! Tiles for every kind of square are drawn once per size and colour scheme and reduced to one 8-bit
//! palette; a picture is then copied together from them and encoded as an indexed PNG by a
//! deflate that looks for repeats only where a board has them (the row above, one or two
//! squares to the left, runs). At 640 px that takes about 0.1 ms for the start position and
//! 0.3 ms for a busy middle game, for PNGs of 13 and 27 KB (`cargo bench -p dama-render`).
//!
//! A replay fits a byte budget ([`Replay::DEFAULT_BUDGET`], under Discord's 10 MiB upload
//! limit): a long game shows a position every few moves and, if that is not enough, a smaller
//! picture. A 1,000-ply game at 480 px fits with every move: 1.9 MB in about 0.5 s
//! (`cargo bench -p dama-render --bench replay`).
//!
//! An evaluation graph for a game review ([`Renderer::render_eval_graph`]) is drawn in the
//! board's colours: one point per ply, the advantage filled above or below the zero line.
//!
//! `cargo run --release -p dama-render --example render -- 'POSITION' out.png [--last-move MOVE]
//! [--flip]` draws one position from the command line; the `gallery` example writes the
//! pictures in `docs/gallery/`.
//!
//! ```
//! use dama_render::{LastMove, RenderOptions, Renderer};
//! use dama_rules::{Position, notation};
//!
//! // One renderer per program: it keeps the tiles it has drawn.
//! let renderer = Renderer::new();
//! let before = Position::start();
//! let mv = notation::resolve_str(&before, "d3-d4")?;
//! let after = before.play(&mv)?;
//! let opts = RenderOptions::default()
//!     .with_last_move(LastMove::new(before, mv))
//!     .with_marks(after.movable_squares());
//! let png = renderer.render_png(&after, &opts);
//! assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The text is set in DejaVu Sans Bold, embedded in the crate; its licence is
//! `assets/DejaVu-LICENSE.txt`.

mod canvas;
mod colors;
mod encode;
mod geometry;
mod graph;
mod options;
mod palette;
mod renderer;
mod replay;
mod sprite;
mod text;
mod tiles;

pub use colors::{ColorScheme, Shading};
pub use dama_rules::LastMove;
pub use geometry::Geometry;
pub use graph::{GraphGeometry, GraphOptions};
pub use options::RenderOptions;
pub use renderer::Renderer;
pub use replay::Replay;

/// Why a replay or an evaluation graph could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The GIF encoder failed.
    #[error("could not encode the gif")]
    Gif(#[source] gif::EncodingError),
    /// Not even the start and the final position, at the smallest size, fit in the budget.
    #[error("the replay does not fit in {budget} bytes")]
    TooLarge {
        /// The budget, in bytes.
        budget: usize,
    },
    /// An evaluation given to the graph is not a number.
    #[error("the evaluation after ply {ply} is not a number")]
    NotANumber {
        /// The ply, counted from 0 (the start position).
        ply: usize,
    },
    /// A graph mark names a ply past the evaluations.
    #[error("cannot mark ply {ply}: the graph has {plies} plies")]
    NoSuchPly {
        /// The ply marked.
        ply: usize,
        /// How many evaluations there are.
        plies: usize,
    },
}
