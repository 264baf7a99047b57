-- The schedule of backups (internal/backup), one row shared by every
-- instance: whoever moves started_at forward makes the period's backup, so
-- several instances on one database make one backup per period, and the
-- last success and failure tell the owner's alert e-mails what to say.
CREATE TABLE backup_schedule (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    lease_until     TIMESTAMP,           -- an instance is making a backup until then
    last_success_at TIMESTAMP,
    last_failure_at TIMESTAMP,
    last_error      TEXT NOT NULL DEFAULT '',
    last_size       BIGINT NOT NULL DEFAULT 0,
    alerted_at      TIMESTAMP            -- the owners were last e-mailed about a problem
);
INSERT INTO backup_schedule (id) VALUES (1);
