//! Ratings and leaderboards.

use sqlx::FromRow;

use super::{Conn, from_db, to_db};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};
use crate::rating::Rating;

/// A player's rating in a scope, with the number of rated games behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RatingRecord {
    pub rating: Rating,
    pub games: u32,
}

#[derive(FromRow)]
pub(super) struct RatingRow {
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
}

impl From<RatingRow> for RatingRecord {
    fn from(r: RatingRow) -> RatingRecord {
        RatingRecord {
            rating: Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            },
            games: u32::try_from(r.games).unwrap_or_default(),
        }
    }
}

/// `user`'s rating in `scope`, `None` before their first rated game there.
pub(crate) async fn rating(
    conn: &mut Conn,
    scope: i64,
    user: UserId,
) -> Result<Option<RatingRecord>, sqlx::Error> {
    let row: Option<RatingRow> = sqlx::query_as(
        "SELECT rating, deviation, volatility, games FROM ratings WHERE scope = $1 AND user_id = $2",
    )
    .bind(scope)
    .bind(to_db(user.0))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(RatingRecord::from))
}

/// Stores `user`'s rating in `scope`.
pub(crate) async fn put_rating(
    conn: &mut Conn,
    scope: i64,
    user: UserId,
    record: &RatingRecord,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO ratings (scope, user_id, rating, deviation, volatility, games, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (scope, user_id) DO UPDATE SET rating = $3, deviation = $4,
             volatility = $5, games = $6, updated_at = $7",
    )
    .bind(scope)
    .bind(to_db(user.0))
    .bind(record.rating.rating)
    .bind(record.rating.deviation)
    .bind(record.rating.volatility)
    .bind(i64::from(record.games))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Records how game `game` changed `user`'s rating.
pub(crate) async fn insert_rating_change(
    conn: &mut Conn,
    game: GameId,
    user: UserId,
    before: &Rating,
    after: &Rating,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO rating_changes (game_id, user_id, rating_before, rating_after, deviation_after)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(game.0)
    .bind(to_db(user.0))
    .bind(before.rating)
    .bind(after.rating)
    .bind(after.deviation)
    .execute(conn)
    .await?;
    Ok(())
}

/// One leaderboard line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RankedRecord {
    pub user: UserId,
    pub name: String,
    pub record: RatingRecord,
}

/// A leaderboard line as the leaderboard queries (all-time and season) select it.
#[derive(FromRow)]
pub(crate) struct RankedRow {
    user_id: i64,
    display_name: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

impl From<RankedRow> for RankedRecord {
    fn from(r: RankedRow) -> RankedRecord {
        RankedRecord {
            user: UserId(from_db(r.user_id)),
            name: r.display_name,
            record: r.rating.into(),
        }
    }
}

/// The leaderboard: scope, minimum games, limit. It walks `ratings_by_rating` from the top and
/// stops at the limit; each line's name is two primary-key lookups.
const LEADERBOARD: &str = concat!(
    "SELECT r.user_id, ",
    name_in!("r.user_id", "r.scope"),
    " AS display_name, r.rating, r.deviation, r.volatility, r.games
     FROM ratings r
     WHERE r.scope = $1 AND r.games >= $2
     ORDER BY r.rating DESC, r.user_id
     LIMIT $3",
);

/// The best-rated players of `scope` with at least `min_games` rated games, best first.
pub(crate) async fn leaderboard(
    conn: &mut Conn,
    scope: i64,
    min_games: u32,
    limit: u32,
) -> Result<Vec<RankedRecord>, sqlx::Error> {
    let rows: Vec<RankedRow> = sqlx::query_as(LEADERBOARD)
        .bind(scope)
        .bind(i64::from(min_games))
        .bind(i64::from(limit))
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(RankedRecord::from).collect())
}

/// How many players of `scope` with at least `min_games` rated games rate above `rating`.
pub(crate) async fn players_above(
    conn: &mut Conn,
    scope: i64,
    min_games: u32,
    rating: f64,
) -> Result<u32, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM ratings WHERE scope = $1 AND games >= $2 AND rating > $3",
    )
    .bind(scope)
    .bind(i64::from(min_games))
    .bind(rating)
    .fetch_one(conn)
    .await?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_leaderboard_walks_the_rating_index_and_looks_names_up_by_key() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = dir.path().join("plan.db").display().to_string();
        let pool = super::super::connect(&url).await.expect("database");
        let plan: Vec<(i64, i64, i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "EXPLAIN QUERY PLAN {LEADERBOARD}"
        )))
        .bind(1_i64)
        .bind(3_i64)
        .bind(10_i64)
        .fetch_all(&pool)
        .await
        .expect("plan");
        let steps: Vec<&str> = plan.iter().map(|(.., detail)| detail.as_str()).collect();
        let searches = |what: &str| steps.iter().filter(|s| s.contains(what)).count();
        assert_eq!(
            searches("SEARCH r USING INDEX ratings_by_rating (scope=?)"),
            1,
            "{steps:?}"
        );
        assert_eq!(searches("SEARCH here USING PRIMARY KEY"), 1, "{steps:?}");
        assert_eq!(
            searches("SEARCH anywhere USING INTEGER PRIMARY KEY"),
            1,
            "{steps:?}"
        );
        assert_eq!(searches("SCAN"), 0, "no table is read whole: {steps:?}");
        assert_eq!(searches("TEMP B-TREE"), 0, "no sort: {steps:?}");
    }
}
