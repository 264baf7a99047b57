-- Messages sent through the contact form. Kept even after the e-mail to the
-- support address is delivered, so nothing a parent wrote is lost.
CREATE TABLE contact_messages (
    id         BIGSERIAL PRIMARY KEY,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    subject    TEXT NOT NULL,
    message    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);
