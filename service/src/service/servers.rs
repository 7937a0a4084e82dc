//! A server's own settings, chosen by those who manage it.

use dama_rules::Rules;

use super::{GameService, ServiceError};
use crate::ids::GuildId;
use crate::store;

/// What a member may do on their server, as the adapter read it from the platform's
/// permissions (Discord's Manage Server).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Authority {
    /// They may manage the server: its settings and its seasons are theirs to change.
    Manager,
    /// An ordinary member.
    Member,
}

/// What only a server's managers change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Managed {
    /// The server's default rules and language, and whether its community pages are on.
    Settings,
    /// Its seasons.
    Seasons,
}

impl Authority {
    /// Refuses with [`ServiceError::ManagersOnly`] unless this is a manager's.
    pub(super) fn ensure_manages(self, what: Managed) -> Result<(), ServiceError> {
        match self {
            Authority::Manager => Ok(()),
            Authority::Member => Err(ServiceError::ManagersOnly(what)),
        }
    }
}

impl GameService {
    /// The rule set of games started on `guild` without naming one.
    pub async fn server_rules(&self, guild: GuildId) -> Result<Rules, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::server_rules(&mut conn, guild).await?)
    }

    /// Sets the rule set of games started on `guild` without naming one (games already
    /// started keep theirs), for a member with `authority`: only managers may.
    pub async fn set_server_rules(
        &self,
        guild: GuildId,
        authority: Authority,
        rules: Rules,
    ) -> Result<(), ServiceError> {
        authority.ensure_manages(Managed::Settings)?;
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::set_server_rules(&mut tx, guild, rules, now).await?;
        tx.commit().await?;
        Ok(())
    }
}

impl GameService {
    /// Whether `guild`'s community pages are on: its leaderboard, live games, tournaments and
    /// its players' profiles on the web. Off until its managers turn them on.
    pub async fn community_pages(&self, guild: GuildId) -> Result<bool, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::community_pages(&mut conn, guild).await?)
    }

    /// The servers whose community pages are on (at most `limit`), for the site's home page:
    /// those that opened them (or last changed a setting) most recently first.
    pub async fn community_servers(&self, limit: u32) -> Result<Vec<GuildId>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::community_servers(&mut conn, limit).await?)
    }

    /// Turns `guild`'s community pages on or off, for a member with `authority`: only managers
    /// may.
    pub async fn set_community_pages(
        &self,
        guild: GuildId,
        authority: Authority,
        on: bool,
    ) -> Result<(), ServiceError> {
        authority.ensure_manages(Managed::Settings)?;
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::set_community_pages(&mut tx, guild, on, now).await?;
        tx.commit().await?;
        Ok(())
    }
}
