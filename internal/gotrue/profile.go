package gotrue

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Profile is spec 01 §3's profile of a user, as GET /api/profile shows it.
type Profile struct {
	ID                      string     `json:"id"`
	FirstName               string     `json:"first_name"`
	LastName                string     `json:"last_name"`
	Country                 string     `json:"country"`
	Language                string     `json:"language"`
	Email                   string     `json:"email"`
	AccountStatus           string     `json:"account_status"`
	EmailVerificationStatus string     `json:"email_verification_status"`
	DateOfBirth             *string    `json:"date_of_birth"`
	MadePurchase            bool       `json:"made_purchase"`
	Role                    string     `json:"role"`
	LastLoginDate           *time.Time `json:"last_login_date"`
	CreatedAt               time.Time  `json:"created_at"`
	UpdatedAt               time.Time  `json:"updated_at"`
}

const (
	statusActive  = "Active"
	statusPending = "Pending Verification"
)

func insertProfile(ctx context.Context, q db.Querier, p *Profile) error {
	_, err := q.ExecContext(ctx, `INSERT INTO profiles (id, first_name, last_name, email, account_status, email_verification_status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, p.ID, p.FirstName, p.LastName, p.Email, p.AccountStatus, p.EmailVerificationStatus, p.CreatedAt, p.UpdatedAt)
	return err
}

var errNoProfile = errors.New("auth: no such profile")

func profileByID(ctx context.Context, q db.Querier, id string) (*Profile, error) {
	var p Profile
	var dob sql.NullString
	var lastLogin sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT id, first_name, last_name, country, language, email, account_status,
		email_verification_status, date_of_birth, made_purchase, role, last_login_date, created_at, updated_at
		FROM profiles WHERE id = ?`, id).Scan(&p.ID, &p.FirstName, &p.LastName, &p.Country, &p.Language, &p.Email,
		&p.AccountStatus, &p.EmailVerificationStatus, &dob, &p.MadePurchase, &p.Role, &lastLogin, &p.CreatedAt, &p.UpdatedAt)
	if db.IsNoRows(err) {
		return nil, errNoProfile
	}
	if err != nil {
		return nil, err
	}
	if dob.Valid {
		p.DateOfBirth = &dob.String
	}
	p.LastLoginDate = timePtr(lastLogin)
	return &p, nil
}

// newProfile is the profile created with a user: names from the sign-up
// metadata (spec 01 §3 "Sign-up data"). The status is the server's alone: an
// account_status in the metadata is the client's wish and is ignored, so an
// unconfirmed address stays Pending Verification until it is confirmed
// (confirmEmail), and a verified Google address is Active at once.
func newProfile(u *user, now time.Time) *Profile {
	p := &Profile{ID: u.ID, Email: u.Email, AccountStatus: statusPending, EmailVerificationStatus: statusPending, CreatedAt: now, UpdatedAt: now}
	p.FirstName = metaString(u.UserMetadata, "first_name")
	p.LastName = metaString(u.UserMetadata, "last_name")
	if u.confirmed() {
		p.EmailVerificationStatus, p.AccountStatus = statusActive, statusActive
	}
	return p
}

// metaString is a name from the sign-up metadata: a name without a visible
// letter (only zero-width characters, say) is none.
func metaString(m map[string]any, key string) string {
	s, _ := m[key].(string)
	if !httpx.HasVisibleLetter(s) {
		return ""
	}
	return truncate(strings.TrimSpace(s), 100)
}

func truncate(s string, n int) string {
	for len(s) > n {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

// MarkPurchased records that the user has bought something (spec 01 §3
// made_purchase). Called by the orders feature when an order is paid.
func (s *Service) MarkPurchased(ctx context.Context, userID string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE profiles SET made_purchase = ?, updated_at = ? WHERE id = ?`, true, s.clock(), userID)
	if err != nil {
		return fmt.Errorf("auth: mark purchase: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("auth: mark purchase: no profile for user %s", userID)
	}
	return nil
}

func touchLastLogin(ctx context.Context, q db.Querier, userID string, now time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE users SET last_sign_in_at = ? WHERE id = ?`, now, userID); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, `UPDATE profiles SET last_login_date = ? WHERE id = ?`, now, userID)
	return err
}

// Profile is userID's profile: GET /api/profile and the data export
// (internal/account) show it.
func (s *Service) Profile(ctx context.Context, userID string) (*Profile, error) {
	p, err := profileByID(ctx, s.db, userID)
	if errors.Is(err, errNoProfile) {
		return nil, httpx.NotFound("Profile")
	}
	return p, err
}

// ProfileChange is a change of the profile fields a parent may change, as
// internal/account checked it: a nil field is left as is, and an empty date
// of birth clears it.
type ProfileChange struct {
	FirstName, LastName, Country, Language, DateOfBirth *string
}

// UpdateProfile stores the change of userID's profile.
func (s *Service) UpdateProfile(ctx context.Context, userID string, c ProfileChange) error {
	var sets []string
	var args []any
	for _, f := range []struct {
		column string
		value  *string
	}{{"first_name", c.FirstName}, {"last_name", c.LastName}, {"country", c.Country}, {"language", c.Language}, {"date_of_birth", c.DateOfBirth}} {
		if f.value == nil {
			continue
		}
		var v any = *f.value
		if f.column == "date_of_birth" && *f.value == "" {
			v = nil
		}
		sets, args = append(sets, f.column+" = ?"), append(args, v)
	}
	if len(sets) == 0 {
		return nil
	}
	res, err := s.db.ExecContext(ctx, `UPDATE profiles SET `+strings.Join(sets, ", ")+`, updated_at = ? WHERE id = ?`, append(args, s.clock(), userID)...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.NotFound("Profile")
	}
	return nil
}
