//! What the web face asks of Discord through the bot's own connection: the application's id
//! (the OAuth2 client id). The Discord adapter implements [`Application`]; the web face has no
//! Discord client of its own beyond the OAuth2 exchange of signing in.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

/// The application's OAuth2 client secret (`DISCORD_CLIENT_SECRET`), which signs people in
/// on the web pages. Like the token, its `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct ClientSecret(String);

impl ClientSecret {
    /// The secret `value`, as read from the environment or a file.
    #[must_use]
    pub fn new(value: String) -> ClientSecret {
        ClientSecret(value)
    }

    /// The secret itself, for the token exchange and the session key, nothing else.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ClientSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ClientSecret(<redacted>)")
    }
}

/// A future the [`Application`] answers with.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, DiscordError>> + Send + 'a>>;

/// Discord could not answer (unreachable, or an error of its own), in words for the log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DiscordError(pub String);

/// The bot's application on Discord, as its own connection knows it.
pub trait Application: Send + Sync + 'static {
    /// The application's id, if known already (it is once the bot connected), without asking
    /// Discord.
    fn known_id(&self) -> Option<u64>;

    /// The application's id, asked of Discord when not known yet.
    fn id(&self) -> Answer<'_, u64>;
}
