//! `dama-tune`: learns the evaluation's weights from self-play ("Texel" tuning).
//!
//! ```text
//! dama-tune gen --games N --seed S --nodes K [--threads T] [--tables PATH] --out FILE
//! dama-tune endings --count N --seed S --tables PATH --out FILE
//! dama-tune tune --data FILE [--data FILE…] [--iterations I] --out engine/src/eval/weights.rs
//! ```
//!
//! `gen` plays N games of level 5 against itself at K nodes a move, each from its own random
//! opening (4 to 11 random plies, fixed by the seed and the game's number), and writes every
//! quiet position (no capture for the side to move) after the opening with the game's result
//! for White: one `POSITION RESULT` line each (`1`, `0.5` or `0`). With `--tables` an ending
//! the four-piece tables know is scored from them at once, and no position of up to four pieces
//! is written (the engine knows those exactly). The same arguments give the same file.
//!
//! `endings` writes N random quiet positions of three or four pieces, at least one a king,
//! labelled by the four-piece tables (exact results for the thin endings).
//!
//! `tune` fits the scale K of `sigmoid(K · eval)` against the results with the current
//! weights, then fits the weights (gradient descent on the mean squared error, K fixed), and
//! writes them as Rust source with a header saying how they were made.

use std::{
    fs::File,
    io::{BufRead, BufReader, BufWriter, Write},
    process::ExitCode,
    sync::Arc,
};

use dama_engine::{tables::Tables, texel};

const USAGE: &str = "usage:
  dama-tune gen --games N --seed S --nodes K [--threads T] [--tables PATH] --out FILE
  dama-tune endings --count N --seed S --tables PATH --out FILE
  dama-tune tune --data FILE [--data FILE...] [--iterations I] --out FILE";

fn value<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

fn values<'a>(args: &'a [String], name: &str) -> Vec<&'a str> {
    args.windows(2)
        .filter(|w| w[0] == name)
        .map(|w| w[1].as_str())
        .collect()
}

fn number<T: std::str::FromStr>(
    args: &[String],
    name: &str,
    default: Option<T>,
) -> Result<T, String> {
    match value(args, name) {
        Some(v) => v.parse().map_err(|_| format!("{name} needs a number")),
        None => default.ok_or_else(|| format!("{name} is required")),
    }
}

fn generate(args: &[String]) -> Result<(), String> {
    let games: usize = number(args, "--games", None)?;
    let seed: u64 = number(args, "--seed", None)?;
    let nodes: u64 = number(args, "--nodes", None)?;
    let threads: usize = number(args, "--threads", Some(1))?;
    let out = value(args, "--out").ok_or("--out is required")?;
    let tables = match value(args, "--tables") {
        Some(path) => Some(Arc::new(
            Tables::load_or_build(path, 4).map_err(|e| format!("tables {path}: {e}"))?,
        )),
        None => None,
    };
    let file = File::create(out).map_err(|e| format!("{out}: {e}"))?;
    let mut writer = BufWriter::new(file);
    let config = texel::SelfPlay {
        games,
        seed,
        nodes,
        threads,
        tables,
    };
    let mut written = 0usize;
    let stats = texel::self_play(&config, |game, lines| {
        for line in lines {
            let _ = writeln!(writer, "{line}");
        }
        written += lines.len();
        if (game + 1) % 100 == 0 {
            eprintln!("{} games, {written} positions", game + 1);
        }
    });
    writer.flush().map_err(|e| format!("{out}: {e}"))?;
    eprintln!(
        "{} games (White {} / draws {} / Black {}), {written} positions",
        stats.games, stats.white, stats.draws, stats.black
    );
    Ok(())
}

fn endings(args: &[String]) -> Result<(), String> {
    let count: usize = number(args, "--count", None)?;
    let seed: u64 = number(args, "--seed", None)?;
    let out = value(args, "--out").ok_or("--out is required")?;
    let path = value(args, "--tables").ok_or("--tables is required")?;
    let tables = Tables::load_or_build(path, 4).map_err(|e| format!("tables {path}: {e}"))?;
    let lines = texel::table_positions(&tables, count, seed);
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{} positions", lines.len());
    Ok(())
}

fn tune(args: &[String]) -> Result<(), String> {
    let paths = values(args, "--data");
    if paths.is_empty() {
        return Err("--data is required".to_owned());
    }
    let iterations: usize = number(args, "--iterations", Some(300))?;
    let out = value(args, "--out").ok_or("--out is required")?;
    let mut samples = Vec::new();
    for path in &paths {
        let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            let sample = texel::Sample::parse(&line)
                .ok_or_else(|| format!("{path}:{}: bad line {line:?}", n + 1))?;
            samples.push(sample);
        }
    }
    eprintln!("{} positions", samples.len());
    let report = texel::tune(&samples, iterations, |i, error| {
        if i % 25 == 0 {
            eprintln!("iteration {i}: error {error:.6}");
        }
    });
    let command = format!("dama-tune tune {}", args.join(" "));
    let source = texel::weights_source(&report, &command);
    std::fs::write(out, source).map_err(|e| format!("{out}: {e}"))?;
    eprintln!(
        "K {:.5}; error {:.6} before, {:.6} after",
        report.k, report.error_before, report.error_after
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => generate(&args[1..]),
        Some("tune") => tune(&args[1..]),
        Some("endings") => endings(&args[1..]),
        _ => Err(String::new()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("dama-tune: {e}");
            }
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
