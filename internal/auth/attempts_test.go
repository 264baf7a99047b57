package auth

import (
	"fmt"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// Ten wrong passwords for one account within 15 minutes stop password
// sign-ins to it (even the right password) until the window ends, whatever
// IP they come from; other accounts are not affected (#9 hardening).
func TestFailedSignInsPerAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.confirmedUser("ann@example.com")
		h.confirmedUser("bob@example.com")
		h.clock.Advance(time.Minute) // a fresh 15-minute window
		for i := range maxPasswordFailures {
			h.expect(h.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "ANN@example.com", "password": fmt.Sprintf("wrong-%d", i)}), 400, "invalid_credentials")
		}
		r := h.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "ann@example.com", "password": password})
		h.expect(r, 429, "over_request_rate_limit")
		if r.header.Get("Retry-After") == "" {
			t.Fatalf("no Retry-After: %v", r.header)
		}
		h.login("bob@example.com", password)
		h.clock.Advance(passwordFailureWindow)
		h.login("ann@example.com", password)
	})
}

// Five wrong codes kill the code: the right one no longer works (#9).
func TestWrongCodesKillTheCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.confirmedUser("ann@example.com")
		h.clock.Advance(time.Hour)
		h.expect(h.do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"}), 200, "")
		_, code := h.link("ann@example.com")
		wrong := wrongFor(code)
		for range maxWrongCodes - 1 {
			h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": wrong}), 403, "otp_expired")
		}
		h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": wrong}), 403, "otp_expired")
		h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": code}), 403, "otp_expired")

		// A new code after four wrong tries still works.
		h.clock.Advance(time.Hour)
		h.expect(h.do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"}), 200, "")
		_, code = h.link("ann@example.com")
		for range maxWrongCodes - 1 {
			h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": wrongFor(code)}), 403, "otp_expired")
		}
		h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": code}), 200, "")
	})
}

func wrongFor(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

// PUT /auth/v1/user is rate-limited per IP like the other auth endpoints.
func TestUpdateUserIsRateLimited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "3"})
		s := h.confirmedUser("ann@example.com")
		h.clock.Advance(time.Minute)
		for range 3 {
			h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"data": map[string]any{"first_name": "Ann"}}, authHeader(s)...), 200, "")
		}
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"data": map[string]any{"first_name": "Ann"}}, authHeader(s)...), 429, "over_request_rate_limit")
	})
}
