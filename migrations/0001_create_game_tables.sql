-- The game service's schema: players, challenges, games and their moves, ratings.
--
-- Conventions:
-- * Discord snowflakes (users, guilds, channels) are u64; they are stored as INTEGER holding
--   the same 64 bits as an i64 (the service converts with `as` casts both ways).
-- * Times are unix milliseconds (INTEGER, UTC).
-- * Enumerations are short lowercase TEXT values, each checked here.
-- * An applied migration is never edited: change the schema with a new numbered file.

-- A Discord user who has used the bot, with the display name last seen and their settings.
CREATE TABLE players (
    user_id INTEGER PRIMARY KEY,
    display_name TEXT NOT NULL,
    notation TEXT NOT NULL DEFAULT 'algebraic' CHECK (notation IN ('algebraic', 'numeric')),
    theme TEXT NOT NULL DEFAULT 'traditional' CHECK (theme IN ('traditional', 'checkered')),
    -- Boards shown to this player are drawn from their own side when they play Black.
    flip INTEGER NOT NULL DEFAULT 0 CHECK (flip IN (0, 1)),
    -- Vacation: clocks of games where this player is to move are paused until then.
    vacation_started_at INTEGER,
    vacation_until INTEGER,
    -- Whole vacation days spent in `vacation_year` (calendar year, UTC).
    vacation_year INTEGER NOT NULL DEFAULT 0,
    vacation_days_used INTEGER NOT NULL DEFAULT 0 CHECK (vacation_days_used >= 0),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

-- A game between two players, or a player and the engine (then one player id is NULL and
-- `engine_level` says how strong the engine plays). `guild_id` is NULL for games in DMs.
CREATE TABLE games (
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
    -- PDN result token and why the game ended; both set exactly when finished.
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    end_reason TEXT CHECK (end_reason IN (
        'no_pieces', 'no_moves', 'resignation', 'time', 'agreement', 'repetition', 'no_progress'
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
    CHECK ((status = 'finished') = (result IS NOT NULL AND end_reason IS NOT NULL)),
    CHECK (
        (engine_level IS NULL AND white_id IS NOT NULL AND black_id IS NOT NULL)
        OR (engine_level IS NOT NULL AND (white_id IS NULL) <> (black_id IS NULL) AND rated = 0)
    )
);

CREATE INDEX games_active_by_deadline ON games (deadline) WHERE status = 'active';
CREATE INDEX games_by_white ON games (white_id, status);
CREATE INDEX games_by_black ON games (black_id, status);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL;

-- Every move of every game, enough to rebuild and verify the game from its moves alone:
-- the move with its full path in algebraic notation, and the position it led to.
CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id),
    -- 1-based: the first move of a game has ply 1.
    ply INTEGER NOT NULL CHECK (ply >= 1),
    notation TEXT NOT NULL,
    position_after TEXT NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- A challenge: direct (to `challenged_id`) or open to anyone in the channel (NULL).
CREATE TABLE challenges (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (user_id),
    challenged_id INTEGER REFERENCES players (user_id),
    -- The challenger's colour.
    colour TEXT NOT NULL CHECK (colour IN ('white', 'black', 'random')),
    move_seconds INTEGER CHECK (move_seconds > 0),
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    -- The game an accepted challenge started.
    game_id INTEGER REFERENCES games (id),
    CHECK ((status = 'accepted') = (game_id IS NOT NULL))
);

CREATE INDEX challenges_open_by_expiry ON challenges (expires_at) WHERE status = 'open';
CREATE INDEX challenges_open_by_channel ON challenges (channel_id) WHERE status = 'open';

-- Glicko-2 ratings per scope: a guild id, or 0 for games in DMs (snowflakes are never 0).
CREATE TABLE ratings (
    scope INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    -- Rated games counted in this rating.
    games INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id)
) WITHOUT ROWID;

CREATE INDEX ratings_by_rating ON ratings (scope, rating DESC);

-- How each rated game changed its players' ratings.
CREATE TABLE rating_changes (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    deviation_after REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
