//! A server's community pages read through the service, which decides whether they exist: only
//! while the server's managers have them on ([`GameService::set_community_pages`]).
//! [`GameService::community`] answers `None` for a server whose pages are off, and a
//! [`Community`] otherwise, whose reads are all scoped to that server. A face that shows the
//! pages has no other way to them, so it cannot forget the switch.
//!
//! ```
//! use dama_service::ids::GuildId;
//! use dama_service::service::{Authority, GameService, ServiceConfig};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let dir = tempfile::tempdir()?;
//! # let url = dir.path().join("dama.db").display().to_string();
//! let service = GameService::new(dama_service::connect(&url).await?, ServiceConfig::default());
//! let guild = GuildId(42);
//! assert!(service.community(guild).await?.is_none(), "off until its managers turn them on");
//! service.set_community_pages(guild, Authority::Manager, true).await?;
//! let pages = service.community(guild).await?.expect("on");
//! assert!(pages.seasons().await?.is_empty());
//! # Ok(())
//! # }
//! ```

use super::PlayerStats;
use super::{
    GameService, GameView, Leaderboard, LiveGames, Period, RatingStep, Season, ServiceError,
};
use crate::ids::{ArenaId, GameId, GuildId, TournamentId, UserId, WebToken};
use crate::model::Speed;
use crate::tournament::arena::ArenaStandings;
use crate::tournament::{Standings, Status, Tournament};

/// A server whose community pages are on, and the reads its pages make (see the module's
/// documentation). Had from [`GameService::community`].
#[derive(Debug, Clone, Copy)]
pub struct Community<'a> {
    service: &'a GameService,
    guild: GuildId,
}

impl GameService {
    /// `guild`'s community pages, if its managers have them on; `None` if not (or the bot never
    /// saw the server: the two are not told apart).
    pub async fn community(&self, guild: GuildId) -> Result<Option<Community<'_>>, ServiceError> {
        Ok(self.community_pages(guild).await?.then_some(Community {
            service: self,
            guild,
        }))
    }
}

impl Community<'_> {
    /// The server.
    #[must_use]
    pub fn guild(&self) -> GuildId {
        self.guild
    }

    /// Its leaderboard ([`GameService::leaderboard`]).
    pub async fn leaderboard(
        &self,
        period: Period,
        speed: Option<Speed>,
        limit: u32,
    ) -> Result<Leaderboard, ServiceError> {
        self.service
            .leaderboard(Some(self.guild), period, speed, limit)
            .await
    }

    /// Its seasons ([`GameService::seasons`]).
    pub async fn seasons(&self) -> Result<Vec<Season>, ServiceError> {
        self.service.seasons(self.guild).await
    }

    /// Its games in progress ([`GameService::live_games`]).
    pub async fn live_games(&self, limit: u32) -> Result<LiveGames, ServiceError> {
        self.service.live_games(self.guild, limit).await
    }

    /// Its tournaments of `statuses` ([`GameService::tournaments`]).
    pub async fn tournaments(
        &self,
        statuses: &[Status],
        limit: u32,
    ) -> Result<Vec<Tournament>, ServiceError> {
        self.service
            .tournaments(Some(self.guild), statuses, limit)
            .await
    }

    /// One of its tournaments' standings ([`GameService::standings`]): refused as another
    /// server's tournament would be.
    pub async fn standings(&self, id: TournamentId) -> Result<Standings, ServiceError> {
        self.service.standings(id, Some(self.guild)).await
    }

    /// One of its arenas' table and games in play ([`GameService::arena_standings`]): refused
    /// as another server's arena would be.
    pub async fn arena_standings(&self, id: ArenaId) -> Result<ArenaStandings, ServiceError> {
        self.service.arena_standings(id, Some(self.guild)).await
    }

    /// A player's latest games there ([`GameService::recent_games`]).
    pub async fn recent_games(
        &self,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<GameView>, ServiceError> {
        self.service.recent_games(self.guild, user, limit).await
    }

    /// A player's record there ([`GameService::stats`]).
    pub async fn stats(&self, user: UserId) -> Result<PlayerStats, ServiceError> {
        self.service.stats(Some(self.guild), user, None).await
    }

    /// A player's rating at `speed` there, game by game ([`GameService::rating_history`]).
    pub async fn rating_history(
        &self,
        user: UserId,
        speed: Speed,
        limit: u32,
    ) -> Result<Vec<RatingStep>, ServiceError> {
        self.service
            .rating_history(self.guild, user, speed, limit)
            .await
    }

    /// The link token of a game shown on its pages ([`GameService::web_token`]).
    pub async fn web_token(&self, game: GameId) -> Result<WebToken, ServiceError> {
        self.service.web_token(game).await
    }
}
