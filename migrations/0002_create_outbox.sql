-- The outbox: every consequence of a change that must reach people (a board after a move, a
-- result, a question to the opponent, a reminder, an expired challenge) is a row written in the
-- same transaction as the change. A delivery worker sends the rows of each stream in order and
-- marks them delivered; an interaction may deliver its own row as its answer.

CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    -- Rows of one stream are delivered in id order: 'game:<id>' or 'channel:<id>'.
    stream TEXT NOT NULL,
    -- What to say, as the service's `Notice` in JSON.
    notice TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    -- Not to be taken by the delivery worker before then: the grace an interaction has to
    -- answer with the row itself, or the backoff after a failed attempt.
    not_before INTEGER NOT NULL,
    -- A sender has taken the row until then (NULL: nobody has).
    lease_until INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error TEXT,
    delivered_at INTEGER,
    -- How it reached people: 'interaction', 'channel', 'fallback_channel', 'direct_message', or
    -- 'undeliverable' when every way was refused for good (the error says why).
    delivered_via TEXT CHECK (delivered_via IN (
        'interaction', 'channel', 'fallback_channel', 'direct_message', 'undeliverable'
    )),
    -- The Discord message that carried it, when known.
    message_id INTEGER,
    CHECK ((delivered_at IS NULL) = (delivered_via IS NULL))
);

CREATE INDEX outbox_pending ON outbox (stream, id) WHERE delivered_at IS NULL;
