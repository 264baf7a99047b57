-- Pictures uploaded into the blog's posts, kept as the book covers are
-- (internal/covers): re-encoded, under the hash of their bytes, served at
-- /posts/pictures/<hash>-<width>.<ext> and cached for good.
CREATE TABLE post_pictures (
    hash         TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    bytes        BYTEA NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (hash, width)
);
