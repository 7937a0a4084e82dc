//! Ratings and leaderboards: one set of statements for every rating table.
//!
//! A rating lives in a [`RatingTable`]: a place's all-time table (`ratings`) or a server's
//! season table (`season_ratings`), at one speed. Each table's statements bind the same values
//! in the same order and the table's key last (the speed after the rest of it), so one function
//! reads, writes or ranks either.

use std::iter;

use sqlx::FromRow;

use super::{Conn, from_db, scope, to_db};
use crate::clock::Timestamp;
use crate::ids::{GameId, GuildId, UserId};
use crate::model::Speed;
use crate::rating::Rating;

/// Where a rating lives: a table, and the speed within it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RatingTable {
    /// The all-time table of a server, or of DMs with `None`.
    AllTime(Option<GuildId>, Speed),
    /// The table of a server's season of this number.
    Season(GuildId, u32, Speed),
}

/// A rating table's statements. The key's placeholders come after the others.
struct Statements {
    /// User; then the key.
    read: &'static str,
    /// User, rating, deviation, volatility, games, time; then the key.
    write: &'static str,
    /// Minimum games, limit; then the key.
    leaderboard: &'static str,
    /// Minimum games, rating; then the key.
    players_above: &'static str,
    /// The key without its speed: the speed with the most rated games in the table.
    busiest: &'static str,
}

const ALL_TIME: Statements = Statements {
    read: "SELECT rating, deviation, volatility, games FROM ratings
         WHERE user_id = $1 AND scope = $2 AND speed = $3",
    write: "INSERT INTO ratings
             (user_id, rating, deviation, volatility, games, updated_at, scope, speed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (scope, speed, user_id) DO UPDATE SET rating = $2, deviation = $3,
             volatility = $4, games = $5, updated_at = $6",
    // It walks `ratings_by_rating` from the top and stops at the limit; each line's name is
    // two primary-key lookups.
    leaderboard: concat!(
        "SELECT r.user_id, ",
        name_in!("r.user_id", "r.scope"),
        " AS display_name, r.rating, r.deviation, r.volatility, r.games
         FROM ratings r
         WHERE r.games >= $1 AND r.scope = $3 AND r.speed = $4
         ORDER BY r.rating DESC, r.user_id
         LIMIT $2",
    ),
    players_above: "SELECT count(*) FROM ratings
         WHERE games >= $1 AND rating > $2 AND scope = $3 AND speed = $4",
    // Correspondence wins a tie: it is the table every rating from before is in.
    busiest: "SELECT speed FROM ratings WHERE scope = $1
         GROUP BY speed
         ORDER BY sum(games) DESC, CASE WHEN speed = 'correspondence' THEN 0 ELSE 1 END, speed
         LIMIT 1",
};

const SEASON: Statements = Statements {
    read: "SELECT rating, deviation, volatility, games FROM season_ratings
         WHERE user_id = $1 AND guild_id = $2 AND number = $3 AND speed = $4",
    write: "INSERT INTO season_ratings
             (user_id, rating, deviation, volatility, games, updated_at, guild_id, number, speed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (guild_id, number, speed, user_id) DO UPDATE SET rating = $2,
             deviation = $3, volatility = $4, games = $5, updated_at = $6",
    // It walks `season_ratings_by_rating` from the top; names as the server knows them (the
    // guild id is the names' scope).
    leaderboard: concat!(
        "SELECT r.user_id, ",
        name_in!("r.user_id", "r.guild_id"),
        " AS display_name, r.rating, r.deviation, r.volatility, r.games
         FROM season_ratings r
         WHERE r.games >= $1 AND r.guild_id = $3 AND r.number = $4 AND r.speed = $5
         ORDER BY r.rating DESC, r.user_id
         LIMIT $2",
    ),
    players_above: "SELECT count(*) FROM season_ratings
         WHERE games >= $1 AND rating > $2 AND guild_id = $3 AND number = $4 AND speed = $5",
    busiest: "SELECT speed FROM season_ratings WHERE guild_id = $1 AND number = $2
         GROUP BY speed
         ORDER BY sum(games) DESC, CASE WHEN speed = 'correspondence' THEN 0 ELSE 1 END, speed
         LIMIT 1",
};

impl RatingTable {
    fn statements(self) -> &'static Statements {
        match self {
            RatingTable::AllTime(..) => &ALL_TIME,
            RatingTable::Season(..) => &SEASON,
        }
    }

    /// The values of the table's key but its speed, in its statements' order.
    fn key(self) -> impl Iterator<Item = i64> {
        let (first, second) = match self {
            RatingTable::AllTime(guild, _) => (scope(guild), None),
            RatingTable::Season(guild, number, _) => (to_db(guild.0), Some(i64::from(number))),
        };
        iter::once(first).chain(second)
    }

    /// The speed within the table, the last value of its key.
    pub(crate) fn speed(self) -> Speed {
        match self {
            RatingTable::AllTime(_, speed) | RatingTable::Season(_, _, speed) => speed,
        }
    }

    /// The same table at `speed`.
    pub(crate) fn at(self, speed: Speed) -> RatingTable {
        match self {
            RatingTable::AllTime(guild, _) => RatingTable::AllTime(guild, speed),
            RatingTable::Season(guild, number, _) => RatingTable::Season(guild, number, speed),
        }
    }
}

/// A speed as stored.
pub(crate) fn speed_to_db(speed: Speed) -> &'static str {
    speed.name()
}

/// A stored speed; a name the schema's CHECK would refuse reads as correspondence.
pub(crate) fn speed_from_db(name: &str) -> Speed {
    name.parse().unwrap_or(Speed::Correspondence)
}

/// A player's rating in a table, with the number of rated games behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RatingRecord {
    pub rating: Rating,
    pub games: u32,
}

#[derive(FromRow)]
struct RatingRow {
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

/// `user`'s rating in `table`, `None` before their first rated game there.
pub(crate) async fn rating(
    conn: &mut Conn,
    table: RatingTable,
    user: UserId,
) -> Result<Option<RatingRecord>, sqlx::Error> {
    let mut query = sqlx::query_as(table.statements().read).bind(to_db(user.0));
    for value in table.key() {
        query = query.bind(value);
    }
    let query = query.bind(speed_to_db(table.speed()));
    let row: Option<RatingRow> = query.fetch_optional(conn).await?;
    Ok(row.map(RatingRecord::from))
}

/// Stores `user`'s rating in `table`.
pub(crate) async fn put_rating(
    conn: &mut Conn,
    table: RatingTable,
    user: UserId,
    record: &RatingRecord,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    let mut query = sqlx::query(table.statements().write)
        .bind(to_db(user.0))
        .bind(record.rating.rating)
        .bind(record.rating.deviation)
        .bind(record.rating.volatility)
        .bind(i64::from(record.games))
        .bind(now.as_millis());
    for value in table.key() {
        query = query.bind(value);
    }
    let query = query.bind(speed_to_db(table.speed()));
    query.execute(conn).await?;
    Ok(())
}

/// The speed with the most rated games in `table` (whatever its speed), `None` while it has no
/// rating at all; correspondence on a tie.
pub(crate) async fn busiest_speed(
    conn: &mut Conn,
    table: RatingTable,
) -> Result<Option<Speed>, sqlx::Error> {
    let mut query = sqlx::query_scalar(table.statements().busiest);
    for value in table.key() {
        query = query.bind(value);
    }
    let name: Option<String> = query.fetch_optional(conn).await?;
    Ok(name.as_deref().map(speed_from_db))
}

/// Records how game `game`, played at `speed`, changed `user`'s rating at that speed.
pub(crate) async fn insert_rating_change(
    conn: &mut Conn,
    game: GameId,
    speed: Speed,
    user: UserId,
    before: &Rating,
    after: &Rating,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO rating_changes
             (game_id, user_id, rating_before, rating_after, deviation_after, speed)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(game.0)
    .bind(to_db(user.0))
    .bind(before.rating)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(speed_to_db(speed))
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

#[derive(FromRow)]
struct RankedRow {
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

/// The best-rated players of `table` with at least `min_games` rated games in it, best first.
pub(crate) async fn leaderboard(
    conn: &mut Conn,
    table: RatingTable,
    min_games: u32,
    limit: u32,
) -> Result<Vec<RankedRecord>, sqlx::Error> {
    let mut query = sqlx::query_as(table.statements().leaderboard)
        .bind(i64::from(min_games))
        .bind(i64::from(limit));
    for value in table.key() {
        query = query.bind(value);
    }
    let query = query.bind(speed_to_db(table.speed()));
    let rows: Vec<RankedRow> = query.fetch_all(conn).await?;
    Ok(rows.into_iter().map(RankedRecord::from).collect())
}

/// How many players of `table` with at least `min_games` rated games in it rate above `rating`.
pub(crate) async fn players_above(
    conn: &mut Conn,
    table: RatingTable,
    min_games: u32,
    rating: f64,
) -> Result<u32, sqlx::Error> {
    let mut query = sqlx::query_scalar(table.statements().players_above)
        .bind(i64::from(min_games))
        .bind(rating);
    for value in table.key() {
        query = query.bind(value);
    }
    let query = query.bind(speed_to_db(table.speed()));
    let n: i64 = query.fetch_one(conn).await?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The query plan of `table`'s leaderboard, one detail a step.
    async fn leaderboard_plan(table: RatingTable) -> Vec<String> {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = dir.path().join("plan.db").display().to_string();
        let pool = super::super::connect(&url).await.expect("database");
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "EXPLAIN QUERY PLAN {}",
            table.statements().leaderboard
        )))
        .bind(3_i64)
        .bind(10_i64);
        for value in table.key() {
            query = query.bind(value);
        }
        let query = query.bind(speed_to_db(table.speed()));
        let plan: Vec<(i64, i64, i64, String)> = query.fetch_all(&pool).await.expect("plan");
        plan.into_iter().map(|(.., detail)| detail).collect()
    }

    /// Asserts that `steps` walk `index` from the top and look each name up by key.
    fn assert_walks(steps: &[String], index: &str) {
        let searches = |what: &str| steps.iter().filter(|s| s.contains(what)).count();
        assert_eq!(searches(index), 1, "{steps:?}");
        assert_eq!(searches("SEARCH here USING PRIMARY KEY"), 1, "{steps:?}");
        assert_eq!(
            searches("SEARCH player USING INTEGER PRIMARY KEY"),
            1,
            "{steps:?}"
        );
        assert_eq!(searches("SCAN"), 0, "no table is read whole: {steps:?}");
        assert_eq!(searches("TEMP B-TREE"), 0, "no sort: {steps:?}");
    }

    /// Every statement of every table, on a fresh SQLite file: ratings written are read back,
    /// ranked and counted in their own table only.
    #[tokio::test]
    async fn each_table_reads_writes_and_ranks_its_own_ratings() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = dir.path().join("tables.db").display().to_string();
        let pool = super::super::connect(&url).await.expect("database");
        let mut conn = pool.acquire().await.expect("connection");
        let guild = GuildId(7);
        let now = Timestamp::from_millis(1_000);
        let season = super::super::SeasonRecord {
            number: 1,
            started_at: now,
            ended_at: None,
        };
        assert!(
            super::super::insert_season(&mut conn, guild, &season)
                .await
                .expect("season")
        );
        let users = [UserId(1), UserId(2), UserId(3)];
        for user in users {
            let player = crate::model::Player::new(user, format!("p{}", user.0));
            super::super::upsert_player(&mut conn, &player, Some(guild), now)
                .await
                .expect("player");
        }
        let tables = [
            RatingTable::AllTime(Some(guild), Speed::Correspondence),
            RatingTable::AllTime(Some(guild), Speed::Blitz),
            RatingTable::AllTime(None, Speed::Correspondence),
            RatingTable::Season(guild, 1, Speed::Correspondence),
            RatingTable::Season(guild, 1, Speed::Bullet),
        ];
        for (offset, table) in (0..).map(|i| f64::from(i) * 100.0).zip(tables) {
            assert_eq!(
                rating(&mut conn, table, users[0]).await.expect("read"),
                None
            );
            for (user, games) in users.into_iter().zip([3, 5, 1]) {
                let record = RatingRecord {
                    rating: Rating {
                        rating: 1000.0 + offset + 10.0 * f64::from(games),
                        ..Rating::default()
                    },
                    games,
                };
                put_rating(&mut conn, table, user, &record, now)
                    .await
                    .expect("write");
                assert_eq!(
                    rating(&mut conn, table, user).await.expect("read"),
                    Some(record)
                );
            }
            let board = leaderboard(&mut conn, table, 2, 10).await.expect("board");
            let ranked: Vec<(UserId, u32)> =
                board.iter().map(|l| (l.user, l.record.games)).collect();
            assert_eq!(ranked, [(users[1], 5), (users[0], 3)], "{table:?}");
            assert_eq!(board[0].name, "p2");
            let best = board[0].record.rating.rating;
            assert_eq!(
                players_above(&mut conn, table, 2, best)
                    .await
                    .expect("rank"),
                0
            );
            assert_eq!(
                players_above(&mut conn, table, 1, 0.0).await.expect("rank"),
                3
            );
        }
        // Blitz and correspondence have as many games on the server: correspondence wins the
        // tie; a few more blitz games make blitz the busiest.
        let server = RatingTable::AllTime(Some(guild), Speed::Rapid);
        assert_eq!(
            busiest_speed(&mut conn, server).await.expect("busiest"),
            Some(Speed::Correspondence)
        );
        let record = RatingRecord {
            rating: Rating::default(),
            games: 9,
        };
        put_rating(&mut conn, server.at(Speed::Blitz), users[2], &record, now)
            .await
            .expect("write");
        assert_eq!(
            busiest_speed(&mut conn, server).await.expect("busiest"),
            Some(Speed::Blitz)
        );
        let elsewhere = RatingTable::AllTime(Some(GuildId(8)), Speed::Blitz);
        assert_eq!(
            busiest_speed(&mut conn, elsewhere).await.expect("busiest"),
            None
        );
    }

    #[tokio::test]
    async fn the_leaderboard_walks_the_rating_index_and_looks_names_up_by_key() {
        let table = RatingTable::AllTime(Some(GuildId(1)), Speed::Blitz);
        let steps = leaderboard_plan(table).await;
        assert_walks(
            &steps,
            "SEARCH r USING INDEX ratings_by_rating (scope=? AND speed=?)",
        );
    }

    #[tokio::test]
    async fn a_season_leaderboard_walks_the_season_rating_index_and_looks_names_up_by_key() {
        let table = RatingTable::Season(GuildId(1), 2, Speed::Correspondence);
        let steps = leaderboard_plan(table).await;
        assert_walks(
            &steps,
            "SEARCH r USING INDEX season_ratings_by_rating (guild_id=? AND number=? AND speed=?)",
        );
    }
}
