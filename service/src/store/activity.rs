//! The SQL of the Activity's launches: which game a member's latest "Open board" press in a
//! channel meant.

use super::{Conn, to_db};
use crate::ids::{ChannelId, GameId, GuildId, UserId};

/// Notes that `user` asked in `channel` at `at` (unix ms) for `game`'s board, and forgets their
/// presses from before `forget_before`.
pub(crate) async fn record_launch(
    conn: &mut Conn,
    user: UserId,
    channel: ChannelId,
    game: GameId,
    at: i64,
    forget_before: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM activity_launches WHERE user_id = $1 AND launched_at < $2")
        .bind(to_db(user.0))
        .bind(forget_before)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO activity_launches (user_id, channel_id, game_id, launched_at) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, channel_id) \
         DO UPDATE SET game_id = excluded.game_id, launched_at = excluded.launched_at",
    )
    .bind(to_db(user.0))
    .bind(to_db(channel.0))
    .bind(game.0)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The game of `user`'s latest press in `channel`, if it came at `since` (unix ms) or later.
pub(crate) async fn launched_game(
    conn: &mut Conn,
    user: UserId,
    channel: ChannelId,
    since: i64,
) -> Result<Option<GameId>, sqlx::Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "SELECT game_id FROM activity_launches \
         WHERE user_id = $1 AND channel_id = $2 AND launched_at >= $3",
    )
    .bind(to_db(user.0))
    .bind(to_db(channel.0))
    .bind(since)
    .fetch_optional(conn)
    .await?;
    Ok(id.map(GameId))
}

/// Whether `user` has been seen in `guild` (their name there is known: they played, challenged
/// or were challenged there, or used a command there).
pub(crate) async fn seen_in(
    conn: &mut Conn,
    user: UserId,
    guild: GuildId,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM member_names WHERE scope = $1 AND user_id = $2")
            .bind(to_db(guild.0))
            .bind(to_db(user.0))
            .fetch_optional(conn)
            .await?;
    Ok(found.is_some())
}
