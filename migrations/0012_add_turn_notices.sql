-- Where a player is told it is their turn: `channel` (the game's board pings them, as before),
-- `dm` (a direct message with their own board and move menus, and no ping on the public board)
-- or `both`. Set with `/dama settings notify:`; set back to `channel` by the bot when Discord
-- refuses it a direct message to the player (they closed their DMs).
ALTER TABLE players ADD COLUMN notify TEXT NOT NULL DEFAULT 'channel'
    CHECK (notify IN ('channel', 'dm', 'both'));
