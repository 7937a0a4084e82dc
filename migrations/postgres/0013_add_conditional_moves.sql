-- SQLite's 0026: conditional moves and premoves: a player's answers, entered in the opponent's
-- turn, to the opponent's next moves ("if they play e6-e5, I answer d4xd6; then if f7xd5,
-- c3-c4"), and a premove (an answer to whatever they play). Private to their owner; played by
-- the service in the transaction of the opponent's matching move (see the service's
-- `conditional` module).
--
-- The colour whose answers a game has stored (NULL: none, which is almost every game): read
-- with the game row, so that a move looks for stored answers only when there are some. Only the
-- writes of stored answers change it; the move that finds it NULL writes only while it still
-- is, so that answers entered meanwhile are never passed over.
ALTER TABLE games ADD COLUMN conditional_by TEXT CHECK (conditional_by IN ('white', 'black'));

-- A player's stored answers in a game, as a tree (JSON: each branch is the opponent's move, or
-- none for the premove, the answer, and the branches after it). They apply to the opponent's
-- move of ply `ply` + 1, played in `position` (the position's text): anything else found there
-- is out of date and is cleared.
CREATE TABLE conditional_moves (
    game_id BIGINT NOT NULL REFERENCES games (id),
    user_id BIGINT NOT NULL,
    ply BIGINT NOT NULL CHECK (ply >= 0),
    position TEXT NOT NULL,
    tree TEXT NOT NULL,
    -- When the tree was last written (unix ms).
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
