//! Replayed games kept in memory, so that a move needs to read only the game row; players'
//! settings kept for a moment, so that telling one move does not read them again and again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dama_rules::Game;

use crate::ids::{GameId, UserId};
use crate::model::PlayerSettings;
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

/// How long a player's settings read from the store are used without reading them again. A
/// move is told with its mover's and the next player's settings several times over (the board
/// drawn from a viewpoint, the ping, the turn notice by DM) within milliseconds. A change made
/// through this instance is seen at once; one made through another instance within this long.
const SETTINGS_FRESH: Duration = Duration::from_secs(1);

/// Players' settings as last read or written here, with when.
#[derive(Debug, Clone, Default)]
pub(super) struct SettingsCache {
    players: Arc<Mutex<HashMap<UserId, (Instant, PlayerSettings)>>>,
}

impl SettingsCache {
    /// `user`'s settings if they were read or written here less than [`SETTINGS_FRESH`] ago.
    pub(super) fn recall(&self, user: UserId) -> Option<PlayerSettings> {
        let players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        players
            .get(&user)
            .filter(|(at, _)| at.elapsed() < SETTINGS_FRESH)
            .map(|&(_, settings)| settings)
    }

    /// Keeps `settings` as `user`'s, as of now.
    pub(super) fn remember(&self, user: UserId, settings: &PlayerSettings) {
        let mut players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        if players.len() >= CAPACITY && !players.contains_key(&user) {
            players.retain(|_, (at, _)| at.elapsed() < SETTINGS_FRESH);
        }
        players.insert(user, (Instant::now(), *settings));
    }

    /// Forgets `user`'s settings (they changed in a way not worth rebuilding here).
    pub(super) fn forget(&self, user: UserId) {
        let mut players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        players.remove(&user);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Theme;

    #[test]
    fn settings_are_recalled_until_forgotten_and_a_write_replaces_them() {
        let cache = SettingsCache::default();
        let (ada, bo) = (UserId(1), UserId(2));
        assert_eq!(cache.recall(ada), None);
        let checkered = PlayerSettings {
            theme: Theme::Checkered,
            ..PlayerSettings::default()
        };
        cache.remember(ada, &PlayerSettings::default());
        cache.remember(ada, &checkered);
        assert_eq!(cache.recall(ada), Some(checkered));
        assert_eq!(cache.recall(bo), None);
        cache.forget(ada);
        assert_eq!(cache.recall(ada), None);
    }
}
