//! Downtime is not the players' fault: while the bot is stopped or cut off from Discord nobody
//! can move, so the clocks stop too.
//!
//! The bot beats (writes the heartbeat row) while it is up and connected. On start,
//! [`recover_downtime`](GameService::recover_downtime) moves every running deadline and
//! challenge expiry on by the time since the last beat; when the gateway comes back,
//! [`connection_restored`](GameService::connection_restored) does the same for the outage.
//! Gaps up to [`downtime_grace`](super::ServiceConfig::downtime_grace) move nothing. No beat is
//! written during an outage, so a crash in the middle of one still counts the whole gap on the
//! next start. While an outage is open the sweeper judges nothing (see
//! [`judging_paused`](GameService::judging_paused)): the deadlines it would judge are about to
//! move.

use std::ops::ControlFlow;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::task::JoinHandle;

use super::{GameService, ServiceError};
use crate::clock::Timestamp;
use crate::store;

/// Whether the adapter's connection to the players is down, and since when.
#[derive(Debug, Default)]
pub(super) struct Liveness {
    outage_since: Mutex<Option<Timestamp>>,
}

impl Liveness {
    fn since(&self) -> Option<Timestamp> {
        *self
            .outage_since
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens an outage at `at` unless one is open already.
    fn open(&self, at: Timestamp) {
        self.outage_since
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_or_insert(at);
    }

    /// Closes the outage opened at `since`, if it is still that one.
    fn close(&self, since: Timestamp) {
        let mut outage = self
            .outage_since
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if *outage == Some(since) {
            *outage = None;
        }
    }
}

impl GameService {
    /// Called once when the bot starts, before the first sweep: if the last beat is more than
    /// [`downtime_grace`](super::ServiceConfig::downtime_grace) ago, every running deadline of
    /// an active game (and so its reminder, which is given again, naming the new deadline) and
    /// every open challenge's expiry moves on by the gap. Writes a beat now in the same transaction, so that a second start right after
    /// shifts nothing. Returns the gap applied, `None` when nothing moved (a first start, or a
    /// short gap).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use dama_service::clock::{ManualClock, Timestamp};
    /// use dama_service::service::{GameService, ServiceConfig};
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let dir = tempfile::tempdir()?;
    /// # let url = dir.path().join("dama.db").display().to_string();
    /// let pool = dama_service::connect(&url).await?;
    /// let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_750_000_000_000)));
    /// let service = GameService::with_clock(pool, ServiceConfig::default(), clock.clone());
    /// assert_eq!(service.recover_downtime().await?, None, "the first start has no gap");
    ///
    /// // The bot is stopped for an hour.
    /// clock.advance(Duration::from_secs(3600));
    /// assert_eq!(service.recover_downtime().await?, Some(Duration::from_secs(3600)));
    /// assert_eq!(service.recover_downtime().await?, None, "applied once");
    /// # Ok(())
    /// # }
    /// ```
    pub async fn recover_downtime(&self) -> Result<Option<Duration>, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let gap = store::last_beat(&mut tx)
            .await?
            .map_or(Duration::ZERO, |beat| now.since(beat));
        let shifted = self.shift_clocks(&mut tx, gap, now).await?;
        store::put_beat(&mut tx, now).await?;
        tx.commit().await?;
        Ok(shifted)
    }

    /// Records that the bot is alive now, unless the connection is down (see
    /// [`connection_lost`](Self::connection_lost)). Returns whether it beat.
    pub async fn beat(&self) -> Result<bool, ServiceError> {
        if self.liveness.since().is_some() {
            return Ok(false);
        }
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::put_beat(&mut tx, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Spawns a task that [`beat`](Self::beat)s every `every` (well below the
    /// [`downtime_grace`](super::ServiceConfig::downtime_grace): the gap a restart measures
    /// includes up to one interval). Errors are logged and the next round tries again; abort
    /// the task to stop it. Call [`recover_downtime`](Self::recover_downtime) first: a beat
    /// before it would hide the downtime.
    pub fn spawn_heartbeat(&self, every: Duration) -> JoinHandle<()> {
        self.spawn_every(every, |service| async move {
            if let Err(e) = service.beat().await {
                tracing::error!(error = %e, "cannot record the heartbeat");
            }
            ControlFlow::Continue(())
        })
    }

    /// The adapter lost its connection to the players (or has not made it yet): an outage
    /// opens now unless one is open. Beats and sweeps wait until
    /// [`connection_restored`](Self::connection_restored). Shared by clones of the service.
    pub fn connection_lost(&self) {
        self.liveness.open(self.clock.now());
    }

    /// The connection is back: ends the open outage with
    /// [`outage_ended`](Self::outage_ended), then beats and sweeps resume. Returns the gap
    /// applied; `None` without an open outage or for a short one. On an error the outage
    /// stays open: call again.
    pub async fn connection_restored(&self) -> Result<Option<Duration>, ServiceError> {
        let Some(since) = self.liveness.since() else {
            return Ok(None);
        };
        let shifted = self.outage_ended(since, self.clock.now()).await?;
        self.liveness.close(since);
        Ok(shifted)
    }

    /// An outage that began at `started_at` ended at `now`: if it lasted more than
    /// [`downtime_grace`](super::ServiceConfig::downtime_grace), every running deadline and
    /// open challenge's expiry moves on by its length. Writes a beat at `now` in the same
    /// transaction. The outage counts from its start or from the last beat, whichever is
    /// later, so time already applied (by a restart during the outage, or by a second call
    /// for the same outage) is not applied again. Returns the gap applied.
    pub async fn outage_ended(
        &self,
        started_at: Timestamp,
        now: Timestamp,
    ) -> Result<Option<Duration>, ServiceError> {
        let mut tx = self.write().await?;
        let since = store::last_beat(&mut tx)
            .await?
            .map_or(started_at, |beat| beat.max(started_at));
        let shifted = self.shift_clocks(&mut tx, now.since(since), now).await?;
        store::put_beat(&mut tx, now).await?;
        tx.commit().await?;
        Ok(shifted)
    }

    /// When the connection is down (an outage is open), since when.
    #[must_use]
    pub fn outage_since(&self) -> Option<Timestamp> {
        self.liveness.since()
    }

    /// Whether the sweeper should judge nothing now: during an outage the deadlines it would
    /// judge are about to move, and its messages could not be delivered anyway.
    pub(super) fn judging_paused(&self) -> bool {
        self.liveness.since().is_some()
    }

    /// Moves every running clock on by `gap` when it exceeds the grace; returns it then.
    async fn shift_clocks(
        &self,
        conn: &mut store::Conn,
        gap: Duration,
        now: Timestamp,
    ) -> Result<Option<Duration>, ServiceError> {
        if gap <= self.config.downtime_grace {
            return Ok(None);
        }
        let by_ms = i64::try_from(gap.as_millis()).unwrap_or(i64::MAX);
        let games = store::shift_all_deadlines(conn, by_ms, now).await?;
        let challenges = store::shift_challenge_expiry(conn, by_ms).await?;
        tracing::info!(?gap, games, challenges, "downtime: running clocks moved on");
        Ok(Some(gap))
    }
}
