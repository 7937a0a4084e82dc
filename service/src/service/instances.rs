//! Instances know each other. Each process running the service has a name drawn at start and
//! a row in the store, beaten every second ([`beat_instance`](GameService::beat_instance)).
//! Every lease names its holder: the outbox rows being sent, the sweeper's jobs (a computer's
//! turn among them), the reviews being run. When a holder is found dead, its leases are taken
//! over at once rather than when they lapse (up to a minute later), as Oban rescues the jobs of
//! a dead node. A holder is dead when
//! - its process is gone from this machine: a previous life of this instance, killed and
//!   started again (seen on the first beat, so a restart picks up at once), or
//! - its beat has not moved for [`INSTANCE_STALE`], timed by this instance's own clock (another
//!   machine's clock may be set differently; whether its beat moves is all that is compared).
//!
//! A computer's turn freed this way is played at once, and so is every turn waiting when the
//! instance starts: after a restart the computer answers within seconds.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::task::JoinHandle;

use super::{GameService, ServiceError};
use crate::clock::Timestamp;
use crate::ids::GameId;
use crate::store::{self, InstanceRow};

/// How long another instance's beat may stand still before it is taken for dead. Instances
/// beat every second; a few missed beats are a busy database, not a death.
pub const INSTANCE_STALE: Duration = Duration::from_secs(5);

/// Who this process is, and what it knows of the others.
#[derive(Debug)]
pub(super) struct Instances {
    /// This process, as its row describes it.
    me: Identity,
    /// Each other instance's beat as last read, and when (on this service's clock) it was
    /// first read at that value.
    seen: Mutex<HashMap<String, (Timestamp, Timestamp)>>,
    /// Whether this instance has beaten once (its first beat looks further).
    started: AtomicBool,
    /// Leases taken over from dead instances so far.
    taken_over: AtomicU64,
}

/// What a process says of itself.
#[derive(Debug, Clone)]
struct Identity {
    id: String,
    host: String,
    pid: u32,
    process_start: u64,
    label: String,
}

impl Instances {
    pub(super) fn new() -> Instances {
        Instances {
            me: Identity::of_this_process(),
            seen: Mutex::default(),
            started: AtomicBool::new(false),
            taken_over: AtomicU64::new(0),
        }
    }

    /// This instance's name, the holder its leases name.
    pub(super) fn id(&self) -> &str {
        &self.me.id
    }

    /// Whether `other` has stopped beating for [`INSTANCE_STALE`] as of `now`, remembering its beat.
    fn stale(&self, other: &InstanceRow, now: Timestamp) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        match seen.get(&other.id) {
            Some(&(beat, since)) if beat == other.beat_at => now.since(since) >= INSTANCE_STALE,
            _ => {
                seen.insert(other.id.clone(), (other.beat_at, now));
                false
            }
        }
    }

    /// Forgets the instances that are not in `rows` any more.
    fn keep_only(&self, rows: &[InstanceRow]) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        seen.retain(|id, _| rows.iter().any(|r| &r.id == id));
    }

    /// Why `other` is dead, if it is.
    fn death(&self, other: &InstanceRow, now: Timestamp) -> Option<Death> {
        if other.id == self.me.id {
            return None;
        }
        if self.me.previous_life(other) {
            return Some(Death::ProcessGone);
        }
        self.stale(other, now).then_some(Death::Silent)
    }
}

/// How a dead instance was found out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Death {
    /// Its process is gone from this machine.
    ProcessGone,
    /// Its beat stood still for [`INSTANCE_STALE`].
    Silent,
}

impl Identity {
    fn of_this_process() -> Identity {
        let pid = std::process::id();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        // The standard library's randomly keyed hasher: no RNG dependency for one name.
        let random = std::collections::hash_map::RandomState::new().hash_one((pid, nanos));
        let hostname = read_trimmed("/proc/sys/kernel/hostname")
            .or_else(|| std::env::var("HOSTNAME").ok())
            .unwrap_or_default();
        Identity {
            id: format!("{random:016x}"),
            host: machine().unwrap_or_default(),
            pid,
            process_start: process_start(pid).unwrap_or(0),
            label: format!("{hostname}:{pid}"),
        }
    }

    /// Whether `other` ran on this machine (same boot, same pid namespace) in a process that is
    /// gone: its pid is free, or taken by a process that started at another moment.
    fn previous_life(&self, other: &InstanceRow) -> bool {
        if self.host.is_empty() || other.host != self.host {
            return false;
        }
        let Ok(pid) = u32::try_from(other.pid) else {
            return false;
        };
        match process_start(pid) {
            None => true,
            Some(start) => i64::try_from(start).ok() != Some(other.process_start),
        }
    }

    fn row(&self, started_at: Timestamp, now: Timestamp) -> InstanceRow {
        InstanceRow {
            id: self.id.clone(),
            host: self.host.clone(),
            pid: i64::from(self.pid),
            process_start: i64::try_from(self.process_start).unwrap_or(0),
            label: self.label.clone(),
            started_at,
            beat_at: now,
        }
    }
}

/// This machine's boot and this process's pid namespace, where Linux tells them: two processes
/// with the same value see each other's pids.
fn machine() -> Option<String> {
    let boot = read_trimmed("/proc/sys/kernel/random/boot_id")?;
    let namespace = std::fs::read_link("/proc/self/ns/pid").ok()?;
    Some(format!("{boot}/{}", namespace.display()))
}

/// When process `pid` started, in clock ticks after boot (`/proc/<pid>/stat`, field 22); `None`
/// when there is no such process (or no `/proc`).
fn process_start(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    let (_, fields) = stat.rsplit_once(')')?;
    fields.split_whitespace().nth(19)?.parse().ok()
}

fn read_trimmed(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_owned())
}

impl GameService {
    /// Records that this instance is alive now (its row is written on the first beat, and again
    /// should another instance have taken it for dead), then takes over the leases of every
    /// instance found dead. The first beat also frees the leases whose holder has no row (a
    /// process from before instances were recorded) and starts the computer's reply in every
    /// game where it is to move: a restart picks up at once. Returns how many leases this beat
    /// took over.
    pub async fn beat_instance(&self) -> Result<u64, ServiceError> {
        let now = self.clock.now();
        let first = !self.instances.started.load(Ordering::Relaxed);
        let me = self.instances.me.row(self.started_at, now);
        let mut tx = self.write().await?;
        let known = store::beat_instance(&mut tx, &me).await?;
        tx.commit().await?;
        if !known && !first {
            tracing::warn!(
                instance = %me.id,
                "another instance took this one for dead and took its leases over"
            );
        }
        let rows = {
            let mut conn = self.pool.acquire().await?;
            store::instances(&mut conn).await?
        };
        self.instances.keep_only(&rows);
        let mut taken = 0;
        let mut computer_turns = Vec::new();
        for row in &rows {
            let Some(death) = self.instances.death(row, now) else {
                continue;
            };
            let freed = self.take_over(Some(&row.id), now).await?;
            tracing::warn!(
                instance = %row.id,
                label = %row.label,
                ?death,
                notices = freed.notices,
                jobs = freed.jobs.len(),
                reviews = freed.reviews,
                mining = freed.mining,
                "an instance is gone; its leases are taken over"
            );
            taken += freed.count();
            computer_turns.extend(computer_turns_in(&freed.jobs));
        }
        if first {
            let freed = self.take_over(None, now).await?;
            if freed.count() > 0 {
                tracing::warn!(
                    notices = freed.notices,
                    jobs = freed.jobs.len(),
                    reviews = freed.reviews,
                    mining = freed.mining,
                    "leases of holders no instance knows are taken over"
                );
            }
            taken += freed.count();
            let mut conn = self.pool.acquire().await?;
            computer_turns.extend(store::waiting_engine_game_ids(&mut conn, now).await?);
            self.instances.started.store(true, Ordering::Relaxed);
        }
        self.instances
            .taken_over
            .fetch_add(taken, Ordering::Relaxed);
        computer_turns.sort_unstable();
        computer_turns.dedup();
        for game in computer_turns {
            self.resume_reply(game);
        }
        Ok(taken)
    }

    /// Frees the leases of instance `dead` (`None`: of holders with no row), in one transaction.
    async fn take_over(
        &self,
        dead: Option<&str>,
        now: Timestamp,
    ) -> Result<store::Freed, ServiceError> {
        let mut tx = self.write().await?;
        let freed = store::take_over(&mut tx, dead, now).await?;
        tx.commit().await?;
        Ok(freed)
    }

    /// Spawns a task that [`beat_instance`](Self::beat_instance)s every `every` (a second, well
    /// below [`INSTANCE_STALE`]); errors are logged and the next round tries again. Abort it to stop.
    pub fn spawn_instance_heartbeat(&self, every: Duration) -> JoinHandle<()> {
        self.spawn_every(every, |service| async move {
            if let Err(e) = service.beat_instance().await {
                tracing::error!(error = %e, "cannot record this instance's beat");
            }
            std::ops::ControlFlow::Continue(())
        })
    }

    /// How many leases this instance has taken over from dead ones since it started.
    #[must_use]
    pub fn leases_taken_over(&self) -> u64 {
        self.instances.taken_over.load(Ordering::Relaxed)
    }

    /// This instance's name: the holder its leases name.
    #[must_use]
    pub fn instance_id(&self) -> &str {
        self.instances.id()
    }
}

/// The games of the computer turns among freed jobs (`computer:<id>`).
fn computer_turns_in(jobs: &[String]) -> impl Iterator<Item = GameId> + '_ {
    jobs.iter()
        .filter_map(|job| job.strip_prefix("computer:")?.parse().ok().map(GameId))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_alive_and_a_gone_pid_is_a_previous_life() {
        let me = Identity::of_this_process();
        if me.host.is_empty() {
            return; // no /proc here: only beats tell the dead
        }
        let row = |pid: u32, start: u64| InstanceRow {
            id: "other".to_owned(),
            pid: i64::from(pid),
            process_start: i64::try_from(start).expect("a start time"),
            ..me.row(Timestamp::from_millis(0), Timestamp::from_millis(0))
        };
        assert!(!me.previous_life(&row(me.pid, me.process_start)), "alive");
        assert!(
            me.previous_life(&row(me.pid, me.process_start + 1)),
            "the pid is another process's now"
        );
        // Pids stop well below this on Linux (at most 2^22).
        assert!(me.previous_life(&row(u32::MAX - 1, 1)), "gone");
        let elsewhere = InstanceRow {
            host: "another machine".to_owned(),
            ..row(u32::MAX - 1, 1)
        };
        assert!(
            !me.previous_life(&elsewhere),
            "only beats tell for another machine"
        );
    }

    #[test]
    fn this_process_has_a_start_time() {
        let start = process_start(std::process::id());
        if std::path::Path::new("/proc/self/stat").exists() {
            assert!(start.is_some_and(|s| s > 0), "{start:?}");
        }
    }

    #[test]
    fn computer_turns_are_found_among_freed_jobs() {
        let jobs = ["computer:12", "time-out:3", "computer:x", "remind:12"].map(String::from);
        assert_eq!(computer_turns_in(&jobs).collect::<Vec<_>>(), [GameId(12)]);
    }
}
