package server_test

import (
	"testing"

	"bookshop/internal/apitest"
)

// A path that is not UTF-8 text reaches no handler and no database: on
// PostgreSQL it would be refused with an error of its own (a 500).
func TestPathsThatAreNotTextAreRefused(t *testing.T) {
	notText := `"fields":{"path":"Must be UTF-8 text"}`
	apitest.Run(t, []apitest.Scenario{
		{Name: "an order", Method: "GET", URL: "/api/orders/%FF%FE", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`, notText}},
		{Name: "a kid", Method: "PATCH", URL: "/api/kids/%C0%AF", As: "owner", Body: `{"name":"Maya"}`,
			ExpectedStatus: 400, ExpectedContent: []string{notText}},
		{Name: "a dream", Method: "DELETE", URL: "/api/dreams/%FF", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{notText}},
		{Name: "a book", Method: "GET", URL: "/api/books/%FF",
			ExpectedStatus: 400, ExpectedContent: []string{notText}},
		{Name: "a page", Method: "GET", URL: "/categories/%FF",
			ExpectedStatus: 400, ExpectedContent: []string{notText}},
		{Name: "a query", Method: "GET", URL: "/auth/v1/verification-status?user_id=%FF",
			ExpectedStatus: 400, ExpectedContent: []string{`"error_code":"validation_failed","msg":"The address of the request is not valid text."`}},
		{Name: "under /auth/v1 in GoTrue's shape", Method: "POST", URL: "/auth/v1/factors/%FF/verify", As: "owner", Body: `{}`,
			ExpectedStatus: 400, ExpectedContent: []string{`"code":400,"error_code":"validation_failed"`}},
		{Name: "text that is UTF-8 still reaches its route", Method: "GET", URL: "/api/orders/%E2%9C%93", As: "owner",
			ExpectedStatus: 404, ExpectedContent: []string{`"message":"Order not found"`}},
	})
}
