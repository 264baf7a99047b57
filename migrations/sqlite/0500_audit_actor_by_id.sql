-- The audit log keeps no copy of anyone's address (internal/audit): a staff
-- member is kept by user id and their e-mail read from the account when the
-- log is listed, so a deleted account leaves no address behind. actor_email
-- becomes actor_system, the name of what acted without an account (the
-- command line, the service role, PayPal), empty for a staff member; the
-- customers' addresses some entries held in their values ("email", and
-- "to" of a resent confirmation) go: the entries name them by entity_id.
-- The log is append-only for the app; this migration alone lifts the
-- triggers for the change and puts them back.
DROP TRIGGER audit_log_no_update;
DROP TRIGGER audit_log_no_delete;
DROP INDEX audit_log_actor;

ALTER TABLE audit_log RENAME COLUMN actor_email TO actor_system;
UPDATE audit_log SET actor_system = '' WHERE actor_id <> '';
UPDATE audit_log SET before_json = json_remove(before_json, '$.email', '$.to')
    WHERE json_valid(before_json) AND json_type(before_json) = 'object';
UPDATE audit_log SET after_json = json_remove(after_json, '$.email', '$.to')
    WHERE json_valid(after_json) AND json_type(after_json) = 'object';

CREATE INDEX audit_log_actor ON audit_log (actor_id, id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
