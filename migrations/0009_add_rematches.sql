-- Rematches: a challenge or a game against the computer made with a finished game's Rematch
-- button names that game, so that the button pressed again is refused while the challenge
-- waits for an answer or once the rematch has started.
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games (id);
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);

CREATE INDEX challenges_by_rematch ON challenges (rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
