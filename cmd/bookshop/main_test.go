package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/db/dbtest"
)

func TestVersionAndUsage(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, &out); err != nil || !strings.HasPrefix(out.String(), "bookshop ") {
		t.Fatalf("version: %q, %v", out.String(), err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"frobnicate"}, &out); err == nil || !strings.Contains(out.String(), "Usage") {
		t.Fatalf("unknown command: %q, %v", out.String(), err)
	}
}

func TestServeRefusesBadConfigurationNamingTheVariable(t *testing.T) {
	t.Setenv("PORT", "not-a-port")
	err := run(context.Background(), []string{"serve"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "PORT") {
		t.Fatalf("got %v, want an error naming PORT", err)
	}
}

func TestMigrateTwiceIsHarmless(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+t.TempDir()+"/shop.db")
	for i := 0; i < 2; i++ {
		if err := run(context.Background(), []string{"migrate"}, &bytes.Buffer{}); err != nil {
			t.Fatalf("migrate run %d: %v", i+1, err)
		}
	}
}

func TestAdminOpensTheConfiguredDatabase(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+t.TempDir()+"/shop.db")
	err := run(context.Background(), []string{"admin", "grant", "nobody@example.com"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), `no account uses the e-mail address "nobody@example.com"`) {
		t.Fatalf("got %v", err)
	}
	t.Setenv("DATABASE_URL", "mysql://nope")
	if err := run(context.Background(), []string{"admin", "grant", "a@example.com"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Fatalf("bad configuration: %v", err)
	}
}

// TestAdminGrantsAndRevokesRoles runs `bookshop admin` on each database
// against an account made through the API.
func TestAdminGrantsAndRevokesRoles(t *testing.T) {
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + t.TempDir() + "/shop.db" },
		"postgres": dbtest.PostgresURL,
	}
	for name, url := range urls {
		t.Run(name, func(t *testing.T) {
			u := url(t)
			t.Setenv("DATABASE_URL", u)
			e := apitest.NewEnv(t, dbtest.Open(t, u), nil)
			e.User("pat")
			role := func() string {
				var r string
				if err := e.DB.QueryRowContext(context.Background(), `SELECT role FROM profiles WHERE email = 'pat@example.com'`).Scan(&r); err != nil {
					t.Fatal(err)
				}
				return r
			}
			admin := func(args ...string) (string, error) {
				var out bytes.Buffer
				err := run(context.Background(), append([]string{"admin"}, args...), &out)
				return out.String(), err
			}
			for _, c := range []struct {
				args      []string
				out, role string
			}{
				{[]string{"grant", "pat@example.com", "editor"}, "pat@example.com is now editor\n", "editor"},
				{[]string{"grant", "Pat@Example.com"}, "Pat@Example.com is now owner\n", "owner"},
				{[]string{"grant", "pat@example.com", "support"}, "pat@example.com is now support\n", "support"},
				{[]string{"revoke", "pat@example.com"}, "pat@example.com is no longer staff\n", "user"},
			} {
				out, err := admin(c.args...)
				if err != nil || out != c.out || role() != c.role {
					t.Fatalf("admin %v: %q, %v; role %s", c.args, out, err, role())
				}
			}
			if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'staff.role' AND actor_system LIKE 'command line%'`); n != 4 {
				t.Fatalf("%d audit entries for 4 changes", n)
			}
			for _, args := range [][]string{{"grant", "pat@example.com", "admin"}, {"grant", "pat@example.com", "user"}, {"revoke", "pat@example.com", "owner"}, {"grant"}, {"promote", "pat@example.com"}} {
				_, err := admin(args...)
				if err == nil || !strings.Contains(err.Error(), "usage: bookshop admin grant EMAIL [owner|manager|editor|support]") {
					t.Errorf("admin %v: %v", args, err)
				}
			}
			if role() != "user" {
				t.Fatal("a refused command changed the role")
			}
		})
	}
}
