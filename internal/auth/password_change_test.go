package auth

import (
	"fmt"
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

var reauthCodeRe = mustCompile(`Your code: (\d{6})`)

// GET /reauthenticate e-mails a code that proves the user in place of the
// current password, once (issue #9, as auth-js's reauthenticate and
// updateUser({password, nonce})).
func TestReauthenticationNonce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		s := h.confirmedUser("rea@example.com")
		h.expect(h.do("GET", "/auth/v1/reauthenticate", nil), 401, "no_authorization")
		h.expect(h.do("GET", "/auth/v1/reauthenticate", nil, authHeader(s)...), 200, "")
		text, _ := h.mailTo("rea@example.com")
		m := reauthCodeRe.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no code in the e-mail:\n%s", text)
		}
		nonce := m[1]
		// One e-mail per cooldown, of this type only.
		h.expect(h.do("GET", "/auth/v1/reauthenticate", nil, authHeader(s)...), 429, "over_email_send_rate_limit")

		wrong := "000000"
		if nonce == wrong {
			wrong = "111111"
		}
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw", "nonce": wrong}, authHeader(s)...), 422, "reauthentication_not_valid")
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw", "nonce": nonce}, authHeader(s)...), 200, "")
		h.login("rea@example.com", "Fresh7!pw")
		// The code worked once.
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Other8!pw", "nonce": nonce}, authHeader(s)...), 422, "reauthentication_not_valid")
	})
}

// Five wrong codes kill the code, so it cannot be guessed.
func TestReauthenticationNonceDiesAfterWrongGuesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		s := h.confirmedUser("guess@example.com")
		h.expect(h.do("GET", "/auth/v1/reauthenticate", nil, authHeader(s)...), 200, "")
		text, _ := h.mailTo("guess@example.com")
		nonce := reauthCodeRe.FindStringSubmatch(text)[1]
		for i := range maxWrongCodes {
			guess := fmt.Sprintf("%06d", i)
			if guess == nonce {
				guess = "999999"
			}
			h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw", "nonce": guess}, authHeader(s)...), 422, "reauthentication_not_valid")
		}
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Fresh7!pw", "nonce": nonce}, authHeader(s)...), 422, "reauthentication_not_valid")
	})
}
