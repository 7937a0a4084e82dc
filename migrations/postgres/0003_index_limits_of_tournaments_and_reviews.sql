-- SQLite's 0016: the indexes that the limits on tournaments and reviews and the claim of a
-- review use (the comments are there).
CREATE INDEX reviews_by_requester ON reviews (requested_by, status, finished_at);
CREATE INDEX tournament_players_by_user ON tournament_players (user_id);
CREATE INDEX tournaments_open_by_creator ON tournaments (creator_id) WHERE status = 'open';
