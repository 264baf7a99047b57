package auth

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pquerna/otp/totp"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

func TestSignupConfirmAndSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		r := h.signup("Ann@Example.com", nil)
		h.expect(r, 200, "")
		if r.str("email") != "ann@example.com" || r.json["email_confirmed_at"] != nil || r.json["access_token"] != nil {
			t.Fatalf("signup answered %s", r.raw)
		}
		p, err := profileByID(context.Background(), d, r.str("id"))
		if err != nil || p.EmailVerificationStatus != statusPending || p.AccountStatus != statusPending || p.FirstName != "Ann" {
			t.Fatalf("profile after signup: %+v, %v", p, err)
		}

		// Re-sign-up of the unconfirmed address is subject to the cooldown, which names the seconds left.
		h.clock.Advance(20 * time.Second)
		r = h.signup("ann@example.com", nil)
		h.expect(r, 429, "over_email_send_rate_limit")
		if !strings.Contains(r.str("msg"), "after 40 seconds") {
			t.Fatalf("cooldown message: %s", r.raw)
		}
		h.clock.Advance(41 * time.Second)
		r = h.signup("ann@example.com", nil)
		h.expect(r, 200, "")
		if n := h.mailCount("ann@example.com"); n != 2 {
			t.Fatalf("%d confirmation e-mails, want 2", n)
		}
		// The repeat replaced the unconfirmed registration (see TestSignupReplacesAnUnconfirmedRegistration).
		p, _ = profileByID(context.Background(), d, r.str("id"))

		tests := []struct{ name, email, password, code string }{
			{"unconfirmed with right password", "ann@example.com", password, "email_not_confirmed"},
			{"unconfirmed with wrong password", "ann@example.com", "Wrong1!pw", "invalid_credentials"},
			{"unknown address", "nobody@example.com", password, "invalid_credentials"},
			{"empty password", "ann@example.com", "", "invalid_credentials"},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				h.expect(h.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": tc.email, "password": tc.password}), 400, tc.code)
			})
		}

		link, _ := h.link("ann@example.com")
		target := h.follow(link)
		f := fragment(target)
		if target.Host != "shop.test" || f.Get("access_token") == "" || f.Get("type") != "signup" || f.Get("token_type") != "bearer" {
			t.Fatalf("verify redirect: %s", target)
		}
		p, _ = profileByID(context.Background(), d, p.ID)
		if p.EmailVerificationStatus != statusActive || p.AccountStatus != statusActive || p.LastLoginDate == nil {
			t.Fatalf("profile after confirmation: %+v", p)
		}

		again := h.follow(link)
		if fragment(again).Get("error_code") != "otp_expired" || fragment(again).Get("error") != "access_denied" {
			t.Fatalf("second use of the link: %s", again)
		}

		// A sign-up of the confirmed address answers like a new one (see TestSignupDoesNotTellWhoHasAnAccount).
		h.clock.Advance(time.Minute)
		h.expect(h.signup("ann@example.com", nil), 200, "")
		s := h.login("ann@example.com", password)
		if s.str("token_type") != "bearer" || s.json["expires_in"].(float64) != 3600 || s.str("refresh_token") == "" {
			t.Fatalf("session: %s", s.raw)
		}
		u := h.do("GET", "/auth/v1/user", nil, authHeader(s)...)
		h.expect(u, 200, "")
		meta := u.json["user_metadata"].(map[string]any)
		if meta["first_name"] != "Ann" || u.str("email_confirmed_at") == "" {
			t.Fatalf("user: %s", u.raw)
		}
		claims, err := h.svc.parseAccessToken(s.str("access_token"))
		if err != nil || claims.Role != "authenticated" || claims.AAL != "aal1" || claims.SessionID == "" || claims.Email != "ann@example.com" {
			t.Fatalf("claims %+v, %v", claims, err)
		}
	})
}

func TestWeakPasswords(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		tests := []struct {
			password string
			reasons  string
		}{
			{"Ab1!", "length"},
			{"short", "length,characters"},
			{"alllowercase1!", "characters"},
			{"NoDigitsHere!", "characters"},
			{"NoSpecial123", "characters"},
			{"Ünicode1!pw", "characters"},
		}
		for _, tc := range tests {
			t.Run(tc.password, func(t *testing.T) {
				r := h.do("POST", "/auth/v1/signup", map[string]any{"email": "weak@example.com", "password": tc.password}, "X-Supabase-Api-Version", "2024-01-01")
				h.expect(r, 422, "weak_password")
				got := r.json["weak_password"].(map[string]any)["reasons"].([]any)
				var names []string
				for _, g := range got {
					names = append(names, g.(string))
				}
				if strings.Join(names, ",") != tc.reasons {
					t.Fatalf("reasons %v, want %s", names, tc.reasons)
				}
			})
		}
	})
}

func TestErrorShapesAndCORS(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		body := map[string]any{"email": "x@example.com", "password": "Wrong1!pw"}
		legacy := h.do("POST", "/auth/v1/token?grant_type=password", body)
		if legacy.json["code"] != float64(400) || legacy.str("error_code") != "invalid_credentials" || legacy.str("msg") != "Invalid login credentials" {
			t.Fatalf("legacy shape: %s", legacy.raw)
		}
		v2 := h.do("POST", "/auth/v1/token?grant_type=password", body, "X-Supabase-Api-Version", "2024-01-01", "Origin", "http://elsewhere.test")
		if v2.str("code") != "invalid_credentials" || v2.str("message") != "Invalid login credentials" || v2.header.Get("X-Supabase-Api-Version") != "2024-01-01" {
			t.Fatalf("2024-01-01 shape: %s %v", v2.raw, v2.header)
		}
		// CORS only for the shop's own origin and AUTH_CORS_ORIGINS (#9).
		if v2.header.Get("Access-Control-Allow-Origin") != "" || v2.header.Get("Access-Control-Allow-Credentials") != "" {
			t.Fatalf("CORS headers for an unknown origin: %v", v2.header)
		}
		own := h.do("POST", "/auth/v1/token?grant_type=password", body, "Origin", site)
		if own.header.Get("Access-Control-Allow-Origin") != site {
			t.Fatalf("CORS headers for the site: %v", own.header)
		}
		h = newHarness(t, d, map[string]string{"AUTH_CORS_ORIGINS": "http://app.test, http://elsewhere.test/"})
		pre := h.do("OPTIONS", "/auth/v1/token", nil, "Origin", "http://elsewhere.test", "Access-Control-Request-Method", "POST")
		if pre.header.Get("Access-Control-Allow-Origin") != "http://elsewhere.test" {
			t.Fatalf("CORS headers for a configured origin: %v", pre.header)
		}
		if pre.status != 204 || !strings.Contains(pre.header.Get("Access-Control-Allow-Headers"), "X-Supabase-Api-Version") {
			t.Fatalf("preflight: %d %v", pre.status, pre.header)
		}
		tests := []struct {
			name, method, path, body string
			status                   int
			code                     string
		}{
			{"bad JSON", "POST", "/auth/v1/signup", "{", 400, "bad_json"},
			{"wrong type", "POST", "/auth/v1/signup", `{"email":3}`, 400, "bad_json"},
			{"bad e-mail", "POST", "/auth/v1/signup", `{"email":"nope","password":"Secret1!pw"}`, 400, "validation_failed"},
			{"no password", "POST", "/auth/v1/signup", `{"email":"a@example.com"}`, 422, "validation_failed"},
			{"unknown grant", "POST", "/auth/v1/token?grant_type=magic", `{}`, 400, "invalid_credentials"},
			{"user without token", "GET", "/auth/v1/user", "", 401, "no_authorization"},
			{"verify without token", "GET", "/auth/v1/verify?type=signup", "", 400, "validation_failed"},
			{"verify bad type", "POST", "/auth/v1/verify", `{"type":"invite","token_hash":"x"}`, 400, "validation_failed"},
			{"resend bad type", "POST", "/auth/v1/resend", `{"type":"invite","email":"a@example.com"}`, 400, "validation_failed"},
			{"google not configured", "GET", "/auth/v1/authorize?provider=google", "", 400, "validation_failed"},
			{"factor without a session", "POST", "/auth/v1/factors", `{"factor_type":"phone"}`, 401, "no_authorization"},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				h.expect(h.do(tc.method, tc.path, tc.body), tc.status, tc.code)
			})
		}
		r := h.do("GET", "/auth/v1/user", nil, "Authorization", "Bearer not.a.jwt")
		h.expect(r, 403, "bad_jwt")
		s := h.do("GET", "/auth/v1/settings", nil)
		if ext := s.json["external"].(map[string]any); ext["email"] != true || ext["google"] != false {
			t.Fatalf("settings: %s", s.raw)
		}
	})
}

func TestLinksExpire(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.expect(h.signup("late@example.com", nil), 200, "")
		link, _ := h.link("late@example.com")
		h.clock.Advance(23 * time.Hour)
		h.expect(h.signup("late@example.com", nil), 200, "") // a new link replaces the old one
		if got := fragment(h.follow(link)).Get("error_code"); got != "otp_expired" {
			t.Fatalf("replaced link: error_code %q", got)
		}
		link, code := h.link("late@example.com")
		h.clock.Advance(24*time.Hour + time.Second)
		if got := fragment(h.follow(link)).Get("error_code"); got != "otp_expired" {
			t.Fatalf("24 h old link: error_code %q", got)
		}
		h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "email", "email": "late@example.com", "token": code}), 403, "otp_expired")

		// Recovery links last one hour.
		h.expect(h.do("POST", "/auth/v1/recover", map[string]any{"email": "late@example.com"}), 200, "")
		link, _ = h.link("late@example.com")
		if !strings.Contains(link, "type=recovery") {
			t.Fatalf("recovery link: %s", link)
		}
		h.clock.Advance(61 * time.Minute)
		if got := fragment(h.follow(link)).Get("error_code"); got != "otp_expired" {
			t.Fatalf("61 min old recovery link: error_code %q", got)
		}
	})
}

func TestPKCEFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		verifier := strings.Repeat("v", 20) + "-verifier-of-the-browser-0123456789"
		r := h.do("POST", "/auth/v1/signup?redirect_to="+url.QueryEscape(site+"/auth/email/callback?sb_flow_id=f1"), map[string]any{
			"email": "pkce@example.com", "password": password, "code_challenge": s256(verifier), "code_challenge_method": "s256"})
		h.expect(r, 200, "")
		link, _ := h.link("pkce@example.com")
		if !strings.Contains(link, "token=pkce_") {
			t.Fatalf("PKCE link %s", link)
		}
		target := h.follow(link)
		code := target.Query().Get("code")
		if target.Path != "/auth/email/callback" || code == "" || target.Query().Get("sb_flow_id") != "f1" {
			t.Fatalf("PKCE redirect: %s", target)
		}
		exchange := func(c, v string) response {
			return h.do("POST", "/auth/v1/token?grant_type=pkce", map[string]any{"auth_code": c, "code_verifier": v})
		}
		h.expect(exchange(code, ""), 400, "validation_failed")
		h.expect(exchange(code, "wrong-verifier-wrong-verifier-wrong-verifier"), 403, "bad_code_verifier")
		s := exchange(code, verifier)
		h.expect(s, 200, "")
		if s.str("access_token") == "" || s.json["user"].(map[string]any)["email_confirmed_at"] == nil {
			t.Fatalf("PKCE session: %s", s.raw)
		}
		h.expect(exchange(code, verifier), 404, "flow_state_not_found")

		// A used PKCE link reports its error in the query too, where PKCE clients look.
		again := h.follow(link)
		if again.Query().Get("error_code") != "otp_expired" {
			t.Fatalf("used PKCE link: %s", again)
		}

		// An auth code is good for five minutes. (Each e-mail type has its own
		// cooldown: 'forgot password' right after sign-up is fine.)
		h.expect(h.do("POST", "/auth/v1/recover", map[string]any{"email": "pkce@example.com", "code_challenge": s256(verifier), "code_challenge_method": "s256"}), 200, "")
		link, _ = h.link("pkce@example.com")
		code = h.follow(link).Query().Get("code")
		h.clock.Advance(6 * time.Minute)
		h.expect(exchange(code, verifier), 400, "flow_state_expired")
	})
}

func TestRedirectToOnlyToTheSite(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		tests := []struct{ redirect, want string }{
			{"https://evil.test/steal", site},
			{"http://shop.test.evil.test/", site},
			{"//evil.test/x", site},
			{"javascript:alert(1)", site},
			{site + "/email-confirmed", site + "/email-confirmed"},
		}
		for i, tc := range tests {
			t.Run(tc.redirect, func(t *testing.T) {
				email := "r" + string(rune('a'+i)) + "@example.com"
				h.expect(h.do("POST", "/auth/v1/signup?redirect_to="+url.QueryEscape(tc.redirect), map[string]any{"email": email, "password": password}), 200, "")
				link, _ := h.link(email)
				target := h.follow(link)
				target.Fragment, target.RawFragment = "", ""
				if target.String() != tc.want {
					t.Fatalf("redirected to %s, want %s", target, tc.want)
				}
			})
		}
	})
}

func TestRecoverResendAndMagicLink(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.confirmedUser("bo@example.com")
		h.clock.Advance(time.Minute)

		// No enumeration: unknown addresses get the same answer, and no e-mail.
		for _, path := range []string{"/auth/v1/recover", "/auth/v1/resend"} {
			r := h.do("POST", path, map[string]any{"email": "ghost@example.com", "type": "signup"})
			h.expect(r, 200, "")
			if r.raw != "{}\n" {
				t.Fatalf("%s answered %q", path, r.raw)
			}
			h.clock.Advance(time.Minute)
		}
		if h.mailCount("ghost@example.com") != 0 {
			t.Fatal("e-mail sent to an unknown address")
		}
		// Resend for a confirmed account sends nothing either.
		h.expect(h.do("POST", "/auth/v1/resend", map[string]any{"email": "bo@example.com", "type": "signup"}), 200, "")
		if n := h.mailCount("bo@example.com"); n != 1 {
			t.Fatalf("%d e-mails to bo, want 1", n)
		}
		h.clock.Advance(time.Minute)

		h.expect(h.do("POST", "/auth/v1/recover", map[string]any{"email": "bo@example.com"}), 200, "")
		_, code := h.link("bo@example.com")
		s := h.do("POST", "/auth/v1/verify", map[string]any{"type": "recovery", "email": "bo@example.com", "token": code})
		h.expect(s, 200, "")
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": password}, authHeader(s)...), 422, "same_password")
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "weak"}, authHeader(s)...), 422, "weak_password")
		// A new password needs 6 characters (spec 01 §5), not the sign-up rules.
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "simple"}, authHeader(s)...), 200, "")
		h.login("bo@example.com", "simple")
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"password": "Brand9!new", "data": map[string]any{"first_name": "Bo"}}, authHeader(s)...), 200, "")
		h.login("bo@example.com", "Brand9!new")

		// Magic link.
		// create_user false: an unknown address answers like a known one, and gets nothing.
		h.expect(h.do("POST", "/auth/v1/otp", map[string]any{"email": "new@example.com", "create_user": false}), 200, "")
		if n := h.mailCount("new@example.com"); n != 0 {
			t.Fatalf("%d e-mails to an unknown address", n)
		}
		h.clock.Advance(time.Minute)
		h.expect(h.do("POST", "/auth/v1/otp", map[string]any{"email": "bo@example.com", "create_user": false}), 200, "")
		link, _ := h.link("bo@example.com")
		token := strings.TrimPrefix(regexpFind(`token=([^&]+)`, link), "token=")
		h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "magiclink", "token_hash": token}), 200, "")
		h.expect(h.do("POST", "/auth/v1/verify", map[string]any{"type": "magiclink", "token_hash": token}), 403, "otp_expired")
	})
}

func TestRefreshRotationAndReuse(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		first := h.confirmedUser("cy@example.com")
		refresh := func(tok string) response {
			return h.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": tok})
		}
		second := refresh(first.str("refresh_token"))
		h.expect(second, 200, "")
		if second.str("refresh_token") == first.str("refresh_token") {
			t.Fatal("refresh token did not rotate")
		}
		// Another tab refreshes with the old token 5 s later: same session continues.
		h.clock.Advance(5 * time.Second)
		twin := refresh(first.str("refresh_token"))
		h.expect(twin, 200, "")
		c1, _ := h.svc.parseAccessToken(second.str("access_token"))
		c2, _ := h.svc.parseAccessToken(twin.str("access_token"))
		if c1.SessionID != c2.SessionID {
			t.Fatal("reuse inside the window started a new session")
		}
		// Outside the window, reuse revokes the whole session.
		h.clock.Advance(6 * time.Second)
		h.expect(refresh(first.str("refresh_token")), 400, "refresh_token_already_used")
		h.expect(refresh(second.str("refresh_token")), 400, "refresh_token_not_found")
		h.expect(h.do("GET", "/auth/v1/user", nil, authHeader(second)...), 403, "session_not_found")
		h.expect(refresh("made-up"), 400, "refresh_token_not_found")
	})
}

func TestLogoutScopes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		a := h.confirmedUser("di@example.com")
		b, c := h.login("di@example.com", password), h.login("di@example.com", password)
		alive := func(s response) bool { return h.do("GET", "/auth/v1/user", nil, authHeader(s)...).status == 200 }

		h.expect(h.do("POST", "/auth/v1/logout?scope=bogus", nil, authHeader(a)...), 400, "validation_failed")
		h.expect(h.do("POST", "/auth/v1/logout?scope=others", nil, authHeader(a)...), 204, "")
		if !alive(a) || alive(b) || alive(c) {
			t.Fatal("scope=others")
		}
		h.expect(h.do("POST", "/auth/v1/logout?scope=local", nil, authHeader(a)...), 204, "")
		if alive(a) {
			t.Fatal("scope=local")
		}
		x, y := h.login("di@example.com", password), h.login("di@example.com", password)
		h.expect(h.do("POST", "/auth/v1/logout", nil, authHeader(x)...), 204, "")
		if alive(x) || alive(y) {
			t.Fatal("scope=global (the default)")
		}
		h.expect(h.do("POST", "/auth/v1/logout", nil, authHeader(x)...), 403, "session_not_found")
	})
}

func TestEmailChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		s := h.confirmedUser("old@example.com")
		h.confirmedUser("taken@example.com")
		h.expect(h.do("PUT", "/auth/v1/user", map[string]any{"email": "taken@example.com"}, authHeader(s)...), 422, "email_exists")
		r := h.do("PUT", "/auth/v1/user", map[string]any{"email": "new@example.com"}, authHeader(s)...)
		h.expect(r, 200, "")
		if r.str("new_email") != "new@example.com" || r.str("email") != "old@example.com" {
			t.Fatalf("pending change: %s", r.raw)
		}
		link, _ := h.link("new@example.com")
		if f := fragment(h.follow(link)); f.Get("type") != "email_change" || f.Get("access_token") == "" {
			t.Fatalf("email change redirect: %v", f)
		}
		u := h.do("GET", "/auth/v1/user", nil, authHeader(s)...)
		p, _ := profileByID(context.Background(), d, u.str("id"))
		if u.str("email") != "new@example.com" || p.Email != "new@example.com" {
			t.Fatalf("after change: user %s, profile %s", u.str("email"), p.Email)
		}
		h.login("new@example.com", password)
	})
}

func TestRateLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "3"})
		body := map[string]any{"email": "rl@example.com", "password": "Wrong1!pw"}
		for i := range 3 {
			h.expect(h.do("POST", "/auth/v1/token?grant_type=password", body), 400, "invalid_credentials")
			_ = i
		}
		h.expect(h.do("POST", "/auth/v1/token?grant_type=password", body), 429, "over_request_rate_limit")
		// Another endpoint has its own counter; a new minute starts afresh.
		h.expect(h.do("POST", "/auth/v1/recover", map[string]any{"email": "rl@example.com"}), 200, "")
		h.clock.Advance(time.Minute)
		h.expect(h.do("POST", "/auth/v1/token?grant_type=password", body), 400, "invalid_credentials")
	})
}

func TestTOTPAndRecoveryCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		s := h.confirmedUser("mfa@example.com")
		enrol := h.do("POST", "/auth/v1/factors", map[string]any{"factor_type": "totp", "friendly_name": "Phone"}, authHeader(s)...)
		h.expect(enrol, 200, "")
		factorID := enrol.str("id")
		totpInfo := enrol.json["totp"].(map[string]any)
		secret := totpInfo["secret"].(string)
		if !strings.HasPrefix(totpInfo["qr_code"].(string), "<svg") || !strings.HasPrefix(totpInfo["uri"].(string), "otpauth://totp/") {
			t.Fatalf("enrolment: %s", enrol.raw)
		}
		challenge := func(s response) string {
			c := h.do("POST", "/auth/v1/factors/"+factorID+"/challenge", nil, authHeader(s)...)
			h.expect(c, 200, "")
			return c.str("id")
		}
		verify := func(s response, challengeID, code string) response {
			return h.do("POST", "/auth/v1/factors/"+factorID+"/verify", map[string]any{"challenge_id": challengeID, "code": code}, authHeader(s)...)
		}
		h.expect(verify(s, challenge(s), "000000"), 422, "mfa_verification_failed")
		code, _ := totp.GenerateCode(secret, h.clock.Now())
		v := verify(s, challenge(s), code)
		h.expect(v, 200, "")
		codes, _ := v.json["recovery_codes"].([]any)
		claims, _ := h.svc.parseAccessToken(v.str("access_token"))
		if len(codes) != 10 || claims.AAL != "aal2" || claims.AMR[0].Method != "totp" {
			t.Fatalf("verification: %d codes, claims %+v", len(codes), claims)
		}
		u := h.do("GET", "/auth/v1/user", nil, authHeader(v)...)
		if fs := u.json["factors"].([]any); len(fs) != 1 || fs[0].(map[string]any)["status"] != "verified" {
			t.Fatalf("factors: %s", u.raw)
		}

		// A new password sign-in is aal1: it may not remove the factor.
		s2 := h.login("mfa@example.com", password)
		h.expect(h.do("DELETE", "/auth/v1/factors/"+factorID, nil, authHeader(s2)...), 403, "insufficient_aal")
		// Expired challenge.
		old := challenge(s2)
		h.clock.Advance(6 * time.Minute)
		code, _ = totp.GenerateCode(secret, h.clock.Now())
		h.expect(verify(s2, old, code), 422, "mfa_challenge_expired")
		// A recovery code works once.
		rc := codes[0].(string)
		v2 := verify(s2, challenge(s2), strings.ToLower(rc))
		h.expect(v2, 200, "")
		if c, _ := h.svc.parseAccessToken(v2.str("access_token")); c.AAL != "aal2" || c.AMR[0].Method != "recovery_code" {
			t.Fatalf("recovery code claims %+v", c)
		}
		s3 := h.login("mfa@example.com", password)
		h.expect(verify(s3, challenge(s3), rc), 422, "mfa_verification_failed")
		h.expect(h.do("POST", "/auth/v1/factors/recovery_codes", nil, authHeader(s3)...), 403, "insufficient_aal")
		fresh := h.do("POST", "/auth/v1/factors/recovery_codes", nil, authHeader(v2)...)
		h.expect(fresh, 200, "")
		h.expect(h.do("DELETE", "/auth/v1/factors/"+factorID, nil, authHeader(v2)...), 200, "")
		h.expect(h.do("POST", "/auth/v1/factors/"+factorID+"/challenge", nil, authHeader(v2)...), 404, "mfa_factor_not_found")
	})
}

func regexpFind(pattern, s string) string {
	return mustCompile(pattern).FindString(s)
}

func TestVerificationStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "8"})
		r := h.signup("vic@example.com", nil)
		h.expect(r, 200, "")
		id := r.str("id")
		status := func(query string) response {
			t.Helper()
			return h.do("GET", "/auth/v1/verification-status"+query, nil)
		}
		tests := []struct{ name, query, want string }{
			{"unconfirmed account", "?user_id=" + id, `{"verified":false}`},
			{"unknown id", "?user_id=" + uuid.NewString(), `{"verified":false}`},
			{"malformed id", "?user_id=vic@example.com", `{"verified":false}`},
			{"no id", "", `{"verified":false}`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				got := status(tc.query)
				if got.status != 200 || strings.TrimSpace(got.raw) != tc.want || got.header.Get("Cache-Control") != "no-store" {
					t.Fatalf("%d %s (Cache-Control %q), want 200 %s", got.status, got.raw, got.header.Get("Cache-Control"), tc.want)
				}
			})
		}
		link, _ := h.link("vic@example.com")
		h.follow(link)
		for _, q := range []string{"?user_id=" + id, "?user_id=" + strings.ToUpper(id)} {
			if got := status(q); got.status != 200 || strings.TrimSpace(got.raw) != `{"verified":true}` {
				t.Fatalf("confirmed account %s: %d %s", q, got.status, got.raw)
			}
		}
		// 6 requests so far; the limit of 8 per minute applies here too.
		status("?user_id=" + id)
		status("?user_id=" + id)
		h.expect(status("?user_id="+id), 429, "over_request_rate_limit")
	})
}
