package auth

import (
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// A password session proves the current password again before changing it,
// and the change signs out every other session of the account (issue #9).
func TestPasswordChangeFromAPasswordSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		here := h.confirmedUser("pat@example.com")
		elsewhere := h.login("pat@example.com", password)

		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw"}, authHeader(here)...), 400, "current_password_required")
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw", "current_password": "Wrong1!pw"}, authHeader(here)...), 400, "current_password_mismatch")
		h.login("pat@example.com", password) // nothing changed yet

		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw", "current_password": password}, authHeader(here)...), 200, "")
		h.login("pat@example.com", "Fresh7!pw")
		// This session goes on; the other one is over, and its refresh token with it.
		h.expect(h.do("GET", "/auth/v1/user", nil, authHeader(here)...), 200, "")
		h.expect(h.do("GET", "/auth/v1/user", nil, authHeader(elsewhere)...), 403, "session_not_found")
		h.expect(h.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": elsewhere.str("refresh_token")}), 400, "")
	})
}
