-- Children's data a parent can see (issue 30).
--
-- The consent ledger: each time a parent confirms they are a child's parent
-- or legal guardian and accepts a version of the children's privacy notice
-- ('given'), and each withdrawal ('withdrawn', for one child or for the
-- account). Rows are only added; they go with the account.
CREATE TABLE consents (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    action         TEXT NOT NULL CHECK (action IN ('given', 'withdrawn')),
    scope          TEXT NOT NULL CHECK (scope IN ('account', 'child')),
    notice_version TEXT NOT NULL,
    guardian       BOOLEAN NOT NULL,
    method         TEXT NOT NULL,
    user_agent     TEXT NOT NULL DEFAULT '',
    at             TIMESTAMP NOT NULL
);
CREATE INDEX consents_user ON consents (user_id, id);

-- A child is a name and a birth month ('YYYY-MM'): the day was never needed.
-- Existing dates keep their month and year.
ALTER TABLE kids ADD COLUMN birth_month TEXT NOT NULL DEFAULT '';
UPDATE kids SET birth_month = substr(date_of_birth, 1, 7);
ALTER TABLE kids DROP COLUMN date_of_birth;

-- A dream the parent keeps ("Keep this story") stays; the others go after
-- the retention period.
ALTER TABLE dreams ADD COLUMN kept_at TIMESTAMP;
CREATE INDEX dreams_unkept ON dreams (created_at) WHERE kept_at IS NULL;

-- Accounts not signed in to for the retention period are warned by e-mail
-- once; a sign-in after warned_at saves the account.
CREATE TABLE inactivity_warnings (
    user_id   TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    warned_at TIMESTAMP NOT NULL
);
