//! What the service tells about itself for monitoring: the moves it played, the work waiting in
//! the database, the computer's queue and the pool's connections. Plain numbers: the adapter
//! exposes them in whatever format its monitoring reads.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::{GameService, ServiceError};
use crate::model::Actor;
use crate::store;

/// How long [`GameService::database_answers`] waits for the database.
const PING_WAIT: Duration = Duration::from_secs(2);

/// How long a backlog read from the database is served again: however often the metrics are
/// scraped, the database counts at most once per this.
pub const BACKLOG_FRESH: Duration = Duration::from_secs(5);

/// Counts of what this service did since it started (clones share them).
#[derive(Debug, Default)]
pub(super) struct Counters {
    moves_by_players: AtomicU64,
    moves_by_computer: AtomicU64,
    /// The last backlog read, and when; held while it is read again, so that scrapes at once
    /// wait for one read rather than each making their own.
    backlog: tokio::sync::Mutex<Option<(crate::clock::Timestamp, Backlog)>>,
}

impl Counters {
    /// A move by `actor` was committed.
    pub(super) fn moved(&self, actor: Actor) {
        let counter = match actor {
            Actor::Player(_) => &self.moves_by_players,
            Actor::Engine => &self.moves_by_computer,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// Moves this service played since it started (this process only; other instances count
/// their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MovesPlayed {
    /// Moves of people.
    pub by_players: u64,
    /// The computer's moves.
    pub by_computer: u64,
}

/// The work waiting in the database (all instances' alike), at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backlog {
    /// Notices written but not delivered yet.
    pub undelivered_notices: u64,
    /// How long the oldest undelivered notice has waited; `None` when none waits.
    pub oldest_undelivered: Option<Duration>,
    /// Reviews queued or under way.
    pub reviews: u64,
    /// Games against the computer where it is to move.
    pub computer_turns: u64,
    /// Games on whose deadline has passed (a sweep ends them).
    pub past_deadline: u64,
    /// Open challenges whose time is up (a sweep expires them).
    pub lapsed_challenges: u64,
}

/// The computer's queue in this process: searches running, and requests waiting their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EngineQueue {
    /// Searches running now.
    pub running: usize,
    /// Searches waiting for a turn, all members together.
    pub waiting: usize,
    /// Members with searches waiting.
    pub members_waiting: usize,
    /// The most searches waiting for one member.
    pub longest_member_queue: usize,
}

/// The database pool's connections in this process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections open (in use or idle).
    pub open: u32,
    /// Open connections nobody uses.
    pub idle: u32,
    /// The most the pool opens.
    pub max: u32,
}

impl GameService {
    /// The moves this service played since it started.
    #[must_use]
    pub fn moves_played(&self) -> MovesPlayed {
        MovesPlayed {
            by_players: self.counters.moves_by_players.load(Ordering::Relaxed),
            by_computer: self.counters.moves_by_computer.load(Ordering::Relaxed),
        }
    }

    /// The work waiting in the database (a handful of counts, each served by an index), as
    /// read at most [`BACKLOG_FRESH`] ago.
    pub async fn backlog(&self) -> Result<Backlog, ServiceError> {
        let now = self.clock.now();
        let mut last = self.counters.backlog.lock().await;
        if let Some((at, backlog)) = *last
            && now.as_millis() - at.as_millis()
                < i64::try_from(BACKLOG_FRESH.as_millis()).unwrap_or(i64::MAX)
        {
            return Ok(backlog);
        }
        let backlog = self.read_backlog(now).await?;
        *last = Some((now, backlog));
        Ok(backlog)
    }

    async fn read_backlog(&self, now: crate::clock::Timestamp) -> Result<Backlog, ServiceError> {
        let counts = {
            let mut conn = self.pool.acquire().await?;
            store::backlog(&mut conn, now).await?
        };
        let count = |n: i64| u64::try_from(n).unwrap_or(0);
        let oldest_undelivered = counts.oldest_undelivered.map(|at| {
            Duration::from_millis(u64::try_from(now.as_millis() - at.as_millis()).unwrap_or(0))
        });
        Ok(Backlog {
            undelivered_notices: count(counts.undelivered),
            oldest_undelivered,
            reviews: count(counts.reviews),
            computer_turns: count(counts.computer_turns),
            past_deadline: count(counts.past_deadline),
            lapsed_challenges: count(counts.lapsed_challenges),
        })
    }

    /// The computer's queue now.
    #[must_use]
    pub fn engine_queue(&self) -> EngineQueue {
        self.computer.queue()
    }

    /// The pool's connections now.
    #[must_use]
    pub fn pool_use(&self) -> PoolUse {
        PoolUse {
            open: self.pool.size(),
            idle: u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX),
            max: self.pool.options().get_max_connections(),
        }
    }

    /// Whether the database answers a read within 2 seconds.
    ///
    /// # Errors
    /// [`ServiceError::Database`] when it does not (or refuses).
    pub async fn database_answers(&self) -> Result<(), ServiceError> {
        let ping = async {
            let mut conn = self.pool.acquire().await?;
            store::ping(&mut conn).await
        };
        match tokio::time::timeout(PING_WAIT, ping).await {
            Ok(answered) => Ok(answered?),
            Err(_) => Err(ServiceError::Database(sqlx::Error::PoolTimedOut)),
        }
    }
}
