//! A server's own settings, chosen by those who manage it.

use dama_rules::Rules;

use super::{GameService, ServiceError};
use crate::ids::GuildId;
use crate::store;

impl GameService {
    /// The rule set of games started on `guild` without naming one.
    pub async fn server_rules(&self, guild: GuildId) -> Result<Rules, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::server_rules(&mut conn, guild).await?)
    }

    /// Sets the rule set of games started on `guild` without naming one (games already
    /// started keep theirs). Whether the caller may is the adapter's to check: it knows who
    /// manages the server.
    pub async fn set_server_rules(&self, guild: GuildId, rules: Rules) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::set_server_rules(&mut tx, guild, rules, now).await?;
        tx.commit().await?;
        Ok(())
    }
}
