package gotrue_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// Every /api/admin/customers route decides on the server who may use it:
// anonymous 401, a customer 403, staff at aal1 403, and each role as
// internal/auth/roles.go says.
func TestCustomerRoutesByRole(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		cleo := e.User("cleo")
		e.User("customer")
		for _, r := range []auth.Role{auth.RoleOwner, auth.RoleManager, auth.RoleEditor, auth.RoleSupport} {
			e.Staff(string(r), r)
		}
		e.Grant("halfsigned", auth.RoleOwner)
		id := "/api/admin/customers/" + cleo.ID
		routes := []struct {
			method, url string
			body        any
			allowed     string // roles that may; others get 403
			status      int    // of those that may
		}{
			{"GET", "/api/admin/customers?q=cleo", nil, "owner manager support", 200},
			{"GET", id, nil, "owner manager support", 200},
			{"POST", id + "/password-reset", nil, "owner manager support", 204},
			{"POST", id + "/resend-confirmation", nil, "owner manager support", 409}, // Cleo is confirmed
			{"POST", id + "/sign-out", nil, "owner support", 204},
			{"POST", id + "/reset-factors", map[string]any{"identity_check": "Called back on the phone number of her orders"}, "owner support", 409}, // no factors
			{"PUT", id + "/ban", map[string]any{"banned": false}, "owner support", 204},
		}
		for _, rt := range routes {
			e.Do(rt.method, rt.url, rt.body, "").Expect(t, http.StatusUnauthorized)
			e.Do(rt.method, rt.url, rt.body, "customer").Expect(t, http.StatusForbidden)
			if r := e.Do(rt.method, rt.url, rt.body, "halfsigned"); r.Status != http.StatusForbidden || !strings.Contains(r.Body, "insufficient_aal") {
				t.Errorf("%s %s by aal1 staff: %d %s", rt.method, rt.url, r.Status, r.Body)
			}
			for _, role := range []string{"owner", "manager", "editor", "support"} {
				want := http.StatusForbidden
				if strings.Contains(rt.allowed, role) {
					want = rt.status
				}
				if strings.HasSuffix(rt.url, "/password-reset") {
					e.Clock.Advance(time.Minute + time.Second) // past the e-mail's cooldown
				}
				if r := e.Do(rt.method, rt.url, rt.body, role); r.Status != want {
					t.Errorf("%s %s by %s: %d, want %d: %s", rt.method, rt.url, role, r.Status, want, r.Body)
				}
			}
		}
		// The deletion last: editor and manager may not; support may.
		for _, role := range []string{"", "customer", "halfsigned", "editor", "manager"} {
			if r := e.Do("DELETE", id, nil, role); r.Status < 400 {
				t.Fatalf("DELETE by %q: %d", role, r.Status)
			}
		}
		e.Do("DELETE", id, nil, "support").Expect(t, http.StatusNoContent)
		e.Do("GET", id, nil, "support").Expect(t, http.StatusNotFound)
		// A staff account is not helped here, even by the owner.
		e.Do("POST", "/api/admin/customers/"+e.User("support").ID+"/sign-out", nil, "owner").Expect(t, http.StatusConflict)
		e.Do("DELETE", "/api/admin/customers/"+e.User("owner").ID, nil, "support").Expect(t, http.StatusConflict)
	})
}

// A customer's page, and support removing the two-step factors of a parent
// who lost their phone: the identity check is in the audit log.
func TestSupportHelpsACustomer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		support := e.Staff("sue", auth.RoleSupport)
		cleo := e.Staff("cleo", auth.RoleUser) // a customer with a TOTP factor and an aal2 session
		e.AddKid("cleo", "Maya", "2019-04")

		found := e.Do("GET", "/api/admin/customers?q=CLEO", nil, "sue").Expect(t, http.StatusOK)
		if !strings.Contains(found.Body, `"email":"cleo@example.com"`) || strings.Contains(found.Body, "sue@example.com") {
			t.Fatalf("search: %s", found.Body)
		}
		page := e.Do("GET", "/api/admin/customers/"+cleo.ID, nil, "sue").Expect(t, http.StatusOK)
		for _, want := range []string{`"children_count":1`, `"factor_type":"totp"`, `"sessions":[{`, `"sign_ins":[{`, `"orders":[]`, `"providers":["email"]`} {
			if !strings.Contains(page.Body, want) {
				t.Errorf("page lacks %s: %s", want, page.Body)
			}
		}
		// The birth year as a JSON value, not the digits: an id may hold them.
		for _, secret := range []string{"Maya", "2019-04", `"2019"`, ":2019,", ":2019}"} {
			if strings.Contains(page.Body, secret) {
				t.Errorf("page shows the child's %s: %s", secret, page.Body)
			}
		}

		url := "/api/admin/customers/" + cleo.ID + "/reset-factors"
		e.Do("POST", url, map[string]any{"identity_check": "short"}, "sue").Expect(t, http.StatusBadRequest)
		e.Do("POST", url, "{", "sue").Expect(t, http.StatusBadRequest)
		e.Do("POST", url, map[string]any{"identity_check": "Video call; she showed the order confirmation SF-1001"}, "sue").Expect(t, http.StatusNoContent)
		if n := e.Count(`SELECT COUNT(*) FROM mfa_factors WHERE user_id = ?`, cleo.ID); n != 0 {
			t.Fatalf("%d factors left", n)
		}
		if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'customer.reset_factors' AND actor_id = ? AND entity_id = ?
			AND after_json LIKE '%SF-1001%'`, support.ID, cleo.ID); n != 1 {
			t.Fatalf("%d audit entries with the identity check", n)
		}
		// Cleo signs in with her password alone again.
		signInFrom(t, e, "cleo@example.com", "")

		// Ban: signed out at once, sign-in refused; unban lets her back.
		ban := "/api/admin/customers/" + cleo.ID + "/ban"
		e.Do("PUT", ban, map[string]any{}, "sue").Expect(t, http.StatusBadRequest)
		e.Do("PUT", ban, map[string]any{"banned": true}, "sue").Expect(t, http.StatusNoContent)
		e.Do("GET", "/api/profile", nil, "cleo").Expect(t, http.StatusUnauthorized)
		expectError(t, e.Request("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "cleo@example.com", "password": apitest.Password}, "",
			map[string]string{"X-Supabase-Api-Version": "2024-01-01"}), 400, "user_banned")
		if !strings.Contains(e.Do("GET", "/api/admin/customers?q=cleo", nil, "sue").Expect(t, http.StatusOK).Body, `"banned":true`) {
			t.Error("search does not show the ban")
		}
		e.Do("PUT", ban, map[string]any{"banned": false}, "sue").Expect(t, http.StatusNoContent)
		signInFrom(t, e, "cleo@example.com", "")
		// The password reset goes out; twice at once is a 429, not a second e-mail.
		reset := "/api/admin/customers/" + cleo.ID + "/password-reset"
		e.Do("POST", reset, nil, "sue").Expect(t, http.StatusNoContent)
		if !strings.Contains(e.LastMail("cleo@example.com"), "Choose a new password") {
			t.Error("no reset e-mail")
		}
		e.Do("POST", reset, nil, "sue").Expect(t, http.StatusTooManyRequests)
		for _, action := range []string{"customer.ban", "customer.unban", "customer.password_reset"} {
			if e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = ?`, action) != 1 {
				t.Errorf("no audit entry %s", action)
			}
		}
		e.Do("GET", "/api/admin/customers/no-such-id", nil, "sue").Expect(t, http.StatusNotFound)
	})
}
