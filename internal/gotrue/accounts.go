// The user and its identities, and their JSON in Supabase Auth responses.

package gotrue

import (
	"context"
	"time"

	"bookshop/internal/db"
	bsmail "bookshop/internal/mail"
)

// createUser inserts a user with one identity and its profile.
func (s *Service) createUser(ctx context.Context, tx db.Querier, u *user, provider, providerID string, identityData map[string]any) error {
	if err := insertUser(ctx, tx, u); err != nil {
		if db.IsUniqueViolation(err) {
			return unprocessable("user_already_exists", "User already registered")
		}
		return err
	}
	now := s.clock()
	ident := &identity{ID: newID(), UserID: u.ID, Provider: provider, ProviderID: providerID, Email: u.Email,
		IdentityData: identityData, CreatedAt: now, UpdatedAt: now}
	if err := insertIdentity(ctx, tx, ident); err != nil {
		return err
	}
	return insertProfile(ctx, tx, newProfile(u, now))
}

// validEmail normalises an address and checks its form.
func validEmail(raw string) (string, error) {
	e := normalizeEmail(raw)
	if e == "" {
		return "", badRequest("validation_failed", "To signup, please provide your email")
	}
	if !bsmail.ValidEmail(e) {
		return "", errEmailFormat
	}
	return e, nil
}

// checkEmailLength refuses an address longer than SMTP allows where the
// full form check of validEmail is not wanted (signing in with an address
// of an existing account): no account has one, and PostgreSQL cannot index
// a counter keyed by an address of thousands of characters.
func checkEmailLength(raw string) error {
	if len(normalizeEmail(raw)) > bsmail.MaxAddressLength {
		return errEmailFormat
	}
	return nil
}

var errEmailFormat = badRequest("validation_failed", "Unable to validate email address: invalid format")

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
	InvitedAt          *time.Time
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

// userJSON is the user object of Supabase Auth responses.
type userJSON struct {
	ID                 string         `json:"id"`
	Aud                string         `json:"aud"`
	Role               string         `json:"role"`
	Email              string         `json:"email"`
	EmailConfirmedAt   *time.Time     `json:"email_confirmed_at,omitempty"`
	InvitedAt          *time.Time     `json:"invited_at,omitempty"`
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
	return userJSONOf(u, ids, factors), nil
}

// userJSONOf is the user object of u with its identities and factors.
func userJSONOf(u *user, ids []identity, factors []factor) *userJSON {
	out := &userJSON{
		ID: u.ID, Aud: audience, Role: audience, Email: u.Email,
		EmailConfirmedAt: u.EmailConfirmedAt, ConfirmedAt: u.EmailConfirmedAt, InvitedAt: u.InvitedAt,
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
	return out
}
