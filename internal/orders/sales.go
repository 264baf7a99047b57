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
// /api/admin/orders/export.csv). Both read the orders that were paid
// (paid_at is set, whatever happened after), by the day they were paid in
// UTC; refunds count on the day they completed.

// SalesPeriod is the sales of the last Days days, today included.
type SalesPeriod struct {
	Days         int   `json:"days"`
	RevenueCents int64 `json:"revenueCents"`
	Orders       int64 `json:"orders"`
	AverageCents int64 `json:"averageCents"`
	RefundsCents int64 `json:"refundsCents"`
}

// DayRevenue is one day of the revenue chart.
type DayRevenue struct {
	Day          string `json:"day"` // 2026-11-26
	RevenueCents int64  `json:"revenueCents"`
	Orders       int64  `json:"orders"`
}

// TopBook is a book by copies sold in the last 30 days.
type TopBook struct {
	BookID       int    `json:"bookId"`
	Title        string `json:"title"`
	Copies       int64  `json:"copies"`
	RevenueCents int64  `json:"revenueCents"`
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
	Periods      []SalesPeriod  `json:"periods"` // today, 7 and 30 days
	Days         []DayRevenue   `json:"days"`    // the last 30, oldest first
	TopBooks     []TopBook      `json:"topBooks"`
	Waiting      []WaitingOrder `json:"waiting"` // the oldest first, at most 10
	WaitingCount int64          `json:"waitingCount"`
}

// GetSales serves GET /api/admin/sales (auth.PermOrdersRead).
func (s *Service) GetSales(w http.ResponseWriter, r *http.Request) error {
	if _, err := auth.RequireStaff(r.Context(), auth.PermOrdersRead); err != nil {
		return err
	}
	report, err := s.sales(r.Context(), s.now().UTC())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, report)
}

func midnight(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func (s *Service) sales(ctx context.Context, now time.Time) (SalesReport, error) {
	today := midnight(now)
	since := today.AddDate(0, 0, -29)
	report := SalesReport{Days: make([]DayRevenue, 30), TopBooks: []TopBook{}, Waiting: []WaitingOrder{}}
	byDay := map[string]*DayRevenue{}
	for i := range report.Days {
		d := since.AddDate(0, 0, i).Format(time.DateOnly)
		report.Days[i] = DayRevenue{Day: d}
		byDay[d] = &report.Days[i]
	}
	report.Periods = []SalesPeriod{{Days: 1}, {Days: 7}, {Days: 30}}
	rows, err := s.db.QueryContext(ctx, `SELECT paid_at, total_cents FROM orders WHERE paid_at >= ?`, since)
	if err != nil {
		return SalesReport{}, fmt.Errorf("sales: orders: %w", err)
	}
	for rows.Next() {
		var at time.Time
		var total int64
		if err := rows.Scan(&at, &total); err != nil {
			rows.Close()
			return SalesReport{}, err
		}
		if d := byDay[at.UTC().Format(time.DateOnly)]; d != nil {
			d.RevenueCents += total
			d.Orders++
		}
		for i := range report.Periods {
			if p := &report.Periods[i]; !at.Before(today.AddDate(0, 0, 1-p.Days)) {
				p.RevenueCents += total
				p.Orders++
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return SalesReport{}, err
	}
	for i := range report.Periods {
		p := &report.Periods[i]
		if p.Orders > 0 {
			p.AverageCents = (p.RevenueCents + p.Orders/2) / p.Orders
		}
		err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds WHERE status = ? AND completed_at >= ?`,
			refundCompleted, today.AddDate(0, 0, 1-p.Days)).Scan(&p.RefundsCents)
		if err != nil {
			return SalesReport{}, fmt.Errorf("sales: refunds: %w", err)
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

func (s *Service) topBooks(ctx context.Context, since time.Time) ([]TopBook, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.book_id, MAX(l.title), SUM(l.quantity), SUM(l.line_total_cents)
		FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.paid_at >= ?
		GROUP BY l.book_id ORDER BY SUM(l.quantity) DESC, l.book_id LIMIT 5`, since)
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
// the orders paid on those days (UTC, both included), one row each.
func (s *Service) ExportOrders(w http.ResponseWriter, r *http.Request) error {
	if _, err := auth.RequireStaff(r.Context(), auth.PermOrdersRead); err != nil {
		return err
	}
	fields := map[string]string{}
	day := func(name string) time.Time {
		t, err := time.Parse(time.DateOnly, r.URL.Query().Get(name))
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
		FROM orders WHERE paid_at >= ? AND paid_at < ? ORDER BY paid_at, id`, refundCompleted, from, to.AddDate(0, 0, 1))
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
		_ = out.Write([]string{number, paid.UTC().Format(time.RFC3339), status, provider, csvSafe(email), FormatCents(sub), code, FormatCents(disc),
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
