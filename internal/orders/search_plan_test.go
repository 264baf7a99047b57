package orders

import (
	"strings"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// The desk's search by words reads the words' index (migration 0901):
// FTS5's table on SQLite, the GIN index on PostgreSQL, whose expression
// must be the query's for it to be used.
func TestOrderWordsUseTheirIndex(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		plan := dbtest.Plan(t, d, `SELECT COUNT(*) FROM orders WHERE `+orderWords(d), d.WordsQuery([]string{"mina", "sa"}))
		want := "orders_words"
		if d.Dialect == db.SQLite {
			want = "orders_search VIRTUAL TABLE INDEX"
		}
		if !strings.Contains(plan, want) {
			t.Errorf("the plan does not use %s:\n%s", want, plan)
		}
	})
}

// An order's words follow a change of its buyer's name, and on SQLite a
// payment, which sets the e-mail and shipping_info to what they were,
// leaves the words' index alone (migration 0950): rewriting it cost every
// paid order a new FTS5 segment in the writer's transaction.
func TestOrderWordsFollowTheirChanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := t.Context()
		ship := func(name string) string { return `{"fullName":"` + name + `"}` }
		if _, err := d.ExecContext(ctx, `INSERT INTO orders (number, email, provider, currency, subtotal_cents, tax_cents, shipping_cents,
			total_cents, shipping_info, created_at, updated_at) VALUES ('SF-WORDS-1', 'buyer@example.com', 'demo_card', 'USD', 100, 0, 0, 100, ?,
			CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, ship("Olive Owner")); err != nil {
			t.Fatal(err)
		}
		count := func(q string, args ...any) int {
			var n int
			if err := d.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		found := func(words ...string) int {
			return count(`SELECT COUNT(*) FROM orders WHERE `+orderWords(d), d.WordsQuery(words))
		}
		// FTS5's structure record (rowid 10) changes with every write.
		segments := func() string {
			var s string
			if d.Dialect == db.SQLite {
				if err := d.QueryRowContext(ctx, `SELECT hex(block) FROM orders_search_data WHERE id = 10`).Scan(&s); err != nil {
					t.Fatal(err)
				}
			}
			return s
		}
		before := segments()
		if _, err := d.ExecContext(ctx, `UPDATE orders SET email = ?, shipping_info = ?, payment_status = 'paid' WHERE number = 'SF-WORDS-1'`,
			"buyer@example.com", ship("Olive Owner")); err != nil {
			t.Fatal(err)
		}
		if after := segments(); after != before {
			t.Errorf("a payment that changes no words wrote the words' index: its structure was %s, then %s", before, after)
		}
		if n := found("olive", "owner"); n != 1 {
			t.Errorf("found %d orders by the buyer's name, want 1", n)
		}
		if _, err := d.ExecContext(ctx, `UPDATE orders SET shipping_info = ? WHERE number = 'SF-WORDS-1'`, ship("Rosa Reader")); err != nil {
			t.Fatal(err)
		}
		if n, old := found("rosa", "reader"), found("olive"); n != 1 || old != 0 {
			t.Errorf("after a new name: %d orders by it (want 1), %d by the old one (want 0)", n, old)
		}
	})
}
