//! `dama-match`: plays games between two levels (or configurations) and reports the score and
//! the Elo difference.
//!
//! ```text
//! dama-match [--threads T] [--seed S] [--verbose] A B N
//! ```
//!
//! `A` and `B` are `L` (level L at its own budget), `L@NODES` or `L@dDEPTH`; `N` is the number
//! of games. Colours alternate from a set of balanced openings (each played once with each
//! colour).

use std::{process::ExitCode, time::Instant};

use dama_engine::arena::{self, Player};

const USAGE: &str = "usage: dama-match [--threads T] [--seed S] [--verbose] A B N
  A, B  a level 1-5, optionally with a budget: 5, 5@200000 (nodes), 3@d4 (depth)
  N     number of games (colours alternate over balanced openings)";

struct Args {
    a: Player,
    b: Player,
    games: usize,
    threads: usize,
    seed: u64,
    verbose: bool,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut threads = 1;
    let mut seed = 1;
    let mut verbose = false;
    let mut positional = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--threads" => {
                threads = iter
                    .next()
                    .and_then(|t| t.parse().ok())
                    .filter(|t| *t > 0)
                    .ok_or("--threads needs a positive number")?;
            }
            "--seed" => {
                seed = iter
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--seed needs a number")?;
            }
            "--verbose" => verbose = true,
            "-h" | "--help" => return Err(String::new()),
            _ => positional.push(arg),
        }
    }
    let [a, b, n] = positional.as_slice() else {
        return Err("expected A B N".to_owned());
    };
    Ok(Args {
        a: a.parse().map_err(|e| format!("A: {e}"))?,
        b: b.parse().map_err(|e| format!("B: {e}"))?,
        games: n
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or("N must be a positive number of games")?,
        threads,
        seed,
        verbose,
    })
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse(&raw) {
        Ok(args) => args,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("dama-match: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    println!("A: {}", args.a);
    println!("B: {}", args.b);
    let started = Instant::now();
    let tally = arena::run_match(
        &args.a,
        &args.b,
        args.games,
        args.seed,
        args.threads,
        |i, g| {
            if args.verbose {
                let (white, black) = if g.a_was_white {
                    ("A", "B")
                } else {
                    ("B", "A")
                };
                println!(
                    "game {:>4}: {white} (white) - {black} (black) {:<7} {:>3} plies, {}",
                    i + 1,
                    g.outcome.result_token(),
                    g.plies,
                    g.outcome.describe()
                );
            }
        },
    );
    let elo = tally.elo();
    println!(
        "{} games: A wins {}, draws {}, losses {}",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses
    );
    println!(
        "score {:.1}% for A; Elo difference A - B: {elo} (95%)",
        100.0 * tally.score()
    );
    println!("time {:.0} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
