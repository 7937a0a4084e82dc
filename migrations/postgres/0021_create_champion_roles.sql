-- PostgreSQL's 0021, as SQLite's 0034: a server's champion roles (see there for what each
-- column means).
CREATE TABLE champion_roles (
    guild_id BIGINT NOT NULL,
    title TEXT NOT NULL CHECK (title IN ('arena', 'season')),
    role_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    holder_id BIGINT,
    held_role_id BIGINT,
    refused_told_at BIGINT,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, title)
);
