//! Writes characteristic pictures to `docs/gallery/` (run from the workspace root):
//!
//! ```text
//! cargo run --release -p dama-render --example gallery
//! ```

use std::{error::Error, fs, path::Path};

use dama_render::{ColorScheme, GraphOptions, LastMove, RenderOptions, Renderer};
use dama_rules::{Game, Move, Position, Rules, notation};

fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new("docs/gallery");
    fs::create_dir_all(dir)?;
    let write = |name: &str, bytes: Vec<u8>| -> Result<(), Box<dyn Error>> {
        let path = dir.join(name);
        fs::write(&path, &bytes)?;
        println!("{} ({} bytes)", path.display(), bytes.len());
        Ok(())
    };

    let renderer = Renderer::new();
    let start = Position::start();
    write(
        "start.png",
        renderer.render_png(&start, &RenderOptions::default()),
    )?;

    // Kings on both sides; the move picker's marks ring the one piece that can move: the white
    // king, which must capture.
    let kings: Position = "8/2B5/b2bb2b/1b6/4W3/w1w2w1w/1w2ww2/8 w".parse()?;
    let opts = RenderOptions::default().with_marks(kings.movable_squares());
    write("kings.png", renderer.render_png(&kings, &opts))?;

    // A man captures eight pieces, promoting on e8 on the way and going on as a king.
    let before: Position = "2b5/4b1b1/b2b4/1bb5/6w1/2b4w/w1w2w2/8 w".parse()?;
    let capture = longest_capture(&before).ok_or("the capture position has no capture")?;
    println!("capture: {capture}");
    let after = before.play(&capture)?;
    let opts = RenderOptions::default().with_last_move(LastMove::new(before, capture));
    write("capture.png", renderer.render_png(&after, &opts))?;

    // Black's view, with the square numbers, after Black's reply.
    let mut game = Game::new();
    for text in ["d3-d4", "e6-e5", "d4-d5", "d6xd4"] {
        let m = notation::resolve_str(game.position(), text)?;
        game.play(&m)?;
    }
    let opts = RenderOptions::default()
        .with_flip(true)
        .with_numbers(true)
        .with_last_move(LastMove::of_game(&game));
    write("flipped.png", renderer.render_png(game.position(), &opts))?;

    // The checkered colours with a king's capture and the move picker's marks.
    let before: Position = "8/1b3b2/3b4/8/1W1b2b1/8/2w2w2/8 w".parse()?;
    let capture = longest_capture(&before).ok_or("the king position has no capture")?;
    println!("king capture: {capture}");
    let after = before.play(&capture)?;
    let opts = RenderOptions::default()
        .with_colors(&ColorScheme::CHECKERED)
        .with_last_move(LastMove::new(before, capture))
        .with_marks(after.movable_squares());
    write("checkered.png", renderer.render_png(&after, &opts))?;

    // A whole game as an animated replay.
    let game = sample_game(120);
    println!("replay: {} plies", game.moves().len());
    write(
        "replay.gif",
        renderer.render_replay_gif(&game, &RenderOptions::default().with_size(480))?,
    )?;

    // A game review's evaluation graph: a made-up game that swings to Black, then White wins
    // (past the ±5 men shown), with two critical moments marked.
    let evals: Vec<f32> = (0..90)
        .map(|i| {
            let t = i as f32;
            0.8 * (t / 6.0).sin() - 2.5 * (-((t - 35.0) / 12.0).powi(2)).exp()
                + (t - 60.0).max(0.0) * 0.25
        })
        .collect();
    let opts = GraphOptions::default().with_marks(vec![35, 70]);
    write("graph.png", renderer.render_eval_graph(&evals, &opts)?)?;

    Ok(())
}

/// A game of up to `plies` plies, each move picked from the legal ones by a fixed
/// pseudo-random sequence, so the gallery is the same on every run.
fn sample_game(plies: usize) -> Game {
    let mut game = Game::new();
    let mut seed: u32 = 2024;
    while game.outcome().is_none() && game.moves().len() < plies {
        let moves = game.position().legal_moves_under(game.rules());
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let Some(m) = moves
            .get((seed >> 8) as usize % moves.len().max(1))
            .copied()
        else {
            break;
        };
        if game.play(&m).is_err() {
            break;
        }
    }
    game
}

/// The legal capture with the most landings, the first found among equals.
fn longest_capture(pos: &Position) -> Option<Move> {
    pos.legal_moves_under(Rules::STANDARD)
        .iter()
        .filter(|m| m.is_capture())
        .copied()
        .fold(None, |best: Option<Move>, m| match best {
            Some(b) if b.landings().len() >= m.landings().len() => Some(b),
            _ => Some(m),
        })
}
