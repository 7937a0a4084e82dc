//! Which language people and servers read: the service keeps what was seen and chosen; the
//! adapter knows the languages and the words.

use super::{GameService, ServiceError};
use crate::ids::{GuildId, UserId};
use crate::store::{self, Spoken};

/// The languages that apply to one interaction.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Languages {
    /// The acting user's.
    pub user: Spoken,
    /// The server's, for an interaction in a server.
    pub server: Option<Spoken>,
}

impl GameService {
    /// What is known of the languages of `user` and of `guild`, after noting the locales this
    /// interaction came with (written only when they changed: a player not yet known is noted
    /// once they act).
    pub async fn languages(
        &self,
        user: UserId,
        locale: &str,
        guild: Option<(GuildId, Option<&str>)>,
    ) -> Result<Languages, ServiceError> {
        let (mut spoken, mut server) = {
            let mut conn = self.pool.acquire().await?;
            let spoken = store::player_spoken(&mut conn, user).await?;
            let server = match guild {
                Some((guild, _)) => Some(store::server_spoken(&mut conn, guild).await?),
                None => None,
            };
            (spoken, server)
        };
        // A player not yet known is noted once they act (and become one).
        let user_changed = spoken
            .as_ref()
            .is_some_and(|known| known.locale.as_deref() != Some(locale));
        let server_change = match (guild, &server) {
            (Some((guild, Some(seen))), Some(known)) if known.locale.as_deref() != Some(seen) => {
                Some((guild, seen))
            }
            _ => None,
        };
        if user_changed || server_change.is_some() {
            let now = self.clock.now();
            let mut tx = self.write().await?;
            if user_changed {
                store::set_player_locale(&mut tx, user, locale).await?;
                if let Some(known) = &mut spoken {
                    known.locale = Some(locale.to_owned());
                }
            }
            if let Some((guild, seen)) = server_change {
                store::set_server_locale(&mut tx, guild, seen, now).await?;
                if let Some(known) = &mut server {
                    known.locale = Some(seen.to_owned());
                }
            }
            tx.commit().await?;
        }
        Ok(Languages {
            user: spoken.unwrap_or_default(),
            server,
        })
    }

    /// What is known of `user`'s language (for what is sent to them without an interaction).
    pub async fn player_language(&self, user: UserId) -> Result<Spoken, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::player_spoken(&mut conn, user)
            .await?
            .unwrap_or_default())
    }

    /// What is known of `guild`'s language (for its public posts made without an interaction).
    pub async fn server_language(&self, guild: GuildId) -> Result<Spoken, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::server_spoken(&mut conn, guild).await?)
    }

    /// Sets the language `user` chose (a code, `en`, `tr`, `es` or `sv`), or follows their
    /// client again with `None`.
    pub async fn set_player_language(
        &self,
        user: UserId,
        language: Option<&str>,
    ) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        store::set_player_language(&mut tx, user, language).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Sets the language chosen for `guild`'s public posts (a code), or follows the server's
    /// Discord locale again with `None`. Whether the caller may is the adapter's to check.
    pub async fn set_server_language(
        &self,
        guild: GuildId,
        language: Option<&str>,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::set_server_language(&mut tx, guild, language, now).await?;
        tx.commit().await?;
        Ok(())
    }
}
