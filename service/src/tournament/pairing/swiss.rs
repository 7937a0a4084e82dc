//! Swiss pairing. Players are ordered by points (highest first), then seed.
//!
//! - Bye (odd count): the lowest-ordered player among those with the fewest byes so far, so
//!   nobody has a second bye while someone has none. If the others cannot be paired, the next
//!   candidate in that order takes it. A bye is a played round with no colour.
//! - Nobody meets the same opponent twice: every recorded game, forfeits included, counts as met.
//! - Scores: the total of point differences over all boards is minimised. Each player's preferred
//!   opponents are those nearest in points; inside a score group of `s` players, the `i`-th
//!   (0-based) prefers the `i + s/2`-th, then those below it, then those above it, nearest first
//!   (top half against bottom half, as in the Dutch system); between groups, the higher-ordered.
//!   Among the pairings of least total difference, the first in this preference order wins
//!   (searched by increasing total; when the step budget runs out, the best found so far).
//! - Colours (only games actually played count; forfeits and byes do not): the player with fewer
//!   Whites than Blacks gets White; if equal, walk back through both players' colours, latest
//!   first, and at the first round where they differ, the one who had Black (or, failing that,
//!   no game) gets White; if still equal, the higher-ordered player gets White in odd rounds and
//!   Black in even rounds (round = last recorded round + 1).
//! - First attempt: also nobody ends the round with |Whites - Blacks| above 1 (unless the colour
//!   brings them closer) or with the same colour three times in a row. If that is impossible,
//!   pairing only forbids repeats.
//! - The search is a depth-first backtracking with at most [`STEP_BUDGET`] steps per attempt
//!   (five attempts' worth per round), so it always returns promptly; it returns `None` when no
//!   pairing without repeats is found, and for more than [`MAX_SWISS_PLAYERS`] players.
//! - Withdrawn players are left out of `players`; their games still count for the others.

use std::cmp::Reverse;
use std::collections::HashSet;

use super::{Colour, Key, Pair, Past, Played, pasts};

/// The most search steps one pairing attempt may take.
pub const STEP_BUDGET: u32 = 200_000;

/// The most search steps one call of [`swiss_round`] may take over all its attempts.
const TOTAL_BUDGET: u32 = 5 * STEP_BUDGET;

/// The most players [`swiss_round`] pairs; beyond it, it returns `None`.
pub const MAX_SWISS_PLAYERS: usize = 128;

/// The default number of Swiss rounds: `ceil(log2 n) + 1`, at most `n - 1` and at least 1 for
/// `n >= 2`; 0 for fewer than 2 players.
#[must_use]
pub fn default_swiss_rounds(players: usize) -> u32 {
    if players < 2 {
        return 0;
    }
    let ceil_log2 = usize::BITS - (players - 1).leading_zeros();
    let cap = u32::try_from(players - 1).unwrap_or(u32::MAX);
    (ceil_log2 + 1).min(cap).max(1)
}

/// Pairs the next Swiss round (see the module's rules). `players`: the active (not withdrawn)
/// players in seed order; `history`: every [`Played`] so far, including those of withdrawn
/// players. Games come first, best-placed board first; the bye, if any, last.
///
/// Returns `None` if no pairing without a repeated pair was found within the step budget, if a
/// key appears twice in `players`, or if there are more than [`MAX_SWISS_PLAYERS`] players.
#[must_use]
pub fn swiss_round(players: &[Key], history: &[Played]) -> Option<Vec<Pair>> {
    let mut seen = HashSet::new();
    if players.len() > MAX_SWISS_PLAYERS || !players.iter().all(|key| seen.insert(*key)) {
        return None;
    }
    let pasts = pasts(history);
    let empty = Past::default();
    let round = history
        .iter()
        .map(|played| played.round)
        .max()
        .map_or(1, |last| last.saturating_add(1));
    let mut field: Vec<Unpaired<'_>> = players
        .iter()
        .map(|&key| Unpaired {
            key,
            past: pasts.get(&key).unwrap_or(&empty),
        })
        .collect();
    // Stable: equal points keep seed order.
    field.sort_by_key(|unpaired| Reverse(unpaired.past.points));
    let mut budget = TOTAL_BUDGET;
    if field.len().is_multiple_of(2) {
        return pair_with_fallback(&field, round, &mut budget);
    }
    let mut candidates: Vec<usize> = (0..field.len()).collect();
    candidates.sort_by_key(|&i| (field[i].past.byes, Reverse(i)));
    for candidate in candidates {
        let mut rest = field.clone();
        let bye = rest.remove(candidate);
        if let Some(mut pairs) = pair_with_fallback(&rest, round, &mut budget) {
            pairs.push(Pair::Bye(bye.key));
            return Some(pairs);
        }
        if budget == 0 {
            break;
        }
    }
    None
}

/// A player to pair, with their past.
#[derive(Debug, Clone, Copy)]
struct Unpaired<'a> {
    key: Key,
    past: &'a Past,
}

/// Whether the higher-ordered `first` gets White against `second` (the module's colour rules).
fn first_gets_white(first: &Past, second: &Past, round: u32) -> bool {
    if first.balance != second.balance {
        return first.balance < second.balance;
    }
    // Lower gets White: had Black, then had no game, then had White.
    let priority = |colour: Option<&Colour>| match colour {
        Some(Colour::Black) => 0,
        None => 1,
        Some(Colour::White) => 2,
    };
    let mut mine = first.colours.iter().rev();
    let mut theirs = second.colours.iter().rev();
    loop {
        let (a, b) = (mine.next(), theirs.next());
        if a.is_none() && b.is_none() {
            break;
        }
        if priority(a) != priority(b) {
            return priority(a) < priority(b);
        }
    }
    round % 2 == 1
}

/// Whether giving `colour` keeps the player within the hard colour limits.
fn colour_fits(past: &Past, colour: Colour) -> bool {
    let after = past.balance.saturating_add(colour.sign()).unsigned_abs();
    let balanced = after <= 1 || after < past.balance.unsigned_abs();
    balanced && !past.colours.ends_with(&[colour, colour])
}

/// Tries the hard colour limits first, then only "no repeats".
fn pair_with_fallback(field: &[Unpaired<'_>], round: u32, budget: &mut u32) -> Option<Vec<Pair>> {
    for strict in [true, false] {
        let (pairs, used) = pair_all(field, round, strict, STEP_BUDGET.min(*budget));
        *budget = budget.saturating_sub(used);
        if pairs.is_some() {
            return pairs;
        }
    }
    None
}

/// The bit of player `index` in a set of players.
fn bit(index: usize) -> u128 {
    1u128
        .checked_shl(u32::try_from(index).unwrap_or(u32::MAX))
        .unwrap_or(0)
}

/// The indices in a set of players, lowest (best-ordered) first.
fn members(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros();
        set &= set - 1;
        usize::try_from(index).ok()
    })
}

/// Pairs an even `field` (already in order) and the steps it took.
fn pair_all(
    field: &[Unpaired<'_>],
    round: u32,
    strict: bool,
    budget: u32,
) -> (Option<Vec<Pair>>, u32) {
    let count = field.len();
    if count % 2 == 1 || count > MAX_SWISS_PLAYERS {
        return (None, 0);
    }
    let points: Vec<u32> = field.iter().map(|e| e.past.points).collect();
    let mut white_first = vec![vec![false; count]; count];
    let mut allowed = vec![0u128; count];
    for (i, first) in field.iter().enumerate() {
        for (j, second) in field.iter().enumerate().skip(i + 1) {
            let first_white = first_gets_white(first.past, second.past, round);
            white_first[i][j] = first_white;
            let (white, black) = if first_white {
                (first, second)
            } else {
                (second, first)
            };
            let met = first.past.opponents.contains(&second.key)
                || second.past.opponents.contains(&first.key);
            let colours_ok = !strict
                || (colour_fits(white.past, Colour::White)
                    && colour_fits(black.past, Colour::Black));
            if !met && colours_ok {
                allowed[i] |= bit(j);
                allowed[j] |= bit(i);
            }
        }
    }
    let (mut need_white, mut need_black) = (0u128, 0u128);
    for (i, unpaired) in field.iter().enumerate().filter(|_| strict) {
        let white = colour_fits(unpaired.past, Colour::White);
        let black = colour_fits(unpaired.past, Colour::Black);
        if white && !black {
            need_white |= bit(i);
        } else if black && !white {
            need_black |= bit(i);
        }
    }
    let everyone = (0..count).fold(0u128, |set, i| set | bit(i));
    let mut search = Search {
        preferences: preferences(&points),
        points,
        allowed,
        need_white,
        need_black,
        limit: u32::MAX,
        partner: vec![0; count],
        steps: 0,
        budget,
    };
    // Any pairing first, then the least total: try each total from the lower bound up.
    let mut best = None;
    if search.solve(u32::MAX) {
        let found = search.partner.clone();
        let total = search.total(&found);
        let floor = search.lower_bound(everyone);
        best = Some(found);
        for limit in floor..total {
            if search.steps >= search.budget {
                break;
            }
            if search.solve(limit) {
                best = Some(search.partner.clone());
                break;
            }
        }
    }
    let pairs = best.map(|partner| {
        partner
            .iter()
            .enumerate()
            .filter(|&(i, &j)| i < j)
            .map(|(i, &j)| {
                let (white, black) = if white_first[i][j] { (i, j) } else { (j, i) };
                Pair::Game {
                    white: field[white].key,
                    black: field[black].key,
                }
            })
            .collect()
    });
    (pairs, search.steps)
}

/// For each player, everyone else in order of preference as an opponent.
fn preferences(points: &[u32]) -> Vec<Vec<usize>> {
    let count = points.len();
    (0..count)
        .map(|i| {
            let start = (0..i).rev().take_while(|&j| points[j] == points[i]).count();
            let start = i - start;
            let end = (i..count).take_while(|&j| points[j] == points[i]).count() + i;
            let target = i - start + (end - start) / 2;
            let mut others: Vec<usize> = (0..count).filter(|&j| j != i).collect();
            others.sort_by_key(|&j| {
                let difference = points[i].abs_diff(points[j]);
                if (start..end).contains(&j) {
                    let position = j - start;
                    (
                        difference,
                        usize::from(position < target),
                        position.abs_diff(target),
                    )
                } else {
                    (difference, 0, j)
                }
            });
            others
        })
        .collect()
}

/// Depth-first search for a pairing whose total point difference is at most `limit`.
struct Search {
    /// Points of each player, highest first.
    points: Vec<u32>,
    /// Who each player may meet.
    allowed: Vec<u128>,
    /// Who must have White, and who Black, to keep the colour limits (none when relaxed).
    need_white: u128,
    need_black: u128,
    preferences: Vec<Vec<usize>>,
    limit: u32,
    partner: Vec<usize>,
    steps: u32,
    budget: u32,
}

impl Search {
    /// Looks for a pairing of everyone with a total of at most `limit`.
    fn solve(&mut self, limit: u32) -> bool {
        self.limit = limit;
        let everyone = (0..self.points.len()).fold(0u128, |set, i| set | bit(i));
        self.everyone_has_partner(everyone, limit) && self.descend(everyone, 0)
    }

    /// Pairs the players in `unpaired`, the first way in preference order within the limit;
    /// true if found (then `partner` holds it), false if none or out of steps.
    fn descend(&mut self, unpaired: u128, total: u32) -> bool {
        let Some(top) = members(unpaired).next() else {
            return true;
        };
        let rest = unpaired & !bit(top);
        for choice in 0..self.preferences[top].len() {
            let other = self.preferences[top][choice];
            if rest & bit(other) == 0 || self.allowed[top] & bit(other) == 0 {
                continue;
            }
            if self.steps >= self.budget {
                return false;
            }
            self.steps += 1;
            let after = rest & !bit(other);
            let total = total.saturating_add(self.points[top].abs_diff(self.points[other]));
            if total.saturating_add(self.lower_bound(after)) > self.limit
                || !self.everyone_has_partner(after, self.limit - total)
            {
                continue;
            }
            self.partner[top] = other;
            self.partner[other] = top;
            if self.descend(after, total) {
                return true;
            }
        }
        false
    }

    /// The total point difference of a complete pairing.
    fn total(&self, partner: &[usize]) -> u32 {
        (0..partner.len())
            .filter(|&i| i < partner[i])
            .map(|i| self.points[i].abs_diff(self.points[partner[i]]))
            .fold(0, u32::saturating_add)
    }

    /// Whether every player in `set` may still meet someone in `set` at most `slack` apart,
    /// and every group of players in `set` who may meet only each other is even in number.
    fn everyone_has_partner(&self, set: u128, slack: u32) -> bool {
        members(set).all(|i| self.allowed[i] & set & self.within(i, slack) != 0)
            && self.components_are_even(set)
    }

    fn components_are_even(&self, set: u128) -> bool {
        let mut left = set;
        while let Some(start) = members(left).next() {
            let mut component = bit(start);
            let mut frontier = component;
            while frontier != 0 {
                let reached = members(frontier).fold(0, |r, i| r | self.allowed[i]) & left;
                frontier = reached & !component;
                component |= reached;
            }
            if component.count_ones() % 2 == 1 {
                return false;
            }
            left &= !component;
        }
        true
    }

    /// The players at most `slack` points from player `i` (a run, as points are sorted).
    fn within(&self, i: usize, slack: u32) -> u128 {
        let points = self.points[i];
        let first = self
            .points
            .partition_point(|&p| p > points.saturating_add(slack));
        let end = self
            .points
            .partition_point(|&p| p >= points.saturating_sub(slack));
        let width = u32::try_from(end.saturating_sub(first)).unwrap_or(u32::MAX);
        let ones = 1u128.checked_shl(width).map_or(u128::MAX, |b| b - 1);
        ones.checked_shl(u32::try_from(first).unwrap_or(u32::MAX))
            .unwrap_or(0)
    }

    /// A lower bound of the total point difference for pairing `set`. At each step between two
    /// scores, the players above it who cannot all meet each other (an odd number, or more
    /// needing one colour than the others can balance) meet someone below it, and likewise
    /// for the players below: each such pair costs at least the step.
    fn lower_bound(&self, set: u128) -> u32 {
        let mut above = 0u128;
        let mut total = 0u32;
        let mut previous: Option<u32> = None;
        for i in members(set) {
            let points = self.points[i];
            if let Some(before) = previous
                && before != points
            {
                let crossing = self
                    .counts(above)
                    .must_leave()
                    .max(self.counts(set & !above).must_leave());
                total = total.saturating_add(before.abs_diff(points).saturating_mul(crossing));
            }
            above |= bit(i);
            previous = Some(points);
        }
        total
    }

    fn counts(&self, set: u128) -> Counts {
        Counts {
            players: set.count_ones(),
            need_white: (set & self.need_white).count_ones(),
            need_black: (set & self.need_black).count_ones(),
        }
    }
}

/// A group of players by the colour they need.
struct Counts {
    players: u32,
    need_white: u32,
    need_black: u32,
}

impl Counts {
    /// How many of the group must meet someone outside it.
    fn must_leave(&self) -> u32 {
        let free = self.players - self.need_white - self.need_black;
        let excess = self
            .need_white
            .abs_diff(self.need_black)
            .saturating_sub(free);
        excess.max(self.players % 2)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::tournament::pairing::support::*;
    use crate::tournament::pairing::{GameResult, System, round_robin_round, standings};

    #[test]
    fn default_swiss_rounds_is_log2_plus_one_capped() {
        assert_eq!(default_swiss_rounds(0), 0);
        assert_eq!(default_swiss_rounds(1), 0);
        assert_eq!(default_swiss_rounds(2), 1);
        assert_eq!(default_swiss_rounds(3), 2);
        assert_eq!(default_swiss_rounds(4), 3);
        assert_eq!(default_swiss_rounds(5), 4);
        assert_eq!(default_swiss_rounds(7), 4);
        assert_eq!(default_swiss_rounds(8), 4);
        assert_eq!(default_swiss_rounds(9), 5);
        assert_eq!(default_swiss_rounds(16), 5);
        assert_eq!(default_swiss_rounds(64), 7);
    }

    #[test]
    fn swiss_of_seven_over_three_rounds() {
        use GameResult::{BlackWon, Draw, WhiteWon};
        let players = [A, B, C, D, E, F, G];
        let mut history = Vec::new();

        // Round 1: everyone on 0; G (last) has the bye; 1-4, 2-5, 3-6 with the top half White.
        let round = swiss_round(&players, &history).unwrap_or_default();
        assert_valid_round(&players, &history, &round);
        assert_eq!(
            round,
            vec![game(A, D), game(B, E), game(C, F), Pair::Bye(G)]
        );
        history.extend(record(1, &round, &[WhiteWon, BlackWon, Draw]));
        // Points (halves): A 2, E 2, G 2 | C 1, F 1 | B 0, D 0.

        // Round 2: order A E G C F B D; D, last, has the bye. Group {A, E, G}: A meets E
        // (i + s/2), E White (one Black, A one White); G floats to C, the top of {C, F}, and is
        // White (C had White); F floats to B (F had Black, B White). Total difference 0+1+1.
        let round = swiss_round(&players, &history).unwrap_or_default();
        assert_valid_round(&players, &history, &round);
        assert_eq!(
            round,
            vec![game(E, A), game(G, C), game(F, B), Pair::Bye(D)]
        );
        history.extend(record(2, &round, &[Draw, WhiteWon, BlackWon]));
        // Points: G 4 | A 3, E 3 | B 2, D 2 | C 1, F 1.

        let halfway = standings(
            &System::Swiss { rounds: 3 },
            &players.map(|k| (k, false)),
            &history,
            3,
        );
        assert!(halfway.iter().all(|row| row.games_left == 1));

        // Round 3: order G A E B D C F; F, the last without a bye, has it. G floats to A (A:
        // W B, balance 0, gets White against G's +1); E-B met, so E meets D (D at -1 gets
        // White); B-C: same colours W B, round 3 odd, so B (higher) is White. Total 1+1+1.
        let round = swiss_round(&players, &history).unwrap_or_default();
        assert_valid_round(&players, &history, &round);
        assert_eq!(
            round,
            vec![game(A, G), game(D, E), game(B, C), Pair::Bye(F)]
        );
        history.extend(record(3, &round, &[WhiteWon, Draw, BlackWon]));

        let byes: Vec<Key> = history
            .iter()
            .filter_map(|p| match p.pair {
                Pair::Bye(k) => Some(k),
                Pair::Game { .. } => None,
            })
            .collect();
        assert_eq!(byes, vec![G, D, F]);
        for (player, colours) in colour_sequences(&history) {
            assert!(balance(&colours).abs() <= 1, "{player}: {colours:?}");
        }

        // player | R1      R2      R3      | pts | opponents (pts)  | Buchholz | SB (quarters)
        // A      | +D      =E      +G      |  5  | D3 E4 G4         | 11       | 2*3+1*4+2*4 = 18
        // B      | -E      +F      -C      |  2  | E4 F3 C3         | 10       | 2*3 = 6
        // C      | =F      -G      +B      |  3  | F3 G4 B2         |  9       | 1*3+2*2 = 7
        // D      | -A      bye     =E      |  3  | A5 E4            |  9       | 1*4 = 4
        // E      | +B      =A      =D      |  4  | B2 A5 D3         | 10       | 2*2+1*5+1*3 = 12
        // F      | =C      -B      bye     |  3  | C3 B2            |  5       | 1*3 = 3
        // G      | bye     +C      -A      |  4  | C3 A5            |  8       | 2*3 = 6
        // Order: A 5; E, G 4 (Buchholz 10 > 8); C, D, F 3 (C, D Buchholz 9, SB 7 > 4; F 5); B 2.
        let table = standings(
            &System::Swiss { rounds: 3 },
            &players.map(|k| (k, false)),
            &history,
            3,
        );
        assert_eq!(
            scores(&table),
            vec![
                (1, A, 5, 11, 18),
                (2, E, 4, 10, 12),
                (3, G, 4, 8, 6),
                (4, C, 3, 9, 7),
                (5, D, 3, 9, 4),
                (6, F, 3, 5, 3),
                (7, B, 2, 10, 6),
            ]
        );
        let played: Vec<u32> = table.iter().map(|r| r.played).collect();
        assert_eq!(played, vec![3, 3, 2, 3, 2, 2, 3]);
        assert!(
            table
                .iter()
                .all(|row| row.games_left == 0 && !row.withdrawn)
        );
    }

    #[test]
    fn swiss_pairs_around_a_withdrawn_player_without_repeats() {
        let mut active = keys(6);
        let mut history = Vec::new();
        for round in 1..=4 {
            if round == 2 {
                active.retain(|&k| k != 2);
            }
            let pairs = swiss_round(&active, &history);
            assert!(pairs.is_some(), "round {round}");
            let pairs = pairs.unwrap_or_default();
            assert_valid_round(&active, &history, &pairs);
            history.extend(record(
                round,
                &pairs,
                &[GameResult::WhiteWon, GameResult::Draw, GameResult::BlackWon],
            ));
        }
        let byes: HashSet<Key> = history
            .iter()
            .filter_map(|p| {
                if let Pair::Bye(k) = p.pair {
                    Some(k)
                } else {
                    None
                }
            })
            .collect();
        assert_eq!(
            byes.len(),
            3,
            "rounds 2-4 give byes to three different players"
        );
        let entrants: Vec<(Key, bool)> = keys(6).into_iter().map(|k| (k, k == 2)).collect();
        let table = standings(&System::Swiss { rounds: 5 }, &entrants, &history, 5);
        for row in table {
            assert_eq!(row.games_left, u32::from(row.user != 2), "{row:?}");
        }
    }

    #[test]
    fn swiss_round_is_none_once_every_pair_has_met() {
        let players = [1, 2, 3, 4];
        let mut history = Vec::new();
        for round in 1..=3 {
            let pairs = round_robin_round(&players, 1, round);
            history.extend(record(
                round,
                &pairs,
                &[GameResult::Draw, GameResult::WhiteWon],
            ));
        }
        assert_eq!(swiss_round(&players, &history), None);
        // With an odd count, every choice of bye leaves four who have all met.
        history.extend(record(1, &[game(5, 6)], &[GameResult::Draw]));
        assert_eq!(swiss_round(&[1, 2, 3, 4, 5], &history), None);
    }

    #[test]
    fn swiss_relaxes_colours_when_no_pairing_keeps_them() {
        // Both had White against players now withdrawn; one of them must take White again.
        let history = record(
            1,
            &[game(A, 90), game(B, 80)],
            &[GameResult::WhiteWon, GameResult::Draw],
        );
        // Balances and last colours tie; round 2 is even, so A (higher) gets Black.
        assert_eq!(swiss_round(&[A, B], &history), Some(vec![game(B, A)]));
    }

    #[test]
    fn swiss_gives_no_second_bye_while_someone_has_none() {
        let history = vec![
            Played {
                round: 1,
                pair: Pair::Bye(3),
                result: None,
                forfeit: false,
            },
            Played {
                round: 1,
                pair: game(1, 2),
                result: Some(GameResult::BlackWon),
                forfeit: false,
            },
        ];
        // Order 2 (2 points), 3 (bye, 2 points), 1: 1 is last and has no bye. 2, who had
        // Black, gets White against 3, who has no colour yet.
        assert_eq!(
            swiss_round(&[1, 2, 3], &history),
            Some(vec![game(2, 3), Pair::Bye(1)])
        );
    }

    #[test]
    fn swiss_round_handles_degenerate_fields() {
        assert_eq!(swiss_round(&[], &[]), Some(vec![]));
        assert_eq!(swiss_round(&[5], &[]), Some(vec![Pair::Bye(5)]));
        assert_eq!(swiss_round(&[5, 6, 5], &[]), None);
        let crowd = keys(200);
        assert_eq!(swiss_round(&crowd, &[]), None);
        assert_eq!(standings(&System::Swiss { rounds: 0 }, &[], &[], 0), vec![]);
    }

    #[test]
    fn swiss_gives_the_bye_where_it_leaves_a_field_that_can_be_paired() {
        // 1..=31 have met all of 32..=65: the two sides can only meet among themselves, so
        // the bye must make the side of 31 even. 65, 64, ... (lower-ordered) cannot take it.
        let players = keys(65);
        let mut history = Vec::new();
        for (round, (white, black)) in
            (1..).zip((1..=31).flat_map(|a| (32..=65).map(move |b| (a, b))))
        {
            history.extend(record(round, &[game(white, black)], &[GameResult::Draw]));
        }
        let pairs = swiss_round(&players, &history).unwrap_or_default();
        assert_valid_round(&players, &history, &pairs);
        assert_eq!(pairs.last(), Some(&Pair::Bye(31)));
    }

    /// A fixed stream of results for long simulations.
    fn results(seed: &mut u64, count: usize) -> Vec<GameResult> {
        (0..count)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                match (*seed >> 33) % 3 {
                    0 => GameResult::WhiteWon,
                    1 => GameResult::BlackWon,
                    _ => GameResult::Draw,
                }
            })
            .collect()
    }

    #[test]
    fn large_swiss_fields_pair_every_round_within_the_colour_limits() {
        for count in [63, 64] {
            let players = keys(count);
            let mut history = Vec::new();
            let mut seed = count;
            for round in 1..=default_swiss_rounds(players.len()) {
                let pairs = swiss_round(&players, &history);
                assert!(pairs.is_some(), "{count} players, round {round}");
                let pairs = pairs.unwrap_or_default();
                assert_valid_round(&players, &history, &pairs);
                history.extend(record(round, &pairs, &results(&mut seed, pairs.len())));
            }
            let mut byes = HashSet::new();
            assert!(
                history
                    .iter()
                    .all(|p| !matches!(p.pair, Pair::Bye(k) if !byes.insert(k)))
            );
            for (player, colours) in colour_sequences(&history) {
                assert!(balance(&colours).abs() <= 1, "{player}: {colours:?}");
                assert!(colours.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])));
            }
        }
    }
}
