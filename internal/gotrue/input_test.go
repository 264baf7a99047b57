package gotrue_test

import (
	"net/http"
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

// An e-mail address far longer than SMTP allows is refused with 400 by every
// endpoint that takes one, before it reaches a store: PostgreSQL cannot
// index such a value, and it once made the password grant fail with 500
// there (#26).
func TestOverlongEmailAddressesAreRefused(t *testing.T) {
	addresses := map[string]string{
		"2,800 characters":              strings.Repeat("a", 2788) + "@example.com",
		"10,000 characters":             strings.Repeat("b", 9988) + "@example.com",
		"3,000 letters é in the domain": "ann@" + strings.Repeat("é", 3000) + ".com",
	}
	var scenarios []apitest.Scenario
	for name, addr := range addresses {
		requests := []struct {
			what, method, url string
			body              map[string]any
			as                string
		}{
			{"sign-up", "POST", "/auth/v1/signup", map[string]any{"email": addr, "password": apitest.Password}, ""},
			{"password sign-in", "POST", "/auth/v1/token?grant_type=password", map[string]any{"email": addr, "password": apitest.Password}, ""},
			{"magic link", "POST", "/auth/v1/otp", map[string]any{"email": addr}, ""},
			{"recover", "POST", "/auth/v1/recover", map[string]any{"email": addr}, ""},
			{"resend", "POST", "/auth/v1/resend", map[string]any{"type": "signup", "email": addr}, ""},
			{"verify a code", "POST", "/auth/v1/verify", map[string]any{"type": "email", "email": addr, "token": "123456"}, ""},
			{"change of address", "PUT", "/auth/v1/user", map[string]any{"email": addr}, "owner"},
		}
		for _, req := range requests {
			scenarios = append(scenarios, apitest.Scenario{
				Name: req.what + ", " + name, Method: req.method, URL: req.url, Body: req.body, As: req.as,
				ExpectedStatus:  http.StatusBadRequest,
				ExpectedContent: []string{`"error_code":"validation_failed"`},
			})
		}
	}
	apitest.Run(t, scenarios)
}
