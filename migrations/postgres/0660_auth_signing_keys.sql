-- The asymmetric keys that sign access tokens (internal/auth/signing_keys.go),
-- shared by every instance. A key is published in the JWKS from created_at,
-- signs from signs_from until a newer key's signs_from, and still verifies
-- until the tokens it signed have expired; then `bookshop keys rotate` deletes
-- it. private_key is PKCS #8 DER in base64: kept as the database keeps the
-- generated JWT secret, unencrypted (the database and its backups are the
-- secret; see the README).
CREATE TABLE auth_signing_keys (
    kid         TEXT PRIMARY KEY,      -- RFC 7638 thumbprint of the public key
    alg         TEXT NOT NULL CHECK (alg IN ('ES256', 'RS256')),
    private_key TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    signs_from  TIMESTAMP NOT NULL
);
