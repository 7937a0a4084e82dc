-- SQLite's 0021: the Activity (issue 28). A member who presses a board's "Open board" button in
-- a channel is answered with Discord's LAUNCH_ACTIVITY, which carries no game. The button's
-- game is noted here, and the Activity, once it knows who opened it and in which channel, opens
-- that game. One row per member and channel: the latest press. Rows older than a day are
-- dropped when the member presses again.
CREATE TABLE activity_launches (
    user_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    launched_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, channel_id)
);
