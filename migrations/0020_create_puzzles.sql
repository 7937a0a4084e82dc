-- Puzzles (issue 29): positions from a server's own games where the side to move has one clearly
-- best line, stored with that line, solved by the server's members, rated both ways (Glicko-2:
-- the member against the puzzle), and one posted each day in the server's puzzle channel.

-- A puzzle of one server (`guild_id`), mined from one of its games (`game_id`, the position
-- before ply `ply`), or added by hand (no game).
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    game_id INTEGER REFERENCES games (id),
    ply INTEGER NOT NULL CHECK (ply >= 0),
    -- The rule set the line is played under (the source game's).
    rules TEXT NOT NULL DEFAULT 'standard'
        CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict')),
    -- Position text (RULES.md), the solver to move.
    start_position TEXT NOT NULL,
    -- The line, solver's move first and last, each in algebraic notation with its full path,
    -- separated by spaces.
    solution TEXT NOT NULL,
    -- The theme's key (`shot`, `two-for-one`, …), when one was recognised.
    theme TEXT,
    difficulty INTEGER NOT NULL CHECK (difficulty BETWEEN 1 AND 5),
    -- The puzzle's own Glicko-2 rating: it moves with every rated try, as the solver's does.
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
    created_at INTEGER NOT NULL
);

-- One puzzle per position of a game: mining the same game again adds nothing.
CREATE UNIQUE INDEX puzzles_by_game ON puzzles (guild_id, game_id, ply);
-- A member's next puzzle is found near their rating.
CREATE INDEX puzzles_by_rating ON puzzles (guild_id, rating);

-- A member's one try at a puzzle (a puzzle is rated once per member: no second try).
-- `progress` counts the plies of the line played so far (the solver's moves and the replies).
CREATE TABLE puzzle_attempts (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    guild_id INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'solved', 'failed')),
    progress INTEGER NOT NULL DEFAULT 0 CHECK (progress >= 0),
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    -- The member's puzzle rating before and after the try, once it is over.
    rating_before REAL,
    rating_after REAL,
    PRIMARY KEY (puzzle_id, user_id),
    CHECK ((status = 'open') = (finished_at IS NULL))
);

-- At most one try under way per member and server: the answers go to it.
CREATE UNIQUE INDEX puzzle_attempts_open ON puzzle_attempts (guild_id, user_id)
    WHERE status = 'open';
-- The tries a member started lately (the limit per minute).
CREATE INDEX puzzle_attempts_by_member ON puzzle_attempts (user_id, started_at);
-- Who solved a puzzle first.
CREATE INDEX puzzle_attempts_solved ON puzzle_attempts (puzzle_id, finished_at)
    WHERE status = 'solved';

-- A member's puzzle rating on a server, with their streak of days (UTC) with a puzzle solved.
CREATE TABLE puzzle_ratings (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
    solved INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    -- Days since 1970-01-01 (UTC) of the last solved puzzle; the streak that ends there, and
    -- the best streak ever.
    last_solved_day INTEGER,
    streak INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
    best_streak INTEGER NOT NULL DEFAULT 0 CHECK (best_streak >= 0),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

-- Without a rowid, the index holds the key too: the leaderboard walks it in order, ties by member.
CREATE INDEX puzzle_ratings_by_rating ON puzzle_ratings (guild_id, rating DESC);

-- The daily puzzle: the channel it is posted in, and the hour (UTC).
ALTER TABLE servers ADD COLUMN puzzle_channel INTEGER;
ALTER TABLE servers ADD COLUMN puzzle_hour INTEGER NOT NULL DEFAULT 12
    CHECK (puzzle_hour BETWEEN 0 AND 23);

-- Each server's puzzle of each day (days since 1970-01-01, UTC). The row is written with the
-- notice that posts the puzzle, in one transaction: its key makes the post happen once, however
-- many instances run the job; `solution_posted_at` likewise for the next day's solution.
CREATE TABLE daily_puzzles (
    guild_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    channel_id INTEGER NOT NULL,
    posted_at INTEGER NOT NULL,
    solution_posted_at INTEGER,
    PRIMARY KEY (guild_id, day)
);

-- A puzzle is a server's daily puzzle once at most; the next one is found by this key.
CREATE UNIQUE INDEX daily_puzzles_by_puzzle ON daily_puzzles (guild_id, puzzle_id);

-- Solutions still to post.
CREATE INDEX daily_puzzles_unsolved ON daily_puzzles (guild_id, day)
    WHERE solution_posted_at IS NULL;
