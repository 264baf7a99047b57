package gotrue_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// An attacker who signs up first with the victim's address must not own
// the account the victim later confirms (#9).
func TestSignupReplacesAnUnconfirmedRegistration(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		attacker := e.Do("POST", "/auth/v1/signup", map[string]any{"email": "victim@example.com", "password": "Attack3r!pw",
			"data": map[string]any{"first_name": "Mallory"}}, "").Expect(t, http.StatusOK)
		attackerLink, _ := mailed(t, e, "victim@example.com")

		e.Clock.Advance(time.Minute)
		victim := signUp(e, "victim@example.com").Expect(t, http.StatusOK)
		if field(t, victim, "id") == field(t, attacker, "id") || strings.Contains(victim.Body, "Mallory") {
			t.Fatalf("the victim's sign-up responded with the first registrant's account: %s", victim.Body)
		}
		// The attacker's link died with their registration.
		if f := fragment(follow(t, e, attackerLink)); f.Get("error_code") != "otp_expired" {
			t.Fatalf("the first registrant's link still works: %v", f)
		}
		link, _ := mailed(t, e, "victim@example.com")
		follow(t, e, link)
		signIn(t, e, "victim@example.com", apitest.Password)
		expectError(t, e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "victim@example.com", "password": "Attack3r!pw"}, ""),
			http.StatusBadRequest, "invalid_credentials")
	})
}

// A magic-link request for an address must not make its owner's later
// sign-up password useless (#9).
func TestSignupAfterAMagicLinkSetsThePassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Do("POST", "/auth/v1/otp", map[string]any{"email": "kim@example.com"}, "").Expect(t, http.StatusOK)
		e.Clock.Advance(time.Minute)
		confirmedUser(t, e, "kim@example.com") // signs up, confirms, signs in with the password
	})
}

// A sign-up of a confirmed address responds like a new one, and the owner
// hears about it (#9).
func TestSignupDoesNotTellWhoHasAnAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		confirmedUser(t, e, "owner@example.com")
		e.Clock.Advance(time.Minute)
		known := signUp(e, "owner@example.com").Expect(t, http.StatusOK)
		unknown := signUp(e, "nobody@example.com").Expect(t, http.StatusOK)
		if shape(known) != shape(unknown) {
			t.Fatalf("responses differ:\nknown   %s\nunknown %s", shape(known), shape(unknown))
		}
		mail := e.LastMail("owner@example.com")
		if !strings.Contains(mail, "tried to create a new Siso & Friends account") || !strings.Contains(mail, site+"/login") {
			t.Fatalf("the owner's e-mail: %s", mail)
		}
		signIn(t, e, "owner@example.com", apitest.Password) // nothing changed
		// The cooldown applies alike.
		expectError(t, signUp(e, "owner@example.com"), http.StatusTooManyRequests, "over_email_send_rate_limit")
		expectError(t, signUp(e, "nobody@example.com"), http.StatusTooManyRequests, "over_email_send_rate_limit")
	})
}

var variable = regexp.MustCompile(`"[0-9a-f]{8}-[0-9a-f-]{27}"|"[^"]*@example\.com"|"20\d\d-[^"]*"`)

// shape is a sign-up response with its ids, address and times blanked.
func shape(r *apitest.Response) string { return variable.ReplaceAllString(r.Body, `"x"`) }

func TestSignupSettings(t *testing.T) {
	big := map[string]any{"data": map[string]any{"bio": strings.Repeat("x", 5000)}}
	apitest.Run(t, []apitest.Scenario{
		{Name: "sign-ups off", Method: "POST", URL: "/auth/v1/signup", Config: map[string]string{"DISABLE_SIGNUP": "true"},
			Body:           map[string]any{"email": "new@example.com", "password": apitest.Password},
			ExpectedStatus: 422, ExpectedContent: []string{`"error_code":"signup_disabled"`}},
		{Name: "sign-ups off, magic link for a new address", Method: "POST", URL: "/auth/v1/otp", Config: map[string]string{"DISABLE_SIGNUP": "true"},
			Body:           map[string]any{"email": "new@example.com"},
			ExpectedStatus: 422, ExpectedContent: []string{`"error_code":"signup_disabled"`}},
		{Name: "auto-confirmed sign-up signs in at once", Method: "POST", URL: "/auth/v1/signup", Config: map[string]string{"MAILER_AUTOCONFIRM": "true"},
			Body:           map[string]any{"email": "auto@example.com", "password": apitest.Password},
			ExpectedStatus: 200, ExpectedContent: []string{`"access_token":"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.MailCount("auto@example.com"); n != 0 {
					t.Fatalf("%d e-mails", n)
				}
				signIn(t, e, "auto@example.com", apitest.Password)
				expectError(t, signUp(e, "auto@example.com"), http.StatusUnprocessableEntity, "user_already_exists")
			}},
		{Name: "sign-up metadata is bounded", Method: "POST", URL: "/auth/v1/signup",
			Body:           map[string]any{"email": "big@example.com", "password": apitest.Password, "data": big["data"]},
			ExpectedStatus: 422, ExpectedContent: []string{`"error_code":"validation_failed"`}},
		{Name: "user metadata is bounded", Method: "PUT", URL: "/auth/v1/user", As: "owner", Body: big,
			ExpectedStatus: 422, ExpectedContent: []string{`"error_code":"validation_failed"`}},
	})
}

// The e-mail cooldown is one per type and address, and its length is
// EMAIL_COOLDOWN_SECONDS.
func TestEmailCooldownPerTypeAndConfigurable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"EMAIL_COOLDOWN_SECONDS": "5"})
		signUp(e, "ann@example.com").Expect(t, http.StatusOK)
		e.Do("POST", "/auth/v1/recover", map[string]any{"email": "ann@example.com"}, "").Expect(t, http.StatusOK)
		magicLink := func() *apitest.Response {
			return e.Do("POST", "/auth/v1/otp", map[string]any{"email": "ann@example.com"}, "")
		}
		magicLink().Expect(t, http.StatusOK)
		r := magicLink()
		expectError(t, r, http.StatusTooManyRequests, "over_email_send_rate_limit")
		if !strings.Contains(r.Body, "after 5 seconds") || r.Header.Get("Retry-After") != "5" {
			t.Fatalf("cooldown response: %s %v", r.Body, r.Header)
		}
		e.Clock.Advance(5 * time.Second)
		magicLink().Expect(t, http.StatusOK)
	})
}

// The client cannot choose its account status: a sign-up that claims Active
// is Pending Verification until the e-mail is confirmed.
func TestSignupIgnoresClientAccountStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		r := e.Do("POST", "/auth/v1/signup", map[string]any{"email": "eve@example.com", "password": apitest.Password,
			"data": map[string]any{"first_name": "Eve", "account_status": "Active"}}, "").Expect(t, http.StatusOK)
		if !profileIs(e, field(t, r, "id"), "Pending Verification", "Eve") {
			t.Fatal("the profile after sign-up is not pending")
		}
		link, _ := mailed(t, e, "eve@example.com")
		follow(t, e, link)
		if !profileIs(e, field(t, r, "id"), "Active", "Eve") {
			t.Fatal("the profile after confirmation is not active")
		}
	})
}

// A sign-up name made only of invisible characters is no name (#26).
func TestSignupDropsAnInvisibleName(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "zero-width first name", Method: "POST", URL: "/auth/v1/signup",
		Body: map[string]any{"email": "zw@example.com", "password": apitest.Password,
			"data": map[string]any{"first_name": "\u200b\u200d", "last_name": "Lee"}},
		ExpectedStatus: 200, ExpectedContent: []string{`"email":"zw@example.com"`},
		AfterTest: func(t *testing.T, e *apitest.Env, r *apitest.Response) {
			if !profileIs(e, field(t, r, "id"), "Pending Verification", "") {
				t.Fatal("the profile kept the invisible name")
			}
		}}})
}
