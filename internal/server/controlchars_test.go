package server_test

import (
	"testing"

	"bookshop/internal/apitest"
)

// Text with a NUL byte reaches no store: PostgreSQL would refuse it with
// SQLSTATE 22021 (a 500); every route responds with a clear 400 instead.
func TestControlCharactersAreRefused(t *testing.T) {
	msg := `"Text must not contain control characters."`
	apitest.Run(t, []apitest.Scenario{
		{Name: "profile", Method: "PATCH", URL: "/api/profile", As: "owner", Body: `{"first_name":"Ann\u0000"}`,
			ExpectedStatus: 400, ExpectedContent: []string{msg, `"first_name":"Must not contain control characters"`}},
		{Name: "contact message", Method: "POST", URL: "/functions/v1/send-contact-email",
			Body:           `{"name":"Maya","email":"maya@example.com","subject":"Hi","message":"Hello\u0000"}`,
			ExpectedStatus: 400, ExpectedContent: []string{`{"success":false,"error":"Text must not contain control characters."}`}},
		{Name: "newsletter", Method: "POST", URL: "/api/newsletter", Body: `{"email":"kid@example.com\u0000"}`,
			ExpectedStatus: 400, ExpectedContent: []string{msg}},
	})
}
