-- `/dama live` lists a server's games in progress, the most recently moved first: an index of
-- the active games by server and last change, so it reads only those games.
CREATE INDEX games_active_by_guild ON games (guild_id, updated_at) WHERE status = 'active';
