package server_test

import (
	"testing"

	"bookshop/internal/apitest"
)

// GET /api/settings is the web app's one source for the support address and
// the providers this deployment has, all read from the configuration.
func TestSettings(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "nothing configured", Method: "GET", URL: "/api/settings", ExpectedStatus: 200,
			Config:             map[string]string{"PAYPAL_CLIENT_ID": "", "PAYPAL_CLIENT_SECRET": ""}, // the harness sets a fake PayPal
			ExpectedContent:    []string{`"supportEmail":"hello@sisoandfriends.test"`, `"google":{"enabled":false}`, `"paypal":{"enabled":false}`},
			NotExpectedContent: []string{`clientId`, `sdkUrl`}},
		{Name: "support, Google and PayPal configured", Method: "GET", URL: "/api/settings",
			Config: map[string]string{"SUPPORT_EMAIL": "help@shop.example", "GOOGLE_CLIENT_ID": "google-id", "GOOGLE_CLIENT_SECRET": "google-secret",
				"PAYPAL_CLIENT_ID": "paypal-id", "PAYPAL_CLIENT_SECRET": "paypal-secret",
				"PAYPAL_SDK_URL": "https://paypal.test/sdk/js"},
			ExpectedStatus: 200,
			ExpectedContent: []string{`"supportEmail":"help@shop.example"`, `"google":{"enabled":true}`,
				`"paypal":{"enabled":true,"clientId":"paypal-id","sdkUrl":"https://paypal.test/sdk/js"}`},
			// Secrets stay on the server.
			NotExpectedContent: []string{"google-secret", "paypal-secret", "google-id"}},
		{Name: "every page carries them, so the footer's address needs no request", Method: "GET", URL: "/contact",
			Config:          map[string]string{"SUPPORT_EMAIL": "help@shop.example"},
			ExpectedStatus:  200,
			ExpectedContent: []string{`<script id="app-data" type="application/json">`, `"/api/settings":{"supportEmail":"help@shop.example"`}},
		{Name: "the settings are read-only", Method: "PUT", URL: "/api/settings", Body: `{}`, ExpectedStatus: 405, ExpectedContent: []string{`"code":"method_not_allowed"`}},
	})
}
