// The SQL of users and identities (and the profile columns kept in step with them).

package gotrue

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"bookshop/internal/db"
)

var errNoUser = errors.New("auth: no such user")

const userColumns = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
	email_change, email_change_sent_at, app_metadata, user_metadata, last_sign_in_at, created_at, updated_at, invited_at`

func scanUser(row interface{ Scan(...any) error }) (*user, error) {
	var u user
	var confirmed, confSent, recSent, changeSent, lastSignIn, invited sql.NullTime
	var appMeta, userMeta string
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &confirmed, &confSent, &recSent,
		&u.EmailChange, &changeSent, &appMeta, &userMeta, &lastSignIn, &u.CreatedAt, &u.UpdatedAt, &invited)
	if db.IsNoRows(err) {
		return nil, errNoUser
	}
	if err != nil {
		return nil, err
	}
	u.EmailConfirmedAt, u.ConfirmationSentAt, u.RecoverySentAt = timePtr(confirmed), timePtr(confSent), timePtr(recSent)
	u.EmailChangeSentAt, u.LastSignInAt, u.InvitedAt = timePtr(changeSent), timePtr(lastSignIn), timePtr(invited)
	if err := json.Unmarshal([]byte(appMeta), &u.AppMetadata); err != nil {
		return nil, fmt.Errorf("app_metadata of %s: %w", u.ID, err)
	}
	if err := json.Unmarshal([]byte(userMeta), &u.UserMetadata); err != nil {
		return nil, fmt.Errorf("user_metadata of %s: %w", u.ID, err)
	}
	if u.UserMetadata == nil {
		u.UserMetadata = map[string]any{}
	}
	return &u, nil
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func userByEmail(ctx context.Context, q db.Querier, email string) (*user, error) {
	return scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, normalizeEmail(email)))
}

func userByID(ctx context.Context, q db.Querier, id string) (*user, error) {
	return scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
}

func insertUser(ctx context.Context, q db.Querier, u *user) error {
	appMeta, _ := json.Marshal(u.AppMetadata)
	userMeta, _ := json.Marshal(u.UserMetadata)
	_, err := q.ExecContext(ctx, `INSERT INTO users (id, email, encrypted_password, email_confirmed_at, app_metadata, user_metadata, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, u.Email, u.PasswordHash, u.EmailConfirmedAt, string(appMeta), string(userMeta), u.CreatedAt, u.UpdatedAt)
	return err
}

// setUserColumn updates one column of a user and its updated_at. column is
// always a constant of this package, never input.
func setUserColumn(ctx context.Context, q db.Querier, id, column string, value any, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET `+column+` = ?, updated_at = ? WHERE id = ?`, value, now, id)
	return err
}

func setUserMetadata(ctx context.Context, q db.Querier, id string, meta map[string]any, now time.Time) error {
	b, err := json.Marshal(meta)
	if err != nil {
		return err
	}
	return setUserColumn(ctx, q, id, "user_metadata", string(b), now)
}

// confirmEmail marks the address verified, in the user and in the profile.
func confirmEmail(ctx context.Context, q db.Querier, u *user, now time.Time) error {
	if u.confirmed() {
		return nil
	}
	if err := setUserColumn(ctx, q, u.ID, "email_confirmed_at", now, now); err != nil {
		return err
	}
	u.EmailConfirmedAt = &now
	_, err := q.ExecContext(ctx, `UPDATE profiles SET email_verification_status = 'Active', account_status = 'Active', updated_at = ? WHERE id = ?`, now, u.ID)
	return err
}

func insertIdentity(ctx context.Context, q db.Querier, i *identity) error {
	data, _ := json.Marshal(i.IdentityData)
	_, err := q.ExecContext(ctx, `INSERT INTO identities (id, user_id, provider, provider_id, email, identity_data, last_sign_in_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, i.ID, i.UserID, i.Provider, i.ProviderID, i.Email, string(data), i.LastSignInAt, i.CreatedAt, i.UpdatedAt)
	return err
}

func identitiesOf(ctx context.Context, q db.Querier, userID string) ([]identity, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, user_id, provider, provider_id, email, identity_data, last_sign_in_at, created_at, updated_at
		FROM identities WHERE user_id = ? ORDER BY created_at`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []identity
	for rows.Next() {
		var i identity
		var data string
		var last sql.NullTime
		if err := rows.Scan(&i.ID, &i.UserID, &i.Provider, &i.ProviderID, &i.Email, &data, &last, &i.CreatedAt, &i.UpdatedAt); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(data), &i.IdentityData)
		i.LastSignInAt = timePtr(last)
		out = append(out, i)
	}
	return out, rows.Err()
}

func jsonMarshal(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// touchIdentity records a sign-in with a provider's account and returns the
// user it belongs to, or errNoUser when none does.
func touchIdentity(ctx context.Context, q db.Querier, provider, providerID string, now time.Time) (string, error) {
	var userID string
	err := q.QueryRowContext(ctx, `SELECT user_id FROM identities WHERE provider = ? AND provider_id = ?`, provider, providerID).Scan(&userID)
	if db.IsNoRows(err) {
		return "", errNoUser
	}
	if err != nil {
		return "", err
	}
	_, err = q.ExecContext(ctx, `UPDATE identities SET last_sign_in_at = ?, updated_at = ? WHERE provider = ? AND provider_id = ?`, now, now, provider, providerID)
	return userID, err
}

// setPendingEmail records a requested new address until its link is opened.
func setPendingEmail(ctx context.Context, q db.Querier, userID, newEmail string, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET email_change = ?, email_change_sent_at = ?, updated_at = ? WHERE id = ?`, newEmail, now, now, userID)
	return err
}

// moveToEmail puts the account on a new address, in the user, its profile
// and its e-mail identity.
func moveToEmail(ctx context.Context, q db.Querier, userID, newEmail string, now time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE users SET email = ?, email_change = '', email_change_sent_at = NULL, updated_at = ? WHERE id = ?`, newEmail, now, userID); err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `UPDATE profiles SET email = ?, updated_at = ? WHERE id = ?`, newEmail, now, userID); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, `UPDATE identities SET email = ?, updated_at = ? WHERE user_id = ? AND provider = 'email'`, newEmail, now, userID)
	return err
}
