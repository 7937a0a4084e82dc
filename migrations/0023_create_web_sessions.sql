-- The web pages' sessions. The key that signs them is the site's own: made at random by the
-- first instance that needs it and kept here, so that every instance shares it and no other
-- secret (the OAuth client's) is reused for it. A member's "sign out everywhere" voids every
-- session of theirs issued before that moment.
CREATE TABLE web_secrets (
    name TEXT PRIMARY KEY,
    -- Hex digits.
    value TEXT NOT NULL
);

CREATE TABLE web_sessions_void (
    user_id INTEGER PRIMARY KEY,
    -- Sessions issued before this moment (unix ms) are void.
    before INTEGER NOT NULL
);
