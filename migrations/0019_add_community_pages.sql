-- Community pages (issue 27): a server's leaderboard, live games, tournaments and its players'
-- profiles on the web, which exist only while the server's managers have them on
-- (`/dama server web:on`). Off for every server until then, so that nothing about a server is
-- published without its managers asking.
ALTER TABLE servers ADD COLUMN community_pages INTEGER NOT NULL DEFAULT 0
    CHECK (community_pages IN (0, 1));
