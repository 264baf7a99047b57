-- Staff roles: the one admin role of before becomes owner, the role that may
-- do everything; manager, editor and support join it (internal/auth/roles.go).
UPDATE profiles SET role = 'owner' WHERE role = 'admin';

-- The audit log of the back office: who changed what, when, and the values
-- before and after (internal/audit). The app only ever inserts; the
-- triggers below refuse any UPDATE or DELETE (and TRUNCATE), so nothing in
-- the app (or a bug in it) can rewrite what happened.
CREATE TABLE audit_log (
    id          BIGSERIAL PRIMARY KEY,
    at          TIMESTAMPTZ NOT NULL,
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

CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
