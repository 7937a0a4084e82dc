-- Leases on the sweeper's jobs (a computer's turn to play, a game to time out, a reminder to
-- give, a challenge to expire): a worker takes a job by holding its lease, so that several
-- processes sweeping side by side never do the same job at once. The job's effect is a
-- versioned write besides, so it happens once whatever the leases say.

CREATE TABLE job_leases (
    -- What the job is, e.g. 'computer:12', 'time-out:12', 'remind:12', 'expire:7'.
    job TEXT PRIMARY KEY,
    -- Who holds it (a random name per process).
    owner TEXT NOT NULL,
    -- Until when (unix ms); after that anyone may take it.
    until INTEGER NOT NULL
) WITHOUT ROWID;
