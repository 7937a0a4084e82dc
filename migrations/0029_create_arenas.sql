-- Arena tournaments: a server's tournament of a fixed length (10 to 180 minutes) on a live
-- clock, where every member who joined is paired again as soon as they are free. Its games are
-- ordinary live games; `arena_games` says which arena each was played for and how it counted.
-- A member's score is kept on their row (recomputed from their games at each result) for the
-- pairing's order; the table itself is computed from `arena_games`.
CREATE TABLE arenas (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    -- Where it was created: its announcements, standings and game threads go here.
    channel_id INTEGER NOT NULL,
    creator_id INTEGER NOT NULL REFERENCES players (user_id),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    minutes INTEGER NOT NULL CHECK (minutes BETWEEN 10 AND 180),
    clock_base_ms INTEGER NOT NULL CHECK (clock_base_ms > 0),
    clock_increment_ms INTEGER NOT NULL CHECK (clock_increment_ms >= 0),
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rules TEXT NOT NULL,
    starts_at INTEGER NOT NULL,
    -- starts_at + minutes.
    ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    -- The standings message in the channel, edited as results come.
    standings_message_id INTEGER,
    created_at INTEGER NOT NULL
);

CREATE INDEX arenas_by_guild ON arenas (guild_id, status);
-- The arenas the arena worker looks after.
CREATE INDEX arenas_in_play ON arenas (starts_at) WHERE status IN ('open', 'running');

-- Who plays in an arena. Free to be paired: not playing, not paused, not gone.
CREATE TABLE arena_players (
    arena_id INTEGER NOT NULL REFERENCES arenas (id),
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    joined_at INTEGER NOT NULL,
    -- In a game of the arena now.
    playing INTEGER NOT NULL DEFAULT 0 CHECK (playing IN (0, 1)),
    -- Since when they wait for a pairing (their last game's end, their joining, their return).
    free_since INTEGER NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    -- Set when they left after the start: their score stays in the table, and joining again
    -- brings them back.
    left_at INTEGER,
    last_opponent_id INTEGER,
    -- Games played White less games played Black.
    whites_over_blacks INTEGER NOT NULL DEFAULT 0,
    score INTEGER NOT NULL DEFAULT 0 CHECK (score >= 0),
    wins INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    games INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    PRIMARY KEY (arena_id, user_id)
) WITHOUT ROWID;

-- The games of an arena.
CREATE TABLE arena_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    arena_id INTEGER NOT NULL REFERENCES arenas (id),
    white_id INTEGER NOT NULL,
    black_id INTEGER NOT NULL,
    -- How it counted: NULL while in play; 'void' when it was aborted, or ended after the arena.
    result TEXT CHECK (result IN ('white', 'black', 'draw', 'void')),
    -- Plies played, once over.
    plies INTEGER,
    paired_at INTEGER NOT NULL,
    ended_at INTEGER
);

CREATE INDEX arena_games_by_arena ON arena_games (arena_id, ended_at);

-- Berserk (arena games only): the side halved its own clock before its first move and plays
-- without increment; a long enough win scores it one point more.
ALTER TABLE games ADD COLUMN white_berserk INTEGER NOT NULL DEFAULT 0 CHECK (white_berserk IN (0, 1));
ALTER TABLE games ADD COLUMN black_berserk INTEGER NOT NULL DEFAULT 0 CHECK (black_berserk IN (0, 1));
