-- Every challenge a member issues counts their open ones (the limits of `ServiceConfig`).
-- Without this index the count walks every open challenge of every server (by expiry); with
-- it, only the member's own.
CREATE INDEX challenges_open_by_challenger ON challenges (challenger_id, challenged_id)
    WHERE status = 'open';
