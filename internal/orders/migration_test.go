package orders_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// Migration 0510 keeps who acted on an order by account: the timeline's and
// the refunds' addresses become user ids (an address whose account is gone
// becomes 'deleted'), and only PayPal keeps a name.
func TestMigrationKeepsOrderActorsByID(t *testing.T) {
	dbtest.EachBefore(t, "0510", func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		at := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		exec := func(query string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, query, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES ('m1', 'mia@example.com', ?, ?)`, at, at)
		exec(`INSERT INTO orders (id, number, provider, status, currency, subtotal_cents, tax_cents, shipping_cents, total_cents, created_at, updated_at)
			VALUES (1, 'SF-1', 'demo', 'paid', 'USD', 1000, 100, 0, 1100, ?, ?)`, at, at)
		for _, actor := range []string{"Mia@Example.com", "gone@example.com", "PayPal", ""} {
			exec(`INSERT INTO order_status_history (order_id, kind, from_status, to_status, note, actor_email, created_at)
				VALUES (1, 'note', '', '', 'n', ?, ?)`, actor, at)
		}
		for i, actor := range [][2]string{{"m1", "mia@example.com"}, {"", "gone@example.com"}, {"", "PayPal"}} {
			exec(`INSERT INTO order_refunds (order_id, amount_cents, reason, lines, source, status, actor_id, actor_email, created_at)
				VALUES (1, ?, '', '[]', 'staff', 'completed', ?, ?, ?)`, 10+i, actor[0], actor[1], at)
		}
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		read := func(table string) string {
			t.Helper()
			rows, err := d.QueryContext(ctx, `SELECT actor_id, actor_system FROM `+table+` ORDER BY id`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var got []string
			for rows.Next() {
				var id, system string
				if err := rows.Scan(&id, &system); err != nil {
					t.Fatal(err)
				}
				got = append(got, id+"|"+system)
			}
			return strings.Join(got, " ")
		}
		if got, want := read("order_status_history"), "m1| deleted| |PayPal |"; got != want {
			t.Errorf("timeline actors %q, want %q", got, want)
		}
		if got, want := read("order_refunds"), "m1| deleted| |PayPal"; got != want {
			t.Errorf("refund actors %q, want %q", got, want)
		}
	})
}
