package gotrue_test

import (
	"fmt"
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

// GoTrue's features the shop turns off respond as a GoTrue server with the
// feature off does: its status, code and message, in the shape asked for.
func TestDisabledFeaturesSpeakGoTrue(t *testing.T) {
	var scenarios []apitest.Scenario
	for _, tc := range []struct {
		name, method, url string
		body              any
		as                string
		status            int
		code, message     string
	}{
		{"phone sign-up", "POST", "/auth/v1/signup", map[string]any{"phone": "+15555550100", "password": apitest.Password}, "", 400, "phone_provider_disabled", "Phone signups are disabled"},
		{"anonymous sign-in", "POST", "/auth/v1/signup", map[string]any{"data": map[string]any{}, "gotrue_meta_security": map[string]any{}}, "", 422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled"},
		{"phone password sign-in", "POST", "/auth/v1/token?grant_type=password", map[string]any{"phone": "+15555550100", "password": apitest.Password}, "", 422, "phone_provider_disabled", "Phone logins are disabled"},
		{"SMS code", "POST", "/auth/v1/otp", map[string]any{"phone": "+15555550100"}, "", 400, "phone_provider_disabled", "Unsupported phone provider"},
		{"SMS resend", "POST", "/auth/v1/resend", map[string]any{"type": "sms", "phone": "+15555550100"}, "", 400, "phone_provider_disabled", "Phone logins are disabled"},
		{"SMS code verified", "POST", "/auth/v1/verify", map[string]any{"type": "sms", "phone": "+1 555 555 0100", "token": "123456"}, "", 403, "otp_expired", "Token has expired or is invalid"},
		{"phone change verified", "POST", "/auth/v1/verify", map[string]any{"type": "phone_change", "phone": "15555550100", "token": "123456"}, "", 403, "otp_expired", "Token has expired or is invalid"},
		{"SMS code of no number", "POST", "/auth/v1/verify", map[string]any{"type": "sms", "phone": "1555-invalid", "token": "123456"}, "", 400, "validation_failed", "Invalid phone number format (E.164 required)"},
		{"Web3 sign-in", "POST", "/auth/v1/token?grant_type=web3", map[string]any{"chain": "ethereum"}, "", 422, "web3_provider_disabled", "Web3 provider is disabled"},
		{"unknown grant", "POST", "/auth/v1/token?grant_type=client_credentials", map[string]any{}, "", 400, "invalid_credentials", "unsupported_grant_type"},
		{"SSO", "POST", "/auth/v1/sso", map[string]any{"domain": "example.com"}, "", 404, "saml_provider_disabled", "SAML 2.0 is disabled"},
		{"SAML metadata", "GET", "/auth/v1/sso/saml/metadata", nil, "", 404, "saml_provider_disabled", "SAML 2.0 is disabled"},
		// Passkeys are on when SITE_URL has a host name (passkeys_test.go).
		{"passkey sign-in, SITE_URL an IP address", "POST", "/auth/v1/passkeys/authentication/options", map[string]any{}, "", 404, "passkey_disabled", "Passkeys are disabled"},
		{"identity linking without a session", "GET", "/auth/v1/user/identities/authorize?provider=google", nil, "", 401, "no_authorization", "This endpoint requires a valid Bearer token"},
		{"phone factor", "POST", "/auth/v1/factors", map[string]any{"factor_type": "phone", "phone": "+15555550100"}, "owner", 422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone"},
		// The session is checked before the body is read.
		{"factor without a session, bad body", "POST", "/auth/v1/factors", "{", "", 401, "no_authorization", "This endpoint requires a valid Bearer token"},
		{"factor without a session, phone", "POST", "/auth/v1/factors", map[string]any{"factor_type": "phone"}, "", 401, "no_authorization", "This endpoint requires a valid Bearer token"},
	} {
		var settings map[string]string
		if strings.Contains(tc.url, "/passkeys/") {
			// No relying party id: a browser takes none from an IP address other than loopback.
			settings = map[string]string{"SITE_URL": "http://192.0.2.10"}
		}
		scenarios = append(scenarios, apitest.Scenario{Name: tc.name, Method: tc.method, URL: tc.url, Body: tc.body, As: tc.as, Config: settings,
			Headers:         map[string]string{"X-Supabase-Api-Version": "2024-01-01"},
			ExpectedStatus:  tc.status,
			ExpectedContent: []string{fmt.Sprintf(`{"code":%q,"message":%q}`, tc.code, tc.message)},
			// The legacy shape, for clients that name no API version.
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				legacy := e.Do(tc.method, tc.url, tc.body, tc.as)
				want := fmt.Sprintf(`{"code":%d,"error_code":%q,"msg":%q}`, tc.status, tc.code, tc.message)
				if legacy.Status != tc.status || !strings.Contains(legacy.Body, want) {
					t.Fatalf("legacy shape: %d %s, want %s", legacy.Status, legacy.Body, want)
				}
			}})
	}
	apitest.Run(t, scenarios)
}
