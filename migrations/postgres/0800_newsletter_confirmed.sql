-- Issue 39: a newsletter that reaches inboxes. A subscriber is pending until
-- they confirm by the link of a confirmation e-mail (double opt-in), then
-- subscribed; unsubscribed when they leave. A permanent bounce or a
-- complaint suppresses the address for marketing (suppressed_at), whatever
-- its status. Rows of before were never confirmed: they become pending and
-- receive nothing until their owner signs up again.
ALTER TABLE newsletter ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'subscribed', 'unsubscribed'));
ALTER TABLE newsletter ADD COLUMN source TEXT NOT NULL DEFAULT 'footer';
ALTER TABLE newsletter ADD COLUMN status_at TIMESTAMPTZ;
ALTER TABLE newsletter ADD COLUMN consent_at TIMESTAMPTZ;
ALTER TABLE newsletter ADD COLUMN confirm_token_hash TEXT;
ALTER TABLE newsletter ADD COLUMN confirm_expires_at TIMESTAMPTZ;
ALTER TABLE newsletter ADD COLUMN confirm_sent_at TIMESTAMPTZ;
ALTER TABLE newsletter ADD COLUMN unsubscribe_token TEXT;
ALTER TABLE newsletter ADD COLUMN suppressed_at TIMESTAMPTZ;
ALTER TABLE newsletter ADD COLUMN suppressed_reason TEXT;
UPDATE newsletter SET status = 'pending', subscribed = FALSE, status_at = updated_at;
CREATE UNIQUE INDEX newsletter_confirm_token ON newsletter (confirm_token_hash);
CREATE UNIQUE INDEX newsletter_unsubscribe_token ON newsletter (unsubscribe_token);
CREATE INDEX newsletter_user ON newsletter (user_id);

-- An e-mail may carry its own sender and extra header lines (a campaign's
-- List-Unsubscribe, List-Id); order and account mail carry none.
ALTER TABLE mail_outbox ADD COLUMN from_address TEXT NOT NULL DEFAULT '';
ALTER TABLE mail_outbox ADD COLUMN headers_json TEXT NOT NULL DEFAULT '';

-- Campaigns written in the back office and sent to the confirmed subscribers.
CREATE TABLE newsletter_campaigns (
    id          BIGSERIAL PRIMARY KEY,
    subject     TEXT NOT NULL,
    preview     TEXT NOT NULL DEFAULT '',
    markdown    TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending', 'sent')),
    send_at     TIMESTAMPTZ,
    version     INTEGER NOT NULL DEFAULT 1,
    created_by  TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    started_at  TIMESTAMPTZ,
    finished_at TIMESTAMPTZ
);

-- One row per campaign and address, made when the sending starts: an
-- address is never sent a campaign twice. queued rows are turned into
-- outbox messages at CAMPAIGN_RATE_PER_MINUTE, each in the transaction that
-- writes its message, so a crash loses or repeats none.
CREATE TABLE newsletter_sends (
    id          BIGSERIAL PRIMARY KEY,
    campaign_id BIGINT NOT NULL REFERENCES newsletter_campaigns (id),
    email       TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'enqueued', 'skipped')),
    outbox_id   BIGINT,
    enqueued_at TIMESTAMPTZ,
    UNIQUE (campaign_id, email)
);
CREATE INDEX newsletter_sends_queued ON newsletter_sends (campaign_id, id) WHERE status = 'queued';
CREATE INDEX newsletter_sends_enqueued_at ON newsletter_sends (enqueued_at);
CREATE INDEX newsletter_sends_email ON newsletter_sends (email);

-- One row that every instance's dispatcher locks, so the rate holds across instances.
CREATE TABLE newsletter_dispatch (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at TIMESTAMPTZ
);
INSERT INTO newsletter_dispatch (id, at) VALUES (1, NULL);

-- Back in stock: an address waiting for an out-of-stock book. A visitor's
-- is pending until confirmed by e-mail; a signed-in parent's waits at once.
-- The row is deleted in the transaction that writes its one e-mail.
CREATE TABLE stock_alerts (
    id                 BIGSERIAL PRIMARY KEY,
    book_id            BIGINT NOT NULL,
    email              TEXT NOT NULL,
    user_id            TEXT,
    status             TEXT NOT NULL CHECK (status IN ('pending', 'waiting')),
    confirm_token_hash TEXT UNIQUE,
    confirm_expires_at TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL,
    confirmed_at       TIMESTAMPTZ,
    UNIQUE (book_id, email)
);
CREATE INDEX stock_alerts_waiting ON stock_alerts (book_id) WHERE status = 'waiting';
CREATE INDEX stock_alerts_user ON stock_alerts (user_id);
CREATE INDEX stock_alerts_email ON stock_alerts (email);
