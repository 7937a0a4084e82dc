//! Typed ids: Discord snowflakes for users, guilds and channels, and the service's own row ids
//! for games and challenges. The service never sees a Discord library type; the adapter
//! converts at the edge.
//!
//! ```
//! use dama_service::ids::{GameId, UserId};
//!
//! let user = UserId(80351110224678912);
//! assert_eq!(user.to_string(), "80351110224678912");
//! assert_eq!("12".parse::<GameId>(), Ok(GameId(12)));
//! ```

use std::fmt;
use std::num::ParseIntError;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = ParseIntError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }
    };
}

id_type!(
    /// A Discord user (snowflake).
    UserId(u64)
);
id_type!(
    /// A Discord guild (server), the scope of ratings and leaderboards.
    GuildId(u64)
);
id_type!(
    /// A Discord channel: a text channel, a thread or a DM.
    ChannelId(u64)
);
id_type!(
    /// A game, as numbered by the store.
    GameId(i64)
);
id_type!(
    /// A challenge, as numbered by the store.
    ChallengeId(i64)
);
id_type!(
    /// A tournament, as numbered by the store.
    TournamentId(i64)
);

/// Where something happens: a guild's channel, or a DM (no guild).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    /// The guild, or `None` in a DM (ratings then use the global scope).
    pub guild: Option<GuildId>,
    /// The channel.
    pub channel: ChannelId,
}
