package auth_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

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
	return e.Do("POST", "/auth/v1/signup", map[string]any{"email": email, "password": apitest.Password,
		"data": map[string]any{"first_name": "Ann", "last_name": "Lee"}}, "")
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
