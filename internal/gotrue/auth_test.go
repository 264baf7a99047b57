package gotrue_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pquerna/otp/totp"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const site = apitest.SiteURL

// profileIs tells whether userID's profile row has these statuses and first name.
func profileIs(e *apitest.Env, userID, status, firstName string) bool {
	return e.Count(`SELECT COUNT(*) FROM profiles WHERE id = ? AND email_verification_status = ? AND account_status = ? AND first_name = ?`,
		userID, status, status, firstName) == 1
}

func TestSignupConfirmAndSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		r := signUp(e, "Ann@Example.com").Expect(t, http.StatusOK)
		if u := r.JSON(t); u["email"] != "ann@example.com" || u["email_confirmed_at"] != nil || u["access_token"] != nil {
			t.Fatalf("sign-up responded %s", r.Body)
		}
		if !profileIs(e, field(t, r, "id"), "Pending Verification", "Ann") {
			t.Fatal("the profile after sign-up is not pending with the sign-up's name")
		}

		// Signing up again while unconfirmed waits for the cooldown, which names the seconds left.
		e.Clock.Advance(20 * time.Second)
		again := signUp(e, "ann@example.com")
		expectError(t, again, http.StatusTooManyRequests, "over_email_send_rate_limit")
		if !strings.Contains(again.Body, "after 40 seconds") {
			t.Fatalf("cooldown message: %s", again.Body)
		}
		e.Clock.Advance(41 * time.Second)
		r = signUp(e, "ann@example.com").Expect(t, http.StatusOK)
		if n := e.MailCount("ann@example.com"); n != 2 {
			t.Fatalf("%d confirmation e-mails, want 2", n)
		}
		id := field(t, r, "id") // the repeat replaced the unconfirmed registration (TestSignupReplacesAnUnconfirmedRegistration)

		for _, tc := range []struct{ name, email, password, code string }{
			{"unconfirmed with right password", "ann@example.com", apitest.Password, "email_not_confirmed"},
			{"unconfirmed with wrong password", "ann@example.com", "Wrong1!pw", "invalid_credentials"},
			{"unknown address", "nobody@example.com", apitest.Password, "invalid_credentials"},
			{"empty password", "ann@example.com", "", "invalid_credentials"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				expectError(t, e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": tc.email, "password": tc.password}, ""),
					http.StatusBadRequest, tc.code)
			})
		}

		link, _ := mailed(t, e, "ann@example.com")
		target := follow(t, e, link)
		f := fragment(target)
		if target.Host != "shop.test" || f.Get("access_token") == "" || f.Get("type") != "signup" || f.Get("token_type") != "bearer" {
			t.Fatalf("verify redirect: %s", target)
		}
		if !profileIs(e, id, "Active", "Ann") || e.Count(`SELECT COUNT(*) FROM profiles WHERE id = ? AND last_login_date IS NOT NULL`, id) != 1 {
			t.Fatal("the profile after confirmation is not active with a last login")
		}
		if used := fragment(follow(t, e, link)); used.Get("error_code") != "otp_expired" || used.Get("error") != "access_denied" {
			t.Fatalf("second use of the link: %v", used)
		}

		// A sign-up of the confirmed address responds like a new one (TestSignupDoesNotTellWhoHasAnAccount).
		e.Clock.Advance(time.Minute)
		signUp(e, "ann@example.com").Expect(t, http.StatusOK)
		tok := e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "ann@example.com", "password": apitest.Password}, "").Expect(t, http.StatusOK)
		if s := tok.JSON(t); s["token_type"] != "bearer" || s["expires_in"] != float64(3600) || s["refresh_token"] == "" {
			t.Fatalf("session: %s", tok.Body)
		}
		var s session
		tok.Decode(t, &s)
		u := e.Request("GET", "/auth/v1/user", nil, "", s.auth()).Expect(t, http.StatusOK)
		if meta := u.JSON(t)["user_metadata"].(map[string]any); meta["first_name"] != "Ann" || field(t, u, "email_confirmed_at") == "" {
			t.Fatalf("user: %s", u.Body)
		}
		if c := claimsOf(t, s.AccessToken); c.Role != "authenticated" || c.AAL != "aal1" || c.SessionID == "" || c.Email != "ann@example.com" || c.Subject != id {
			t.Fatalf("claims %+v", c)
		}
	})
}

func TestWeakPasswords(t *testing.T) {
	var scenarios []apitest.Scenario
	for _, tc := range []struct{ password, reasons string }{
		{"Ab1!", `["length"]`},
		{"short", `["length","characters"]`},
		{"alllowercase1!", `["characters"]`},
		{"NoDigitsHere!", `["characters"]`},
		{"NoSpecial123", `["characters"]`},
		{"Ünicode1!pw", `["characters"]`},
	} {
		scenarios = append(scenarios, apitest.Scenario{Name: tc.password, Method: "POST", URL: "/auth/v1/signup",
			Body:            map[string]any{"email": "weak@example.com", "password": tc.password},
			Headers:         map[string]string{"X-Supabase-Api-Version": "2024-01-01"},
			ExpectedStatus:  http.StatusUnprocessableEntity,
			ExpectedContent: []string{`"code":"weak_password"`, `"weak_password":{"reasons":` + tc.reasons + `}`},
		})
	}
	apitest.Run(t, scenarios)
}

func TestErrorShapes(t *testing.T) {
	wrong := map[string]any{"email": "x@example.com", "password": "Wrong1!pw"}
	scenarios := []apitest.Scenario{
		{Name: "legacy shape", Method: "POST", URL: "/auth/v1/token?grant_type=password", Body: wrong,
			ExpectedStatus: 400, ExpectedContent: []string{`"code":400`, `"error_code":"invalid_credentials"`, `"msg":"Invalid login credentials"`}},
		{Name: "2024-01-01 shape", Method: "POST", URL: "/auth/v1/token?grant_type=password", Body: wrong,
			Headers:        map[string]string{"X-Supabase-Api-Version": "2024-01-01"},
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid_credentials"`, `"message":"Invalid login credentials"`},
			ExpectedHeaders: map[string]string{"X-Supabase-Api-Version": "2024-01-01"}},
		{Name: "a forged token", Method: "GET", URL: "/auth/v1/user", Headers: map[string]string{"Authorization": "Bearer not.a.jwt"},
			ExpectedStatus: 403, ExpectedContent: []string{`"error_code":"bad_jwt"`}},
		{Name: "settings", Method: "GET", URL: "/auth/v1/settings",
			ExpectedStatus: 200, ExpectedContent: []string{`"email":true`, `"google":false`}},
	}
	for _, tc := range []struct {
		name, method, url string
		body              any
		status            int
		code              string
	}{
		{"bad JSON", "POST", "/auth/v1/signup", "{", 400, "validation_failed"},
		{"wrong type", "POST", "/auth/v1/signup", `{"email":3}`, 400, "validation_failed"},
		{"bad e-mail", "POST", "/auth/v1/signup", `{"email":"nope","password":"Secret1!pw"}`, 400, "validation_failed"},
		{"no password", "POST", "/auth/v1/signup", `{"email":"a@example.com"}`, 422, "validation_failed"},
		{"unknown grant", "POST", "/auth/v1/token?grant_type=magic", `{}`, 400, "invalid_credentials"},
		{"user without token", "GET", "/auth/v1/user", nil, 401, "no_authorization"},
		{"verify without token", "GET", "/auth/v1/verify?type=signup", nil, 400, "validation_failed"},
		{"verify bad type", "POST", "/auth/v1/verify", `{"type":"phone_change","token_hash":"x"}`, 400, "validation_failed"},
		{"resend bad type", "POST", "/auth/v1/resend", `{"type":"invite","email":"a@example.com"}`, 400, "validation_failed"},
		{"google not configured", "GET", "/auth/v1/authorize?provider=google", nil, 400, "validation_failed"},
		{"factor without a session", "POST", "/auth/v1/factors", `{"factor_type":"phone"}`, 401, "no_authorization"},
		{"no route", "GET", "/auth/v1/nothing-here", nil, 404, "not_found"},
	} {
		scenarios = append(scenarios, apitest.Scenario{Name: tc.name, Method: tc.method, URL: tc.url, Body: tc.body,
			ExpectedStatus: tc.status, ExpectedContent: []string{`"error_code":"` + tc.code + `"`}})
	}
	apitest.Run(t, scenarios)
}

// CORS headers go only to the shop's own origin and AUTH_CORS_ORIGINS (#9).
func TestCORS(t *testing.T) {
	body := map[string]any{"email": "x@example.com", "password": "Wrong1!pw"}
	apitest.Run(t, []apitest.Scenario{
		{Name: "another origin gets none", Method: "POST", URL: "/auth/v1/token?grant_type=password", Body: body,
			Headers: map[string]string{"Origin": "http://elsewhere.test"}, ExpectedStatus: 400,
			ExpectedContent: []string{"invalid_credentials"},
			AfterTest: func(t *testing.T, _ *apitest.Env, r *apitest.Response) {
				if r.Header.Get("Access-Control-Allow-Origin") != "" || r.Header.Get("Access-Control-Allow-Credentials") != "" {
					t.Fatalf("CORS headers for an unknown origin: %v", r.Header)
				}
			}},
		{Name: "the site's origin", Method: "POST", URL: "/auth/v1/token?grant_type=password", Body: body,
			Headers: map[string]string{"Origin": site}, ExpectedStatus: 400, ExpectedContent: []string{"invalid_credentials"},
			ExpectedHeaders: map[string]string{"Access-Control-Allow-Origin": site, "Access-Control-Allow-Credentials": "true"}},
		{Name: "a configured origin's preflight", Method: "OPTIONS", URL: "/auth/v1/token",
			Config:         map[string]string{"AUTH_CORS_ORIGINS": "http://app.test, http://elsewhere.test/"},
			Headers:        map[string]string{"Origin": "http://elsewhere.test", "Access-Control-Request-Method": "POST"},
			ExpectedStatus: 204, ExpectedHeaders: map[string]string{"Access-Control-Allow-Origin": "http://elsewhere.test"},
			AfterTest: func(t *testing.T, _ *apitest.Env, r *apitest.Response) {
				if !strings.Contains(r.Header.Get("Access-Control-Allow-Headers"), "X-Supabase-Api-Version") {
					t.Fatalf("preflight: %v", r.Header)
				}
			}},
	})
}

func TestLinksExpire(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		signUp(e, "late@example.com").Expect(t, http.StatusOK)
		link, _ := mailed(t, e, "late@example.com")
		e.Clock.Advance(23 * time.Hour)
		signUp(e, "late@example.com").Expect(t, http.StatusOK) // a new link replaces the old one
		if got := fragment(follow(t, e, link)).Get("error_code"); got != "otp_expired" {
			t.Fatalf("replaced link: error_code %q", got)
		}
		link, code := mailed(t, e, "late@example.com")
		e.Clock.Advance(24*time.Hour + time.Second)
		if got := fragment(follow(t, e, link)).Get("error_code"); got != "otp_expired" {
			t.Fatalf("24 h old link: error_code %q", got)
		}
		expectError(t, e.Do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "late@example.com", "token": code}, ""),
			http.StatusForbidden, "otp_expired")

		// Recovery links last one hour.
		e.Do("POST", "/auth/v1/recover", map[string]any{"email": "late@example.com"}, "").Expect(t, http.StatusOK)
		link, _ = mailed(t, e, "late@example.com")
		if !strings.Contains(link, "type=recovery") {
			t.Fatalf("recovery link: %s", link)
		}
		e.Clock.Advance(61 * time.Minute)
		if got := fragment(follow(t, e, link)).Get("error_code"); got != "otp_expired" {
			t.Fatalf("61 min old recovery link: error_code %q", got)
		}
	})
}

func TestPKCEFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		verifier := strings.Repeat("v", 20) + "-verifier-of-the-browser-0123456789"
		e.Do("POST", "/auth/v1/signup?redirect_to="+url.QueryEscape(site+"/auth/email/callback?sb_flow_id=f1"), map[string]any{
			"email": "pkce@example.com", "password": apitest.Password, "code_challenge": s256(verifier), "code_challenge_method": "s256"}, "").
			Expect(t, http.StatusOK)
		link, _ := mailed(t, e, "pkce@example.com")
		if !strings.Contains(link, "token=pkce_") {
			t.Fatalf("PKCE link %s", link)
		}
		target := follow(t, e, link)
		code := target.Query().Get("code")
		if target.Path != "/auth/email/callback" || code == "" || target.Query().Get("sb_flow_id") != "f1" {
			t.Fatalf("PKCE redirect: %s", target)
		}
		exchange := func(c, v string) *apitest.Response {
			return e.Do("POST", "/auth/v1/token?grant_type=pkce", map[string]any{"auth_code": c, "code_verifier": v}, "")
		}
		expectError(t, exchange(code, ""), http.StatusBadRequest, "validation_failed")
		expectError(t, exchange(code, "wrong-verifier-wrong-verifier-wrong-verifier"), http.StatusForbidden, "bad_code_verifier")
		s := exchange(code, verifier).Expect(t, http.StatusOK)
		if field(t, s, "access_token") == "" || s.JSON(t)["user"].(map[string]any)["email_confirmed_at"] == nil {
			t.Fatalf("PKCE session: %s", s.Body)
		}
		expectError(t, exchange(code, verifier), http.StatusNotFound, "flow_state_not_found")

		// A used PKCE link reports its error in the query too, where PKCE clients look.
		if again := follow(t, e, link); again.Query().Get("error_code") != "otp_expired" {
			t.Fatalf("used PKCE link: %s", again)
		}

		// An auth code is good for five minutes. (Each e-mail type has its own
		// cooldown: 'forgot password' right after sign-up is fine.)
		e.Do("POST", "/auth/v1/recover", map[string]any{"email": "pkce@example.com", "code_challenge": s256(verifier), "code_challenge_method": "s256"}, "").
			Expect(t, http.StatusOK)
		link, _ = mailed(t, e, "pkce@example.com")
		code = follow(t, e, link).Query().Get("code")
		e.Clock.Advance(6 * time.Minute)
		expectError(t, exchange(code, verifier), http.StatusBadRequest, "flow_state_expired")
	})
}

func TestRedirectToOnlyToTheSite(t *testing.T) {
	var scenarios []apitest.Scenario
	for _, tc := range []struct{ redirect, want string }{
		{"https://evil.test/steal", site},
		{"http://shop.test.evil.test/", site},
		{"//evil.test/x", site},
		{"javascript:alert(1)", site},
		{site + "/email-confirmed", site + "/email-confirmed"},
	} {
		scenarios = append(scenarios, apitest.Scenario{Name: tc.redirect, Method: "POST",
			URL:            "/auth/v1/signup?redirect_to=" + url.QueryEscape(tc.redirect),
			Body:           map[string]any{"email": "r@example.com", "password": apitest.Password},
			ExpectedStatus: 200, ExpectedContent: []string{`"email":"r@example.com"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				link, _ := mailed(t, e, "r@example.com")
				target := follow(t, e, link)
				target.Fragment, target.RawFragment = "", ""
				if target.String() != tc.want {
					t.Fatalf("redirected to %s, want %s", target, tc.want)
				}
			}})
	}
	apitest.Run(t, scenarios)
}

func TestRecoverResendAndMagicLink(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		confirmedUser(t, e, "bo@example.com")
		e.Clock.Advance(time.Minute)

		// No enumeration: unknown addresses get the same response, and no e-mail.
		for _, path := range []string{"/auth/v1/recover", "/auth/v1/resend"} {
			if r := e.Do("POST", path, map[string]any{"email": "ghost@example.com", "type": "signup"}, "").Expect(t, http.StatusOK); r.Body != "{}\n" {
				t.Fatalf("%s responded %q", path, r.Body)
			}
			e.Clock.Advance(time.Minute)
		}
		if e.MailCount("ghost@example.com") != 0 {
			t.Fatal("e-mail sent to an unknown address")
		}
		// Resend for a confirmed account sends nothing either.
		e.Do("POST", "/auth/v1/resend", map[string]any{"email": "bo@example.com", "type": "signup"}, "").Expect(t, http.StatusOK)
		if n := e.MailCount("bo@example.com"); n != 1 {
			t.Fatalf("%d e-mails to bo, want 1", n)
		}
		e.Clock.Advance(time.Minute)

		e.Do("POST", "/auth/v1/recover", map[string]any{"email": "bo@example.com"}, "").Expect(t, http.StatusOK)
		_, code := mailed(t, e, "bo@example.com")
		var s session
		e.Do("POST", "/auth/v1/verify", map[string]any{"type": "recovery", "email": "bo@example.com", "token": code}, "").Expect(t, http.StatusOK).Decode(t, &s)
		setPassword := func(body map[string]any) *apitest.Response {
			return e.Request("PUT", "/auth/v1/user", body, "", s.auth())
		}
		expectError(t, setPassword(map[string]any{"password": apitest.Password}), http.StatusUnprocessableEntity, "same_password")
		expectError(t, setPassword(map[string]any{"password": "weak"}), http.StatusUnprocessableEntity, "weak_password")
		// A new password needs 6 characters (spec 01 §5), not the sign-up rules.
		setPassword(map[string]any{"password": "simple"}).Expect(t, http.StatusOK)
		signIn(t, e, "bo@example.com", "simple")
		setPassword(map[string]any{"password": "Brand9!new", "data": map[string]any{"first_name": "Bo"}}).Expect(t, http.StatusOK)
		signIn(t, e, "bo@example.com", "Brand9!new")

		// Magic link. With create_user false an unknown address responds like a known one, and gets nothing.
		e.Do("POST", "/auth/v1/otp", map[string]any{"email": "new@example.com", "create_user": false}, "").Expect(t, http.StatusOK)
		if n := e.MailCount("new@example.com"); n != 0 {
			t.Fatalf("%d e-mails to an unknown address", n)
		}
		e.Clock.Advance(time.Minute)
		e.Do("POST", "/auth/v1/otp", map[string]any{"email": "bo@example.com", "create_user": false}, "").Expect(t, http.StatusOK)
		link, _ := mailed(t, e, "bo@example.com")
		token := regexp.MustCompile(`token=([^&]+)`).FindStringSubmatch(link)[1]
		e.Do("POST", "/auth/v1/verify", map[string]any{"type": "magiclink", "token_hash": token}, "").Expect(t, http.StatusOK)
		expectError(t, e.Do("POST", "/auth/v1/verify", map[string]any{"type": "magiclink", "token_hash": token}, ""), http.StatusForbidden, "otp_expired")
	})
}

func TestRefreshRotationAndReuse(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		first := confirmedUser(t, e, "cy@example.com")
		refresh := func(tok string) *apitest.Response {
			return e.Do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": tok}, "")
		}
		var second, twin session
		refresh(first.RefreshToken).Expect(t, http.StatusOK).Decode(t, &second)
		if second.RefreshToken == first.RefreshToken {
			t.Fatal("refresh token did not rotate")
		}
		// Another tab refreshes with the old token 5 s later: the same session goes on.
		e.Clock.Advance(5 * time.Second)
		refresh(first.RefreshToken).Expect(t, http.StatusOK).Decode(t, &twin)
		if claimsOf(t, second.AccessToken).SessionID != claimsOf(t, twin.AccessToken).SessionID {
			t.Fatal("reuse inside the window started a new session")
		}
		// Outside the window, reuse revokes the whole session.
		e.Clock.Advance(6 * time.Second)
		expectError(t, refresh(first.RefreshToken), http.StatusBadRequest, "refresh_token_already_used")
		expectError(t, refresh(second.RefreshToken), http.StatusBadRequest, "refresh_token_not_found")
		expectError(t, e.Request("GET", "/auth/v1/user", nil, "", second.auth()), http.StatusForbidden, "session_not_found")
		expectError(t, refresh("made-up"), http.StatusBadRequest, "refresh_token_not_found")
	})
}

func TestLogoutScopes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		a := confirmedUser(t, e, "di@example.com")
		b, c := signIn(t, e, "di@example.com", apitest.Password), signIn(t, e, "di@example.com", apitest.Password)
		alive := func(s session) bool {
			return e.Request("GET", "/auth/v1/user", nil, "", s.auth()).Status == http.StatusOK
		}
		logOut := func(s session, scope string) *apitest.Response {
			return e.Request("POST", "/auth/v1/logout"+scope, nil, "", s.auth())
		}

		expectError(t, logOut(a, "?scope=bogus"), http.StatusBadRequest, "validation_failed")
		logOut(a, "?scope=others").Expect(t, http.StatusNoContent)
		if !alive(a) || alive(b) || alive(c) {
			t.Fatal("scope=others")
		}
		logOut(a, "?scope=local").Expect(t, http.StatusNoContent)
		if alive(a) {
			t.Fatal("scope=local")
		}
		x, y := signIn(t, e, "di@example.com", apitest.Password), signIn(t, e, "di@example.com", apitest.Password)
		logOut(x, "").Expect(t, http.StatusNoContent)
		if alive(x) || alive(y) {
			t.Fatal("scope=global (the default)")
		}
		expectError(t, logOut(x, ""), http.StatusForbidden, "session_not_found")
	})
}

func TestEmailChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "old@example.com")
		confirmedUser(t, e, "taken@example.com")
		expectError(t, e.Request("PUT", "/auth/v1/user", map[string]any{"email": "taken@example.com"}, "", s.auth()),
			http.StatusUnprocessableEntity, "email_exists")
		r := e.Request("PUT", "/auth/v1/user", map[string]any{"email": "new@example.com"}, "", s.auth()).Expect(t, http.StatusOK)
		if field(t, r, "new_email") != "new@example.com" || field(t, r, "email") != "old@example.com" {
			t.Fatalf("pending change: %s", r.Body)
		}
		link, _ := mailed(t, e, "new@example.com")
		if f := fragment(follow(t, e, link)); f.Get("type") != "email_change" || f.Get("access_token") == "" {
			t.Fatalf("e-mail change redirect: %v", f)
		}
		u := e.Request("GET", "/auth/v1/user", nil, "", s.auth())
		p := e.Request("GET", "/api/profile", nil, "", s.auth())
		if field(t, u, "email") != "new@example.com" || field(t, p, "email") != "new@example.com" {
			t.Fatalf("after the change: user %s, profile %s", u.Body, p.Body)
		}
		signIn(t, e, "new@example.com", apitest.Password)
	})
}

func TestRateLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "3"})
		body := map[string]any{"email": "rl@example.com", "password": "Wrong1!pw"}
		for range 3 {
			expectError(t, e.Do("POST", "/auth/v1/token?grant_type=password", body, ""), http.StatusBadRequest, "invalid_credentials")
		}
		limited := e.Do("POST", "/auth/v1/token?grant_type=password", body, "")
		expectError(t, limited, http.StatusTooManyRequests, "over_request_rate_limit")
		if !strings.Contains(limited.Body, `"msg":"Request rate limit reached"`) || limited.Header.Get("Retry-After") != "60" {
			t.Fatalf("429: %s %v", limited.Body, limited.Header)
		}
		// Another endpoint has its own counter; a new minute starts afresh.
		e.Do("POST", "/auth/v1/recover", map[string]any{"email": "rl@example.com"}, "").Expect(t, http.StatusOK)
		e.Clock.Advance(time.Minute)
		expectError(t, e.Do("POST", "/auth/v1/token?grant_type=password", body, ""), http.StatusBadRequest, "invalid_credentials")
	})
}

func TestTOTPAndRecoveryCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "mfa@example.com")
		f := enrol(t, e, s)
		if !strings.HasPrefix(f.TOTP.QRCode, "<svg") || !strings.HasPrefix(f.TOTP.URI, "otpauth://totp/") {
			t.Fatalf("enrolment: %+v", f)
		}
		expectError(t, verifyCode(t, e, s, f.ID, "000000"), http.StatusUnprocessableEntity, "mfa_verification_failed")
		code, _ := totp.GenerateCode(f.TOTP.Secret, e.Clock.Now())
		v := verifyCode(t, e, s, f.ID, code).Expect(t, http.StatusOK)
		var raised struct {
			session
			RecoveryCodes []string `json:"recovery_codes"`
		}
		v.Decode(t, &raised)
		if c := claimsOf(t, raised.AccessToken); len(raised.RecoveryCodes) != 10 || c.AAL != "aal2" || c.AMR[0].Method != "totp" {
			t.Fatalf("verification: %d codes, claims %+v", len(raised.RecoveryCodes), c)
		}
		u := e.Request("GET", "/auth/v1/user", nil, "", raised.auth())
		if fs := u.JSON(t)["factors"].([]any); len(fs) != 1 || fs[0].(map[string]any)["status"] != "verified" {
			t.Fatalf("factors: %s", u.Body)
		}

		// A new password sign-in is aal1: it may not remove the factor.
		s2 := signIn(t, e, "mfa@example.com", apitest.Password)
		expectError(t, e.Request("DELETE", "/auth/v1/factors/"+f.ID, nil, "", s2.auth()), http.StatusForbidden, "insufficient_aal")
		// An expired challenge.
		old := e.Request("POST", "/auth/v1/factors/"+f.ID+"/challenge", nil, "", s2.auth()).Expect(t, http.StatusOK)
		e.Clock.Advance(6 * time.Minute)
		code, _ = totp.GenerateCode(f.TOTP.Secret, e.Clock.Now())
		expectError(t, e.Request("POST", "/auth/v1/factors/"+f.ID+"/verify", map[string]any{"challenge_id": field(t, old, "id"), "code": code}, "", s2.auth()),
			http.StatusUnprocessableEntity, "mfa_challenge_expired")
		// A recovery code works once, in any case.
		rc := raised.RecoveryCodes[0]
		var viaCode session
		verifyCode(t, e, s2, f.ID, strings.ToLower(rc)).Expect(t, http.StatusOK).Decode(t, &viaCode)
		if c := claimsOf(t, viaCode.AccessToken); c.AAL != "aal2" || c.AMR[0].Method != "recovery_code" {
			t.Fatalf("recovery code claims %+v", c)
		}
		s3 := signIn(t, e, "mfa@example.com", apitest.Password)
		expectError(t, verifyCode(t, e, s3, f.ID, rc), http.StatusUnprocessableEntity, "mfa_verification_failed")
		expectError(t, e.Request("POST", "/auth/v1/factors/recovery_codes", nil, "", s3.auth()), http.StatusForbidden, "insufficient_aal")
		e.Request("POST", "/auth/v1/factors/recovery_codes", nil, "", viaCode.auth()).Expect(t, http.StatusOK)
		e.Request("DELETE", "/auth/v1/factors/"+f.ID, nil, "", viaCode.auth()).Expect(t, http.StatusOK)
		expectError(t, e.Request("POST", "/auth/v1/factors/"+f.ID+"/challenge", nil, "", viaCode.auth()), http.StatusNotFound, "mfa_factor_not_found")
	})
}

func TestVerificationStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "8"})
		id := field(t, signUp(e, "vic@example.com").Expect(t, http.StatusOK), "id")
		status := func(query string) *apitest.Response {
			return e.Do("GET", "/auth/v1/verification-status"+query, nil, "")
		}
		for _, tc := range []struct{ name, query, want string }{
			{"unconfirmed account", "?user_id=" + id, `{"verified":false}`},
			{"unknown id", "?user_id=" + uuid.NewString(), `{"verified":false}`},
			{"malformed id", "?user_id=vic@example.com", `{"verified":false}`},
			{"no id", "", `{"verified":false}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got := status(tc.query)
				if got.Status != 200 || strings.TrimSpace(got.Body) != tc.want || got.Header.Get("Cache-Control") != "no-store" {
					t.Fatalf("%d %s (Cache-Control %q), want 200 %s", got.Status, got.Body, got.Header.Get("Cache-Control"), tc.want)
				}
			})
		}
		link, _ := mailed(t, e, "vic@example.com")
		follow(t, e, link)
		for _, q := range []string{"?user_id=" + id, "?user_id=" + strings.ToUpper(id)} {
			if got := status(q); got.Status != 200 || strings.TrimSpace(got.Body) != `{"verified":true}` {
				t.Fatalf("confirmed account %s: %d %s", q, got.Status, got.Body)
			}
		}
		// 6 requests so far; the limit of 8 per minute applies here too.
		status("?user_id=" + id)
		status("?user_id=" + id)
		expectError(t, status("?user_id="+id), http.StatusTooManyRequests, "over_request_rate_limit")
	})
}
