-- The parent's security page and the back office's help (issue 29): every
-- sign-in, good or failed, for 90 days (the clean-up deletes older ones);
-- the kinds of device each account has signed in from, so a sign-in from a
-- new one is e-mailed to the owner; and a ban, as GoTrue's banned_until.
CREATE TABLE sign_in_events (
    id                  BIGSERIAL PRIMARY KEY,
    user_id             TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    at                  TIMESTAMPTZ NOT NULL,
    method              TEXT NOT NULL,
    ok                  BOOLEAN NOT NULL,
    session_id          TEXT NOT NULL DEFAULT '',
    device              TEXT NOT NULL DEFAULT '',
    ip                  TEXT NOT NULL DEFAULT '',
    place               TEXT NOT NULL DEFAULT '',
    -- The hash of the link in the new-device e-mail that signs this session out.
    sign_out_token_hash TEXT UNIQUE
);
CREATE INDEX sign_in_events_user ON sign_in_events (user_id, at);
CREATE INDEX sign_in_events_at ON sign_in_events (at);

-- device_key is the browser, system and kind of device read from the
-- User-Agent, without versions, so an update of the browser is no new device.
CREATE TABLE known_devices (
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device_key    TEXT NOT NULL,
    first_seen_at TIMESTAMPTZ NOT NULL,
    last_seen_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, device_key)
);

ALTER TABLE users ADD COLUMN banned_until TIMESTAMPTZ;
