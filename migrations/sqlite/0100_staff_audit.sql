-- Staff roles: the one admin role of before becomes owner, the role that may
-- do everything; manager, editor and support join it (internal/auth/roles.go).
UPDATE profiles SET role = 'owner' WHERE role = 'admin';

-- The audit log of the back office: who changed what, when, and the values
-- before and after (internal/audit). The app only ever inserts; the
-- triggers below refuse any UPDATE or DELETE, so nothing in the app (or a
-- bug in it) can rewrite what happened.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          TIMESTAMP NOT NULL,
    actor_id    TEXT NOT NULL,
    actor_email TEXT NOT NULL,
    action      TEXT NOT NULL,
    entity      TEXT NOT NULL,
    entity_id   TEXT NOT NULL,
    before_json TEXT,
    after_json  TEXT
);
CREATE INDEX audit_log_actor ON audit_log (actor_email, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_at ON audit_log (at);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
