-- SQLite's 0027: live clocks (Fischer: a base time and an increment per move, from 1+0 to
-- 30+20) beside the correspondence time per move, and games aborted before both sides moved.
-- A live game keeps its clock on the row: the base and the increment (ms), each side's time
-- left as its turn began (ms), when the turn of the side to move began (unix ms), and each
-- side's quota of lag compensation (ms). All seven are NULL in a correspondence game, which
-- every game from before is. In a live game `deadline` is when the side to move flags (or,
-- before both sides moved, when the game is aborted).
--
-- An aborted game is over without a result: status 'aborted', result '*', end reason 'aborted'.
-- PostgreSQL changes the CHECKs in place (their names are those 0001 gave them by default).
ALTER TABLE games
    ADD COLUMN clock_base_ms BIGINT CHECK (clock_base_ms > 0),
    ADD COLUMN clock_increment_ms BIGINT CHECK (clock_increment_ms >= 0),
    ADD COLUMN white_clock_ms BIGINT,
    ADD COLUMN black_clock_ms BIGINT,
    ADD COLUMN turn_started_at BIGINT,
    ADD COLUMN white_lag_quota_ms BIGINT CHECK (white_lag_quota_ms >= 0),
    ADD COLUMN black_lag_quota_ms BIGINT CHECK (black_lag_quota_ms >= 0),
    DROP CONSTRAINT games_status_check,
    DROP CONSTRAINT games_result_check,
    DROP CONSTRAINT games_end_reason_check,
    DROP CONSTRAINT games_check,
    ADD CONSTRAINT games_status_check CHECK (status IN ('active', 'finished', 'aborted')),
    ADD CONSTRAINT games_result_check CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),
    ADD CONSTRAINT games_end_reason_check CHECK (end_reason IN (
        'no_pieces', 'no_moves', 'resignation', 'time', 'agreement', 'repetition', 'no_progress',
        'missed_capture', 'aborted'
    )),
    ADD CONSTRAINT games_check
        CHECK ((status <> 'active') = (result IS NOT NULL AND end_reason IS NOT NULL)),
    ADD CONSTRAINT games_aborted_check
        CHECK ((status = 'aborted') = (result IS NOT NULL AND result = '*')),
    ADD CONSTRAINT games_clock_check CHECK (
        (clock_base_ms IS NULL AND clock_increment_ms IS NULL AND white_clock_ms IS NULL
            AND black_clock_ms IS NULL AND turn_started_at IS NULL
            AND white_lag_quota_ms IS NULL AND black_lag_quota_ms IS NULL)
        OR (clock_base_ms IS NOT NULL AND clock_increment_ms IS NOT NULL
            AND white_clock_ms IS NOT NULL AND black_clock_ms IS NOT NULL
            AND turn_started_at IS NOT NULL AND white_lag_quota_ms IS NOT NULL
            AND black_lag_quota_ms IS NOT NULL AND move_seconds IS NULL)
    );

-- The live games in play, by when the side to move flags: the flag worker's next wake-up.
CREATE INDEX games_live_by_deadline ON games (deadline)
    WHERE status = 'active' AND clock_base_ms IS NOT NULL;

-- A challenge to a live game: its base and increment (ms); NULL for correspondence.
ALTER TABLE challenges
    ADD COLUMN clock_base_ms BIGINT CHECK (clock_base_ms > 0),
    ADD COLUMN clock_increment_ms BIGINT CHECK (clock_increment_ms >= 0);
