-- The passkey sign-in's challenges are not stored when made (every visit
-- to a sign-in form asks for one, for the browser's autofill): each is
-- signed and carries its expiry (webauthn_signin.go). Only a used one is
-- kept, until it expires, so that it works once.
CREATE TABLE webauthn_used_challenges (
    id         TEXT PRIMARY KEY,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX webauthn_used_challenges_expires ON webauthn_used_challenges (expires_at);
