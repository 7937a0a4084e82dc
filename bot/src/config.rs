//! Configuration from the environment (and a `.env` file, if present). This is the only place
//! the bot reads environment variables.

use std::fmt;
use std::net::SocketAddr;

use dama_service::DEFAULT_DATABASE_URL;

pub use dama_discord::{Endpoint, Token};
pub use dama_web::{ClientSecret, TrustedProxies};

/// Where the database is: a SQLite file or a PostgreSQL server's URL, whose password its
/// `Debug` and `Display` never show (`postgres://dama:<redacted>@db/dama`), so that the URL
/// can be logged.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(String);

impl DatabaseUrl {
    /// The URL itself, for connecting and nothing else.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The URL with its password (in the user part, or a `password=` parameter) replaced.
    fn redacted(&self) -> String {
        const HIDDEN: &str = "<redacted>";
        let url = self.0.as_str();
        let mut shown = String::with_capacity(url.len());
        let rest = match url.split_once("://") {
            Some((scheme, rest)) => {
                shown.push_str(scheme);
                shown.push_str("://");
                rest
            }
            None => url,
        };
        let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(authority_end);
        match authority.rsplit_once('@') {
            Some((user, host)) => {
                match user.split_once(':') {
                    Some((name, _)) => {
                        shown.push_str(name);
                        shown.push(':');
                        shown.push_str(HIDDEN);
                    }
                    None => shown.push_str(user),
                }
                shown.push('@');
                shown.push_str(host);
            }
            None => shown.push_str(authority),
        }
        match tail.split_once('?') {
            Some((path, query)) => {
                shown.push_str(path);
                shown.push('?');
                let parameters: Vec<String> = query
                    .split('&')
                    .map(|p| match p.split_once('=') {
                        Some((key, _)) if key.eq_ignore_ascii_case("password") => {
                            format!("{key}={HIDDEN}")
                        }
                        _ => p.to_owned(),
                    })
                    .collect();
                shown.push_str(&parameters.join("&"));
            }
            None => shown.push_str(tail),
        }
        shown
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DatabaseUrl({})", self.redacted())
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// Everything the bot needs to start.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DISCORD_TOKEN`: the bot token from the Discord developer portal; or
    /// `DISCORD_TOKEN_FILE`, a file holding it (a container's secret).
    pub token: Token,
    /// `DATABASE_URL`: a SQLite file (`sqlite://path`, `sqlite:path` or a plain path) or a
    /// PostgreSQL server (`postgres://…`); default [`DEFAULT_DATABASE_URL`].
    pub database_url: DatabaseUrl,
    /// `DISCORD_GUILD_ID`: register the commands in this server only (instant updates while
    /// developing) instead of globally.
    pub guild_id: Option<u64>,
    /// `DISCORD_API_BASE`: send REST and gateway traffic to a local stand-in for Discord
    /// (tests only; turns serenity's rate limiter off, see docs/running.md).
    pub api_base: Option<String>,
    /// `RUST_LOG`: which log lines to show, as a `tracing` filter (`info` when unset).
    pub log_filter: Option<String>,
    /// `DAMA_ENDGAME_PIECES`: endgame tables for positions of up to this many pieces, 0 to 4
    /// (default 4; 0: none). Up to 3 pieces they are built in memory at start (under a
    /// second); 4 pieces are read from [`endgame_tables`](Self::endgame_tables), built there
    /// on the first start (about 70 s of one core, in the background; 40 MB).
    pub endgame_pieces: u32,
    /// `DAMA_ENDGAME_TABLES`: the file the endgame tables are kept in (default
    /// `dama-tables.bin` in the working directory).
    pub endgame_tables: String,
    /// `DISCORD_PUBLIC_KEY` and `DAMA_HTTP_ADDR`, set together: receive interactions over
    /// HTTP at this address (Discord's Interactions Endpoint URL) instead of the gateway.
    pub endpoint: Option<Endpoint>,
    /// `DAMA_METRICS_ADDR`, e.g. `127.0.0.1:9464`: serve `/metrics`, `/healthz` and `/readyz`
    /// at this address, and nowhere else (the public listeners answer `/healthz` alone).
    pub metrics_addr: Option<SocketAddr>,
    /// `DAMA_WEB_ADDR` and `DAMA_PUBLIC_URL`, set together: serve the games' web pages.
    pub web: Option<Web>,
    /// Not read from the environment: the HTTP client for Discord's REST API, for a program
    /// embedding the bot to hand in (see [`dama_discord::Settings::client`]); `None` in the
    /// binary.
    pub discord_client: Option<reqwest::Client>,
}

impl Config {
    /// What the Discord face is started with.
    #[must_use]
    pub fn discord(&self) -> dama_discord::Settings {
        dama_discord::Settings {
            token: self.token.clone(),
            api_base: self.api_base.clone(),
            client: self.discord_client.clone(),
            guild_id: self.guild_id,
            endpoint: self.endpoint.clone(),
            metrics_addr: self.metrics_addr,
            web_url: self.web.as_ref().map(|w| w.public_url.clone()),
            activity: self.web.as_ref().is_some_and(|w| w.activity),
            web_sign_in: self.web.as_ref().is_some_and(|w| w.client_secret.is_some()),
        }
    }
}

/// The web pages of the games (see the `dama-web` crate): where they are served, and the address
/// the links point at (a reverse proxy's, with TLS, in front of the listening address).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Web {
    /// `DAMA_WEB_ADDR`, e.g. `127.0.0.1:8081` (port 0: any free port).
    pub addr: SocketAddr,
    /// `DAMA_PUBLIC_URL`, e.g. `https://dama.example.org`, without a trailing slash: links are
    /// this followed by `/game/{token}`.
    pub public_url: String,
    /// `DISCORD_CLIENT_SECRET` (or `DISCORD_CLIENT_SECRET_FILE`, a file holding it): players
    /// sign in with Discord (OAuth2) and play on the pages;
    /// without it the pages are for watching. The redirect URL to register in the developer
    /// portal is the public URL followed by `/signin/callback`.
    pub client_secret: Option<ClientSecret>,
    /// `DAMA_ACTIVITY=on` (with the client secret): the board opens inside Discord as an
    /// Activity (the entry-point command, and an "Open board" button under every board),
    /// served at the public URL's `/activity`, the Activity's URL mapping.
    pub activity: bool,
    /// `DAMA_TRUSTED_PROXIES`: the reverse proxies whose `X-Forwarded-For` names the client
    /// the bounds per client count (comma-separated addresses and CIDR ranges; default the
    /// loopback). Behind Docker's port publishing, the bridge's range (e.g. `172.16.0.0/12`).
    pub trusted_proxies: TrustedProxies,
}

/// What is wrong with the environment, in words that say how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// No token.
    #[error(
        "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, \
         open its Bot page, press \"Reset Token\", and put the token in the environment or in a .env \
         file as DISCORD_TOKEN=... (see docs/running.md, \"Running the bot\")"
    )]
    MissingToken,
    /// A secret's `…_FILE` variable names a file that cannot be read, or is empty.
    #[error("{variable} names {path:?}, which {reason}")]
    SecretFile {
        /// `DISCORD_TOKEN_FILE` or `DISCORD_CLIENT_SECRET_FILE`.
        variable: &'static str,
        /// The file.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A secret is given both in the environment and in a file.
    #[error("{0} and {0}_FILE are both set: keep one")]
    SecretTwice(&'static str),
    /// `DISCORD_GUILD_ID` is not a snowflake.
    #[error("DISCORD_GUILD_ID must be a server id (a number), not {0:?}")]
    GuildId(String),
    /// Only one of `DISCORD_PUBLIC_KEY` and `DAMA_HTTP_ADDR` is set.
    #[error(
        "DISCORD_PUBLIC_KEY and DAMA_HTTP_ADDR go together: set both to receive interactions over \
         HTTP, or neither for the gateway"
    )]
    HalfEndpoint,
    /// `DISCORD_PUBLIC_KEY` is not a key.
    #[error("DISCORD_PUBLIC_KEY must be the application's public key: 64 hex digits")]
    PublicKey,
    /// `DAMA_HTTP_ADDR` is not an address.
    #[error("DAMA_HTTP_ADDR must be an address to listen on, such as 0.0.0.0:8080, not {0:?}")]
    HttpAddr(String),
    /// `DAMA_METRICS_ADDR` is not an address.
    #[error("DAMA_METRICS_ADDR must be an address to listen on, such as 127.0.0.1:9464, not {0:?}")]
    MetricsAddr(String),
    /// Only one of `DAMA_WEB_ADDR` and `DAMA_PUBLIC_URL` is set.
    #[error(
        "DAMA_WEB_ADDR and DAMA_PUBLIC_URL go together: set both to serve the games' web pages \
         (DAMA_PUBLIC_URL is the address people's links use, e.g. https://dama.example.org), or \
         neither"
    )]
    HalfWeb,
    /// `DAMA_WEB_ADDR` is not an address.
    #[error("DAMA_WEB_ADDR must be an address to listen on, such as 127.0.0.1:8081, not {0:?}")]
    WebAddr(String),
    /// `DAMA_PUBLIC_URL` is not an http(s) URL.
    #[error(
        "DAMA_PUBLIC_URL must be the http:// or https:// address the pages are reached at, such \
         as https://dama.example.org, not {0:?}"
    )]
    PublicUrl(String),
    /// `DAMA_ACTIVITY` is neither `on` nor `off`.
    #[error("DAMA_ACTIVITY must be on or off, not {0:?}")]
    Activity(String),
    /// `DAMA_ACTIVITY=on` without the web pages.
    #[error(
        "DAMA_ACTIVITY=on needs the web pages: set DAMA_WEB_ADDR and DAMA_PUBLIC_URL too (the \
         Activity's URL mapping points at DAMA_PUBLIC_URL/activity; see docs/web.md, \"The board inside Discord\")"
    )]
    ActivityWithoutWeb,
    /// `DAMA_ACTIVITY=on` without the client secret.
    #[error(
        "DAMA_ACTIVITY=on needs DISCORD_CLIENT_SECRET: the Activity signs its players in with the \
         application's OAuth2 client (developer portal, OAuth2 page)"
    )]
    ActivityWithoutSecret,
    /// `DAMA_TRUSTED_PROXIES` is not a list of addresses and CIDR ranges.
    #[error(
        "DAMA_TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges of the reverse \
         proxies in front of the pages, such as 127.0.0.1,172.16.0.0/12: {0}"
    )]
    TrustedProxies(String),
    /// `DATABASE_URL` names a kind of database the bot cannot use (`mysql://…`, a typo).
    #[error(
        "DATABASE_URL must be a SQLite file (sqlite://path, sqlite:path or a plain path) or a \
         PostgreSQL server (postgres://…), not a {0}:// URL"
    )]
    DatabaseScheme(String),
    /// `DAMA_ENDGAME_PIECES` is not 0 to 4.
    #[error("DAMA_ENDGAME_PIECES must be a number of pieces from 0 (no tables) to 4, not {0:?}")]
    EndgamePieces(String),
}

/// `DAMA_METRICS_ADDR`'s address, if set.
fn metrics_addr(raw: Option<String>) -> Result<Option<SocketAddr>, ConfigError> {
    raw.map(|raw| raw.parse().map_err(|_| ConfigError::MetricsAddr(raw)))
        .transpose()
}

/// Endgame tables' pieces when `DAMA_ENDGAME_PIECES` is unset.
pub const DEFAULT_ENDGAME_PIECES: u32 = 4;
/// Where the endgame tables are kept when `DAMA_ENDGAME_TABLES` is unset.
pub const DEFAULT_ENDGAME_TABLES: &str = "dama-tables.bin";

/// `DATABASE_URL`'s value (or the default), if it names a database the bot can use: a URL's
/// scheme must be SQLite's or PostgreSQL's; text without one is a SQLite file's path.
fn database_url(raw: Option<String>) -> Result<DatabaseUrl, ConfigError> {
    let url = raw.unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
    if let Some((scheme, _)) = url.split_once("://") {
        let known = ["sqlite", "postgres", "postgresql"];
        if !known.iter().any(|k| scheme.eq_ignore_ascii_case(k)) {
            return Err(ConfigError::DatabaseScheme(scheme.to_owned()));
        }
    }
    Ok(DatabaseUrl(url))
}

impl Config {
    /// `DATABASE_URL` alone (and the `.env` file), for `dama-bot backup` and `restore`, which
    /// reach the database and nothing else.
    pub fn database_url_from_env() -> Result<DatabaseUrl, ConfigError> {
        let _ = dotenvy::dotenv();
        database_url(
            std::env::var("DATABASE_URL")
                .ok()
                .map(|raw| raw.trim().to_owned())
                .filter(|raw| !raw.is_empty()),
        )
    }

    /// `DAMA_METRICS_ADDR` alone (and the `.env` file), for `dama-bot health`, which asks the
    /// running bot and needs none of its secrets.
    pub fn metrics_addr_from_env() -> Result<Option<SocketAddr>, ConfigError> {
        let _ = dotenvy::dotenv();
        metrics_addr(
            std::env::var("DAMA_METRICS_ADDR")
                .ok()
                .map(|raw| raw.trim().to_owned())
                .filter(|raw| !raw.is_empty()),
        )
    }

    /// Reads the process environment, after loading `.env` from the working directory if there
    /// is one (variables already set win over the file).
    pub fn from_env() -> Result<Config, ConfigError> {
        // A missing .env is normal; a malformed one is reported by the values it fails to give.
        let _ = dotenvy::dotenv();
        Config::from_lookup(|key| std::env::var(key).ok())
    }

    /// Builds the configuration from any source of variables.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let non_empty = |key: &str| {
            get(key)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        // A secret from its variable, or from the file its `…_FILE` variable names.
        let secret = |key: &'static str, file_key: &'static str| {
            let path = match (non_empty(key), non_empty(file_key)) {
                (Some(_), Some(_)) => return Err(ConfigError::SecretTwice(key)),
                (value, None) => return Ok(value),
                (None, Some(path)) => path,
            };
            let fault = |reason: String| ConfigError::SecretFile {
                variable: file_key,
                path: path.clone(),
                reason,
            };
            let text = std::fs::read_to_string(&path)
                .map_err(|e| fault(format!("cannot be read: {e}")))?;
            match text.trim() {
                "" => Err(fault("is empty".to_owned())),
                text => Ok(Some(text.to_owned())),
            }
        };
        let token =
            secret("DISCORD_TOKEN", "DISCORD_TOKEN_FILE")?.ok_or(ConfigError::MissingToken)?;
        let guild_id = non_empty("DISCORD_GUILD_ID")
            .map(|raw| raw.parse::<u64>().map_err(|_| ConfigError::GuildId(raw)))
            .transpose()?;
        let endgame_pieces = match non_empty("DAMA_ENDGAME_PIECES") {
            None => DEFAULT_ENDGAME_PIECES,
            Some(raw) => raw
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= 4)
                .ok_or(ConfigError::EndgamePieces(raw))?,
        };
        let endpoint = match (non_empty("DISCORD_PUBLIC_KEY"), non_empty("DAMA_HTTP_ADDR")) {
            (None, None) => None,
            (Some(key), Some(addr)) => Some(Endpoint {
                addr: addr.parse().map_err(|_| ConfigError::HttpAddr(addr))?,
                public_key: public_key(&key).ok_or(ConfigError::PublicKey)?,
            }),
            _ => return Err(ConfigError::HalfEndpoint),
        };
        let metrics_addr = metrics_addr(non_empty("DAMA_METRICS_ADDR"))?;
        let trusted_proxies = match non_empty("DAMA_TRUSTED_PROXIES") {
            None => TrustedProxies::default(),
            Some(raw) => raw.parse().map_err(|e: dama_web::TrustedProxiesError| {
                ConfigError::TrustedProxies(e.to_string())
            })?,
        };
        let web = match (non_empty("DAMA_WEB_ADDR"), non_empty("DAMA_PUBLIC_URL")) {
            (None, None) => None,
            (Some(addr), Some(url)) => Some(Web {
                addr: addr.parse().map_err(|_| ConfigError::WebAddr(addr))?,
                public_url: public_url(&url).ok_or(ConfigError::PublicUrl(url))?,
                client_secret: secret("DISCORD_CLIENT_SECRET", "DISCORD_CLIENT_SECRET_FILE")?
                    .map(ClientSecret::new),
                activity: false,
                trusted_proxies,
            }),
            _ => return Err(ConfigError::HalfWeb),
        };
        let web = match (web, non_empty("DAMA_ACTIVITY")) {
            (web, None) => web,
            (web, Some(raw)) if raw.eq_ignore_ascii_case("off") => web,
            (Some(web), Some(raw)) if raw.eq_ignore_ascii_case("on") => {
                if web.client_secret.is_none() {
                    return Err(ConfigError::ActivityWithoutSecret);
                }
                Some(Web {
                    activity: true,
                    ..web
                })
            }
            (None, Some(raw)) if raw.eq_ignore_ascii_case("on") => {
                return Err(ConfigError::ActivityWithoutWeb);
            }
            (_, Some(raw)) => return Err(ConfigError::Activity(raw)),
        };
        Ok(Config {
            token: Token::new(token),
            database_url: database_url(non_empty("DATABASE_URL"))?,
            guild_id,
            api_base: non_empty("DISCORD_API_BASE"),
            log_filter: non_empty("RUST_LOG"),
            endgame_pieces,
            endgame_tables: non_empty("DAMA_ENDGAME_TABLES")
                .unwrap_or_else(|| DEFAULT_ENDGAME_TABLES.to_owned()),
            endpoint,
            metrics_addr,
            web,
            discord_client: None,
        })
    }
}

/// `url` without its trailing slashes, if it is an http(s) URL with a host and nothing a link
/// could not be built on (no query, fragment or whitespace).
fn public_url(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let host = rest.split('/').next().unwrap_or_default();
    let plain =
        !url.contains(['?', '#', '"', '<', '>', '\\']) && !url.chars().any(char::is_whitespace);
    (!host.is_empty() && plain).then(|| url.trim_end_matches('/').to_owned())
}

/// A public key from its 64 hex digits, if they are a valid Ed25519 key.
fn public_key(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut key = [0; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    serenity::interactions_endpoint::Verifier::try_new(key).ok()?;
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |key| {
            vars.iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn the_http_endpoint_needs_both_the_key_and_the_address() {
        let token = ("DISCORD_TOKEN", "t");
        let key = (
            "DISCORD_PUBLIC_KEY",
            "67c6bd767ca099e79efac9fcce4d2022a63bf7dea780e7f3d813f694c1597089",
        );
        let addr = ("DAMA_HTTP_ADDR", "127.0.0.1:8080");
        assert_eq!(
            Config::from_lookup(lookup(&[token])).unwrap().endpoint,
            None
        );
        let both = Config::from_lookup(lookup(&[token, key, addr])).unwrap();
        let endpoint = both.endpoint.expect("an endpoint");
        assert_eq!(endpoint.addr.port(), 8080);
        assert_eq!(endpoint.public_key[0], 0x67);
        let half = Config::from_lookup(lookup(&[token, addr]));
        assert_eq!(half.unwrap_err(), ConfigError::HalfEndpoint);
        let bad = Config::from_lookup(lookup(&[token, ("DISCORD_PUBLIC_KEY", "zz"), addr]));
        assert_eq!(bad.unwrap_err(), ConfigError::PublicKey);
    }

    #[test]
    fn the_metrics_address_is_optional_and_must_be_an_address() {
        let token = ("DISCORD_TOKEN", "t");
        let unset = Config::from_lookup(lookup(&[token])).unwrap();
        assert_eq!(unset.metrics_addr, None);
        let set = Config::from_lookup(lookup(&[token, ("DAMA_METRICS_ADDR", "127.0.0.1:9464")]));
        assert_eq!(set.unwrap().metrics_addr.map(|a| a.port()), Some(9464));
        let bad = Config::from_lookup(lookup(&[token, ("DAMA_METRICS_ADDR", "9464")]));
        assert_eq!(
            bad.unwrap_err(),
            ConfigError::MetricsAddr("9464".to_owned())
        );
    }

    #[test]
    fn the_trusted_proxies_default_to_the_loopback_and_a_bad_setting_is_refused() {
        let web = [
            ("DISCORD_TOKEN", "t"),
            ("DAMA_WEB_ADDR", "127.0.0.1:8081"),
            ("DAMA_PUBLIC_URL", "https://dama.example.org"),
        ];
        let unset = Config::from_lookup(lookup(&web)).unwrap().web.expect("web");
        assert_eq!(unset.trusted_proxies, TrustedProxies::default());
        let mut set = web.to_vec();
        set.push(("DAMA_TRUSTED_PROXIES", "127.0.0.1, 172.16.0.0/12"));
        let trusted = Config::from_lookup(lookup(&set))
            .unwrap()
            .web
            .expect("web")
            .trusted_proxies;
        assert!(trusted.trusts("172.17.0.1".parse().unwrap()));
        assert!(!trusted.trusts("203.0.113.9".parse().unwrap()));
        let mut bad = web.to_vec();
        bad.push(("DAMA_TRUSTED_PROXIES", "127.0.0.1, docker"));
        let error = Config::from_lookup(lookup(&bad)).unwrap_err();
        assert!(matches!(error, ConfigError::TrustedProxies(_)), "{error:?}");
        let said = error.to_string();
        assert!(
            said.starts_with("DAMA_TRUSTED_PROXIES must be comma-separated IP addresses"),
            "{said}"
        );
        assert!(said.contains("\"docker\""), "{said}");
    }

    #[test]
    fn the_web_needs_both_its_address_and_its_public_url() {
        let token = ("DISCORD_TOKEN", "t");
        let addr = ("DAMA_WEB_ADDR", "127.0.0.1:8081");
        let url = ("DAMA_PUBLIC_URL", "https://dama.example.org/");
        assert_eq!(Config::from_lookup(lookup(&[token])).unwrap().web, None);
        let web = Config::from_lookup(lookup(&[token, addr, url]))
            .unwrap()
            .web;
        let web = web.expect("the web is on");
        assert_eq!(
            (web.addr.port(), web.public_url.as_str()),
            (8081, "https://dama.example.org")
        );
        for half in [&[token, addr][..], &[token, url][..]] {
            assert_eq!(
                Config::from_lookup(lookup(half)).unwrap_err(),
                ConfigError::HalfWeb
            );
        }
        for bad in [
            "dama.example.org",
            "ftp://x",
            "https://",
            "https://x/?a=1",
            "https://a b",
        ] {
            let vars = [token, addr, ("DAMA_PUBLIC_URL", bad)];
            assert_eq!(
                Config::from_lookup(lookup(&vars)).unwrap_err(),
                ConfigError::PublicUrl(bad.to_owned()),
                "{bad}"
            );
        }
        let vars = [token, ("DAMA_WEB_ADDR", "8081"), url];
        assert_eq!(
            Config::from_lookup(lookup(&vars)).unwrap_err(),
            ConfigError::WebAddr("8081".to_owned())
        );
    }

    #[test]
    fn signing_in_on_the_web_needs_the_client_secret_which_debug_never_shows() {
        let vars = [
            ("DISCORD_TOKEN", "t"),
            ("DAMA_WEB_ADDR", "127.0.0.1:8081"),
            ("DAMA_PUBLIC_URL", "https://dama.example.org"),
        ];
        let web = Config::from_lookup(lookup(&vars)).unwrap().web.unwrap();
        assert_eq!(web.client_secret, None);
        let with_secret = [
            vars[0],
            vars[1],
            vars[2],
            ("DISCORD_CLIENT_SECRET", "s3cr3t-value"),
        ];
        let config = Config::from_lookup(lookup(&with_secret)).unwrap();
        let secret = config.web.as_ref().and_then(|w| w.client_secret.as_ref());
        assert_eq!(secret.map(ClientSecret::expose), Some("s3cr3t-value"));
        assert!(!format!("{config:?}").contains("s3cr3t-value"));
    }

    #[test]
    fn the_activity_needs_the_web_pages_and_the_client_secret() {
        let token = ("DISCORD_TOKEN", "t");
        let addr = ("DAMA_WEB_ADDR", "127.0.0.1:8081");
        let url = ("DAMA_PUBLIC_URL", "https://dama.example.org");
        let secret = ("DISCORD_CLIENT_SECRET", "s3cr3t-value");
        let on = ("DAMA_ACTIVITY", "on");
        let activity = |vars: &[(&str, &str)]| {
            Config::from_lookup(lookup(vars)).map(|c| c.web.is_some_and(|w| w.activity))
        };
        assert_eq!(activity(&[token, addr, url, secret]), Ok(false));
        assert_eq!(activity(&[token, addr, url, secret, on]), Ok(true));
        assert_eq!(
            activity(&[token, addr, url, secret, ("DAMA_ACTIVITY", "OFF")]),
            Ok(false)
        );
        assert_eq!(activity(&[token, on]), Err(ConfigError::ActivityWithoutWeb));
        assert_eq!(
            activity(&[token, addr, url, on]),
            Err(ConfigError::ActivityWithoutSecret)
        );
        assert_eq!(
            activity(&[token, addr, url, secret, ("DAMA_ACTIVITY", "yes")]),
            Err(ConfigError::Activity("yes".to_owned()))
        );
    }

    #[test]
    fn endgame_tables_default_to_four_pieces_and_refuse_more() {
        let token = ("DISCORD_TOKEN", "t");
        let config = Config::from_lookup(lookup(&[token])).unwrap();
        assert_eq!(
            (config.endgame_pieces, config.endgame_tables.as_str()),
            (4, "dama-tables.bin")
        );
        let three = Config::from_lookup(lookup(&[token, ("DAMA_ENDGAME_PIECES", "3")])).unwrap();
        assert_eq!(three.endgame_pieces, 3);
        let five = Config::from_lookup(lookup(&[token, ("DAMA_ENDGAME_PIECES", "5")]));
        assert_eq!(
            five.unwrap_err(),
            ConfigError::EndgamePieces("5".to_owned())
        );
    }

    #[test]
    fn missing_token_says_how_to_get_one() {
        let err = Config::from_lookup(lookup(&[])).unwrap_err();
        assert_eq!(err, ConfigError::MissingToken);
        assert!(err.to_string().contains("developers/applications"));
        assert!(Config::from_lookup(lookup(&[("DISCORD_TOKEN", "  ")])).is_err());
    }

    #[test]
    fn defaults_to_a_sqlite_file_in_the_working_directory() {
        let config = Config::from_lookup(lookup(&[("DISCORD_TOKEN", "abc")])).unwrap();
        assert_eq!(config.database_url.expose(), DEFAULT_DATABASE_URL);
        assert_eq!((config.guild_id, config.api_base), (None, None));
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let vars = [("DISCORD_TOKEN", "very-secret"), ("DISCORD_GUILD_ID", "42")];
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        let shown = format!("{config:?} {}", config.token);
        assert!(!shown.contains("very-secret"), "{shown}");
        assert_eq!(config.token.expose(), "very-secret");
        assert_eq!(config.guild_id, Some(42));
    }

    #[test]
    fn the_database_password_never_shows_in_debug_or_display() {
        let secret = "s3cr3t:with@signs";
        let url = format!("postgres://dama:{secret}@db.local:5432/dama?sslmode=require");
        let vars = [("DISCORD_TOKEN", "t"), ("DATABASE_URL", url.as_str())];
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        let shown = format!("{config:?} {}", config.database_url);
        assert!(!shown.contains("s3cr3t"), "{shown}");
        assert_eq!(
            config.database_url.to_string(),
            "postgres://dama:<redacted>@db.local:5432/dama?sslmode=require"
        );
        assert_eq!(config.database_url.expose(), url);
        for (url, shown) in [
            (
                "postgres://db/dama?user=dama&password=hunter2",
                "postgres://db/dama?user=dama&password=<redacted>",
            ),
            ("postgres://dama@db/dama", "postgres://dama@db/dama"),
            ("sqlite://dama.db", "sqlite://dama.db"),
            ("dama.db", "dama.db"),
        ] {
            assert_eq!(DatabaseUrl(url.to_owned()).to_string(), shown);
        }
    }

    #[test]
    fn secrets_come_from_the_files_their_file_variables_name() {
        let dir = tempfile::tempdir().unwrap();
        let token = dir.path().join("discord_token");
        std::fs::write(&token, "from-a-file\n").unwrap();
        let client = dir.path().join("client_secret");
        std::fs::write(&client, "oauth-secret").unwrap();
        let (token, client) = (token.display().to_string(), client.display().to_string());
        let vars = [
            ("DISCORD_TOKEN_FILE", token.as_str()),
            ("DISCORD_CLIENT_SECRET_FILE", client.as_str()),
            ("DAMA_WEB_ADDR", "127.0.0.1:8081"),
            ("DAMA_PUBLIC_URL", "https://dama.example.org"),
        ];
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        assert_eq!(config.token.expose(), "from-a-file");
        let web = config.web.unwrap();
        assert_eq!(web.client_secret.unwrap().expose(), "oauth-secret");

        let both = [
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_TOKEN_FILE", token.as_str()),
        ];
        let err = Config::from_lookup(lookup(&both)).unwrap_err();
        assert_eq!(err, ConfigError::SecretTwice("DISCORD_TOKEN"));

        let missing = dir.path().join("nothing").display().to_string();
        let err = Config::from_lookup(lookup(&[("DISCORD_TOKEN_FILE", &missing)])).unwrap_err();
        assert!(
            matches!(&err, ConfigError::SecretFile { variable: "DISCORD_TOKEN_FILE", path, .. } if *path == missing),
            "{err:?}"
        );
        assert!(err.to_string().contains("cannot be read"), "{err}");

        let empty = dir.path().join("empty");
        std::fs::write(&empty, " \n").unwrap();
        let empty = empty.display().to_string();
        let err = Config::from_lookup(lookup(&[("DISCORD_TOKEN_FILE", &empty)])).unwrap_err();
        assert!(err.to_string().ends_with("which is empty"), "{err}");
    }

    #[test]
    fn a_database_url_of_another_kind_is_refused_not_taken_for_a_file() {
        let token = ("DISCORD_TOKEN", "t");
        for url in [
            "mysql://dama@db/dama",
            "postgress://db/dama",
            "sqllite://dama.db",
        ] {
            let err = Config::from_lookup(lookup(&[token, ("DATABASE_URL", url)])).unwrap_err();
            let scheme = url.split_once("://").unwrap().0;
            assert_eq!(err, ConfigError::DatabaseScheme(scheme.to_owned()), "{url}");
            assert!(err.to_string().contains("PostgreSQL"), "{err}");
        }
        for url in [
            "sqlite://dama.db",
            "sqlite:dama.db",
            "data/dama.db",
            "postgres://db/dama",
            "postgresql://db/dama",
        ] {
            let config = Config::from_lookup(lookup(&[token, ("DATABASE_URL", url)]));
            assert_eq!(config.unwrap().database_url.expose(), url);
        }
    }

    #[test]
    fn a_bad_guild_id_is_named() {
        let vars = [("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", "my-server")];
        let err = Config::from_lookup(lookup(&vars)).unwrap_err();
        assert_eq!(err, ConfigError::GuildId("my-server".into()));
    }
}
