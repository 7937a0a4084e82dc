//! The sweeper: losses on time, reminders, expired challenges.

use std::time::Duration;

use dama_rules::{Outcome, WinReason};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::{Event, GameService, GameView, ServiceError};
use crate::clock::Timestamp;
use crate::model::ChallengeStatus;
use crate::store;

impl GameService {
    /// Runs the sweeper once at the service clock's current time; see [`sweep_at`](Self::sweep_at).
    pub async fn sweep(&self) -> Result<Vec<Event>, ServiceError> {
        self.sweep_at(self.clock.now()).await
    }

    /// Ends the games whose deadline is at or before `now` (the player to move loses on time,
    /// ratings updated), produces reminders for deadlines that are near (a quarter of the time
    /// per move left, at most [`max_reminder_lead`](super::ServiceConfig) before), and expires
    /// lapsed challenges. Returns what the adapter should announce.
    ///
    /// Safe to run from several places at once: each game ends, each reminder is produced,
    /// and each challenge expires exactly once (every change is a versioned write). A game
    /// that cannot be read is logged and skipped.
    pub async fn sweep_at(&self, now: Timestamp) -> Result<Vec<Event>, ServiceError> {
        let mut events = Vec::new();
        let (lapsed, overdue, reminders) = {
            let mut conn = self.pool.acquire().await?;
            let lead = i64::try_from(self.config.max_reminder_lead.as_millis()).unwrap_or(i64::MAX);
            (
                store::lapsed_challenges(&mut conn, now).await?,
                store::overdue_game_ids(&mut conn, now).await?,
                store::reminder_due_game_ids(&mut conn, now, lead).await?,
            )
        };
        for mut challenge in lapsed {
            let mut tx = self.write().await?;
            let expired =
                store::close_challenge(&mut tx, challenge.id, ChallengeStatus::Expired).await?;
            tx.commit().await?;
            if expired {
                challenge.status = ChallengeStatus::Expired;
                events.push(Event::ChallengeExpired(challenge));
            }
        }
        for id in overdue {
            let loaded = match self.load(id).await {
                Ok(loaded) => loaded,
                Err(e) if e.is_internal() => {
                    tracing::error!(game = %id, error = %e, "cannot time out a game");
                    continue;
                }
                Err(_) => continue,
            };
            let state = &loaded.record.state;
            let (None, Some(deadline), Some(loser)) =
                (state.outcome, state.deadline, state.to_move)
            else {
                continue;
            };
            if deadline > now {
                continue;
            }
            let outcome = Outcome::Win {
                winner: state.position.turn().opposite(),
                reason: WinReason::Time,
            };
            match self.finish(loaded, outcome, now).await {
                Ok(ended) => events.push(Event::TimedOut {
                    game: ended.game,
                    loser,
                    end: ended.end,
                }),
                // A move, a resignation or another sweeper got there first.
                Err(ServiceError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        for id in reminders {
            let loaded = match self.load(id).await {
                Ok(loaded) => loaded,
                Err(e) if e.is_internal() => {
                    tracing::error!(game = %id, error = %e, "cannot remind a game's player");
                    continue;
                }
                Err(_) => continue,
            };
            let state = &loaded.record.state;
            let (None, Some(deadline), Some(user)) = (state.outcome, state.deadline, state.to_move)
            else {
                continue;
            };
            let mut tx = self.write().await?;
            let marked = store::mark_reminded(&mut tx, id, state.version).await?;
            tx.commit().await?;
            if marked {
                events.push(Event::Reminder {
                    game: GameView::of(&loaded.record, &loaded.game),
                    user,
                    deadline,
                });
            }
        }
        Ok(events)
    }

    /// Spawns a task that sweeps every `every` and sends the events to `events`; it stops when
    /// the receiver is dropped. Database errors are logged and the next round tries again.
    pub fn spawn_sweeper(&self, every: Duration, events: mpsc::Sender<Event>) -> JoinHandle<()> {
        let service = self.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(every);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                interval.tick().await;
                if events.is_closed() {
                    return;
                }
                match service.sweep().await {
                    Ok(found) => {
                        for event in found {
                            if events.send(event).await.is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) => tracing::error!(error = %e, "sweep failed"),
                }
            }
        })
    }
}
