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

// Migration 0610 splits the one status into payment and fulfilment: every
// existing order keeps what it showed (orders.status, now computed from the
// two), and the partly refunded order that had shipped says so.
func TestMigrationSplitsOrderStatus(t *testing.T) {
	dbtest.EachBefore(t, "0610", func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		at := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		exec := func(query string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, query, args...); err != nil {
				t.Fatal(err)
			}
		}
		// number, the old status, shipped, delivered; the refunds follow.
		rows := []struct {
			number, status     string
			shipped, delivered bool
			want               string // payment/fulfilment
		}{
			{"SF-PEND", "pending_payment", false, false, "pending_payment/unfulfilled"},
			{"SF-FAIL", "payment_failed", false, false, "payment_failed/unfulfilled"},
			{"SF-EXP", "expired", false, false, "expired/unfulfilled"},
			{"SF-PAID", "paid", false, false, "paid/unfulfilled"},
			{"SF-SHIP", "fulfilled", true, false, "paid/shipped"},
			{"SF-DELI", "delivered", true, true, "paid/delivered"},
			{"SF-PART", "partially_refunded", false, false, "partially_refunded/unfulfilled"},
			{"SF-PSHP", "partially_refunded", true, false, "partially_refunded/shipped"},
			{"SF-PDEL", "partially_refunded", true, true, "partially_refunded/delivered"},
			{"SF-REF", "refunded", true, false, "refunded/shipped"},
			{"SF-CANC", "cancelled", false, false, "refunded/cancelled"},
			{"SF-CPEN", "cancelled", false, false, "paid/cancelled"},           // its refund still pending at PayPal
			{"SF-DENY", "cancelled", false, false, "payment_failed/cancelled"}, // PayPal denied the capture
		}
		for i, r := range rows {
			var shipped, delivered any
			if r.shipped {
				shipped = at
			}
			if r.delivered {
				delivered = at
			}
			exec(`INSERT INTO orders (id, number, provider, status, currency, subtotal_cents, tax_cents, shipping_cents, total_cents,
				fulfilled_at, delivered_at, created_at, updated_at) VALUES (?, ?, 'demo_card', ?, 'USD', 1000, 100, 0, 1100, ?, ?, ?, ?)`,
				i+1, r.number, r.status, shipped, delivered, at, at)
		}
		refund := func(order int, amount int64, source, status string) {
			exec(`INSERT INTO order_refunds (order_id, amount_cents, source, status, created_at) VALUES (?, ?, ?, ?, ?)`, order, amount, source, status, at)
		}
		refund(7, 100, "staff", "completed")
		refund(8, 100, "staff", "completed")
		refund(9, 500, "paypal", "completed")
		refund(9, 200, "staff", "failed")
		refund(10, 1100, "staff", "completed")
		refund(11, 1100, "cancel", "completed")
		refund(12, 1100, "cancel", "pending")
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			var payment, fulfilment, status string
			if err := d.QueryRowContext(ctx, `SELECT payment_status, fulfillment_status, status FROM orders WHERE number = ?`, r.number).
				Scan(&payment, &fulfilment, &status); err != nil {
				t.Fatal(err)
			}
			if got := payment + "/" + fulfilment; got != r.want || status != r.status {
				t.Errorf("%s (was %s): %s, status %s; want %s, status %s", r.number, r.status, got, status, r.want, r.status)
			}
		}
		if _, err := d.ExecContext(ctx, `UPDATE orders SET status = 'paid' WHERE number = 'SF-PEND'`); err == nil {
			t.Error("the database let orders.status be written")
		}
	})
}
