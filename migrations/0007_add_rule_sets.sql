-- no-transaction
-- Rule sets: the rules each game and challenge is played under, by its name in
-- `dama_rules::Rules`: 'standard' (RULES.md), 'federation' (promotion after a capture),
-- 'strict' (a missed capture loses) or 'federation-strict'. Games and challenges from before
-- were all 'standard'. Under strict rules a game can end by a missed capture, a reason the
-- games table's CHECK did not allow, so the table is rebuilt with it (SQLite cannot change a
-- CHECK in place), as SQLite's documentation says to: foreign keys off (which a transaction
-- cannot change, hence no-transaction), then in one transaction the new table made, filled,
-- the old one dropped, the new one renamed, its indexes made again. Every row keeps its id, so
-- the moves and challenges that point at games still do.
PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE games_with_rules (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    -- A thread the adapter opened for the game, if any.
    thread_id INTEGER,
    white_id INTEGER REFERENCES players (user_id),
    black_id INTEGER REFERENCES players (user_id),
    engine_level INTEGER CHECK (engine_level BETWEEN 1 AND 5),
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    -- Time per move in seconds; NULL: no deadline.
    move_seconds INTEGER CHECK (move_seconds > 0),
    -- Position text (RULES.md) the game started from, and the current one.
    start_position TEXT NOT NULL,
    position TEXT NOT NULL,
    -- Plies played: equals the number of rows in `moves` for this game.
    ply INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    -- Bumped by every change of the game's state; writers check it (optimistic locking).
    version INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    -- PDN result token and why the game ended; both set exactly when finished. A missed
    -- capture (strict rules) names the capture that was available: it is found again from
    -- the last move and the position before it.
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    end_reason TEXT CHECK (end_reason IN (
        'no_pieces', 'no_moves', 'resignation', 'time', 'agreement', 'repetition', 'no_progress',
        'missed_capture'
    )),
    -- The human player to move while the game is active (NULL when the engine is to move).
    to_move_id INTEGER,
    -- A pending draw offer or takeback request, by colour.
    draw_offer_by TEXT CHECK (draw_offer_by IN ('white', 'black')),
    takeback_by TEXT CHECK (takeback_by IN ('white', 'black')),
    -- When the player to move loses on time; NULL without a time control.
    deadline INTEGER,
    -- Whether the reminder for the current deadline has been produced.
    reminded INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    ended_at INTEGER,
    -- The rule set.
    rules TEXT NOT NULL DEFAULT 'standard'
        CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict')),
    CHECK ((status = 'finished') = (result IS NOT NULL AND end_reason IS NOT NULL)),
    CHECK (
        (engine_level IS NULL AND white_id IS NOT NULL AND black_id IS NOT NULL)
        OR (engine_level IS NOT NULL AND (white_id IS NULL) <> (black_id IS NULL) AND rated = 0)
    )
);

INSERT INTO games_with_rules (id, guild_id, channel_id, thread_id, white_id, black_id,
        engine_level, rated, move_seconds, start_position, position, ply, version, status,
        result, end_reason, to_move_id, draw_offer_by, takeback_by, deadline, reminded,
        created_at, updated_at, ended_at)
    SELECT id, guild_id, channel_id, thread_id, white_id, black_id,
        engine_level, rated, move_seconds, start_position, position, ply, version, status,
        result, end_reason, to_move_id, draw_offer_by, takeback_by, deadline, reminded,
        created_at, updated_at, ended_at
    FROM games;

DROP TABLE games;
ALTER TABLE games_with_rules RENAME TO games;

CREATE INDEX games_active_by_deadline ON games (deadline) WHERE status = 'active';
CREATE INDEX games_by_white ON games (white_id, status);
CREATE INDEX games_by_black ON games (black_id, status);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL;

ALTER TABLE challenges ADD COLUMN rules TEXT NOT NULL DEFAULT 'standard'
    CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict'));

-- A server's own settings, chosen with `/dama server` by someone who may manage the server. A
-- server without a row uses the defaults.
CREATE TABLE servers (
    guild_id INTEGER PRIMARY KEY,
    -- The rule set of games started there when the command names none.
    rules TEXT NOT NULL DEFAULT 'standard'
        CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict')),
    updated_at INTEGER NOT NULL
);

COMMIT;
PRAGMA foreign_keys = ON;
