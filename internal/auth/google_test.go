package auth_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"bookshop/internal/apitest"
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
// responds with a code it never issued when person is nil.
func signInWithGoogle(t *testing.T, e *apitest.Env, g *fakeGoogle, challenge string, person *googletest.Person) *url.URL {
	t.Helper()
	q := url.Values{"provider": {"google"}, "redirect_to": {site + "/auth/google/callback"}}
	if challenge != "" {
		q.Set("code_challenge", challenge)
		q.Set("code_challenge_method", "s256")
	}
	r := e.Do("GET", "/auth/v1/authorize?"+q.Encode(), nil, "")
	if r.Status != http.StatusFound {
		t.Fatalf("authorize: %d %s", r.Status, r.Body)
	}
	to, _ := url.Parse(r.Header.Get("Location"))
	if !strings.HasPrefix(to.String(), g.srv.URL+"/auth") || to.Query().Get("code_challenge") == "" || to.Query().Get("redirect_uri") != site+"/auth/v1/callback" {
		t.Fatalf("authorize redirect: %s", to)
	}
	code := "never-issued"
	if person != nil {
		code = g.Issue(*person, to.Query().Get("nonce"), to.Query().Get("code_challenge"))
	}
	return follow(t, e, "/auth/v1/callback?"+url.Values{"code": {code}, "state": {to.Query().Get("state")}}.Encode())
}

// googleConfig turns Google sign-in on, with the fake provider g.
func googleConfig(g *fakeGoogle, more ...string) map[string]string {
	c := map[string]string{"GOOGLE_CLIENT_ID": "client-1", "GOOGLE_CLIENT_SECRET": "secret", "GOOGLE_ISSUER": g.srv.URL}
	for i := 0; i+1 < len(more); i += 2 {
		c[more[i]] = more[i+1]
	}
	return c
}

func TestGoogleSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := newFakeGoogle(t)
		e := apitest.NewEnv(t, d, googleConfig(g))

		// A new person: PKCE redirect with ?code=, exchanged for a session.
		verifier := "google-verifier-google-verifier-google-verifier"
		back := signInWithGoogle(t, e, g, s256(verifier), googler("g-1", "gina@example.com", true))
		r := e.Do("POST", "/auth/v1/token?grant_type=pkce", map[string]any{"auth_code": back.Query().Get("code"), "code_verifier": verifier}, "").
			Expect(t, http.StatusOK)
		u := r.JSON(t)["user"].(map[string]any)
		if u["email"] != "gina@example.com" || u["email_confirmed_at"] == nil || u["app_metadata"].(map[string]any)["provider"] != "google" {
			t.Fatalf("google user: %s", r.Body)
		}
		var s session
		r.Decode(t, &s)
		p := e.Request("GET", "/api/profile", nil, "", s.auth()).Expect(t, http.StatusOK).JSON(t)
		if p["first_name"] != "Gina" || p["email_verification_status"] != "Active" || p["account_status"] != "Active" || p["last_login_date"] == nil {
			t.Fatalf("google profile: %v", p)
		}

		// An existing account with the same verified address is signed into, not duplicated.
		existing := confirmedUser(t, e, "ed@example.com")
		f := fragment(signInWithGoogle(t, e, g, "", googler("g-2", "ed@example.com", true)))
		if f.Get("access_token") == "" {
			t.Fatalf("implicit google redirect: %v", f)
		}
		if claimsOf(t, f.Get("access_token")).Subject != existing.User.ID {
			t.Fatal("Google sign-in did not reuse the existing account")
		}

		// Failures come back to the app as error redirects.
		if got := fragment(signInWithGoogle(t, e, g, "", googler("g-3", "unverified@example.com", false))).Get("error_code"); got != "provider_email_needs_verification" {
			t.Fatalf("unverified google e-mail: %q", got)
		}
		if got := fragment(signInWithGoogle(t, e, g, "", nil)).Get("error_code"); got != "bad_oauth_callback" {
			t.Fatalf("bad code: %q", got)
		}
		if got := fragment(follow(t, e, "/auth/v1/callback?code=any-code&state=forged")).Get("error_code"); got != "bad_oauth_state" {
			t.Fatalf("forged state: %q", got)
		}
		if s := e.Do("GET", "/auth/v1/settings", nil, ""); s.JSON(t)["external"].(map[string]any)["google"] != true {
			t.Fatalf("settings: %s", s.Body)
		}
	})
}
