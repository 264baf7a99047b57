package account

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Accounts is what the parent's data needs from the account service (auth):
// the profile, the owner's proof (password, or an e-mailed code) and the
// account's deletion.
type Accounts interface {
	Profile(ctx context.Context, userID string) (any, error)
	PasswordMatches(ctx context.Context, userID, password string) (bool, error)
	// CodeMatches spends the code GET /auth/v1/reauthenticate e-mailed.
	CodeMatches(ctx context.Context, userID, code string) (bool, error)
	// Delete removes the account and, by cascade, every row that hangs on it.
	Delete(ctx context.Context, q db.Querier, userID string) error
}

// Orders is what the parent's data needs from the shop's orders.
type Orders interface {
	Of(ctx context.Context, userID string) (any, error)
	// EraseBuyer keeps the orders for accounting without who bought them.
	EraseBuyer(ctx context.Context, q db.Querier, userID string) error
}

// Dreams is what the parent's data needs from Dream Maker: the stories kept
// for the children (deleted with the account by cascade).
type Dreams interface {
	Of(ctx context.Context, userID string) (any, error)
}

// WithOwnerData enables the data export and account deletion.
func (s *Service) WithOwnerData(accounts Accounts, orders Orders, dreams Dreams) *Service {
	s.accounts, s.orders, s.dreams = accounts, orders, dreams
	return s
}

// Export is everything the shop keeps about a parent, as one JSON file.
type Export struct {
	ExportedAt     time.Time      `json:"exported_at"`
	Profile        any            `json:"profile"`
	Children       []Kid          `json:"children"`
	Devices        []Device       `json:"devices"`
	Communications Communications `json:"communications"`
	Orders         any            `json:"orders"`
	Dreams         any            `json:"dreams"`
}

// ExportOf gathers the parent's data.
func (s *Service) ExportOf(ctx context.Context, userID string) (Export, error) {
	e := Export{ExportedAt: s.clock()}
	var err error
	if e.Profile, err = s.accounts.Profile(ctx, userID); err != nil {
		return Export{}, err
	}
	if e.Children, err = s.Kids(ctx, userID); err != nil {
		return Export{}, err
	}
	if e.Devices, err = s.Devices(ctx, userID); err != nil {
		return Export{}, err
	}
	if e.Communications, err = s.CommunicationsOf(ctx, userID); err != nil {
		return Export{}, err
	}
	if e.Orders, err = s.orders.Of(ctx, userID); err != nil {
		return Export{}, err
	}
	if e.Dreams, err = s.dreams.Of(ctx, userID); err != nil {
		return Export{}, err
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

// check answers whether the proof is the owner's, as a field error when not.
func (s *Service) check(ctx context.Context, userID string, p Proof) error {
	var ok bool
	var err error
	switch {
	case p.Code != "":
		if ok, err = s.accounts.CodeMatches(ctx, userID, p.Code); err == nil && !ok {
			return invalidProof("code", "The code is wrong or has expired")
		}
	case p.Password != "":
		if ok, err = s.accounts.PasswordMatches(ctx, userID, p.Password); err == nil && !ok {
			return invalidProof("password", "Password is incorrect")
		}
	default:
		return invalidProof("password", "Password is required")
	}
	return err
}

// DeleteAccount removes the parent's account after checking the proof:
// the orders lose their buyer and the account goes with everything that
// hangs on it (profile, children, devices, preference, sessions, factors),
// in one transaction.
func (s *Service) DeleteAccount(ctx context.Context, userID string, proof Proof) error {
	if err := s.check(ctx, userID, proof); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := s.orders.EraseBuyer(ctx, tx, userID); err != nil {
			return err
		}
		if err := s.accounts.Delete(ctx, tx, userID); err != nil {
			return fmt.Errorf("delete account: %w", err)
		}
		return nil
	})
}

// exportFileName names the download after the shop.
const exportFileName = "siso-and-friends-my-data.json"

// GetExport answers GET /api/account/export with the parent's data as a file.
func (s *Service) GetExport(w http.ResponseWriter, r *http.Request) error {
	c, err := s.requireOwnerData(r)
	if err != nil {
		return err
	}
	e, err := s.ExportOf(r.Context(), c)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+exportFileName+`"`)
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, e)
}

// DeleteMe answers DELETE /api/account {password} or {code} with 204. Its route is
// rate-limited: each attempt costs an argon2id hash, and the limit stops
// password guessing.
func (s *Service) DeleteMe(w http.ResponseWriter, r *http.Request) error {
	userID, err := s.requireOwnerData(r)
	if err != nil {
		return err
	}
	var in Proof
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := s.DeleteAccount(r.Context(), userID, in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
