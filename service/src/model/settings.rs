//! A player's preferences: notation, board theme, orientation, where turns are told.

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
    /// Whether boards of games they play as Black are drawn from Black's side (Black at the
    /// bottom). Off by default: White is at the bottom, as in the diagrams of
    /// docs/rules.md#board-and-coordinates.
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
        assert!(!changed.flip);
    }
}
