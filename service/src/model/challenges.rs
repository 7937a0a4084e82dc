//! Challenges, direct and open, and the options of a game about to start.

use dama_engine::Level;
use dama_rules::Rules;

use super::{ColourChoice, LiveClock, Player, TimeControl};
use crate::clock::Timestamp;
use crate::ids::{ChallengeId, GameId, Place, UserId};

/// The options of a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChallengeOptions {
    /// The challenger's colour.
    pub colour: ColourChoice,
    /// Time per move in a correspondence game (ignored when `live` is set).
    pub time_control: TimeControl,
    /// The live clock, for a live game: the game is played on it, and has no time per move.
    pub live: Option<LiveClock>,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// The rule set the game is played under.
    pub rules: Rules,
}

impl Default for ChallengeOptions {
    /// Random colours, one day per move (no live clock), rated, the standard rules.
    fn default() -> ChallengeOptions {
        ChallengeOptions {
            colour: ColourChoice::Random,
            time_control: TimeControl::Day,
            live: None,
            rated: true,
            rules: Rules::STANDARD,
        }
    }
}

/// Where a challenge stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted: the game started.
    Accepted(GameId),
    /// The challenged player said no.
    Declined,
    /// The challenger withdrew it.
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

/// The options of a game against the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EngineGame {
    /// How strong the computer plays.
    pub level: Level,
    /// The player's colour.
    pub colour: ColourChoice,
    /// The player's time per move (the computer has no clock) in a correspondence game.
    pub time_control: TimeControl,
    /// The live clock, for a live game (both sides, the computer included, play on it).
    pub live: Option<LiveClock>,
    /// The rule set the game is played under.
    pub rules: Rules,
}

/// A challenge, direct or open.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Challenge {
    /// Its id (for the adapter's buttons and the accept command).
    pub id: ChallengeId,
    /// Where it was made.
    pub place: Place,
    /// Who challenges.
    pub challenger: Player,
    /// Who is challenged; `None` for an open challenge anyone in the channel may take.
    pub challenged: Option<Player>,
    /// Colour, time per move, rated.
    pub options: ChallengeOptions,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// When it was made.
    pub created_at: Timestamp,
    /// When it lapses if nobody answers.
    pub expires_at: Timestamp,
    /// The finished game it asks a rematch of, if it does.
    pub rematch_of: Option<GameId>,
}

impl Challenge {
    /// Whether `viewer` may see (and answer) this challenge from `place`: its two people
    /// anywhere; others from its channel, or from anywhere on its server.
    #[must_use]
    pub fn visible_to(&self, viewer: UserId, place: Place) -> bool {
        self.challenger.id == viewer
            || self.challenged.as_ref().is_some_and(|p| p.id == viewer)
            || self.place.channel == place.channel
            || (self.place.guild.is_some() && self.place.guild == place.guild)
    }
}
