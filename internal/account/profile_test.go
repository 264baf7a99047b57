package account_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

// GET /api/profile shows every field of spec 01 §3; PATCH refuses what is
// not a name, a code or a date, naming the field. A name must show a letter:
// one made only of zero-width characters or Hangul fillers is refused (#26).
func TestProfileFields(t *testing.T) {
	refused := func(name string, body map[string]any, field, message string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "PATCH", URL: "/api/profile", As: "owner", Body: body,
			ExpectedStatus: 400, ExpectedContent: []string{`"` + field + `":"` + message}}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "anonymous is refused", Method: "GET", URL: "/api/profile", ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "every field", Method: "GET", URL: "/api/profile", As: "owner", ExpectedStatus: 200,
			ExpectedContent: []string{`"id":`, `"first_name":"Owner"`, `"last_name":"Test"`, `"country":`, `"language":`, `"email":"owner@example.com"`,
				`"account_status":"Active"`, `"email_verification_status":"Active"`, `"date_of_birth":null`, `"made_purchase":false`,
				`"role":"user"`, `"last_login_date":"`, `"created_at":"`, `"updated_at":"`}},
		refused("a name of zero-width characters", map[string]any{"first_name": "\u200b\u200d"}, "first_name", "Must contain a letter"),
		refused("a name of a Hangul filler", map[string]any{"last_name": " \u3164 "}, "last_name", "Must contain a letter"),
		refused("a long name", map[string]any{"first_name": strings.Repeat("a", 101)}, "first_name", "Must be at most 100 characters"),
		refused("a line break in a name", map[string]any{"last_name": "Lee\nSmith"}, "last_name", "Must not contain control characters"),
		refused("not a date", map[string]any{"date_of_birth": "01/02/2010"}, "date_of_birth", "Use the format YYYY-MM-DD"),
		refused("a language name", map[string]any{"language": "French"}, "language", "Use an ISO 639 language code"),
		refused("the wrong type", map[string]any{"country": 5}, "country", "Wrong type"),
		{Name: "a name with an accent and an emoji is a name", Method: "PATCH", URL: "/api/profile", As: "owner",
			Body: map[string]any{"first_name": "Zoë 🐯"}, ExpectedStatus: 200, ExpectedContent: []string{`"first_name":"Zoë 🐯"`}},
		{Name: "an empty name clears it", Method: "PATCH", URL: "/api/profile", As: "owner",
			Body: map[string]any{"last_name": " "}, ExpectedStatus: 200, ExpectedContent: []string{`"last_name":""`}},
	})
}
