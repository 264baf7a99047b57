-- Idempotency-Key of the creating writes (kids, devices, dreams, contact,
-- newsletter): the first request with a key claims its row and records its
-- response; a repeat with the same key gets that response and creates
-- nothing. A key is the caller's own (scope: 'user:<id>' or 'client:<ip>').
-- status is 0 while the first request still runs.
CREATE TABLE idempotency_keys (
    scope           TEXT NOT NULL,
    route           TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    status          INTEGER NOT NULL DEFAULT 0,
    content_type    TEXT NOT NULL DEFAULT '',
    body            TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (scope, route, idempotency_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
