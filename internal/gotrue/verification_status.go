package gotrue

import (
	"errors"
	"net/http"

	"github.com/google/uuid"

	"bookshop/internal/httpx"
)

// GetVerificationStatus handles GET /verification-status?user_id=<uuid> with
// {"verified": true|false}: whether the account has confirmed its e-mail.
// The e-mail-verification-pending page polls it with the id that sign-up
// returned, so it needs neither a session nor the password. An unknown or
// malformed id is simply {"verified": false}, so the response reveals nothing
// about which accounts exist; ids are random UUIDs, never enumerable.
func (s *Service) GetVerificationStatus(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	verified := false
	if id, err := uuid.Parse(r.URL.Query().Get("user_id")); err == nil {
		u, err := userByID(ctx, s.db, id.String())
		switch {
		case err == nil:
			verified = u.confirmed()
		case !errors.Is(err, errNoUser):
			return err
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, map[string]bool{"verified": verified})
}
