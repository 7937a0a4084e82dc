-- Names per place: a member's display name as last seen on each server, and in DMs.
--
-- The same person has a nickname per server; one name per person (`players.display_name`)
-- made each server's leaderboards, game titles and PDN exports show whichever nickname was
-- seen last, on any server. A name shown for a place is now the one seen there; where none
-- was seen yet (a game accepted from elsewhere), the name last seen anywhere, which
-- `players.display_name` keeps.
--
-- The place is a scope as in `ratings`: the guild id, or 0 for DMs. Not NULL for DMs: NULLs
-- are distinct in a primary key, so an upsert of a DM name would never meet its row; and a
-- snowflake is never 0.
CREATE TABLE member_names (
    scope INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    display_name TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    -- Looked up by (scope, user): a leaderboard line, a seat of a game, a side of a challenge.
    PRIMARY KEY (scope, user_id)
) WITHOUT ROWID;

-- Every place where a player already has a game or a challenge keeps the name they had when
-- this migration ran (the only name known), so that acting on one server from now on no
-- longer renames them on the others.
INSERT INTO member_names (scope, user_id, display_name, updated_at)
SELECT place.scope, p.user_id, p.display_name, p.updated_at
FROM (
    SELECT coalesce(guild_id, 0) AS scope, white_id AS user_id FROM games
    UNION SELECT coalesce(guild_id, 0), black_id FROM games
    UNION SELECT coalesce(guild_id, 0), challenger_id FROM challenges
    UNION SELECT coalesce(guild_id, 0), challenged_id FROM challenges
) AS place
JOIN players p ON p.user_id = place.user_id;
