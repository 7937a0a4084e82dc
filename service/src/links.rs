//! The addresses of the web face's pages, which the Discord face links to: a game's page, a
//! server's puzzles and its community pages, under the site's public URL.

use crate::ids::{ArenaId, GuildId, TournamentId, UserId, WebToken};

/// The link to the page of the game whose token is `token`, under `public_url`.
#[must_use]
pub fn game_link(public_url: &str, token: &WebToken) -> String {
    format!("{}/game/{token}", public_url.trim_end_matches('/'))
}

/// The link to server `guild`'s puzzles under `public_url`.
#[must_use]
pub fn puzzle_link(public_url: &str, guild: GuildId) -> String {
    format!("{}/puzzle/{}", public_url.trim_end_matches('/'), guild.0)
}

/// A page of a server's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommunityPage {
    /// The leaderboard: all time's, or a season's table.
    Leaderboard {
        /// The season's number; `None` for all time.
        season: Option<u32>,
    },
    /// The games in progress.
    Live,
    /// The tournaments.
    Tournaments,
    /// One tournament's standings and pairings.
    Tournament(TournamentId),
    /// A player's page.
    Player(UserId),
    /// One arena's live page.
    Arena(ArenaId),
}

impl CommunityPage {
    /// The page's path on the site of `guild`'s pages.
    #[must_use]
    pub fn path(self, guild: GuildId) -> String {
        match self {
            CommunityPage::Leaderboard { season: None } => format!("/server/{guild}"),
            CommunityPage::Leaderboard {
                season: Some(number),
            } => format!("/server/{guild}?season={number}"),
            CommunityPage::Live => format!("/server/{guild}/live"),
            CommunityPage::Tournaments => format!("/server/{guild}/tournaments"),
            CommunityPage::Tournament(id) => format!("/server/{guild}/tournament/{id}"),
            CommunityPage::Player(user) => format!("/server/{guild}/player/{user}"),
            CommunityPage::Arena(id) => format!("/server/{guild}/arena/{id}"),
        }
    }
}

/// The link to `page` of `guild`'s community pages, under `public_url`.
#[must_use]
pub fn community_link(public_url: &str, guild: GuildId, page: CommunityPage) -> String {
    format!("{}{}", public_url.trim_end_matches('/'), page.path(guild))
}
