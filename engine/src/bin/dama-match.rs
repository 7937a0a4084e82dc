//! `dama-match`: plays games between two levels (or configurations) and reports the score and
//! the Elo difference.
//!
//! ```text
//! dama-match [--threads T] [--seed S] [--movetime MS] [--tables PATH] [--verbose]
//!            [--first K [--prior W/D/L]] A B N
//! ```
//!
//! `A` and `B` are `L` (level L at its own budget), `L@NODES`, `L@dDEPTH`, `L@tMS`, `L/SHAPE…`
//! (with a search shape: `5/r2+threat@200000`, see `SearchShape`), or
//! `ext:PATH` (an external engine speaking the line protocol, e.g. an older build of
//! `dama-engine`, with level 5's budget or `ext:PATH@…`); `N` is the number of games. Colours
//! alternate from a set of balanced openings (each played once with each colour).
//! `--movetime MS` gives both sides MS milliseconds a move (`go movetime` for an external
//! engine); `--tables PATH` gives this crate's engines the four-piece endgame tables (read from
//! `PATH`, or built there first). `--first K` plays only games K+1 to N of the match (a long
//! match in parts); `--prior W/D/L` adds the earlier parts' wins, draws and losses to the score.

use std::{process::ExitCode, sync::Arc, time::Duration, time::Instant};

use dama_engine::{
    Budget,
    arena::{self, Player, Tally},
    tables::Tables,
};

const USAGE: &str =
    "usage: dama-match [--threads T] [--seed S] [--movetime MS] [--tables PATH] [--verbose]
                  [--first K [--prior W/D/L]] A B N
  A, B  a level 1-5, optionally with a budget: 5, 5@200000 (nodes), 3@d4 (depth), 5@t250 (ms);
        with a search shape after a slash: 5/r0 (no late-move reductions), 5/r2 (two plies),
        5/d1 (one ply also where 6 or more are left; the default is two there),
        5/noforced (no extension of a forced reply), 5/threat (extend a man's step before crowning)
        or ext:PATH, an external engine speaking the line protocol (ext:PATH@t250 with a budget)
  N     number of games (colours alternate over balanced openings)
  --movetime MS  both sides search MS milliseconds a move
  --tables PATH  this crate's engines get the four-piece endgame tables (built into PATH once)
  --first K      play only games K+1 to N (the match's later part; the same games as in a whole run)
  --prior W/D/L  A's wins, draws and losses in the earlier parts, added to the score";

struct Args {
    a: Player,
    b: Player,
    games: usize,
    threads: usize,
    seed: u64,
    tables: Option<String>,
    verbose: bool,
    first: usize,
    prior: Tally,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut threads = 1;
    let mut seed = 1;
    let mut movetime = None;
    let mut tables = None;
    let mut verbose = false;
    let mut first = 0;
    let mut prior = Tally::default();
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
            "--movetime" => {
                movetime = Some(
                    iter.next()
                        .and_then(|s| s.parse::<u64>().ok())
                        .filter(|ms| *ms > 0)
                        .ok_or("--movetime needs a positive number of milliseconds")?,
                );
            }
            "--tables" => tables = Some(iter.next().ok_or("--tables needs a path")?.clone()),
            "--verbose" => verbose = true,
            "--first" => {
                first = iter
                    .next()
                    .and_then(|k| k.parse().ok())
                    .ok_or("--first needs a number of games")?;
            }
            "--prior" => {
                prior = iter
                    .next()
                    .and_then(|t| parse_tally(t))
                    .ok_or("--prior needs wins/draws/losses, e.g. 90/6/4")?;
            }
            "-h" | "--help" => return Err(String::new()),
            _ => positional.push(arg),
        }
    }
    let [a, b, n] = positional.as_slice() else {
        return Err("expected A B N".to_owned());
    };
    let mut a: Player = a.parse().map_err(|e| format!("A: {e}"))?;
    let mut b: Player = b.parse().map_err(|e| format!("B: {e}"))?;
    if let Some(ms) = movetime {
        a.budget = Budget::time(Duration::from_millis(ms));
        b.budget = a.budget;
    }
    let games = n
        .parse()
        .ok()
        .filter(|n| *n > 0)
        .ok_or("N must be a positive number of games")?;
    if first >= games {
        return Err(format!(
            "--first {first} leaves none of the {games} games to play"
        ));
    }
    Ok(Args {
        a,
        b,
        games,
        threads,
        seed,
        tables,
        verbose,
        first,
        prior,
    })
}

/// `W/D/L` as a tally.
fn parse_tally(text: &str) -> Option<Tally> {
    let mut counts = text.split('/').map(|n| n.parse::<u32>().ok());
    let (Some(Some(wins)), Some(Some(draws)), Some(Some(losses)), None) =
        (counts.next(), counts.next(), counts.next(), counts.next())
    else {
        return None;
    };
    Some(Tally {
        wins,
        draws,
        losses,
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
    let tables = match &args.tables {
        None => None,
        Some(path) => match Tables::load_or_build(path, 4) {
            Ok(t) => Some(Arc::new(t)),
            Err(e) => {
                eprintln!("dama-match: tables {path}: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    if tables.is_some() {
        println!("endgame tables: 4 pieces, for this crate's engines");
    }
    let started = Instant::now();
    if args.first > 0 {
        println!(
            "games {} to {} of {}, after +{} ={} -{} in the earlier parts",
            args.first + 1,
            args.games,
            args.games,
            args.prior.wins,
            args.prior.draws,
            args.prior.losses
        );
    }
    let running = std::sync::Mutex::new(args.prior);
    let played = arena::run_games(
        &args.a,
        &args.b,
        args.first..args.games,
        args.seed,
        args.threads,
        tables,
        |i, g| {
            let so_far = running.lock().map(|mut t| {
                match g.a_result() {
                    Some(true) => t.wins += 1,
                    Some(false) => t.losses += 1,
                    None => t.draws += 1,
                }
                *t
            });
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
                if let Ok(t) = so_far {
                    println!(
                        "  after {} games: +{} ={} -{}, {:.1}%, Elo {} ({:.0} s)",
                        t.games(),
                        t.wins,
                        t.draws,
                        t.losses,
                        100.0 * t.score(),
                        t.elo(),
                        started.elapsed().as_secs_f64()
                    );
                }
            }
        },
    );
    let tally = Tally {
        wins: args.prior.wins + played.wins,
        draws: args.prior.draws + played.draws,
        losses: args.prior.losses + played.losses,
    };
    let elo = tally.elo();
    println!(
        "{} games: A wins {}, draws {}, losses {}",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses
    );
    println!(
        "score {:.1}% for A; Elo difference A - B, 95% interval: {elo}",
        100.0 * tally.score()
    );
    println!("time {:.0} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
