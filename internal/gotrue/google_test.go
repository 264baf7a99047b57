package gotrue_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue/googletest"
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

// linkGoogle runs GET /user/identities/authorize (as auth-js linkIdentity,
// with skip_http_redirect) → the provider, where person signs in → the
// callback, and returns where the callback sends the browser.
func linkGoogle(t *testing.T, e *apitest.Env, g *fakeGoogle, s session, person googletest.Person) *url.URL {
	t.Helper()
	q := url.Values{"provider": {"google"}, "redirect_to": {site + "/profile/security"}, "skip_http_redirect": {"true"}}
	r := e.Request("GET", "/auth/v1/user/identities/authorize?"+q.Encode(), nil, "", s.auth()).Expect(t, http.StatusOK)
	to, err := url.Parse(field(t, r, "url"))
	if err != nil || !strings.HasPrefix(to.String(), g.srv.URL+"/auth") || to.Query().Get("redirect_uri") != site+"/auth/v1/callback" {
		t.Fatalf("link URL %q: %v", field(t, r, "url"), err)
	}
	code := g.Issue(person, to.Query().Get("nonce"), to.Query().Get("code_challenge"))
	return follow(t, e, "/auth/v1/callback?"+url.Values{"code": {code}, "state": {to.Query().Get("state")}}.Encode())
}

// The whole link: a password account links a Google account (another
// address), then signs in with it; the same Google account cannot be
// linked again, to anyone; unlinked, it no longer opens the account, and
// the e-mail sign-in, the last way in, stays.
func TestLinkingGoogle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := newFakeGoogle(t)
		e := apitest.NewEnv(t, d, googleConfig(g))
		ann := confirmedUser(t, e, "ann@example.com")
		bob := confirmedUser(t, e, "bob@example.com")
		gina := *googler("g-ann", "ann.personal@gmail.test", true)

		back := linkGoogle(t, e, g, ann, gina)
		if !strings.HasPrefix(back.String(), site+"/profile/security") || fragment(back).Get("access_token") == "" {
			t.Fatalf("link redirect: %s", back)
		}
		type identityList struct {
			Identities []struct {
				ID       string `json:"identity_id"` // "id" is the provider's id of the person, as GoTrue's
				Provider string `json:"provider"`
			} `json:"identities"`
			AppMetadata struct {
				Providers []string `json:"providers"`
			} `json:"app_metadata"`
		}
		var u identityList
		e.Request("GET", "/auth/v1/user", nil, "", ann.auth()).Expect(t, http.StatusOK).Decode(t, &u)
		var googleID, emailID string
		for _, i := range u.Identities {
			switch i.Provider {
			case "google":
				googleID = i.ID
			case "email":
				emailID = i.ID
			}
		}
		if len(u.Identities) != 2 || googleID == "" || emailID == "" || strings.Join(u.AppMetadata.Providers, ",") != "email,google" {
			t.Fatalf("after linking: %+v", u)
		}

		// Google now opens ann's account, whatever its address.
		f := fragment(signInWithGoogle(t, e, g, "", &gina))
		if f.Get("access_token") == "" || claimsOf(t, f.Get("access_token")).Subject != ann.User.ID {
			t.Fatalf("Google sign-in after linking: %v", f)
		}

		// Linked already: again to ann, or to bob, is refused and changes nothing.
		for _, s := range []session{ann, bob} {
			if got := fragment(linkGoogle(t, e, g, s, gina)).Get("error_code"); got != "identity_already_exists" {
				t.Fatalf("linking a linked Google account: %q", got)
			}
		}
		if n := e.Count(`SELECT COUNT(*) FROM identities WHERE provider = 'google'`); n != 1 {
			t.Fatalf("%d Google identities", n)
		}
		// Without a session there is nothing to link to.
		expectError(t, e.Request("GET", "/auth/v1/user/identities/authorize?provider=google", nil, "",
			map[string]string{"X-Supabase-Api-Version": "2024-01-01"}), 401, "no_authorization")

		// Unlinked: the e-mail stays and cannot go; Google now makes an account of its own.
		e.Request("DELETE", "/auth/v1/user/identities/"+googleID, nil, "", ann.auth()).Expect(t, http.StatusOK)
		expectError(t, e.Request("DELETE", "/auth/v1/user/identities/"+emailID, nil, "", ann.auth()), 422, "single_identity_not_deletable")
		f = fragment(signInWithGoogle(t, e, g, "", &gina))
		if f.Get("access_token") == "" || claimsOf(t, f.Get("access_token")).Subject == ann.User.ID {
			t.Fatalf("Google sign-in after unlinking: %v", f)
		}
		signIn(t, e, "ann@example.com", apitest.Password)
		// That account's only way in is Google, which therefore stays.
		googleOnly := session{AccessToken: f.Get("access_token")}
		var only identityList
		e.Request("GET", "/auth/v1/user", nil, "", googleOnly.auth()).Expect(t, http.StatusOK).Decode(t, &only)
		if len(only.Identities) != 1 || only.Identities[0].Provider != "google" {
			t.Fatalf("Google-only account: %+v", only)
		}
		expectError(t, e.Request("DELETE", "/auth/v1/user/identities/"+only.Identities[0].ID, nil, "", googleOnly.auth()), 422,
			"single_identity_not_deletable")
	})
}
