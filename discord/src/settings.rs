//! What the Discord adapter is started with: the token, where Discord is, how interactions
//! arrive, and what of the web face its boards link to.

use std::fmt;
use std::net::SocketAddr;

/// The bot token. Its `Debug` and `Display` never show it, so it cannot leak into logs.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The token `value`, as read from the environment or a file.
    #[must_use]
    pub fn new(value: String) -> Token {
        Token(value)
    }

    /// The secret itself, for handing to serenity and nothing else.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// The HTTP interactions endpoint: where it listens, and the key Discord's requests are
/// signed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// `DAMA_HTTP_ADDR`, e.g. `0.0.0.0:8080`.
    pub addr: SocketAddr,
    /// `DISCORD_PUBLIC_KEY`: the application's public key (64 hex digits, from the developer
    /// portal's General Information page).
    pub public_key: [u8; 32],
}

/// Everything the adapter needs to start (the binary reads it from the environment).
#[derive(Debug, Clone)]
pub struct Settings {
    /// The bot token.
    pub token: Token,
    /// A local stand-in for Discord to send REST and gateway traffic to (tests only; turns
    /// serenity's rate limiter off).
    pub api_base: Option<String>,
    /// The HTTP client REST requests go out with (serenity's rate limiter too); `None`: the
    /// one serenity builds, trusting the usual authorities. Not configuration a deployer sets: a program embedding the bot
    /// hands one in (the tests, one that trusts their own certificate authority and finds
    /// `discord.com` at their stand-in, so that production's path, rate limiter and all, runs
    /// against it).
    pub client: Option<reqwest::Client>,
    /// Register the commands in this server only (instant updates while developing).
    pub guild_id: Option<u64>,
    /// Receive interactions over HTTP here instead of the gateway.
    pub endpoint: Option<Endpoint>,
    /// Serve `/metrics`, `/healthz` and `/readyz` alone at this address.
    pub metrics_addr: Option<SocketAddr>,
    /// The web face's public URL, when it is on: boards link to their pages.
    pub web_url: Option<String>,
    /// The Activity is on: an "Open board" button under every board, and its entry point.
    pub activity: bool,
    /// Players sign in on the web face, and may play there.
    pub web_sign_in: bool,
}
