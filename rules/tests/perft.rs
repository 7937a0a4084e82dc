//! Runs the perft vectors of `tests/data/perft.txt` (copied from the shared rules documents,
//! with the same vectors counted again under the federation's promotion rule). Counts above
//! `MAX_NODES` are left to the benchmark and `dama-perft` in release builds.

mod common;

use common::{kish_board, kish_distinct_perft};
use dama_rules::{Position, Rules, perft, perft_under};

const MAX_NODES: u64 = 2_000_000;

struct Vector {
    id: String,
    rules: Rules,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn vectors() -> Vec<Vector> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let (id, position, counts, rules) = match fields[..] {
                [id, position, counts] => (id, position, counts, Rules::STANDARD),
                [id, position, counts, rules] => {
                    (id, position, counts, rules.parse().expect("a rule set"))
                }
                _ => panic!("bad line: {line}"),
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
                rules,
                position: position.parse().expect(id),
                counts,
            }
        })
        .collect()
}

#[test]
fn every_perft_vector_matches() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 20, "all vectors of the file are read");
    let federation = vectors.iter().filter(|v| v.rules == Rules::FEDERATION);
    assert_eq!(federation.count(), 10);
    let mut checked = 0;
    for v in &vectors {
        for &(depth, expected) in v.counts.iter().filter(|(_, c)| *c <= MAX_NODES) {
            assert_eq!(
                perft_under(&v.position, depth, v.rules),
                expected,
                "{} depth {depth} ({})",
                v.id,
                v.rules
            );
            checked += 1;
        }
    }
    assert!(checked >= 80, "only {checked} counts checked");
}

/// The federation's counts are kish's: kish reads promotion as the federation does.
#[test]
fn federation_vectors_are_the_distinct_move_counts_of_kish() {
    let mut checked = 0;
    for v in vectors().iter().filter(|v| v.rules == Rules::FEDERATION) {
        let board = kish_board(&v.position);
        for &(depth, expected) in v.counts.iter().filter(|(_, c)| *c <= MAX_NODES) {
            assert_eq!(
                kish_distinct_perft(&board, depth),
                expected,
                "{} depth {depth}",
                v.id
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} counts checked");
}

/// The PROMO vectors are where the promotion rules part.
#[test]
fn the_promotion_rules_count_differently_only_where_a_man_is_crowned_mid_capture() {
    let vectors = vectors();
    let standard = |id: &str| {
        vectors
            .iter()
            .find(|v| v.id == id && v.rules == Rules::STANDARD)
            .expect(id)
    };
    let differ: Vec<&str> = vectors
        .iter()
        .filter(|v| v.rules == Rules::FEDERATION && v.counts != standard(&v.id).counts)
        .map(|v| v.id.as_str())
        .collect();
    assert_eq!(differ, ["PROMO1", "PROMO2"]);
}

#[test]
#[ignore = "slow outside release builds: cargo test --release -p dama-rules -- --ignored"]
fn deep_start_perft() {
    let start = Position::default();
    assert_eq!(perft(&start, 7), 10_782_308);
    assert_eq!(perft(&start, 8), 123_285_642);
    assert_eq!(perft_under(&start, 8, Rules::FEDERATION), 123_285_642);
}

/// From the start to depth 8 the federation's counts equal today's, and kish's distinct-move
/// counts (kish's own perft counts each capture path).
#[test]
#[ignore = "slow outside release builds (seconds in release): cargo test --release -p dama-rules -- --ignored"]
fn deep_start_perft_equals_kish_distinct_moves() {
    let board = kish_board(&Position::default());
    for depth in 1..=8 {
        let kish = kish_distinct_perft(&board, depth);
        assert_eq!(
            perft_under(&Position::default(), depth, Rules::FEDERATION),
            kish,
            "depth {depth}"
        );
        assert_eq!(perft(&Position::default(), depth), kish, "depth {depth}");
    }
}
