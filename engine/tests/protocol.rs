//! The `dama-engine` binary, driven through its standard input and output.

use std::{
    io::Write,
    process::{Command, Stdio},
};

use dama_rules::{Position, notation};

/// Runs the binary on `input` and returns its output lines and whether it exited cleanly.
fn run(input: &[u8]) -> (Vec<String>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    (
        text.lines().map(str::to_owned).collect(),
        output.status.success(),
    )
}

#[test]
fn isready_is_answered_readyok() {
    let (out, ok) = run(b"isready\nquit\n");
    assert_eq!(out, ["readyok"]);
    assert!(ok);
}

#[test]
fn a_search_reports_info_lines_and_one_legal_bestmove() {
    let (out, ok) = run(b"position startpos\nmoves d3-d4 e6-e5\ngo depth 5\nquit\n");
    assert!(ok);
    let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 5, "{out:?}");
    for (i, line) in infos.iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[1..3], ["depth", &(i + 1).to_string()]);
        assert_eq!(words[3], "score");
        assert!(words.contains(&"nodes") && words.contains(&"pv"), "{line}");
    }
    let bests: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(bests.len(), 1);
    assert_eq!(out.last(), bests.first().copied());
    let pos: Position = "8/bbbbbbbb/bbbb1bbb/4b3/3w4/www1wwww/wwwwwwww/8 w"
        .parse()
        .unwrap();
    let best = bests[0].strip_prefix("bestmove ").unwrap();
    assert!(notation::resolve_str(&pos, best).is_ok(), "{best}");
}

#[test]
fn a_capture_is_answered_with_its_full_path() {
    // d4xd6xf6: two men, written with every landing square.
    let (out, _) = run(b"position 7b/8/4b3/3b4/3w4/8/8/8 w\ngo nodes 1000\nquit\n");
    assert_eq!(out.last().map(String::as_str), Some("bestmove d4xd6xf6"));
}

#[test]
fn moves_in_numeric_notation_and_repetition_are_understood() {
    // Kings shuffle back to the start twice: a third time would be a draw, so `go` after the
    // third occurrence reports the finished game.
    let input = b"position 8/8/8/8/8/8/8/W6B w\n\
        moves a1-a2 h1-h2 a2-a1 h2-h1 57-49 64-56 49-57 56-64\n\
        go depth 2\nquit\n";
    let (out, ok) = run(input);
    assert!(ok);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("info string game over: draw"), "{out:?}");
    assert_eq!(out[1], "bestmove none");
}

#[test]
fn malformed_lines_get_error_and_the_engine_keeps_going() {
    let mut input = Vec::new();
    input.extend_from_slice(b"hello\n");
    input.extend_from_slice(b"position 8/8/8\n");
    input.extend_from_slice(b"go depth many\n");
    input.extend_from_slice(b"level 0\n");
    input.extend_from_slice(b"moves z9-z10\n");
    input.extend_from_slice(b"\xff\xfe garbage\n");
    input.extend_from_slice(&[b'x'; 10_000]);
    input.extend_from_slice(b"\n\n   \nisready\nquit\n");
    let (out, ok) = run(&input);
    assert!(ok);
    assert_eq!(out.len(), 8, "{out:?}");
    assert!(out[..7].iter().all(|l| l.starts_with("error ")), "{out:?}");
    assert_eq!(out[7], "readyok");
}

#[test]
fn the_end_of_input_ends_the_engine_cleanly() {
    let (out, ok) = run(b"level 1\ngo\n");
    assert!(ok);
    assert!(out.last().is_some_and(|l| l.starts_with("bestmove ")));
}
