package account

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The consent ledger (issue 30): before a first child, the parent confirms
// they are the child's parent or legal guardian and accepts the children's
// privacy notice. Each confirmation and withdrawal is a row: who, when,
// which version of the notice and how.

// NoticeVersion is the current version of the children's privacy notice
// (the web app's /privacy/children shows it). Changing the notice means a
// new version here: every parent is asked again at their next visit to the
// account area, and no child is added until they accept it.
const NoticeVersion = "2026-11-26"

// consentMethod says how consent given through POST /api/consents was
// given: the account area's form, ticked by the signed-in parent.
const consentMethod = "account area: signed-in parent ticked 'I am the parent or legal guardian' and accepted the notice"

// Ledger actions and scopes, as the table's CHECKs allow them.
const (
	consentGiven     = "given"
	consentWithdrawn = "withdrawn"
	scopeAccount     = "account" // the parent's consent for their children
	scopeChild       = "child"   // a withdrawal for one child, whose data went with it
)

// Consent is one row of the ledger.
type Consent struct {
	ID            int64     `json:"id"`
	Action        string    `json:"action"` // given or withdrawn
	Scope         string    `json:"scope"`  // account, or child (one child's withdrawal)
	NoticeVersion string    `json:"noticeVersion"`
	Guardian      bool      `json:"guardian"` // the parent confirmed being the parent or legal guardian
	Method        string    `json:"method"`
	UserAgent     string    `json:"userAgent"`
	At            time.Time `json:"at"`
}

// Consents is GET /api/consents: the notice's current version, whether the
// parent's consent covers it, and the ledger, oldest first.
type Consents struct {
	NoticeVersion string    `json:"noticeVersion"`
	Current       bool      `json:"current"`
	Consents      []Consent `json:"consents"`
}

// errConsentRequired refuses a child before the consent is recorded. Its
// field tells the app to ask for the consent.
var errConsentRequired = &httpx.Error{Code: httpx.CodeForbidden,
	Message: "Please confirm you are the child's parent or legal guardian and accept the children's privacy notice first.",
	Fields:  map[string]string{"consent": "Consent to the current children's privacy notice is required"}}

// consentsOf returns the user's ledger, oldest first.
func consentsOf(ctx context.Context, q db.Querier, userID string) ([]Consent, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, action, scope, notice_version, guardian, method, user_agent, at
		FROM consents WHERE user_id = ? ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list consents: %w", err)
	}
	defer rows.Close()
	list := []Consent{}
	for rows.Next() {
		var c Consent
		if err := rows.Scan(&c.ID, &c.Action, &c.Scope, &c.NoticeVersion, &c.Guardian, &c.Method, &c.UserAgent, &c.At); err != nil {
			return nil, err
		}
		c.At = c.At.UTC()
		list = append(list, c)
	}
	return list, rows.Err()
}

// currentConsent tells whether the latest account-wide row of the ledger is
// consent given to the current notice.
func currentConsent(list []Consent) bool {
	for i := len(list) - 1; i >= 0; i-- {
		if c := list[i]; c.Scope == scopeAccount {
			return c.Action == consentGiven && c.NoticeVersion == NoticeVersion && c.Guardian
		}
	}
	return false
}

func hasCurrentConsent(ctx context.Context, q db.Querier, userID string) (bool, error) {
	list, err := consentsOf(ctx, q, userID)
	if err != nil {
		return false, err
	}
	return currentConsent(list), nil
}

// recordConsent appends c to the user's ledger and sets its id.
func recordConsent(ctx context.Context, tx *db.Tx, userID string, c *Consent) error {
	err := tx.QueryRowContext(ctx, `INSERT INTO consents (user_id, action, scope, notice_version, guardian, method, user_agent, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, userID, c.Action, c.Scope, c.NoticeVersion, c.Guardian, c.Method, c.UserAgent, c.At).Scan(&c.ID)
	if err != nil {
		return writeError("record consent", err)
	}
	return nil
}

// giveConsent records the guardian's consent c in its own transaction.
func (s *Service) giveConsent(ctx context.Context, userID string, c *Consent) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error { return recordConsent(ctx, tx, userID, c) })
}

// consentInput is the body of POST /api/consents.
type consentInput struct {
	NoticeVersion string `json:"noticeVersion"`
	Guardian      *bool  `json:"guardian"`
}

func (in consentInput) check() error {
	fields := map[string]string{}
	switch v := strings.TrimSpace(in.NoticeVersion); {
	case v == "":
		fields["noticeVersion"] = "Say which version of the notice you accept"
	case v != NoticeVersion:
		fields["noticeVersion"] = "The notice has changed since you opened it: please read version " + NoticeVersion
	}
	if in.Guardian == nil || !*in.Guardian {
		fields["guardian"] = "Only a child's parent or legal guardian can add a child"
	}
	if len(fields) > 0 {
		return httpx.Invalid("Please confirm you are the parent or legal guardian and accept the current notice.", fields)
	}
	return nil
}

// GetConsents serves GET /api/consents.
func (s *Service) GetConsents(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	list, err := consentsOf(r.Context(), s.db, c.UserID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, Consents{NoticeVersion: NoticeVersion, Current: currentConsent(list), Consents: list})
}

// CreateConsent serves POST /api/consents {noticeVersion, guardian: true}
// with the recorded row (201).
func (s *Service) CreateConsent(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in consentInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	row := Consent{Action: consentGiven, Scope: scopeAccount, NoticeVersion: NoticeVersion, Guardian: true,
		Method: consentMethod, UserAgent: stripControl(truncateRunes(strings.ToValidUTF8(r.UserAgent(), ""), maxUserAgent)),
		At: s.clock()}
	if err := s.giveConsent(r.Context(), c.UserID, &row); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, row)
}
