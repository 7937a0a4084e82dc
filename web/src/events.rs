//! Live pages: `GET /game/{token}/events` streams the game's state as server-sent events, the
//! current state first (so a page that reconnects is brought up to date at once), then the new
//! state after each committed change, and a comment every 15 seconds to keep proxies from
//! closing a quiet stream. The browser's `EventSource` reconnects by itself.
//!
//! The [`Hub`] turns the service's one stream of changes into one bell per watched game, so a
//! change wakes only the pages of its own game. On PostgreSQL that stream carries the changes
//! made through every instance (see `GameService::follow_other_instances`), so a page follows
//! its game whichever instance serves it. Nothing about a watcher is stored.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use dama_service::ids::{ArenaId, GameId};
use dama_service::service::{Change, GameChanged};
use tokio::sync::{OwnedSemaphorePermit, broadcast, watch};

use super::Web;
use super::streams::Place;
use dama_words::Language;

/// How often a quiet stream carries a comment.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What a game's bell says: the newest version of the game announced, and how many times
/// changes were missed (a page then reads its game again, whatever the version).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Rung {
    /// The highest version announced since the bell was made.
    version: i64,
    /// How many times changes were missed since then.
    missed: u64,
}

/// One bell per watched game, rung at each change that brings a newer version.
#[derive(Debug, Default)]
pub(crate) struct Hub {
    games: Mutex<HashMap<GameId, watch::Sender<Rung>>>,
    /// One bell per watched arena, counting its changes (and the missed ones).
    arenas: Mutex<HashMap<ArenaId, watch::Sender<u64>>>,
}

impl Hub {
    /// A bell for `game`'s changes.
    pub(crate) fn watch(&self, game: GameId) -> watch::Receiver<Rung> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.retain(|_, bell| bell.receiver_count() > 0);
        games
            .entry(game)
            .or_insert_with(|| watch::channel(Rung::default()).0)
            .subscribe()
    }

    /// A bell for arena `id`'s changes.
    pub(crate) fn watch_arena(&self, id: ArenaId) -> watch::Receiver<u64> {
        let mut arenas = self.arenas.lock().unwrap_or_else(PoisonError::into_inner);
        arenas.retain(|_, bell| bell.receiver_count() > 0);
        arenas
            .entry(id)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    /// Rings arena `id`'s bell, if a page watches it.
    fn arena_changed(&self, id: ArenaId) {
        let arenas = self.arenas.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bell) = arenas.get(&id) {
            bell.send_modify(|rung| *rung += 1);
        }
    }

    /// Rings `change`'s game's bell, if a page watches it and the version is newer than any
    /// announced (on PostgreSQL this instance's changes come twice).
    fn changed(&self, change: GameChanged) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bell) = games.get(&change.game) {
            if bell.receiver_count() == 0 {
                games.remove(&change.game);
            } else {
                bell.send_if_modified(|rung| {
                    let newer = change.version > rung.version;
                    if newer {
                        rung.version = change.version;
                    }
                    newer
                });
            }
        }
    }

    /// Rings every bell: changes were missed, so every page reads its game again (as it stands:
    /// no state built so far may be recent enough).
    fn all_changed(&self) {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        for bell in games.values() {
            bell.send_modify(|rung| rung.missed += 1);
        }
        drop(games);
        let arenas = self.arenas.lock().unwrap_or_else(PoisonError::into_inner);
        for bell in arenas.values() {
            bell.send_modify(|rung| *rung += 1);
        }
    }

    /// Rings the bells from `changes` until the service is gone.
    pub(crate) async fn feed(self: Arc<Hub>, mut changes: broadcast::Receiver<Change>) {
        loop {
            match changes.recv().await {
                Ok(Change::Game(change)) => self.changed(change),
                Ok(Change::Arena(id)) => self.arena_changed(id),
                // The service says why (a connection to the database made again, or at first).
                Ok(Change::Missed) => self.all_changed(),
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::warn!(missed, "the web pages missed game changes; all read again");
                    self.all_changed();
                }
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    }
}

/// What a stream holds between events.
struct Watching {
    web: Web,
    game: GameId,
    lang: Language,
    bell: watch::Receiver<Rung>,
    stop: watch::Receiver<bool>,
    /// The version last sent (`None` before the first event).
    sent: Option<i64>,
    /// How many times changes were missed, as the bell said when the last state was read.
    missed: u64,
    /// The game's version when the stream was opened: its first state is at least this one.
    opened_at: i64,
    /// The stream's places among those allowed at once.
    _place: Place,
    /// Its place among the streams being set up, given back once the first state is sent.
    setting_up: Option<OwnedSemaphorePermit>,
}

/// The event stream of `game` (at `version` when it was looked up) for a reader of `lang`,
/// holding `place` while it lasts and `setting_up` until its first state is sent.
pub(crate) fn stream(
    web: Web,
    game: GameId,
    version: i64,
    lang: Language,
    place: Place,
    setting_up: OwnedSemaphorePermit,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let bell = web.hub().watch(game);
    let missed = bell.borrow().missed;
    let watching = Watching {
        missed,
        bell,
        stop: web.stopping(),
        web,
        game,
        lang,
        sent: None,
        opened_at: version,
        _place: place,
        setting_up: Some(setting_up),
    };
    let events = futures_util::stream::unfold(watching, |mut w| async move {
        loop {
            if w.sent.is_some() {
                tokio::select! {
                    rung = w.bell.changed() => rung.ok()?,
                    _ = w.stop.wait_for(|stopped| *stopped) => return None,
                }
            }
            // The first state is at least at the version the game was looked up at (built
            // once for all the pages that open at it); one after missed changes is read as the
            // game stands; the others at the bell's version.
            let rung = *w.bell.borrow_and_update();
            let at_least = match w.sent {
                None => Some(w.opened_at.max(rung.version)),
                Some(_) if rung.missed == w.missed => Some(rung.version),
                Some(_) => None,
            };
            w.missed = rung.missed;
            match w.web.state_of(w.game, w.lang, at_least).await {
                Ok((version, json)) if w.sent != Some(version) => {
                    w.sent = Some(version);
                    // Set up: its first state goes out now.
                    w.setting_up = None;
                    let event = Event::default().event("state").data(&*json);
                    return Some((Ok(event), w));
                }
                // Already sent (a bell for a change the last state had).
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(game = %w.game, error = %e, "cannot read a watched game");
                    return None;
                }
            }
        }
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(game: i64, version: i64) -> GameChanged {
        GameChanged {
            game: GameId(game),
            version,
        }
    }

    #[test]
    fn a_bell_rings_for_a_newer_version_of_its_game_only() {
        let hub = Hub::default();
        let mut bell = hub.watch(GameId(1));
        hub.changed(change(2, 5));
        assert!(!bell.has_changed().unwrap_or(true), "another game's change");
        hub.changed(change(1, 3));
        assert!(bell.has_changed().unwrap_or(false));
        assert_eq!(bell.borrow_and_update().version, 3);
        // The same change again (heard from the database too), or an older one: no news.
        hub.changed(change(1, 3));
        hub.changed(change(1, 2));
        assert!(!bell.has_changed().unwrap_or(true));
        hub.changed(change(1, 4));
        assert_eq!(bell.borrow_and_update().version, 4);
    }

    #[test]
    fn an_arena_s_bell_rings_for_its_changes_and_missed_ones_only() {
        let hub = Hub::default();
        let mut bell = hub.watch_arena(ArenaId(1));
        hub.arena_changed(ArenaId(2));
        assert!(
            !bell.has_changed().unwrap_or(true),
            "another arena's change"
        );
        hub.changed(change(1, 3));
        assert!(!bell.has_changed().unwrap_or(true), "a game's change");
        hub.arena_changed(ArenaId(1));
        assert!(bell.has_changed().unwrap_or(false));
        bell.borrow_and_update();
        hub.all_changed();
        assert!(bell.has_changed().unwrap_or(false), "missed changes");
    }

    #[test]
    fn missed_changes_ring_every_bell_and_newer_versions_ring_after_them() {
        let hub = Hub::default();
        let (mut first, mut second) = (hub.watch(GameId(1)), hub.watch(GameId(2)));
        hub.changed(change(1, 7));
        first.borrow_and_update();
        hub.all_changed();
        for bell in [&mut first, &mut second] {
            assert!(bell.has_changed().unwrap_or(false));
            assert_eq!(bell.borrow_and_update().missed, 1);
        }
        assert_eq!(
            first.borrow().version,
            7,
            "the newest version announced stays"
        );
        hub.all_changed();
        assert_eq!(first.borrow_and_update().missed, 2, "every time");
        hub.changed(change(1, 8));
        assert_eq!(
            *first.borrow_and_update(),
            Rung {
                version: 8,
                missed: 2
            }
        );
    }
}
