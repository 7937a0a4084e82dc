//! The values the service takes and gives: players, time controls, colours, sides of a game,
//! settings. Plain data with no database or Discord type in it. The computer's strength is
//! the engine's own [`Level`].
//!
//! ```
//! use std::time::Duration;
//! use dama_service::model::{ColourChoice, Participant, TimeControl};
//! use dama_engine::Level;
//!
//! let tc: TimeControl = "3d".parse().unwrap();
//! assert_eq!(tc.per_move(), Some(Duration::from_secs(3 * 86_400)));
//! assert_eq!(TimeControl::default(), TimeControl::Day);
//! assert_eq!("random".parse::<ColourChoice>(), Ok(ColourChoice::Random));
//! assert_eq!(Participant::Engine(Level::MIN).engine(), Some(Level::MIN));
//! assert_eq!(Participant::Engine(Level::MIN).name(), "Computer (level 1)");
//! ```

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use dama_engine::Level;
use dama_rules::notation::Notation;
use dama_rules::{Color, Rules};
use thiserror::Error;

use crate::clock::Timestamp;
use crate::ids::{ChallengeId, GameId, Place, UserId};

/// A Discord user as the adapter saw them: their id and the name shown where they were seen
/// (their nickname on a server). Calls that take one also take the place, and keep the name
/// up to date in the store for that server (or DMs); players read back from the store carry
/// their name in the game's or challenge's place.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Player {
    /// The user.
    pub id: UserId,
    /// Their display name there.
    pub name: String,
}

impl Player {
    /// A player from an id and a display name.
    pub fn new(id: UserId, name: impl Into<String>) -> Player {
        Player {
            id,
            name: name.into(),
        }
    }
}

/// A value that is not one of the accepted words for an option.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {what} `{text}`")]
pub struct ParseOptionError {
    what: &'static str,
    text: String,
}

impl ParseOptionError {
    pub(crate) fn new(what: &'static str, text: &str) -> ParseOptionError {
        ParseOptionError {
            what,
            text: text.to_owned(),
        }
    }
}

/// Time per move in a correspondence game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No deadline.
    Unlimited,
    /// One hour per move.
    Hour,
    /// One day per move (the default).
    #[default]
    Day,
    /// Three days per move.
    ThreeDays,
    /// Seven days per move.
    Week,
}

impl TimeControl {
    /// Every time control, shortest first (`Unlimited` first).
    pub const ALL: [TimeControl; 5] = [
        TimeControl::Unlimited,
        TimeControl::Hour,
        TimeControl::Day,
        TimeControl::ThreeDays,
        TimeControl::Week,
    ];

    /// The time a player has for each move, `None` for no deadline.
    #[must_use]
    pub const fn per_move(self) -> Option<Duration> {
        match self.seconds() {
            Some(s) => Some(Duration::from_secs(s)),
            None => None,
        }
    }

    pub(crate) const fn seconds(self) -> Option<u64> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Hour => Some(3_600),
            TimeControl::Day => Some(86_400),
            TimeControl::ThreeDays => Some(3 * 86_400),
            TimeControl::Week => Some(7 * 86_400),
        }
    }

    /// The time control with `seconds` per move, if it is one of the offered ones.
    pub(crate) fn from_seconds(seconds: Option<u64>) -> Option<TimeControl> {
        TimeControl::ALL
            .into_iter()
            .find(|tc| tc.seconds() == seconds)
    }

    /// The option word: `none`, `1h`, `1d`, `3d` or `7d`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TimeControl::Unlimited => "none",
            TimeControl::Hour => "1h",
            TimeControl::Day => "1d",
            TimeControl::ThreeDays => "3d",
            TimeControl::Week => "7d",
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TimeControl {
    type Err = ParseOptionError;

    fn from_str(s: &str) -> Result<TimeControl, ParseOptionError> {
        TimeControl::ALL
            .into_iter()
            .find(|tc| tc.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOptionError::new("time control", s))
    }
}

/// The colour a challenger asks to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ColourChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Drawn by lot when the game starts (the default).
    #[default]
    Random,
}

impl ColourChoice {
    /// Every choice, in the order a menu offers them.
    pub const ALL: [ColourChoice; 3] = [
        ColourChoice::White,
        ColourChoice::Black,
        ColourChoice::Random,
    ];

    /// The option word: `white`, `black` or `random`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ColourChoice::White => "white",
            ColourChoice::Black => "black",
            ColourChoice::Random => "random",
        }
    }
}

impl fmt::Display for ColourChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ColourChoice {
    type Err = ParseOptionError;

    fn from_str(s: &str) -> Result<ColourChoice, ParseOptionError> {
        ColourChoice::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOptionError::new("colour", s))
    }
}

/// One side of a game: a Discord user, or the engine.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Participant {
    /// A person.
    Human(Player),
    /// The computer, at a level.
    Engine(Level),
}

impl Participant {
    /// The user, if a person plays this side.
    #[must_use]
    pub fn user(&self) -> Option<UserId> {
        match self {
            Participant::Human(p) => Some(p.id),
            Participant::Engine(_) => None,
        }
    }

    /// Whether `user` plays this side.
    #[must_use]
    pub fn is_user(&self, user: UserId) -> bool {
        self.user() == Some(user)
    }

    /// The engine's level, if the engine plays this side.
    #[must_use]
    pub fn engine(&self) -> Option<Level> {
        match self {
            Participant::Human(_) => None,
            Participant::Engine(level) => Some(*level),
        }
    }

    /// The side's name, unescaped: the person's display name, or "Computer (level N)".
    #[must_use]
    pub fn name(&self) -> Cow<'_, str> {
        match self {
            Participant::Human(player) => Cow::Borrowed(&player.name),
            Participant::Engine(level) => Cow::Owned(format!("Computer ({level})")),
        }
    }
}

/// Who plays each colour in a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Seats {
    /// Who plays White.
    pub white: Participant,
    /// Who plays Black.
    pub black: Participant,
}

impl Seats {
    /// `white` plays White and `black` Black.
    #[must_use]
    pub fn new(white: Participant, black: Participant) -> Seats {
        Seats { white, black }
    }

    /// Who plays `color`.
    #[must_use]
    pub fn participant(&self, color: Color) -> &Participant {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The colour `user` plays, if they play here.
    #[must_use]
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&c| self.participant(c).is_user(user))
    }

    /// The colour the computer plays, if it plays here.
    #[must_use]
    pub fn engine_color(&self) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&c| self.participant(c).engine().is_some())
    }

    /// Whether the computer plays here.
    #[must_use]
    pub fn against_engine(&self) -> bool {
        self.engine_color().is_some()
    }
}

/// Who performs an action on a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A Discord user.
    Player(UserId),
    /// The engine, in a game against the computer (the service plays its moves: see
    /// `GameService::play_computer_turn`).
    Engine,
}

/// How boards are drawn for a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// One-coloured board, as Dama is traditionally played (the default).
    #[default]
    Traditional,
    /// Alternating light and dark squares.
    Checkered,
}

impl Theme {
    /// Every theme, the default first.
    pub const ALL: [Theme; 2] = [Theme::Traditional, Theme::Checkered];

    /// The option word: `traditional` or `checkered`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Traditional => "traditional",
            Theme::Checkered => "checkered",
        }
    }
}

impl FromStr for Theme {
    type Err = ParseOptionError;

    fn from_str(s: &str) -> Result<Theme, ParseOptionError> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOptionError::new("theme", s))
    }
}

/// Where a player is told it is their turn (and reminded of their deadline).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Notify {
    /// The game's board pings them where the game is played (the default).
    #[default]
    Channel,
    /// A direct message with their own board and move menus; the public board does not ping
    /// them.
    Dm,
    /// Both: the ping where the game is played and the direct message.
    Both,
}

impl Notify {
    /// Every choice, the default first.
    pub const ALL: [Notify; 3] = [Notify::Channel, Notify::Dm, Notify::Both];

    /// The option word: `channel`, `dm` or `both`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notify::Channel => "channel",
            Notify::Dm => "dm",
            Notify::Both => "both",
        }
    }

    /// Whether their turns are told by direct message.
    #[must_use]
    pub const fn by_dm(self) -> bool {
        matches!(self, Notify::Dm | Notify::Both)
    }

    /// Whether the public board pings them.
    #[must_use]
    pub const fn in_channel(self) -> bool {
        matches!(self, Notify::Channel | Notify::Both)
    }
}

impl FromStr for Notify {
    type Err = ParseOptionError;

    fn from_str(s: &str) -> Result<Notify, ParseOptionError> {
        Notify::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOptionError::new("notify", s))
    }
}

/// A player's display and notice preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerSettings {
    /// How moves are written for them (algebraic by default).
    pub notation: Notation,
    /// How boards are drawn for them.
    pub theme: Theme,
    /// Whether boards of games they play as Black are drawn from Black's side (Black at the
    /// bottom). Off by default: White is at the bottom, as in RULES.md diagrams.
    pub flip: bool,
    /// Where they are told it is their turn.
    pub notify: Notify,
}

impl Default for PlayerSettings {
    fn default() -> PlayerSettings {
        PlayerSettings {
            notation: Notation::Algebraic,
            theme: Theme::Traditional,
            flip: false,
            notify: Notify::Channel,
        }
    }
}

/// A change to some of a player's settings; `None` keeps the current value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SettingsUpdate {
    /// New notation.
    pub notation: Option<Notation>,
    /// New theme.
    pub theme: Option<Theme>,
    /// New flip preference.
    pub flip: Option<bool>,
    /// New place for turn notices.
    pub notify: Option<Notify>,
}

impl SettingsUpdate {
    /// `settings` with this update applied.
    #[must_use]
    pub fn apply(self, settings: PlayerSettings) -> PlayerSettings {
        PlayerSettings {
            notation: self.notation.unwrap_or(settings.notation),
            theme: self.theme.unwrap_or(settings.theme),
            flip: self.flip.unwrap_or(settings.flip),
            notify: self.notify.unwrap_or(settings.notify),
        }
    }
}

/// The options of a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChallengeOptions {
    /// The challenger's colour.
    pub colour: ColourChoice,
    /// Time per move.
    pub time_control: TimeControl,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// The rule set the game is played under.
    pub rules: Rules,
}

impl Default for ChallengeOptions {
    /// Random colours, one day per move, rated, the standard rules.
    fn default() -> ChallengeOptions {
        ChallengeOptions {
            colour: ColourChoice::Random,
            time_control: TimeControl::Day,
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
    /// The player's time per move (the computer has no clock).
    pub time_control: TimeControl,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_round_trip_through_their_names_and_seconds() {
        for tc in TimeControl::ALL {
            assert_eq!(tc.name().parse::<TimeControl>(), Ok(tc));
            assert_eq!(TimeControl::from_seconds(tc.seconds()), Some(tc));
        }
        assert!("2d".parse::<TimeControl>().is_err());
        assert_eq!(TimeControl::from_seconds(Some(5)), None);
    }

    #[test]
    fn option_words_round_trip_ignoring_case_and_unknown_words_are_named() {
        for c in [
            ColourChoice::White,
            ColourChoice::Black,
            ColourChoice::Random,
        ] {
            assert_eq!(c.name().to_uppercase().parse::<ColourChoice>(), Ok(c));
        }
        for t in [Theme::Traditional, Theme::Checkered] {
            assert_eq!(format!(" {} ", t.name()).parse::<Theme>(), Ok(t));
        }
        let error = "purple".parse::<ColourChoice>().unwrap_err();
        assert_eq!(error.to_string(), "unknown colour `purple`");
        for junk in ["", " ", "1d1d", "\u{0}", "whitee", "ç"] {
            assert!(junk.parse::<TimeControl>().is_err());
            assert!(junk.parse::<Theme>().is_err());
        }
    }

    #[test]
    fn a_settings_update_changes_only_what_it_names() {
        let update = SettingsUpdate {
            theme: Some(Theme::Checkered),
            ..SettingsUpdate::default()
        };
        let changed = update.apply(PlayerSettings::default());
        assert_eq!(changed.theme, Theme::Checkered);
        assert_eq!(changed.notation, Notation::Algebraic);
        assert!(!changed.flip);
    }
}
