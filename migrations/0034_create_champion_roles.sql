-- A server's champion roles: the role an administrator named for the winner of its latest
-- arena ('arena') and for the leader of its season ('season'), and who holds it now. The
-- service says who should hold it; the face gives and takes the role at Discord and records
-- here who it gave it to (`holder_id`) and which role that was (`held_role_id`: an
-- administrator may name another role meanwhile).
CREATE TABLE champion_roles (
    guild_id INTEGER NOT NULL,
    title TEXT NOT NULL CHECK (title IN ('arena', 'season')),
    role_id INTEGER NOT NULL,
    -- Where it was named: what goes wrong with it is said there.
    channel_id INTEGER NOT NULL,
    holder_id INTEGER,
    held_role_id INTEGER,
    -- When the bot last said it could not give the role (told once until it gives it).
    refused_told_at INTEGER,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, title)
);
