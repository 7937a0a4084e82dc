//! The flag worker: live games end the moment a clock runs out (or a first move is overdue),
//! not at the next sweep.

use std::time::Duration;

use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tracing::Instrument;

use super::{Event, GameService, ServiceError};
use crate::clock::Timestamp;
use crate::ids::GameId;
use crate::store;

/// The longest the flag worker sleeps without looking again: another instance's moves move
/// flags without ringing this one's bell.
pub const FLAG_RECHECK: Duration = Duration::from_secs(5);

impl GameService {
    /// When the next flag falls among the live games in play (or the next abort, before both
    /// first moves): the earliest of their deadlines, `None` when no live game is in play.
    pub async fn next_flag_due(&self) -> Result<Option<Timestamp>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::next_live_deadline(&mut conn).await?)
    }

    /// Ends the live games whose flag fell (or whose first move is overdue) by the service
    /// clock's current time; see [`end_due_clocks_at`](Self::end_due_clocks_at).
    pub async fn end_due_clocks(&self) -> Result<Vec<Event>, ServiceError> {
        self.end_due_clocks_at(self.clock.now()).await
    }

    /// Ends the live games whose deadline is at or before `now`: the side to move loses on
    /// time, or, before both sides made a first move, the game is aborted. Each game ends in
    /// one versioned write with its notice, under a job lease shared with the sweeper, so that
    /// several instances end it exactly once.
    pub async fn end_due_clocks_at(&self, now: Timestamp) -> Result<Vec<Event>, ServiceError> {
        if self.judging_paused() {
            return Ok(Vec::new());
        }
        let due = {
            let mut conn = self.pool.acquire().await?;
            store::overdue_live_game_ids(&mut conn, now).await?
        };
        self.time_out(due, now).await
    }

    /// Spawns the flag worker: it sleeps until the next flag is due (by the service's clock),
    /// or until a move or a new live game rings its bell, or [`FLAG_RECHECK`] at most, then
    /// ends the games whose time is up and sends the events to `events`. It stops when the
    /// receiver is dropped; errors are logged and it looks again a moment later.
    pub fn spawn_flag_worker(&self, events: mpsc::Sender<Event>) -> JoinHandle<()> {
        let service = self.clone();
        tokio::spawn(async move {
            loop {
                if events.is_closed() {
                    return;
                }
                let wait = match service.next_flag_due().await {
                    Ok(Some(due)) => due.since(service.clock.now()).min(FLAG_RECHECK),
                    Ok(None) => FLAG_RECHECK,
                    Err(e) => {
                        tracing::error!(error = %e, "cannot read the next flag");
                        FLAG_RECHECK
                    }
                };
                if !wait.is_zero() {
                    tokio::select! {
                        () = tokio::time::sleep(wait) => {}
                        () = service.flags.notified() => continue,
                    }
                }
                match service
                    .end_due_clocks()
                    .instrument(tracing::info_span!("flags"))
                    .await
                {
                    Ok(found) => {
                        for event in found {
                            if events.send(event).await.is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) => {
                        tracing::error!(error = %e, "cannot end the games out of time");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
            }
        })
    }

    /// After a move in game `id` was refused as `refusal` ([`ServiceError::OutOfTime`] or
    /// [`ServiceError::GameAborted`]): ends the game as its clock says, now, and returns the
    /// refusal (or the error that kept the game from ending; a game ended meanwhile by another
    /// writer is ended all the same).
    pub(super) async fn end_on_clock_refusing(
        &self,
        id: GameId,
        now: Timestamp,
        refusal: ServiceError,
    ) -> ServiceError {
        // Boxed: a rare path, kept out of every move's future.
        match Box::pin(self.time_out(vec![id], now)).await {
            Ok(_) | Err(ServiceError::Conflict) => refusal,
            Err(e) => e,
        }
    }
}
