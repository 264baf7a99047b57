// The SQL of WebAuthn credentials (passkeys and security-key factors) and
// of the challenges of their ceremonies.

package gotrue

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"bookshop/internal/db"
)

// webAuthnCredential is a row of webauthn_credentials: a passkey when
// FactorID is "", else the credential of that WebAuthn factor.
type webAuthnCredential struct {
	ID, UserID, FactorID               string
	CredentialID, PublicKey, AAGUID    []byte
	SignCount                          uint32
	Transports                         []string
	Flags                              byte
	AttestationType, AttestationFormat string
	FriendlyName                       string
	CreatedAt, UpdatedAt               time.Time
	LastUsedAt                         *time.Time
}

// credential is the row as go-webauthn's credential record.
func (c webAuthnCredential) credential() webauthn.Credential {
	transports := make([]protocol.AuthenticatorTransport, len(c.Transports))
	for i, t := range c.Transports {
		transports[i] = protocol.AuthenticatorTransport(t)
	}
	return webauthn.Credential{
		ID: c.CredentialID, PublicKey: c.PublicKey, Transport: transports,
		AttestationType: c.AttestationType, AttestationFormat: c.AttestationFormat,
		Flags:         webauthn.NewCredentialFlags(protocol.AuthenticatorFlags(c.Flags)),
		Authenticator: webauthn.Authenticator{AAGUID: c.AAGUID, SignCount: c.SignCount},
	}
}

var b64 = base64.RawURLEncoding

const webAuthnCredentialColumns = `id, user_id, COALESCE(factor_id, ''), credential_id, public_key, sign_count, transports,
	flags, aaguid, attestation_type, attestation_format, friendly_name, created_at, updated_at, last_used_at`

func scanWebAuthnCredential(row interface{ Scan(...any) error }) (*webAuthnCredential, error) {
	var c webAuthnCredential
	var credID, pub, transports, aaguid string
	var count int64
	var flags int
	var lastUsed sql.NullTime
	if err := row.Scan(&c.ID, &c.UserID, &c.FactorID, &credID, &pub, &count, &transports, &flags, &aaguid,
		&c.AttestationType, &c.AttestationFormat, &c.FriendlyName, &c.CreatedAt, &c.UpdatedAt, &lastUsed); err != nil {
		return nil, err
	}
	var err error
	if c.CredentialID, err = b64.DecodeString(credID); err != nil {
		return nil, err
	}
	if c.PublicKey, err = b64.DecodeString(pub); err != nil {
		return nil, err
	}
	if c.AAGUID, err = b64.DecodeString(aaguid); err != nil {
		return nil, err
	}
	if transports != "" {
		c.Transports = strings.Split(transports, ",")
	}
	c.SignCount, c.Flags = uint32(count), byte(flags)
	if lastUsed.Valid {
		c.LastUsedAt = &lastUsed.Time
	}
	return &c, nil
}

func queryWebAuthnCredentials(ctx context.Context, q db.Querier, where string, args ...any) ([]webAuthnCredential, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+webAuthnCredentialColumns+` FROM webauthn_credentials WHERE `+where+` ORDER BY created_at, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []webAuthnCredential
	for rows.Next() {
		c, err := scanWebAuthnCredential(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

// passkeysOf lists the user's passkeys, oldest first.
func passkeysOf(ctx context.Context, q db.Querier, userID string) ([]webAuthnCredential, error) {
	return queryWebAuthnCredentials(ctx, q, `user_id = ? AND factor_id IS NULL`, userID)
}

// factorCredentialsOf lists the credentials of the user's WebAuthn factors
// (a factor has its credential once it is verified).
func factorCredentialsOf(ctx context.Context, q db.Querier, userID string) ([]webAuthnCredential, error) {
	return queryWebAuthnCredentials(ctx, q, `user_id = ? AND factor_id IS NOT NULL`, userID)
}

// passkeyByCredentialID finds a passkey by the authenticator's credential
// id; (nil, nil) when there is none.
func passkeyByCredentialID(ctx context.Context, q db.Querier, credentialID []byte) (*webAuthnCredential, error) {
	cs, err := queryWebAuthnCredentials(ctx, q, `credential_id = ? AND factor_id IS NULL`, b64.EncodeToString(credentialID))
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	return &cs[0], nil
}

// credentialIDTaken tells whether an authenticator's credential is stored already (for anyone).
func credentialIDTaken(ctx context.Context, q db.Querier, credentialID []byte) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM webauthn_credentials WHERE credential_id = ?`, b64.EncodeToString(credentialID)).Scan(&n)
	return n > 0, err
}

func insertWebAuthnCredential(ctx context.Context, q db.Querier, c *webAuthnCredential) error {
	var factorID any
	if c.FactorID != "" {
		factorID = c.FactorID
	}
	_, err := q.ExecContext(ctx, `INSERT INTO webauthn_credentials (id, user_id, factor_id, credential_id, public_key, sign_count,
		transports, flags, aaguid, attestation_type, attestation_format, friendly_name, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.UserID, factorID, b64.EncodeToString(c.CredentialID), b64.EncodeToString(c.PublicKey), int64(c.SignCount),
		strings.Join(c.Transports, ","), int(c.Flags), b64.EncodeToString(c.AAGUID), c.AttestationType, c.AttestationFormat,
		c.FriendlyName, c.CreatedAt, c.UpdatedAt)
	return err
}

// updateWebAuthnCredentialUse records a verified use, if the stored counter
// is still the one the use was checked against: of two uses racing with
// the same counter, only one is recorded.
func updateWebAuthnCredentialUse(ctx context.Context, q db.Querier, id string, oldCount, newCount uint32, flags byte, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE webauthn_credentials SET sign_count = ?, flags = ?, last_used_at = ?, updated_at = ?
		WHERE id = ? AND sign_count = ?`, int64(newCount), int(flags), now, now, id, int64(oldCount))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func renamePasskey(ctx context.Context, q db.Querier, userID, id, name string, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE webauthn_credentials SET friendly_name = ?, updated_at = ?
		WHERE id = ? AND user_id = ? AND factor_id IS NULL`, name, now, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func deletePasskey(ctx context.Context, q db.Querier, userID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM webauthn_credentials WHERE id = ? AND user_id = ? AND factor_id IS NULL`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func insertWebAuthnChallenge(ctx context.Context, q db.Querier, c *webAuthnChallenge, now time.Time) error {
	data, err := json.Marshal(c.Session)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO webauthn_challenges (id, purpose, user_id, factor_id, session_data, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, c.ID, c.Purpose, nullIfEmpty(c.UserID), nullIfEmpty(c.FactorID), string(data), c.ExpiresAt, now)
	return err
}

// takeWebAuthnChallenge deletes and returns the challenge made for the
// purpose, the user and the factor ("" for none); errNoChallenge when
// there is none (never made, made for someone else, or taken already).
func takeWebAuthnChallenge(ctx context.Context, tx *db.Tx, id, purpose, userID, factorID string) (*webAuthnChallenge, error) {
	c := &webAuthnChallenge{ID: id, Purpose: purpose, UserID: userID, FactorID: factorID}
	var data string
	err := tx.QueryRowContext(ctx, `DELETE FROM webauthn_challenges WHERE id = ? AND purpose = ?
		AND COALESCE(user_id, '') = ? AND COALESCE(factor_id, '') = ? RETURNING session_data, expires_at`,
		id, purpose, userID, factorID).Scan(&data, &c.ExpiresAt)
	if db.IsNoRows(err) {
		return nil, errNoChallenge
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(data), &c.Session); err != nil {
		return nil, err
	}
	return c, nil
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
