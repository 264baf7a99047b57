package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"bookshop/internal/db"
)

// user is a row of the users table.
type user struct {
	ID                 string
	Email              string
	PasswordHash       string
	EmailConfirmedAt   *time.Time
	ConfirmationSentAt *time.Time
	RecoverySentAt     *time.Time
	EmailChange        string
	EmailChangeSentAt  *time.Time
	AppMetadata        map[string]any
	UserMetadata       map[string]any
	LastSignInAt       *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func (u *user) confirmed() bool { return u.EmailConfirmedAt != nil }

// appMetadata always carries provider and providers, as GoTrue's does.
func (u *user) appMetadata() map[string]any {
	m := map[string]any{}
	for k, v := range u.AppMetadata {
		m[k] = v
	}
	if _, ok := m["provider"]; !ok {
		m["provider"] = "email"
	}
	if _, ok := m["providers"]; !ok {
		m["providers"] = []any{m["provider"]}
	}
	return m
}

var errNoUser = errors.New("auth: no such user")

const userColumns = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
	email_change, email_change_sent_at, app_metadata, user_metadata, last_sign_in_at, created_at, updated_at`

func scanUser(row interface{ Scan(...any) error }) (*user, error) {
	var u user
	var confirmed, confSent, recSent, changeSent, lastSignIn sql.NullTime
	var appMeta, userMeta string
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &confirmed, &confSent, &recSent,
		&u.EmailChange, &changeSent, &appMeta, &userMeta, &lastSignIn, &u.CreatedAt, &u.UpdatedAt)
	if db.IsNoRows(err) {
		return nil, errNoUser
	}
	if err != nil {
		return nil, err
	}
	u.EmailConfirmedAt, u.ConfirmationSentAt, u.RecoverySentAt = timePtr(confirmed), timePtr(confSent), timePtr(recSent)
	u.EmailChangeSentAt, u.LastSignInAt = timePtr(changeSent), timePtr(lastSignIn)
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

// identity is a way of signing in: "email", or "google" with Google's subject.
type identity struct {
	ID           string
	UserID       string
	Provider     string
	ProviderID   string
	Email        string
	IdentityData map[string]any
	LastSignInAt *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
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

// userJSON is the user object of Supabase Auth responses.
type userJSON struct {
	ID                 string         `json:"id"`
	Aud                string         `json:"aud"`
	Role               string         `json:"role"`
	Email              string         `json:"email"`
	EmailConfirmedAt   *time.Time     `json:"email_confirmed_at,omitempty"`
	Phone              string         `json:"phone"`
	ConfirmationSentAt *time.Time     `json:"confirmation_sent_at,omitempty"`
	ConfirmedAt        *time.Time     `json:"confirmed_at,omitempty"`
	RecoverySentAt     *time.Time     `json:"recovery_sent_at,omitempty"`
	NewEmail           string         `json:"new_email,omitempty"`
	EmailChangeSentAt  *time.Time     `json:"email_change_sent_at,omitempty"`
	LastSignInAt       *time.Time     `json:"last_sign_in_at,omitempty"`
	AppMetadata        map[string]any `json:"app_metadata"`
	UserMetadata       map[string]any `json:"user_metadata"`
	Identities         []identityJSON `json:"identities"`
	Factors            []factorJSON   `json:"factors,omitempty"`
	CreatedAt          time.Time      `json:"created_at"`
	UpdatedAt          time.Time      `json:"updated_at"`
	IsAnonymous        bool           `json:"is_anonymous"`
}

type identityJSON struct {
	IdentityID   string         `json:"identity_id"`
	ID           string         `json:"id"`
	UserID       string         `json:"user_id"`
	IdentityData map[string]any `json:"identity_data"`
	Provider     string         `json:"provider"`
	Email        string         `json:"email"`
	LastSignInAt *time.Time     `json:"last_sign_in_at,omitempty"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
}

// userResponse loads what the user object shows besides the user row.
func (s *Service) userResponse(ctx context.Context, q db.Querier, u *user) (*userJSON, error) {
	ids, err := identitiesOf(ctx, q, u.ID)
	if err != nil {
		return nil, err
	}
	factors, err := factorsOf(ctx, q, u.ID)
	if err != nil {
		return nil, err
	}
	out := &userJSON{
		ID: u.ID, Aud: audience, Role: audience, Email: u.Email,
		EmailConfirmedAt: u.EmailConfirmedAt, ConfirmedAt: u.EmailConfirmedAt,
		ConfirmationSentAt: u.ConfirmationSentAt, RecoverySentAt: u.RecoverySentAt,
		NewEmail: u.EmailChange, EmailChangeSentAt: u.EmailChangeSentAt,
		LastSignInAt: u.LastSignInAt, AppMetadata: u.appMetadata(), UserMetadata: u.UserMetadata,
		Identities: []identityJSON{}, CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt,
	}
	for _, i := range ids {
		out.Identities = append(out.Identities, identityJSON{
			IdentityID: i.ID, ID: i.ProviderID, UserID: i.UserID, IdentityData: i.IdentityData,
			Provider: i.Provider, Email: i.Email, LastSignInAt: i.LastSignInAt, CreatedAt: i.CreatedAt, UpdatedAt: i.UpdatedAt,
		})
	}
	for _, f := range factors {
		out.Factors = append(out.Factors, f.json())
	}
	return out, nil
}

func jsonMarshal(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
