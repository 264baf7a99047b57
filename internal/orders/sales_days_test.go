package orders

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// TestSalesSumsTheShopsDays: the dashboard, which has the database sum
// each day, gives exactly what adding up every order and refund one by one
// in the shop's days gives (the way it was computed before): random orders
// over five weeks, some at the shop's midnights, some cancelled or unpaid,
// refunds completed, pending or failed, copies refunded, in a time zone
// whose clocks changed in the month and in one 5 h 45 min from UTC.
func TestSalesSumsTheShopsDays(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, zone := range []string{"America/Chicago", "Asia/Kathmandu", "UTC"} {
			t.Run(zone, func(t *testing.T) {
				loc, err := time.LoadLocation(zone)
				if err != nil {
					t.Fatal(err)
				}
				now := time.Date(2026, 11, 20, 15, 4, 5, 0, loc)
				s := New(d, Parts{Pricing: testPricing}, Settings{Zone: loc}, func() time.Time { return now })
				seedSalesDays(t, d, loc, now, zone)
				got, err := s.sales(context.Background(), now)
				if err != nil {
					t.Fatal(err)
				}
				want := salesOneByOne(t, d, loc, now)
				if !reflect.DeepEqual(got.Periods, want.Periods) {
					t.Errorf("periods\n got %+v\nwant %+v", got.Periods, want.Periods)
				}
				if !reflect.DeepEqual(got.Days, want.Days) {
					t.Errorf("days\n got %+v\nwant %+v", got.Days, want.Days)
				}
				if !reflect.DeepEqual(got.TopBooks, want.TopBooks) {
					t.Errorf("top books\n got %+v\nwant %+v", got.TopBooks, want.TopBooks)
				}
				if got.Periods[2].Orders < 100 || len(got.TopBooks) != 5 {
					t.Errorf("the month counts %d orders and %d books: the seed is not what it should be", got.Periods[2].Orders, len(got.TopBooks))
				}
			})
		}
	})
}

// seedSalesDays writes 400 orders (numbers prefixed with tag) paid from
// 35 days before now to a day after it, a sixth at one of the shop's
// midnights, with lines and refunds.
func seedSalesDays(t *testing.T, d *db.DB, loc *time.Location, now time.Time, tag string) {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(40, uint64(len(tag))))
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := d.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 400 {
		at := now.Add(-time.Duration(rng.Int64N(int64(36 * 24 * time.Hour)))).Add(24 * time.Hour)
		if i%6 == 0 { // a midnight of the shop, to the nanosecond
			y, m, dd := at.In(loc).Date()
			at = time.Date(y, m, dd, 0, 0, 0, 0, loc)
		}
		var paid any = at.UTC()
		payment, fulfilment := PaymentPaid, Unfulfilled
		switch rng.IntN(10) {
		case 0:
			paid, payment = nil, PaymentFailed
		case 1:
			fulfilment = Cancelled
		}
		sub, disc, ship, tax := int64(500+rng.IntN(5000)), int64(rng.IntN(300)), int64(rng.IntN(2)*499), int64(rng.IntN(400))
		number := fmt.Sprintf("SF-%s-%d", tag, i)
		exec(`INSERT INTO orders (number, provider, currency, subtotal_cents, discount_cents, tax_cents, shipping_cents, total_cents,
			created_at, updated_at, paid_at, payment_status, fulfillment_status) VALUES (?, 'demo_card', 'USD', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			number, sub, disc, tax, ship, sub-disc+ship+tax, at.UTC(), at.UTC(), paid, payment, fulfilment)
		var id int64
		if err := d.QueryRowContext(ctx, `SELECT id FROM orders WHERE number = ?`, number).Scan(&id); err != nil {
			t.Fatal(err)
		}
		for p := range 1 + rng.IntN(3) {
			q := 1 + rng.IntN(3)
			book := 1 + rng.IntN(12)
			exec(`INSERT INTO order_lines (order_id, position, book_id, title, unit_price_cents, quantity, line_total_cents, refunded_quantity)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, p+1, book, fmt.Sprintf("Book %d %s", book, []string{"a", "b"}[rng.IntN(2)]),
				int64(300+rng.IntN(900)), q, int64(q*700), rng.IntN(q+1)/2)
		}
		if rng.IntN(4) == 0 {
			status := []string{refundCompleted, refundCompleted, refundPending, "failed"}[rng.IntN(4)]
			done := at.Add(time.Duration(rng.Int64N(int64(5 * 24 * time.Hour))))
			if i%5 == 0 {
				y, m, dd := done.In(loc).Date()
				done = time.Date(y, m, dd, 0, 0, 0, 0, loc)
			}
			var completed any
			if status == refundCompleted {
				completed = done.UTC()
			}
			exec(`INSERT INTO order_refunds (order_id, amount_cents, source, status, created_at, completed_at) VALUES (?, ?, 'staff', ?, ?, ?)`,
				id, int64(100+rng.IntN(900)), status, done.UTC(), completed)
		}
	}
}

// salesOneByOne reads every order, refund and line and adds them up in
// Go, each in the shop's day of its instant.
func salesOneByOne(t *testing.T, d *db.DB, loc *time.Location, now time.Time) SalesReport {
	t.Helper()
	ctx := context.Background()
	today := midnight(now, loc)
	since := today.AddDate(0, 0, -29)
	r := SalesReport{Periods: []SalesPeriod{{Days: 1}, {Days: 7}, {Days: 30}}, Days: make([]DayRevenue, 30)}
	byDay := map[string]*DayRevenue{}
	for i := range r.Days {
		r.Days[i] = DayRevenue{Day: since.AddDate(0, 0, i).Format(time.DateOnly)}
		byDay[r.Days[i].Day] = &r.Days[i]
	}
	each := func(at time.Time, add func(p *SalesPeriod), day func(d *DayRevenue)) {
		if at.Before(since) {
			return
		}
		if d := byDay[at.In(loc).Format(time.DateOnly)]; d != nil {
			day(d)
		}
		for i := range r.Periods {
			if p := &r.Periods[i]; !at.Before(today.AddDate(0, 0, 1-p.Days)) {
				add(p)
			}
		}
	}
	type order struct {
		counted bool
		paid    time.Time
	}
	orders := map[int64]order{}
	rows, err := d.QueryContext(ctx, `SELECT id, paid_at, fulfillment_status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents FROM orders`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, sub, disc, ship, tax, total int64
		var paid *time.Time
		var fulfilment string
		if err := rows.Scan(&id, &paid, &fulfilment, &sub, &disc, &ship, &tax, &total); err != nil {
			t.Fatal(err)
		}
		if paid == nil || fulfilment == Cancelled {
			continue
		}
		orders[id] = order{true, *paid}
		each(*paid, func(p *SalesPeriod) {
			p.GrossSalesCents += sub
			p.DiscountsCents += disc
			p.ShippingCents += ship
			p.TaxCents += tax
			p.Orders++
		}, func(d *DayRevenue) { d.RevenueCents += total; d.Orders++ })
	}
	rows.Close()
	rows, err = d.QueryContext(ctx, `SELECT order_id, amount_cents, completed_at FROM order_refunds WHERE status = ?`, refundCompleted)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, amount int64
		var at time.Time
		if err := rows.Scan(&id, &amount, &at); err != nil {
			t.Fatal(err)
		}
		if orders[id].counted {
			each(at, func(p *SalesPeriod) { p.RefundsCents += amount }, func(d *DayRevenue) { d.RevenueCents -= amount })
		}
	}
	rows.Close()
	for i := range r.Periods {
		p := &r.Periods[i]
		p.NetSalesCents = p.GrossSalesCents - p.DiscountsCents - p.RefundsCents
		p.TotalCents = p.NetSalesCents + p.ShippingCents + p.TaxCents
		p.RevenueCents = p.TotalCents
		if p.Orders > 0 {
			p.AverageCents = (p.TotalCents + p.Orders/2) / p.Orders
		}
	}
	books := map[int]*TopBook{}
	rows, err = d.QueryContext(ctx, `SELECT order_id, book_id, title, unit_price_cents, quantity - refunded_quantity FROM order_lines`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, price, copies int64
		var book int
		var title string
		if err := rows.Scan(&id, &book, &title, &price, &copies); err != nil {
			t.Fatal(err)
		}
		if o := orders[id]; !o.counted || o.paid.Before(since) {
			continue
		}
		b := books[book]
		if b == nil {
			b = &TopBook{BookID: book, Title: title}
			books[book] = b
		}
		b.Title = max(b.Title, title)
		b.Copies += copies
		b.RevenueCents += price * copies
	}
	rows.Close()
	r.TopBooks = []TopBook{}
	for _, b := range books {
		if b.Copies > 0 {
			r.TopBooks = append(r.TopBooks, *b)
		}
	}
	slices.SortFunc(r.TopBooks, func(a, b TopBook) int {
		if a.Copies != b.Copies {
			return int(b.Copies - a.Copies)
		}
		return a.BookID - b.BookID
	})
	r.TopBooks = r.TopBooks[:min(5, len(r.TopBooks))]
	return r
}
