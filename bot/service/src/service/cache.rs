//! Replayed games kept in memory, so that a move needs to read only the game row.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use dama_rules::Game;

use crate::ids::GameId;
use crate::store::GameRecord;

/// Games kept replayed in memory; past this the cache starts over (cheap to refill).
const CAPACITY: usize = 4096;

/// Replayed games by id, with the version they were replayed at (a version names one state:
/// writes are version-checked). Clones share the cache.
#[derive(Debug, Clone, Default)]
pub(super) struct ReplayCache {
    games: Arc<Mutex<HashMap<GameId, (i64, Game)>>>,
}

impl ReplayCache {
    /// Game `id` as replayed at `version`, if the cache holds it at that version.
    pub(super) fn recall(&self, id: GameId, version: i64) -> Option<Game> {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games
            .get(&id)
            .filter(|(v, _)| *v == version)
            .map(|(_, game)| game.clone())
    }

    /// Game `id` as replayed at whatever version the cache holds it: a start for replaying
    /// the moves made since (by another instance).
    pub(super) fn latest(&self, id: GameId) -> Option<Game> {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.get(&id).map(|(_, game)| game.clone())
    }

    /// Keeps `game` as the replay of `record` at its version (call after a committed write).
    pub(super) fn remember(&self, record: &GameRecord, game: &Game) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if games.len() >= CAPACITY && !games.contains_key(&record.id) {
            games.clear();
        }
        games.insert(record.id, (record.state.version, game.clone()));
    }
}
