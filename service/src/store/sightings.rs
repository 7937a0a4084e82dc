//! Sightings of players in live games: when each was last seen on the game's page or in the
//! Activity, and when they last moved.

use super::{Conn, to_db};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};

/// Records that `user` was seen in game `id` at `at` (a later sighting kept, an earlier one
/// ignored).
pub(crate) async fn record_sighting(
    conn: &mut Conn,
    id: GameId,
    user: UserId,
    at: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO live_sightings (game_id, user_id, seen_at) VALUES ($1, $2, $3)
         ON CONFLICT (game_id, user_id) DO UPDATE SET seen_at = CASE
             WHEN excluded.seen_at > live_sightings.seen_at THEN excluded.seen_at
             ELSE live_sightings.seen_at END",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(at.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// When `user` was last seen in game `id` on a page or in the Activity, or last moved there
/// (their moves are the plies of parity `parity`: 1 for the odd plies); `None` when neither.
pub(crate) async fn last_seen(
    conn: &mut Conn,
    id: GameId,
    user: UserId,
    parity: i64,
) -> Result<Option<Timestamp>, sqlx::Error> {
    let sighted: Option<i64> = sqlx::query_scalar(
        "SELECT max(seen_at) FROM live_sightings WHERE game_id = $1 AND user_id = $2",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .fetch_one(&mut *conn)
    .await?;
    let moved: Option<i64> =
        sqlx::query_scalar("SELECT max(played_at) FROM moves WHERE game_id = $1 AND ply % 2 = $2")
            .bind(id.0)
            .bind(parity)
            .fetch_one(&mut *conn)
            .await?;
    Ok(sighted.max(moved).map(Timestamp::from_millis))
}
