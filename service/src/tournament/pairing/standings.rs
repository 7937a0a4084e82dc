//! The table. Buchholz: the sum of the final points of every opponent met in a game actually
//! played (byes and forfeits add 0). Sonneborn-Berger: over the same games, the player's result
//! in halves times the opponent's points in halves (in quarters: a win adds the opponent's
//! points, a draw half of them). Order: points, then in a Swiss Buchholz then Sonneborn-Berger,
//! in a round robin Sonneborn-Berger; then seed. Players share a rank only when points and the
//! format's tie-breaks all tie (1, 2, 2, 4). `played` counts finished games, forfeits included,
//! byes not. Games left: round robin, the player's games in the schedule of `total_rounds` rounds
//! not yet finished; Swiss, `total_rounds` minus the rounds with a finished game or a bye
//! (never below 0); a withdrawn player has none.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

use super::round_robin::{round_robin_round, round_robin_rounds};
use super::{Colour, Halves, Key, Pair, Played, Quarters, System, game_halves, pasts};

/// One player's row of the table, the player known as a `U`: a [`Key`] here, a user in the
/// service's [`Standings`](crate::tournament::Standings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing<U> {
    /// 1 for the best; players tied on points and every tie-break of the format share a rank.
    pub rank: u32,
    /// The player.
    pub user: U,
    /// Points, in halves (a win 2, a draw 1; a bye counts as a win).
    pub points: Halves,
    /// Buchholz (Swiss): the sum of the points of the opponents met in games actually played.
    pub buchholz: Halves,
    /// Sonneborn-Berger: over games actually played, the points of the opponents beaten plus
    /// half those of the opponents drawn, in quarters.
    pub sonneborn_berger: Quarters,
    /// Finished games, forfeits included, byes not.
    pub played: u32,
    /// Games still to play (0 once withdrawn).
    pub games_left: u32,
    /// Whether the player has withdrawn.
    pub withdrawn: bool,
}

impl<U> Standing<U> {
    /// The same row, its player known as `user(self.user)`.
    pub fn for_user<V>(self, user: impl FnOnce(U) -> V) -> Standing<V> {
        Standing {
            rank: self.rank,
            user: user(self.user),
            points: self.points,
            buchholz: self.buchholz,
            sonneborn_berger: self.sonneborn_berger,
            played: self.played,
            games_left: self.games_left,
            withdrawn: self.withdrawn,
        }
    }
}

/// The table: `players` in seed order with whether each has withdrawn, `history` every
/// [`Played`] so far, `total_rounds` the tournament's rounds. Rows come best first; a key listed
/// twice in `players` gets one row, at its first seed.
#[must_use]
pub fn standings(
    system: &System,
    players: &[(Key, bool)],
    history: &[Played],
    total_rounds: u32,
) -> Vec<Standing<Key>> {
    let mut seen = HashSet::new();
    let entries: Vec<(Key, bool)> = players
        .iter()
        .copied()
        .filter(|(key, _)| seen.insert(*key))
        .collect();
    let pasts = pasts(history);
    let points = |key: Key| pasts.get(&key).map_or(0, |past| past.points);
    let schedule_left = match system {
        System::RoundRobin { cycles } => {
            let keys: Vec<Key> = entries.iter().map(|(key, _)| *key).collect();
            round_robin_left(&keys, *cycles, history, total_rounds)
        }
        System::Swiss { .. } => HashMap::new(),
    };
    let mut rows: Vec<Standing<Key>> = entries
        .iter()
        .map(|&(player, withdrawn)| {
            let tally = tally(player, history, &points);
            let games_left = if withdrawn {
                0
            } else if let System::RoundRobin { .. } = system {
                schedule_left.get(&player).copied().unwrap_or(0)
            } else {
                total_rounds.saturating_sub(tally.rounds_scored)
            };
            Standing {
                rank: 0,
                user: player,
                points: Halves(points(player)),
                buchholz: Halves(tally.buchholz),
                sonneborn_berger: Quarters(tally.sonneborn_berger),
                played: tally.played,
                games_left,
                withdrawn,
            }
        })
        .collect();
    let order = |row: &Standing<Key>| {
        let buchholz = if system.uses_buchholz() {
            row.buchholz
        } else {
            Halves(0)
        };
        (row.points, buchholz, row.sonneborn_berger)
    };
    // Stable: full ties keep seed order.
    rows.sort_by_key(|row| Reverse(order(row)));
    let mut previous: Option<(u32, (Halves, Halves, Quarters))> = None;
    for (index, row) in rows.iter_mut().enumerate() {
        let key = order(row);
        let rank = match previous {
            Some((rank, before)) if before == key => rank,
            _ => u32::try_from(index + 1).unwrap_or(u32::MAX),
        };
        row.rank = rank;
        previous = Some((rank, key));
    }
    rows
}

/// What one player's history adds up to in the table.
struct Tally {
    buchholz: u32,
    sonneborn_berger: u32,
    played: u32,
    /// Rounds with a finished game or a bye.
    rounds_scored: u32,
}

fn tally(player: Key, history: &[Played], points: &impl Fn(Key) -> u32) -> Tally {
    let mut tally = Tally {
        buchholz: 0,
        sonneborn_berger: 0,
        played: 0,
        rounds_scored: 0,
    };
    let mut rounds = HashSet::new();
    for played in history {
        match played.pair {
            Pair::Bye(key) if key == player => {
                rounds.insert(played.round);
            }
            Pair::Game { white, black }
                if white != black && (white == player || black == player) =>
            {
                let Some(result) = played.result else {
                    continue;
                };
                let (opponent, colour) = if white == player {
                    (black, Colour::White)
                } else {
                    (white, Colour::Black)
                };
                tally.played = tally.played.saturating_add(1);
                rounds.insert(played.round);
                if !played.forfeit {
                    let theirs = points(opponent);
                    tally.buchholz = tally.buchholz.saturating_add(theirs);
                    tally.sonneborn_berger = tally
                        .sonneborn_berger
                        .saturating_add(game_halves(result, colour).saturating_mul(theirs));
                }
            }
            Pair::Bye(_) | Pair::Game { .. } => {}
        }
    }
    tally.rounds_scored = u32::try_from(rounds.len()).unwrap_or(u32::MAX);
    tally
}

/// Each player's unfinished games in the first `total_rounds` rounds of the round robin.
fn round_robin_left(
    keys: &[Key],
    cycles: u32,
    history: &[Played],
    total_rounds: u32,
) -> HashMap<Key, u32> {
    let unordered = |a: Key, b: Key| (a.min(b), a.max(b));
    let finished: HashSet<(u32, (Key, Key))> = history
        .iter()
        .filter_map(|played| match played.pair {
            Pair::Game { white, black } if played.result.is_some() => {
                Some((played.round, unordered(white, black)))
            }
            _ => None,
        })
        .collect();
    let last = total_rounds.min(round_robin_rounds(keys.len(), cycles));
    let mut left: HashMap<Key, u32> = HashMap::new();
    for round in 1..=last {
        for pair in round_robin_round(keys, cycles, round) {
            if let Pair::Game { white, black } = pair
                && !finished.contains(&(round, unordered(white, black)))
            {
                for key in [white, black] {
                    let count = left.entry(key).or_insert(0);
                    *count = count.saturating_add(1);
                }
            }
        }
    }
    left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::pairing::support::*;
    use crate::tournament::pairing::{GameResult, swiss_round};

    #[test]
    fn round_robin_of_four_breaks_ties_by_sonneborn_berger_and_shares_full_ties() {
        use GameResult::{BlackWon, Draw, WhiteWon};
        let (p1, p2, p3, p4) = (40, 30, 20, 10);
        let players = [p1, p2, p3, p4];
        let results = [[WhiteWon, Draw], [Draw, BlackWon], [Draw, BlackWon]];
        let mut history = Vec::new();
        for (round, results) in (1..).zip(&results) {
            history.extend(record(
                round,
                &round_robin_round(&players, 1, round),
                results,
            ));
        }
        // R1: P1-P4 1-0, P2-P3 draw; R2: P4-P3 draw, P1-P2 0-1; R3: P2-P4 draw, P3-P1 0-1.
        // player | pts | opponents (pts)  | Buchholz | SB (quarters)
        // P1     |  4  | +P4 2, -P2 4, +P3 2 | 8     | 2*2+0+2*2 = 8
        // P2     |  4  | =P3 2, +P1 4, =P4 2 | 8     | 1*2+2*4+1*2 = 12
        // P3     |  2  | =P2 4, =P4 2, -P1 4 | 10    | 1*4+1*2 = 6
        // P4     |  2  | -P1 4, =P3 2, =P2 4 | 10    | 1*2+1*4 = 6
        // P2 passes P1 on SB despite the seed; P3 and P4 tie on everything: both 3rd.
        let table = standings(
            &System::RoundRobin { cycles: 1 },
            &players.map(|k| (k, false)),
            &history,
            3,
        );
        assert_eq!(
            scores(&table),
            vec![
                (1, p2, 4, 8, 12),
                (2, p1, 4, 8, 8),
                (3, p3, 2, 10, 6),
                (3, p4, 2, 10, 6)
            ]
        );
        assert!(
            table
                .iter()
                .all(|row| row.played == 3 && row.games_left == 0)
        );
    }

    #[test]
    fn round_robin_games_left_skip_byes_finished_games_and_withdrawn_players() {
        let (p1, p2, p3) = (30, 20, 10);
        // R1: P1 bye, P2-P3 1-0; R2: P1-P2 not finished; R3 (P3-P1) not played yet.
        let mut history = record(
            1,
            &round_robin_round(&[p1, p2, p3], 1, 1),
            &[GameResult::WhiteWon],
        );
        history.extend(record(2, &[game(p1, p2)], &[]));
        let table = standings(
            &System::RoundRobin { cycles: 1 },
            &[(p1, false), (p2, false), (p3, true)],
            &history,
            3,
        );
        let rows: Vec<(u32, Key, u32, u32, u32, bool)> = table
            .iter()
            .map(|r| {
                (
                    r.rank,
                    r.user,
                    r.points.0,
                    r.played,
                    r.games_left,
                    r.withdrawn,
                )
            })
            .collect();
        // P1 and P2 tie on 2 points and SB 0 (P2 beat a player on 0): shared first.
        assert_eq!(
            rows,
            vec![
                (1, p1, 2, 0, 2, false),
                (1, p2, 2, 1, 1, false),
                (3, p3, 0, 1, 0, true)
            ]
        );
    }

    #[test]
    fn a_forfeit_scores_but_gives_no_colour_and_no_tie_break() {
        let history = vec![
            Played {
                round: 1,
                pair: game(A, B),
                result: Some(GameResult::WhiteWon),
                forfeit: true,
            },
            Played {
                round: 1,
                pair: game(C, D),
                result: Some(GameResult::WhiteWon),
                forfeit: false,
            },
        ];
        let players = [A, B, C, D];
        let table = standings(
            &System::Swiss { rounds: 3 },
            &players.map(|k| (k, false)),
            &history,
            3,
        );
        let a = table.iter().find(|row| row.user == A).copied();
        assert_eq!(
            a.map(|r| (
                r.points,
                r.buchholz,
                r.sonneborn_berger,
                r.played,
                r.games_left
            )),
            Some((Halves(2), Halves(0), Quarters(0), 1, 2))
        );
        // A, with no colour yet, gets White against C (one White); B gets Black against D.
        assert_eq!(
            swiss_round(&players, &history),
            Some(vec![game(A, C), game(D, B)])
        );
    }
}
