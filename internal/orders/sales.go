package orders

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/auth"
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
}

// GetSales serves GET /api/admin/sales (auth.PermOrdersRead).
func (s *Service) GetSales(w http.ResponseWriter, r *http.Request) error {
	if _, err := auth.RequireStaff(r.Context(), auth.PermOrdersRead); err != nil {
		return err
	}
	report, err := s.sales(r.Context(), s.now())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, report)
}

// zone is the shop's time zone (SHOP_TIME_ZONE), UTC when none is set.
func (s *Service) zone() *time.Location {
	if s.site.Zone != nil {
		return s.site.Zone
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
	byDay := map[string]*DayRevenue{}
	for i := range report.Days {
		d := since.AddDate(0, 0, i).Format(time.DateOnly)
		report.Days[i] = DayRevenue{Day: d}
		byDay[d] = &report.Days[i]
	}
	report.Periods = []SalesPeriod{{Days: 1}, {Days: 7}, {Days: 30}}
	// each adds an amount made at at to the periods and the day it falls in.
	each := func(at time.Time, add func(p *SalesPeriod), day func(d *DayRevenue)) {
		if d := byDay[at.In(loc).Format(time.DateOnly)]; d != nil {
			day(d)
		}
		for i := range report.Periods {
			if p := &report.Periods[i]; !at.Before(today.AddDate(0, 0, 1-p.Days)) {
				add(p)
			}
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT o.paid_at, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.total_cents
		FROM orders o WHERE `+counted+` AND o.paid_at >= ?`, since.UTC())
	if err != nil {
		return SalesReport{}, fmt.Errorf("sales: orders: %w", err)
	}
	for rows.Next() {
		var at time.Time
		var sub, disc, ship, tax, total int64
		if err := rows.Scan(&at, &sub, &disc, &ship, &tax, &total); err != nil {
			rows.Close()
			return SalesReport{}, err
		}
		each(at, func(p *SalesPeriod) {
			p.GrossSalesCents += sub
			p.DiscountsCents += disc
			p.ShippingCents += ship
			p.TaxCents += tax
			p.Orders++
		}, func(d *DayRevenue) { d.RevenueCents += total; d.Orders++ })
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return SalesReport{}, err
	}
	refunds, err := s.db.QueryContext(ctx, `SELECT f.completed_at, f.amount_cents FROM order_refunds f JOIN orders o ON o.id = f.order_id
		WHERE `+counted+` AND f.status = ? AND f.completed_at >= ?`, refundCompleted, since.UTC())
	if err != nil {
		return SalesReport{}, fmt.Errorf("sales: refunds: %w", err)
	}
	for refunds.Next() {
		var at time.Time
		var amount int64
		if err := refunds.Scan(&at, &amount); err != nil {
			refunds.Close()
			return SalesReport{}, err
		}
		each(at, func(p *SalesPeriod) { p.RefundsCents += amount }, func(d *DayRevenue) { d.RevenueCents -= amount })
	}
	refunds.Close()
	if err := refunds.Err(); err != nil {
		return SalesReport{}, err
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
	if report.TopBooks, err = s.topBooks(ctx, since); err != nil {
		return SalesReport{}, err
	}
	const waitingToShip = `payment_status = '` + PaymentPaid + `' AND fulfillment_status = '` + Unfulfilled + `'`
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE `+waitingToShip).Scan(&report.WaitingCount); err != nil {
		return SalesReport{}, fmt.Errorf("sales: waiting: %w", err)
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

// topBooks are the five books with the most net copies (sold, less
// refunded) in the orders paid since, cancelled ones left out.
func (s *Service) topBooks(ctx context.Context, since time.Time) ([]TopBook, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.book_id, MAX(l.title), SUM(l.quantity - l.refunded_quantity),
		SUM(l.unit_price_cents * (l.quantity - l.refunded_quantity))
		FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE `+counted+` AND o.paid_at >= ?
		GROUP BY l.book_id HAVING SUM(l.quantity - l.refunded_quantity) > 0
		ORDER BY SUM(l.quantity - l.refunded_quantity) DESC, l.book_id LIMIT 5`, since.UTC())
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
	if _, err := auth.RequireStaff(r.Context(), auth.PermOrdersRead); err != nil {
		return err
	}
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
	rows, err := s.db.QueryContext(r.Context(), `SELECT number, paid_at, status, provider, email, subtotal_cents, discount_code, discount_cents,
		shipping_method, shipping_cents, tax_cents, total_cents, payment_status, fulfillment_status,
		(SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds f WHERE f.order_id = orders.id AND f.status = ?)
		FROM orders WHERE paid_at >= ? AND paid_at < ? ORDER BY paid_at, id`, refundCompleted, from.UTC(), to.AddDate(0, 0, 1).UTC())
	if err != nil {
		return fmt.Errorf("export orders: %w", err)
	}
	defer rows.Close()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="orders-`+from.Format(time.DateOnly)+`-to-`+to.Format(time.DateOnly)+`.csv"`)
	out := csv.NewWriter(w)
	// status is the one status of before (legacyStatus), kept for the
	// sheets that read it; payment_status and fulfillment_status follow.
	_ = out.Write([]string{"number", "paid_at", "status", "provider", "email", "subtotal", "discount_code", "discount", "shipping_method", "shipping", "tax", "total",
		"refunded", "payment_status", "fulfillment_status"})
	for rows.Next() {
		var number, status, provider, email, code, method string
		var paid time.Time
		var sub, disc, ship, tax, total, refunded int64
		var st State
		if err := rows.Scan(&number, &paid, &status, &provider, &email, &sub, &code, &disc, &method, &ship, &tax, &total, &st.Payment, &st.Fulfilment, &refunded); err != nil {
			return err
		}
		_ = out.Write([]string{number, paid.In(loc).Format(time.RFC3339), status, provider, csvSafe(email), FormatCents(sub), code, FormatCents(disc),
			method, FormatCents(ship), FormatCents(tax), FormatCents(total), FormatCents(refunded), st.Payment, st.Fulfilment})
	}
	out.Flush()
	return rows.Err()
}

// csvSafe keeps a spreadsheet from reading text as a formula.
func csvSafe(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		return "'" + s
	}
	return s
}
