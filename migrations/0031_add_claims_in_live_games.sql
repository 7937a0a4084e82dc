-- no-transaction
-- Claims in live games: a player whose opponent has left (no page, no Activity and no move for
-- a while) may claim the win or a draw; such a game ends with the reason 'abandoned'. The
-- CHECK on end_reason did not allow it, so the table is rebuilt as 0027 did (SQLite cannot
-- change a CHECK in place): foreign keys off, then in one transaction the new table made,
-- filled, the old one dropped, the new one renamed, its indexes made again. Every row keeps
-- its id and every column.
--
-- And the sightings of players in live games: when each player was last seen on the game's
-- page or in the Activity (each open page says so every few seconds). Moves count as
-- sightings without a row here: they are in `moves`.
PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE games_with_claims (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    -- A thread the adapter opened for the game, if any.
    thread_id INTEGER,
    white_id INTEGER REFERENCES players (user_id),
    black_id INTEGER REFERENCES players (user_id),
    engine_level INTEGER CHECK (engine_level BETWEEN 1 AND 5),
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    -- Time per move in seconds; NULL: no deadline (or a live clock).
    move_seconds INTEGER CHECK (move_seconds > 0),
    -- Position text (RULES.md) the game started from, and the current one.
    start_position TEXT NOT NULL,
    position TEXT NOT NULL,
    -- Plies played: equals the number of rows in `moves` for this game.
    ply INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    -- Bumped by every change of the game's state; writers check it (optimistic locking).
    version INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'aborted')),
    -- PDN result token and why the game ended; both set exactly when over. A missed
    -- capture (strict rules) names the capture that was available: it is found again from
    -- the last move and the position before it. An aborted game's result is '*'.
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),
    end_reason TEXT CHECK (end_reason IN (
        'no_pieces', 'no_moves', 'resignation', 'time', 'agreement', 'repetition', 'no_progress',
        'missed_capture', 'aborted', 'abandoned'
    )),
    -- The human player to move while the game is active (NULL when the engine is to move).
    to_move_id INTEGER,
    -- A pending draw offer or takeback request, by colour.
    draw_offer_by TEXT CHECK (draw_offer_by IN ('white', 'black')),
    takeback_by TEXT CHECK (takeback_by IN ('white', 'black')),
    -- When the player to move loses on time (or a live game is aborted); NULL without a time
    -- control.
    deadline INTEGER,
    -- Whether the reminder for the current deadline has been produced.
    reminded INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    ended_at INTEGER,
    -- The rule set.
    rules TEXT NOT NULL DEFAULT 'standard'
        CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict')),
    rematch_of INTEGER REFERENCES games (id),
    web_token TEXT,
    conditional_by TEXT CHECK (conditional_by IN ('white', 'black')),
    -- The live clock: base and increment, time left as the turn began, when it began, lag
    -- quotas (all ms); all NULL in a correspondence game.
    clock_base_ms INTEGER CHECK (clock_base_ms > 0),
    clock_increment_ms INTEGER CHECK (clock_increment_ms >= 0),
    white_clock_ms INTEGER,
    black_clock_ms INTEGER,
    turn_started_at INTEGER,
    white_lag_quota_ms INTEGER CHECK (white_lag_quota_ms >= 0),
    black_lag_quota_ms INTEGER CHECK (black_lag_quota_ms >= 0),
    -- Berserk (arena games only, 0029): the side halved its own clock and plays without
    -- increment.
    white_berserk INTEGER NOT NULL DEFAULT 0 CHECK (white_berserk IN (0, 1)),
    black_berserk INTEGER NOT NULL DEFAULT 0 CHECK (black_berserk IN (0, 1)),
    CHECK ((status <> 'active') = (result IS NOT NULL AND end_reason IS NOT NULL)),
    CHECK ((status = 'aborted') = (result IS NOT NULL AND result = '*')),
    CHECK (
        (engine_level IS NULL AND white_id IS NOT NULL AND black_id IS NOT NULL)
        OR (engine_level IS NOT NULL AND (white_id IS NULL) <> (black_id IS NULL) AND rated = 0)
    ),
    CHECK (
        (clock_base_ms IS NULL AND clock_increment_ms IS NULL AND white_clock_ms IS NULL
            AND black_clock_ms IS NULL AND turn_started_at IS NULL
            AND white_lag_quota_ms IS NULL AND black_lag_quota_ms IS NULL)
        OR (clock_base_ms IS NOT NULL AND clock_increment_ms IS NOT NULL
            AND white_clock_ms IS NOT NULL AND black_clock_ms IS NOT NULL
            AND turn_started_at IS NOT NULL AND white_lag_quota_ms IS NOT NULL
            AND black_lag_quota_ms IS NOT NULL AND move_seconds IS NULL)
    )
);

INSERT INTO games_with_claims (id, guild_id, channel_id, thread_id, white_id, black_id,
        engine_level, rated, move_seconds, start_position, position, ply, version, status,
        result, end_reason, to_move_id, draw_offer_by, takeback_by, deadline, reminded,
        created_at, updated_at, ended_at, rules, rematch_of, web_token, conditional_by,
        clock_base_ms, clock_increment_ms, white_clock_ms, black_clock_ms, turn_started_at,
        white_lag_quota_ms, black_lag_quota_ms, white_berserk, black_berserk)
    SELECT id, guild_id, channel_id, thread_id, white_id, black_id,
        engine_level, rated, move_seconds, start_position, position, ply, version, status,
        result, end_reason, to_move_id, draw_offer_by, takeback_by, deadline, reminded,
        created_at, updated_at, ended_at, rules, rematch_of, web_token, conditional_by,
        clock_base_ms, clock_increment_ms, white_clock_ms, black_clock_ms, turn_started_at,
        white_lag_quota_ms, black_lag_quota_ms, white_berserk, black_berserk
    FROM games;

DROP TABLE games;
ALTER TABLE games_with_claims RENAME TO games;

CREATE INDEX games_active_by_deadline ON games (deadline) WHERE status = 'active';
CREATE INDEX games_by_white ON games (white_id, status);
CREATE INDEX games_by_black ON games (black_id, status);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL;
CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX games_active_by_guild ON games (guild_id, updated_at) WHERE status = 'active';
CREATE UNIQUE INDEX games_by_web_token ON games (web_token);
-- The live games in play, by when the side to move flags: the flag worker's next wake-up.
CREATE INDEX games_live_by_deadline ON games (deadline)
    WHERE status = 'active' AND clock_base_ms IS NOT NULL;

CREATE TABLE live_sightings (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    -- Unix ms of the last sighting.
    seen_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

COMMIT;
PRAGMA foreign_keys = ON;
