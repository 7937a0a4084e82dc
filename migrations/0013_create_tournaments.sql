-- Correspondence tournaments of a server: round robin (once, or twice with colours swapped) or
-- Swiss. Members join while it is open; at the start they are seeded (rating, then joining
-- order) and the first round is paired. Each round's games are ordinary games (clocks,
-- threads, ratings when rated) that the service creates in the transaction that pairs the
-- round; the game's end records the pairing's result in its own transaction and, when it was
-- the round's last, pairs the next round (or ends the tournament) there too.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    -- Where it was created: its announcements, standings and game threads go here.
    channel_id INTEGER NOT NULL,
    creator_id INTEGER NOT NULL REFERENCES players (user_id),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    format TEXT NOT NULL CHECK (format IN ('round_robin', 'double_round_robin', 'swiss')),
    -- Swiss: the rounds asked for (NULL: the default, fixed at the start). Every format has it
    -- from the start on.
    rounds INTEGER CHECK (rounds > 0),
    -- Time per move of its games, in seconds; NULL: no deadline.
    move_seconds INTEGER CHECK (move_seconds > 0),
    rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rules TEXT NOT NULL,
    max_players INTEGER NOT NULL CHECK (max_players >= 2),
    -- When the sweeper starts it by itself; NULL: started by hand.
    starts_at INTEGER,
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    -- The round being played (0 before the start).
    round INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    -- The standings message in the channel, edited after each result.
    standings_message_id INTEGER,
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    ended_at INTEGER
);

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_to_start ON tournaments (starts_at)
    WHERE status = 'open' AND starts_at IS NOT NULL;

-- Who plays in a tournament.
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    -- 1 for the first: the joining order until the start, the seed from then on.
    seed INTEGER NOT NULL CHECK (seed > 0),
    joined_at INTEGER NOT NULL,
    -- Set when the player withdrew after the start (before it, leaving removes the row).
    withdrawn_at INTEGER,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- The pairings of each round: a game between two players, or a bye (black_id NULL).
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL CHECK (round > 0),
    board INTEGER NOT NULL CHECK (board > 0),
    white_id INTEGER NOT NULL,
    black_id INTEGER,
    -- The game played for it; NULL for a bye and for a result given without play.
    game_id INTEGER UNIQUE REFERENCES games (id),
    -- PDN result token once decided; NULL while its game goes on, and for a bye.
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    -- The result was given, not played (a withdrawn player's game).
    forfeit INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1)),
    PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;
