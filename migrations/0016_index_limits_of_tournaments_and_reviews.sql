-- The limits on tournaments and reviews (`ServiceConfig`) count a member's own rows, and the
-- claim of a review counts, for each waiting review, the reviews its member had done in the
-- last hour. Without these indexes each count walks the whole table (the claim: once per
-- waiting review); with them, only the member's rows.

-- A member's reviews by status and finish time: the claim's ordering (done in the last hour)
-- and the cap on reviews waiting (queued or running) per member.
CREATE INDEX reviews_by_requester ON reviews (requested_by, status, finished_at);

-- The tournaments a member plays in (the cap on tournaments joined, and the place each one
-- takes among the member's active games).
CREATE INDEX tournament_players_by_user ON tournament_players (user_id);

-- The open tournaments a member created (the cap per creator); the cap per server uses
-- tournaments_by_guild.
CREATE INDEX tournaments_open_by_creator ON tournaments (creator_id) WHERE status = 'open';
