package server_test

import (
	"net/url"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// adminLists are the back office's list routes (internal/server/routes.go).
var adminLists = []string{
	"/api/admin/audit", "/api/admin/customers", "/api/admin/staff", "/api/admin/posts", "/api/admin/storybooks",
	"/api/admin/books", "/api/admin/books/export.csv", "/api/admin/categories", "/api/admin/orders",
	"/api/admin/orders/export.csv", "/api/admin/sales", "/api/admin/discounts", "/api/admin/settings",
}

// listParams are every query parameter those lists read, and one none does.
var listQueryParams = []string{"q", "actor", "kind", "from", "to", "before", "after", "limit", "status", "stock", "sort",
	"category", "categories", "method", "page", "perPage", "bookId", "reader", "ids", "min", "max", "x"}

// Issue 38 item 19 (T4-2): no value of any parameter of a back-office list
// makes the server fail, on either database. NUL and bytes that are not
// UTF-8, which PostgreSQL refuses (a 500 there), are a 400 naming the
// parameter; an over-long value is whatever the list makes of it, but never
// a 5xx.
func TestAdminListsAnswerHostileParametersWithoutFailing(t *testing.T) {
	hostile := map[string]string{
		"NUL": "a\x00b", "invalid UTF-8": "\xff\xfe", "a control character": "\x1b[2J",
		"very long": strings.Repeat("é'%_\\", 4000), "a LIKE pattern": "%_\\", "a quote": "' OR 1=1 --",
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Staff("own", auth.RoleOwner)
		for _, list := range adminLists {
			for _, param := range listQueryParams {
				for name, value := range hostile {
					res := e.Do("GET", list+"?"+param+"="+url.QueryEscape(value), nil, "own")
					if res.Status >= 500 {
						t.Errorf("%s?%s= %s: %d %.300s", list, param, name, res.Status, res.Body)
					}
					textless := name == "NUL" || name == "invalid UTF-8" || name == "a control character"
					if textless && (res.Status != 400 || !strings.Contains(res.Body, `"`+param+`":"Must be text without control characters"`)) {
						t.Errorf("%s?%s= %s: %d %.300s, want a 400 naming %s", list, param, name, res.Status, res.Body, param)
					}
				}
			}
		}
	})
}
