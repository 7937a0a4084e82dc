-- Seasons: a server's ratings over a stretch of time, started and ended by those who manage
-- the server. A rated game counts in the season open on its server when the game ENDS (its
-- ratings are written in that transaction), so a season's table changes only while it is
-- open and, once ended, stays as it was: the final table is the stored rows themselves.
CREATE TABLE seasons (
    guild_id INTEGER NOT NULL,
    -- 1 for a server's first season, then counting up.
    number INTEGER NOT NULL CHECK (number > 0),
    started_at INTEGER NOT NULL,
    -- NULL while the season is open.
    ended_at INTEGER CHECK (ended_at >= started_at),
    PRIMARY KEY (guild_id, number)
) WITHOUT ROWID;

-- At most one open season per server, settled by the database.
CREATE UNIQUE INDEX seasons_open ON seasons (guild_id) WHERE ended_at IS NULL;

-- Glicko-2 ratings within a season, every player starting from the default rating; updated in
-- the transaction that rates the game for all time (the `ratings` table).
CREATE TABLE season_ratings (
    guild_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    -- Rated games of the season counted in this rating.
    games INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, number, user_id),
    FOREIGN KEY (guild_id, number) REFERENCES seasons (guild_id, number)
) WITHOUT ROWID;

CREATE INDEX season_ratings_by_rating ON season_ratings (guild_id, number, rating DESC);
