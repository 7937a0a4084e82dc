//! Live pages: `GET /game/{token}/events` streams the game's state as server-sent events, the
//! current state first (so a page that reconnects is brought up to date at once), then the new
//! state after each committed change, and a comment every 15 seconds to keep proxies from
//! closing a quiet stream. The browser's `EventSource` reconnects by itself.
//!
//! The [`Hub`] turns the service's one stream of changes into one bell per watched game, so a
//! change wakes only the pages of its own game. Nothing about a watcher is stored.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use dama_service::ids::GameId;
use dama_service::service::GameChanged;
use tokio::sync::{OwnedSemaphorePermit, broadcast, watch};

use super::Web;
use crate::discord::i18n::Language;

/// How often a quiet stream carries a comment.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// One bell per watched game, rung with the game's version at each change.
#[derive(Debug, Default)]
pub(crate) struct Hub {
    games: Mutex<HashMap<GameId, watch::Sender<i64>>>,
}

impl Hub {
    /// A bell for `game`'s changes.
    pub(crate) fn watch(&self, game: GameId) -> watch::Receiver<i64> {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.retain(|_, bell| bell.receiver_count() > 0);
        games
            .entry(game)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    /// Rings `change`'s game's bell, if a page watches it.
    fn changed(&self, change: GameChanged) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bell) = games.get(&change.game) {
            if bell.receiver_count() == 0 {
                games.remove(&change.game);
            } else {
                bell.send_replace(change.version);
            }
        }
    }

    /// Rings every bell: changes were missed (the receiver lagged), so every page reads its
    /// game again (no state built so far is recent enough for the highest version).
    fn all_changed(&self) {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        for bell in games.values() {
            bell.send_replace(i64::MAX);
        }
    }

    /// Rings the bells from `changes` until the service is gone.
    pub(crate) async fn feed(self: Arc<Hub>, mut changes: broadcast::Receiver<GameChanged>) {
        loop {
            match changes.recv().await {
                Ok(change) => self.changed(change),
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
    bell: watch::Receiver<i64>,
    stop: watch::Receiver<bool>,
    /// The version last sent (`None` before the first event).
    sent: Option<i64>,
    /// The stream's place among the watchers allowed at once.
    _permit: OwnedSemaphorePermit,
}

/// The event stream of `game` for a reader of `lang`, holding `permit` while it lasts.
pub(crate) fn stream(
    web: Web,
    game: GameId,
    lang: Language,
    permit: OwnedSemaphorePermit,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let watching = Watching {
        bell: web.hub().watch(game),
        stop: web.stopping(),
        web,
        game,
        lang,
        sent: None,
        _permit: permit,
    };
    let events = futures_util::stream::unfold(watching, |mut w| async move {
        loop {
            if w.sent.is_some() {
                tokio::select! {
                    rung = w.bell.changed() => rung.ok()?,
                    _ = w.stop.wait_for(|stopped| *stopped) => return None,
                }
            }
            // The first state is read as the game stands; later ones at the bell's version.
            let rung = *w.bell.borrow_and_update();
            let at_least = w.sent.map(|_| rung);
            match w.web.state_of(w.game, w.lang, at_least).await {
                Ok((version, json)) if w.sent != Some(version) => {
                    w.sent = Some(version);
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
