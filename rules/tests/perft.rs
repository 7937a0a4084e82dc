//! Runs the perft vectors of `tests/data/perft.txt` (copied from the shared rules documents).
//! Counts above `MAX_NODES` are left to the benchmark and `dama-perft` in release builds.

use dama_rules::{Position, perft};

const MAX_NODES: u64 = 2_000_000;

struct Vector {
    id: String,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn vectors() -> Vec<Vector> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let [id, position, counts] = fields[..] else {
                panic!("bad line: {line}")
            };
            let counts = counts
                .split_whitespace()
                .map(|dc| {
                    let (d, c) = dc.split_once(':').expect("depth:count");
                    (d.parse().expect("depth"), c.parse().expect("count"))
                })
                .collect();
            Vector {
                id: id.to_owned(),
                position: position.parse().expect(id),
                counts,
            }
        })
        .collect()
}

#[test]
fn every_perft_vector_matches() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 10, "all vectors of the file are read");
    let mut checked = 0;
    for v in &vectors {
        for &(depth, expected) in v.counts.iter().filter(|(_, c)| *c <= MAX_NODES) {
            assert_eq!(
                perft(&v.position, depth),
                expected,
                "{} depth {depth}",
                v.id
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} counts checked");
}

#[test]
#[ignore = "slow outside release builds: cargo test --release -p dama-rules -- --ignored"]
fn deep_start_perft() {
    let start = Position::default();
    assert_eq!(perft(&start, 7), 10_782_308);
    assert_eq!(perft(&start, 8), 123_285_642);
}
