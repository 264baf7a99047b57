package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// adminRoute is one back-office route, the permission it needs ("" for
// any staff member) and what its response holds when allowed (%s is the
// caller's role).
type adminRoute struct {
	method, url string
	body        any
	perm        auth.Permission
	allowed     string
}

var adminRoutes = []adminRoute{
	{"GET", "/api/admin/me", nil, "", `"email":"staff@example.com","permissions":[`},
	{"GET", "/api/admin/audit", nil, auth.PermAudit, `{"entries":[],"nextCursor":null}`},
	{"GET", "/api/admin/backups", nil, auth.PermBackups, `"backups":[]`},
	{"GET", "/api/admin/newsletter/subscribers", nil, auth.PermNewsletter, `"subscribers":[]`},
	{"GET", "/api/admin/campaigns", nil, auth.PermCampaigns, `"campaigns":[]`},
	{"POST", "/api/admin/campaigns/preview", map[string]any{"subject": "Hi", "markdown": "Hello"}, auth.PermCampaigns, `"subject":"Hi"`},
	{"GET", "/api/admin/staff", nil, auth.PermStaff, `"email":"staff@example.com","name":"Staff Test","role":"%s"`},
	{"PUT", "/api/admin/staff", map[string]any{"email": "customer@example.com", "role": "support"}, auth.PermStaff,
		`"email":"customer@example.com","name":"Customer Test","role":"support"`},
}

// TestAdminRoutesCheckTheRole runs every back-office route as anonymous, a
// customer, each staff role at aal2, and staff at aal1 (with and without a
// factor), expecting exactly what the role table allows.
func TestAdminRoutesCheckTheRole(t *testing.T) {
	var scenarios []apitest.Scenario
	for _, rt := range adminRoutes {
		name := rt.method + " " + rt.url
		// Every route's body names the customer, who exists in each scenario.
		withCustomer := func(t *testing.T, e *apitest.Env) { e.User("customer") }
		scenarios = append(scenarios,
			apitest.Scenario{Name: name + " anonymous", Method: rt.method, URL: rt.url, Body: rt.body,
				ExpectedStatus: 401, ExpectedContent: []string{`"code":"unauthorized"`, "No user logged in"}},
			apitest.Scenario{Name: name + " customer", Method: rt.method, URL: rt.url, Body: rt.body, As: "customer",
				ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`, "Access Denied"}},
			apitest.Scenario{Name: name + " owner without two-step sign-in", Method: rt.method, URL: rt.url, Body: rt.body, As: "boss",
				BeforeTest:     func(t *testing.T, e *apitest.Env) { withCustomer(t, e); e.Grant("boss", auth.RoleOwner) },
				ExpectedStatus: 403, ExpectedContent: []string{`"code":"insufficient_aal"`, "The back office needs two-step sign-in. Turn it on in your profile (Two-step sign-in), then sign in again with your code."},
				AfterTest: unchanged},
			firstStepOnly(apitest.Scenario{Name: name + " owner at the first step", Method: rt.method, URL: rt.url, Body: rt.body,
				ExpectedStatus: 403, ExpectedContent: []string{`"code":"insufficient_aal"`, "Please finish signing in: enter the 6-digit code from your authenticator app first."},
				AfterTest: unchanged}),
		)
		for _, role := range auth.StaffRoles {
			s := apitest.Scenario{Name: fmt.Sprintf("%s %s", name, role), Method: rt.method, URL: rt.url, Body: rt.body, As: "staff",
				BeforeTest: func(t *testing.T, e *apitest.Env) { withCustomer(t, e); e.Staff("staff", role) }}
			if rt.perm == "" || role.Can(rt.perm) {
				s.ExpectedStatus = http.StatusOK
				s.ExpectedContent = []string{strings.ReplaceAll(rt.allowed, "%s", string(role))}
			} else {
				s.ExpectedStatus = http.StatusForbidden
				s.ExpectedContent = []string{`"code":"forbidden"`, "Your role does not allow this."}
				s.AfterTest = unchanged
			}
			scenarios = append(scenarios, s)
		}
	}
	apitest.Run(t, scenarios)
}

// firstStepOnly sends s as an owner who has two-step sign-in on but signed
// in again with the password only.
func firstStepOnly(s apitest.Scenario) apitest.Scenario {
	headers := map[string]string{}
	s.Headers = headers
	s.BeforeTest = func(t *testing.T, e *apitest.Env) {
		e.User("customer")
		e.Staff("boss", auth.RoleOwner)
		r := e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "boss@example.com", "password": apitest.Password}, "")
		headers["Authorization"] = "Bearer " + r.Expect(t, 200).JSON(t)["access_token"].(string)
	}
	return s
}

// unchanged checks that a refused request left the customer a customer and
// wrote no audit entry.
func unchanged(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	if n := e.Count(`SELECT COUNT(*) FROM audit_log`); n != 0 {
		t.Errorf("%d audit entries after a refused request", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM profiles WHERE email = 'customer@example.com' AND role = 'user'`); n != 1 {
		t.Error("a refused request changed the customer's role")
	}
}

// TestTheBackOfficeRefusesOutsidersBeforeItsRoutes sends creating back-office
// requests with an Idempotency-Key, and a path no route has, as people who
// are not staff at two-step: each is refused before any route runs (a
// path without a route too), with no key left claimed.
func TestTheBackOfficeRefusesOutsidersBeforeItsRoutes(t *testing.T) {
	keyed := map[string]string{"Idempotency-Key": "outsider-1", "Content-Type": "image/png"}
	noKeyClaimed := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := e.Count(`SELECT COUNT(*) FROM idempotency_keys`); n != 0 {
			t.Errorf("%d Idempotency-Keys claimed by a refused request", n)
		}
	}
	upload := strings.Repeat("x", 4096)
	apitest.Run(t, []apitest.Scenario{
		{Name: "anonymous cover upload", Method: "POST", URL: "/api/admin/covers", Body: upload, Headers: keyed,
			ExpectedStatus: 401, ExpectedContent: []string{"No user logged in"}, AfterTest: noKeyClaimed},
		{Name: "customer cover upload", Method: "POST", URL: "/api/admin/covers", Body: upload, Headers: keyed, As: "customer",
			ExpectedStatus: 403, ExpectedContent: []string{"Access Denied"}, AfterTest: noKeyClaimed},
		{Name: "customer new book", Method: "POST", URL: "/api/admin/books", Body: map[string]any{"title": "X"}, Headers: map[string]string{"Idempotency-Key": "outsider-2"}, As: "customer",
			ExpectedStatus: 403, ExpectedContent: []string{"Access Denied"}, AfterTest: noKeyClaimed},
		{Name: "owner without two-step sign-in", Method: "POST", URL: "/api/admin/books", Body: map[string]any{"title": "X"}, Headers: map[string]string{"Idempotency-Key": "outsider-3"}, As: "boss",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Grant("boss", auth.RoleOwner) },
			ExpectedStatus: 403, ExpectedContent: []string{`"code":"insufficient_aal"`}, AfterTest: noKeyClaimed},
		{Name: "customer on a path no route has", Method: "GET", URL: "/api/admin/nothing-here", As: "customer",
			ExpectedStatus: 403, ExpectedContent: []string{"Access Denied"}},
	})
}
