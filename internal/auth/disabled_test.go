package auth

import (
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// GoTrue's features the shop turns off answer as a GoTrue server with the
// feature off does: its status, code and message, in the shape asked for.
func TestDisabledFeaturesSpeakGoTrue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		session := h.confirmedUser("ann@example.com")
		tests := []struct {
			name, method, path string
			body               any
			signedIn           bool
			status             int
			code, message      string
		}{
			{"phone sign-up", "POST", "/auth/v1/signup", map[string]any{"phone": "+15555550100", "password": password}, false, 400, "phone_provider_disabled", "Phone signups are disabled"},
			{"anonymous sign-in", "POST", "/auth/v1/signup", map[string]any{"data": map[string]any{}, "gotrue_meta_security": map[string]any{}}, false, 422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled"},
			{"anonymous sign-in, no body", "POST", "/auth/v1/signup", nil, false, 422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled"},
			{"phone password sign-in", "POST", "/auth/v1/token?grant_type=password", map[string]any{"phone": "+15555550100", "password": password}, false, 422, "phone_provider_disabled", "Phone logins are disabled"},
			{"SMS code", "POST", "/auth/v1/otp", map[string]any{"phone": "+15555550100"}, false, 400, "phone_provider_disabled", "Unsupported phone provider"},
			{"SMS resend", "POST", "/auth/v1/resend", map[string]any{"type": "sms", "phone": "+15555550100"}, false, 400, "phone_provider_disabled", "Phone logins are disabled"},
			{"Web3 sign-in", "POST", "/auth/v1/token?grant_type=web3", map[string]any{"chain": "ethereum"}, false, 422, "web3_provider_disabled", "Web3 provider is disabled"},
			{"unknown grant", "POST", "/auth/v1/token?grant_type=client_credentials", map[string]any{}, false, 400, "invalid_credentials", "unsupported_grant_type"},
			{"SSO", "POST", "/auth/v1/sso", map[string]any{"domain": "example.com"}, false, 404, "saml_provider_disabled", "SAML 2.0 is disabled"},
			{"SAML metadata", "GET", "/auth/v1/sso/saml/metadata", nil, false, 404, "saml_provider_disabled", "SAML 2.0 is disabled"},
			{"passkey sign-in", "POST", "/auth/v1/passkeys/authentication/options", map[string]any{}, false, 404, "passkey_disabled", "Passkeys are disabled"},
			{"passkey list", "GET", "/auth/v1/passkeys", nil, true, 404, "passkey_disabled", "Passkeys are disabled"},
			{"identity linking without a session", "GET", "/auth/v1/user/identities/authorize?provider=google", nil, false, 401, "no_authorization", "This endpoint requires a valid Bearer token"},
			{"identity linking", "GET", "/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true", nil, true, 404, "manual_linking_disabled", "Manual linking is disabled"},
			{"identity unlinking", "DELETE", "/auth/v1/user/identities/5b0b6a4e-8d8e-4a43-9a63-0d4bbf3c2f11", nil, true, 404, "manual_linking_disabled", "Manual linking is disabled"},
			{"phone factor", "POST", "/auth/v1/factors", map[string]any{"factor_type": "phone", "phone": "+15555550100"}, true, 422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone"},
			{"WebAuthn factor", "POST", "/auth/v1/factors", map[string]any{"factor_type": "webauthn"}, true, 422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn"},
			// The session is checked before the body is read.
			{"factor without a session, bad body", "POST", "/auth/v1/factors", "{", false, 401, "no_authorization", "This endpoint requires a valid Bearer token"},
			{"factor without a session, phone", "POST", "/auth/v1/factors", map[string]any{"factor_type": "phone"}, false, 401, "no_authorization", "This endpoint requires a valid Bearer token"},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				headers := []string{"X-Supabase-Api-Version", "2024-01-01"}
				if tc.signedIn {
					headers = append(headers, authHeader(session)...)
				}
				r := h.do(tc.method, tc.path, tc.body, headers...)
				if r.status != tc.status || r.str("code") != tc.code || r.str("message") != tc.message {
					t.Fatalf("%d %s, want %d {code %q, message %q}", r.status, r.raw, tc.status, tc.code, tc.message)
				}
				// The legacy shape, for clients that name no API version.
				legacy := h.do(tc.method, tc.path, tc.body, headers[2:]...)
				if legacy.status != tc.status || legacy.str("error_code") != tc.code || legacy.str("msg") != tc.message || legacy.json["code"] != float64(tc.status) {
					t.Fatalf("legacy shape: %d %s", legacy.status, legacy.raw)
				}
			})
		}
	})
}
