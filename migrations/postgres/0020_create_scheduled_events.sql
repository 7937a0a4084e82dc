-- PostgreSQL's 0020, as SQLite's 0033: tournaments as guild scheduled events (see there for
-- what each column means).
CREATE TABLE scheduled_events (
    kind TEXT NOT NULL CHECK (kind IN ('tournament', 'arena')),
    of_id BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    event_id BIGINT NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('scheduled', 'active', 'completed', 'canceled', 'gone')),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (kind, of_id)
);

CREATE TABLE scheduled_events_refused (
    guild_id BIGINT PRIMARY KEY,
    told_at BIGINT NOT NULL
);
