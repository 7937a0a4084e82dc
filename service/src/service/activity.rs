//! What the Activity needs of the service beyond the web pages': which game a
//! member's "Open board" press meant. Discord answers the press by opening the Activity in the
//! channel, telling it nothing of the game; the Activity asks here, with the member and the
//! channel it learns once the member is signed in.

use std::time::Duration;

use super::{GameService, ServiceError};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::store;

/// How long a press opens its game: an Activity that starts later than this after the press
/// offers the member's games instead.
pub const LAUNCH_WINDOW: Duration = Duration::from_secs(15 * 60);

/// Presses older than this are dropped when the member presses again.
const FORGOTTEN_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

impl GameService {
    /// Notes that `user` pressed `game`'s "Open board" in `channel`, now.
    ///
    /// # Errors
    /// The database's (a game that does not exist is refused by its foreign key).
    pub async fn record_launch(
        &self,
        user: UserId,
        channel: ChannelId,
        game: GameId,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let forget_before = now.as_millis() - millis(FORGOTTEN_AFTER);
        let mut tx = self.write().await?;
        store::record_launch(&mut tx, user, channel, game, now.as_millis(), forget_before).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The game of `user`'s latest "Open board" press in `channel`, if it came within
    /// [`LAUNCH_WINDOW`].
    ///
    /// # Errors
    /// The database's.
    pub async fn launched_game(
        &self,
        user: UserId,
        channel: ChannelId,
    ) -> Result<Option<GameId>, ServiceError> {
        let since = self.clock.now().as_millis() - millis(LAUNCH_WINDOW);
        let mut conn = self.pool.acquire().await?;
        Ok(store::launched_game(&mut conn, user, channel, since).await?)
    }

    /// Whether `user` has been seen in `guild`: they played, challenged or were challenged
    /// there, or used a command there. The Activity shows a server's live games only to its
    /// members, and knows of the server only what the frame's address says.
    ///
    /// # Errors
    /// The database's.
    pub async fn seen_in(&self, user: UserId, guild: GuildId) -> Result<bool, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::seen_in(&mut conn, user, guild).await?)
    }
}

/// `duration` in whole milliseconds.
fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}
