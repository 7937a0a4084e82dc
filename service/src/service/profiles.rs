//! A player's page on a server: how their rating there moved, and their latest games there
//! (their rating, rank and record come from [`stats`](GameService::stats)).

use super::{GameService, GameView, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GameId, GuildId, UserId};
use crate::model::Speed;
use crate::store;

/// How one rated game moved a player's all-time rating at its speed on a server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingStep {
    /// The game.
    pub game: GameId,
    /// When it ended.
    pub ended_at: Timestamp,
    /// The rating before it.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

impl GameService {
    /// How `user`'s all-time `speed` rating on `guild` moved over their latest `limit` rated
    /// games of that speed there, the oldest first (empty before their first).
    pub async fn rating_history(
        &self,
        guild: GuildId,
        user: UserId,
        speed: Speed,
        limit: u32,
    ) -> Result<Vec<RatingStep>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let mut steps: Vec<RatingStep> = store::rating_steps(&mut conn, guild, user, speed, limit)
            .await?
            .into_iter()
            .map(|r| RatingStep {
                game: r.game,
                ended_at: r.ended_at,
                before: r.before,
                after: r.after,
            })
            .collect();
        steps.reverse();
        Ok(steps)
    }

    /// `user`'s latest `limit` games on `guild`, in progress or over, against people or the
    /// computer: the most recently changed first.
    pub async fn recent_games(
        &self,
        guild: GuildId,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<GameView>, ServiceError> {
        let ids = {
            let mut conn = self.pool.acquire().await?;
            store::recent_game_ids(&mut conn, guild, user, limit).await?
        };
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            let loaded = self.load(id).await?;
            games.push(GameView::of(&loaded.record, &loaded.game));
        }
        Ok(games)
    }
}
