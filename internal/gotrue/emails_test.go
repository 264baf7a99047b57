package gotrue_test

import (
	"net/http"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// The 6-digit code of the sign-up e-mail confirms the address through
// GoTrue's verify with type signup, as the link does, and signs in; it
// works once (#26).
func TestSignupCodeConfirmsTheAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		signUp(e, "ann@example.com").Expect(t, http.StatusOK)
		_, code := mailed(t, e, "ann@example.com")
		verify := func(code string) *apitest.Response {
			return e.Do("POST", "/auth/v1/verify", map[string]any{"type": "signup", "email": "Ann@Example.com", "token": code}, "")
		}
		expectError(t, verify(wrongCode(code)), http.StatusForbidden, "otp_expired")
		r := verify(code)
		r.Expect(t, http.StatusOK)
		var s struct {
			session
			User struct {
				EmailConfirmedAt *time.Time `json:"email_confirmed_at"`
			} `json:"user"`
		}
		r.Decode(t, &s)
		if s.AccessToken == "" || s.User.EmailConfirmedAt == nil {
			t.Fatalf("verify with the code: %s", r.Body)
		}
		e.Request("GET", "/auth/v1/user", nil, "", s.auth()).Expect(t, http.StatusOK)
		expectError(t, verify(code), http.StatusForbidden, "otp_expired")
		signIn(t, e, "ann@example.com", apitest.Password)
	})
}

func wrongCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

// Resend and recover respond alike for an address with an account and one
// without, also while the account's own e-mail cooldown runs (a sign-up just
// claimed it): a 429 there would tell that the address has an account (#26).
func TestResendAndRecoverRespondAlike(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		signUp(e, "known@example.com").Expect(t, http.StatusOK)
		for round := range 2 {
			for _, req := range []struct{ path, typ string }{{"/auth/v1/resend", "signup"}, {"/auth/v1/recover", ""}} {
				known := e.Do("POST", req.path, map[string]any{"type": req.typ, "email": "known@example.com"}, "")
				unknown := e.Do("POST", req.path, map[string]any{"type": req.typ, "email": "nobody@example.com"}, "")
				if known.Status != unknown.Status || known.Body != unknown.Body || known.Status != http.StatusOK {
					t.Fatalf("round %d %s: known address %d %s, unknown %d %s", round, req.path, known.Status, known.Body, unknown.Status, unknown.Body)
				}
			}
		}
		// Within the cooldowns nothing more was sent (the sign-up's e-mail
		// and one reset link); after them, resend sends.
		if n := e.MailCount("known@example.com"); n != 2 {
			t.Fatalf("%d e-mails to known@, want 2", n)
		}
		if n := e.MailCount("nobody@example.com"); n != 0 {
			t.Fatalf("%d e-mails to an address without an account", n)
		}
		e.Clock.Advance(time.Minute)
		e.Do("POST", "/auth/v1/resend", map[string]any{"type": "signup", "email": "known@example.com"}, "").Expect(t, http.StatusOK)
		if n := e.MailCount("known@example.com"); n != 3 {
			t.Fatalf("%d e-mails to known@ after the cooldown, want 3", n)
		}
	})
}
