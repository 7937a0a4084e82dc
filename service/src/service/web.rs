//! What the web face needs of the service: each game's link token, the game a token opens,
//! and news of every committed change to a game, for the pages watching it.
//!
//! The news is one in-process channel, [`GameService::changes`]: every write that changes a
//! game sends a [`Change::Game`] right after its commit. A page watching the game reads the game
//! again when its news comes. Instances over one PostgreSQL database tell each other of their
//! changes too (see [`across_instances`](super::across_instances)), into the same channel.
//! Nothing about a watcher is kept in the database.

use dama_rules::Game;
use tokio::sync::broadcast;

use super::{GameService, GameView, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{ArenaId, GameId, UserId, WebToken};
use crate::store::{self, GameRecord};

/// How many changes a slow receiver may fall behind before it is told it lagged (it then reads
/// every game it watches again).
pub(super) const CHANGES_BACKLOG: usize = 1024;

/// A game changed: it is now at `version`. Sent after the change is committed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameChanged {
    /// The game.
    pub game: GameId,
    /// Its version after the change.
    pub version: i64,
}

/// News from [`GameService::changes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A game changed. On PostgreSQL the same change may come twice (from this instance, then
    /// from its announcement to all): a version not newer than one seen is no news.
    Game(GameChanged),
    /// An arena's table or games changed: a member joined, left or paused, games were paired,
    /// one of its games ended, it started or ended. Sent after the commit; the news says only
    /// which arena, so a page reads it again.
    Arena(ArenaId),
    /// Other instances' changes may have been missed (the connection that brings them was made
    /// again, or an instance could not announce some of its own): read every game watched
    /// again.
    Missed,
}

/// The sending ends of the changes; clones of the service share them.
#[derive(Debug, Clone)]
pub(super) struct Changes {
    /// To the receivers of [`GameService::changes`]: this instance's changes and, on
    /// PostgreSQL, those heard from the others.
    pub(super) all: broadcast::Sender<Change>,
    /// This instance's changes alone, for announcing them to the others.
    pub(super) own: broadcast::Sender<Change>,
}

impl Default for Changes {
    fn default() -> Changes {
        Changes {
            all: broadcast::channel(CHANGES_BACKLOG).0,
            own: broadcast::channel(CHANGES_BACKLOG).0,
        }
    }
}

impl GameService {
    /// Every committed change to a game from now on, as it happens: a move (a person's or the
    /// computer's), a question asked or answered, a takeback, an end (resignation, agreement,
    /// time); this instance's at once, and on PostgreSQL other instances' while
    /// [`follow_other_instances`](Self::follow_other_instances) runs. A receiver that
    /// falls more than 1,024 changes behind gets
    /// [`RecvError::Lagged`](broadcast::error::RecvError::Lagged) and, like one that gets
    /// [`Change::Missed`], should read its games again.
    #[must_use]
    pub fn changes(&self) -> broadcast::Receiver<Change> {
        self.changes.all.subscribe()
    }

    /// Tells the receivers of [`changes`](Self::changes) that `record`'s game is now at its
    /// version (call after the commit that made it so).
    pub(super) fn changed(&self, record: &GameRecord) {
        let change = GameChanged {
            game: record.id,
            version: record.state.version,
        };
        // Nobody listening is no error.
        let _ = self.changes.all.send(Change::Game(change));
        let _ = self.changes.own.send(Change::Game(change));
        if record.state.outcome.is_some() {
            self.ended.notify_one();
        }
    }

    /// Tells the receivers of [`changes`](Self::changes) that arena `id` changed (call after
    /// the commit that changed it).
    pub(super) fn arena_changed(&self, id: ArenaId) {
        // Nobody listening is no error.
        let _ = self.changes.all.send(Change::Arena(id));
        let _ = self.changes.own.send(Change::Arena(id));
    }

    /// Waits until this instance ends a game (one ended since the last call, and before
    /// anyone waited, counts): the puzzle mining worker's cue that one may be waiting.
    pub async fn game_ended(&self) {
        self.ended.notified().await;
    }

    /// The token of game `id`'s web link, made with the game (games made before links existed
    /// are given theirs by [`crate::connect`]). Only a game that an older instance made without
    /// one, during an upgrade, gets one now; two instances asking at once agree on it.
    ///
    /// # Errors
    /// [`ServiceError::NoSuchGame`], or the database's.
    pub async fn web_token(&self, id: GameId) -> Result<WebToken, ServiceError> {
        let stored = {
            let mut conn = self.pool.acquire().await?;
            store::web_token(&mut conn, id).await?
        };
        match stored {
            None => return Err(ServiceError::NoSuchGame(id)),
            Some(Some(token)) => return parsed(id, &token),
            Some(None) => {}
        }
        let token = WebToken::generate().map_err(|e| {
            ServiceError::Database(sqlx::Error::Io(std::io::Error::other(e.to_string())))
        })?;
        let mut tx = self.write().await?;
        store::set_web_token_if_none(&mut tx, id, &token).await?;
        let stored = store::web_token(&mut tx, id).await?;
        tx.commit().await?;
        match stored {
            Some(Some(token)) => parsed(id, &token),
            _ => Err(ServiceError::NoSuchGame(id)),
        }
    }

    /// The key the web pages sign their sessions with: 64 random bytes of the site's own, made
    /// by the first instance that asks and kept in the database, so that every instance shares
    /// it.
    ///
    /// # Errors
    /// The database's, or the system's when it gives no random numbers.
    pub async fn web_session_key(&self) -> Result<[u8; 64], ServiceError> {
        const NAME: &str = "session-key";
        let kept = {
            let mut conn = self.pool.acquire().await?;
            store::web_secret(&mut conn, NAME).await?
        };
        let kept = match kept {
            Some(kept) => kept,
            None => {
                let mut key = [0_u8; 64];
                getrandom::fill(&mut key).map_err(|e| {
                    ServiceError::Database(sqlx::Error::Io(std::io::Error::other(e.to_string())))
                })?;
                let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
                let mut tx = self.write().await?;
                store::keep_web_secret_if_none(&mut tx, NAME, &hex).await?;
                let kept = store::web_secret(&mut tx, NAME).await?;
                tx.commit().await?;
                kept.unwrap_or(hex)
            }
        };
        let mut key = [0_u8; 64];
        let digits = kept.as_bytes();
        if digits.len() != 128 {
            return Err(ServiceError::Database(sqlx::Error::Protocol(
                "the web's session key is not 64 bytes of hex".to_owned(),
            )));
        }
        for (byte, pair) in key.iter_mut().zip(digits.chunks(2)) {
            let text = std::str::from_utf8(pair).unwrap_or("");
            *byte = u8::from_str_radix(text, 16).map_err(|_| {
                ServiceError::Database(sqlx::Error::Protocol(
                    "the web's session key is not hex".to_owned(),
                ))
            })?;
        }
        Ok(key)
    }

    /// Voids every web session `user` holds, on every device and instance: a session issued
    /// before now is refused from now on. Returns the moment.
    ///
    /// # Errors
    /// The database's.
    pub async fn sign_out_everywhere(&self, user: UserId) -> Result<Timestamp, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::void_sessions(&mut tx, user, now).await?;
        tx.commit().await?;
        Ok(now)
    }

    /// The moment before which `user`'s web sessions are void (see
    /// [`sign_out_everywhere`](Self::sign_out_everywhere)), if they ever signed out everywhere.
    ///
    /// # Errors
    /// The database's.
    pub async fn sessions_void_before(
        &self,
        user: UserId,
    ) -> Result<Option<Timestamp>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::sessions_void_before(&mut conn, user).await?)
    }

    /// The game whose web link has `token`, as it stands; `None` for a token no game has.
    ///
    /// # Errors
    /// The database's.
    pub async fn game_by_token(&self, token: &WebToken) -> Result<Option<GameView>, ServiceError> {
        Ok(self
            .game_and_history_by_token(token)
            .await?
            .map(|(view, _)| view))
    }

    /// As [`game_by_token`](Self::game_by_token), with the game replayed from its start (its
    /// moves and positions, as [`history`](Self::history) gives them), read together.
    ///
    /// # Errors
    /// The database's.
    pub async fn game_and_history_by_token(
        &self,
        token: &WebToken,
    ) -> Result<Option<(GameView, Game)>, ServiceError> {
        let id = {
            let mut conn = self.pool.acquire().await?;
            store::game_by_web_token(&mut conn, token).await?
        };
        let Some(id) = id else {
            return Ok(None);
        };
        let loaded = self.load(id).await?;
        Ok(Some((
            GameView::of(&loaded.record, &loaded.game),
            loaded.game,
        )))
    }
}

/// A stored token, which the store only ever gets from [`WebToken`].
fn parsed(id: GameId, token: &str) -> Result<WebToken, ServiceError> {
    token.parse().map_err(|_| ServiceError::Corrupt {
        game: id,
        reason: "its web token is malformed".to_owned(),
    })
}
