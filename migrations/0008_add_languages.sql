-- Languages, as the bot's codes ('en', 'tr', 'es', 'sv'). A player's Discord client locale as
-- last seen (what is sent to them by DM follows it) and the language they chose themselves,
-- which wins; a server's `guild_locale` as last seen (its public posts follow it) and the
-- language chosen for it with `/dama server`, which wins.
ALTER TABLE players ADD COLUMN locale TEXT;
ALTER TABLE players ADD COLUMN language TEXT CHECK (language IN ('en', 'tr', 'es', 'sv'));
ALTER TABLE servers ADD COLUMN locale TEXT;
ALTER TABLE servers ADD COLUMN language TEXT CHECK (language IN ('en', 'tr', 'es', 'sv'));
