-- The parent's account area (spec 02 §3): children, the devices seen at
-- sign-in, and the communication preference. Every row belongs to a user and
-- goes with the account when it is deleted.
CREATE TABLE kids (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    date_of_birth TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX kids_user ON kids (user_id, created_at);

-- One row per kind of device a user signs in from; a new sign-in from the
-- same kind refreshes login_timestamp (the upsert key of spec 02 §3).
CREATE TABLE user_devices (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device_type           TEXT NOT NULL,
    device_model          TEXT NOT NULL DEFAULT '',
    operating_system      TEXT NOT NULL DEFAULT '',
    os_version            TEXT NOT NULL DEFAULT '',
    browser_info          TEXT NOT NULL DEFAULT '',
    screen_resolution     TEXT NOT NULL DEFAULT '',
    platform_architecture TEXT NOT NULL DEFAULT 'Unknown',
    user_agent            TEXT NOT NULL DEFAULT '',
    login_timestamp       TIMESTAMPTZ NOT NULL,
    UNIQUE (user_id, device_type, device_model, operating_system, os_version)
);
CREATE INDEX user_devices_login ON user_devices (user_id, login_timestamp);

CREATE TABLE user_communications (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    subscribed BOOLEAN NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
