-- Games: the configuration the admin publishes to every visitor (one JSON
-- document: game images with their objects, difference pairs with their
-- differences), and the pictures it names, stored by content hash.
CREATE TABLE game_config (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    document   TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE TABLE game_images (
    hash         TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    data         BLOB NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    created_at   TIMESTAMP NOT NULL
);
