//! Arena pairing: the pure pairing of an arena's free members, at 1,000 free members (the
//! issue's bound: ≤ 10 ms), and the table of 300 members with 20 games each.
//!
//! `cargo bench -p dama-service --bench arena`.

use criterion::{Criterion, criterion_group, criterion_main};
use dama_service::tournament::arena::{ArenaResult, Free, Record, Scored, pair_free, table};

/// 1,000 free members, each placed by a pseudo-random standing, a quarter of them with their
/// last opponent among the free (the hard case for the no-rematch rule).
fn free_members(n: u32) -> Vec<Free<u32>> {
    let mut seed = 0x9e37_79b9_u32;
    (0..n)
        .map(|i| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            Free {
                user: i,
                standing: seed % n,
                last_opponent: (i % 4 == 1).then(|| i - 1),
                whites_over_blacks: i32::try_from(seed % 3).unwrap_or(0) - 1,
                free_since: i64::from(seed % 5_000),
            }
        })
        .collect()
}

fn records(members: u32, games: u32) -> Vec<Record<u32>> {
    (0..members)
        .map(|user| Record {
            user,
            games: (0..games)
                .map(|g| {
                    let result = match (user + g) % 3 {
                        0 => ArenaResult::Win,
                        1 => ArenaResult::Draw,
                        _ => ArenaResult::Loss,
                    };
                    let scored = Scored {
                        result,
                        berserk: g % 5 == 0,
                        own_moves: 10,
                    };
                    (scored, i64::from(g * 1_000 + user))
                })
                .collect(),
        })
        .collect()
}

fn pairing(c: &mut Criterion) {
    let free = free_members(1_000);
    c.bench_function("pair 1000 free members", |b| {
        b.iter(|| pair_free(std::hint::black_box(&free), 50));
    });
    let played = records(300, 20);
    c.bench_function("table of 300 members, 20 games each", |b| {
        b.iter(|| table(std::hint::black_box(&played)));
    });
}

criterion_group!(benches, pairing);
criterion_main!(benches);
