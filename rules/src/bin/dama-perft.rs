//! `dama-perft [--divide] [--promotion during-capture|after-capture] DEPTH [POSITION]`: counts leaf
//! positions, printing the total alone on the last line. POSITION is position text (docs/rules.md)
//! (one argument); default the start. `--promotion after-capture` counts under the federation's
//! promotion rule (a man finishes its capture as a man); the default is docs/rules.md's.

use std::process::ExitCode;

use dama_rules::{Position, Promotion, Rules, divide_under, perft_under};

const USAGE: &str =
    "usage: dama-perft [--divide] [--promotion during-capture|after-capture] DEPTH [POSITION]";

fn main() -> ExitCode {
    let mut split = false;
    let mut rules = Rules::STANDARD;
    let mut rest = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--divide" => split = true,
            "--promotion" => {
                rules.promotion = match args.next().as_deref() {
                    Some("during-capture") => Promotion::DuringCapture,
                    Some("after-capture") => Promotion::AfterCapture,
                    other => {
                        return fail(&format!(
                            "--promotion takes during-capture or after-capture, not {other:?}\n{USAGE}"
                        ));
                    }
                };
            }
            _ => rest.push(arg),
        }
    }
    let (depth, position) = match rest.as_slice() {
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
        for (m, n) in divide_under(&position, depth, rules) {
            println!("{m} {n}");
            total += n;
        }
        println!("{total}");
    } else {
        println!("{}", perft_under(&position, depth, rules));
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::from(2)
}
