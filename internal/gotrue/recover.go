package gotrue

import (
	"context"
	"net/http"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

type recoverRequest struct {
	Email string `json:"email"`
	pkceParams
}

// SendPasswordReset handles POST /recover: a password-reset link for a known address,
// and the same 200 for an unknown one, so nobody learns who has an account.
// The cooldown applies to unknown addresses too, for the same reason.
func (s *Service) SendPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var in recoverRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	return s.mailIfKnown(w, r, in.Email, typeRecovery, in.pkceParams, func(ctx context.Context, tx *db.Tx, u *user, redirect string) error {
		return s.sendLink(ctx, tx, u, typeRecovery, in.pkceParams, redirect)
	})
}
