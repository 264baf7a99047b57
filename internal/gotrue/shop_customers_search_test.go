package gotrue_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue"
)

// The customer search finds people by the start of the words of their
// address, or of their name, in each database's words index (issue 40,
// migration 0901): the same people on both, names and addresses changed
// or deleted followed at once, punctuation and SQL in a search harmless.
func TestCustomerSearchFindsWords(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Staff("sue", auth.RoleSupport)
		ctx := context.Background()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		for name, full := range map[string][2]string{"noor": {"Noor", "Sato"}, "mina": {"Mina", "Sato-Lee"}, "jose": {"José", "O’Brien"}} {
			e.User(name)
			exec(`UPDATE profiles SET first_name = ?, last_name = ? WHERE email = ?`, full[0], full[1], name+"@example.com")
		}
		found := func(q string) []string {
			t.Helper()
			res := e.Do("GET", "/api/admin/customers?q="+url.QueryEscape(q), nil, "sue").Expect(t, http.StatusOK)
			var list struct{ Customers []struct{ Email string } }
			if err := json.Unmarshal([]byte(res.Body), &list); err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, c := range list.Customers {
				out = append(out, c.Email)
			}
			slices.Sort(out)
			return out
		}
		for q, want := range map[string][]string{
			"noor sato":   {"noor@example.com"},
			"SAT":         {"mina@example.com", "noor@example.com"},
			"sato lee":    {"mina@example.com"},
			"JOSÉ":        {"jose@example.com"},
			"jos o'bri":   {"jose@example.com"},
			"mina@exa":    {"mina@example.com"},
			"example.com": {"jose@example.com", "mina@example.com", "noor@example.com", "sue@example.com"},
			"noor mina":   nil, // words of two people
			"oor":         nil, // not the start of a word
			"%_\\":        nil,
			"' OR 1=1 --": nil,
		} {
			if got := found(q); !slices.Equal(got, want) {
				t.Errorf("%q found %v, want %v", q, got, want)
			}
		}
		exec(`UPDATE profiles SET last_name = 'Okafor' WHERE email = 'noor@example.com'`)
		exec(`UPDATE users SET email = 'noor.new@example.org' WHERE email = 'noor@example.com'`)
		exec(`DELETE FROM users WHERE email = 'mina@example.com'`)
		for q, want := range map[string][]string{
			"sato":        nil,
			"noor okafor": {"noor.new@example.org"},
			"new@exam":    {"noor.new@example.org"},
			"mina":        nil,
		} {
			if got := found(q); !slices.Equal(got, want) {
				t.Errorf("after the changes, %q found %v, want %v", q, got, want)
			}
		}
	})
}

// The words are searched in their indexes: FTS5's tables on SQLite, the
// GIN indexes of the address and of the name on PostgreSQL (whose
// expressions must be the query's for it to use them).
func TestCustomerSearchUsesTheWordsIndexes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		match := d.WordsQuery([]string{"noor", "sa"})
		if d.Dialect == db.SQLite {
			match = "{words} : (" + match + ")"
		}
		plan := dbtest.Plan(t, d, gotrue.CustomerWords(d), match, match)
		want := []string{"users_words", "profiles_words"}
		if d.Dialect == db.SQLite {
			want = []string{"users_search VIRTUAL TABLE INDEX", "profiles_search VIRTUAL TABLE INDEX"}
		}
		for _, w := range want {
			if !strings.Contains(plan, w) {
				t.Errorf("the plan does not use %s:\n%s", w, plan)
			}
		}
	})
}
