package account

import (
	"context"
	"net/http"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/personal"
)

// Accounts is what the account area needs from the account service (auth):
// the profile, and the owner's proof (password, or an e-mailed code) before
// the account's deletion.
type Accounts interface {
	Profile(ctx context.Context, userID string) (any, error)
	UpdateProfile(ctx context.Context, userID string, u ProfileUpdate) error
	PasswordMatches(ctx context.Context, userID, password string) (bool, error)
	// CodeMatches spends the code GET /auth/v1/reauthenticate e-mailed.
	CodeMatches(ctx context.Context, userID, code string) (bool, error)
}

// PersonalData is the account area's own part of a parent's data: the
// children, the consent ledger, the devices and the communication switch.
// Its rows go with the account by cascade (and dreams and progress with
// each child).
var PersonalData = personal.Holder{
	Name:    "account",
	Columns: []string{"kids.user_id", "consents.user_id", "user_devices.user_id", "user_communications.user_id"},
	Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
		kids, err := listKids(ctx, q, p.UserID)
		if err != nil {
			return nil, err
		}
		consents, err := consentsOf(ctx, q, p.UserID)
		if err != nil {
			return nil, err
		}
		devices, err := listDevices(ctx, q, p.UserID)
		return personal.Data{"children": kids, "consents": consents, "devices": devices}, err
	},
}

// exportOf gathers the parent's data: every holder's part, the time, and
// the Communications switch as the parent sees it.
func (s *Service) exportOf(ctx context.Context, userID string) (personal.Data, error) {
	p, err := s.holders.Person(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	e, err := s.holders.Export(ctx, s.db, p)
	if err != nil {
		return nil, err
	}
	e["exported_at"] = s.clock()
	if e["communications"], err = s.communications(ctx, p.Email); err != nil {
		return nil, err
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
	accounts := s.accounts
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
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error { return s.holders.Erase(ctx, tx, userID) })
}

// exportFileName names the download after the shop.
const exportFileName = "siso-and-friends-my-data.json"

// GetExport serves GET /api/account/export: the parent's data as a file.
func (s *Service) GetExport(w http.ResponseWriter, r *http.Request) error {
	userID, err := s.caller(r)
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
	userID, err := s.caller(r)
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

// caller is the signed-in parent's id (auth.RequireUser).
func (s *Service) caller(r *http.Request) (string, error) {
	c, err := auth.RequireUser(r.Context())
	return c.UserID, err
}
