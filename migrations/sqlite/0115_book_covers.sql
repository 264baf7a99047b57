-- Book covers uploaded in the back office: each picture is kept in the
-- widths the pages show (its srcset), under the hash of its largest copy,
-- so its URLs name their content and are cached for good.
CREATE TABLE book_covers (
    hash         TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    bytes        BLOB NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (hash, width)
);
