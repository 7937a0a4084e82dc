//! The SQL of game links: each game's web token (see [`WebToken`]).

use super::Conn;
use crate::ids::{GameId, WebToken};

/// Gives game `id` the token `token` unless it has one already (two instances asking at once
/// agree: the first write wins, and both read it back with [`web_token`]).
pub(crate) async fn set_web_token_if_none(
    conn: &mut Conn,
    id: GameId,
    token: &WebToken,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE games SET web_token = $1 WHERE id = $2 AND web_token IS NULL")
        .bind(token.as_str())
        .bind(id.0)
        .execute(conn)
        .await?;
    Ok(())
}

/// Game `id`'s token: `None` when there is no such game, `Some(None)` when it has none yet.
pub(crate) async fn web_token(
    conn: &mut Conn,
    id: GameId,
) -> Result<Option<Option<String>>, sqlx::Error> {
    sqlx::query_scalar("SELECT web_token FROM games WHERE id = $1")
        .bind(id.0)
        .fetch_optional(conn)
        .await
}

/// The game whose token is `token`, if any.
pub(crate) async fn game_by_web_token(
    conn: &mut Conn,
    token: &WebToken,
) -> Result<Option<GameId>, sqlx::Error> {
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE web_token = $1")
        .bind(token.as_str())
        .fetch_optional(conn)
        .await?;
    Ok(id.map(GameId))
}
