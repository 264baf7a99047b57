package auth

import (
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// A TOTP code works once: not again on a new challenge within its window
// (#9 vuln 3), nor a recovery code twice.
func TestTOTPCodeIsNotReplayed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		s := h.confirmedUser("mfa@example.com")
		enrol := h.do("POST", "/auth/v1/factors", map[string]any{"factor_type": "totp"}, authHeader(s)...)
		h.expect(enrol, 200, "")
		factorID := enrol.str("id")
		secret := enrol.json["totp"].(map[string]any)["secret"].(string)
		verify := func(s response, code string) response {
			c := h.do("POST", "/auth/v1/factors/"+factorID+"/challenge", nil, authHeader(s)...)
			h.expect(c, 200, "")
			return h.do("POST", "/auth/v1/factors/"+factorID+"/verify", map[string]any{"challenge_id": c.str("id"), "code": code}, authHeader(s)...)
		}
		code, _ := totp.GenerateCode(secret, h.clock.Now())
		first := verify(s, code)
		h.expect(first, 200, "")
		recovery := first.json["recovery_codes"].([]any)[0].(string)

		attacker := h.login("mfa@example.com", password)
		h.expect(verify(attacker, code), 422, "mfa_verification_failed")
		h.clock.Advance(20 * time.Second) // same code, still within the skew
		h.expect(verify(attacker, code), 422, "mfa_verification_failed")
		// The next step's code works, once.
		h.clock.Advance(30 * time.Second)
		next, _ := totp.GenerateCode(secret, h.clock.Now())
		h.expect(verify(attacker, next), 200, "")
		again := h.login("mfa@example.com", password)
		h.expect(verify(again, next), 422, "mfa_verification_failed")
		h.expect(verify(again, recovery), 200, "")
		h.expect(verify(h.login("mfa@example.com", password), recovery), 422, "mfa_verification_failed")
	})
}
