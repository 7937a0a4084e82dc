//! Colours: the one a challenger asks for, and who plays each in a game.

use dama_rules::Color;

use super::Participant;
use crate::ids::UserId;

crate::named_choice! {
    #[parse_as("colour")]
    /// The colour a challenger asks to play, named by its option word; `ALL` lists them in
    /// the order a menu offers them.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum ColourChoice {
        /// The challenger plays White.
        White = "white",
        /// The challenger plays Black.
        Black = "black",
        /// Drawn by lot when the game starts (the default).
        #[default]
        Random = "random",
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
