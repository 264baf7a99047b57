package audit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

var day = time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)

// seed records five entries an hour apart: two by ann, three by bob (the
// accounts a and b).
func seed(t *testing.T, q db.Querier) {
	t.Helper()
	for id, email := range map[string]string{"a": "ann@example.com", "b": "bob@example.com"} {
		if _, err := q.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, id, email, day, day); err != nil {
			t.Fatal(err)
		}
	}
	entries := []audit.Entry{
		{ActorID: "a", Action: "book.create", Entity: "book", EntityID: "11", After: map[string]any{"title": "Moon"}},
		{ActorID: "b", Action: "book.update", Entity: "book", EntityID: "11", Before: map[string]any{"title": "Moon"}, After: map[string]any{"title": "Moons"}},
		{ActorID: "b", Action: "bookmark.update", Entity: "bookmark", EntityID: "1"},
		{ActorID: "a", Action: "staff.role", Entity: "user", EntityID: "u1", Before: map[string]any{"role": "user"}, After: map[string]any{"role": "editor"}},
		{ActorID: "b", Action: "games.config", Entity: "games", EntityID: "config", Before: nil, After: []int{1}},
	}
	for i, e := range entries {
		e.At = day.Add(time.Duration(i) * time.Hour)
		if err := audit.Record(context.Background(), q, e); err != nil {
			t.Fatal(err)
		}
	}
}

func actions(p audit.Page) string {
	var out []string
	for _, l := range p.Entries {
		out = append(out, l.Action)
	}
	return strings.Join(out, " ")
}

func TestListFilters(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		seed(t, d)
		for _, c := range []struct {
			name string
			f    audit.Filter
			want string
		}{
			{"everything, newest first", audit.Filter{}, "games.config staff.role bookmark.update book.update book.create"},
			{"by person, part of the address in any case", audit.Filter{Actor: "BOB@"}, "games.config bookmark.update book.update"},
			{"by kind: an entity matches its actions, not a longer word", audit.Filter{Kind: "book"}, "book.update book.create"},
			{"by kind: an exact action", audit.Filter{Kind: "book.update"}, "book.update"},
			{"a kind with LIKE's wildcards matches nothing", audit.Filter{Kind: "b%"}, ""},
			{"from is included, to is not", audit.Filter{From: day.Add(time.Hour), To: day.Add(3 * time.Hour)}, "bookmark.update book.update"},
			{"person and kind together", audit.Filter{Actor: "ann", Kind: "staff"}, "staff.role"},
		} {
			p, err := audit.List(ctx, d, c.f)
			if err != nil {
				t.Fatal(err)
			}
			if got := actions(p); got != c.want {
				t.Errorf("%s: got %q, want %q", c.name, got, c.want)
			}
		}

		// Pages of two follow the cursor to the end.
		var seen []string
		f := audit.Filter{Limit: 2}
		for range 5 {
			p, err := audit.List(ctx, d, f)
			if err != nil {
				t.Fatal(err)
			}
			seen = append(seen, actions(p))
			if p.NextCursor == nil {
				break
			}
			fmt.Sscan(*p.NextCursor, &f.Before)
		}
		if got := strings.Join(seen, " | "); got != "games.config staff.role | bookmark.update book.update | book.create" {
			t.Fatalf("pages: %s", got)
		}

		// Values come back as the JSON stored; none is null.
		p, _ := audit.List(ctx, d, audit.Filter{Kind: "games"})
		l := p.Entries[0]
		if string(l.Before) != "null" || string(l.After) != "[1]" || !l.At.Equal(day.Add(4*time.Hour)) || l.Actor.ID != "b" || l.EntityID != "config" {
			t.Fatalf("entry %+v", l)
		}
		if err := audit.Record(ctx, d, audit.Entry{System: "x"}); err == nil {
			t.Fatal("an entry without action was recorded")
		}
	})
}

// TestLogIsAppendOnly: the database itself refuses to change or remove an
// entry, whatever the app does.
func TestLogIsAppendOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		seed(t, d)
		for _, q := range []string{
			`UPDATE audit_log SET actor_id = 'someone'`,
			`UPDATE audit_log SET after_json = NULL WHERE action = 'book.update'`,
			`DELETE FROM audit_log WHERE action = 'staff.role'`,
			`DELETE FROM audit_log`,
		} {
			_, err := d.ExecContext(ctx, q)
			if err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v", q, err)
			}
		}
		if d.Dialect == db.Postgres {
			if _, err := d.ExecContext(ctx, `TRUNCATE audit_log`); err == nil {
				t.Error("TRUNCATE was allowed")
			}
		}
		p, err := audit.List(ctx, d, audit.Filter{})
		if err != nil || len(p.Entries) != 5 || p.Entries[0].Actor.Email != "bob@example.com" {
			t.Fatalf("after the refused changes: %+v %v", p.Entries, err)
		}
	})
}

// TestActorsAreTheirAccountsNow: an entry keeps its actor's user id (and the
// id of an account it is about), not the address; the address is the
// account's when the log is read, and once the
// account is deleted the entry shows a deleted account, found by nobody's
// address. What acted without an account shows by its name.
func TestActorsAreTheirAccountsNow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		seed(t, d)
		if err := audit.Record(ctx, d, audit.Entry{System: "command line (bookshop admin)", Action: "staff.role", Entity: "user", EntityID: "a",
			After: map[string]any{"role": "user"}, At: day.Add(5 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE users SET email = 'ann.new@example.com' WHERE id = 'a'`); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `DELETE FROM users WHERE id = 'b'`); err != nil {
			t.Fatal(err)
		}
		p, err := audit.List(ctx, d, audit.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range p.Entries {
			got = append(got, fmt.Sprintf("%s:%s:%v", l.Actor.ID, l.Actor.Email, l.Actor.Deleted))
		}
		want := ":command line (bookshop admin):false b::true a:ann.new@example.com:false b::true b::true a:ann.new@example.com:false"
		if strings.Join(got, " ") != want {
			t.Fatalf("actors %q, want %q", strings.Join(got, " "), want)
		}
		// An entry about an account names it by id; its address is the account's now.
		if p.Entries[0].EntityEmail != "ann.new@example.com" || p.Entries[2].EntityEmail != "" {
			t.Fatalf("the accounts changed: %q, %q", p.Entries[0].EntityEmail, p.Entries[2].EntityEmail)
		}
		for filter, want := range map[string]string{"ann.new": "staff.role book.create", "bob": "", "command line": "staff.role"} {
			p, err := audit.List(ctx, d, audit.Filter{Actor: filter})
			if err != nil {
				t.Fatal(err)
			}
			if actions(p) != want {
				t.Errorf("actor %q: %q, want %q", filter, actions(p), want)
			}
		}
	})
}

// TestMigrationForgetsAddresses: migration 0500 keeps the actor of the
// entries recorded before it by id only, the name of what acted without an
// account, and drops the customers' addresses from the values; the log
// stays append-only.
func TestMigrationForgetsAddresses(t *testing.T) {
	dbtest.EachBefore(t, "0500", func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		old := `INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, before_json, after_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
		rows := [][]any{
			{day, "a", "ann@example.com", "customer.delete", "user", "c1", `{"email":"carl@example.com"}`, nil},
			{day, "a", "ann@example.com", "staff.role", "user", "u1", `{"email":"ed@example.com","role":"user"}`, `{"email":"ed@example.com","role":"editor"}`},
			{day, "", "command line (bookshop admin)", "staff.role", "user", "u1", nil, `{"email":"ed@example.com","role":"owner"}`},
			{day, "", "PayPal", "order.resend_confirmation", "order", "SF-1", nil, `{"to":"buyer@example.com"}`},
			{day, "a", "ann@example.com", "games.config", "games", "config", `[1]`, `{"title":"Moon"}`},
		}
		for _, r := range rows {
			if _, err := d.ExecContext(ctx, old, r...); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		var got []string
		list, err := d.QueryContext(ctx, `SELECT actor_id, actor_system, COALESCE(before_json, ''), COALESCE(after_json, '') FROM audit_log ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		for list.Next() {
			var id, system, before, after string
			if err := list.Scan(&id, &system, &before, &after); err != nil {
				t.Fatal(err)
			}
			// PostgreSQL writes the JSON it rewrites with spaces.
			got = append(got, strings.NewReplacer(" ", "").Replace(id+"|"+system+"|"+before+"|"+after))
		}
		list.Close()
		want := []string{`a||{}|`, `a||{"role":"user"}|{"role":"editor"}`, `|commandline(bookshopadmin)||{"role":"owner"}`, `|PayPal||{}`, `a||[1]|{"title":"Moon"}`}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("after the migration:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if _, err := d.ExecContext(ctx, `UPDATE audit_log SET actor_id = 'x'`); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Fatalf("the log is no longer append-only: %v", err)
		}
	})
}

func TestAuditAPI(t *testing.T) {
	asEditor := func(t *testing.T, e *apitest.Env) {
		e.Staff("ed", auth.RoleEditor)
		seed(t, e.DB)
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "staff read the log, filtered", Method: "GET", URL: "/api/admin/audit?actor=ann&kind=staff", As: "ed", BeforeTest: asEditor,
			ExpectedStatus: 200, ExpectedHeaders: map[string]string{"Cache-Control": "no-store"},
			ExpectedContent: []string{`"entries":[{"id":4,"at":"2026-06-01T12:00:00Z","actor":{"id":"a","email":"ann@example.com"},"action":"staff.role","entity":"user","entityId":"u1","before":{"role":"user"},"after":{"role":"editor"}}]`,
				`"nextCursor":null`}},
		{Name: "a page names the next", Method: "GET", URL: "/api/admin/audit?limit=2&before=4", As: "ed", BeforeTest: asEditor,
			ExpectedStatus: 200, ExpectedContent: []string{`"action":"bookmark.update"`, `"action":"book.update"`, `"nextCursor":"2"`},
			NotExpectedContent: []string{`"book.create"`, `"staff.role"`}},
		{Name: "dates are whole days, to included", Method: "GET", URL: "/api/admin/audit?from=2026-06-01&to=2026-06-01", As: "ed", BeforeTest: asEditor,
			ExpectedStatus: 200, ExpectedContent: []string{`"book.create"`, `"games.config"`}},
		{Name: "instants bound the range", Method: "GET", URL: "/api/admin/audit?from=2026-06-01T10:00:00Z&to=2026-06-01T11:00:00Z", As: "ed", BeforeTest: asEditor,
			ExpectedStatus: 200, ExpectedContent: []string{`"book.update"`}, NotExpectedContent: []string{`"book.create"`, `"bookmark.update"`}},
		{Name: "a day with no entries is empty", Method: "GET", URL: "/api/admin/audit?from=2026-06-02", As: "ed", BeforeTest: asEditor,
			ExpectedStatus: 200, ExpectedContent: []string{`{"entries":[],"nextCursor":null}`}},
		{Name: "a bad filter names its fields", Method: "GET", URL: "/api/admin/audit?from=yesterday&to=2026-13-01&before=x&limit=500", As: "ed", BeforeTest: asEditor,
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`, `"from":`, `"to":`, `"before":`, `"limit":"Use a number from 1 to 200"`}},
	})
}
