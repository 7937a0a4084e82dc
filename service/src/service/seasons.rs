//! Seasons: a server's ratings over a stretch of time, beside its all-time ratings.
//!
//! A rated game counts in the season open on its server when the game ends (the season's
//! ratings are written in the transaction that ends it); a season starts everyone from the
//! default rating. Ending a season keeps its table as it stands: no later game writes to it.

use super::servers::{Authority, Managed};
use super::{GameService, LeaderboardEntry, ServiceError};
use crate::clock::Timestamp;
use crate::ids::GuildId;
use crate::model::Speed;
use crate::store::{self, RankedRecord, RatingTable, SeasonRecord, WhichSeason};

/// Players named champions when a season ends: the top of its final table.
pub const CHAMPIONS: u32 = 3;

/// A season of a server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Season {
    /// 1 for the server's first season.
    pub number: u32,
    /// When it was started.
    pub started_at: Timestamp,
    /// When it was ended; `None` while it is open.
    pub ended_at: Option<Timestamp>,
}

impl From<SeasonRecord> for Season {
    fn from(r: SeasonRecord) -> Season {
        Season {
            number: r.number,
            started_at: r.started_at,
            ended_at: r.ended_at,
        }
    }
}

/// A season just ended, with its champions at each speed: the top of its final table at that
/// speed, at most [`CHAMPIONS`], best first.
#[derive(Debug, Clone, PartialEq)]
pub struct SeasonEnded {
    /// The season, now ended.
    pub season: Season,
    /// Its champions, the fastest speed first; only speeds where someone played enough rated
    /// games in the season (empty when nobody did).
    pub champions: Vec<Champions>,
}

/// A season's champions at one speed.
#[derive(Debug, Clone, PartialEq)]
pub struct Champions {
    /// The speed.
    pub speed: Speed,
    /// The top of the season's final table at that speed, best first.
    pub entries: Vec<LeaderboardEntry>,
}

/// Which table a leaderboard shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Period {
    /// The open season's table if the server has one open, else the all-time table.
    #[default]
    Current,
    /// The all-time table.
    AllTime,
    /// The table of the server's season of this number (its final table once it ended).
    Season(u32),
    /// The open season's table, else the latest season's final table; refused with
    /// [`ServiceError::NoOpenSeason`] when the server has had no season.
    LatestSeason,
}

/// A leaderboard and the table it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaderboard {
    /// The season whose table this is; `None` for the all-time table.
    pub season: Option<Season>,
    /// The speed whose ratings it ranks.
    pub speed: Speed,
    /// Best first.
    pub entries: Vec<LeaderboardEntry>,
}

impl GameService {
    /// `guild`'s open season, if any.
    pub async fn current_season(&self, guild: GuildId) -> Result<Option<Season>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::season(&mut conn, guild, WhichSeason::Open)
            .await?
            .map(Season::from))
    }

    /// Every season `guild` has had, the first first (the last may be open).
    pub async fn seasons(&self, guild: GuildId) -> Result<Vec<Season>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::seasons(&mut conn, guild)
            .await?
            .into_iter()
            .map(Season::from)
            .collect())
    }

    /// Starts `guild`'s next season, for a member with `authority` (only managers may);
    /// refused with [`ServiceError::SeasonOpen`] while one is open.
    pub async fn start_season(
        &self,
        guild: GuildId,
        authority: Authority,
    ) -> Result<Season, ServiceError> {
        authority.ensure_manages(Managed::Seasons)?;
        let now = self.clock.now();
        let mut tx = self.write().await?;
        if let Some(open) = store::season(&mut tx, guild, WhichSeason::Open).await? {
            return Err(tx
                .abandon(ServiceError::SeasonOpen {
                    number: open.number,
                })
                .await);
        }
        let number = store::season(&mut tx, guild, WhichSeason::Latest)
            .await?
            .map_or(1, |s| s.number + 1);
        let season = SeasonRecord {
            number,
            started_at: now,
            ended_at: None,
        };
        // The unique index on open seasons settles a race with another process.
        if !store::insert_season(&mut tx, guild, &season).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        tx.commit().await?;
        Ok(season.into())
    }

    /// Ends `guild`'s open season, for a member with `authority` (only managers may), keeping
    /// its table as it stands, and names its champions; refused with
    /// [`ServiceError::NoOpenSeason`] when none is open.
    pub async fn end_season(
        &self,
        guild: GuildId,
        authority: Authority,
    ) -> Result<SeasonEnded, ServiceError> {
        authority.ensure_manages(Managed::Seasons)?;
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let Some(open) = store::season(&mut tx, guild, WhichSeason::Open).await? else {
            return Err(tx.abandon(ServiceError::NoOpenSeason).await);
        };
        if !store::close_season(&mut tx, guild, open.number, now).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        let mut champions = Vec::new();
        for speed in Speed::ALL {
            let top = store::leaderboard(
                &mut tx,
                RatingTable::Season(guild, open.number, speed),
                self.config.leaderboard_min_games,
                CHAMPIONS,
            )
            .await?;
            if !top.is_empty() {
                champions.push(Champions {
                    speed,
                    entries: self.ranked(top),
                });
            }
        }
        tx.commit().await?;
        Ok(SeasonEnded {
            season: Season {
                ended_at: Some(now),
                ..open.into()
            },
            champions,
        })
    }

    /// The leaderboard of `guild` (or of DMs, with `None`, which have no seasons) for
    /// `period` at `speed`: the best-rated players who have played at least
    /// [`leaderboard_min_games`](super::ServiceConfig) rated games of that speed in it, best
    /// first, at most `limit`. Without a speed, the speed with the most rated games in the
    /// period's table (correspondence on a tie, or while the table is empty): a server that
    /// mostly plays blitz sees its blitz table first. A season that does not exist is refused
    /// with [`ServiceError::NoSuchSeason`].
    pub async fn leaderboard(
        &self,
        guild: Option<GuildId>,
        period: Period,
        speed: Option<Speed>,
        limit: u32,
    ) -> Result<Leaderboard, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let season = match (guild, period) {
            (_, Period::AllTime) | (None, Period::Current) => None,
            (None, Period::Season(number)) => return Err(ServiceError::NoSuchSeason(number)),
            (None, Period::LatestSeason) => return Err(ServiceError::NoOpenSeason),
            (Some(guild), Period::LatestSeason) => Some(
                store::season(&mut tx, guild, WhichSeason::Latest)
                    .await?
                    .ok_or(ServiceError::NoOpenSeason)?,
            ),
            (Some(guild), Period::Current) => {
                store::season(&mut tx, guild, WhichSeason::Open).await?
            }
            (Some(guild), Period::Season(number)) => Some(
                store::season(&mut tx, guild, WhichSeason::Numbered(number))
                    .await?
                    .ok_or(ServiceError::NoSuchSeason(number))?,
            ),
        };
        let table = match (guild, season) {
            (Some(guild), Some(season)) => {
                RatingTable::Season(guild, season.number, Speed::Correspondence)
            }
            _ => RatingTable::AllTime(guild, Speed::Correspondence),
        };
        let speed = match speed {
            Some(speed) => speed,
            None => store::busiest_speed(&mut tx, table)
                .await?
                .unwrap_or(Speed::Correspondence),
        };
        let table = table.at(speed);
        let rows =
            store::leaderboard(&mut tx, table, self.config.leaderboard_min_games, limit).await?;
        tx.commit().await?;
        Ok(Leaderboard {
            season: season.map(Season::from),
            speed,
            entries: self.ranked(rows),
        })
    }

    /// Table lines, ranked from 1.
    pub(super) fn ranked(&self, rows: Vec<RankedRecord>) -> Vec<LeaderboardEntry> {
        rows.into_iter()
            .zip(1..)
            .map(|(row, rank)| LeaderboardEntry {
                rank,
                user: row.user,
                name: row.name,
                rating: row.record.rating,
                games: row.record.games,
                provisional: row
                    .record
                    .rating
                    .is_provisional(self.config.provisional_deviation),
            })
            .collect()
    }
}
