-- The audit log keeps no copy of anyone's address (internal/audit): a staff
-- member is kept by user id and their e-mail read from the account when the
-- log is listed, so a deleted account leaves no address behind. actor_email
-- becomes actor_system, the name of what acted without an account (the
-- command line, the service role, PayPal), empty for a staff member; the
-- customers' addresses some entries held in their values ("email", and
-- "to" of a resent confirmation) go: the entries name them by entity_id.
-- The log is append-only for the app; this migration alone lifts the
-- trigger for the change and puts it back.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update;
DROP INDEX audit_log_actor;

ALTER TABLE audit_log RENAME COLUMN actor_email TO actor_system;
UPDATE audit_log SET actor_system = '' WHERE actor_id <> '';
UPDATE audit_log SET before_json = ((before_json::jsonb - 'email') - 'to')::text
    WHERE jsonb_typeof(before_json::jsonb) = 'object' AND (before_json::jsonb -> 'email' IS NOT NULL OR before_json::jsonb -> 'to' IS NOT NULL);
UPDATE audit_log SET after_json = ((after_json::jsonb - 'email') - 'to')::text
    WHERE jsonb_typeof(after_json::jsonb) = 'object' AND (after_json::jsonb -> 'email' IS NOT NULL OR after_json::jsonb -> 'to' IS NOT NULL);

CREATE INDEX audit_log_actor ON audit_log (actor_id, id);

ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update;
