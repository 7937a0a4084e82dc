-- Puzzle mining (issue 29): each finished game of a server with enough plies is searched for
-- puzzles once, in the background, by one instance at a time. A game's row is written in the
-- transaction that ends it (beside its ratings), so no finished game is forgotten, across
-- restarts and instances. A worker claims the newest waiting game under a lease naming its
-- instance (taken over when that instance dies, as reviews' are), stores the puzzles found, and
-- marks the row done with their count, or failed with the reason.
CREATE TABLE puzzle_mining (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id INTEGER NOT NULL,
    -- When the game ended (unix ms): the newest are mined first, and only for a week.
    ended_at INTEGER NOT NULL,
    -- The instance mining it, and until when.
    holder TEXT,
    lease_until INTEGER,
    -- The last claim: the claims of a server's day count toward its daily cap.
    claimed_at INTEGER,
    -- Claims so far: a game whose miner died this often is left alone.
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    done_at INTEGER,
    -- Puzzles found, once done; why it failed, if it did.
    found INTEGER CHECK (found >= 0),
    error TEXT,
    CHECK (done_at IS NOT NULL OR (found IS NULL AND error IS NULL))
);

-- The waiting games, newest first: the claim walks these only.
CREATE INDEX puzzle_mining_waiting ON puzzle_mining (ended_at) WHERE done_at IS NULL;
-- The day's claims by server: the daily cap.
CREATE INDEX puzzle_mining_claims ON puzzle_mining (claimed_at, guild_id);

-- The games that ended in the week before this migration are queued too (the claim looks no
-- further back), so that a server has puzzles from its recent games on the first day; older
-- games are not mined.
INSERT INTO puzzle_mining (game_id, guild_id, ended_at)
SELECT id, guild_id, ended_at FROM games
WHERE status = 'finished' AND guild_id IS NOT NULL AND ply >= 20 AND ended_at IS NOT NULL
    AND ended_at > CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 7 * 86400000;
