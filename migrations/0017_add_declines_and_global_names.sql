-- Declines remembered, and a player's global name shown where they were never seen.
--
-- When a challenge was closed (accepted, declined, withdrawn or expired). A member who
-- declined a challenge is not challenged again by the same challenger for a while
-- (`ServiceConfig::decline_cooldown`), counted from the decline. NULL while open, and for the
-- challenges closed before this migration (their declines are too old to matter).
ALTER TABLE challenges ADD COLUMN closed_at INTEGER;

-- A direct challenge looks up the latest declines of its challenger's challenges to the same
-- member.
CREATE INDEX challenges_declined_by_pair ON challenges (challenger_id, challenged_id, closed_at)
    WHERE status = 'declined';

-- `players.display_name` is now the player's global name (Discord's global display name, else
-- their username), shown on the servers where they were never seen. It was the name last seen
-- anywhere, which may be another server's nickname. A name seen in DMs is a global name: the
-- players who have one take it; the others keep theirs until they are next seen.
UPDATE players
SET display_name = (
    SELECT dm.display_name FROM member_names dm WHERE dm.scope = 0 AND dm.user_id = players.user_id
)
WHERE EXISTS (
    SELECT 1 FROM member_names dm WHERE dm.scope = 0 AND dm.user_id = players.user_id
);
