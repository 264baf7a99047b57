package gotrue_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/gotrue"
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
				`"permissions":["catalog","posts","games","audit","storybooks","storybooks.grants","campaigns"]`},
			ExpectedHeaders: map[string]string{"Cache-Control": "no-store"}},
		{Name: "the staff list has every staff member, owners first, and no customer", Method: "GET", URL: "/api/admin/staff", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asOwner(t, e)
				e.Staff("ann", auth.RoleSupport)
				e.Grant("zed", auth.RoleManager)
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var out struct{ Staff []gotrue.StaffMember }
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
			if err := gotrue.SetRole(ctx, e.DB, "Pat@Example.com", auth.RoleSupport); err != nil {
				t.Fatal(err)
			}
			if err := gotrue.SetRole(ctx, e.DB, "pat@example.com", auth.RoleUser); err != nil {
				t.Fatal(err)
			}
			if err := gotrue.SetRole(ctx, e.DB, "pat@example.com", auth.Role("admin")); err == nil {
				t.Fatal("an unknown role was stored")
			}
			entries := staffAudit(t, e)
			if len(entries) != 2 || entries[0].Actor.Email != gotrue.CommandLine || entries[0].Actor.ID != "" {
				t.Fatalf("entries %+v", entries)
			}
			var after map[string]string
			if err := json.Unmarshal(entries[1].After, &after); err != nil || after["role"] != "support" {
				t.Fatalf("first entry after %s", entries[1].After)
			}
		}}})
}

// TestStaffInvite: the owner invites a new staff member by e-mail with a
// role (issue 38 §9). The e-mail's link confirms the address and signs in
// to choose a password; the staff list shows who has two-step sign-in on
// and whose invitation waits.
func TestStaffInvite(t *testing.T) {
	asOwner := func(t *testing.T, e *apitest.Env) {
		e.Staff("owner", auth.RoleOwner)
		e.Staff("ed", auth.RoleEditor)
		e.User("pat")
	}
	member := func(t *testing.T, e *apitest.Env, email string) gotrue.StaffMember {
		t.Helper()
		var out struct{ Staff []gotrue.StaffMember }
		e.Do("GET", "/api/admin/staff", nil, "owner").Expect(t, 200).Decode(t, &out)
		for _, m := range out.Staff {
			if m.Email == email {
				return m
			}
		}
		t.Fatalf("%s is not on the staff list: %+v", email, out.Staff)
		return gotrue.StaffMember{}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "the owner invites a new editor, who accepts by the e-mail's link", Method: "POST", URL: "/api/admin/staff/invite", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": " Nell@Example.com ", "role": "editor"},
			ExpectedStatus: 201, ExpectedContent: []string{`"email":"nell@example.com"`, `"role":"editor"`, `"invited":true`, `"twoStep":false`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				mail := e.LastMail("nell@example.com")
				if !strings.Contains(mail, "Welcome to the team!") || !strings.Contains(mail, "two-step sign-in") {
					t.Fatalf("mail: %s", mail)
				}
				if m := member(t, e, "nell@example.com"); !m.Invited || m.TwoStep || m.Role != auth.RoleEditor {
					t.Fatalf("nell %+v", m)
				}
				if m := member(t, e, "owner@example.com"); !m.TwoStep || m.Invited {
					t.Fatalf("owner %+v", m)
				}
				entries := staffAudit(t, e)
				if len(entries) != 2 || entries[0].Action != "staff.role" || entries[1].Action != "staff.invite" || entries[1].Actor.Email != "owner@example.com" {
					t.Fatalf("entries %+v", entries)
				}
				// The link signs in on the page that sets a password.
				link := regexp.MustCompile(regexp.QuoteMeta(apitest.SiteURL) + `/auth/v1/verify\?\S+`).FindString(mail)
				res := e.Do("GET", strings.TrimPrefix(link, apitest.SiteURL), nil, "")
				res.Expect(t, 303)
				if loc := res.Header.Get("Location"); !strings.HasPrefix(loc, apitest.SiteURL+"/update-password#access_token=") {
					t.Fatalf("the link leads to %s", loc)
				}
				if m := member(t, e, "nell@example.com"); m.Invited {
					t.Fatalf("nell still invited after accepting: %+v", m)
				}
			}},
		{Name: "an address with an account gets a role on the list instead", Method: "POST", URL: "/api/admin/staff/invite", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": "pat@example.com", "role": "support"},
			ExpectedStatus: 400, ExpectedContent: []string{`"email":"This address already has an account: give it a role in the list below"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if got := roleOf(t, e, "pat@example.com"); got != "user" {
					t.Fatalf("pat is %s", got)
				}
			}},
		{Name: "a role is needed, and not the customer's", Method: "POST", URL: "/api/admin/staff/invite", As: "owner",
			BeforeTest: asOwner, Body: map[string]any{"email": "nell@example.com", "role": "user"},
			ExpectedStatus: 400, ExpectedContent: []string{`"role":"Choose owner, manager, editor or support"`}},
		{Name: "only the owner invites", Method: "POST", URL: "/api/admin/staff/invite", As: "ed",
			BeforeTest: asOwner, Body: map[string]any{"email": "nell@example.com", "role": "editor"},
			ExpectedStatus: 403, ExpectedContent: []string{`"code":"forbidden"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if e.MailCount("nell@example.com") != 0 {
					t.Fatal("an editor sent an invitation")
				}
			}},
	})
}
