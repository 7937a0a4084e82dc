-- Instances: every running bot process has a row, written when it starts and beaten every
-- second. Leases name their holder (job_leases.owner, reviews.worker, outbox.lease_holder),
-- so that when a holder is found dead (its beat has stopped for a few seconds, or, on the same
-- machine, its process is gone), another instance takes its leases over at once instead of
-- waiting for them to lapse.
CREATE TABLE instances (
    -- A random name drawn when the process starts.
    id TEXT PRIMARY KEY,
    -- Where it runs, for telling a previous life on the same machine: the kernel's boot id and
    -- the process's pid namespace (empty where they cannot be read).
    host TEXT NOT NULL,
    -- The process, and when it started (its start time in clock ticks after boot, as
    -- /proc/<pid>/stat gives it; 0 where unknown): a pid alone may be reused.
    pid INTEGER NOT NULL,
    process_start INTEGER NOT NULL,
    -- For people reading the table: the machine's name and the process.
    label TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    beat_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Who holds an outbox row's lease while it is sent.
ALTER TABLE outbox ADD COLUMN lease_holder TEXT;
-- When an interaction claimed the row to carry it as its answer: the interaction's token (its
-- webhook, valid 15 minutes) and when it claimed it. Should the holder die before recording the
-- delivery, the answer's message is looked up before the row is posted again. Cleared once the
-- row is delivered or given back.
ALTER TABLE outbox ADD COLUMN answer_token TEXT;
ALTER TABLE outbox ADD COLUMN answer_claimed_at INTEGER;
