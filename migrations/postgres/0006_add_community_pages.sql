-- SQLite's 0019: community pages (issue 27). A server's leaderboard, live games, tournaments and
-- its players' profiles on the web exist only while its managers have them on
-- (`/dama server web:on`); off for every server until then.
ALTER TABLE servers ADD COLUMN community_pages BOOLEAN NOT NULL DEFAULT FALSE;
