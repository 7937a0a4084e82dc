-- Each tournament with a start time (an arena, a Swiss, a round robin) is also a guild
-- scheduled event in Discord's Events tab. The service says what the event should be; the
-- face brings Discord's event there and records here what it made: the event's id and the
-- status Discord last accepted ('scheduled', 'active', 'completed', 'canceled', or 'gone' when
-- someone deleted it in Discord).
CREATE TABLE scheduled_events (
    -- 'tournament' or 'arena', and its id.
    kind TEXT NOT NULL CHECK (kind IN ('tournament', 'arena')),
    of_id INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    event_id INTEGER NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('scheduled', 'active', 'completed', 'canceled', 'gone')),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (kind, of_id)
);

-- Servers where Discord refused to create an event for want of the Manage Events permission,
-- and the bot said so (once, until an event is created there again).
CREATE TABLE scheduled_events_refused (
    guild_id INTEGER PRIMARY KEY,
    told_at INTEGER NOT NULL
);
