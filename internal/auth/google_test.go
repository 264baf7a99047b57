package auth

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"bookshop/internal/auth/googletest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// fakeGoogle is the fake OpenID Connect provider of googletest, served
// for one test.
type fakeGoogle struct {
	*googletest.Provider
	srv *httptest.Server
}

func newFakeGoogle(t *testing.T) *fakeGoogle {
	t.Helper()
	p, err := googletest.New("client-1")
	if err != nil {
		t.Fatal(err)
	}
	g := &fakeGoogle{Provider: p, srv: httptest.NewServer(p.Handler())}
	t.Cleanup(g.srv.Close)
	return g
}

// googler is a Google account named Gina Google.
func googler(sub, email string, verified bool) *googletest.Person {
	return &googletest.Person{Sub: sub, Email: email, EmailVerified: verified, GivenName: "Gina", FamilyName: "Google"}
}

// signInWithGoogle runs authorize → provider → callback and returns where
// the callback redirects the browser. The provider signs person in, or
// answers with a code it never issued when person is nil.
func signInWithGoogle(t *testing.T, h *harness, g *fakeGoogle, challenge string, person *googletest.Person) *url.URL {
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
	code := "never-issued"
	if person != nil {
		code = g.Issue(*person, to.Query().Get("nonce"), to.Query().Get("code_challenge"))
	}
	return h.follow("/auth/v1/callback?" + url.Values{"code": {code}, "state": {to.Query().Get("state")}}.Encode())
}

func TestGoogleSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := newFakeGoogle(t)
		h := newHarness(t, d, map[string]string{"GOOGLE_CLIENT_ID": "client-1", "GOOGLE_CLIENT_SECRET": "secret", "GOOGLE_ISSUER": g.srv.URL})

		// A new person: PKCE redirect with ?code=, exchanged for a session.
		verifier := "google-verifier-google-verifier-google-verifier"
		back := signInWithGoogle(t, h, g, s256(verifier), googler("g-1", "gina@example.com", true))
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
		f := fragment(signInWithGoogle(t, h, g, "", googler("g-2", "ed@example.com", true)))
		if f.Get("access_token") == "" {
			t.Fatalf("implicit google redirect: %v", f)
		}
		c, _ := h.svc.parseAccessToken(f.Get("access_token"))
		if c.Subject != existing.json["user"].(map[string]any)["id"] {
			t.Fatal("Google sign-in did not reuse the existing account")
		}

		// Failures come back to the app as error redirects.
		if got := fragment(signInWithGoogle(t, h, g, "", googler("g-3", "unverified@example.com", false))).Get("error_code"); got != "provider_email_needs_verification" {
			t.Fatalf("unverified google e-mail: %q", got)
		}
		if got := fragment(signInWithGoogle(t, h, g, "", nil)).Get("error_code"); got != "bad_oauth_callback" {
			t.Fatalf("bad code: %q", got)
		}
		if got := fragment(h.follow("/auth/v1/callback?code=any-code&state=forged")).Get("error_code"); got != "bad_oauth_state" {
			t.Fatalf("forged state: %q", got)
		}
		if s := h.do("GET", "/auth/v1/settings", nil); s.json["external"].(map[string]any)["google"] != true {
			t.Fatalf("settings: %s", s.raw)
		}
	})
}
