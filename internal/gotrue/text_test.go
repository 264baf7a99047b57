package gotrue_test

import (
	"net/http"
	"net/url"
	"testing"

	"bookshop/internal/apitest"
)

// Control characters in what /auth/v1 decodes (JSON bodies and query
// strings) are a clear 400 in GoTrue's shape on both databases, never the
// 500 PostgreSQL gives for a NUL (#9).
func TestAuthRefusesControlCharacters(t *testing.T) {
	var scenarios []apitest.Scenario
	for name, c := range map[string]struct {
		url  string
		body map[string]any
	}{
		"token e-mail":   {"/auth/v1/token?grant_type=password", map[string]any{"email": "ann\x00@example.com", "password": apitest.Password}},
		"sign-up e-mail": {"/auth/v1/signup", map[string]any{"email": "bob\x00@example.com", "password": apitest.Password}},
		"sign-up data":   {"/auth/v1/signup", map[string]any{"email": "bob@example.com", "password": apitest.Password, "data": map[string]any{"first_name": "B\x00b"}}},
		"otp e-mail":     {"/auth/v1/otp", map[string]any{"email": "ann@example.com\x07"}},
		"recover e-mail": {"/auth/v1/recover", map[string]any{"email": "ann\x00@example.com"}},
		"verify token":   {"/auth/v1/verify", map[string]any{"type": "email", "email": "ann@example.com", "token": "12\x003456"}},
	} {
		scenarios = append(scenarios, apitest.Scenario{Name: name, Method: "POST", URL: c.url, Body: c.body,
			Headers:         map[string]string{"X-Supabase-Api-Version": "2024-01-01"},
			ExpectedStatus:  http.StatusBadRequest,
			ExpectedContent: []string{`{"code":"validation_failed","message":"Text must not contain control characters."}`}})
	}
	for _, q := range []struct{ name, method, url string }{
		{"verify link token", "GET", "/auth/v1/verify?type=signup&token=" + url.QueryEscape("abc\x00") + "&redirect_to=" + url.QueryEscape(site)},
		{"verification status id", "GET", "/auth/v1/verification-status?user_id=" + url.QueryEscape("\x00")},
		{"magic link redirect_to", "POST", "/auth/v1/otp?redirect_to=" + url.QueryEscape(site+"/\x00")},
	} {
		scenarios = append(scenarios, apitest.Scenario{Name: q.name + " in the query", Method: q.method, URL: q.url,
			Body: map[string]any{"email": "ann@example.com"}, ExpectedStatus: http.StatusBadRequest,
			ExpectedContent: []string{`"error_code":"validation_failed"`}})
	}
	apitest.Run(t, scenarios)
}
