-- As SQLite's 0015: every running bot process has a row, beaten every second; leases name their
-- holder, and a dead holder's leases are taken over at once.
CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    pid BIGINT NOT NULL,
    process_start BIGINT NOT NULL,
    label TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    beat_at BIGINT NOT NULL
);

ALTER TABLE outbox ADD COLUMN lease_holder TEXT;
ALTER TABLE outbox ADD COLUMN answer_token TEXT;
ALTER TABLE outbox ADD COLUMN answer_claimed_at BIGINT;
