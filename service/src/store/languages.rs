//! The languages of players and servers: the locale last seen and the language chosen.

use super::{Conn, to_db};
use crate::clock::Timestamp;
use crate::ids::{GuildId, UserId};

/// What is known of someone's (or some server's) language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spoken {
    /// The language chosen with a command (a code: `en`, `tr`, `es`, `sv`), which wins.
    pub chosen: Option<String>,
    /// The Discord locale last seen (`tr`, `es-ES`, …).
    pub locale: Option<String>,
}

/// What is known of `user`'s language; `None` for someone who is not a player yet.
pub(crate) async fn player_spoken(
    conn: &mut Conn,
    user: UserId,
) -> Result<Option<Spoken>, sqlx::Error> {
    let row: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT language, locale FROM players WHERE user_id = $1")
            .bind(to_db(user.0))
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|(chosen, locale)| Spoken { chosen, locale }))
}

/// What is known of `guild`'s language.
pub(crate) async fn server_spoken(conn: &mut Conn, guild: GuildId) -> Result<Spoken, sqlx::Error> {
    let row: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT language, locale FROM servers WHERE guild_id = $1")
            .bind(to_db(guild.0))
            .fetch_optional(conn)
            .await?;
    Ok(row.map_or_else(Spoken::default, |(chosen, locale)| Spoken {
        chosen,
        locale,
    }))
}

/// Records `locale` as `user`'s (a known player's).
pub(crate) async fn set_player_locale(
    conn: &mut Conn,
    user: UserId,
    locale: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE players SET locale = $2 WHERE user_id = $1")
        .bind(to_db(user.0))
        .bind(locale)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records `locale` as `guild`'s.
pub(crate) async fn set_server_locale(
    conn: &mut Conn,
    guild: GuildId,
    locale: &str,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO servers (guild_id, locale, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at",
    )
    .bind(to_db(guild.0))
    .bind(locale)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the language `user` chose (`None`: follow their client).
pub(crate) async fn set_player_language(
    conn: &mut Conn,
    user: UserId,
    language: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE players SET language = $2 WHERE user_id = $1")
        .bind(to_db(user.0))
        .bind(language)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets the language chosen for `guild` (`None`: follow the server's Discord locale).
pub(crate) async fn set_server_language(
    conn: &mut Conn,
    guild: GuildId,
    language: Option<&str>,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO servers (guild_id, language, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language,
             updated_at = excluded.updated_at",
    )
    .bind(to_db(guild.0))
    .bind(language)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}
