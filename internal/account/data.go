package account

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/idempotency"
	"bookshop/internal/mail"
)

// Accounts is what the parent's data needs from the account service (auth):
// the profile and sessions, the account's address, the owner's proof
// (password, or an e-mailed code) and the account's deletion.
type Accounts interface {
	Profile(ctx context.Context, userID string) (any, error)
	UpdateProfile(ctx context.Context, userID string, u ProfileUpdate) error
	Sessions(ctx context.Context, userID string) (any, error)
	// Email is the account's address, by which the person's newsletter
	// sign-ups, contact messages and e-mails are found.
	Email(ctx context.Context, q db.Querier, userID string) (string, error)
	PasswordMatches(ctx context.Context, userID, password string) (bool, error)
	// CodeMatches spends the code GET /auth/v1/reauthenticate e-mailed.
	CodeMatches(ctx context.Context, userID, code string) (bool, error)
	// Delete removes the account and, by cascade, every row that hangs on it.
	Delete(ctx context.Context, q db.Querier, userID string) error
}

// Person is whom the parent's data is about: the account and its address.
type Person struct {
	UserID string
	Email  string
}

// Holder is another feature that keeps something about the parent: its part
// of the data export, and its erasure in the account's deletion (q is the
// deletion's transaction).
type Holder interface {
	Export(ctx context.Context, p Person) (any, error)
	Erase(ctx context.Context, q db.Querier, p Person) error
}

// Dreams is what the exports need from Dream Maker: every story of the
// parent, or of one child (they are deleted with the child and the account
// by cascade).
type Dreams interface {
	Of(ctx context.Context, userID string) (any, error)
	OfKid(ctx context.Context, userID, kidID string) (any, error)
}

// Storybooks is what the exports need from the storybooks: the family's
// editions and every reader's progress, or one child's progress (the
// progress goes with the child and the account, the editions with the
// account, by cascade).
type Storybooks interface {
	Of(ctx context.Context, userID string) (any, error)
	OfKid(ctx context.Context, userID, kidID string) (any, error)
}

// OwnerData is what the data export and the account's deletion reach
// beyond this package.
type OwnerData struct {
	Accounts   Accounts
	Orders     Holder // the orders keep their accounting without the buyer
	Newsletter Holder
	// StockAlerts are the addresses waiting for a book to be back in stock.
	StockAlerts Holder
	Contact     Holder // messages sent through the contact form
	Discounts   Holder // the discount codes the parent used
	Downloads   Holder // the digital formats bought and their files (nil: none)
	Dreams      Dreams
	Storybooks  Storybooks
}

// WithOwnerData enables the data export and account deletion.
func (s *Service) WithOwnerData(o OwnerData) *Service {
	s.owner = &o
	return s
}

// Export is everything the shop keeps about a parent, as one JSON file.
type Export struct {
	ExportedAt      time.Time      `json:"exported_at"`
	Profile         any            `json:"profile"`
	Sessions        any            `json:"sessions"`
	Children        []Kid          `json:"children"`
	Consents        []Consent      `json:"consents"` // the consent ledger for the children
	Devices         []Device       `json:"devices"`
	Communications  Communications `json:"communications"`
	Newsletter      any            `json:"newsletter"`    // the subscription: status, consent's time and source
	BackInStock     any            `json:"back_in_stock"` // the books the parent waits for, by address
	ContactMessages any            `json:"contact_messages"`
	Orders          any            `json:"orders"`
	Discounts       any            `json:"discount_redemptions"`
	Downloads       any            `json:"downloads"` // the files bought, with their downloads left
	Dreams          any            `json:"dreams"`
	Storybooks      any            `json:"storybooks"` // the editions the family has, each reader's progress
}

// exportOf gathers the parent's data.
func (s *Service) exportOf(ctx context.Context, userID string) (Export, error) {
	e := Export{ExportedAt: s.clock()}
	o := s.owner
	email, err := o.Accounts.Email(ctx, s.db, userID)
	if err != nil {
		return Export{}, err
	}
	p := Person{UserID: userID, Email: email}
	if e.Profile, err = o.Accounts.Profile(ctx, userID); err != nil {
		return Export{}, err
	}
	if e.Sessions, err = o.Accounts.Sessions(ctx, userID); err != nil {
		return Export{}, err
	}
	if e.Children, err = listKids(ctx, s.db, userID); err != nil {
		return Export{}, err
	}
	if e.Consents, err = consentsOf(ctx, s.db, userID); err != nil {
		return Export{}, err
	}
	if e.Devices, err = listDevices(ctx, s.db, userID); err != nil {
		return Export{}, err
	}
	if e.Communications, err = s.communications(ctx, userID, email); err != nil {
		return Export{}, err
	}
	if e.Newsletter, err = o.Newsletter.Export(ctx, p); err != nil {
		return Export{}, err
	}
	if o.StockAlerts != nil {
		if e.BackInStock, err = o.StockAlerts.Export(ctx, p); err != nil {
			return Export{}, err
		}
	}
	if e.ContactMessages, err = o.Contact.Export(ctx, p); err != nil {
		return Export{}, err
	}
	if e.Orders, err = o.Orders.Export(ctx, p); err != nil {
		return Export{}, err
	}
	if e.Discounts, err = o.Discounts.Export(ctx, p); err != nil {
		return Export{}, err
	}
	if e.Dreams, err = o.Dreams.Of(ctx, userID); err != nil {
		return Export{}, err
	}
	if o.Downloads != nil {
		if e.Downloads, err = o.Downloads.Export(ctx, p); err != nil {
			return Export{}, err
		}
	}
	if o.Storybooks != nil {
		if e.Storybooks, err = o.Storybooks.Of(ctx, userID); err != nil {
			return Export{}, err
		}
	}
	return e, nil
}

// Proof is how the owner confirms a deletion: the password, or for an
// account without one (Google, magic link) the code e-mailed by GET
// /auth/v1/reauthenticate.
type Proof struct {
	Password string `json:"password"`
	Code     string `json:"code"`
}

func invalidProof(field, message string) error {
	return httpx.Invalid("Please check the highlighted fields.", map[string]string{field: message})
}

// check tells whether the proof is the owner's, as a field error when not.
func (s *Service) check(ctx context.Context, userID string, p Proof) error {
	var ok bool
	var err error
	accounts := s.owner.Accounts
	switch {
	case p.Code != "":
		if ok, err = accounts.CodeMatches(ctx, userID, p.Code); err == nil && !ok {
			return invalidProof("code", "The code is wrong or has expired")
		}
	case p.Password != "":
		if ok, err = accounts.PasswordMatches(ctx, userID, p.Password); err == nil && !ok {
			return invalidProof("password", "Password is incorrect")
		}
	default:
		return invalidProof("password", "Password is required")
	}
	return err
}

// deleteAccount removes the parent's account after checking the proof.
func (s *Service) deleteAccount(ctx context.Context, userID string, proof Proof) error {
	if err := s.check(ctx, userID, proof); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error { return s.erase(ctx, tx, userID) })
}

// EraseAccount removes an account without the owner's proof: the retention
// schedule's deletion of an account left unused (internal/retention), in
// the caller's transaction. An account already gone is not found.
func (s *Service) EraseAccount(ctx context.Context, tx *db.Tx, userID string) error {
	if s.owner == nil {
		return httpx.Errorf(httpx.CodeUnavailable, "This is not available right now.")
	}
	return s.erase(ctx, tx, userID)
}

// erase removes the parent's account in tx: the orders lose their buyer;
// the newsletter sign-ups, contact messages, e-mails and recorded responses
// that hold the person's address or name go; and the account goes with
// everything that hangs on it (profile, children, consent ledger, devices,
// preference, dreams, sessions, factors).
func (s *Service) erase(ctx context.Context, tx *db.Tx, userID string) error {
	o := s.owner
	email, err := o.Accounts.Email(ctx, tx, userID)
	if err != nil {
		return err
	}
	p := Person{UserID: userID, Email: email}
	for _, h := range []Holder{o.Downloads, o.Discounts, o.Orders, o.Newsletter, o.StockAlerts, o.Contact} {
		if h == nil {
			continue
		}
		if err := h.Erase(ctx, tx, p); err != nil {
			return err
		}
	}
	if err := mail.Forget(ctx, tx, email); err != nil {
		return err
	}
	if err := idempotency.ForgetUser(ctx, tx, userID); err != nil {
		return err
	}
	if err := o.Accounts.Delete(ctx, tx, userID); err != nil {
		return fmt.Errorf("delete account: %w", err)
	}
	return nil
}

// exportFileName names the download after the shop.
const exportFileName = "siso-and-friends-my-data.json"

// GetExport serves GET /api/account/export: the parent's data as a file.
func (s *Service) GetExport(w http.ResponseWriter, r *http.Request) error {
	userID, err := s.requireOwnerData(r)
	if err != nil {
		return err
	}
	e, err := s.exportOf(r.Context(), userID)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+exportFileName+`"`)
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, e)
}

// DeleteAccount serves DELETE /api/account {password} or {code} with 204.
// Its route is rate-limited: each attempt costs an argon2id hash, and the
// limit stops password guessing.
func (s *Service) DeleteAccount(w http.ResponseWriter, r *http.Request) error {
	userID, err := s.requireOwnerData(r)
	if err != nil {
		return err
	}
	var in Proof
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := s.deleteAccount(r.Context(), userID, in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// requireOwnerData is auth.RequireUser for the export and deletion routes,
// which exist only once WithOwnerData wired them.
func (s *Service) requireOwnerData(r *http.Request) (string, error) {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return "", err
	}
	if s.owner == nil {
		return "", httpx.Errorf(httpx.CodeUnavailable, "This is not available right now.")
	}
	return c.UserID, nil
}
