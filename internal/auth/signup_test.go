package auth

import (
	"strings"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// An attacker who signs up first with the victim's address must not own
// the account the victim later confirms (#9 vuln 2).
func TestSignupReplacesAnUnconfirmedRegistration(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		attacker := h.do("POST", "/auth/v1/signup", map[string]any{"email": "victim@example.com", "password": "Attack3r!pw",
			"data": map[string]any{"first_name": "Mallory"}})
		h.expect(attacker, 200, "")
		attackerLink, _ := h.link("victim@example.com")

		h.clock.Advance(time.Minute)
		victim := h.signup("victim@example.com", nil)
		h.expect(victim, 200, "")
		if victim.str("id") == attacker.str("id") || strings.Contains(victim.raw, "Mallory") {
			t.Fatalf("the victim's sign-up answered with the first registrant's account: %s", victim.raw)
		}
		// The attacker's link died with their registration.
		if f := fragment(h.follow(attackerLink)); f.Get("error_code") != "otp_expired" {
			t.Fatalf("the first registrant's link still works: %v", f)
		}
		link, _ := h.link("victim@example.com")
		h.follow(link)
		h.login("victim@example.com", password)
		h.expect(h.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "victim@example.com", "password": "Attack3r!pw"}), 400, "invalid_credentials")
	})
}

// A magic-link request for an address must not make its owner's later
// sign-up password useless (#9 vuln 7).
func TestSignupAfterAMagicLinkSetsThePassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.expect(h.do("POST", "/auth/v1/otp", map[string]any{"email": "kim@example.com"}), 200, "")
		h.clock.Advance(time.Minute)
		h.confirmedUser("kim@example.com") // signs up, confirms, signs in with the password
	})
}

// Sign-up of a confirmed address answers like a new one, and the owner
// hears about it (#9 vuln 8).
func TestSignupDoesNotTellWhoHasAnAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.confirmedUser("owner@example.com")
		h.clock.Advance(time.Minute)
		known := h.signup("owner@example.com", nil)
		unknown := h.signup("nobody@example.com", nil)
		h.expect(known, 200, "")
		h.expect(unknown, 200, "")
		if shape(known) != shape(unknown) {
			t.Fatalf("answers differ:\nknown   %s\nunknown %s", shape(known), shape(unknown))
		}
		mail, _ := h.mailTo("owner@example.com")
		if !strings.Contains(mail, "tried to create a new Siso & Friends account") || !strings.Contains(mail, site+"/login") {
			t.Fatalf("the owner's e-mail: %s", mail)
		}
		h.login("owner@example.com", password) // nothing changed
		// The cooldown applies alike.
		h.expect(h.signup("owner@example.com", nil), 429, "over_email_send_rate_limit")
		h.expect(h.signup("nobody@example.com", nil), 429, "over_email_send_rate_limit")
	})
}

// shape is a sign-up answer with its ids, address and times blanked.
func shape(r response) string {
	return mustCompile(`"[0-9a-f]{8}-[0-9a-f-]{27}"|"[^"]*@example\.com"|"20\d\d-[^"]*"`).ReplaceAllString(r.raw, `"x"`)
}

func TestSignupSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		off := newHarness(t, d, map[string]string{"DISABLE_SIGNUP": "true"})
		off.expect(off.signup("new@example.com", nil), 422, "signup_disabled")
		off.expect(off.do("POST", "/auth/v1/otp", map[string]any{"email": "new@example.com"}), 422, "signup_disabled")

		auto := newHarness(t, d, map[string]string{"MAILER_AUTOCONFIRM": "true"})
		r := auto.signup("auto@example.com", nil)
		auto.expect(r, 200, "")
		if r.str("access_token") == "" || auto.mailCount("auto@example.com") != 0 {
			t.Fatalf("auto-confirmed sign-up: %s", r.raw)
		}
		auto.login("auto@example.com", password)
		auto.expect(auto.signup("auto@example.com", nil), 422, "user_already_exists")

		big := map[string]any{"data": map[string]any{"bio": strings.Repeat("x", 5000)}}
		auto.expect(auto.signup("big@example.com", big), 422, "validation_failed")
		auto.expect(auto.do("PUT", "/auth/v1/user", big, authHeader(r)...), 422, "validation_failed")
	})
}

// The e-mail cooldown is one per type and address, and its length is
// EMAIL_COOLDOWN_SECONDS.
func TestEmailCooldownPerTypeAndConfigurable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, map[string]string{"EMAIL_COOLDOWN_SECONDS": "5"})
		h.expect(h.signup("ann@example.com", nil), 200, "")
		h.expect(h.do("POST", "/auth/v1/recover", map[string]any{"email": "ann@example.com"}), 200, "")
		h.expect(h.do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"}), 200, "")
		r := h.do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"})
		h.expect(r, 429, "over_email_send_rate_limit")
		if !strings.Contains(r.str("msg"), "after 5 seconds") || r.header.Get("Retry-After") != "5" {
			t.Fatalf("cooldown response: %s %v", r.raw, r.header)
		}
		h.clock.Advance(5 * time.Second)
		h.expect(h.do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"}), 200, "")
	})
}
