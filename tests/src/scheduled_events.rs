//! Guild scheduled events, as Discord keeps them (`/guilds/{guild}/scheduled-events`): created
//! by a bot with the permission to make events, with the fields each entity type needs, a start
//! in the future and an end after it; their status moving only as Discord lets it (scheduled
//! to active or cancelled, active to completed; completed and cancelled are final).

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use serenity::model::Permissions;
use serenity::model::id::GuildId;

use crate::rest::{Reply, Request};
use crate::state::Shared;

/// Discord's scheduled event statuses.
const SCHEDULED: u64 = 1;
const ACTIVE: u64 = 2;
const COMPLETED: u64 = 3;
const CANCELED: u64 = 4;
/// The entity type of an event somewhere else than a voice or stage channel.
const EXTERNAL: u64 = 3;

/// The answer to `method` on `/guilds/{guild}/scheduled-events/{rest}`.
pub(crate) fn route(
    shared: &Shared,
    req: &Request<'_>,
    guild: GuildId,
    method: &str,
    rest: &[&str],
) -> Reply {
    if guild != shared.config.guild_id {
        return Reply::error(404, 10004, "Unknown Guild");
    }
    match (method, rest) {
        ("GET", []) => {
            let store = shared.store();
            Reply::ok(Value::Array(
                store.scheduled_events.values().cloned().collect(),
            ))
        }
        ("POST", []) => create(shared, guild, req.body),
        (method, [event]) => {
            let Some(id) = event.parse::<u64>().ok() else {
                return unknown_event();
            };
            match method {
                "GET" => match shared.store().scheduled_events.get(&id) {
                    Some(event) => Reply::ok(event.clone()),
                    None => unknown_event(),
                },
                "PATCH" => edit(shared, id, req.body),
                "DELETE" => {
                    let mut store = shared.store();
                    if let Err(refused) = allowed(store.bot_permissions) {
                        return refused;
                    }
                    match store.scheduled_events.remove(&id) {
                        Some(_) => Reply::no_content(),
                        None => unknown_event(),
                    }
                }
                _ => Reply::error(405, 0, "405: Method Not Allowed"),
            }
        }
        _ => Reply::error(404, 0, "404: Not Found").note("unknown scheduled event route"),
    }
}

fn unknown_event() -> Reply {
    Reply::error(404, 10070, "Unknown Guild Scheduled Event")
}

/// Making events takes Create Events (one's own) or Manage Events.
fn allowed(bot: Permissions) -> Result<(), Reply> {
    if bot.intersects(Permissions::CREATE_EVENTS | Permissions::MANAGE_EVENTS) {
        Ok(())
    } else {
        Err(Reply::missing_permissions(Permissions::MANAGE_EVENTS))
    }
}

fn create(shared: &Shared, guild: GuildId, body: &Value) -> Reply {
    if let Err(refused) = allowed(shared.store().bot_permissions) {
        return refused;
    }
    let name = body["name"].as_str().unwrap_or_default();
    if !(1..=100).contains(&name.chars().count()) {
        return Reply::invalid_form("name", "BASE_TYPE_BAD_LENGTH", "Must be 1 to 100 long.");
    }
    if body["privacy_level"] != json!(2) {
        return Reply::invalid_form(
            "privacy_level",
            "BASE_TYPE_CHOICES",
            "Must be 2 (guild only).",
        );
    }
    if let Some(description) = body["description"].as_str()
        && description.chars().count() > 1000
    {
        return Reply::invalid_form(
            "description",
            "BASE_TYPE_BAD_LENGTH",
            "Must be 1000 or fewer in length.",
        );
    }
    let Some(start) = time_of(&body["scheduled_start_time"]) else {
        return Reply::invalid_form(
            "scheduled_start_time",
            "DATE_TIME_TYPE_PARSE",
            "Could not parse the date and time.",
        );
    };
    if start <= now_ms() {
        return Reply::invalid_form(
            "scheduled_start_time",
            "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
            "Cannot schedule event in the past.",
        );
    }
    let end = time_of(&body["scheduled_end_time"]);
    if body["entity_type"] == json!(EXTERNAL) {
        let location = body["entity_metadata"]["location"]
            .as_str()
            .unwrap_or_default();
        if !(1..=100).contains(&location.chars().count()) {
            return Reply::invalid_form(
                "entity_metadata.location",
                "BASE_TYPE_REQUIRED",
                "An external event needs a location of 1 to 100 characters.",
            );
        }
        if !body["channel_id"].is_null() {
            return Reply::invalid_form(
                "channel_id",
                "GUILD_SCHEDULED_EVENT_CHANNEL_NOT_ALLOWED",
                "An external event has no channel.",
            );
        }
        if end.is_none() {
            return Reply::invalid_form(
                "scheduled_end_time",
                "BASE_TYPE_REQUIRED",
                "An external event needs an end time.",
            );
        }
    }
    if end.is_some_and(|end| end <= start) {
        return Reply::invalid_form(
            "scheduled_end_time",
            "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
            "The end must come after the start.",
        );
    }
    let id = shared.snowflake();
    let bot = &shared.config.bot;
    let event = json!({
        "id": id.to_string(),
        "guild_id": guild.to_string(),
        "channel_id": body["channel_id"],
        "creator_id": bot.id.to_string(),
        "creator": crate::payloads::user(bot),
        "name": name,
        "description": body["description"],
        "scheduled_start_time": body["scheduled_start_time"],
        "scheduled_end_time": body["scheduled_end_time"],
        "privacy_level": 2,
        "status": SCHEDULED,
        "entity_type": body["entity_type"],
        "entity_id": null,
        "entity_metadata": body["entity_metadata"],
        "user_count": 0,
        "image": null,
    });
    shared.store().scheduled_events.insert(id, event.clone());
    Reply::ok(event)
}

fn edit(shared: &Shared, id: u64, body: &Value) -> Reply {
    let mut store = shared.store();
    if let Err(refused) = allowed(store.bot_permissions) {
        return refused;
    }
    let Some(event) = store.scheduled_events.get_mut(&id) else {
        return unknown_event();
    };
    let from = event["status"].as_u64().unwrap_or(SCHEDULED);
    if matches!(from, COMPLETED | CANCELED) {
        return Reply::invalid_form(
            "status",
            "GUILD_SCHEDULED_EVENT_INVALID_STATUS",
            "A completed or cancelled event cannot be changed.",
        );
    }
    if let Some(to) = body.get("status").and_then(Value::as_u64) {
        let allowed = matches!(
            (from, to),
            (SCHEDULED, ACTIVE | CANCELED) | (ACTIVE, COMPLETED)
        ) || from == to;
        if !allowed {
            return Reply::invalid_form(
                "status",
                "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
                "Cannot move the event to this status.",
            );
        }
        event["status"] = json!(to);
    }
    for field in [
        "name",
        "description",
        "scheduled_start_time",
        "scheduled_end_time",
        "entity_metadata",
    ] {
        if let Some(value) = body.get(field) {
            event[field] = value.clone();
        }
    }
    Reply::ok(event.clone())
}

/// An ISO 8601 date and time as Unix milliseconds.
fn time_of(value: &Value) -> Option<i64> {
    let text = value.as_str()?;
    let parsed = serenity::model::Timestamp::parse(text).ok()?;
    Some(parsed.unix_timestamp() * 1000)
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
