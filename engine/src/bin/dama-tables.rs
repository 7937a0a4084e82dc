//! `dama-tables`: builds the endgame tables and writes them to a file that
//! `Tables::load` reads.
//!
//! ```text
//! dama-tables [--pieces N] [--out FILE] [--verify] [--probe-bench]
//! ```
//!
//! Prints each material's counts and build time, then the totals; `--verify` checks every
//! position against its moves (`Tables::verify`), `--probe-bench` times a million probes of
//! random positions with the most pieces.

use std::{path::PathBuf, process::ExitCode, time::Instant};

use dama_engine::tables::Tables;
use dama_rules::{Board, Color, Piece, Position, Role, Setup, Square};

const USAGE: &str = "usage: dama-tables [--pieces N] [--out FILE] [--verify] [--probe-bench]
  --pieces N     build every material of up to N pieces (default 4)
  --out FILE     write the tables to FILE
  --verify       check every position against its legal moves
  --probe-bench  time probes of random positions of N pieces";

struct Args {
    pieces: u32,
    out: Option<PathBuf>,
    verify: bool,
    probe_bench: bool,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut parsed = Args {
        pieces: 4,
        out: None,
        verify: false,
        probe_bench: false,
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--pieces" => {
                parsed.pieces = iter
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|n| (2..=Tables::MAX_PIECES).contains(n))
                    .ok_or(format!(
                        "--pieces needs a number from 2 to {}",
                        Tables::MAX_PIECES
                    ))?;
            }
            "--out" => parsed.out = Some(iter.next().ok_or("--out needs a file")?.into()),
            "--verify" => parsed.verify = true,
            "--probe-bench" => parsed.probe_bench = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(parsed)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse(&args) {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("dama-tables: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama-tables: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "{:>8} {:>10} {:>10} {:>10} {:>10} {:>7} {:>10}",
        "material", "positions", "wins", "draws", "losses", "longest", "time"
    );
    let started = Instant::now();
    let tables = Tables::build_reporting(args.pieces, |stats, took| {
        println!(
            "{:>8} {:>10} {:>10} {:>10} {:>10} {:>7} {:>10.2?}",
            stats.material.to_string(),
            stats.positions,
            stats.wins,
            stats.draws,
            stats.losses,
            stats.longest,
            took
        );
    })?;
    println!(
        "built {} materials of up to {} pieces in {:.2?}: {} bytes in memory",
        tables.materials().count(),
        args.pieces,
        started.elapsed(),
        tables.memory_bytes()
    );
    if let Some(out) = &args.out {
        let t = Instant::now();
        tables.save(out)?;
        let size = std::fs::metadata(out)?.len();
        println!(
            "wrote {} ({size} bytes) in {:.2?}",
            out.display(),
            t.elapsed()
        );
        let t = Instant::now();
        let back = Tables::load(out)?;
        println!(
            "read it back in {:.2?} ({} bytes in memory)",
            t.elapsed(),
            back.memory_bytes()
        );
    }
    if args.verify {
        let t = Instant::now();
        let checked = tables
            .verify()
            .map_err(|pos| format!("the tables are wrong at {pos}"))?;
        println!("verified {checked} positions in {:.2?}", t.elapsed());
    }
    if args.probe_bench {
        probe_bench(&tables, args.pieces);
    }
    Ok(())
}

/// Times probes of pseudo-random positions of `pieces` pieces.
fn probe_bench(tables: &Tables, pieces: u32) {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let positions: Vec<Position> = (0..1_000_000)
        .map(|_| {
            loop {
                let mut board = Board::empty();
                for i in 0..pieces {
                    let color = if i == 0 || (i > 1 && next(2) == 0) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let role = if next(2) == 0 { Role::Man } else { Role::King };
                    let sq = Square::new(next(64) as u8).expect("below 64");
                    board.set_piece_at(sq, Some(Piece { color, role }));
                }
                let turn = if next(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let setup = Setup { board, turn };
                if let Ok(pos) = Position::from_setup(setup)
                    && pos.board().occupied().count() == pieces
                    && tables.probe(&pos).is_some()
                {
                    break pos;
                }
            }
        })
        .collect();
    let t = Instant::now();
    let wins = positions
        .iter()
        .filter_map(|p| tables.probe(p))
        .filter(|p| p.wdl == dama_engine::tables::Wdl::Win)
        .count();
    let took = t.elapsed();
    println!(
        "{} probes of {pieces}-piece positions in {took:.2?}: {:.0} ns each ({wins} wins)",
        positions.len(),
        took.as_nanos() as f64 / positions.len() as f64
    );
}
