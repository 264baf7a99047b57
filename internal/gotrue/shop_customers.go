// The back office's help for customers (/api/admin/customers): find an
// account, see what support needs to help (never the children's names or
// birth dates), and act on it: resend the confirmation, send a password
// reset, sign out everywhere, remove the two-step factors after checking
// who is asking, ban, and delete the account on its owner's request.

package gotrue

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// CustomerRecords is what a customer's page shows of other features (Shop).
type CustomerRecords struct {
	Orders   func(ctx context.Context, userID string) (any, error) // newest first
	Children func(ctx context.Context, userID string) (int, error) // how many, nothing else
}

// CustomerSummary is one row of the customer search.
type CustomerSummary struct {
	ID           string     `json:"id"`
	Email        string     `json:"email"`
	FirstName    string     `json:"first_name"`
	LastName     string     `json:"last_name"`
	Role         string     `json:"role"`
	Confirmed    bool       `json:"confirmed"`
	Banned       bool       `json:"banned"`
	CreatedAt    time.Time  `json:"created_at"`
	LastSignInAt *time.Time `json:"last_sign_in_at"`
}

const customerColumns = `u.id, u.email, COALESCE(p.first_name, ''), COALESCE(p.last_name, ''), COALESCE(p.role, 'user'),
	u.email_confirmed_at, u.banned_until, u.created_at, u.last_sign_in_at`

func (s *Service) scanCustomer(row interface{ Scan(...any) error }) (CustomerSummary, error) {
	var c CustomerSummary
	var confirmed, banned, last sql.NullTime
	if err := row.Scan(&c.ID, &c.Email, &c.FirstName, &c.LastName, &c.Role, &confirmed, &banned, &c.CreatedAt, &last); err != nil {
		return c, err
	}
	c.Confirmed = confirmed.Valid
	c.Banned = banned.Valid && banned.Time.After(s.clock())
	c.CreatedAt = c.CreatedAt.UTC()
	c.LastSignInAt = timePtr(last)
	return c, nil
}

// maxCustomerResults bounds a search: support narrows it by typing more.
const maxCustomerResults = 50

// SearchCustomers serves GET /api/admin/customers?q=: accounts whose
// e-mail address is q, or whose address or name has a word starting with
// each word of q (any case), newest first.
func (s *Service) SearchCustomers(w http.ResponseWriter, r *http.Request) error {
	q := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("q")))
	if len([]rune(q)) > 200 {
		return httpx.Invalid("The search is too long.", map[string]string{"q": "Use at most 200 characters"})
	}
	// A whole e-mail address is looked up in the addresses' index (they
	// are kept in lower case); other text finds the people whose address,
	// or whose name, has a word starting with each word typed, in the
	// words' indexes (migration 0901). Newest first, a page at most.
	where, args := "", []any{}
	switch words := db.SearchWords(q); {
	case httpx.LooksLikeEmail(q):
		where, args = `WHERE u.email = ?`, []any{q}
	case q != "" && len(words) == 0: // punctuation alone
		where = `WHERE 1 = 0`
	case q != "":
		where = `WHERE u.id IN (` + customerWords(s.db) + `)`
		match := s.db.WordsQuery(words)
		if s.db.Dialect == db.SQLite {
			match = "{words} : (" + match + ")" // not the id's words
		}
		args = []any{match, match}
	}
	rows, err := s.db.QueryContext(r.Context(), `SELECT `+customerColumns+` FROM users u LEFT JOIN profiles p ON p.id = u.id
		`+where+` ORDER BY u.created_at DESC, u.id DESC LIMIT ?`, append(args, maxCustomerResults+1)...)
	if err != nil {
		return fmt.Errorf("auth: search customers: %w", err)
	}
	defer rows.Close()
	list := []CustomerSummary{}
	for rows.Next() {
		c, err := s.scanCustomer(rows)
		if err != nil {
			return err
		}
		list = append(list, c)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	more := len(list) > maxCustomerResults
	if more {
		list = list[:maxCustomerResults]
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"customers": list, "more": more})
}

// customerWords are the ids of the people whose address, or whose name,
// matches the WordsQuery bound twice. PostgreSQL's expressions are its
// indexes' (migration 0901).
func customerWords(d *db.DB) string {
	if d.Dialect == db.Postgres {
		return `SELECT id FROM users WHERE search_words(email) @@ to_tsquery('simple', ?)
			UNION SELECT id FROM profiles WHERE search_words(first_name || ' ' || last_name) @@ to_tsquery('simple', ?)`
	}
	return `SELECT user_id FROM users_search WHERE users_search MATCH ? UNION SELECT user_id FROM profiles_search WHERE profiles_search MATCH ?`
}

// CustomerDetail is a customer's page.
type CustomerDetail struct {
	CustomerSummary
	Country       string        `json:"country"`
	Language      string        `json:"language"`
	BannedUntil   *time.Time    `json:"banned_until"`
	Providers     []string      `json:"providers"` // email, google
	ChildrenCount int           `json:"children_count"`
	Orders        any           `json:"orders"`
	Factors       []factorJSON  `json:"factors"`
	Sessions      []SessionInfo `json:"sessions"`
	SignIns       []SignInEvent `json:"sign_ins"`
}

var errCustomerNotFound = httpx.NotFound("Customer")

// errStaffAccount refuses signing out, unlocking, banning or deleting a
// staff account from a customer's page: a support person could otherwise
// take an owner's second factor away. Staff accounts are managed under Staff.
var errStaffAccount = httpx.Errorf(httpx.CodeConflict, "This is a staff account: it is managed under Staff, not here.")

// customerOf loads the summary of the path's {id}.
func (s *Service) customerOf(ctx context.Context, q db.Querier, id string) (CustomerSummary, error) {
	c, err := s.scanCustomer(q.QueryRowContext(ctx, `SELECT `+customerColumns+` FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ?`, id))
	if db.IsNoRows(err) {
		return c, errCustomerNotFound
	}
	return c, err
}

// GetCustomer serves GET /api/admin/customers/{id}.
func (s *Service) GetCustomer(w http.ResponseWriter, r *http.Request) error {
	d, err := s.customerDetail(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, d)
}

func (s *Service) customerDetail(ctx context.Context, id string) (*CustomerDetail, error) {
	c, err := s.customerOf(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	d := &CustomerDetail{CustomerSummary: c, Orders: []any{}, Factors: []factorJSON{}, Providers: []string{}}
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(country, ''), COALESCE(language, '') FROM profiles WHERE id = ?`, id).
		Scan(&d.Country, &d.Language); err != nil && !db.IsNoRows(err) {
		return nil, err
	}
	if d.BannedUntil, err = bannedUntil(ctx, s.db, id); err != nil {
		return nil, err
	}
	if !c.Banned {
		d.BannedUntil = nil
	}
	ids, err := identitiesOf(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	for _, i := range ids {
		d.Providers = append(d.Providers, i.Provider)
	}
	fs, err := factorsOf(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	for _, f := range fs {
		d.Factors = append(d.Factors, f.json())
	}
	if d.Sessions, err = s.sessionsOf(ctx, s.db, id, ""); err != nil {
		return nil, err
	}
	if d.SignIns, err = s.signInsOf(ctx, s.db, id, 20); err != nil {
		return nil, err
	}
	if d.Orders, err = s.shop.Records.Orders(ctx, id); err != nil {
		return nil, err
	}
	if d.ChildrenCount, err = s.shop.Records.Children(ctx, id); err != nil {
		return nil, err
	}
	return d, nil
}

// customerAction runs one of the page's actions on the path's {id} in a
// transaction with its audit entry (action "customer.<verb>"); its route
// declares the permission p, and PermCustomersHelp's actions refuse a
// staff account. do returns what the entry records after the change.
func (s *Service) customerAction(w http.ResponseWriter, r *http.Request, p auth.Permission, verb string,
	do func(ctx context.Context, tx *db.Tx, c CustomerSummary) (any, error)) error {
	staff, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	err = s.db.InTx(r.Context(), func(ctx context.Context, tx *db.Tx) error {
		c, err := s.customerOf(ctx, tx, r.PathValue("id"))
		if err != nil {
			return err
		}
		if p == auth.PermCustomersHelp && auth.Role(c.Role).IsStaff() {
			return errStaffAccount
		}
		after, err := do(ctx, tx, c)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: staff.UserID, Action: "customer." + verb,
			Entity: "user", EntityID: c.ID, After: after, At: s.clock()})
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// emailSlot claims an account e-mail's cooldown, or says to wait.
func (s *Service) emailSlot(ctx context.Context, tx db.Querier, email, emailType string) error {
	_, claimed, err := s.tryEmailSlot(ctx, tx, email, emailType)
	if err != nil {
		return err
	}
	if !claimed {
		return httpx.Errorf(httpx.CodeTooManyRequests, "An e-mail of this kind was sent to this address a moment ago. Please wait a minute and try again.")
	}
	return nil
}

// ResendCustomerConfirmation serves POST /api/admin/customers/{id}/resend-confirmation.
func (s *Service) ResendCustomerConfirmation(w http.ResponseWriter, r *http.Request) error {
	return s.customerAction(w, r, auth.PermEmailsResend, "resend_confirmation", func(ctx context.Context, tx *db.Tx, c CustomerSummary) (any, error) {
		if c.Confirmed {
			return nil, httpx.Errorf(httpx.CodeConflict, "This account's e-mail address is already confirmed.")
		}
		if err := s.emailSlot(ctx, tx, c.Email, typeSignup); err != nil {
			return nil, err
		}
		u, err := userByID(ctx, tx, c.ID)
		if err != nil {
			return nil, err
		}
		return map[string]any{"sent": "confirmation"}, s.sendConfirmation(ctx, tx, u, pkceParams{}, s.cfg.SiteURL+"/auth/email/callback")
	})
}

// SendCustomerPasswordReset serves POST /api/admin/customers/{id}/password-reset.
func (s *Service) SendCustomerPasswordReset(w http.ResponseWriter, r *http.Request) error {
	return s.customerAction(w, r, auth.PermEmailsResend, "password_reset", func(ctx context.Context, tx *db.Tx, c CustomerSummary) (any, error) {
		if err := s.emailSlot(ctx, tx, c.Email, typeRecovery); err != nil {
			return nil, err
		}
		u, err := userByID(ctx, tx, c.ID)
		if err != nil {
			return nil, err
		}
		return map[string]any{"sent": "password_reset"}, s.sendLink(ctx, tx, u, typeRecovery, pkceParams{}, s.cfg.SiteURL+"/update-password")
	})
}

// SignOutCustomer serves POST /api/admin/customers/{id}/sign-out: every
// session of the customer ends at once.
func (s *Service) SignOutCustomer(w http.ResponseWriter, r *http.Request) error {
	return s.customerAction(w, r, auth.PermCustomersHelp, "sign_out", func(ctx context.Context, tx *db.Tx, c CustomerSummary) (any, error) {
		n, err := countRows(ctx, tx, `SELECT COUNT(*) FROM sessions WHERE user_id = ?`, c.ID)
		if err != nil {
			return nil, err
		}
		return map[string]any{"sessions_ended": n}, deleteSessions(ctx, tx, c.ID, "-", scopeGlobal)
	})
}

// ResetCustomerFactors serves POST /api/admin/customers/{id}/reset-factors
// {identity_check}: how support made sure the person asking owns the
// account goes into the audit log with the removal. The factors and
// recovery codes go; the sessions fall back to aal1, as GoTrue's.
func (s *Service) ResetCustomerFactors(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		IdentityCheck string `json:"identity_check"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	check := strings.TrimSpace(in.IdentityCheck)
	if len([]rune(check)) < 10 || len([]rune(check)) > 1000 {
		return httpx.Invalid("Please say how you checked who is asking.",
			map[string]string{"identity_check": "Describe how you checked the person's identity (10 to 1,000 characters)"})
	}
	return s.customerAction(w, r, auth.PermCustomersHelp, "reset_factors", func(ctx context.Context, tx *db.Tx, c CustomerSummary) (any, error) {
		fs, err := factorsOf(ctx, tx, c.ID)
		if err != nil {
			return nil, err
		}
		if len(fs) == 0 {
			return nil, httpx.Errorf(httpx.CodeConflict, "This account has no two-step factors.")
		}
		for _, q := range []string{`DELETE FROM mfa_factors WHERE user_id = ?`, `DELETE FROM mfa_recovery_codes WHERE user_id = ?`,
			`UPDATE sessions SET aal = 'aal1' WHERE user_id = ?`} {
			if _, err := tx.ExecContext(ctx, q, c.ID); err != nil {
				return nil, err
			}
		}
		return map[string]any{"factors_removed": len(fs), "identity_check": check}, nil
	})
}

// BanCustomer serves PUT /api/admin/customers/{id}/ban {banned}: a banned
// account is signed out and cannot sign in until unbanned.
func (s *Service) BanCustomer(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Banned *bool `json:"banned"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Banned == nil {
		return httpx.Invalid("Say whether to ban or unban.", map[string]string{"banned": "Use true or false"})
	}
	verb := map[bool]string{true: "ban", false: "unban"}[*in.Banned]
	return s.customerAction(w, r, auth.PermCustomersHelp, verb, func(ctx context.Context, tx *db.Tx, c CustomerSummary) (any, error) {
		var d time.Duration
		if *in.Banned {
			d = 100 * 365 * 24 * time.Hour
		}
		until, err := s.setBan(ctx, tx, c.ID, d)
		return map[string]any{"banned_until": until}, err
	})
}

// DeleteCustomer serves DELETE /api/admin/customers/{id}: the account goes
// as it does when its owner deletes it (the orders keep their accounting
// without the buyer), audited in the same transaction.
func (s *Service) DeleteCustomer(w http.ResponseWriter, r *http.Request) error {
	staff, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	ctx := r.Context()
	c, err := s.customerOf(ctx, s.db, r.PathValue("id"))
	if err != nil {
		return err
	}
	if auth.Role(c.Role).IsStaff() {
		return errStaffAccount
	}
	err = s.eraseAccount(ctx, c.ID, func(ctx context.Context, tx *db.Tx) error {
		return audit.Record(ctx, tx, audit.Entry{ActorID: staff.UserID, Action: "customer.delete",
			Entity: "user", EntityID: c.ID, At: s.clock()})
	})
	if errors.Is(err, errNoUser) {
		return errCustomerNotFound
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func countRows(ctx context.Context, q db.Querier, query string, args ...any) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, query, args...).Scan(&n)
	return n, err
}
