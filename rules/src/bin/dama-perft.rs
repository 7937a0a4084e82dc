//! `dama-perft [--divide] DEPTH [POSITION]`: counts leaf positions, printing the total alone
//! on the last line. POSITION is RULES.md position text (one argument); default the start.

use std::process::ExitCode;

use dama_rules::{Position, divide, perft};

const USAGE: &str = "usage: dama-perft [--divide] DEPTH [POSITION]";

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let split = args.first().is_some_and(|a| a == "--divide");
    if split {
        args.remove(0);
    }
    let (depth, position) = match args.as_slice() {
        [d] => (d, None),
        [d, p] => (d, Some(p)),
        _ => return fail(USAGE),
    };
    let Ok(depth) = depth.parse::<u32>() else {
        return fail(&format!(
            "depth must be a whole number, not {depth:?}\n{USAGE}"
        ));
    };
    let position = match position.map(|p| p.parse::<Position>()).transpose() {
        Ok(p) => p.unwrap_or_default(),
        Err(e) => return fail(&format!("bad position: {e}")),
    };
    if split && depth > 0 {
        let mut total = 0;
        for (m, n) in divide(&position, depth) {
            println!("{m} {n}");
            total += n;
        }
        println!("{total}");
    } else {
        println!("{}", perft(&position, depth));
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::from(2)
}
