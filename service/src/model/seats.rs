//! Colours: the one a challenger asks for, and who plays each in a game.

use std::fmt;
use std::str::FromStr;

use dama_rules::Color;

use super::{ParseOptionError, Participant};
use crate::ids::UserId;

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
