package auth

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// fakeGoogle is a small OpenID Connect provider: discovery, JWKS, and a
// token endpoint that issues an RS256 id_token for the configured person.
type fakeGoogle struct {
	srv  *httptest.Server
	key  *rsa.PrivateKey
	mu   sync.Mutex
	sub  string
	mail string
	ok   bool   // email_verified
	code string // the one authorization code it accepts
	nonc string // nonce to put in the next id_token
}

func newFakeGoogle(t *testing.T) *fakeGoogle {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	g := &fakeGoogle{key: key, code: "good-code"}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, map[string]any{
			"issuer": g.srv.URL, "authorization_endpoint": g.srv.URL + "/auth", "token_endpoint": g.srv.URL + "/token",
			"jwks_uri": g.srv.URL + "/jwks", "id_token_signing_alg_values_supported": []string{"RS256"},
			"response_types_supported": []string{"code"}, "subject_types_supported": []string{"public"},
		})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, r *http.Request) {
		b64 := base64.RawURLEncoding.EncodeToString
		writeJSON(w, 200, map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "kid": "k1", "use": "sig", "alg": "RS256",
			"n": b64(key.PublicKey.N.Bytes()), "e": b64(big.NewInt(int64(key.PublicKey.E)).Bytes()),
		}}})
	})
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		if r.FormValue("code") != g.code || r.FormValue("code_verifier") == "" {
			writeJSON(w, 400, map[string]string{"error": "invalid_grant"})
			return
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		now := time.Now()
		tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
			"iss": g.srv.URL, "aud": "client-1", "sub": g.sub, "email": g.mail, "email_verified": g.ok,
			"given_name": "Gina", "family_name": "Google", "name": "Gina Google", "nonce": g.nonc,
			"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		})
		tok.Header["kid"] = "k1"
		signed, err := tok.SignedString(key)
		if err != nil {
			t.Error(err)
		}
		writeJSON(w, 200, map[string]any{"access_token": "at", "token_type": "Bearer", "expires_in": 3600, "id_token": signed})
	})
	g.srv = httptest.NewServer(mux)
	t.Cleanup(g.srv.Close)
	return g
}

func (g *fakeGoogle) person(sub, email string, verified bool) {
	g.mu.Lock()
	g.sub, g.mail, g.ok = sub, email, verified
	g.mu.Unlock()
}

// signInWithGoogle runs authorize → provider → callback and returns where
// the callback redirects the browser.
func signInWithGoogle(t *testing.T, h *harness, g *fakeGoogle, challenge, code string) *url.URL {
	t.Helper()
	q := url.Values{"provider": {"google"}, "redirect_to": {site + "/auth/google/callback"}}
	if challenge != "" {
		q.Set("code_challenge", challenge)
		q.Set("code_challenge_method", "s256")
	}
	r := h.do("GET", "/auth/v1/authorize?"+q.Encode(), nil)
	if r.status != http.StatusFound {
		t.Fatalf("authorize: %d %s", r.status, r.raw)
	}
	to, _ := url.Parse(r.header.Get("Location"))
	if !strings.HasPrefix(to.String(), g.srv.URL+"/auth") || to.Query().Get("code_challenge") == "" || to.Query().Get("redirect_uri") != site+"/auth/v1/callback" {
		t.Fatalf("authorize redirect: %s", to)
	}
	g.mu.Lock()
	g.nonc = to.Query().Get("nonce")
	g.mu.Unlock()
	return h.follow("/auth/v1/callback?" + url.Values{"code": {code}, "state": {to.Query().Get("state")}}.Encode())
}

func TestGoogleSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := newFakeGoogle(t)
		h := newHarness(t, d, map[string]string{"GOOGLE_CLIENT_ID": "client-1", "GOOGLE_CLIENT_SECRET": "secret", "GOOGLE_ISSUER": g.srv.URL})

		// A new person: PKCE redirect with ?code=, exchanged for a session.
		g.person("g-1", "gina@example.com", true)
		verifier := "google-verifier-google-verifier-google-verifier"
		back := signInWithGoogle(t, h, g, s256(verifier), "good-code")
		s := h.do("POST", "/auth/v1/token?grant_type=pkce", map[string]any{"auth_code": back.Query().Get("code"), "code_verifier": verifier})
		h.expect(s, 200, "")
		u := s.json["user"].(map[string]any)
		if u["email"] != "gina@example.com" || u["email_confirmed_at"] == nil || u["app_metadata"].(map[string]any)["provider"] != "google" {
			t.Fatalf("google user: %s", s.raw)
		}
		p := h.do("GET", "/api/profile", nil, authHeader(s)...)
		if p.str("first_name") != "Gina" || p.str("email_verification_status") != "Active" || p.str("account_status") != "Active" || p.json["last_login_date"] == nil {
			t.Fatalf("google profile: %s", p.raw)
		}

		// An existing account with the same verified address is signed into, not duplicated.
		existing := h.confirmedUser("ed@example.com")
		g.person("g-2", "ed@example.com", true)
		f := fragment(signInWithGoogle(t, h, g, "", "good-code"))
		if f.Get("access_token") == "" {
			t.Fatalf("implicit google redirect: %v", f)
		}
		c, _ := h.svc.parseAccessToken(f.Get("access_token"))
		if c.Subject != existing.json["user"].(map[string]any)["id"] {
			t.Fatal("Google sign-in did not reuse the existing account")
		}

		// Failures come back to the app as error redirects.
		g.person("g-3", "unverified@example.com", false)
		if got := fragment(signInWithGoogle(t, h, g, "", "good-code")).Get("error_code"); got != "provider_email_needs_verification" {
			t.Fatalf("unverified google e-mail: %q", got)
		}
		if got := fragment(signInWithGoogle(t, h, g, "", "bad-code")).Get("error_code"); got != "bad_oauth_callback" {
			t.Fatalf("bad code: %q", got)
		}
		if got := fragment(h.follow("/auth/v1/callback?code=good-code&state=forged")).Get("error_code"); got != "bad_oauth_state" {
			t.Fatalf("forged state: %q", got)
		}
		if s := h.do("GET", "/auth/v1/settings", nil); s.json["external"].(map[string]any)["google"] != true {
			t.Fatalf("settings: %s", s.raw)
		}
	})
}
