-- The heartbeat: the last moment the bot was known to be up and connected to Discord.
--
-- The bot writes `beat_at` (unix ms) every few seconds while its gateway connection is up, and
-- not while it is down. On start it compares the last beat with the time: a gap longer than
-- the service's `downtime_grace` was downtime (a deploy, a crash, an outage that outlived the
-- process), and every running deadline and challenge expiry is moved on by it, in the same
-- transaction that writes the new beat, so that the gap is applied once.
--
-- One row at most: `id` is always 1.
CREATE TABLE heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    beat_at INTEGER NOT NULL
);
