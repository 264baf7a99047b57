package server_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db/dbtest"
)

// Every back-office route declares who may call it in routes.go, and the
// routes that move money, people or the whole shop name the narrowest
// permission.
func TestEveryAdminRouteDeclaresWhoMayCallIt(t *testing.T) {
	e := apitest.NewEnv(t, dbtest.SQLite(t), nil)
	perms := e.Server.AdminPermissions()
	if len(perms) < 70 {
		t.Fatalf("only %d back-office routes recorded", len(perms))
	}
	for pattern, p := range perms {
		if p == "" && pattern != "GET /api/admin/me" {
			t.Errorf("%s lets in any staff member", pattern)
		}
		if !strings.Contains(pattern, "/api/admin/") {
			t.Errorf("%s is not a back-office route", pattern)
		}
	}
	for pattern, want := range map[string]auth.Permission{
		"POST /api/admin/orders/{number}/refund":   auth.PermRefunds,
		"POST /api/admin/orders/{number}/cancel":   auth.PermOrdersWrite,
		"POST /api/admin/backups/{id}/restore":     auth.PermBackups,
		"PUT /api/admin/staff":                     auth.PermStaff,
		"DELETE /api/admin/customers/{id}":         auth.PermCustomersHelp,
		"POST /api/admin/campaigns/{id}/send":      auth.PermNewsletter,
		"PUT /api/admin/game-config":               auth.PermGames,
		"POST /api/admin/game-images":              auth.PermGames,
		"POST /api/admin/storybooks/{id}/grants":   auth.PermStorybookGrants,
		"GET /api/admin/audit":                     auth.PermAudit,
		"POST /api/admin/posts/pictures":           auth.PermPosts,
		"GET /api/admin/customers/{id}/storybooks": auth.PermCustomersRead,
	} {
		if got, ok := perms[pattern]; !ok || got != want {
			t.Errorf("%s: %q (declared %v), want %q", pattern, got, ok, want)
		}
	}
}
