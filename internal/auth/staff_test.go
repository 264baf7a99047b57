package auth_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/audit"
	"bookshop/internal/auth"
)

// staffAudit is the audit log's staff.role entries, newest first.
func staffAudit(t *testing.T, e *apitest.Env) []audit.Logged {
	t.Helper()
	page, err := audit.List(context.Background(), e.DB, audit.Filter{Kind: "staff"})
	if err != nil {
		t.Fatal(err)
	}
	return page.Entries
}

func roleOf(t *testing.T, e *apitest.Env, email string) string {
	t.Helper()
	var role string
	if err := e.DB.QueryRowContext(context.Background(), `SELECT role FROM profiles WHERE email = ?`, email).Scan(&role); err != nil {
		t.Fatal(err)
	}
	return role
}

func TestStaffAPI(t *testing.T) {
	asOwner := func(t *testing.T, e *apitest.Env) {
		e.Staff("owner", auth.RoleOwner)
		e.User("pat")
	}
	noChange := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if got := roleOf(t, e, "owner@example.com"); got != "owner" {
			t.Errorf("owner is now %s", got)
		}
		if got := roleOf(t, e, "pat@example.com"); got != "user" {
			t.Errorf("pat is now %s", got)
		}
		if n := len(staffAudit(t, e)); n != 0 {
			t.Errorf("%d audit entries for a refused change", n)
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "me names the role and what it allows", Method: "GET", URL: "/api/admin/me", As: "ed",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) },
			ExpectedStatus: 200, ExpectedContent: []string{`"role":"editor"`, `"email":"ed@example.com"`,
				`"permissions":["catalog","posts","games","audit","storybooks","storybooks.grants"]`},
			ExpectedHeaders: map[string]string{"Cache-Control": "no-store"}},
		{Name: "the staff list has every staff member, owners first, and no customer", Method: "GET", URL: "/api/admin/staff", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asOwner(t, e)
				e.Staff("ann", auth.RoleSupport)
				e.Grant("zed", auth.RoleManager)
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var out struct{ Staff []auth.StaffMember }
				res.Decode(t, &out)
				var got []string
				for _, m := range out.Staff {
					got = append(got, m.Email+"="+string(m.Role))
				}
				want := "owner@example.com=owner zed@example.com=manager ann@example.com=support"
				if strings.Join(got, " ") != want {
					t.Fatalf("staff %v, want %s", got, want)
				}
				if out.Staff[0].Name != "Owner Test" || out.Staff[0].UserID == "" {
					t.Fatalf("first member %+v", out.Staff[0])
				}
			}},
		{Name: "the owner makes a customer an editor, audited", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": " PAT@example.com ", "role": "editor"},
			ExpectedStatus: 200, ExpectedContent: []string{`"email":"pat@example.com"`, `"role":"editor"`, `"name":"Pat Test"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if got := roleOf(t, e, "pat@example.com"); got != "editor" {
					t.Fatalf("pat is %s", got)
				}
				entries := staffAudit(t, e)
				if len(entries) != 1 {
					t.Fatalf("%d entries", len(entries))
				}
				l := entries[0]
				if l.Action != "staff.role" || l.Entity != "user" || l.EntityID != e.User("pat").ID ||
					l.Actor.Email != "owner@example.com" || l.Actor.ID != e.User("owner").ID || !l.At.Equal(e.Clock.Now()) {
					t.Fatalf("entry %+v", l)
				}
				if string(l.Before) != `{"role":"user"}` || string(l.After) != `{"role":"editor"}` {
					t.Fatalf("before %s after %s", l.Before, l.After)
				}
			}},
		{Name: "role user takes the staff role away", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { asOwner(t, e); e.Grant("pat", auth.RoleManager) },
			Body:           map[string]any{"email": "pat@example.com", "role": "user"},
			ExpectedStatus: 200, ExpectedContent: []string{`"role":"user"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if got := roleOf(t, e, "pat@example.com"); got != "user" {
					t.Fatalf("pat is %s", got)
				}
				if l := staffAudit(t, e); len(l) != 1 || string(l[0].Before) != `{"role":"manager"}` {
					t.Fatalf("entries %+v", l)
				}
				// The removed manager's session no longer opens the back office.
				if r := e.Do("GET", "/api/admin/me", nil, "pat").Expect(t, 403); !strings.Contains(r.Body, "Access Denied") {
					t.Fatalf("removed manager: %s", r.Body)
				}
			}},
		{Name: "the same role again changes nothing and records nothing", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": "pat@example.com", "role": "user"},
			ExpectedStatus: 200, ExpectedContent: []string{`"role":"user"`}, AfterTest: noChange},
		{Name: "the last owner cannot demote themselves", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": "owner@example.com", "role": "manager"},
			ExpectedStatus: 409, ExpectedContent: []string{`"code":"conflict"`, "The shop needs at least one owner: make someone else owner first."},
			AfterTest: noChange},
		{Name: "with a second owner, an owner may step down", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { asOwner(t, e); e.Grant("pat", auth.RoleOwner) },
			Body:           map[string]any{"email": "owner@example.com", "role": "support"},
			ExpectedStatus: 200, ExpectedContent: []string{`"role":"support"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				e.Do("GET", "/api/admin/staff", nil, "owner").Expect(t, 403)
				e.Do("GET", "/api/admin/audit", nil, "owner").Expect(t, 200)
			}},
		{Name: "an address with no account is a field error", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": "ghost@example.com", "role": "editor"},
			ExpectedStatus: 400, ExpectedContent: []string{`"email":"No account uses this address: the person must sign up first"`},
			AfterTest: noChange},
		{Name: "an unknown role and a blank address are field errors", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": "  ", "role": "admin"},
			ExpectedStatus: 400, ExpectedContent: []string{`"role":"Choose owner, manager, editor, support or user"`, `"email":"Enter the e-mail address`},
			AfterTest: noChange},
		{Name: "a body that is not JSON is refused", Method: "PUT", URL: "/api/admin/staff", As: "owner",
			BeforeTest: asOwner, Body: `{"email":`, ExpectedStatus: 400,
			ExpectedContent: []string{"The request body is not valid JSON."}, AfterTest: noChange},
	})
}

// TestSetRoleFromTheCommandLine: the CLI's grant and revoke, audited under
// the command line's name; unlike the back office it may remove the last
// owner, since it is the way back in.
func TestSetRoleFromTheCommandLine(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "grant and revoke", Method: "GET", URL: "/api/health", ExpectedStatus: 200, ExpectedContent: []string{`"status":"ok"`},
		AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
			ctx := context.Background()
			e.User("pat")
			if err := auth.SetRole(ctx, e.DB, "Pat@Example.com", auth.RoleSupport); err != nil {
				t.Fatal(err)
			}
			if err := auth.SetRole(ctx, e.DB, "pat@example.com", auth.RoleUser); err != nil {
				t.Fatal(err)
			}
			if err := auth.SetRole(ctx, e.DB, "pat@example.com", auth.Role("admin")); err == nil {
				t.Fatal("an unknown role was stored")
			}
			entries := staffAudit(t, e)
			if len(entries) != 2 || entries[0].Actor.Email != auth.CommandLine || entries[0].Actor.ID != "" {
				t.Fatalf("entries %+v", entries)
			}
			var after map[string]string
			if err := json.Unmarshal(entries[1].After, &after); err != nil || after["role"] != "support" {
				t.Fatalf("first entry after %s", entries[1].After)
			}
		}}})
}
