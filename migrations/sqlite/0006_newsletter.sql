-- Newsletter subscribers, one row per e-mail address (stored lower-case):
-- subscribing again updates the row. user_id is the signed-in subscriber,
-- NULL for an anonymous one.
CREATE TABLE newsletter (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    email      TEXT NOT NULL UNIQUE,
    subscribed BOOLEAN NOT NULL DEFAULT TRUE,
    user_id    TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
