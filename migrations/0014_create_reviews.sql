-- Game reviews: the computer goes through every move of a finished game once, as a durable
-- job. A review asked for is queued here; a worker takes it by holding its lease (renewed as
-- it goes, so a worker that dies leaves it to another after the lease), and stores the result,
-- which every later request is answered from.
CREATE TABLE reviews (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    -- Who asked first, and where the finished review is announced (the game's thread or
    -- channel is used; this is the channel the request came from, for the record).
    requested_by INTEGER NOT NULL,
    requested_at INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    -- Positions searched so far, of `total` (the plies + 1).
    done INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
    total INTEGER NOT NULL CHECK (total > 0),
    -- The worker holding the job and until when (unix ms).
    worker TEXT,
    lease_until INTEGER,
    -- The finished review (JSON: each ply's evaluations, loss and better move; the annotated
    -- PDN).
    result TEXT,
    -- Why it failed, when it did.
    error TEXT,
    finished_at INTEGER,
    CHECK ((status = 'done') = (result IS NOT NULL AND finished_at IS NOT NULL))
);

CREATE INDEX reviews_waiting ON reviews (requested_at) WHERE status IN ('queued', 'running');
