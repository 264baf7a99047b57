package auth

import (
	"net/url"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// Control characters in what /auth/v1 decodes (JSON bodies and query
// strings) are a clear 400 in GoTrue's shape on both databases, never the
// 500 PostgreSQL gives for a NUL (#9 vuln 4).
func TestAuthRefusesControlCharacters(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.confirmedUser("ann@example.com")
		bodies := map[string]struct {
			path string
			body map[string]any
		}{
			"token e-mail":   {"/auth/v1/token?grant_type=password", map[string]any{"email": "ann\x00@example.com", "password": password}},
			"sign-up e-mail": {"/auth/v1/signup", map[string]any{"email": "bob\x00@example.com", "password": password}},
			"sign-up data":   {"/auth/v1/signup", map[string]any{"email": "bob@example.com", "password": password, "data": map[string]any{"first_name": "B\x00b"}}},
			"otp e-mail":     {"/auth/v1/otp", map[string]any{"email": "ann@example.com\x07"}},
			"recover e-mail": {"/auth/v1/recover", map[string]any{"email": "ann\x00@example.com"}},
			"verify token":   {"/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": "12\x003456"}},
		}
		for name, c := range bodies {
			r := h.do("POST", c.path, c.body, "X-Supabase-Api-Version", "2024-01-01")
			h.expect(r, 400, "validation_failed")
			if r.str("message") != "Text must not contain control characters." {
				t.Fatalf("%s: message %q", name, r.str("message"))
			}
		}
		queries := []string{
			"/auth/v1/verify?type=signup&token=" + url.QueryEscape("abc\x00") + "&redirect_to=" + url.QueryEscape(site),
			"/auth/v1/verification-status?user_id=" + url.QueryEscape("\x00"),
			"/auth/v1/otp?redirect_to=" + url.QueryEscape(site+"/\x00"),
		}
		for _, q := range queries {
			method := "GET"
			if q[:12] == "/auth/v1/otp" {
				method = "POST"
			}
			h.expect(h.do(method, q, map[string]any{"email": "ann@example.com"}), 400, "validation_failed")
		}
	})
}
