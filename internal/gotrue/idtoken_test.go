package gotrue_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue/googletest"
)

// idToken is an ID token as Google Identity Services hands one to the
// browser: signed with the fake provider's key unless key says otherwise,
// with claims over the defaults.
func (g *fakeGoogle) idToken(t *testing.T, key *rsa.PrivateKey, claims jwt.MapClaims) string {
	t.Helper()
	now := time.Now()
	all := jwt.MapClaims{"iss": g.srv.URL, "aud": "client-1", "sub": "g-42", "email": "ida@example.com", "email_verified": true,
		"given_name": "Ida", "family_name": "Token", "name": "Ida Token", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	for k, v := range claims {
		all[k] = v
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, all)
	tok.Header["kid"] = googletest.KeyID
	if key == nil {
		key = g.Key
	}
	signed, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return signed
}

func TestIDTokenGrant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := newFakeGoogle(t)
		e := apitest.NewEnv(t, d, googleConfig(g))
		grant := func(body map[string]any) *apitest.Response {
			return e.Request("POST", "/auth/v1/token?grant_type=id_token", body, "", map[string]string{"X-Supabase-Api-Version": "2024-01-01"})
		}

		// A new person, with a nonce as auth-js passes it (the token holds its SHA-256).
		nonce := "raw-nonce-123"
		hashed := fmt.Sprintf("%x", sha256.Sum256([]byte(nonce)))
		r := grant(map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"nonce": hashed}), "nonce": nonce}).Expect(t, http.StatusOK)
		var s session
		r.Decode(t, &s)
		u := r.JSON(t)["user"].(map[string]any)
		if u["email"] != "ida@example.com" || u["email_confirmed_at"] == nil || u["app_metadata"].(map[string]any)["provider"] != "google" || s.RefreshToken == "" {
			t.Fatalf("id_token sign-up: %s", r.Body)
		}
		p := e.Request("GET", "/api/profile", nil, "", s.auth()).Expect(t, http.StatusOK).JSON(t)
		if p["first_name"] != "Ida" || p["account_status"] != "Active" {
			t.Fatalf("profile: %v", p)
		}
		// The same Google account again is the same user, without a nonce too.
		again := grant(map[string]any{"provider": "google", "id_token": g.idToken(t, nil, nil)}).Expect(t, http.StatusOK)
		if again.JSON(t)["user"].(map[string]any)["id"] != s.User.ID {
			t.Fatal("a second id_token sign-in made another user")
		}
		// An existing account with the Google account's verified e-mail is signed into.
		existing := confirmedUser(t, e, "ed@example.com")
		ed := grant(map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"sub": "g-ed", "email": "ed@example.com"})}).Expect(t, http.StatusOK)
		if ed.JSON(t)["user"].(map[string]any)["id"] != existing.User.ID {
			t.Fatal("id_token sign-in did not reuse the account with the same e-mail")
		}

		otherKey, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			t.Fatal(err)
		}
		refusals := []struct {
			name          string
			body          map[string]any
			status        int
			code, message string
		}{
			{"no token", map[string]any{"provider": "google"}, 400, "invalid request", "id_token required"},
			{"no provider", map[string]any{"id_token": g.idToken(t, nil, nil)}, 400, "invalid request", "provider or client_id and issuer required"},
			{"another provider", map[string]any{"provider": "apple", "id_token": g.idToken(t, nil, nil)}, 400, "validation_failed", `Custom OIDC provider "apple" not allowed`},
			{"signed by someone else", map[string]any{"provider": "google", "id_token": g.idToken(t, otherKey, nil)}, 400, "invalid request", "Bad ID token"},
			{"for another app", map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"aud": "someone-else"})}, 400, "invalid request", "Bad ID token"},
			{"from another issuer", map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"iss": "https://evil.example"})}, 400, "invalid request", "Bad ID token"},
			{"expired", map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"exp": time.Now().Add(-time.Hour).Unix()})}, 400, "invalid request", "Bad ID token"},
			{"not a token", map[string]any{"provider": "google", "id_token": "abc.def.ghi"}, 400, "invalid request", "Bad ID token"},
			{"wrong nonce", map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"nonce": hashed}), "nonce": "another"}, 400, "invalid nonce", "Nonces mismatch"},
			{"nonce missing", map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"nonce": hashed})}, 400, "invalid request", "Passed nonce and nonce in id_token should either both exist or not."},
			{"nonce not in token", map[string]any{"provider": "google", "id_token": g.idToken(t, nil, nil), "nonce": nonce}, 400, "invalid request", "Passed nonce and nonce in id_token should either both exist or not."},
		}
		for _, tc := range refusals {
			t.Run(tc.name, func(t *testing.T) {
				r := grant(tc.body)
				var body struct {
					Error            string `json:"error"`
					ErrorDescription string `json:"error_description"`
					Code             string `json:"code"`
					Message          string `json:"message"`
				}
				r.Decode(t, &body)
				got, msg := body.Error, body.ErrorDescription
				if got == "" {
					got, msg = body.Code, body.Message
				}
				if r.Status != tc.status || got != tc.code || msg != tc.message {
					t.Fatalf("%d %s, want %d %q %q", r.Status, r.Body, tc.status, tc.code, tc.message)
				}
			})
		}
		unverified := grant(map[string]any{"provider": "google", "id_token": g.idToken(t, nil, jwt.MapClaims{"sub": "g-u", "email": "u@example.com", "email_verified": false})})
		expectError(t, unverified, http.StatusUnprocessableEntity, "provider_email_needs_verification")
	})
}

func TestIDTokenGrantNeedsGoogle(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "Google not configured", Method: "POST", URL: "/auth/v1/token?grant_type=id_token",
		Body: map[string]any{"provider": "google", "id_token": "x.y.z"}, ExpectedStatus: 400,
		ExpectedContent: []string{`"error_code":"provider_disabled"`}}})
}

// With sign-ups off, an ID token of someone without an account makes none.
func TestIDTokenGrantRespectsDisabledSignups(t *testing.T) {
	g := newFakeGoogle(t)
	e := apitest.NewEnv(t, dbtest.SQLite(t), googleConfig(g, "DISABLE_SIGNUP", "true"))
	r := e.Do("POST", "/auth/v1/token?grant_type=id_token", map[string]any{"provider": "google", "id_token": g.idToken(t, nil, nil)}, "")
	expectError(t, r, http.StatusUnprocessableEntity, "signup_disabled")
}
