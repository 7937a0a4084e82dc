//! Correspondence tournaments: what one is, who plays in it, its pairings and its table.
//! [`pairing`] holds the pure rules (Berger tables, Swiss pairing, tie-breaks); the service
//! ([`GameService::create_tournament`](crate::service::GameService::create_tournament) and
//! the calls beside it) stores them and plays the rounds.

pub mod arena;
pub mod pairing;

use std::str::FromStr;

use dama_rules::{Color, Rules};

use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, TournamentId, UserId};
use crate::model::{ParseOptionError, TimeControl};
pub use pairing::{Halves, Quarters};

/// The fewest players a tournament starts with.
pub const MIN_PLAYERS: u32 = 2;
/// The most players a tournament may take.
pub const MAX_PLAYERS: u32 = 64;
/// Players a tournament takes unless its creator says otherwise.
pub const DEFAULT_MAX_PLAYERS: u32 = 16;
/// The longest name a tournament may have, in characters.
pub const MAX_NAME: usize = 100;

crate::named_choice! {
    /// How a tournament is paired, named by its option word (and stored value, with `_` for
    /// `-`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum Format {
        /// Every pair meets once (Berger tables).
        RoundRobin = "round-robin",
        /// Every pair meets twice, with colours swapped the second time.
        DoubleRoundRobin = "double-round-robin",
        /// Players with equal scores meet, no pair twice, for a set number of rounds. What a
        /// creator gets unless they choose otherwise.
        #[default]
        Swiss = "swiss",
    }
}

impl Format {
    /// How many times each pair meets in a round robin; `None` for a Swiss.
    #[must_use]
    pub const fn cycles(self) -> Option<u32> {
        match self {
            Format::RoundRobin => Some(1),
            Format::DoubleRoundRobin => Some(2),
            Format::Swiss => None,
        }
    }

    /// The rounds a tournament of this format over `players` plays when `asked` (Swiss
    /// only) are asked for: every pairing of a round robin; the rounds asked for (the default
    /// when none) in a Swiss, at most one fewer than the players (no pair meets twice).
    #[must_use]
    pub fn rounds(self, players: usize, asked: Option<u32>) -> u32 {
        match self.cycles() {
            Some(cycles) => pairing::round_robin_rounds(players, cycles),
            None => {
                let most = u32::try_from(players.saturating_sub(1)).unwrap_or(u32::MAX);
                asked
                    .unwrap_or_else(|| pairing::default_swiss_rounds(players))
                    .min(most)
            }
        }
    }

    /// The pairing system of this format over `rounds` rounds.
    pub(crate) const fn system(self, rounds: u32) -> pairing::System {
        match self.cycles() {
            Some(cycles) => pairing::System::RoundRobin { cycles },
            None => pairing::System::Swiss { rounds },
        }
    }
}

impl FromStr for Format {
    type Err = ParseOptionError;

    fn from_str(s: &str) -> Result<Format, ParseOptionError> {
        let s = s.trim().replace('_', "-");
        ParseOptionError::parse("tournament format", &s, Format::ALL, Format::name)
    }
}

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Taking players.
    Open,
    /// Its rounds are being played.
    Running,
    /// Its last round is over: the table is final.
    Finished,
    /// Called off by its creator or someone who manages the server.
    Cancelled,
}

impl Status {
    /// The stored value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Cancelled => "cancelled",
        }
    }

    /// The status a stored value names.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Status> {
        [
            Status::Open,
            Status::Running,
            Status::Finished,
            Status::Cancelled,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }
}

/// What the creator of a tournament chooses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Its name, as shown (1 to [`MAX_NAME`] characters).
    pub name: String,
    /// How it is paired.
    pub format: Format,
    /// Swiss: the rounds to play; `None` for the default (⌈log2 players⌉ + 1).
    pub rounds: Option<u32>,
    /// Time per move of its games.
    pub time_control: TimeControl,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// The most players it takes (2 to [`MAX_PLAYERS`]).
    pub max_players: u32,
    /// When it starts by itself; `None`: when its creator (or a manager) starts it.
    pub starts_at: Option<Timestamp>,
}

impl Options {
    /// A tournament named `name` of `format`, with the defaults: rated, one day per move,
    /// [`DEFAULT_MAX_PLAYERS`] players, started by hand.
    #[must_use]
    pub fn new(name: impl Into<String>, format: Format) -> Options {
        Options {
            name: name.into(),
            format,
            rounds: None,
            time_control: TimeControl::Day,
            rated: true,
            max_players: DEFAULT_MAX_PLAYERS,
            starts_at: None,
        }
    }
}

/// A tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// Its id.
    pub id: TournamentId,
    /// Its server.
    pub guild: GuildId,
    /// Where it was created: announcements, standings and game threads go there.
    pub channel: ChannelId,
    /// Who created it.
    pub creator: UserId,
    /// Its name.
    pub name: String,
    /// How it is paired.
    pub format: Format,
    /// The rounds it plays: as asked (or `None`, the default) until the start, fixed from then.
    pub rounds: Option<u32>,
    /// Time per move of its games.
    pub time_control: TimeControl,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// The rules its games are played under (the server's rule set when it was created).
    pub rules: Rules,
    /// The most players it takes.
    pub max_players: u32,
    /// When it starts by itself, if it does.
    pub starts_at: Option<Timestamp>,
    /// Where it stands.
    pub status: Status,
    /// The round being played (0 before the start; the last round once finished).
    pub round: u32,
    /// The standings message, once posted (a Discord message id).
    pub standings_message: Option<u64>,
    /// When it was created.
    pub created_at: Timestamp,
    /// Its players, in seed order (joining order before the start).
    pub entrants: Vec<Entrant>,
}

impl Tournament {
    /// The players still in it (not withdrawn), in seed order.
    pub fn active(&self) -> impl Iterator<Item = &Entrant> {
        self.entrants.iter().filter(|e| !e.withdrawn)
    }

    /// `user`'s entry, if they joined.
    #[must_use]
    pub fn entrant(&self, user: UserId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.user == user)
    }

    /// The name of `user` as the tournament shows it (their id when not an entrant).
    #[must_use]
    pub fn name_of(&self, user: UserId) -> String {
        self.entrant(user)
            .map_or_else(|| user.to_string(), |e| e.name.clone())
    }
}

/// A player of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// Who.
    pub user: UserId,
    /// Their name on the tournament's server.
    pub name: String,
    /// 1 for the first: joining order before the start, the seed from then on.
    pub seed: u32,
    /// Whether they withdrew after the start.
    pub withdrawn: bool,
}

/// One pairing of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1 within the round.
    pub board: u32,
    /// Who plays White (or has the bye).
    pub white: UserId,
    /// Who plays Black; `None` for a bye.
    pub black: Option<UserId>,
    /// The game played for it; `None` for a bye and a result given without play.
    pub game: Option<GameId>,
    /// The result once known: the winner, or `None` inside for a draw.
    pub result: Option<Option<Color>>,
    /// The result was given, not played (a withdrawn player's game).
    pub forfeit: bool,
}

impl Pairing {
    /// Whether it is a bye.
    #[must_use]
    pub const fn is_bye(&self) -> bool {
        self.black.is_none()
    }

    /// Whether it still waits for a result (a bye never does).
    #[must_use]
    pub const fn is_pending(&self) -> bool {
        self.black.is_some() && self.result.is_none()
    }

    /// Whether `user` plays in it.
    #[must_use]
    pub fn involves(&self, user: UserId) -> bool {
        self.white == user || self.black == Some(user)
    }

    /// The pure pairing rules' record of it.
    pub(crate) fn played(&self) -> pairing::Played {
        let pair = match self.black {
            Some(black) => pairing::Pair::Game {
                white: self.white.0,
                black: black.0,
            },
            None => pairing::Pair::Bye(self.white.0),
        };
        let result = self.result.map(|winner| match winner {
            Some(Color::White) => pairing::GameResult::WhiteWon,
            Some(Color::Black) => pairing::GameResult::BlackWon,
            None => pairing::GameResult::Draw,
        });
        pairing::Played {
            round: self.round,
            pair,
            result,
            forfeit: self.forfeit,
        }
    }
}

/// A tournament's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The tournament.
    pub tournament: Tournament,
    /// The rounds it plays in all.
    pub total_rounds: u32,
    /// Every pairing so far, by round and board.
    pub pairings: Vec<Pairing>,
    /// Best first.
    pub rows: Vec<Standing>,
}

impl Standings {
    /// The pairings of `round`.
    pub fn round(&self, round: u32) -> impl Iterator<Item = &Pairing> {
        self.pairings.iter().filter(move |p| p.round == round)
    }

    /// Whether the table breaks ties by Buchholz (a Swiss's does).
    #[must_use]
    pub const fn uses_buchholz(&self) -> bool {
        self.tournament
            .format
            .system(self.total_rounds)
            .uses_buchholz()
    }

    /// The players ranked first: the winners once it is over (several when tied on
    /// everything).
    pub fn leaders(&self) -> impl Iterator<Item = &Standing> {
        self.rows.iter().filter(|r| r.rank == 1)
    }
}

/// A line of a tournament's table.
pub type Standing = pairing::Standing<UserId>;
