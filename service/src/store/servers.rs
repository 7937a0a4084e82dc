//! A server's own settings.

use dama_rules::Rules;

use super::{Conn, Flag, corrupt, from_db, to_db};
use crate::clock::Timestamp;
use crate::ids::GuildId;

/// The rule set games on `guild` use when the command names none (the default rules for a
/// server that chose none).
pub(crate) async fn server_rules(conn: &mut Conn, guild: GuildId) -> Result<Rules, sqlx::Error> {
    let name: Option<String> = sqlx::query_scalar("SELECT rules FROM servers WHERE guild_id = $1")
        .bind(to_db(guild.0))
        .fetch_optional(conn)
        .await?;
    name.map_or(Ok(Rules::default()), |name| {
        name.parse()
            .map_err(|e| corrupt(format!("server {}: {e}", guild.0)))
    })
}

/// Sets the rule set of games on `guild` that name none.
pub(crate) async fn set_server_rules(
    conn: &mut Conn,
    guild: GuildId,
    rules: Rules,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO servers (guild_id, rules, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at",
    )
    .bind(to_db(guild.0))
    .bind(rules.name())
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether `guild`'s community pages are on (off for a server that never chose).
pub(crate) async fn community_pages(conn: &mut Conn, guild: GuildId) -> Result<bool, sqlx::Error> {
    let on: Option<Flag> =
        sqlx::query_scalar("SELECT community_pages FROM servers WHERE guild_id = $1")
            .bind(to_db(guild.0))
            .fetch_optional(conn)
            .await?;
    Ok(on.is_some_and(bool::from))
}

/// Turns `guild`'s community pages on or off.
pub(crate) async fn set_community_pages(
    conn: &mut Conn,
    guild: GuildId,
    on: bool,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO servers (guild_id, community_pages, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET community_pages = excluded.community_pages,
             updated_at = excluded.updated_at",
    )
    .bind(to_db(guild.0))
    .bind(on)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// The servers whose community pages are on, at most `limit`, those that turned them on (or
/// last changed a setting) most recently first.
pub(crate) async fn community_servers(
    conn: &mut Conn,
    limit: u32,
) -> Result<Vec<GuildId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT guild_id FROM servers WHERE community_pages = $1
         ORDER BY updated_at DESC, guild_id LIMIT $2",
    )
    .bind(true)
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(|id| GuildId(from_db(id))).collect())
}
