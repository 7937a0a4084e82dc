//! Seasons and their ratings.

use sqlx::FromRow;

use super::{Conn, RankedRecord, RankedRow, RatingRecord, RatingRow, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{GuildId, UserId};

/// A season of a server, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SeasonRecord {
    pub number: u32,
    pub started_at: Timestamp,
    pub ended_at: Option<Timestamp>,
}

#[derive(FromRow)]
struct SeasonRow {
    number: i64,
    started_at: i64,
    ended_at: Option<i64>,
}

impl From<SeasonRow> for SeasonRecord {
    fn from(r: SeasonRow) -> SeasonRecord {
        SeasonRecord {
            number: u32::try_from(r.number).unwrap_or_default(),
            started_at: time(r.started_at),
            ended_at: r.ended_at.map(time),
        }
    }
}

/// `guild`'s open season, if any.
pub(crate) async fn open_season(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Option<SeasonRecord>, sqlx::Error> {
    let row: Option<SeasonRow> = sqlx::query_as(
        "SELECT number, started_at, ended_at FROM seasons WHERE guild_id = $1 AND ended_at IS NULL",
    )
    .bind(to_db(guild.0))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(SeasonRecord::from))
}

/// `guild`'s season `number`, open or ended.
pub(crate) async fn season(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
) -> Result<Option<SeasonRecord>, sqlx::Error> {
    let row: Option<SeasonRow> = sqlx::query_as(
        "SELECT number, started_at, ended_at FROM seasons WHERE guild_id = $1 AND number = $2",
    )
    .bind(to_db(guild.0))
    .bind(i64::from(number))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(SeasonRecord::from))
}

/// `guild`'s latest season, open or ended.
pub(crate) async fn latest_season(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Option<SeasonRecord>, sqlx::Error> {
    let row: Option<SeasonRow> = sqlx::query_as(
        "SELECT number, started_at, ended_at FROM seasons WHERE guild_id = $1
         ORDER BY number DESC LIMIT 1",
    )
    .bind(to_db(guild.0))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(SeasonRecord::from))
}

/// Opens season `number` of `guild`. `false` when `guild` already has an open season (the
/// unique index on open seasons says so) or a season of that number.
pub(crate) async fn insert_season(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO seasons (guild_id, number, started_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING",
    )
    .bind(to_db(guild.0))
    .bind(i64::from(number))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends `guild`'s season `number` if it is open; `false` if it was not.
pub(crate) async fn close_season(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE seasons SET ended_at = $1 WHERE guild_id = $2 AND number = $3 AND ended_at IS NULL",
    )
    .bind(now.as_millis())
    .bind(to_db(guild.0))
    .bind(i64::from(number))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// `user`'s rating in `guild`'s season `number`, `None` before their first rated game of it.
pub(crate) async fn season_rating(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
    user: UserId,
) -> Result<Option<RatingRecord>, sqlx::Error> {
    let row: Option<RatingRow> = sqlx::query_as(
        "SELECT rating, deviation, volatility, games FROM season_ratings
         WHERE guild_id = $1 AND number = $2 AND user_id = $3",
    )
    .bind(to_db(guild.0))
    .bind(i64::from(number))
    .bind(to_db(user.0))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(RatingRecord::from))
}

/// Stores `user`'s rating in `guild`'s season `number`.
pub(crate) async fn put_season_rating(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
    user: UserId,
    record: &RatingRecord,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO season_ratings
             (guild_id, number, user_id, rating, deviation, volatility, games, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (guild_id, number, user_id) DO UPDATE SET rating = $4, deviation = $5,
             volatility = $6, games = $7, updated_at = $8",
    )
    .bind(to_db(guild.0))
    .bind(i64::from(number))
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

/// A season's table: guild, season, minimum games, limit. It walks `season_ratings_by_rating`
/// from the top; names as the server knows them (the guild id is the names' scope).
const SEASON_LEADERBOARD: &str = concat!(
    "SELECT r.user_id, ",
    name_in!("r.user_id", "r.guild_id"),
    " AS display_name, r.rating, r.deviation, r.volatility, r.games
     FROM season_ratings r
     WHERE r.guild_id = $1 AND r.number = $2 AND r.games >= $3
     ORDER BY r.rating DESC, r.user_id
     LIMIT $4",
);

/// The best-rated players of `guild`'s season `number` with at least `min_games` rated games
/// of it, best first.
pub(crate) async fn season_leaderboard(
    conn: &mut Conn,
    guild: GuildId,
    number: u32,
    min_games: u32,
    limit: u32,
) -> Result<Vec<RankedRecord>, sqlx::Error> {
    let rows: Vec<RankedRow> = sqlx::query_as(SEASON_LEADERBOARD)
        .bind(to_db(guild.0))
        .bind(i64::from(number))
        .bind(i64::from(min_games))
        .bind(i64::from(limit))
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(RankedRecord::from).collect())
}
