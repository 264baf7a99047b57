package newsletter_test

import (
	"context"
	"testing"

	"bookshop/internal/apitest"
)

const url = "/api/newsletter"

func TestSubscribe(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "anonymous sign-up", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`,
			ExpectedStatus: 200, ExpectedContent: []string{`{"email":"reader@example.com","subscribed":true}`}},
		{Name: "a repeat in other case and spaces is the same row, and a signed-in repeat records the user", Method: "POST", URL: url,
			Body: `{"email":"  Reader@Example.com "}`, As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Do("POST", url, `{"email":"reader@example.com"}`, "").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`{"email":"reader@example.com","subscribed":true}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				// An anonymous repeat keeps the user.
				e.Do("POST", url, `{"email":"reader@example.com"}`, "").Expect(t, 200)
				var n int
				var user string
				var subscribed bool
				if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*), MAX(user_id), MAX(CASE WHEN subscribed THEN 1 ELSE 0 END) = 1 FROM newsletter`).Scan(&n, &user, &subscribed); err != nil {
					t.Fatal(err)
				}
				if n != 1 || user != e.User("owner").ID || !subscribed {
					t.Errorf("rows %d, user %q, subscribed %v; want one subscribed row of the owner", n, user, subscribed)
				}
			}},
		{Name: "empty e-mail", Method: "POST", URL: url, Body: `{"email":""}`, ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"email":"Email is required"}`}},
		{Name: "no e-mail field", Method: "POST", URL: url, Body: `{}`, ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"email":"Email is required"}`}},
		{Name: "not an e-mail", Method: "POST", URL: url, Body: `{"email":"not-an-email"}`, ExpectedStatus: 400, ExpectedContent: []string{`"fields":{"email":"Invalid email address"}`}},
		{Name: "display-name form", Method: "POST", URL: url, Body: `{"email":"Bob <bob@example.com>"}`, ExpectedStatus: 400, ExpectedContent: []string{`"Invalid email address"`}},
		{Name: "no dot in domain", Method: "POST", URL: url, Body: `{"email":"bob@localhost"}`, ExpectedStatus: 400, ExpectedContent: []string{`"Invalid email address"`}},
		{Name: "wrong type", Method: "POST", URL: url, Body: `{"email":42}`, ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "not JSON", Method: "POST", URL: url, Body: `email=x`, ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "over the rate limit", Method: "POST", URL: url, Body: `{"email":"reader@example.com"}`, Config: map[string]string{"RATE_LIMIT_PER_MINUTE": "2"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				for range 2 {
					e.Do("POST", url, `{"email":"reader@example.com"}`, "").Expect(t, 200)
				}
			},
			ExpectedStatus: 429, ExpectedContent: []string{`"code":"too_many_requests"`, `"Too many sign-ups. Please wait a minute and try again."`},
			ExpectedHeaders: map[string]string{"Retry-After": "60"}},
	})
}
