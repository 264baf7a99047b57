-- Interactive storybooks (issue 35, internal/storybooks).
--
-- A storybook is one catalogue book's interactive edition (book_id is
-- unique: one per book, and two instances loading the shipped story at once
-- make one). Its pages are one JSON array in the row (story.Page's fields)
-- rather than a table of pages: the editor saves the storybook whole, so a
-- save is one UPDATE conditional on the version (atomic, no rows to diff or
-- reorder), and a read is one row; a storybook is some 25 pages, tens of
-- kilobytes. version counts saves: a save based on an older one is a 409.
CREATE TABLE storybooks (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    book_id       INTEGER NOT NULL UNIQUE REFERENCES books (id),
    title         TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    version       INTEGER NOT NULL DEFAULT 1,
    start         TEXT NOT NULL,
    preview_pages INTEGER NOT NULL DEFAULT 3 CHECK (preview_pages >= 1),
    pages         TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

-- Pictures and narration uploaded for the pages, under the SHA-256 of the
-- bytes kept (a picture re-encoded, a recording as sent), so the same file
-- uploaded twice is one row and its URL (/storybooks/media/<hash>.<ext>)
-- never changes what it names.
CREATE TABLE storybook_media (
    hash         TEXT PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('picture', 'narration')),
    content_type TEXT NOT NULL,
    bytes        BLOB NOT NULL,
    created_at   TIMESTAMP NOT NULL
);

-- Who may read a storybook beyond its preview: an account (a family is the
-- parent's account; the children read through it). source says how it came:
-- 'grant' by staff (granted_by) for gifts and complaints; issue 37 adds
-- 'order' with the order line, so source has no CHECK that SQLite could not
-- widen without rebuilding the table. A revoked row is kept (revoked_at)
-- for the record; one live grant per account and storybook. The account's
-- deletion takes its rows; a staff member's deletion leaves the grants they
-- made, without them.
CREATE TABLE storybook_entitlements (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    storybook_id INTEGER NOT NULL REFERENCES storybooks (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source       TEXT NOT NULL,
    granted_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    granted_at   TIMESTAMP NOT NULL,
    revoked_at   TIMESTAMP
);
CREATE UNIQUE INDEX storybook_entitlements_live_grant ON storybook_entitlements (storybook_id, user_id)
    WHERE source = 'grant' AND revoked_at IS NULL;
CREATE INDEX storybook_entitlements_user ON storybook_entitlements (user_id);

-- Where each reader of a family stopped and what they found: reader is
-- 'me' (the parent) or a child's id, kid_id the same child as a foreign key,
-- so removing the child removes their progress, and the account's deletion
-- everyone's. visited and endings are JSON arrays of page ids.
CREATE TABLE storybook_progress (
    storybook_id INTEGER NOT NULL REFERENCES storybooks (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reader       TEXT NOT NULL,
    kid_id       TEXT REFERENCES kids (id) ON DELETE CASCADE,
    page         TEXT NOT NULL,
    visited      TEXT NOT NULL DEFAULT '[]',
    endings      TEXT NOT NULL DEFAULT '[]',
    updated_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (storybook_id, user_id, reader),
    CHECK ((reader = 'me' AND kid_id IS NULL) OR reader = kid_id)
);
CREATE INDEX storybook_progress_user ON storybook_progress (user_id);
CREATE INDEX storybook_progress_kid ON storybook_progress (kid_id);
