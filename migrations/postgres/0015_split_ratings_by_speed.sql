-- SQLite's 0028: ratings per speed. Bullet, blitz, rapid and correspondence games are rated
-- apart; every rating and rating change from before was earned in a correspondence game, so
-- each becomes a correspondence one. The speed joins the key of `ratings` and `season_ratings`
-- and their rating indexes (PostgreSQL changes them in place; the keys' names are those 0001
-- gave them by default).
ALTER TABLE ratings
    ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence'
        CHECK (speed IN ('bullet', 'blitz', 'rapid', 'correspondence')),
    DROP CONSTRAINT ratings_pkey,
    ADD PRIMARY KEY (scope, speed, user_id);
-- New rows always name their speed, as SQLite's rebuilt table requires.
ALTER TABLE ratings ALTER COLUMN speed DROP DEFAULT;
DROP INDEX ratings_by_rating;
CREATE INDEX ratings_by_rating ON ratings (scope, speed, rating DESC);

ALTER TABLE season_ratings
    ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence'
        CHECK (speed IN ('bullet', 'blitz', 'rapid', 'correspondence')),
    DROP CONSTRAINT season_ratings_pkey,
    ADD PRIMARY KEY (guild_id, number, speed, user_id);
ALTER TABLE season_ratings ALTER COLUMN speed DROP DEFAULT;
DROP INDEX season_ratings_by_rating;
CREATE INDEX season_ratings_by_rating ON season_ratings (guild_id, number, speed, rating DESC);

-- The speed whose rating a game changed: a player's rating history is read one speed at a time.
ALTER TABLE rating_changes ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence'
    CHECK (speed IN ('bullet', 'blitz', 'rapid', 'correspondence'));
