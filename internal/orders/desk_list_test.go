package orders_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// TestDeskListRepeatedStatus: a status filter that names one status many
// times (more than the database's limit of SQL variables) is read as that
// status once, not a 500.
func TestDeskListRepeatedStatus(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "paid 70,000 times", Method: "GET",
		URL: "/api/admin/orders?status=" + strings.Repeat("paid,", 70_000) + "fulfilled", As: "manager",
		BeforeTest: func(t *testing.T, e *apitest.Env) {
			e.Staff("manager", auth.RoleManager)
			demoOrder(t, e, "buyer")
		},
		ExpectedStatus: 200, ExpectedContent: []string{`"total":1`, `"status":"paid"`}}})
}
