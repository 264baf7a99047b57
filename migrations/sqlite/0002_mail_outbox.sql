-- Every e-mail is written here first, in the transaction of the change that
-- caused it, and delivered by the sender afterwards: nothing is lost when
-- the SMTP server is down.
CREATE TABLE mail_outbox (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    to_address    TEXT NOT NULL,
    subject       TEXT NOT NULL,
    text_body     TEXT NOT NULL,
    html_body     TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    sent_at       TIMESTAMP,
    last_error    TEXT
);
CREATE INDEX mail_outbox_pending ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_to ON mail_outbox (to_address, created_at);
