package gotrue_test

import (
	"net/http"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// A password session proves the current password again before changing it,
// and the change signs out every other session of the account (#9).
func TestPasswordChangeFromAPasswordSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		here := confirmedUser(t, e, "pat@example.com")
		elsewhere := signIn(t, e, "pat@example.com", apitest.Password)
		change := func(body map[string]any) *apitest.Response {
			return e.Request("PUT", "/auth/v1/user", body, "", here.auth())
		}
		expectError(t, change(map[string]any{"password": "Fresh7!pw"}), http.StatusBadRequest, "current_password_required")
		expectError(t, change(map[string]any{"password": "Fresh7!pw", "current_password": "Wrong1!pw"}), http.StatusBadRequest, "current_password_mismatch")
		signIn(t, e, "pat@example.com", apitest.Password) // nothing changed yet

		change(map[string]any{"password": "Fresh7!pw", "current_password": apitest.Password}).Expect(t, http.StatusOK)
		signIn(t, e, "pat@example.com", "Fresh7!pw")
		// This session goes on; the other one is over, and its refresh token with it.
		e.Request("GET", "/auth/v1/user", nil, "", here.auth()).Expect(t, http.StatusOK)
		expectError(t, e.Request("GET", "/auth/v1/user", nil, "", elsewhere.auth()), http.StatusForbidden, "session_not_found")
		e.Do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": elsewhere.RefreshToken}, "").Expect(t, http.StatusBadRequest)
	})
}

// GET /reauthenticate e-mails a code that proves the user in place of the
// current password, once (#9; auth-js's reauthenticate, then
// updateUser({password, nonce})).
func TestReauthenticationNonce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "rea@example.com")
		expectError(t, e.Do("GET", "/auth/v1/reauthenticate", nil, ""), http.StatusUnauthorized, "no_authorization")
		e.Request("GET", "/auth/v1/reauthenticate", nil, "", s.auth()).Expect(t, http.StatusOK)
		_, nonce := mailed(t, e, "rea@example.com")
		if nonce == "" {
			t.Fatalf("no code in the e-mail:\n%s", e.LastMail("rea@example.com"))
		}
		// One e-mail per cooldown, of this type only.
		expectError(t, e.Request("GET", "/auth/v1/reauthenticate", nil, "", s.auth()), http.StatusTooManyRequests, "over_email_send_rate_limit")

		change := func(password, nonce string) *apitest.Response {
			return e.Request("PUT", "/auth/v1/user", map[string]any{"password": password, "nonce": nonce}, "", s.auth())
		}
		expectError(t, change("Fresh7!pw", wrongCode(nonce)), http.StatusUnprocessableEntity, "reauthentication_not_valid")
		change("Fresh7!pw", nonce).Expect(t, http.StatusOK)
		signIn(t, e, "rea@example.com", "Fresh7!pw")
		// The code worked once.
		expectError(t, change("Other8!pw", nonce), http.StatusUnprocessableEntity, "reauthentication_not_valid")
	})
}

// Five wrong codes kill the code, so it cannot be guessed.
func TestReauthenticationNonceDiesAfterWrongGuesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "guess@example.com")
		e.Request("GET", "/auth/v1/reauthenticate", nil, "", s.auth()).Expect(t, http.StatusOK)
		_, nonce := mailed(t, e, "guess@example.com")
		change := func(nonce string) *apitest.Response {
			return e.Request("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw", "nonce": nonce}, "", s.auth())
		}
		for range 5 {
			expectError(t, change(wrongCode(nonce)), http.StatusUnprocessableEntity, "reauthentication_not_valid")
		}
		expectError(t, change(nonce), http.StatusUnprocessableEntity, "reauthentication_not_valid")
	})
}
