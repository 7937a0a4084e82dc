//! Who plays and acts: a Discord user, the computer, either side of a game.

use std::borrow::Cow;

use dama_engine::Level;

use crate::ids::UserId;

/// A Discord user as the adapter saw them: their id, the name shown where they were seen
/// (their nickname on a server), and their name outside any server. Calls that take one also
/// take the place, and keep the names up to date in the store: the name for that server (or
/// DMs), and the global name; players read back from the store carry their name in the game's
/// or challenge's place, and no global name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Player {
    /// The user.
    pub id: UserId,
    /// Their display name there.
    pub name: String,
    /// Their name outside any server (Discord's global display name, else their username),
    /// when known: a server where they were never seen shows it, never another server's
    /// nickname. `None` leaves the stored one as it is; in DMs, where [`name`](Self::name) is
    /// the global name, it stands for it.
    pub global_name: Option<String>,
}

impl Player {
    /// A player from an id and a display name, without a global name.
    pub fn new(id: UserId, name: impl Into<String>) -> Player {
        Player {
            id,
            name: name.into(),
            global_name: None,
        }
    }

    /// The same player with `global_name` as their name outside any server.
    #[must_use]
    pub fn with_global_name(self, global_name: impl Into<String>) -> Player {
        Player {
            global_name: Some(global_name.into()),
            ..self
        }
    }

    /// The name to keep as the player's global name when they are seen in `guild` (`None`:
    /// DMs): the global name when known, else the name seen in DMs, else none.
    pub(crate) fn global_name_seen_in(&self, guild: Option<crate::ids::GuildId>) -> Option<&str> {
        self.global_name
            .as_deref()
            .or_else(|| guild.is_none().then_some(self.name.as_str()))
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

/// Who performs an action on a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A Discord user.
    Player(UserId),
    /// The engine, in a game against the computer (the service plays its moves: see
    /// `GameService::play_computer_turn`).
    Engine,
}
