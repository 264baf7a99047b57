package gotrue_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// A stolen access token must not buy a password guess per request: the
// account's deletion, a password change and a reauthentication code all
// count wrong proofs per account, as sign-in does, whichever address they
// come from. 120 wrong passwords from 4 addresses within a minute (30 each,
// the per-address limit) try at most 10; the rest, even the right password,
// get a clear 429 with Retry-After until the 15-minute window ends (#26).
func TestWrongPasswordsAreLimitedPerAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "30", "TRUSTED_PROXIES": "192.0.2.1"})
		s := confirmedUser(t, e, "ann@example.com")
		e.Clock.Advance(time.Minute)

		tried, limited := 0, 0
		for i := range 120 {
			from := map[string]string{"Authorization": "Bearer " + s.AccessToken, "X-Forwarded-For": fmt.Sprintf("198.51.100.%d", i%4+1)}
			r := e.Request("DELETE", "/api/account", map[string]any{"password": fmt.Sprintf("Guess%d!", i)}, "", from)
			switch r.Status {
			case http.StatusBadRequest:
				tried++
			case http.StatusTooManyRequests:
				limited++
				if wait, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || wait < 1 || wait > 15*60 {
					t.Fatalf("429 with Retry-After %q", r.Header.Get("Retry-After"))
				}
			default:
				t.Fatalf("guess %d: %d %s", i, r.Status, r.Body)
			}
		}
		if tried > 10 || tried+limited != 120 {
			t.Fatalf("%d of 120 wrong passwords were checked (%d limited), want at most 10", tried, limited)
		}
		r := e.Request("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "", s.auth())
		r.Expect(t, http.StatusTooManyRequests)
		if msg := r.JSON(t)["error"].(map[string]any)["message"]; msg != "Too many failed attempts for this account. Please try again in 14 minutes." {
			t.Fatalf("429 message %q", msg)
		}
		// The same limit holds for a password change and for signing in.
		expectError(t, e.Request("PUT", "/auth/v1/user", map[string]any{"password": "New1!password", "current_password": apitest.Password}, "", s.auth()),
			http.StatusTooManyRequests, "over_request_rate_limit")
		expectError(t, e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "ann@example.com", "password": apitest.Password}, ""),
			http.StatusTooManyRequests, "over_request_rate_limit")

		e.Clock.Advance(15 * time.Minute)
		e.Request("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "", s.auth()).Expect(t, http.StatusNoContent)
	})
}

// Wrong current passwords at PUT /auth/v1/user and wrong reauthentication
// codes count too: ten of them, in any mix, stop the next check.
func TestWrongProofsAtPasswordChangeCount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "ann@example.com")
		e.Clock.Advance(time.Minute)
		for i := range 5 {
			expectError(t, e.Request("PUT", "/auth/v1/user", map[string]any{"password": "New1!password", "current_password": fmt.Sprintf("Guess%d!", i)}, "", s.auth()),
				http.StatusBadRequest, "current_password_mismatch")
		}
		e.Request("GET", "/auth/v1/reauthenticate", nil, "", s.auth()).Expect(t, http.StatusOK)
		_, code := mailed(t, e, "ann@example.com")
		for range 4 { // a code dies at its fifth wrong try, which is left for the next check
			expectError(t, e.Request("PUT", "/auth/v1/user", map[string]any{"password": "New1!password", "nonce": wrongCode(code)}, "", s.auth()),
				http.StatusUnprocessableEntity, "reauthentication_not_valid")
		}
		e.Clock.Advance(time.Minute)
		e.Request("GET", "/auth/v1/reauthenticate", nil, "", s.auth()).Expect(t, http.StatusOK)
		_, code = mailed(t, e, "ann@example.com")
		expectError(t, e.Request("PUT", "/auth/v1/user", map[string]any{"password": "New1!password", "nonce": wrongCode(code)}, "", s.auth()),
			http.StatusUnprocessableEntity, "reauthentication_not_valid")
		expectError(t, e.Request("PUT", "/auth/v1/user", map[string]any{"password": "New1!password", "current_password": apitest.Password}, "", s.auth()),
			http.StatusTooManyRequests, "over_request_rate_limit")
	})
}

// Ten wrong passwords for one account within 15 minutes stop password
// sign-ins to it (even with the right password) until the window ends,
// whatever address they come from; other accounts go on (#9).
func TestFailedSignInsPerAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		confirmedUser(t, e, "ann@example.com")
		confirmedUser(t, e, "bob@example.com")
		e.Clock.Advance(time.Minute)
		for i := range 10 {
			expectError(t, e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "ANN@example.com", "password": fmt.Sprintf("wrong-%d", i)}, ""),
				http.StatusBadRequest, "invalid_credentials")
		}
		r := e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "ann@example.com", "password": apitest.Password}, "")
		expectError(t, r, http.StatusTooManyRequests, "over_request_rate_limit")
		if r.Header.Get("Retry-After") == "" {
			t.Fatalf("no Retry-After: %v", r.Header)
		}
		signIn(t, e, "bob@example.com", apitest.Password)
		e.Clock.Advance(15 * time.Minute)
		signIn(t, e, "ann@example.com", apitest.Password)
	})
}

// Five wrong codes kill the code: the right one no longer works (#9).
func TestWrongCodesKillTheCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		confirmedUser(t, e, "ann@example.com")
		e.Clock.Advance(time.Hour)
		verify := func(code string) *apitest.Response {
			return e.Do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": code}, "")
		}
		e.Do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"}, "").Expect(t, http.StatusOK)
		_, code := mailed(t, e, "ann@example.com")
		for range 5 {
			expectError(t, verify(wrongCode(code)), http.StatusForbidden, "otp_expired")
		}
		expectError(t, verify(code), http.StatusForbidden, "otp_expired")

		// A new code after four wrong tries still works.
		e.Clock.Advance(time.Hour)
		e.Do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"}, "").Expect(t, http.StatusOK)
		_, code = mailed(t, e, "ann@example.com")
		for range 4 {
			expectError(t, verify(wrongCode(code)), http.StatusForbidden, "otp_expired")
		}
		verify(code).Expect(t, http.StatusOK)
	})
}

// PUT /auth/v1/user is rate-limited per client like the other auth endpoints.
func TestUpdateUserIsRateLimited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "3"})
		s := confirmedUser(t, e, "ann@example.com")
		e.Clock.Advance(time.Minute)
		update := func() *apitest.Response {
			return e.Request("PUT", "/auth/v1/user", map[string]any{"data": map[string]any{"first_name": "Ann"}}, "", s.auth())
		}
		for range 3 {
			update().Expect(t, http.StatusOK)
		}
		expectError(t, update(), http.StatusTooManyRequests, "over_request_rate_limit")
	})
}
