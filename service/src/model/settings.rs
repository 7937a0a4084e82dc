//! A player's preferences: notation, board theme, orientation, where turns are told.
//!
//! Which side of the board is drawn at the bottom is one rule for every face
//! ([`PlayerSettings::bottom`]): a player sees their own side there unless they chose White
//! always; a spectator sees White there.
//!
//! ```
//! use dama_rules::Color;
//! use dama_service::model::PlayerSettings;
//!
//! let chose_nothing = PlayerSettings::default();
//! assert_eq!(chose_nothing.bottom(Some(Color::Black)), Color::Black);
//! let white_always = PlayerSettings { white_below: true, ..PlayerSettings::default() };
//! assert_eq!(white_always.bottom(Some(Color::Black)), Color::White);
//! assert_eq!(chose_nothing.bottom(None), Color::White, "a spectator");
//! ```

use dama_rules::Color;
use dama_rules::notation::Notation;

crate::named_choice! {
    #[parse_as("theme")]
    /// How boards are drawn for a player, named by its option word, the default first. The
    /// adapter draws each in the render crate's colours for it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum Theme {
        /// One-coloured board, as Dama is traditionally played (the default).
        #[default]
        Traditional = "traditional",
        /// Alternating light and dark squares.
        Checkered = "checkered",
    }
}

crate::named_choice! {
    #[parse_as("notify")]
    /// Where a player is told it is their turn (and reminded of their deadline), named by its
    /// option word, the default first.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum Notify {
        /// The game's board pings them where the game is played (the default).
        #[default]
        Channel = "channel",
        /// A direct message with their own board and move menus; the public board does not
        /// ping them.
        Dm = "dm",
        /// Both: the ping where the game is played and the direct message.
        Both = "both",
    }
}

impl Notify {
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

/// A player's display and notice preferences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerSettings {
    /// How moves are written for them (algebraic by default).
    pub notation: Notation,
    /// How boards are drawn for them.
    pub theme: Theme,
    /// Whether boards of games they play are drawn with White at the bottom whichever side
    /// they play, as in the diagrams of docs/rules.md#board-and-coordinates. Off by default:
    /// they see their own side at the bottom (see [`bottom`](Self::bottom)).
    pub white_below: bool,
    /// Where they are told it is their turn.
    pub notify: Notify,
}

impl Default for PlayerSettings {
    fn default() -> PlayerSettings {
        PlayerSettings {
            notation: Notation::Algebraic,
            theme: Theme::Traditional,
            white_below: false,
            notify: Notify::Channel,
        }
    }
}

impl PlayerSettings {
    /// The side drawn at the bottom of a board for someone with these settings who plays
    /// `side` in the game (`None`: a spectator, or someone not signed in). A player sees their
    /// own side at the bottom unless they chose [`white_below`](Self::white_below); a
    /// spectator sees White at the bottom, whatever their settings. Every face draws every
    /// board by this rule (see also `GameService::orientation`, which reads the settings).
    #[must_use]
    pub fn bottom(&self, side: Option<Color>) -> Color {
        match side {
            Some(side) if !self.white_below => side,
            _ => Color::White,
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
    /// Whether White is always at the bottom of their boards.
    pub white_below: Option<bool>,
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
            white_below: self.white_below.unwrap_or(settings.white_below),
            notify: self.notify.unwrap_or(settings.notify),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settings_update_changes_only_what_it_names() {
        let update = SettingsUpdate {
            theme: Some(Theme::Checkered),
            ..SettingsUpdate::default()
        };
        let changed = update.apply(PlayerSettings::default());
        assert_eq!(changed.theme, Theme::Checkered);
        assert_eq!(changed.notation, Notation::Algebraic);
        assert!(!changed.white_below);
    }

    #[test]
    fn players_see_their_own_side_at_the_bottom_unless_they_chose_white_and_spectators_white() {
        let own = PlayerSettings::default();
        let white = PlayerSettings {
            white_below: true,
            ..PlayerSettings::default()
        };
        assert_eq!(own.bottom(Some(Color::Black)), Color::Black);
        assert_eq!(white.bottom(Some(Color::Black)), Color::White);
        assert_eq!(own.bottom(Some(Color::White)), Color::White);
        assert_eq!(white.bottom(Some(Color::White)), Color::White);
        assert_eq!(own.bottom(None), Color::White);
        assert_eq!(white.bottom(None), Color::White);
    }
}
