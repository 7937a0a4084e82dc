//! Writes one board picture from the command line:
//!
//! ```text
//! cargo run --release -p dama-render --example render -- POSITION OUT.png \
//!     [--last-move MOVE] [--flip] [--theme traditional|checkered] [--numbers] [--marks] [--size N]
//! ```
//!
//! POSITION is position text (docs/rules.md#position-text), e.g.
//! `'8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w'`. With `--last-move`, POSITION is the position
//! *before* the move: MOVE (algebraic or numeric notation, legal there) is played, and the picture
//! shows the position after it with the move marked. `--marks` rings the pieces that can move in
//! the position shown.

use std::{fs, process::ExitCode};

use dama_render::{ColorScheme, LastMove, RenderOptions, Renderer};
use dama_rules::{Position, notation};

const USAGE: &str = "usage: render POSITION OUT.png [--last-move MOVE] [--flip] \
                     [--theme traditional|checkered] [--numbers] [--marks] [--size N]";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<String, String> {
    let mut positional = Vec::new();
    let mut opts = RenderOptions::default();
    let mut last_move = None;
    let mut marks = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--last-move" => last_move = Some(value("--last-move")?),
            "--flip" => opts.flip = true,
            "--numbers" => opts.show_numbers = true,
            "--marks" => marks = true,
            "--theme" => {
                let name = value("--theme")?;
                opts.colors = ColorScheme::ALL
                    .into_iter()
                    .find(|p| p.name() == name)
                    .ok_or(format!(
                        "unknown theme {name:?}: expected traditional or checkered"
                    ))?;
            }
            "--size" => {
                let size = value("--size")?;
                opts.size = size.parse().map_err(|_| format!("bad size {size:?}"))?;
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => positional.push(arg),
        }
    }
    let [position, out] = <[String; 2]>::try_from(positional)
        .map_err(|_| "expected a position and an output file".to_owned())?;
    let mut position: Position = position.parse().map_err(|e| format!("bad position: {e}"))?;
    if let Some(text) = last_move {
        let mv = notation::resolve_str(&position, &text).map_err(|e| format!("{text}: {e}"))?;
        let before = position;
        position = before.play(&mv).map_err(|e| format!("{text}: {e}"))?;
        opts.last_move = Some(LastMove::new(before, mv));
    }
    if marks {
        opts.marks = position.movable_squares();
    }
    let png = Renderer::new().render_png(&position, &opts);
    fs::write(&out, &png).map_err(|e| format!("cannot write {out}: {e}"))?;
    Ok(format!("{out}: {} bytes, {position}", png.len()))
}
