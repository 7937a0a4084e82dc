//! Tournaments' guild scheduled events: the event each one has in Discord, and the servers
//! that refused them.

use super::{Conn, corrupt, from_db, to_db};
use crate::clock::Timestamp;
use crate::ids::GuildId;
use crate::service::{EventOf, EventStatus, RecordedEvent};

/// The event recorded for `of`, if any.
pub(crate) async fn scheduled_event(
    conn: &mut Conn,
    of: EventOf,
) -> Result<Option<RecordedEvent>, sqlx::Error> {
    let row: Option<(i64, String)> = sqlx::query_as(
        "SELECT event_id, status FROM scheduled_events WHERE kind = $1 AND of_id = $2",
    )
    .bind(of.kind())
    .bind(of.id())
    .fetch_optional(conn)
    .await?;
    row.map(|(event, status)| {
        let status = EventStatus::parse(&status)
            .ok_or_else(|| corrupt(format!("scheduled event status {status:?}")))?;
        Ok(RecordedEvent {
            event: from_db(event),
            status,
        })
    })
    .transpose()
}

/// Records that `of`'s event is Discord's `event`, now `status`.
pub(crate) async fn record_scheduled_event(
    conn: &mut Conn,
    of: EventOf,
    guild: GuildId,
    event: u64,
    status: EventStatus,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO scheduled_events (kind, of_id, guild_id, event_id, status, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (kind, of_id) DO UPDATE
         SET event_id = excluded.event_id, status = excluded.status,
             updated_at = excluded.updated_at",
    )
    .bind(of.kind())
    .bind(of.id())
    .bind(to_db(guild.0))
    .bind(to_db(event))
    .bind(status.name())
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Notes that `guild` refused an event; whether it is the first refusal since the last event
/// made there.
pub(crate) async fn note_scheduled_events_refused(
    conn: &mut Conn,
    guild: GuildId,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let noted = sqlx::query(
        "INSERT INTO scheduled_events_refused (guild_id, told_at) VALUES ($1, $2)
         ON CONFLICT (guild_id) DO NOTHING",
    )
    .bind(to_db(guild.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(noted.rows_affected() == 1)
}

/// Forgets `guild`'s refusal: an event was made there.
pub(crate) async fn forget_scheduled_events_refused(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM scheduled_events_refused WHERE guild_id = $1")
        .bind(to_db(guild.0))
        .execute(conn)
        .await?;
    Ok(())
}
