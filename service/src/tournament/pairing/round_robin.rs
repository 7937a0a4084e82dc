//! Round robins, from the Berger tables.
//!
//! With an odd number of players a dummy is added as the last seed; whoever meets it has the
//! bye. With `n` seeds (now even), seed `n` stays put and the others rotate. With `m = n - 1`,
//! round `r` (1-based) has `top = ((r - 1) * (n / 2)) mod m + 1`; board 1 is seed `n` against
//! `top`, seed `n` being White in even rounds and Black in odd ones; board `k + 1`
//! (`k = 1 .. n/2 - 1`) has White `top + k` and Black `top - k`, wrapped into `1 ..= m`. A cycle
//! has `n - 1` rounds (odd count: `n`, one bye each round); each pair meets once per cycle. The
//! second cycle repeats the first with colours swapped. Over a cycle with an even count,
//! everyone has one colour once more than the other (seeds in the top half one more White) and
//! never the same colour three times running; with an odd count, everyone's colours alternate
//! game after game.

use super::{Key, Pair};

/// The number of rounds of a round robin of `players` players: `(n - 1) * cycles` for an even
/// `n`, `n * cycles` for an odd one (one bye per round), 0 for fewer than 2 players (or if the
/// count does not fit in a `u32`).
#[must_use]
pub fn round_robin_rounds(players: usize, cycles: u32) -> u32 {
    if players < 2 {
        return 0;
    }
    let per_cycle = if players.is_multiple_of(2) {
        players - 1
    } else {
        players
    };
    u32::try_from(per_cycle)
        .ok()
        .and_then(|rounds| rounds.checked_mul(cycles))
        .unwrap_or(0)
}

/// Round `round` (1-based) of a round robin over `players` in seed order (index 0 = seed 1),
/// from the Berger tables; with an odd count a dummy is added as the last seed and whoever meets
/// it gets [`Pair::Bye`]. Board order follows the tables. In every second cycle the pairings of
/// the first repeat with colours swapped. An out-of-range round gives an empty vec.
#[must_use]
pub fn round_robin_round(players: &[Key], cycles: u32, round: u32) -> Vec<Pair> {
    if round == 0 || round > round_robin_rounds(players.len(), cycles) {
        return Vec::new();
    }
    let Ok(index) = usize::try_from(round - 1) else {
        return Vec::new();
    };
    let seeds = players.len() + players.len() % 2;
    let rotating = seeds - 1;
    let half = seeds / 2;
    let swapped = (index / rotating) % 2 == 1;
    let within = index % rotating; // 0-based round inside the cycle
    let Some(top) = within.checked_mul(half).map(|x| x % rotating + 1) else {
        return Vec::new();
    };
    let key = |seed: usize| players.get(seed - 1).copied();
    let pair = |white: usize, black: usize| {
        let (white, black) = if swapped {
            (black, white)
        } else {
            (white, black)
        };
        match (key(white), key(black)) {
            (Some(white), Some(black)) => Some(Pair::Game { white, black }),
            (Some(player), None) | (None, Some(player)) => Some(Pair::Bye(player)),
            (None, None) => None,
        }
    };
    // `within` is 0-based, so an even `within` is an odd round.
    let first = if within.is_multiple_of(2) {
        pair(top, seeds)
    } else {
        pair(seeds, top)
    };
    let others = (1..half).map(|k| {
        let white = (top - 1 + k) % rotating + 1;
        let black = (top - 1 + rotating - k) % rotating + 1;
        pair(white, black)
    });
    std::iter::once(first).chain(others).flatten().collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::tournament::pairing::Played;
    use crate::tournament::pairing::support::{
        assert_valid_round, balance, colour_sequences, game, keys, record,
    };

    #[test]
    fn berger_table_for_four_players_matches_fide() {
        let p = [1, 2, 3, 4];
        assert_eq!(round_robin_round(&p, 1, 1), vec![game(1, 4), game(2, 3)]);
        assert_eq!(round_robin_round(&p, 1, 2), vec![game(4, 3), game(1, 2)]);
        assert_eq!(round_robin_round(&p, 1, 3), vec![game(2, 4), game(3, 1)]);
        assert_eq!(round_robin_round(&p, 1, 4), vec![]);
    }

    #[test]
    fn berger_table_for_six_players_matches_fide() {
        let p = [1, 2, 3, 4, 5, 6];
        let table = [
            vec![game(1, 6), game(2, 5), game(3, 4)],
            vec![game(6, 4), game(5, 3), game(1, 2)],
            vec![game(2, 6), game(3, 1), game(4, 5)],
            vec![game(6, 5), game(1, 4), game(2, 3)],
            vec![game(3, 6), game(4, 2), game(5, 1)],
        ];
        for (round, expected) in (1..).zip(table) {
            assert_eq!(round_robin_round(&p, 1, round), expected, "round {round}");
        }
    }

    #[test]
    fn berger_maps_seeds_to_the_callers_keys() {
        let p = [40, 30, 20, 10];
        assert_eq!(
            round_robin_round(&p, 1, 2),
            vec![game(10, 20), game(40, 30)]
        );
    }

    #[test]
    fn berger_table_for_three_players_gives_the_dummys_opponent_the_bye() {
        let p = [30, 20, 10];
        assert_eq!(
            round_robin_round(&p, 1, 1),
            vec![Pair::Bye(30), game(20, 10)]
        );
        assert_eq!(
            round_robin_round(&p, 1, 2),
            vec![Pair::Bye(10), game(30, 20)]
        );
        assert_eq!(
            round_robin_round(&p, 1, 3),
            vec![Pair::Bye(20), game(10, 30)]
        );
        assert_eq!(round_robin_round(&p, 1, 4), vec![]);
    }

    #[test]
    fn second_cycle_repeats_the_first_with_colours_swapped() {
        for count in 2..=9 {
            let p = keys(count);
            let per_cycle = round_robin_rounds(p.len(), 1);
            for round in 1..=per_cycle {
                let swapped: Vec<Pair> = round_robin_round(&p, 2, round)
                    .into_iter()
                    .map(|pair| match pair {
                        Pair::Game { white, black } => game(black, white),
                        bye @ Pair::Bye(_) => bye,
                    })
                    .collect();
                assert_eq!(round_robin_round(&p, 2, round + per_cycle), swapped);
                assert_eq!(
                    round_robin_round(&p, 1, round),
                    round_robin_round(&p, 2, round)
                );
            }
            assert_eq!(round_robin_round(&p, 2, 2 * per_cycle + 1), vec![]);
        }
    }

    #[test]
    fn every_pair_meets_once_per_cycle_and_odd_counts_give_one_bye_each() {
        for count in 2..=14 {
            let p = keys(count);
            let per_cycle = round_robin_rounds(p.len(), 1);
            for cycle in 0..2 {
                let mut meetings: HashMap<(Key, Key), u32> = HashMap::new();
                let mut byes: HashMap<Key, u32> = HashMap::new();
                for round in 1..=per_cycle {
                    let pairs = round_robin_round(&p, 2, cycle * per_cycle + round);
                    assert_valid_round(&p, &[], &pairs);
                    for pair in pairs {
                        match pair {
                            Pair::Game { white, black } => {
                                *meetings
                                    .entry((white.min(black), white.max(black)))
                                    .or_default() += 1;
                            }
                            Pair::Bye(player) => *byes.entry(player).or_default() += 1,
                        }
                    }
                }
                let pairs = p.len() * (p.len() - 1) / 2;
                assert_eq!(meetings.len(), pairs, "{count} players");
                assert!(meetings.values().all(|&n| n == 1), "{count} players");
                if count % 2 == 1 {
                    assert_eq!(byes.len(), p.len());
                    assert!(byes.values().all(|&n| n == 1));
                } else {
                    assert!(byes.is_empty());
                }
            }
        }
    }

    #[test]
    fn berger_colours_are_as_balanced_as_a_cycle_allows() {
        for count in 2..=14 {
            let p = keys(count);
            let rounds = round_robin_rounds(p.len(), 1);
            let history: Vec<Played> = (1..=rounds)
                .flat_map(|round| record(round, &round_robin_round(&p, 1, round), &[]))
                .collect();
            let sequences = colour_sequences(&history);
            for (seed, player) in (1..).zip(&p) {
                let colours = &sequences[player];
                if count % 2 == 0 {
                    // n - 1 games: one colour once more, the top half having the extra White.
                    let expected = if seed <= count / 2 { 1 } else { -1 };
                    assert_eq!(balance(colours), expected, "{count} players, seed {seed}");
                    assert!(colours.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])));
                } else {
                    assert!(colours.windows(2).all(|w| w[0] != w[1]), "{count}, {seed}");
                    assert_eq!(balance(colours), 0);
                }
            }
        }
    }

    #[test]
    fn round_robin_round_counts() {
        assert_eq!(round_robin_rounds(0, 1), 0);
        assert_eq!(round_robin_rounds(1, 2), 0);
        assert_eq!(round_robin_rounds(2, 1), 1);
        assert_eq!(round_robin_rounds(4, 1), 3);
        assert_eq!(round_robin_rounds(4, 2), 6);
        assert_eq!(round_robin_rounds(5, 1), 5);
        assert_eq!(round_robin_rounds(5, 2), 10);
        assert_eq!(round_robin_rounds(6, 0), 0);
        assert_eq!(round_robin_rounds(usize::MAX, 2), 0);
    }

    #[test]
    fn out_of_range_round_robin_rounds_are_empty() {
        assert_eq!(round_robin_round(&[1, 2, 3, 4], 1, 0), vec![]);
        assert_eq!(round_robin_round(&[1, 2, 3, 4], 0, 1), vec![]);
        assert_eq!(round_robin_round(&[1], 1, 1), vec![]);
        assert_eq!(round_robin_round(&[], 2, 1), vec![]);
        assert_eq!(round_robin_round(&[1, 2], 2, u32::MAX), vec![]);
    }
}
