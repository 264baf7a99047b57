-- Accounts: users and their sign-in identities, sessions with rotating
-- refresh tokens, one-time e-mail tokens, PKCE flow state, TOTP factors and
-- recovery codes, profiles, and the counters behind e-mail cooldowns and
-- per-IP rate limits (kept here so every instance shares them).
-- Passwords, refresh tokens, link tokens and codes are stored hashed; TOTP
-- secrets cannot be (codes are computed from them).
CREATE TABLE users (
    id                   TEXT PRIMARY KEY,
    email                TEXT NOT NULL UNIQUE,
    encrypted_password   TEXT NOT NULL DEFAULT '',
    email_confirmed_at   TIMESTAMP,
    confirmation_sent_at TIMESTAMP,
    recovery_sent_at     TIMESTAMP,
    email_change         TEXT NOT NULL DEFAULT '',
    email_change_sent_at TIMESTAMP,
    app_metadata         TEXT NOT NULL DEFAULT '{}',
    user_metadata        TEXT NOT NULL DEFAULT '{}',
    last_sign_in_at      TIMESTAMP,
    created_at           TIMESTAMP NOT NULL,
    updated_at           TIMESTAMP NOT NULL
);

CREATE TABLE identities (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider        TEXT NOT NULL,
    provider_id     TEXT NOT NULL,
    email           TEXT NOT NULL DEFAULT '',
    identity_data   TEXT NOT NULL DEFAULT '{}',
    last_sign_in_at TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    UNIQUE (provider, provider_id)
);
CREATE INDEX identities_user ON identities (user_id);

-- A session ends by deleting its row; its refresh tokens go with it.
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    aal        TEXT NOT NULL DEFAULT 'aal1',
    amr        TEXT NOT NULL DEFAULT '[]',
    user_agent TEXT NOT NULL DEFAULT '',
    ip         TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE refresh_tokens (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL,
    revoked_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- PKCE: the browser's code challenge, and later the hashed auth code it
-- exchanges. Also carries the state of a Google sign-in in progress.
CREATE TABLE flow_states (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT REFERENCES users (id) ON DELETE CASCADE,
    code_challenge        TEXT NOT NULL DEFAULT '',
    code_challenge_method TEXT NOT NULL DEFAULT '',
    authentication_method TEXT NOT NULL,
    redirect_to           TEXT NOT NULL DEFAULT '',
    auth_code_hash        TEXT UNIQUE,
    auth_code_issued_at   TIMESTAMP,
    oauth_state_hash      TEXT UNIQUE,
    oauth_nonce           TEXT NOT NULL DEFAULT '',
    oauth_verifier        TEXT NOT NULL DEFAULT '',
    created_at            TIMESTAMP NOT NULL
);

-- Links and 6-digit codes sent by e-mail. One live token per user and type.
CREATE TABLE one_time_tokens (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_type    TEXT NOT NULL,
    token_hash    TEXT NOT NULL UNIQUE,
    otp_hash      TEXT NOT NULL,
    sent_to       TEXT NOT NULL,
    flow_state_id TEXT REFERENCES flow_states (id) ON DELETE SET NULL,
    expires_at    TIMESTAMP NOT NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id, token_type);
CREATE INDEX one_time_tokens_otp ON one_time_tokens (otp_hash);

CREATE TABLE mfa_factors (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friendly_name TEXT NOT NULL DEFAULT '',
    factor_type   TEXT NOT NULL,
    status        TEXT NOT NULL,
    secret        TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX mfa_factors_user ON mfa_factors (user_id);

CREATE TABLE mfa_challenges (
    id          TEXT PRIMARY KEY,
    factor_id   TEXT NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
    created_at  TIMESTAMP NOT NULL,
    verified_at TIMESTAMP
);

CREATE TABLE mfa_recovery_codes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL,
    used_at    TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX mfa_recovery_codes_user ON mfa_recovery_codes (user_id);

-- Spec 01 §3. date_of_birth is an ISO date (YYYY-MM-DD) or NULL.
CREATE TABLE profiles (
    id                        TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    first_name                TEXT NOT NULL DEFAULT '',
    last_name                 TEXT NOT NULL DEFAULT '',
    country                   TEXT NOT NULL DEFAULT '',
    language                  TEXT NOT NULL DEFAULT '',
    email                     TEXT NOT NULL,
    account_status            TEXT NOT NULL DEFAULT 'Active',
    email_verification_status TEXT NOT NULL DEFAULT 'Pending Verification',
    date_of_birth             TEXT,
    made_purchase             BOOLEAN NOT NULL DEFAULT 0,
    role                      TEXT NOT NULL DEFAULT 'user',
    last_login_date           TIMESTAMP,
    created_at                TIMESTAMP NOT NULL,
    updated_at                TIMESTAMP NOT NULL
);

-- When the last e-mail went to an address (also unknown addresses, so the
-- cooldown answer never tells whether an account exists).
CREATE TABLE email_cooldowns (
    email        TEXT PRIMARY KEY,
    last_sent_at TIMESTAMP NOT NULL
);

-- Fixed one-minute windows of requests per endpoint and IP.
CREATE TABLE rate_limits (
    bucket       TEXT NOT NULL,
    window_start TIMESTAMP NOT NULL,
    hits         INTEGER NOT NULL,
    PRIMARY KEY (bucket, window_start)
);
