-- SQLite's 0031: claims in live games. A player whose opponent has left (no page, no Activity
-- and no move for a while) may claim the win or a draw; such a game ends with the reason
-- 'abandoned'. And when each player of a live game was last seen on its page or in the
-- Activity (moves count as sightings without a row here: they are in `moves`).
ALTER TABLE games
    DROP CONSTRAINT games_end_reason_check,
    ADD CONSTRAINT games_end_reason_check CHECK (end_reason IN (
        'no_pieces', 'no_moves', 'resignation', 'time', 'agreement', 'repetition', 'no_progress',
        'missed_capture', 'aborted', 'abandoned'
    ));

CREATE TABLE live_sightings (
    game_id BIGINT NOT NULL REFERENCES games (id),
    user_id BIGINT NOT NULL,
    -- Unix ms of the last sighting.
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
