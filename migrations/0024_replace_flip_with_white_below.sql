-- Which side of the board a player sees at the bottom. `flip` meant "draw my boards from
-- Black's side when I play Black" and was off by default, so a Black player saw White at the
-- bottom unless they asked otherwise. The rule is now the other way round: a player sees their
-- own side at the bottom unless they choose `white_below` ("always White at the bottom"), off
-- by default; spectators see White at the bottom.
--
-- Every player starts from the new default: those who had `flip` on asked for their own side,
-- which everyone now gets; those who had it off had not chosen anything.
ALTER TABLE players ADD COLUMN white_below INTEGER NOT NULL DEFAULT 0
    CHECK (white_below IN (0, 1));
ALTER TABLE players DROP COLUMN flip;
