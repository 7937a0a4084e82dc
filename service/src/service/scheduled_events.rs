//! Tournaments in Discord's Events tab: every tournament with a start time (an arena, a Swiss,
//! a round robin) is also a guild scheduled event, created with it, made active when it starts,
//! completed when it ends, cancelled with it.
//!
//! The service decides what the event should be and the next step towards it
//! ([`GameService::scheduled_event_step`]); the face takes that step at Discord and reports
//! what Discord made of it ([`GameService::scheduled_event_made`]), then asks again, until
//! there is nothing left to do. Each change of a tournament's status writes a
//! [`Notice::ScheduledEvent`](super::Notice::ScheduledEvent) in the same transaction, so the
//! delivery worker brings the event along even after a crash; the steps being computed from
//! what is stored, a notice taken twice does nothing twice.
//!
//! Discord lets an event go from scheduled to active, from active to completed, and from
//! scheduled to cancelled; completed and cancelled are final. A tournament cancelled while it
//! runs completes its event. An event someone deleted in Discord is left deleted.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{GameService, Notice, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{ArenaId, ChannelId, GuildId, TournamentId};
use crate::model::{LiveClock, TimeControl};
use crate::store::{self, Conn};
use crate::tournament::{Format, Status};

/// A tournament that may be a scheduled event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "id", rename_all = "snake_case")]
pub enum EventOf {
    /// A Swiss or round robin.
    Tournament(TournamentId),
    /// An arena.
    Arena(ArenaId),
}

impl EventOf {
    /// The stored kind.
    pub(crate) const fn kind(self) -> &'static str {
        match self {
            EventOf::Tournament(_) => "tournament",
            EventOf::Arena(_) => "arena",
        }
    }

    /// The stored id.
    pub(crate) const fn id(self) -> i64 {
        match self {
            EventOf::Tournament(id) => id.0,
            EventOf::Arena(id) => id.0,
        }
    }
}

impl std::fmt::Display for EventOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.kind(), self.id())
    }
}

/// Where a scheduled event stands, as Discord last accepted it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventStatus {
    /// Announced, not started.
    Scheduled,
    /// Under way.
    Active,
    /// Over (final).
    Completed,
    /// Called off (final).
    Canceled,
    /// Deleted in Discord by someone: left alone.
    Gone,
}

impl EventStatus {
    /// The stored value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EventStatus::Scheduled => "scheduled",
            EventStatus::Active => "active",
            EventStatus::Completed => "completed",
            EventStatus::Canceled => "canceled",
            EventStatus::Gone => "gone",
        }
    }

    /// The stored value read back.
    pub(crate) fn parse(name: &str) -> Option<EventStatus> {
        [
            EventStatus::Scheduled,
            EventStatus::Active,
            EventStatus::Completed,
            EventStatus::Canceled,
            EventStatus::Gone,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// Discord's number for it (`GUILD_SCHEDULED_EVENT_STATUS`); `None` for [`Gone`](Self::Gone).
    #[must_use]
    pub const fn discord(self) -> Option<u8> {
        match self {
            EventStatus::Scheduled => Some(1),
            EventStatus::Active => Some(2),
            EventStatus::Completed => Some(3),
            EventStatus::Canceled => Some(4),
            EventStatus::Gone => None,
        }
    }

    /// Where a tournament in `status` wants its event.
    const fn of(status: Status) -> EventStatus {
        match status {
            Status::Open => EventStatus::Scheduled,
            Status::Running => EventStatus::Active,
            Status::Finished => EventStatus::Completed,
            Status::Cancelled => EventStatus::Canceled,
        }
    }
}

/// What kind of tournament an event announces, for its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// An arena of `minutes` on a live `clock`.
    Arena {
        /// Its length.
        minutes: u32,
        /// Its games' clock.
        clock: LiveClock,
    },
    /// A Swiss or round robin by correspondence.
    Tournament {
        /// How it is paired.
        format: Format,
        /// Time per move of its games.
        time_control: TimeControl,
    },
}

/// An event to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventDraft {
    /// The tournament's name.
    pub name: String,
    /// What it is.
    pub kind: EventKind,
    /// Whether its games are rated.
    pub rated: bool,
    /// When it starts.
    pub starts_at: Timestamp,
    /// When it ends: an arena's end; for a Swiss or round robin an estimate of a day per
    /// round (Discord needs an end for an event outside its voice channels), the event being
    /// completed when the last round really ends.
    pub ends_at: Timestamp,
}

/// The next step towards the event a tournament wants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventStep {
    /// Create the event.
    Create(EventDraft),
    /// Set event `event`'s status.
    SetStatus {
        /// Discord's id of the event.
        event: u64,
        /// The status to set.
        status: EventStatus,
    },
    /// The event is as it should be (or is none of the bot's business any more).
    Nothing,
}

/// The next step for one tournament's event, with where it lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventSync {
    /// The tournament's server.
    pub guild: GuildId,
    /// The tournament's channel.
    pub channel: ChannelId,
    /// The tournament's name.
    pub name: String,
    /// What to do.
    pub step: EventStep,
}

/// The event as recorded: Discord's id and the status it last accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RecordedEvent {
    pub event: u64,
    pub status: EventStatus,
}

/// The next step from `recorded` towards `wanted`, for a tournament starting at
/// `starts_at` (an event is only created before its start: Discord refuses a start in the
/// past), `now`.
fn next_step(
    wanted: EventStatus,
    recorded: Option<RecordedEvent>,
    draft: impl FnOnce() -> EventDraft,
    starts_at: Timestamp,
    now: Timestamp,
) -> EventStep {
    use EventStatus::{Active, Canceled, Completed, Gone, Scheduled};
    let Some(recorded) = recorded else {
        return if wanted == Scheduled && starts_at > now {
            EventStep::Create(draft())
        } else {
            EventStep::Nothing
        };
    };
    let status = match (recorded.status, wanted) {
        (from, to) if from == to => return EventStep::Nothing,
        (Scheduled, Active | Completed) => Active,
        (Scheduled, Canceled) => Canceled,
        (Active, Completed | Canceled) => Completed,
        (Scheduled | Active | Completed | Canceled | Gone, _) => return EventStep::Nothing,
    };
    EventStep::SetStatus {
        event: recorded.event,
        status,
    }
}

/// Writes the notice that brings `of`'s event along after a change of its status, in the
/// change's transaction.
pub(super) async fn changed(
    conn: &mut Conn,
    of: EventOf,
    now: Timestamp,
) -> Result<(), ServiceError> {
    super::outbox::push(conn, &Notice::ScheduledEvent { of }, now, Duration::ZERO).await
}

/// A day per round: the end Discord is told of a Swiss or round robin.
const ROUND_ESTIMATE: Duration = Duration::from_secs(24 * 60 * 60);

impl GameService {
    /// The next step towards the scheduled event tournament `of` wants: created before its
    /// start, active while it runs, completed when it ends, cancelled with it; nothing for a
    /// tournament without a start time, or once the event is final.
    pub async fn scheduled_event_step(&self, of: EventOf) -> Result<EventSync, ServiceError> {
        let now = self.clock.now();
        let mut conn = self.pool.acquire().await?;
        let recorded = store::scheduled_event(&mut conn, of).await?;
        let sync = match of {
            EventOf::Arena(id) => {
                let arena = store::arena(&mut conn, id)
                    .await?
                    .ok_or(ServiceError::NoSuchArena(id))?;
                let draft = || EventDraft {
                    name: arena.name.clone(),
                    kind: EventKind::Arena {
                        minutes: arena.minutes,
                        clock: arena.clock,
                    },
                    rated: arena.rated,
                    starts_at: arena.starts_at,
                    ends_at: arena.ends_at,
                };
                EventSync {
                    guild: arena.guild,
                    channel: arena.channel,
                    name: arena.name.clone(),
                    step: next_step(
                        EventStatus::of(arena.status),
                        recorded,
                        draft,
                        arena.starts_at,
                        now,
                    ),
                }
            }
            EventOf::Tournament(id) => {
                let found = store::tournament(&mut conn, id)
                    .await?
                    .ok_or(ServiceError::NoSuchTournament(id))?;
                let step = match found.starts_at {
                    None => EventStep::Nothing,
                    Some(starts_at) => {
                        let rounds = found
                            .format
                            .rounds(found.max_players as usize, found.rounds);
                        let draft = || EventDraft {
                            name: found.name.clone(),
                            kind: EventKind::Tournament {
                                format: found.format,
                                time_control: found.time_control,
                            },
                            rated: found.rated,
                            starts_at,
                            ends_at: starts_at + ROUND_ESTIMATE * rounds.max(1),
                        };
                        next_step(
                            EventStatus::of(found.status),
                            recorded,
                            draft,
                            starts_at,
                            now,
                        )
                    }
                };
                EventSync {
                    guild: found.guild,
                    channel: found.channel,
                    name: found.name.clone(),
                    step,
                }
            }
        };
        Ok(sync)
    }

    /// Discord made tournament `of`'s event `event` (in server `guild`) `status`: recorded, and
    /// the server's refusal forgotten (a later one is told again).
    pub async fn scheduled_event_made(
        &self,
        of: EventOf,
        guild: GuildId,
        event: u64,
        status: EventStatus,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::record_scheduled_event(&mut tx, of, guild, event, status, now).await?;
        store::forget_scheduled_events_refused(&mut tx, guild).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Discord refused server `guild`'s events for want of the Manage Events permission:
    /// whether to say so now (the first refusal since the last event made there).
    pub async fn scheduled_events_refused(&self, guild: GuildId) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let first = store::note_scheduled_events_refused(&mut tx, guild, now).await?;
        tx.commit().await?;
        Ok(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> EventDraft {
        EventDraft {
            name: "Friday".into(),
            kind: EventKind::Arena {
                minutes: 45,
                clock: LiveClock::new(3, 2).expect("3+2"),
            },
            rated: true,
            starts_at: Timestamp::from_millis(2_000),
            ends_at: Timestamp::from_millis(3_000),
        }
    }

    fn recorded(status: EventStatus) -> Option<RecordedEvent> {
        Some(RecordedEvent { event: 9, status })
    }

    fn step(wanted: EventStatus, was: Option<RecordedEvent>, now: i64) -> EventStep {
        next_step(
            wanted,
            was,
            draft,
            Timestamp::from_millis(2_000),
            Timestamp::from_millis(now),
        )
    }

    fn set(status: EventStatus) -> EventStep {
        EventStep::SetStatus { event: 9, status }
    }

    #[test]
    fn an_event_is_created_only_before_its_start() {
        use EventStatus::*;
        assert_eq!(step(Scheduled, None, 1_000), EventStep::Create(draft()));
        assert_eq!(step(Scheduled, None, 2_000), EventStep::Nothing);
        assert_eq!(step(Active, None, 1_000), EventStep::Nothing);
        assert_eq!(step(Canceled, None, 1_000), EventStep::Nothing);
    }

    #[test]
    fn an_event_moves_only_as_discord_lets_it() {
        use EventStatus::*;
        assert_eq!(
            step(Scheduled, recorded(Scheduled), 1_000),
            EventStep::Nothing
        );
        assert_eq!(step(Active, recorded(Scheduled), 3_000), set(Active));
        // Over before anyone saw it start: started first, then completed.
        assert_eq!(step(Completed, recorded(Scheduled), 3_000), set(Active));
        assert_eq!(step(Completed, recorded(Active), 3_000), set(Completed));
        assert_eq!(step(Canceled, recorded(Scheduled), 1_000), set(Canceled));
        // An active event cannot be cancelled: it is completed.
        assert_eq!(step(Canceled, recorded(Active), 3_000), set(Completed));
        for done in [Completed, Canceled, Gone] {
            for wanted in [Scheduled, Active, Completed, Canceled] {
                assert_eq!(step(wanted, recorded(done), 3_000), EventStep::Nothing);
            }
        }
    }

    #[test]
    fn every_status_reads_back_as_stored() {
        use EventStatus::*;
        for status in [Scheduled, Active, Completed, Canceled, Gone] {
            assert_eq!(EventStatus::parse(status.name()), Some(status));
        }
        assert_eq!(EventStatus::parse("later"), None);
    }
}
