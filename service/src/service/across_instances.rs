//! Instances over one PostgreSQL database tell each other of the changes they commit, so that
//! a page follows its game whichever instance it is connected to and whichever the moves go
//! through: each instance announces its own changes with `NOTIFY` on a connection of its own
//! ([`GameService::announce_changes_to_other_instances`]), and each instance serving pages
//! `LISTEN`s on another and feeds what it hears into [`GameService::changes`]
//! ([`GameService::follow_other_instances`]). Over SQLite both do nothing.
//!
//! Why not a trigger on `games` that notifies in the writing transaction, which needs no task:
//! PostgreSQL serializes the commits of all transactions that notified, holding one lock from
//! before each commit until it is on disk. Eight writers updating one row each (pgbench, 2-core
//! development machine, `fsync` on) committed about 2,100 a second without a trigger, and
//! 340–400 with one; with a separate notification after each commit, unbatched and not waiting
//! for the disk, 1,600–1,900. Here the notification follows the commit, several changes in one
//! when they come faster than they are sent, and its commit does not wait for the disk. The
//! price: a change committed by an instance that dies before announcing it is not heard until
//! the game changes again.

use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::task::JoinHandle;

use super::GameService;
use super::web::{Change, GameChanged};
use crate::store::{self, Announced, Announcement, Backend};

/// The first wait before trying again to connect or to announce; it doubles at each failure in
/// a row, up to [`LONGEST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_secs(1);

/// The longest wait between two attempts.
const LONGEST_PAUSE: Duration = Duration::from_secs(30);

impl GameService {
    /// Spawns a task that tells the other instances over the same PostgreSQL database of every
    /// change this one commits from now on (call once per process whose changes pages may
    /// follow: the bot calls it when its web is on). It sends them after their commits, on a connection of its own, as many at once
    /// as have come meanwhile (up to about 180); changes it could not send (the database
    /// unreachable, or more than 1,024 waiting) are announced as missed, so that the others
    /// read everything again. It ends when the service's pool is closed; on SQLite, at once.
    /// Abort it to stop.
    pub fn announce_changes_to_other_instances(&self) -> JoinHandle<()> {
        // Subscribed here, so that no change after this call is left out.
        let own = self.changes.own.subscribe();
        let pool = self.pool.clone();
        tokio::spawn(async move {
            if Backend::of_pool(&pool) != Backend::Postgres {
                return;
            }
            let url = pool.connect_options().database_url.to_string();
            let announcer = match store::announcer(&url) {
                Ok(announcer) => announcer,
                Err(e) => {
                    tracing::error!(error = %e, "cannot announce game changes to other instances");
                    return;
                }
            };
            tokio::select! {
                () = announce(&announcer, own) => {}
                () = pool.close_event() => {}
            }
        })
    }

    /// Spawns a task that brings the changes the other instances over the same PostgreSQL
    /// database announce (see
    /// [`announce_changes_to_other_instances`](Self::announce_changes_to_other_instances)) to
    /// [`changes`](Self::changes) (call once per process). It listens on a connection of its
    /// own, outside the pool; whenever that connection is made (first, or again after it was
    /// lost: at once, then after pauses growing from a second to 30), it sends
    /// [`Change::Missed`], since changes made meanwhile were not heard. This instance's own
    /// changes come again that way. It ends when the service's pool is closed; on SQLite, at
    /// once. Abort it to stop.
    pub fn follow_other_instances(&self) -> JoinHandle<()> {
        let changes = self.changes.all.clone();
        let pool = self.pool.clone();
        tokio::spawn(async move {
            if Backend::of_pool(&pool) != Backend::Postgres {
                return;
            }
            let url = pool.connect_options().database_url.to_string();
            tokio::select! {
                () = follow(&url, &changes) => {}
                () = pool.close_event() => {}
            }
        })
    }
}

/// Announces the changes from `own` through `announcer`, for ever.
async fn announce(announcer: &PgPool, mut own: broadcast::Receiver<Change>) {
    let mut pause = FIRST_PAUSE;
    // Whether changes went unannounced since the last announcement: then the next one goes at
    // once, saying so.
    let mut missed = false;
    loop {
        let mut announcement = Announcement::default();
        if missed {
            announcement.push(Announced::Missed);
        } else {
            match own.recv().await {
                Ok(change) => announcement.push(announced(change)),
                Err(RecvError::Lagged(_)) => announcement.push(Announced::Missed),
                Err(RecvError::Closed) => return,
            };
        }
        // Whatever came meanwhile goes in the same announcement.
        while announcement.has_room() {
            match own.try_recv() {
                Ok(change) => announcement.push(announced(change)),
                Err(TryRecvError::Lagged(_)) => announcement.push(Announced::Missed),
                Err(TryRecvError::Empty | TryRecvError::Closed) => break,
            };
        }
        match store::announce(announcer, &announcement).await {
            Ok(()) => {
                missed = false;
                pause = FIRST_PAUSE;
            }
            Err(e) => {
                tracing::warn!(
                    error = %e,
                    "cannot announce game changes to other instances; their pages will read \
                     everything again once this works"
                );
                missed = true;
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(LONGEST_PAUSE);
            }
        }
    }
}

/// Sends to `changes` what the instances announce on the database at `url`, connecting again
/// whenever the connection is lost, for ever.
async fn follow(url: &str, changes: &broadcast::Sender<Change>) {
    let mut pause = FIRST_PAUSE;
    loop {
        match store::listen_for_changes(url).await {
            Ok(mut listener) => {
                pause = FIRST_PAUSE;
                tracing::debug!("hearing other instances' game changes");
                // Nobody listening is no error, here and below.
                let _ = changes.send(Change::Missed);
                loop {
                    match listener.try_recv().await {
                        Ok(Some(notification)) => hear(notification.payload(), changes),
                        // Lost, and made again already: what came meanwhile was not heard.
                        Ok(None) => {
                            tracing::warn!(
                                "the connection hearing other instances' game changes was lost \
                                 and is back; the web pages read their games again"
                            );
                            let _ = changes.send(Change::Missed);
                        }
                        Err(e) => {
                            tracing::warn!(
                                error = %e,
                                "lost the connection hearing other instances' game changes"
                            );
                            break;
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(
                error = %e,
                ?pause,
                "cannot connect to hear other instances' game changes; trying again"
            ),
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(LONGEST_PAUSE);
    }
}

/// How `change` is announced to the other instances.
fn announced(change: Change) -> Announced {
    match change {
        Change::Game(change) => Announced::Changed(change.game, change.version),
        Change::Arena(id) => Announced::Arena(id),
        Change::Missed => Announced::Missed,
    }
}

/// Sends to `changes` what the announcement `payload` says.
fn hear(payload: &str, changes: &broadcast::Sender<Change>) {
    let Some(items) = store::announced(payload) else {
        tracing::warn!(
            payload,
            "a game change announced in a form this build does not read; all read again"
        );
        let _ = changes.send(Change::Missed);
        return;
    };
    for item in items {
        let change = match item {
            Announced::Changed(game, version) => Change::Game(GameChanged { game, version }),
            Announced::Arena(id) => Change::Arena(id),
            Announced::Missed => Change::Missed,
        };
        let _ = changes.send(change);
    }
}
