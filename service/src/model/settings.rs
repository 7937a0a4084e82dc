//! A player's preferences: notation, board theme, orientation, where turns are told.

use std::str::FromStr;

use dama_rules::notation::Notation;

use super::ParseOptionError;

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
