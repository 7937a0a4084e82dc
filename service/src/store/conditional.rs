//! Stored answers (conditional moves and premoves): one tree per player and game, as JSON the
//! service reads and writes, and the game row's `conditional_by`, which says whose there are.

use dama_rules::{Color, Position};
use sqlx::FromRow;

use super::game_row::encode_color;
use super::{Conn, to_db};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};

/// A player's stored answers in a game, as stored: they apply to the opponent's move of ply
/// `ply` + 1, played in `position` (its text).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub(crate) struct StoredAnswers {
    pub ply: i64,
    pub position: String,
    pub tree: String,
}

/// `user`'s stored answers in game `id`, if any.
pub(crate) async fn stored_answers(
    conn: &mut Conn,
    id: GameId,
    user: UserId,
) -> Result<Option<StoredAnswers>, sqlx::Error> {
    sqlx::query_as(
        "SELECT ply, position, tree FROM conditional_moves WHERE game_id = $1 AND user_id = $2",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .fetch_optional(conn)
    .await
}

/// Records that `by` has answers stored in game `id`, if the game is still at `version` (a
/// versioned write that leaves the version as it is: storing answers is private, and changes
/// nothing the players see). Returns whether the game was still there. On PostgreSQL the game's
/// row stays locked until the transaction ends, so a move of the game waits for the answers.
pub(crate) async fn mark_answers(
    conn: &mut Conn,
    id: GameId,
    version: i64,
    by: Color,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query("UPDATE games SET conditional_by = $3 WHERE id = $1 AND version = $2")
        .bind(id.0)
        .bind(version)
        .bind(encode_color(Some(by)))
        .execute(conn)
        .await?;
    Ok(result.rows_affected() == 1)
}

/// Writes `user`'s answers in game `id` (replacing any): `tree` applies to the opponent's move
/// after ply `ply`, played in `position`. The game row's `conditional_by` is the caller's.
pub(crate) async fn save_answers(
    conn: &mut Conn,
    id: GameId,
    user: UserId,
    (ply, position): (u32, &Position),
    tree: &str,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO conditional_moves (game_id, user_id, ply, position, tree, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (game_id, user_id) DO UPDATE SET ply = excluded.ply,
             position = excluded.position, tree = excluded.tree, updated_at = excluded.updated_at",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(i64::from(ply))
    .bind(position.to_string())
    .bind(tree)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes every stored answer of game `id` and marks it as having none. Run after the game's
/// versioned write in the same transaction (which on PostgreSQL holds the game's row), so that
/// answers stored a moment before are cleared too.
pub(crate) async fn clear_answers(conn: &mut Conn, id: GameId) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM conditional_moves WHERE game_id = $1")
        .bind(id.0)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "UPDATE games SET conditional_by = NULL WHERE id = $1 AND conditional_by IS NOT NULL",
    )
    .bind(id.0)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes `user`'s (playing `color`) stored answers in game `id`; the game is marked as having
/// none when they were the ones it had.
pub(crate) async fn delete_answers(
    conn: &mut Conn,
    id: GameId,
    user: UserId,
    color: Color,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM conditional_moves WHERE game_id = $1 AND user_id = $2")
        .bind(id.0)
        .bind(to_db(user.0))
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE games SET conditional_by = NULL WHERE id = $1 AND conditional_by = $2")
        .bind(id.0)
        .bind(encode_color(Some(color)))
        .execute(conn)
        .await?;
    Ok(())
}
