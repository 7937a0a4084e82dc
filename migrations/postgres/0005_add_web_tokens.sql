-- SQLite's 0018: game links for the web page (issue 27). Each game's page is reached by a
-- random token, never by the game's number. 22 URL-safe characters: 128 bits from the OS's
-- random source. New games get one when created; the games created before this migration get
-- one the first time their link is asked for (a conditional UPDATE, so that two instances agree
-- on it). NULL until then.
ALTER TABLE games ADD COLUMN web_token TEXT;

-- A page opens its game by the token. Unique: a token names one game (NULLs do not collide).
CREATE UNIQUE INDEX games_by_web_token ON games (web_token);
