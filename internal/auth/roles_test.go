package auth

import (
	"strings"
	"testing"
)

// TestRoleTable spells out what each role may do, so a change to the
// table is a change to this test too.
func TestRoleTable(t *testing.T) {
	want := map[Role]string{
		RoleOwner:     "catalog posts games orders.read orders.write refunds discounts settings customers.read customers.help emails.resend staff audit storybooks storybooks.grants backups campaigns newsletter",
		RoleManager:   "catalog posts orders.read orders.write refunds discounts settings customers.read emails.resend audit storybooks storybooks.grants campaigns newsletter",
		RoleEditor:    "catalog posts games audit storybooks storybooks.grants campaigns",
		RoleSupport:   "orders.read customers.read customers.help emails.resend audit storybooks.grants",
		RoleUser:      "",
		Role("admin"): "",
	}
	for role, perms := range want {
		var got []string
		for _, p := range AllPermissions {
			if role.Can(p) {
				got = append(got, string(p))
			}
		}
		if strings.Join(got, " ") != perms {
			t.Errorf("%q can %v, want %s", role, got, perms)
		}
		if len(role.Permissions()) != len(got) {
			t.Errorf("%q: Permissions() %v", role, role.Permissions())
		}
		if role.IsStaff() != (perms != "") {
			t.Errorf("%q: IsStaff %v", role, role.IsStaff())
		}
	}
	for _, s := range []string{"user", "owner", "manager", "editor", "support"} {
		if _, ok := ParseRole(s); !ok {
			t.Errorf("ParseRole(%q) refused", s)
		}
	}
	for _, s := range []string{"", "admin", "Owner", "root"} {
		if _, ok := ParseRole(s); ok {
			t.Errorf("ParseRole(%q) accepted", s)
		}
	}
}
