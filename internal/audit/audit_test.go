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

// seed records five entries an hour apart: two by ann, three by bob.
func seed(t *testing.T, q db.Querier) {
	t.Helper()
	entries := []audit.Entry{
		{ActorID: "a", ActorEmail: "ann@example.com", Action: "book.create", Entity: "book", EntityID: "11", After: map[string]any{"title": "Moon"}},
		{ActorID: "b", ActorEmail: "Bob@Example.com", Action: "book.update", Entity: "book", EntityID: "11", Before: map[string]any{"title": "Moon"}, After: map[string]any{"title": "Moons"}},
		{ActorID: "b", ActorEmail: "Bob@Example.com", Action: "bookmark.update", Entity: "bookmark", EntityID: "1"},
		{ActorID: "a", ActorEmail: "ann@example.com", Action: "staff.role", Entity: "user", EntityID: "u1", Before: map[string]any{"role": "user"}, After: map[string]any{"role": "editor"}},
		{ActorID: "b", ActorEmail: "Bob@Example.com", Action: "games.config", Entity: "games", EntityID: "config", Before: nil, After: []int{1}},
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
			{"by person, part of the address in any case", audit.Filter{ActorEmail: "BOB@"}, "games.config bookmark.update book.update"},
			{"by kind: an entity matches its actions, not a longer word", audit.Filter{Kind: "book"}, "book.update book.create"},
			{"by kind: an exact action", audit.Filter{Kind: "book.update"}, "book.update"},
			{"a kind with LIKE's wildcards matches nothing", audit.Filter{Kind: "b%"}, ""},
			{"from is included, to is not", audit.Filter{From: day.Add(time.Hour), To: day.Add(3 * time.Hour)}, "bookmark.update book.update"},
			{"person and kind together", audit.Filter{ActorEmail: "ann", Kind: "staff"}, "staff.role"},
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
		if err := audit.Record(ctx, d, audit.Entry{ActorEmail: "x"}); err == nil {
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
			`UPDATE audit_log SET actor_email = 'someone@else.com'`,
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
		if err != nil || len(p.Entries) != 5 || p.Entries[0].Actor.Email != "Bob@Example.com" {
			t.Fatalf("after the refused changes: %+v %v", p.Entries, err)
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
