//! Seasons; their ratings are rating tables (see `ratings`).

use sqlx::FromRow;

use super::{Backend, Conn, time, to_db};
use crate::clock::Timestamp;
use crate::ids::GuildId;

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

/// Which of a server's seasons to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WhichSeason {
    /// The open one.
    Open,
    /// The one of this number, open or ended.
    Numbered(u32),
    /// The latest, open or ended.
    Latest,
}

/// `guild`'s season `which`, if it has one.
pub(crate) async fn season(
    conn: &mut Conn,
    guild: GuildId,
    which: WhichSeason,
) -> Result<Option<SeasonRecord>, sqlx::Error> {
    let sql = match which {
        WhichSeason::Open => {
            "SELECT number, started_at, ended_at FROM seasons
             WHERE guild_id = $1 AND ended_at IS NULL"
        }
        WhichSeason::Numbered(_) => {
            "SELECT number, started_at, ended_at FROM seasons WHERE guild_id = $1 AND number = $2"
        }
        WhichSeason::Latest => {
            "SELECT number, started_at, ended_at FROM seasons WHERE guild_id = $1
             ORDER BY number DESC LIMIT 1"
        }
    };
    let mut query = sqlx::query_as(sql).bind(to_db(guild.0));
    if let WhichSeason::Numbered(number) = which {
        query = query.bind(i64::from(number));
    }
    let row: Option<SeasonRow> = query.fetch_optional(conn).await?;
    Ok(row.map(SeasonRecord::from))
}

/// `guild`'s open season, to rate a game in: on PostgreSQL its row is share-locked until the
/// transaction ends, so that ending the season (an update of that row) waits for this game to
/// be rated in it, and a game whose rating comes after the end waits, then finds the season
/// ended and leaves its table alone. On SQLite the write transaction holds the database
/// already.
pub(crate) async fn season_to_rate_in(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Option<SeasonRecord>, sqlx::Error> {
    let sql = match Backend::of(conn) {
        Backend::Sqlite => {
            "SELECT number, started_at, ended_at FROM seasons
             WHERE guild_id = $1 AND ended_at IS NULL"
        }
        Backend::Postgres => {
            "SELECT number, started_at, ended_at FROM seasons
             WHERE guild_id = $1 AND ended_at IS NULL FOR SHARE"
        }
    };
    let row: Option<SeasonRow> = sqlx::query_as(sql)
        .bind(to_db(guild.0))
        .fetch_optional(conn)
        .await?;
    Ok(row.map(SeasonRecord::from))
}

/// Stores `season` of `guild`. `false` when `guild` already has an open season (the unique
/// index on open seasons says so) or a season of that number.
pub(crate) async fn insert_season(
    conn: &mut Conn,
    guild: GuildId,
    season: &SeasonRecord,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO seasons (guild_id, number, started_at, ended_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING",
    )
    .bind(to_db(guild.0))
    .bind(i64::from(season.number))
    .bind(season.started_at.as_millis())
    .bind(season.ended_at.map(Timestamp::as_millis))
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

/// Every season of `guild`, the first first.
pub(crate) async fn seasons(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Vec<SeasonRecord>, sqlx::Error> {
    let rows: Vec<SeasonRow> = sqlx::query_as(
        "SELECT number, started_at, ended_at FROM seasons WHERE guild_id = $1 ORDER BY number",
    )
    .bind(to_db(guild.0))
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(SeasonRecord::from).collect())
}
