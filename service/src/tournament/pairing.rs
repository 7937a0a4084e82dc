//! Pairings and standings for correspondence tournaments: round robins (Berger tables) and
//! Swiss systems. Pure: keys and results in, pairings and tables out.
//!
//! # Rules
//!
//! **Scores** are whole numbers: points in halves ([`Halves`]: win 2, draw 1, loss 0),
//! Sonneborn-Berger in quarters ([`Quarters`]). A bye scores [`BYE_POINTS`] (a win). A forfeit
//! scores as its recorded result. An unfinished game counts nothing.
//!
//! **Round robin (Berger tables).** With an odd number of players a dummy is added as the last
//! seed; whoever meets it has the bye. With `n` seeds (now even), seed `n` stays put and the
//! others rotate. With `m = n - 1`, round `r` (1-based) has `top = ((r - 1) * (n / 2)) mod m + 1`;
//! board 1 is seed `n` against `top`, seed `n` being White in even rounds and Black in odd ones;
//! board `k + 1` (`k = 1 .. n/2 - 1`) has White `top + k` and Black `top - k`, wrapped into
//! `1 ..= m`. A cycle has `n - 1` rounds (odd count: `n`, one bye each round); each pair meets
//! once per cycle. The second cycle repeats the first with colours swapped. Over a cycle with an
//! even count, everyone has one colour once more than the other (seeds in the top half one more
//! White) and never the same colour three times running; with an odd count, everyone's colours
//! alternate game after game.
//!
//! **Swiss.** Players are ordered by points (highest first), then seed.
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
//!
//! **Standings.** Buchholz: the sum of the final points of every opponent met in a game actually
//! played (byes and forfeits add 0). Sonneborn-Berger: over the same games, the player's result
//! in halves times the opponent's points in halves (in quarters: a win adds the opponent's
//! points, a draw half of them). Order: points, then in a Swiss Buchholz then Sonneborn-Berger,
//! in a round robin Sonneborn-Berger; then seed. Players share a rank only when points and the
//! format's tie-breaks all tie (1, 2, 2, 4). `played` counts finished games, forfeits included,
//! byes not. Games left: round robin, the player's games in the schedule of `total_rounds` rounds
//! not yet finished; Swiss, `total_rounds` minus the rounds with a finished game or a bye
//! (never below 0); a withdrawn player has none.
//!
//! # Example
//!
//! ```
//! use dama_service::tournament::pairing::{round_robin_round, standings, Format, Halves, Pair, Played, Result};
//!
//! let players = [10, 20, 30, 40];
//! let first = round_robin_round(&players, 1, 1);
//! assert_eq!(
//!     first,
//!     vec![Pair::Game { white: 10, black: 40 }, Pair::Game { white: 20, black: 30 }]
//! );
//! let history: Vec<Played> = first
//!     .into_iter()
//!     .map(|pair| Played { round: 1, pair, result: Some(Result::WhiteWon), forfeit: false })
//!     .collect();
//! let entrants = players.map(|key| (key, false));
//! let table = standings(&Format::RoundRobin { cycles: 1 }, &entrants, &history, 3);
//! assert_eq!((table[0].player, table[0].points, table[0].games_left), (10, Halves(2), 2));
//! ```

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

/// A player in the tournament, identified by the caller's key (a Discord user id).
pub type Key = u64;

/// Half points: a win is 2, a draw 1, a loss 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Halves(pub u32);

/// Quarter points (Sonneborn-Berger).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Quarters(pub u32);

/// How a tournament is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Everyone meets everyone, `cycles` times (1 or 2).
    RoundRobin {
        /// How many times each pair meets.
        cycles: u32,
    },
    /// A Swiss system of `rounds` rounds.
    Swiss {
        /// The number of rounds.
        rounds: u32,
    },
}

/// One pairing of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pair {
    /// A game between two players.
    Game {
        /// The player with White.
        white: Key,
        /// The player with Black.
        black: Key,
    },
    /// The player sits the round out and scores [`BYE_POINTS`].
    Bye(Key),
}

/// How a game of a pairing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result {
    /// White won.
    WhiteWon,
    /// Black won.
    BlackWon,
    /// Drawn.
    Draw,
}

/// A pairing as recorded: the round, the pair, and its result when known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// The round (1-based).
    pub round: u32,
    /// Who met whom, or who had the bye.
    pub pair: Pair,
    /// The result; `None` while the game is not finished. Ignored for a bye.
    pub result: Option<Result>,
    /// Won by forfeit: no game was played (it scores, but gives no colour and no tie-break).
    pub forfeit: bool,
}

/// What a bye scores: a win.
pub const BYE_POINTS: Halves = Halves(2);

/// The most search steps one pairing attempt may take.
pub const STEP_BUDGET: u32 = 200_000;

/// The most search steps one call of [`swiss_round`] may take over all its attempts.
const TOTAL_BUDGET: u32 = 5 * STEP_BUDGET;

/// The most players [`swiss_round`] pairs; beyond it, it returns `None`.
pub const MAX_SWISS_PLAYERS: usize = 128;

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
    let records = records(history);
    let empty = Record::default();
    let round = history
        .iter()
        .map(|played| played.round)
        .max()
        .map_or(1, |last| last.saturating_add(1));
    let mut entrants: Vec<Entrant<'_>> = players
        .iter()
        .map(|&key| Entrant {
            key,
            record: records.get(&key).unwrap_or(&empty),
        })
        .collect();
    // Stable: equal points keep seed order.
    entrants.sort_by_key(|entrant| Reverse(entrant.record.points));
    let mut budget = TOTAL_BUDGET;
    if entrants.len().is_multiple_of(2) {
        return pair_with_fallback(&entrants, round, &mut budget);
    }
    let mut candidates: Vec<usize> = (0..entrants.len()).collect();
    candidates.sort_by_key(|&i| (entrants[i].record.byes, Reverse(i)));
    for candidate in candidates {
        let mut rest = entrants.clone();
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

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// 1-based; equal only if points and every tie-break of the format tie.
    pub rank: u32,
    /// The player.
    pub player: Key,
    /// Points in halves.
    pub points: Halves,
    /// Sum of the points of the opponents met in games actually played.
    pub buchholz: Halves,
    /// Sum over games actually played of result times the opponent's points, in quarters.
    pub sonneborn_berger: Quarters,
    /// Finished games, forfeits included, byes not.
    pub played: u32,
    /// Games still to play (0 once withdrawn).
    pub games_left: u32,
    /// Whether the player has withdrawn.
    pub withdrawn: bool,
}

/// The table: `players` in seed order with whether each has withdrawn, `history` every
/// [`Played`] so far, `total_rounds` the tournament's rounds. Rows come best first; a key listed
/// twice in `players` gets one row, at its first seed.
#[must_use]
pub fn standings(
    format: &Format,
    players: &[(Key, bool)],
    history: &[Played],
    total_rounds: u32,
) -> Vec<Standing> {
    let mut seen = HashSet::new();
    let entries: Vec<(Key, bool)> = players
        .iter()
        .copied()
        .filter(|(key, _)| seen.insert(*key))
        .collect();
    let records = records(history);
    let points = |key: Key| records.get(&key).map_or(0, |record| record.points);
    let schedule_left = match format {
        Format::RoundRobin { cycles } => {
            let keys: Vec<Key> = entries.iter().map(|(key, _)| *key).collect();
            round_robin_left(&keys, *cycles, history, total_rounds)
        }
        Format::Swiss { .. } => HashMap::new(),
    };
    let mut rows: Vec<Standing> = entries
        .iter()
        .map(|&(player, withdrawn)| {
            let tally = tally(player, history, &points);
            let games_left = if withdrawn {
                0
            } else if let Format::RoundRobin { .. } = format {
                schedule_left.get(&player).copied().unwrap_or(0)
            } else {
                total_rounds.saturating_sub(tally.rounds_scored)
            };
            Standing {
                rank: 0,
                player,
                points: Halves(points(player)),
                buchholz: Halves(tally.buchholz),
                sonneborn_berger: Quarters(tally.sonneborn_berger),
                played: tally.played,
                games_left,
                withdrawn,
            }
        })
        .collect();
    let order = |row: &Standing| match format {
        Format::Swiss { .. } => (row.points, row.buchholz, row.sonneborn_berger),
        Format::RoundRobin { .. } => (row.points, Halves(0), row.sonneborn_berger),
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

/// Colour of a player in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colour {
    White,
    Black,
}

impl Colour {
    /// What the colour adds to a player's balance (Whites minus Blacks).
    fn sign(self) -> i32 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }
}

/// Half points a player with `colour` scores from `result`.
fn game_halves(result: Result, colour: Colour) -> u32 {
    match (result, colour) {
        (Result::Draw, _) => 1,
        (Result::WhiteWon, Colour::White) | (Result::BlackWon, Colour::Black) => 2,
        (Result::WhiteWon | Result::BlackWon, _) => 0,
    }
}

/// What pairing needs to know about one player's past.
#[derive(Debug, Clone, Default)]
struct Record {
    /// Points in halves, finished results and byes.
    points: u32,
    byes: u32,
    /// Whites minus Blacks over games actually played.
    balance: i32,
    /// Colours of games actually played, in round order.
    colours: Vec<Colour>,
    /// Everyone ever paired against, forfeits included.
    opponents: HashSet<Key>,
}

/// Every key's record from `history` (in round order, whatever the order given).
fn records(history: &[Played]) -> HashMap<Key, Record> {
    let mut sorted: Vec<&Played> = history.iter().collect();
    sorted.sort_by_key(|played| played.round);
    let mut records: HashMap<Key, Record> = HashMap::new();
    for played in sorted {
        match played.pair {
            Pair::Bye(key) => {
                let record = records.entry(key).or_default();
                record.byes = record.byes.saturating_add(1);
                record.points = record.points.saturating_add(BYE_POINTS.0);
            }
            Pair::Game { white, black } if white != black => {
                for (me, opponent, colour) in
                    [(white, black, Colour::White), (black, white, Colour::Black)]
                {
                    let record = records.entry(me).or_default();
                    record.opponents.insert(opponent);
                    if !played.forfeit {
                        record.colours.push(colour);
                        record.balance = record.balance.saturating_add(colour.sign());
                    }
                    if let Some(result) = played.result {
                        record.points = record.points.saturating_add(game_halves(result, colour));
                    }
                }
            }
            Pair::Game { .. } => {}
        }
    }
    records
}

/// A player to pair, with their past.
#[derive(Debug, Clone, Copy)]
struct Entrant<'a> {
    key: Key,
    record: &'a Record,
}

/// Whether the higher-ordered `first` gets White against `second` (the module's colour rules).
fn first_gets_white(first: &Record, second: &Record, round: u32) -> bool {
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
fn colour_fits(record: &Record, colour: Colour) -> bool {
    let after = record.balance.saturating_add(colour.sign()).unsigned_abs();
    let balanced = after <= 1 || after < record.balance.unsigned_abs();
    balanced && !record.colours.ends_with(&[colour, colour])
}

/// Tries the hard colour limits first, then only "no repeats".
fn pair_with_fallback(entrants: &[Entrant<'_>], round: u32, budget: &mut u32) -> Option<Vec<Pair>> {
    for strict in [true, false] {
        let (pairs, used) = pair_all(entrants, round, strict, STEP_BUDGET.min(*budget));
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

/// Pairs an even number of `entrants` (already in order) and the steps it took.
fn pair_all(
    entrants: &[Entrant<'_>],
    round: u32,
    strict: bool,
    budget: u32,
) -> (Option<Vec<Pair>>, u32) {
    let count = entrants.len();
    if count % 2 == 1 || count > MAX_SWISS_PLAYERS {
        return (None, 0);
    }
    let points: Vec<u32> = entrants.iter().map(|e| e.record.points).collect();
    let mut white_first = vec![vec![false; count]; count];
    let mut allowed = vec![0u128; count];
    for (i, first) in entrants.iter().enumerate() {
        for (j, second) in entrants.iter().enumerate().skip(i + 1) {
            let first_white = first_gets_white(first.record, second.record, round);
            white_first[i][j] = first_white;
            let (white, black) = if first_white {
                (first, second)
            } else {
                (second, first)
            };
            let met = first.record.opponents.contains(&second.key)
                || second.record.opponents.contains(&first.key);
            let colours_ok = !strict
                || (colour_fits(white.record, Colour::White)
                    && colour_fits(black.record, Colour::Black));
            if !met && colours_ok {
                allowed[i] |= bit(j);
                allowed[j] |= bit(i);
            }
        }
    }
    let (mut need_white, mut need_black) = (0u128, 0u128);
    for (i, entrant) in entrants.iter().enumerate().filter(|_| strict) {
        let white = colour_fits(entrant.record, Colour::White);
        let black = colour_fits(entrant.record, Colour::Black);
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
                    white: entrants[white].key,
                    black: entrants[black].key,
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
    // `Result` is this module's game result, not the prelude's.
    use super::Result;
    use super::*;

    fn game(white: Key, black: Key) -> Pair {
        Pair::Game { white, black }
    }

    /// Records `pairs` as round `round`, giving the games `results` in board order.
    fn record(round: u32, pairs: &[Pair], results: &[Result]) -> Vec<Played> {
        let mut results = results.iter();
        pairs
            .iter()
            .map(|&pair| Played {
                round,
                pair,
                result: match pair {
                    Pair::Game { .. } => results.next().copied(),
                    Pair::Bye(_) => None,
                },
                forfeit: false,
            })
            .collect()
    }

    /// Every unordered pair that has met in `history`.
    fn met(history: &[Played]) -> HashSet<(Key, Key)> {
        history
            .iter()
            .filter_map(|played| match played.pair {
                Pair::Game { white, black } => Some((white.min(black), white.max(black))),
                Pair::Bye(_) => None,
            })
            .collect()
    }

    /// Asserts `round` seats each of `players` exactly once, at most one bye, and repeats no pair.
    fn assert_valid_round(players: &[Key], history: &[Played], round: &[Pair]) {
        let before = met(history);
        let mut seated = Vec::new();
        for pair in round {
            match *pair {
                Pair::Game { white, black } => {
                    assert!(
                        !before.contains(&(white.min(black), white.max(black))),
                        "{white} and {black} meet again"
                    );
                    seated.extend([white, black]);
                }
                Pair::Bye(player) => seated.push(player),
            }
        }
        seated.sort_unstable();
        let mut expected = players.to_vec();
        expected.sort_unstable();
        assert_eq!(seated, expected);
        let byes = round.iter().filter(|p| matches!(p, Pair::Bye(_))).count();
        assert_eq!(byes, players.len() % 2);
    }

    /// Each player's colours over the games actually played, in order.
    fn colour_sequences(history: &[Played]) -> HashMap<Key, Vec<Colour>> {
        let mut sequences: HashMap<Key, Vec<Colour>> = HashMap::new();
        for played in history {
            if let Pair::Game { white, black } = played.pair {
                sequences.entry(white).or_default().push(Colour::White);
                sequences.entry(black).or_default().push(Colour::Black);
            }
        }
        sequences
    }

    fn balance(colours: &[Colour]) -> i32 {
        colours.iter().map(|c| c.sign()).sum()
    }

    fn keys(count: u64) -> Vec<Key> {
        (1..=count).collect()
    }

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

    // Seeds 1..7; keys run the other way so that sorting by key instead of seed shows.
    const A: Key = 70;
    const B: Key = 60;
    const C: Key = 50;
    const D: Key = 40;
    const E: Key = 30;
    const F: Key = 20;
    const G: Key = 10;

    #[test]
    fn swiss_of_seven_over_three_rounds() {
        use Result::{BlackWon, Draw, WhiteWon};
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
            &Format::Swiss { rounds: 3 },
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
            &Format::Swiss { rounds: 3 },
            &players.map(|k| (k, false)),
            &history,
            3,
        );
        let rows: Vec<(u32, Key, u32, u32, u32, u32)> = table
            .iter()
            .map(|r| {
                (
                    r.rank,
                    r.player,
                    r.points.0,
                    r.buchholz.0,
                    r.sonneborn_berger.0,
                    r.played,
                )
            })
            .collect();
        assert_eq!(
            rows,
            vec![
                (1, A, 5, 11, 18, 3),
                (2, E, 4, 10, 12, 3),
                (3, G, 4, 8, 6, 2),
                (4, C, 3, 9, 7, 3),
                (5, D, 3, 9, 4, 2),
                (6, F, 3, 5, 3, 2),
                (7, B, 2, 10, 6, 3),
            ]
        );
        assert!(
            table
                .iter()
                .all(|row| row.games_left == 0 && !row.withdrawn)
        );
    }

    #[test]
    fn round_robin_of_four_breaks_ties_by_sonneborn_berger_and_shares_full_ties() {
        use Result::{BlackWon, Draw, WhiteWon};
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
            &Format::RoundRobin { cycles: 1 },
            &players.map(|k| (k, false)),
            &history,
            3,
        );
        let rows: Vec<(u32, Key, u32, u32, u32)> = table
            .iter()
            .map(|r| {
                (
                    r.rank,
                    r.player,
                    r.points.0,
                    r.buchholz.0,
                    r.sonneborn_berger.0,
                )
            })
            .collect();
        assert_eq!(
            rows,
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
            &[Result::WhiteWon],
        );
        history.extend(record(2, &[game(p1, p2)], &[]));
        let table = standings(
            &Format::RoundRobin { cycles: 1 },
            &[(p1, false), (p2, false), (p3, true)],
            &history,
            3,
        );
        let rows: Vec<(u32, Key, u32, u32, u32, bool)> = table
            .iter()
            .map(|r| {
                (
                    r.rank,
                    r.player,
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
                result: Some(Result::WhiteWon),
                forfeit: true,
            },
            Played {
                round: 1,
                pair: game(C, D),
                result: Some(Result::WhiteWon),
                forfeit: false,
            },
        ];
        let players = [A, B, C, D];
        let table = standings(
            &Format::Swiss { rounds: 3 },
            &players.map(|k| (k, false)),
            &history,
            3,
        );
        let a = table.iter().find(|row| row.player == A).copied();
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
                &[Result::WhiteWon, Result::Draw, Result::BlackWon],
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
        let table = standings(&Format::Swiss { rounds: 5 }, &entrants, &history, 5);
        for row in table {
            assert_eq!(row.games_left, u32::from(row.player != 2), "{row:?}");
        }
    }

    #[test]
    fn swiss_round_is_none_once_every_pair_has_met() {
        let players = [1, 2, 3, 4];
        let mut history = Vec::new();
        for round in 1..=3 {
            let pairs = round_robin_round(&players, 1, round);
            history.extend(record(round, &pairs, &[Result::Draw, Result::WhiteWon]));
        }
        assert_eq!(swiss_round(&players, &history), None);
        // With an odd count, every choice of bye leaves four who have all met.
        history.extend(record(1, &[game(5, 6)], &[Result::Draw]));
        assert_eq!(swiss_round(&[1, 2, 3, 4, 5], &history), None);
    }

    #[test]
    fn swiss_relaxes_colours_when_no_pairing_keeps_them() {
        // Both had White against players now withdrawn; one of them must take White again.
        let history = record(
            1,
            &[game(A, 90), game(B, 80)],
            &[Result::WhiteWon, Result::Draw],
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
                result: Some(Result::BlackWon),
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
        assert_eq!(standings(&Format::Swiss { rounds: 0 }, &[], &[], 0), vec![]);
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
            history.extend(record(round, &[game(white, black)], &[Result::Draw]));
        }
        let pairs = swiss_round(&players, &history).unwrap_or_default();
        assert_valid_round(&players, &history, &pairs);
        assert_eq!(pairs.last(), Some(&Pair::Bye(31)));
    }

    /// A fixed stream of results for long simulations.
    fn results(seed: &mut u64, count: usize) -> Vec<Result> {
        (0..count)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                match (*seed >> 33) % 3 {
                    0 => Result::WhiteWon,
                    1 => Result::BlackWon,
                    _ => Result::Draw,
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
