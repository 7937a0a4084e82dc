-- SQLite's 0025: membership of servers, as the service decides it (see the service's
-- `members` module).
--
-- When a member was last seen on a server: an interaction from them there (or naming them,
-- as a challenge's opponent does). A sighting is evidence of membership for a week only, so
-- that a member who left or was kicked stops counting as one. Written with the name, and
-- again at most once an hour while the name stays the same. The rows there already count as
-- seen when their name was last written.
ALTER TABLE member_names ADD COLUMN seen_at BIGINT NOT NULL DEFAULT 0;
UPDATE member_names SET seen_at = updated_at;

-- The servers the bot is in, as the Discord side sees them: added when the gateway says the
-- bot joined (or is in) a server and by any interaction from a server, removed when the
-- gateway says it left. Discord is asked about a member only on these servers.
CREATE TABLE joined_servers (
    guild_id BIGINT PRIMARY KEY,
    -- When the bot was last known to join it, or an interaction first came from it (unix ms).
    joined_at BIGINT NOT NULL
);

-- Every server where a member was seen had the bot in it.
INSERT INTO joined_servers (guild_id, joined_at)
SELECT scope, max(updated_at) FROM member_names WHERE scope <> 0 GROUP BY scope;
