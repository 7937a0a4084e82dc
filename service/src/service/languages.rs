//! Which language people and servers read: the service keeps what was seen and chosen, and
//! decides which of the bot's languages applies; the adapter knows the words.

use super::servers::{Authority, Managed};
use super::{GameService, ServiceError};
use crate::ids::{GuildId, Place, UserId};
use crate::store::{self, Spoken};

crate::named_choice! {
    /// A language the bot speaks, English first, named by its code: as stored and as in
    /// `words/locales/<code>/`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum Language {
        /// English, the fallback for every other locale.
        #[default]
        En = "en",
        /// Turkish, the reference for the game's own terms.
        Tr = "tr",
        /// Spanish (Discord's `es-ES`, and `es-419`).
        Es = "es",
        /// Swedish.
        Sv = "sv",
    }
}

impl Language {
    /// The language for a client's locale (`tr`, `es-ES`, `sv-SE`, …): English for any locale
    /// the bot does not speak.
    #[must_use]
    pub fn from_locale(locale: &str) -> Language {
        let primary = locale.split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "tr" => Language::Tr,
            "es" => Language::Es,
            "sv" => Language::Sv,
            _ => Language::En,
        }
    }
}

impl Spoken {
    /// The language chosen, if one was.
    fn chosen(&self) -> Option<Language> {
        self.chosen.as_deref().and_then(Language::of)
    }

    /// The language known: the chosen one, else the locale's; `None` when neither is.
    fn known(&self) -> Option<Language> {
        self.chosen()
            .or_else(|| self.locale.as_deref().map(Language::from_locale))
    }

    /// The language that applies: the one known, else English.
    fn language(&self) -> Language {
        self.known().unwrap_or_default()
    }
}

/// The languages chosen that apply to one interaction (where none was chosen, the
/// interaction's own locales serve).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Languages {
    /// The language the acting user chose.
    pub user: Option<Language>,
    /// The language chosen for the server's public posts, for an interaction in a server.
    pub server: Option<Language>,
    /// Whether the acting user's locale was known before this interaction (it is not for
    /// someone who is not a player yet).
    pub user_known: bool,
}

impl Languages {
    /// The language the acting user reads (the answers only they see): the one they chose,
    /// else their client's `locale`.
    #[must_use]
    pub fn reader(&self, locale: &str) -> Language {
        self.user.unwrap_or_else(|| Language::from_locale(locale))
    }

    /// The language of what everyone where the interaction came from reads (boards, results):
    /// in a server, the one chosen for it, else its `guild_locale`; elsewhere the acting
    /// user's ([`reader`](Self::reader)).
    #[must_use]
    pub fn public(&self, guild_locale: Option<&str>, locale: &str) -> Language {
        self.server
            .or_else(|| guild_locale.map(Language::from_locale))
            .unwrap_or_else(|| self.reader(locale))
    }
}

impl GameService {
    /// The language of what is posted in `place` without an interaction to take it from (the
    /// delivery worker's notices, the daily puzzle): in a server, its
    /// [`server_language`](Self::server_language); in direct messages, the language of
    /// `reader` (the person the channel is with, [`player_language`](Self::player_language));
    /// English when neither is known.
    pub async fn place_language(
        &self,
        place: Place,
        reader: Option<UserId>,
    ) -> Result<Language, ServiceError> {
        match (place.guild, reader) {
            (Some(guild), _) => self.server_language(guild).await,
            (None, Some(reader)) => self.player_language(reader).await,
            (None, None) => Ok(Language::En),
        }
    }

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
            user: spoken.as_ref().and_then(Spoken::chosen),
            server: server.as_ref().and_then(Spoken::chosen),
            user_known: spoken.is_some_and(|known| known.locale.is_some()),
        })
    }

    /// The language to write in for `reader`, one rule for every face: the language they
    /// chose, else their Discord locale as last seen, else `fallback`, the language the face
    /// was given with the request (a Discord interaction's locale, a browser's
    /// `Accept-Language`: see [`Language::from_locale`]). `None` is someone not signed in,
    /// who reads `fallback`, as does someone the bot has not seen yet. A Discord face notes
    /// the interaction's locale first ([`languages`](Self::languages)), so that it is the one
    /// last seen.
    ///
    /// ```
    /// # use dama_service::service::{GameService, Language, ServiceConfig};
    /// # use dama_service::ids::UserId;
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let dir = tempfile::tempdir()?;
    /// # let url = dir.path().join("dama.db").display().to_string();
    /// # let service = GameService::new(dama_service::connect(&url).await?, ServiceConfig::default());
    /// let browser = Language::from_locale("sv-SE,sv;q=0.9");
    /// assert_eq!(service.reader_language(None, browser).await?, Language::Sv);
    /// // Nobody the bot has seen: the browser's language too.
    /// assert_eq!(service.reader_language(Some(UserId(42)), browser).await?, Language::Sv);
    /// # Ok(())
    /// # }
    /// ```
    pub async fn reader_language(
        &self,
        reader: Option<UserId>,
        fallback: Language,
    ) -> Result<Language, ServiceError> {
        let Some(reader) = reader else {
            return Ok(fallback);
        };
        Ok(self
            .known_player_language(reader)
            .await?
            .unwrap_or(fallback))
    }

    /// The language `user` reads what is sent to them without an interaction (a DM): the one
    /// they chose, else their locale as last seen, else English.
    pub async fn player_language(&self, user: UserId) -> Result<Language, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::player_spoken(&mut conn, user)
            .await?
            .unwrap_or_default()
            .language())
    }

    /// The language `user` reads in the bot's own pages, when known: the one they chose, else
    /// their Discord locale as last seen; `None` for someone the bot has not seen yet (the page
    /// then follows the browser).
    pub async fn known_player_language(
        &self,
        user: UserId,
    ) -> Result<Option<Language>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::player_spoken(&mut conn, user)
            .await?
            .and_then(|spoken| spoken.known()))
    }

    /// The language of `guild`'s public posts made without an interaction: the one chosen for
    /// it, else its locale as last seen, else English.
    pub async fn server_language(&self, guild: GuildId) -> Result<Language, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::server_spoken(&mut conn, guild).await?.language())
    }

    /// Sets the language `user` chose, or follows their client again with `None`.
    pub async fn set_player_language(
        &self,
        user: UserId,
        language: Option<Language>,
    ) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        store::set_player_language(&mut tx, user, language.map(Language::name)).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Sets the language chosen for `guild`'s public posts, or follows the server's locale
    /// again with `None`, for a member with `authority`: only managers may.
    pub async fn set_server_language(
        &self,
        guild: GuildId,
        authority: Authority,
        language: Option<Language>,
    ) -> Result<(), ServiceError> {
        authority.ensure_manages(Managed::Settings)?;
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::set_server_language(&mut tx, guild, language.map(Language::name), now).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_reads_their_choice_else_their_locale_and_a_place_its_own_else_the_readers() {
        let none = Languages::default();
        assert_eq!(none.reader("tr"), Language::Tr);
        assert_eq!(none.reader("pt-BR"), Language::En);
        assert_eq!(none.public(Some("es-ES"), "tr"), Language::Es);
        assert_eq!(none.public(None, "tr"), Language::Tr, "direct messages");
        let chosen = Languages {
            user: Some(Language::Sv),
            server: Some(Language::Tr),
            user_known: true,
        };
        assert_eq!(chosen.reader("es"), Language::Sv);
        assert_eq!(chosen.public(Some("es"), "es"), Language::Tr);
        let user_only = Languages {
            server: None,
            ..chosen
        };
        assert_eq!(user_only.public(None, "es"), Language::Sv);
        assert_eq!(user_only.public(Some("es"), "en"), Language::Es);
    }
}
