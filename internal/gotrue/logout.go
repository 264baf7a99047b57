package gotrue

import (
	"net/http"
)

// LogOut handles POST /logout?scope=global|local|others with 204: it ends
// the caller's session, all their sessions, or all but the caller's.
func (s *Service) LogOut(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	scope := r.URL.Query().Get("scope")
	if scope == "" {
		scope = scopeGlobal
	}
	if scope != scopeGlobal && scope != scopeLocal && scope != scopeOthers {
		return badRequest("validation_failed", "Unsupported logout scope %q", scope)
	}
	b, err := s.requireBearer(ctx, s.db, r)
	if err != nil {
		return err
	}
	if scope != scopeLocal {
		// Signing other browsers out needs the second step too; a caller
		// without it still gets their own session ended.
		if err := s.requireSecondStep(ctx, s.db, b, "sign out other sessions"); err != nil {
			if derr := deleteSessions(ctx, s.db, b.user.ID, b.session.ID, scopeLocal); derr != nil {
				return derr
			}
			return err
		}
	}
	if err := deleteSessions(ctx, s.db, b.user.ID, b.session.ID, scope); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
