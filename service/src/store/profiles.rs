//! What a player's page on a server reads: how their rating there moved, game by game, and
//! their latest games there.

use sqlx::FromRow;

use super::{Conn, game_ids, speed_to_db, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{GameId, GuildId, UserId};
use crate::model::Speed;

/// How one rated game moved a player's all-time rating at its speed on a server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RatingStepRecord {
    pub game: GameId,
    pub ended_at: Timestamp,
    pub before: f64,
    pub after: f64,
}

#[derive(FromRow)]
struct RatingStepRow {
    id: i64,
    ended_at: i64,
    rating_before: f64,
    rating_after: f64,
}

/// Player `$1`'s rated games on server `$2` at speed `$4` with their rating changes, newest
/// first, at most `$3`. The games are found through the player's own rows (games_by_white,
/// games_by_black), each change by its primary key.
const RATING_STEPS: &str = "SELECT g.id, coalesce(g.ended_at, g.updated_at) AS ended_at,
        c.rating_before, c.rating_after
    FROM games g JOIN rating_changes c ON c.game_id = g.id AND c.user_id = $1
    WHERE (g.white_id = $1 OR g.black_id = $1) AND g.status = 'finished' AND g.guild_id = $2
        AND c.speed = $4
    ORDER BY ended_at DESC, g.id DESC
    LIMIT $3";

/// The latest `limit` changes of `user`'s all-time `speed` rating on `guild`, newest first.
pub(crate) async fn rating_steps(
    conn: &mut Conn,
    guild: GuildId,
    user: UserId,
    speed: Speed,
    limit: u32,
) -> Result<Vec<RatingStepRecord>, sqlx::Error> {
    let rows: Vec<RatingStepRow> = sqlx::query_as(RATING_STEPS)
        .bind(to_db(user.0))
        .bind(to_db(guild.0))
        .bind(i64::from(limit))
        .bind(speed_to_db(speed))
        .fetch_all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| RatingStepRecord {
            game: GameId(r.id),
            ended_at: time(r.ended_at),
            before: r.rating_before,
            after: r.rating_after,
        })
        .collect())
}

/// Player `$1`'s games on server `$2`, in progress or over, against people or the computer,
/// the most recently changed first, at most `$3`.
const RECENT_GAMES: &str = "SELECT id FROM games
    WHERE (white_id = $1 OR black_id = $1) AND guild_id = $2
    ORDER BY updated_at DESC, id DESC
    LIMIT $3";

/// The ids of `user`'s latest `limit` games on `guild` (see [`RECENT_GAMES`]).
pub(crate) async fn recent_game_ids(
    conn: &mut Conn,
    guild: GuildId,
    user: UserId,
    limit: u32,
) -> Result<Vec<GameId>, sqlx::Error> {
    let query = sqlx::query_scalar(RECENT_GAMES)
        .bind(to_db(user.0))
        .bind(to_db(guild.0))
        .bind(i64::from(limit));
    game_ids(conn, query).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::plan_of;

    /// Asserts that `steps` find the player's games through their colour's indexes, without
    /// reading a table whole.
    fn assert_by_the_players_rows(steps: &[String]) {
        let has = |what: &str| steps.iter().filter(|s| s.contains(what)).count();
        assert_eq!(has("INDEX games_by_white (white_id=?"), 1, "{steps:?}");
        assert_eq!(has("INDEX games_by_black (black_id=?"), 1, "{steps:?}");
        assert_eq!(has("SCAN"), 0, "no table is read whole: {steps:?}");
    }

    #[tokio::test]
    async fn a_players_rating_steps_are_found_through_their_own_games() {
        let steps = plan_of(RATING_STEPS, &[1, 2, 50, 0]).await;
        assert_by_the_players_rows(&steps);
        assert_eq!(
            steps
                .iter()
                .filter(|s| s.contains("SEARCH c USING PRIMARY KEY (game_id=? AND user_id=?)"))
                .count(),
            1,
            "{steps:?}"
        );
    }

    #[tokio::test]
    async fn a_players_recent_games_are_found_through_their_own_games() {
        let steps = plan_of(RECENT_GAMES, &[1, 2, 10]).await;
        assert_by_the_players_rows(&steps);
    }
}
