//! A server's champion roles and who holds them.

use super::{Conn, from_db, to_db};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GuildId, UserId};
use crate::service::{ChampionRole, ChampionTitle};

/// `guild`'s role for `title`, if one is named.
pub(crate) async fn champion_role(
    conn: &mut Conn,
    guild: GuildId,
    title: ChampionTitle,
) -> Result<Option<ChampionRole>, sqlx::Error> {
    let row: Option<(i64, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT role_id, channel_id, holder_id, held_role_id FROM champion_roles
         WHERE guild_id = $1 AND title = $2",
    )
    .bind(to_db(guild.0))
    .bind(title.name())
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(role, channel, holder, held)| ChampionRole {
        role: from_db(role),
        channel: ChannelId(from_db(channel)),
        held: holder
            .zip(held)
            .map(|(user, role)| (UserId(from_db(user)), from_db(role))),
    }))
}

/// Names `role` for `guild`'s `title`, said in `channel` (its holder, if any, is kept: the
/// role they hold is taken from them by the next step).
pub(crate) async fn set_champion_role(
    conn: &mut Conn,
    guild: GuildId,
    title: ChampionTitle,
    role: u64,
    channel: ChannelId,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO champion_roles (guild_id, title, role_id, channel_id, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (guild_id, title) DO UPDATE
         SET role_id = excluded.role_id, channel_id = excluded.channel_id,
             refused_told_at = NULL, updated_at = excluded.updated_at",
    )
    .bind(to_db(guild.0))
    .bind(title.name())
    .bind(to_db(role))
    .bind(to_db(channel.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// No role for `guild`'s `title` any more.
pub(crate) async fn clear_champion_role(
    conn: &mut Conn,
    guild: GuildId,
    title: ChampionTitle,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM champion_roles WHERE guild_id = $1 AND title = $2")
        .bind(to_db(guild.0))
        .bind(title.name())
        .execute(conn)
        .await?;
    Ok(())
}

/// Records who holds `guild`'s `title` role now (`None`: nobody), and forgets a refusal.
pub(crate) async fn set_champion_holder(
    conn: &mut Conn,
    guild: GuildId,
    title: ChampionTitle,
    held: Option<(UserId, u64)>,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE champion_roles SET holder_id = $3, held_role_id = $4, refused_told_at = NULL,
             updated_at = $5
         WHERE guild_id = $1 AND title = $2",
    )
    .bind(to_db(guild.0))
    .bind(title.name())
    .bind(held.map(|(user, _)| to_db(user.0)))
    .bind(held.map(|(_, role)| to_db(role)))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Notes that Discord refused `guild`'s `title` role; whether it is the first refusal since
/// the role last moved.
pub(crate) async fn note_champion_refused(
    conn: &mut Conn,
    guild: GuildId,
    title: ChampionTitle,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let noted = sqlx::query(
        "UPDATE champion_roles SET refused_told_at = $3
         WHERE guild_id = $1 AND title = $2 AND refused_told_at IS NULL",
    )
    .bind(to_db(guild.0))
    .bind(title.name())
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(noted.rows_affected() == 1)
}
