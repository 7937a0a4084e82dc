-- The rule set each game and challenge is played under, by its name in `dama_rules::Rules`:
-- 'standard' (RULES.md), 'federation' (promotion after a capture), 'strict' (a missed capture
-- loses) or 'federation-strict'. Games and challenges from before were all 'standard'.
ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT 'standard'
    CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict'));
ALTER TABLE challenges ADD COLUMN rules TEXT NOT NULL DEFAULT 'standard'
    CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict'));

-- A server's own settings, chosen with `/dama server` by someone who may manage the server. A
-- server without a row uses the defaults.
CREATE TABLE servers (
    guild_id INTEGER PRIMARY KEY,
    -- The rule set of games started there when the command names none.
    rules TEXT NOT NULL DEFAULT 'standard'
        CHECK (rules IN ('standard', 'federation', 'strict', 'federation-strict')),
    updated_at INTEGER NOT NULL
);
