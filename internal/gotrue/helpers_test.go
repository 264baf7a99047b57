package gotrue_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"bookshop/internal/apitest"
)

// The HTTP tests of the account service run against the whole server
// (internal/apitest) on SQLite and PostgreSQL. These helpers are the steps
// that many of them share.

var (
	mailedLink = regexp.MustCompile(regexp.QuoteMeta(apitest.SiteURL) + `/auth/v1/verify\?\S+`)
	mailedCode = regexp.MustCompile(`code: (\d{6})`)
)

// mailed returns the verify link (as a path for the test server) and the
// 6-digit code of the newest e-mail to addr.
func mailed(t *testing.T, e *apitest.Env, addr string) (link, code string) {
	t.Helper()
	text := e.LastMail(addr)
	if text == "" {
		t.Fatalf("no e-mail to %s", addr)
	}
	if m := mailedCode.FindStringSubmatch(text); m != nil {
		code = m[1]
	}
	return strings.TrimPrefix(mailedLink.FindString(text), apitest.SiteURL), code
}

// signUp asks for an account with the tests' password.
func signUp(e *apitest.Env, email string) *apitest.Response {
	return signUpWith(e, email, nil)
}

// signUpWith is signUp with more fields in the body (PKCE parameters).
func signUpWith(e *apitest.Env, email string, extra map[string]any) *apitest.Response {
	body := map[string]any{"email": email, "password": apitest.Password,
		"data": map[string]any{"first_name": "Ann", "last_name": "Lee"}}
	for k, v := range extra {
		body[k] = v
	}
	return e.Do("POST", "/auth/v1/signup", body, "")
}

// session is the part of a session response the tests use.
type session struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	User         struct {
		ID    string `json:"id"`
		Email string `json:"email"`
	} `json:"user"`
}

// auth is the Authorization header of the session.
func (s session) auth() map[string]string {
	return map[string]string{"Authorization": "Bearer " + s.AccessToken}
}

// signIn signs in with a password; the response must be a session.
func signIn(t *testing.T, e *apitest.Env, email, password string) session {
	t.Helper()
	r := e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": email, "password": password}, "")
	r.Expect(t, http.StatusOK)
	var s session
	r.Decode(t, &s)
	return s
}

// confirmedUser signs up, opens the confirmation link and signs in.
func confirmedUser(t *testing.T, e *apitest.Env, email string) session {
	t.Helper()
	signUp(e, email).Expect(t, http.StatusOK)
	link, _ := mailed(t, e, email)
	if r := e.Do("GET", link, nil, ""); r.Status != http.StatusSeeOther {
		t.Fatalf("confirmation link: %d %s", r.Status, r.Body)
	}
	return signIn(t, e, email, apitest.Password)
}

// errorCode is the GoTrue error code of a response in either shape.
func errorCode(t *testing.T, r *apitest.Response) string {
	t.Helper()
	var body struct {
		ErrorCode string `json:"error_code"`
		Code      any    `json:"code"`
	}
	r.Decode(t, &body)
	if c, ok := body.Code.(string); ok {
		return c
	}
	return body.ErrorCode
}

// expectError fails unless r has the status and GoTrue error code.
func expectError(t *testing.T, r *apitest.Response, status int, code string) {
	t.Helper()
	r.Expect(t, status)
	if got := errorCode(t, r); got != code {
		t.Fatalf("error code %q, want %q: %s", got, code, r.Body)
	}
}

// follow opens a link of the test server, which must redirect (303), and
// returns where to.
func follow(t *testing.T, e *apitest.Env, path string) *url.URL {
	t.Helper()
	r := e.Do("GET", path, nil, "")
	if r.Status != http.StatusSeeOther {
		t.Fatalf("GET %s: status %d, want 303: %s", path, r.Status, r.Body)
	}
	u, err := url.Parse(r.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// fragment is the query in a redirect's fragment, where GoTrue puts the
// session or the error of an implicit flow.
func fragment(u *url.URL) url.Values {
	v, _ := url.ParseQuery(u.Fragment)
	return v
}

// s256 is PKCE's S256 challenge of a verifier.
func s256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// claims are the access token's claims the tests read.
type claims struct {
	jwt.RegisteredClaims
	Email     string `json:"email"`
	Role      string `json:"role"`
	AAL       string `json:"aal"`
	SessionID string `json:"session_id"`
	AMR       []struct {
		Method string `json:"method"`
	} `json:"amr"`
}

// claimsOf reads an access token's claims without checking its signature:
// the server checks that, and the tests ask what it issued.
func claimsOf(t *testing.T, token string) claims {
	t.Helper()
	var c claims
	if _, _, err := jwt.NewParser().ParseUnverified(token, &c); err != nil {
		t.Fatalf("access token %q: %v", token, err)
	}
	return c
}

// field is a top-level string of a JSON response.
func field(t *testing.T, r *apitest.Response, key string) string {
	t.Helper()
	s, _ := r.JSON(t)[key].(string)
	return s
}
