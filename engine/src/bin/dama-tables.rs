//! `dama-tables`: builds the endgame tables and writes them to a file.
//!
//! ```text
//! dama-tables [--pieces N] [--out FILE]
//! ```

use std::{process::ExitCode, time::Instant};

use dama_engine::tables::Tables;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pieces: u32 = args
        .iter()
        .position(|a| a == "--pieces")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let started = Instant::now();
    let tables = Tables::build_reporting(pieces, |stats, took| {
        println!(
            "{:>8} {:>10} positions  win {:>10} draw {:>10} loss {:>10}  longest {:>3}  {:>8.2?}",
            stats.material.to_string(),
            stats.positions,
            stats.wins,
            stats.draws,
            stats.losses,
            stats.longest,
            took
        );
    });
    match tables {
        Ok(t) => {
            println!("built {t:?} in {:.2?}", started.elapsed());
            if let Some(out) = args
                .iter()
                .position(|a| a == "--out")
                .and_then(|i| args.get(i + 1))
            {
                let t0 = Instant::now();
                t.save(out).unwrap();
                println!(
                    "saved {} bytes in {:.2?}",
                    std::fs::metadata(out).unwrap().len(),
                    t0.elapsed()
                );
                let t0 = Instant::now();
                let back = Tables::load(out).unwrap();
                println!("loaded in {:.2?} ({back:?})", t0.elapsed());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dama-tables: {e}");
            ExitCode::FAILURE
        }
    }
}
