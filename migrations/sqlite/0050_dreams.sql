-- Dream Maker: the bedtime stories composed for a parent's children, kept
-- so they can be read again ("My Dreams"). The child's name and age are
-- copied in, so a story stays as it was written even if the child's
-- details change later; removing the child removes their stories.
CREATE TABLE dreams (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kid_id     TEXT NOT NULL REFERENCES kids (id) ON DELETE CASCADE,
    kid_name   TEXT NOT NULL,
    kid_age    INTEGER NOT NULL,
    gender     TEXT NOT NULL,
    companion  TEXT NOT NULL,
    interests  TEXT NOT NULL DEFAULT '[]',
    other      TEXT NOT NULL DEFAULT '',
    template   TEXT NOT NULL,
    title      TEXT NOT NULL,
    paragraphs TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX dreams_user_created ON dreams (user_id, created_at);
