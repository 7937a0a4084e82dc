//! Pairings and standings for correspondence tournaments: round robins (Berger tables), Swiss
//! systems, and the table with its tie-breaks, each in its own file. Pure: keys and results in,
//! pairings and tables out.
//!
//! **Scores** are whole numbers: points in halves ([`Halves`]: win 2, draw 1, loss 0),
//! Sonneborn-Berger in quarters ([`Quarters`]). A bye scores [`BYE_POINTS`] (a win). A forfeit
//! scores as its recorded result. An unfinished game counts nothing.
//!
//! # Example
//!
//! ```
//! use dama_service::tournament::pairing::{round_robin_round, standings, GameResult, Halves, Pair, Played, System};
//!
//! let players = [10, 20, 30, 40];
//! let first = round_robin_round(&players, 1, 1);
//! assert_eq!(
//!     first,
//!     vec![Pair::Game { white: 10, black: 40 }, Pair::Game { white: 20, black: 30 }]
//! );
//! let history: Vec<Played> = first
//!     .into_iter()
//!     .map(|pair| Played { round: 1, pair, result: Some(GameResult::WhiteWon), forfeit: false })
//!     .collect();
//! let entrants = players.map(|key| (key, false));
//! let table = standings(&System::RoundRobin { cycles: 1 }, &entrants, &history, 3);
//! assert_eq!((table[0].user, table[0].points, table[0].games_left), (10, Halves(2), 2));
//! ```

mod round_robin;
mod standings;
mod swiss;

use std::collections::{HashMap, HashSet};

pub use round_robin::{round_robin_round, round_robin_rounds};
pub use standings::{Standing, standings};
pub use swiss::{MAX_SWISS_PLAYERS, STEP_BUDGET, default_swiss_rounds, swiss_round};

/// A player in the tournament, identified by the caller's key (a Discord user id).
pub type Key = u64;

/// Half points: a win is 2, a draw 1, a loss 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Halves(pub u32);

/// Quarter points (Sonneborn-Berger).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Quarters(pub u32);

/// The pairing system of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
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

impl System {
    /// Whether its table breaks ties by Buchholz (before Sonneborn-Berger): a Swiss's does.
    #[must_use]
    pub const fn uses_buchholz(&self) -> bool {
        matches!(self, System::Swiss { .. })
    }
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

/// How the game of a pairing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
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
    pub result: Option<GameResult>,
    /// Won by forfeit: no game was played (it scores, but gives no colour and no tie-break).
    pub forfeit: bool,
}

/// What a bye scores: a win.
pub const BYE_POINTS: Halves = Halves(2);

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
fn game_halves(result: GameResult, colour: Colour) -> u32 {
    match (result, colour) {
        (GameResult::Draw, _) => 1,
        (GameResult::WhiteWon, Colour::White) | (GameResult::BlackWon, Colour::Black) => 2,
        (GameResult::WhiteWon | GameResult::BlackWon, _) => 0,
    }
}

/// What pairing needs to know about one player's past.
#[derive(Debug, Clone, Default)]
struct Past {
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

/// Every key's past from `history` (in round order, whatever the order given).
fn pasts(history: &[Played]) -> HashMap<Key, Past> {
    let mut sorted: Vec<&Played> = history.iter().collect();
    sorted.sort_by_key(|played| played.round);
    let mut pasts: HashMap<Key, Past> = HashMap::new();
    for played in sorted {
        match played.pair {
            Pair::Bye(key) => {
                let past = pasts.entry(key).or_default();
                past.byes = past.byes.saturating_add(1);
                past.points = past.points.saturating_add(BYE_POINTS.0);
            }
            Pair::Game { white, black } if white != black => {
                for (me, opponent, colour) in
                    [(white, black, Colour::White), (black, white, Colour::Black)]
                {
                    let past = pasts.entry(me).or_default();
                    past.opponents.insert(opponent);
                    if !played.forfeit {
                        past.colours.push(colour);
                        past.balance = past.balance.saturating_add(colour.sign());
                    }
                    if let Some(result) = played.result {
                        past.points = past.points.saturating_add(game_halves(result, colour));
                    }
                }
            }
            Pair::Game { .. } => {}
        }
    }
    pasts
}

/// What the tests of the pairing rules share.
#[cfg(test)]
mod support {
    use std::collections::{HashMap, HashSet};

    use super::{Colour, GameResult, Key, Pair, Played, Standing};

    pub(super) fn game(white: Key, black: Key) -> Pair {
        Pair::Game { white, black }
    }

    /// Records `pairs` as round `round`, giving the games `results` in board order.
    pub(super) fn record(round: u32, pairs: &[Pair], results: &[GameResult]) -> Vec<Played> {
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
    pub(super) fn met(history: &[Played]) -> HashSet<(Key, Key)> {
        history
            .iter()
            .filter_map(|played| match played.pair {
                Pair::Game { white, black } => Some((white.min(black), white.max(black))),
                Pair::Bye(_) => None,
            })
            .collect()
    }

    /// Asserts `round` seats each of `players` exactly once, at most one bye, and repeats no pair.
    pub(super) fn assert_valid_round(players: &[Key], history: &[Played], round: &[Pair]) {
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
    pub(super) fn colour_sequences(history: &[Played]) -> HashMap<Key, Vec<Colour>> {
        let mut sequences: HashMap<Key, Vec<Colour>> = HashMap::new();
        for played in history {
            if let Pair::Game { white, black } = played.pair {
                sequences.entry(white).or_default().push(Colour::White);
                sequences.entry(black).or_default().push(Colour::Black);
            }
        }
        sequences
    }

    pub(super) fn balance(colours: &[Colour]) -> i32 {
        colours.iter().map(|c| c.sign()).sum()
    }

    pub(super) fn keys(count: u64) -> Vec<Key> {
        (1..=count).collect()
    }

    // Seeds 1..7; keys run the other way so that sorting by key instead of seed shows.
    pub(super) const A: Key = 70;
    pub(super) const B: Key = 60;
    pub(super) const C: Key = 50;
    pub(super) const D: Key = 40;
    pub(super) const E: Key = 30;
    pub(super) const F: Key = 20;
    pub(super) const G: Key = 10;

    /// Each row's rank, player, points, Buchholz and Sonneborn-Berger, in table order.
    pub(super) fn scores(table: &[Standing<Key>]) -> Vec<(u32, Key, u32, u32, u32)> {
        table
            .iter()
            .map(|r| {
                (
                    r.rank,
                    r.user,
                    r.points.0,
                    r.buchholz.0,
                    r.sonneborn_berger.0,
                )
            })
            .collect()
    }
}
