-- WebAuthn (#29): passkeys, which sign a parent in on their own, and
-- security keys or phones enrolled as a second factor (factor_id set: the
-- mfa_factors row of type 'webauthn' the credential belongs to). The
-- credential id and public key are base64url text, the same in both
-- dialects; flags is the authenticator-data flags byte the credential was
-- registered with (its backup-eligible bit must never change).
CREATE TABLE webauthn_credentials (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    factor_id          TEXT REFERENCES mfa_factors (id) ON DELETE CASCADE,
    credential_id      TEXT NOT NULL UNIQUE,
    public_key         TEXT NOT NULL,
    sign_count         INTEGER NOT NULL DEFAULT 0,
    transports         TEXT NOT NULL DEFAULT '',
    flags              INTEGER NOT NULL DEFAULT 0,
    aaguid             TEXT NOT NULL DEFAULT '',
    attestation_type   TEXT NOT NULL DEFAULT '',
    attestation_format TEXT NOT NULL DEFAULT '',
    friendly_name      TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    last_used_at       TIMESTAMP
);
CREATE INDEX webauthn_credentials_user ON webauthn_credentials (user_id);

-- A ceremony in progress: the library's session data (the challenge, the
-- user handle, the allowed credentials), taken once, by the purpose and
-- the user (or factor) it was made for, before expires_at.
CREATE TABLE webauthn_challenges (
    id           TEXT PRIMARY KEY,
    purpose      TEXT NOT NULL,
    user_id      TEXT REFERENCES users (id) ON DELETE CASCADE,
    factor_id    TEXT REFERENCES mfa_factors (id) ON DELETE CASCADE,
    session_data TEXT NOT NULL,
    expires_at   TIMESTAMP NOT NULL,
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX webauthn_challenges_expires ON webauthn_challenges (expires_at);
