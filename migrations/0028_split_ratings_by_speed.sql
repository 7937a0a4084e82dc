-- Ratings per speed: bullet, blitz, rapid and correspondence games are rated apart (the speed
-- of a game is that of its live clock, lichess's estimate of base + 40 x increment, or
-- correspondence without one). Every rating and rating change from before was earned in a
-- correspondence game, so each becomes a correspondence one.
--
-- The speed joins the key of `ratings` and `season_ratings` and their rating indexes, which
-- SQLite cannot change in place: each table is made again beside the old one, filled, the old
-- one dropped and the new one renamed. No table refers to either, so foreign keys stay on.
CREATE TABLE ratings_by_speed (
    scope INTEGER NOT NULL,
    speed TEXT NOT NULL CHECK (speed IN ('bullet', 'blitz', 'rapid', 'correspondence')),
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    -- Rated games of this speed counted in this rating.
    games INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (scope, speed, user_id)
) WITHOUT ROWID;

INSERT INTO ratings_by_speed
        (scope, speed, user_id, rating, deviation, volatility, games, updated_at)
    SELECT scope, 'correspondence', user_id, rating, deviation, volatility, games, updated_at
    FROM ratings;

DROP TABLE ratings;
ALTER TABLE ratings_by_speed RENAME TO ratings;
CREATE INDEX ratings_by_rating ON ratings (scope, speed, rating DESC);

CREATE TABLE season_ratings_by_speed (
    guild_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    speed TEXT NOT NULL CHECK (speed IN ('bullet', 'blitz', 'rapid', 'correspondence')),
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    -- Rated games of the season at this speed counted in this rating.
    games INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, number, speed, user_id),
    FOREIGN KEY (guild_id, number) REFERENCES seasons (guild_id, number)
) WITHOUT ROWID;

INSERT INTO season_ratings_by_speed
        (guild_id, number, speed, user_id, rating, deviation, volatility, games, updated_at)
    SELECT guild_id, number, 'correspondence', user_id, rating, deviation, volatility, games,
        updated_at
    FROM season_ratings;

DROP TABLE season_ratings;
ALTER TABLE season_ratings_by_speed RENAME TO season_ratings;
CREATE INDEX season_ratings_by_rating ON season_ratings (guild_id, number, speed, rating DESC);

-- The speed whose rating a game changed: a player's rating history is read one speed at a time.
ALTER TABLE rating_changes ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence'
    CHECK (speed IN ('bullet', 'blitz', 'rapid', 'correspondence'));
