-- The shop's downloadable files (issue 37, internal/files): e-books, PDFs
-- and audio, checked by their content at upload. The bytes live in the
-- files store (a folder beside the database, or an S3-compatible bucket),
-- under the id: 128 random bits, so no URL or key can be guessed. A staff
-- member's deletion leaves their uploads, without them.
CREATE TABLE files (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('epub', 'pdf', 'audio')),
    name         TEXT NOT NULL,
    size         BIGINT NOT NULL CHECK (size > 0),
    sha256       TEXT NOT NULL,
    content_type TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    created_by   TEXT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX files_sha256 ON files (sha256);

-- What a family may download: one row per purchase and file. purchase_id
-- is the selling half's (an order line); the grant is made at payment and
-- revoked by a refund (kept, revoked_at set, for the record). The account's
-- deletion takes its rows. downloads_used counts the links started
-- (DOWNLOAD_LIMIT per row); position orders a purchase's files (tracks).
CREATE TABLE download_grants (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    purchase_id    TEXT NOT NULL,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    file_id        TEXT NOT NULL REFERENCES files (id),
    title          TEXT NOT NULL DEFAULT '',
    position       INTEGER NOT NULL DEFAULT 0,
    downloads_used INTEGER NOT NULL DEFAULT 0,
    granted_at     TIMESTAMP NOT NULL,
    revoked_at     TIMESTAMP,
    UNIQUE (purchase_id, file_id)
);
CREATE INDEX download_grants_user ON download_grants (user_id);

-- Download links: a random token (kept as its SHA-256, so the table does
-- not hold live links), valid until expires_at. The first GET of a link
-- counts one download of its grant (started_at); later requests of the
-- same link (a resumed Range) count nothing, but every link may send at
-- most twice the file's bytes (bytes_reserved), so a replayed link cannot
-- serve copies without end.
CREATE TABLE download_links (
    token_hash     TEXT PRIMARY KEY,
    grant_id       INTEGER NOT NULL REFERENCES download_grants (id) ON DELETE CASCADE,
    created_at     TIMESTAMP NOT NULL,
    expires_at     TIMESTAMP NOT NULL,
    started_at     TIMESTAMP,
    bytes_reserved BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX download_links_grant ON download_links (grant_id);
CREATE INDEX download_links_expires ON download_links (expires_at);
