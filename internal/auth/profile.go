package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode"
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
	roleAdmin     = "admin"
	roleUser      = "user"
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

// ErrUnknownEmail is returned by SetAdmin for an address with no account.
var ErrUnknownEmail = errors.New("no account with that e-mail address")

// SetAdmin grants (admin=true) or revokes the admin role of the account with
// the given e-mail. It needs only the database, so the CLI can use it.
func SetAdmin(ctx context.Context, d *db.DB, email string, admin bool) error {
	role := roleUser
	if admin {
		role = roleAdmin
	}
	res, err := d.ExecContext(ctx, `UPDATE profiles SET role = ?, updated_at = ? WHERE id = (SELECT id FROM users WHERE email = ?)`,
		role, time.Now().UTC(), normalizeEmail(email))
	if err != nil {
		return fmt.Errorf("set role: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %s", ErrUnknownEmail, email)
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

// GetProfile answers GET /api/profile: the caller's own profile.
func (s *Service) GetProfile(w http.ResponseWriter, r *http.Request) error {
	c, err := RequireUser(r.Context())
	if err != nil {
		return err
	}
	p, err := profileByID(r.Context(), s.db, c.UserID)
	if errors.Is(err, errNoProfile) {
		return httpx.NotFound("Profile")
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, p)
}

// profilePatch is what PATCH /api/profile may change. A nil field is left as is.
type profilePatch struct {
	FirstName   *string `json:"first_name"`
	LastName    *string `json:"last_name"`
	Country     *string `json:"country"`
	Language    *string `json:"language"`
	DateOfBirth *string `json:"date_of_birth"`
}

// PatchProfile answers PATCH /api/profile and returns the updated profile.
func (s *Service) PatchProfile(w http.ResponseWriter, r *http.Request) error {
	c, err := RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in profilePatch
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	sets, args, err := in.validate(s.clock())
	if err != nil {
		return err
	}
	if len(sets) > 0 {
		args = append(args, s.clock(), c.UserID)
		if _, err := s.db.ExecContext(r.Context(), `UPDATE profiles SET `+strings.Join(sets, ", ")+`, updated_at = ? WHERE id = ?`, args...); err != nil {
			return err
		}
	}
	return s.GetProfile(w, r)
}

var (
	countryCode  = regexp.MustCompile(`^[A-Z]{2}$`)
	languageCode = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)
)

// validate checks the fields present and returns the SET clauses for them.
func (p profilePatch) validate(now time.Time) ([]string, []any, error) {
	fields := map[string]string{}
	var sets []string
	var args []any
	text := func(column string, v *string, max int, pattern *regexp.Regexp, patternMsg string) {
		if v == nil {
			return
		}
		t := strings.TrimSpace(*v)
		switch {
		case utf8.RuneCountInString(t) > max:
			fields[column] = fmt.Sprintf("Must be at most %d characters", max)
		case strings.IndexFunc(t, unicode.IsControl) >= 0 || !utf8.ValidString(t):
			fields[column] = "Must not contain control characters"
		case pattern != nil && t != "" && !pattern.MatchString(t):
			fields[column] = patternMsg
		default:
			sets, args = append(sets, column+" = ?"), append(args, t)
		}
	}
	text("first_name", p.FirstName, 100, nil, "")
	text("last_name", p.LastName, 100, nil, "")
	for column, v := range map[string]*string{"first_name": p.FirstName, "last_name": p.LastName} {
		if v != nil && strings.TrimSpace(*v) != "" && !httpx.HasVisibleLetter(*v) && fields[column] == "" {
			fields[column] = "Must contain a letter"
		}
	}
	// Codes, not names: the app names them in the reader's language (spec 02 §3).
	text("country", p.Country, 100, countryCode, "Use an ISO 3166 country code, e.g. US")
	text("language", p.Language, 20, languageCode, "Use an ISO 639 language code, e.g. en")
	if p.DateOfBirth != nil {
		dob, msg := parseDateOfBirth(*p.DateOfBirth, now)
		if msg != "" {
			fields["date_of_birth"] = msg
		} else {
			sets, args = append(sets, "date_of_birth = ?"), append(args, dob)
		}
	}
	if len(fields) > 0 {
		return nil, nil, httpx.Invalid("Please check the highlighted fields.", fields)
	}
	return sets, args, nil
}

// parseDateOfBirth accepts YYYY-MM-DD, not in the future; empty means none.
func parseDateOfBirth(v string, now time.Time) (any, string) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, ""
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return nil, "Use the format YYYY-MM-DD"
	}
	if d.After(now) {
		return nil, "Date of birth cannot be in the future"
	}
	if d.Year() < 1900 {
		return nil, "Date of birth is too far in the past"
	}
	return d.Format(time.DateOnly), ""
}

// ProfileOf returns userID's profile, for the account area's data export.
func (s *Service) ProfileOf(ctx context.Context, userID string) (*Profile, error) {
	p, err := profileByID(ctx, s.db, userID)
	if errors.Is(err, errNoProfile) {
		return nil, httpx.NotFound("Profile")
	}
	return p, err
}

// PasswordMatches checks userID's password before an irreversible action
// (deleting the account), within the account's limit of wrong passwords and
// codes: while that is used up, the error is a 429 with Retry-After. An
// account without a password (Google, magic link) has none that matches.
func (s *Service) PasswordMatches(ctx context.Context, userID, password string) (bool, error) {
	var email, hash string
	err := s.db.QueryRowContext(ctx, `SELECT email, encrypted_password FROM users WHERE id = ?`, userID).Scan(&email, &hash)
	if db.IsNoRows(err) || (err == nil && hash == "") {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return s.passwordMatches(ctx, email, hash, password)
}

// CodeMatches spends userID's reauthentication code (GET
// /auth/v1/reauthenticate e-mails it) before an irreversible action: the
// proof an account without a password (Google, magic link) can give. Wrong
// guesses count against the code, whose fifth kills it, and against the
// account's limit of wrong passwords and codes.
func (s *Service) CodeMatches(ctx context.Context, userID, code string) (bool, error) {
	u, err := userByID(ctx, s.db, userID)
	if errors.Is(err, errNoUser) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := s.checkProofAttempts(ctx, u.Email); err != nil {
		return false, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		return s.useNonce(ctx, tx, u, code)
	})
	if errors.Is(err, errNonceInvalid) {
		return false, s.countWrongNonce(ctx, u.Email)
	}
	return err == nil, err
}

// DeleteAccount removes userID's account in q (the caller's transaction):
// the user row, and with it by ON DELETE CASCADE the profile, identities,
// sessions and refresh tokens, factors and recovery codes, e-mail tokens, and
// every other feature's rows that reference users. The access tokens still
// in the wild stop working at once, because each request looks up its session.
func DeleteAccount(ctx context.Context, q db.Querier, userID string) error {
	res, err := q.ExecContext(ctx, `DELETE FROM users WHERE id = ?`, userID)
	if err != nil {
		return fmt.Errorf("auth: delete account: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.NotFound("Account")
	}
	return nil
}
