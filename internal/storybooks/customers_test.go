package storybooks_test

import (
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// pat is a customer whose id is Vars["pat"], looked at by "sue" of the role.
func patAnd(role auth.Role) func(*testing.T, *apitest.Env) {
	return func(t *testing.T, e *apitest.Env) {
		e.Vars["pat"] = e.User("pat").ID
		e.Staff("sue", role)
	}
}

func TestCustomerStorybooks(t *testing.T) {
	const url = "/api/admin/customers/{pat}/storybooks"
	shippedRow := `{"id":1,"title":"Our First Adventure","bookTitle":"Our First Adventure","entitled":`
	apitest.Run(t, []apitest.Scenario{
		{Name: "anonymous", Method: "GET", URL: "/api/admin/customers/x/storybooks", ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "a customer", Method: "GET", URL: "/api/admin/customers/x/storybooks", As: "pat", BeforeTest: func(t *testing.T, e *apitest.Env) { e.User("pat") },
			ExpectedStatus: 403, ExpectedContent: []string{`"Access Denied"`}},
		{Name: "an editor gives editions but does not read customers", Method: "GET", URL: url, As: "sue", BeforeTest: patAnd(auth.RoleEditor),
			ExpectedStatus: 403, ExpectedContent: []string{`"Your role does not allow this."`}},
		{Name: "support: a family without the edition", Method: "GET", URL: url, As: "sue", BeforeTest: patAnd(auth.RoleSupport),
			ExpectedStatus: 200, ExpectedContent: []string{`{"storybooks":[` + shippedRow + `false}]}`},
			ExpectedHeaders: map[string]string{"Cache-Control": "no-store"}},
		{Name: "support: after giving it from the customer's page, audited", Method: "GET", URL: url, As: "sue",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				patAnd(auth.RoleSupport)(t, e)
				e.Do("POST", grantPath, map[string]any{"email": "pat@example.com"}, "sue").Expect(t, 201)
			},
			ExpectedStatus: 200, ExpectedContent: []string{shippedRow + `true,"source":"grant","since":"2026-06-01T12:00:00Z"}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'storybook.grant' AND entity_id = '1'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}},
		{Name: "a draft is not listed", Method: "GET", URL: url, As: "sue",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				patAnd(auth.RoleSupport)(t, e)
				e.Staff("ed", auth.RoleEditor)
				e.Do("POST", "/api/admin/storybooks", map[string]any{"bookId": 1}, "ed").Expect(t, 201)
			},
			ExpectedStatus: 200, NotExpectedContent: []string{`"Siso and the Stripe`}},
		{Name: "an unknown customer", Method: "GET", URL: "/api/admin/customers/00000000-0000-0000-0000-000000000000/storybooks", As: "sue",
			BeforeTest: patAnd(auth.RoleSupport), ExpectedStatus: 404, ExpectedContent: []string{`"Customer not found"`}},
	})
}
