//! The SQL of server membership: when a member was last seen on a server, and the servers the
//! bot is in (`joined_servers`).

use super::{Conn, to_db};
use crate::ids::{GuildId, UserId};

/// What the store knows of `user` on `guild`: when they were last seen there (unix ms), if
/// ever, and whether the bot is in that server. One round trip.
pub(crate) async fn membership_facts(
    conn: &mut Conn,
    guild: GuildId,
    user: UserId,
) -> Result<(Option<i64>, bool), sqlx::Error> {
    let (seen_at, joined): (Option<i64>, Option<i64>) = sqlx::query_as(
        "SELECT (SELECT seen_at FROM member_names WHERE scope = $1 AND user_id = $2), \
                (SELECT 1 FROM joined_servers WHERE guild_id = $1)",
    )
    .bind(to_db(guild.0))
    .bind(to_db(user.0))
    .fetch_one(conn)
    .await?;
    Ok((seen_at, joined.is_some()))
}

/// Notes that the bot is in `guild`, as of `at` (unix ms).
pub(crate) async fn join_server(
    conn: &mut Conn,
    guild: GuildId,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO joined_servers (guild_id, joined_at) VALUES ($1, $2) \
         ON CONFLICT (guild_id) DO UPDATE SET joined_at = excluded.joined_at",
    )
    .bind(to_db(guild.0))
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Notes that the bot left `guild` (or was removed from it).
pub(crate) async fn leave_server(conn: &mut Conn, guild: GuildId) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM joined_servers WHERE guild_id = $1")
        .bind(to_db(guild.0))
        .execute(conn)
        .await?;
    Ok(())
}
