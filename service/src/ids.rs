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
id_type!(
    /// An arena tournament, as numbered by the store.
    ArenaId(i64)
);
id_type!(
    /// A puzzle, as numbered by the store.
    PuzzleId(i64)
);

/// Where something happens: a guild's channel, or a DM (no guild).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    /// The guild, or `None` in a DM (ratings then use the global scope).
    pub guild: Option<GuildId>,
    /// The channel.
    pub channel: ChannelId,
}

/// The secret part of a game's web link (`/game/{token}`): 128 bits from the operating system's
/// random source, written as 22 URL-safe base64 characters. A game's number never opens its
/// page; only this does. Its `Debug` shows it (it is no password: anyone given the link may
/// watch), but logs name games by number.
///
/// ```
/// use dama_service::ids::WebToken;
///
/// let token = WebToken::generate().expect("the OS has randomness");
/// assert_eq!(token.as_str().len(), 22);
/// assert_eq!(token.as_str().parse::<WebToken>(), Ok(token.clone()));
/// assert!("12".parse::<WebToken>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WebToken(String);

/// Text that is not a web token (the wrong length, or a character outside URL-safe base64).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not a game link's token")]
pub struct ParseWebTokenError;

impl WebToken {
    /// The length of a token's text: 16 bytes in base64 without padding.
    pub const LEN: usize = 22;

    /// A new token from the operating system's random source.
    ///
    /// # Errors
    /// When the operating system gives no randomness (the caller leaves the game without a
    /// token; one is made when its link is first asked for).
    pub fn generate() -> Result<WebToken, getrandom::Error> {
        let mut bytes = [0_u8; 16];
        getrandom::fill(&mut bytes)?;
        Ok(WebToken(base64_url(&bytes)))
    }

    /// The token as it appears in links.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for WebToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for WebToken {
    type Err = ParseWebTokenError;

    fn from_str(s: &str) -> Result<WebToken, ParseWebTokenError> {
        let url_safe = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
        if s.len() == WebToken::LEN && s.bytes().all(url_safe) {
            Ok(WebToken(s.to_owned()))
        } else {
            Err(ParseWebTokenError)
        }
    }
}

/// `bytes` in URL-safe base64 without padding (RFC 4648, section 5).
fn base64_url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0_u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_url_matches_the_rfc_vectors_without_padding() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64_url(input.as_bytes()), expected);
        }
        assert_eq!(base64_url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn tokens_differ_and_only_their_shape_parses() {
        let (a, b) = (WebToken::generate().unwrap(), WebToken::generate().unwrap());
        assert_ne!(a, b);
        assert_eq!(a.as_str().parse::<WebToken>(), Ok(a));
        for bad in [
            "",
            "1",
            "aaaaaaaaaaaaaaaaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaaa",
            "aaaaaaaaaa/aaaaaaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaé",
        ] {
            assert_eq!(bad.parse::<WebToken>(), Err(ParseWebTokenError), "{bad:?}");
        }
    }
}
