package orders

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The day's sales, the back office's first screen (GET /api/admin/sales),
// and the orders of a date range as CSV for the accountant (GET
// /api/admin/orders/export.csv). The sales are Shopify's measures: gross
// sales (the books at their prices), discounts, refunds, net sales (gross
// less discounts and refunds), shipping, tax and total sales (net sales
// with shipping and tax: what the shop keeps). An order counts on the day
// it was paid, a refund on the day it completed, both in the shop's time
// zone (SHOP_TIME_ZONE); a cancelled order (or one whose capture PayPal
// denied) counts not at all, nor do its refunds.

// SalesPeriod is the sales of the last Days days, today included.
type SalesPeriod struct {
	Days            int   `json:"days"`
	GrossSalesCents int64 `json:"grossSalesCents"`
	DiscountsCents  int64 `json:"discountsCents"`
	RefundsCents    int64 `json:"refundsCents"`
	NetSalesCents   int64 `json:"netSalesCents"`
	ShippingCents   int64 `json:"shippingCents"`
	TaxCents        int64 `json:"taxCents"`
	TotalCents      int64 `json:"totalCents"`
	// RevenueCents is TotalCents, under the name older readers know.
	RevenueCents int64 `json:"revenueCents"`
	Orders       int64 `json:"orders"`
	AverageCents int64 `json:"averageCents"` // total sales per order
	// Preorders are the pre-orders among Orders, and PreorderSalesCents
	// their total sales (counted in TotalCents too: they are paid).
	Preorders          int64 `json:"preorders"`
	PreorderSalesCents int64 `json:"preorderSalesCents"`
}

// DayRevenue is one day of the chart: its total sales.
type DayRevenue struct {
	Day          string `json:"day"` // 2026-11-26, in the shop's time zone
	RevenueCents int64  `json:"revenueCents"`
	Orders       int64  `json:"orders"`
}

// TopBook is a book by net copies sold in the last 30 days: refunded and
// cancelled copies are not sold.
type TopBook struct {
	BookID       int    `json:"bookId"`
	Title        string `json:"title"`
	Copies       int64  `json:"copies"`
	RevenueCents int64  `json:"revenueCents"` // the net copies at their price
}

// WaitingOrder is a paid order not shipped yet.
type WaitingOrder struct {
	Number     string    `json:"number"`
	Email      string    `json:"email"`
	TotalCents int64     `json:"totalCents"`
	PaidAt     time.Time `json:"paidAt"`
}

// SalesReport is GET /api/admin/sales's response.
type SalesReport struct {
	TimeZone     string         `json:"timeZone"` // the shop's, whose days these are
	Periods      []SalesPeriod  `json:"periods"`  // today, 7 and 30 days
	Days         []DayRevenue   `json:"days"`     // the last 30, oldest first
	TopBooks     []TopBook      `json:"topBooks"`
	Waiting      []WaitingOrder `json:"waiting"` // the oldest first, at most 10
	WaitingCount int64          `json:"waitingCount"`
	// AwaitingRelease counts the paid pre-orders waiting for their book.
	AwaitingRelease int64 `json:"awaitingRelease"`
}

// GetSales serves GET /api/admin/sales (auth.PermOrdersRead).
func (s *Service) GetSales(w http.ResponseWriter, r *http.Request) error {
	report, err := s.sales(r.Context(), s.now())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, report)
}

// zone is the shop's time zone (SHOP_TIME_ZONE), UTC when none is set.
func (s *Service) zone() *time.Location { return s.site.zone() }

func (site Settings) zone() *time.Location {
	if site.Zone != nil {
		return site.Zone
	}
	return time.UTC
}

// midnight is the start of t's day in loc.
func midnight(t time.Time, loc *time.Location) time.Time {
	t = t.In(loc)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
}

// counted is the condition of an order the sales count (alias o).
const counted = `o.paid_at IS NOT NULL AND o.fulfillment_status <> '` + Cancelled + `'`

func (s *Service) sales(ctx context.Context, now time.Time) (SalesReport, error) {
	loc := s.zone()
	today := midnight(now, loc)
	since := today.AddDate(0, 0, -29)
	report := SalesReport{TimeZone: loc.String(), Days: make([]DayRevenue, 30), TopBooks: []TopBook{}, Waiting: []WaitingOrder{}}
	for i := range report.Days {
		report.Days[i] = DayRevenue{Day: since.AddDate(0, 0, i).Format(time.DateOnly)}
	}
	report.Periods = []SalesPeriod{{Days: 1}, {Days: 7}, {Days: 30}}
	// The database sums the orders and refunds of each day (salesDays
	// buckets): thirty rows to read, not a month of orders.
	buckets := salesDays(since, s.db.Dialect)
	paidDay, paidArgs := buckets.of("o.paid_at")
	refundDay, refundArgs := buckets.of("f.completed_at")
	add := func(day int, f func(p *SalesPeriod), d func(d *DayRevenue)) {
		if day < len(report.Days) {
			d(&report.Days[day])
		}
		for i := range report.Periods {
			if p := &report.Periods[i]; day >= len(report.Days)-p.Days {
				f(p)
			}
		}
	}
	// firstOrder is the lowest id of those orders (topBooks).
	firstOrder := int64(-1)
	err := s.eachDay(ctx, `SELECT `+paidDay+`, COUNT(*), SUM(o.subtotal_cents), SUM(o.discount_cents), SUM(o.shipping_cents),
		SUM(o.tax_cents), SUM(o.total_cents), MIN(o.id),
		SUM(CASE WHEN o.preorder THEN 1 ELSE 0 END), SUM(CASE WHEN o.preorder THEN o.total_cents ELSE 0 END)
		FROM orders o WHERE `+counted+` AND o.paid_at >= ? GROUP BY 1`, paidArgs(since.UTC()), func(day int, v []int64) {
		if firstOrder < 0 || v[6] < firstOrder {
			firstOrder = v[6]
		}
		add(day, func(p *SalesPeriod) {
			p.Orders += v[0]
			p.GrossSalesCents += v[1]
			p.DiscountsCents += v[2]
			p.ShippingCents += v[3]
			p.TaxCents += v[4]
			p.Preorders += v[7]
			p.PreorderSalesCents += v[8]
		}, func(d *DayRevenue) { d.Orders += v[0]; d.RevenueCents += v[5] })
	})
	if err != nil {
		return SalesReport{}, fmt.Errorf("sales: orders: %w", err)
	}
	err = s.eachDay(ctx, `SELECT `+refundDay+`, SUM(f.amount_cents) FROM order_refunds f JOIN orders o ON o.id = f.order_id
		WHERE `+counted+` AND f.status = ? AND f.completed_at >= ? GROUP BY 1`, refundArgs(refundCompleted, since.UTC()), func(day int, v []int64) {
		add(day, func(p *SalesPeriod) { p.RefundsCents += v[0] }, func(d *DayRevenue) { d.RevenueCents -= v[0] })
	})
	if err != nil {
		return SalesReport{}, fmt.Errorf("sales: refunds: %w", err)
	}
	for i := range report.Periods {
		p := &report.Periods[i]
		p.NetSalesCents = p.GrossSalesCents - p.DiscountsCents - p.RefundsCents
		p.TotalCents = p.NetSalesCents + p.ShippingCents + p.TaxCents
		p.RevenueCents = p.TotalCents
		if p.Orders > 0 {
			p.AverageCents = (p.TotalCents + p.Orders/2) / p.Orders
		}
	}
	if firstOrder >= 0 {
		if report.TopBooks, err = s.topBooks(ctx, since, firstOrder); err != nil {
			return SalesReport{}, err
		}
	}
	const waitingToShip = `payment_status = '` + PaymentPaid + `' AND fulfillment_status = '` + Unfulfilled + `'`
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE `+waitingToShip).Scan(&report.WaitingCount); err != nil {
		return SalesReport{}, fmt.Errorf("sales: waiting: %w", err)
	}
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE fulfillment_status = ? AND payment_status IN (?, ?)`,
		AwaitingRelease, PaymentPaid, PaymentPartiallyRefunded).Scan(&report.AwaitingRelease); err != nil {
		return SalesReport{}, fmt.Errorf("sales: awaiting release: %w", err)
	}
	waiting, err := s.db.QueryContext(ctx, `SELECT number, email, total_cents, paid_at FROM orders WHERE `+waitingToShip+` ORDER BY paid_at, id LIMIT 10`)
	if err != nil {
		return SalesReport{}, fmt.Errorf("sales: waiting: %w", err)
	}
	defer waiting.Close()
	for waiting.Next() {
		var o WaitingOrder
		if err := waiting.Scan(&o.Number, &o.Email, &o.TotalCents, &o.PaidAt); err != nil {
			return SalesReport{}, err
		}
		o.PaidAt = o.PaidAt.UTC()
		report.Waiting = append(report.Waiting, o)
	}
	return report, waiting.Err()
}

// dayBuckets are the starts of the shop's days after the first of the
// dashboard's thirty, and the start of tomorrow: of(column) is the number
// of the day an instant falls in (0 the first, 29 today, 30 later), which
// the database groups by. The CASE halves the days at each step, so a row
// costs five comparisons, not thirty.
type dayBuckets struct {
	bounds []time.Time
	// text compares SQLite's timestamps as the text they are stored as:
	// against the column's NUMERIC affinity, each comparison would first
	// try to read the bound as a number.
	text bool
}

func salesDays(since time.Time, dialect db.Dialect) dayBuckets {
	b := dayBuckets{bounds: make([]time.Time, 30), text: dialect == db.SQLite}
	for i := range b.bounds {
		b.bounds[i] = since.AddDate(0, 0, i+1).UTC()
	}
	return b
}

// of is the CASE for column, whose bounds args gives, then more.
func (b dayBuckets) of(column string) (string, func(more ...any) []any) {
	if b.text {
		column = "CAST(" + column + " AS TEXT)"
	}
	var sql strings.Builder
	var args []any
	// day is the CASE of the days lo to hi, those from bounds[lo-1] on.
	var day func(lo, hi int)
	day = func(lo, hi int) {
		if lo == hi {
			fmt.Fprintf(&sql, "%d", lo)
			return
		}
		mid := (lo + hi + 1) / 2
		fmt.Fprintf(&sql, "CASE WHEN %s >= ? THEN ", column)
		args = append(args, b.bounds[mid-1])
		day(mid, hi)
		sql.WriteString(" ELSE ")
		day(lo, mid-1)
		sql.WriteString(" END")
	}
	day(0, len(b.bounds))
	return sql.String(), func(more ...any) []any { return append(slices.Clone(args), more...) }
}

// eachDay runs a query whose rows are a day bucket and sums, and gives
// each to fn.
func (s *Service) eachDay(ctx context.Context, query string, args []any, fn func(day int, sums []int64)) error {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	sums := make([]int64, len(cols)-1)
	dest := make([]any, len(cols))
	var day int
	dest[0] = &day
	for i := range sums {
		dest[i+1] = &sums[i]
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		fn(day, sums)
	}
	return rows.Err()
}

// topBooks are the five books with the most net copies (sold, less
// refunded) in the orders paid since, cancelled ones left out; firstOrder
// is the lowest id among those orders.
func (s *Service) topBooks(ctx context.Context, since time.Time, firstOrder int64) ([]TopBook, error) {
	// SQLite looks up the lines of each order in the index; PostgreSQL
	// would rather read every line of the year and join them all, unless
	// told that only the lines from firstOrder on can count.
	fromFirst, args := "", []any{since.UTC()}
	if s.db.Dialect == db.Postgres {
		fromFirst, args = " AND l.order_id >= ?", append(args, firstOrder)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT l.book_id, MAX(l.title), SUM(l.quantity - l.refunded_quantity),
		SUM(l.unit_price_cents * (l.quantity - l.refunded_quantity))
		FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE `+counted+` AND o.paid_at >= ?`+fromFirst+`
		GROUP BY l.book_id HAVING SUM(l.quantity - l.refunded_quantity) > 0
		ORDER BY SUM(l.quantity - l.refunded_quantity) DESC, l.book_id LIMIT 5`, args...)
	if err != nil {
		return nil, fmt.Errorf("sales: top books: %w", err)
	}
	defer rows.Close()
	out := []TopBook{}
	for rows.Next() {
		var b TopBook
		if err := rows.Scan(&b.BookID, &b.Title, &b.Copies, &b.RevenueCents); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// ExportOrders serves GET /api/admin/orders/export.csv?from=2026-11-01&to=2026-11-30:
// the orders paid on those days (the shop's, both included), one row each,
// paid_at in the shop's time zone.
func (s *Service) ExportOrders(w http.ResponseWriter, r *http.Request) error {
	fields := map[string]string{}
	loc := s.zone()
	day := func(name string) time.Time {
		t, err := time.ParseInLocation(time.DateOnly, r.URL.Query().Get(name), loc)
		if err != nil {
			fields[name] = "A day as 2026-11-30"
		}
		return t
	}
	from, to := day("from"), day("to")
	if len(fields) == 0 && to.Before(from) {
		fields["to"] = "On or after the first day"
	}
	if len(fields) == 0 && to.Sub(from) > 366*24*time.Hour {
		fields["to"] = "At most a year after the first day"
	}
	if len(fields) > 0 {
		return httpx.Invalid("Give the days of the orders to export: from and to, as 2026-11-30.", fields)
	}
	out := csv.NewWriter(w)
	// The server's WriteTimeout (60 s) bounds an ordinary response; a
	// year's orders can take longer on a busy machine, so the deadline
	// moves on while rows flow, as a download's does.
	rc, moved := http.NewResponseController(w), time.Time{}
	// status is the one status of before (legacyStatus), kept for the
	// sheets that read it; payment_status and fulfillment_status follow,
	// then the tax's rate and the place it is of, added last so older
	// sheets still find their columns.
	started := false
	start := func() { // once the query answered: a failed one is an error, not a file
		started = true
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="orders-`+from.Format(time.DateOnly)+`-to-`+to.Format(time.DateOnly)+`.csv"`)
		_ = out.Write(exportHeader)
	}
	err := eachExported(r.Context(), s.db, from.UTC(), to.AddDate(0, 0, 1).UTC(), func(o exported) error {
		if !started {
			start()
		}
		_ = out.Write([]string{o.number, o.paid.In(loc).Format(time.RFC3339), o.status, o.provider, csvSafe(o.email), FormatCents(o.sub), o.code,
			FormatCents(o.disc), o.method, FormatCents(o.ship), FormatCents(o.tax), FormatCents(o.total), FormatCents(o.refunded), o.st.Payment,
			o.st.Fulfilment, o.rates.label(o.hasPrint, o.hasDigital), csvSafe(o.rates.Place)})
		if now := time.Now(); now.Sub(moved) > time.Second {
			moved = now
			_ = rc.SetWriteDeadline(now.Add(time.Minute)) // a test's recorder has none to move
		}
		return nil
	})
	if !started && err == nil {
		start()
	}
	out.Flush()
	return err
}

var exportHeader = []string{"number", "paid_at", "status", "provider", "email", "subtotal", "discount_code", "discount", "shipping_method", "shipping", "tax",
	"total", "refunded", "payment_status", "fulfillment_status", "tax_rate", "tax_place"}

// csvSafe keeps a spreadsheet from reading text as a formula.
func csvSafe(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		return "'" + s
	}
	return s
}
