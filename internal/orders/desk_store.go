package orders

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// deskState is what the order desk adds to an order row.
type deskState struct {
	Version int
	// RefundedCents is what refunds have taken or reserved: the completed
	// ones and those under way (asked of PayPal, not yet answered), so
	// what is left to refund is TotalCents less it. Shown as refunded are
	// only the completed ones (refundTotals).
	RefundedCents int64
	fulfilment
	FulfilledAt *time.Time
	DeliveredAt *time.Time
	CancelledAt *time.Time
}

type fulfilment struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"trackingNumber"`
	TrackingURL    string `json:"trackingUrl"`
}

// loadDesk reads an order by number with its desk state.
func loadDesk(ctx context.Context, q db.Querier, number string) (Order, deskState, error) {
	if err := httpx.CheckText(number); err != nil {
		return Order{}, deskState{}, err
	}
	o, err := orderBy(ctx, q, "number = ?", number)
	if err != nil {
		return Order{}, deskState{}, err
	}
	d, err := deskOf(ctx, q, o.ID)
	return o, d, err
}

func deskOf(ctx context.Context, q db.Querier, orderID int64) (deskState, error) {
	var d deskState
	var fulfilled, delivered, cancelled sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT version, refunded_cents, carrier, tracking_number, tracking_url, fulfilled_at, delivered_at, cancelled_at
		FROM orders WHERE id = ?`, orderID).Scan(&d.Version, &d.RefundedCents, &d.Carrier, &d.TrackingNumber, &d.TrackingURL,
		&fulfilled, &delivered, &cancelled)
	if err != nil {
		return deskState{}, fmt.Errorf("orders: desk state: %w", err)
	}
	d.FulfilledAt, d.DeliveredAt, d.CancelledAt = timeOf(fulfilled), timeOf(delivered), timeOf(cancelled)
	return d, nil
}

func timeOf(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// actorJoin and actorName read who acted on a timeline entry or a refund
// (table alias t): a member of staff's address from their account now, "A
// deleted account" once it is gone, or the name of what acted without one.
func actorJoin(t string) string {
	return `LEFT JOIN users actor ON ` + t + `.actor_id <> '' AND actor.id = ` + t + `.actor_id`
}

func actorName(t string) string {
	return `CASE WHEN ` + t + `.actor_id = '' THEN ` + t + `.actor_system ELSE COALESCE(actor.email, 'A deleted account') END`
}

// TimelineEntry is one line of an order's timeline.
type TimelineEntry struct {
	ID         int64     `json:"id"`
	Kind       string    `json:"kind"`
	FromStatus string    `json:"fromStatus"`
	ToStatus   string    `json:"toStatus"`
	Message    string    `json:"message"`
	Actor      string    `json:"actor"`
	At         time.Time `json:"at"`
}

func timelineOf(ctx context.Context, q db.Querier, orderID int64) ([]TimelineEntry, error) {
	rows, err := q.QueryContext(ctx, `SELECT h.id, h.kind, h.from_status, h.to_status, h.note, `+actorName("h")+`, h.created_at
		FROM order_status_history h `+actorJoin("h")+` WHERE h.order_id = ? ORDER BY h.created_at, h.id`, orderID)
	if err != nil {
		return nil, fmt.Errorf("orders: read timeline: %w", err)
	}
	defer rows.Close()
	list := []TimelineEntry{}
	for rows.Next() {
		var e TimelineEntry
		if err := rows.Scan(&e.ID, &e.Kind, &e.FromStatus, &e.ToStatus, &e.Message, &e.Actor, &e.At); err != nil {
			return nil, err
		}
		e.At = e.At.UTC()
		list = append(list, e)
	}
	return list, rows.Err()
}

// RefundView is one refund as the desk and the buyer see it.
type RefundView struct {
	ID             int64        `json:"id"`
	AmountCents    int64        `json:"amountCents"`
	Amount         json.Number  `json:"amount"`
	Reason         string       `json:"reason,omitempty"`
	Lines          []refundLine `json:"lines"`
	Source         string       `json:"source"` // staff, cancel or paypal (made in PayPal's dashboard)
	Status         string       `json:"status"` // pending, completed or failed
	PayPalRefundID string       `json:"paypalRefundId,omitempty"`
	Actor          string       `json:"actor,omitempty"`
	CreatedAt      time.Time    `json:"createdAt"`
	CompletedAt    *time.Time   `json:"completedAt"`
}

func refundsOf(ctx context.Context, q db.Querier, orderID int64) ([]RefundView, error) {
	rows, err := q.QueryContext(ctx, `SELECT r.id, r.amount_cents, r.reason, r.lines, r.source, r.status, COALESCE(r.paypal_refund_id, ''),
		`+actorName("r")+`, r.created_at, r.completed_at
		FROM order_refunds r `+actorJoin("r")+` WHERE r.order_id = ? ORDER BY r.id`, orderID)
	if err != nil {
		return nil, fmt.Errorf("orders: read refunds: %w", err)
	}
	defer rows.Close()
	list := []RefundView{}
	for rows.Next() {
		var r RefundView
		var lines string
		var completed sql.NullTime
		if err := rows.Scan(&r.ID, &r.AmountCents, &r.Reason, &lines, &r.Source, &r.Status, &r.PayPalRefundID, &r.Actor, &r.CreatedAt, &completed); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(lines), &r.Lines); err != nil {
			return nil, fmt.Errorf("orders: refund %d lines: %w", r.ID, err)
		}
		r.Amount, r.CreatedAt, r.CompletedAt = dollars(r.AmountCents), r.CreatedAt.UTC(), timeOf(completed)
		list = append(list, r)
	}
	return list, rows.Err()
}

// refundTotals are what the completed refunds gave back and what the
// pending ones ask (a failed refund gave back nothing).
func refundTotals(list []RefundView) (completed, pending int64) {
	for _, r := range list {
		switch r.Status {
		case refundCompleted:
			completed += r.AmountCents
		case refundPending:
			pending += r.AmountCents
		}
	}
	return completed, pending
}

// refundedQuantities are the copies refunded of each line, by position.
func refundedQuantities(ctx context.Context, q db.Querier, orderID int64) (map[int]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT position, refunded_quantity FROM order_lines WHERE order_id = ?`, orderID)
	if err != nil {
		return nil, fmt.Errorf("orders: refunded quantities: %w", err)
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var pos, n int
		if err := rows.Scan(&pos, &n); err != nil {
			return nil, err
		}
		out[pos] = n
	}
	return out, rows.Err()
}

// AdminOrder is an order as the order desk shows it.
type AdminOrder struct {
	Number string `json:"number"`
	// Status is the one status the shop showed before (legacyStatus), for
	// older readers; PaymentStatus and FulfillmentStatus are the order's.
	Status            string `json:"status"`
	PaymentStatus     string `json:"paymentStatus"`
	FulfillmentStatus string `json:"fulfillmentStatus"`
	// Preorder tells a pre-order; ReleaseDate is the day it waits for
	// (its books' last), "" for an order of books that were out.
	Preorder       bool        `json:"preorder"`
	ReleaseDate    string      `json:"releaseDate"`
	Version        int         `json:"version"`
	Currency       string      `json:"currency"`
	Items          []AdminLine `json:"items"`
	SubtotalCents  int64       `json:"subtotalCents"`
	TaxCents       int64       `json:"taxCents"`
	TaxRate        string      `json:"taxRate"`  // "10%", or "0% print, 20% digital"
	TaxPlace       string      `json:"taxPlace"` // where the rate is of; "" for older orders
	ShippingCents  int64       `json:"shippingCents"`
	TotalCents     int64       `json:"totalCents"`
	DiscountCode   string      `json:"discountCode"`
	DiscountCents  int64       `json:"discountCents"`
	ShippingMethod string      `json:"shippingMethod"`
	// RefundedCents is what completed refunds gave back; PendingRefundCents
	// what refunds still under way at PayPal are asking; RefundableCents
	// what is left once both are taken off.
	RefundedCents      int64           `json:"refundedCents"`
	PendingRefundCents int64           `json:"pendingRefundCents"`
	RefundableCents    int64           `json:"refundableCents"`
	Buyer              Buyer           `json:"buyer"`
	ShippingInfo       ShippingInfo    `json:"shippingInfo"`
	Payment            Payment         `json:"payment"`
	Fulfilment         *FulfilmentView `json:"fulfilment"`
	CancelledAt        *time.Time      `json:"cancelledAt"`
	CreatedAt          time.Time       `json:"createdAt"`
	PaidAt             *time.Time      `json:"paidAt"`
	Refunds            []RefundView    `json:"refunds"`
	Timeline           []TimelineEntry `json:"timeline"`
	// Actions are the moves the order's state allows; the caller's role
	// may still forbid them (the app reads its permissions from /api/admin/me).
	Actions []string `json:"actions"`
}

// AdminLine is one line with what was refunded of it.
type AdminLine struct {
	Position         int    `json:"position"`
	BookID           int    `json:"bookId"`
	Title            string `json:"title"`
	Quantity         int    `json:"quantity"`
	RefundedQuantity int    `json:"refundedQuantity"`
	UnitPriceCents   int64  `json:"unitPriceCents"`
	LineTotalCents   int64  `json:"lineTotalCents"`
	// Format is the line's; Digital tells that it is delivered, not
	// shipped (the desk ships the other lines, and warns before refunding
	// one: digital purchases are non-refundable under the shop's policy).
	Format  string `json:"format"`
	Digital bool   `json:"digital"`
	// ReleaseDate is the day a pre-ordered book comes out, "" for one that was out.
	ReleaseDate string `json:"releaseDate"`
}

// Buyer is who placed the order.
type Buyer struct {
	UserID string `json:"userId"`
	Email  string `json:"email"`
	Name   string `json:"name"`
}

// Payment is how the order was paid and PayPal's references.
type Payment struct {
	Provider      string `json:"provider"`
	Demo          bool   `json:"demo"`
	PayPalOrderID string `json:"paypalOrderId"`
	CaptureID     string `json:"captureId"`
}

// FulfilmentView is the parcel: carrier, tracking, and when.
type FulfilmentView struct {
	fulfilment
	FulfilledAt *time.Time `json:"fulfilledAt"`
	DeliveredAt *time.Time `json:"deliveredAt"`
}

func fulfilmentOf(d deskState) *FulfilmentView {
	if d.FulfilledAt == nil {
		return nil
	}
	return &FulfilmentView{fulfilment: d.fulfilment, FulfilledAt: d.FulfilledAt, DeliveredAt: d.DeliveredAt}
}

// adminOrder reads the whole order for the desk.
func (s *Service) adminOrder(ctx context.Context, number string) (AdminOrder, error) {
	o, d, err := loadDesk(ctx, s.db, number)
	if err != nil {
		return AdminOrder{}, err
	}
	v := AdminOrder{Number: o.Number, Status: legacyStatus(o.State), PaymentStatus: o.Payment, FulfillmentStatus: o.Fulfilment, Preorder: o.Preorder, ReleaseDate: releaseDateOf(o.Lines), Version: d.Version, Currency: o.Currency, Items: []AdminLine{},
		SubtotalCents: o.SubtotalCents, TaxCents: o.TaxCents, TaxRate: o.Tax.Label(o.Lines), TaxPlace: o.Tax.Place, ShippingCents: o.ShippingCents, TotalCents: o.TotalCents,
		DiscountCode: o.DiscountCode, DiscountCents: o.DiscountCents, ShippingMethod: o.ShippingMethod,
		RefundableCents: max(0, o.TotalCents-d.RefundedCents),
		Buyer:           Buyer{UserID: o.UserID, Email: o.Email, Name: o.Shipping.FullName},
		ShippingInfo:    o.Shipping,
		Payment:         Payment{Provider: o.Provider, Demo: isDemo(o.Provider), PayPalOrderID: o.ProviderOrderID, CaptureID: o.CaptureID},
		Fulfilment:      fulfilmentOf(d), CancelledAt: d.CancelledAt, CreatedAt: o.CreatedAt.UTC(), PaidAt: o.PaidAt,
		Actions: allowedActions(o, d)}
	if !allows(ActionRefund, o.State) {
		v.RefundableCents = 0
	}
	refunded, err := refundedQuantities(ctx, s.db, o.ID)
	if err != nil {
		return AdminOrder{}, err
	}
	for i, l := range o.Lines {
		v.Items = append(v.Items, AdminLine{Position: i + 1, BookID: l.BookID, Title: l.Title, Quantity: l.Quantity,
			RefundedQuantity: refunded[i+1], UnitPriceCents: l.UnitPriceCents, LineTotalCents: l.LineTotalCents,
			Format: l.Format, Digital: l.IsDigital(), ReleaseDate: l.ReleaseDate})
	}
	if v.Refunds, err = refundsOf(ctx, s.db, o.ID); err != nil {
		return AdminOrder{}, err
	}
	v.RefundedCents, v.PendingRefundCents = refundTotals(v.Refunds)
	if v.Timeline, err = timelineOf(ctx, s.db, o.ID); err != nil {
		return AdminOrder{}, err
	}
	return v, nil
}

// AdminOrderOf serves the desk's read of one order.
func (s *Service) AdminOrderOf(ctx context.Context, number string) (AdminOrder, error) {
	return s.adminOrder(ctx, number)
}

// OrderSummary is one row of the desk's list.
type OrderSummary struct {
	Number            string `json:"number"`
	Status            string `json:"status"` // legacyStatus, as AdminOrder's
	PaymentStatus     string `json:"paymentStatus"`
	FulfillmentStatus string `json:"fulfillmentStatus"`
	Provider          string `json:"provider"`
	Email             string `json:"email"`
	Name              string `json:"name"`
	Items             int    `json:"items"`
	TotalCents        int64  `json:"totalCents"`
	// RefundedCents: completed refunds; PendingRefundCents: those still
	// under way at PayPal.
	RefundedCents      int64     `json:"refundedCents"`
	PendingRefundCents int64     `json:"pendingRefundCents"`
	Shipped            bool      `json:"shipped"`
	CreatedAt          time.Time `json:"createdAt"`
}

// OrderList is GET /api/admin/orders's response. NextCursor and
// PrevCursor name the places of the pages after and before this one (for
// after= and before=), null at either end of the list.
type OrderList struct {
	Orders []OrderSummary `json:"orders"`
	// Total is how many orders match, counted up to countedPages pages:
	// with TotalCapped, at least that many (the list goes on by its
	// cursors), as counting a year's orders for every page cost 55-110 ms
	// on PostgreSQL.
	Total       int     `json:"total"`
	TotalCapped bool    `json:"totalCapped"`
	Page        int     `json:"page"`
	PerPage     int     `json:"perPage"`
	NextCursor  *string `json:"nextCursor"`
	PrevCursor  *string `json:"prevCursor"`
}

// AllStatuses are every value of legacyStatus, for the list's older
// status filter.
var AllStatuses = []string{PaymentPending, PaymentPaid, "fulfilled", Delivered, Cancelled,
	PaymentPartiallyRefunded, PaymentRefunded, PaymentFailed, PaymentExpired}

var allProviders = []string{ProviderPayPal, ProviderDemoCard, ProviderDemoApple, ProviderDemoGoogle, ProviderNone}

// sortKey is one column a list is sorted by.
type sortKey struct {
	column string
	desc   bool
}

// orderSorts are the list's orders, each ending with a unique column, so
// that an order has one place in it: a page starts after (or ends before)
// the order its cursor names.
var orderSorts = map[string][]sortKey{
	"createdAt":   {{"created_at", false}, {"id", false}},
	"-createdAt":  {{"created_at", true}, {"id", true}},
	"totalCents":  {{"total_cents", false}, {"id", false}},
	"-totalCents": {{"total_cents", true}, {"id", true}},
	"number":      {{"number", false}},
	"-number":     {{"number", true}},
	"status":      {{"status", false}, {"created_at", true}, {"id", true}},
	"-status":     {{"status", true}, {"created_at", true}, {"id", true}},
}

const (
	defaultOrdersPerPage = 25
	maxOrdersPerPage     = 100
	// countedPages bounds the list's count: 10,000 orders at 25 a page.
	countedPages = 400
)

// wholeOrderNumber is an order number as newOrderNumber makes them.
var wholeOrderNumber = regexp.MustCompile(`^SF-[0-9A-Z]{10}$`)

// orderQuery is a parsed GET /api/admin/orders.
type orderQuery struct {
	where         []string
	args          []any
	sort          []sortKey
	page, perPage int
	// after or before: the number of the order the page starts after or
	// ends before; neither: the page is found by its number.
	after, before string
}

// parseOrderQuery reads q (order number, e-mail or words of either or of
// the buyer's name, as the database d searches them), paymentStatus,
// fulfillmentStatus and the older status (each one or several,
// comma-separated), from and to (dates, YYYY-MM-DD, inclusive),
// method, sort, page/perPage, and the order a page starts after or ends
// before (after, before: the list's nextCursor and prevCursor).
func parseOrderQuery(v url.Values, d *db.DB) (orderQuery, error) {
	q := orderQuery{where: []string{"1 = 1"}}
	fields := map[string]string{}
	if text := strings.TrimSpace(v.Get("q")); text != "" {
		if utf8.RuneCountInString(text) > 200 || httpx.HasControl(text) {
			fields["q"] = "At most 200 characters of text"
		}
		switch lower := strings.ToLower(text); {
		// A whole order number or e-mail address is looked up in its
		// index; anything else finds the orders with a word starting with
		// each word typed in the number, the address or the buyer's name
		// (the shipping details'), in the words' index (migration 0901).
		case wholeOrderNumber.MatchString(strings.ToUpper(text)):
			q.where = append(q.where, "number = ?")
			q.args = append(q.args, strings.ToUpper(text))
		case httpx.LooksLikeEmail(lower):
			q.where = append(q.where, "LOWER(email) = ?")
			q.args = append(q.args, lower)
		case len(db.SearchWords(text)) == 0: // punctuation alone
			q.where = append(q.where, "1 = 0")
		default:
			q.where = append(q.where, orderWords(d))
			q.args = append(q.args, d.WordsQuery(db.SearchWords(text)))
		}
	}
	for _, f := range []struct {
		param, column string
		values        []string
	}{
		{"status", "status", AllStatuses},
		{"paymentStatus", "payment_status", PaymentStatuses},
		{"fulfillmentStatus", "fulfillment_status", FulfillmentStatuses},
	} {
		if list, ok := oneOrMore(v.Get(f.param), f.values); !ok {
			fields[f.param] = "One or more of: " + strings.Join(f.values, ", ")
		} else if len(list) > 0 {
			q.where = append(q.where, f.column+" IN (?"+strings.Repeat(", ?", len(list)-1)+")")
			q.args = append(q.args, list...)
		}
	}
	if m := v.Get("method"); m != "" {
		if !slices.Contains(allProviders, m) {
			fields["method"] = "One of: " + strings.Join(allProviders, ", ")
		}
		q.where = append(q.where, "provider = ?")
		q.args = append(q.args, m)
	}
	var from, to time.Time
	for _, p := range []struct {
		name string
		t    *time.Time
	}{{"from", &from}, {"to", &to}} {
		if s := v.Get(p.name); s != "" {
			// Years are bounded: SQLite compares dates as text, where the
			// day after 9999-12-31 (year 10000) sorts before every order.
			t, err := time.Parse(time.DateOnly, s)
			if err != nil || t.Year() < minListYear || t.Year() > maxListYear {
				fields[p.name] = fmt.Sprintf("A date as YYYY-MM-DD, from year %d to %d", minListYear, maxListYear)
			}
			*p.t = t
		}
	}
	if !from.IsZero() {
		q.where = append(q.where, "created_at >= ?")
		q.args = append(q.args, from)
	}
	if !to.IsZero() {
		q.where = append(q.where, "created_at < ?")
		q.args = append(q.args, to.AddDate(0, 0, 1))
	}
	if !from.IsZero() && !to.IsZero() && to.Before(from) {
		fields["to"] = "On or after the start date"
	}
	sort := v.Get("sort")
	if sort == "" {
		sort = "-createdAt"
	}
	var ok bool
	if q.sort, ok = orderSorts[sort]; !ok {
		fields["sort"] = "createdAt, totalCents, number or status, each with - for descending"
	}
	q.after, q.before = v.Get("after"), v.Get("before")
	if q.after != "" && q.before != "" {
		fields["before"] = "Either after or before, not both"
	}
	q.page, ok = whole(v.Get("page"), 1, 1, 100_000)
	if !ok {
		fields["page"] = "A page number from 1"
	}
	if q.perPage, ok = whole(v.Get("perPage"), defaultOrdersPerPage, 1, maxOrdersPerPage); !ok {
		fields["perPage"] = "A number from 1 to 100"
	}
	if len(fields) > 0 {
		return orderQuery{}, httpx.Invalid("The list's filters are not valid.", fields)
	}
	return q, nil
}

// orderWords is the condition of the orders whose words match the
// WordsQuery bound to it. PostgreSQL's expression is its index's
// (migration 0901).
func orderWords(d *db.DB) string {
	if d.Dialect == db.Postgres {
		return `search_words(number || ' ' || email || ' ' || COALESCE(shipping_info::jsonb ->> 'fullName', '')) @@ to_tsquery('simple', ?)`
	}
	return `id IN (SELECT rowid FROM orders_search WHERE orders_search MATCH ?)`
}

// oneOrMore reads a comma-separated list of allowed values, each once: a
// list that repeats one must not become more SQL variables than the
// database takes. false when a value is not allowed.
func oneOrMore(s string, allowed []string) ([]any, bool) {
	var list []any
	if s == "" {
		return nil, true
	}
	for v := range strings.SplitSeq(s, ",") {
		if !slices.Contains(allowed, v) {
			return nil, false
		}
		if !slices.Contains(list, any(v)) {
			list = append(list, v)
		}
	}
	return list, true
}

// The years the list's dates may name.
const minListYear, maxListYear = 2000, 2999

// whole reads a whole number in [lo, hi]; "" is def.
func whole(s string, def, lo, hi int) (int, bool) {
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}

// ListOrdersForDesk is the desk's list.
func (s *Service) ListOrdersForDesk(ctx context.Context, v url.Values) (OrderList, error) {
	q, err := parseOrderQuery(v, s.db)
	if err != nil {
		return OrderList{}, err
	}
	where := strings.Join(q.where, " AND ")
	list := OrderList{Orders: []OrderSummary{}, Page: q.page, PerPage: q.perPage}
	counted := countedPages * q.perPage
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM orders WHERE `+where+` LIMIT `+strconv.Itoa(counted+1)+`) AS counted`,
		q.args...).Scan(&list.Total); err != nil {
		return OrderList{}, fmt.Errorf("orders: count: %w", err)
	}
	if list.Total > counted {
		list.Total, list.TotalCapped = counted, true
	}
	page, err := s.orderPage(ctx, q, where)
	if err != nil || len(page.ids) == 0 {
		return list, err
	}
	ids := make([]any, len(page.ids))
	for i, id := range page.ids {
		ids[i] = id
	}
	// refunded_cents counts refunds under way too: the list sums the
	// completed and the pending ones apart, as the order page does.
	refunds := `(SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds WHERE order_id = orders.id AND status = '`
	rows, err := s.db.QueryContext(ctx, `SELECT id, number, payment_status, fulfillment_status, provider, email, shipping_info, total_cents,
		`+refunds+refundCompleted+`'), `+refunds+refundPending+`'),
		fulfilled_at IS NOT NULL, created_at, (SELECT COALESCE(SUM(quantity), 0) FROM order_lines WHERE order_id = orders.id)
		FROM orders WHERE id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`, ids...)
	if err != nil {
		return OrderList{}, fmt.Errorf("orders: list: %w", err)
	}
	defer rows.Close()
	byID := map[int64]OrderSummary{}
	for rows.Next() {
		var id int64
		var o OrderSummary
		var info string
		var st State
		if err := rows.Scan(&id, &o.Number, &st.Payment, &st.Fulfilment, &o.Provider, &o.Email, &info, &o.TotalCents, &o.RefundedCents, &o.PendingRefundCents, &o.Shipped, &o.CreatedAt, &o.Items); err != nil {
			return OrderList{}, err
		}
		var si ShippingInfo
		_ = json.Unmarshal([]byte(info), &si) // a name is a nicety: an unreadable one is left out
		o.Name, o.CreatedAt = si.FullName, o.CreatedAt.UTC()
		o.Status, o.PaymentStatus, o.FulfillmentStatus = legacyStatus(st), st.Payment, st.Fulfilment
		byID[id] = o
	}
	if err := rows.Err(); err != nil {
		return OrderList{}, err
	}
	for _, id := range page.ids {
		list.Orders = append(list.Orders, byID[id])
	}
	first, last := list.Orders[0].Number, list.Orders[len(list.Orders)-1].Number
	if page.hasBefore {
		list.PrevCursor = &first
	}
	if page.hasAfter {
		list.NextCursor = &last
	}
	return list, nil
}

// orderIDs are a page of the list, in its order, and whether the list goes
// on before and after it.
type orderIDs struct {
	ids                 []int64
	hasBefore, hasAfter bool
}

// orderPage finds the ids of q's page: the perPage orders after (or
// before) the order its cursor names, from that order's place in the
// sort's index (keyset pages: the year's last page as fast as its first),
// or else the page by its number (OFFSET, which steps over every order
// before it). The list's columns are then read for the page's orders only.
func (s *Service) orderPage(ctx context.Context, q orderQuery, where string) (orderIDs, error) {
	cursor, param, backwards := q.after, "after", false
	if q.before != "" {
		cursor, param, backwards = q.before, "before", true
	}
	args := slices.Clone(q.args)
	limit := " LIMIT " + strconv.Itoa(q.perPage+1)
	if cursor != "" {
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE number = ?`, cursor).Scan(&n); err != nil {
			return orderIDs{}, fmt.Errorf("orders: cursor: %w", err)
		}
		if n == 0 {
			return orderIDs{}, httpx.Invalid("That page of the list is gone: start again from the first page.",
				map[string]string{param: "The number of an order of the list"})
		}
		cond, condArgs := keysetAfter(q.sort, backwards, cursor)
		where += " AND " + cond
		args = append(args, condArgs...)
	} else {
		limit += " OFFSET " + strconv.Itoa((q.page-1)*q.perPage)
	}
	ids, err := db.Column[int64](s.db.QueryContext(ctx, `SELECT id FROM orders WHERE `+where+` ORDER BY `+sortSQL(q.sort, backwards)+limit, args...))
	if err != nil {
		return orderIDs{}, fmt.Errorf("orders: list: %w", err)
	}
	page := orderIDs{ids: ids}
	more := len(page.ids) > q.perPage
	page.ids = page.ids[:min(len(page.ids), q.perPage)]
	switch {
	case backwards:
		slices.Reverse(page.ids)
		page.hasBefore, page.hasAfter = more, true
	case cursor != "":
		page.hasBefore, page.hasAfter = true, more
	default:
		page.hasBefore, page.hasAfter = q.page > 1, more
	}
	return page, nil
}

// sortSQL is the sort's ORDER BY, or its reverse.
func sortSQL(sort []sortKey, reverse bool) string {
	cols := make([]string, len(sort))
	for i, k := range sort {
		cols[i] = k.column
		if k.desc != reverse {
			cols[i] += " DESC"
		}
	}
	return strings.Join(cols, ", ")
}

// keysetAfter is the condition of the orders after the order numbered
// number in sort (before it when backwards), compared with that order's
// own values: one row value where the columns all go one way, which both
// databases read from the sort's index, or else column by column.
func keysetAfter(sort []sortKey, backwards bool, number string) (string, []any) {
	op := func(k sortKey) string {
		if k.desc != backwards {
			return " < "
		}
		return " > "
	}
	of := func(cols ...string) string {
		return "(SELECT " + strings.Join(cols, ", ") + " FROM orders WHERE number = ?)"
	}
	cols := make([]string, len(sort))
	oneWay := true
	for i, k := range sort {
		cols[i] = k.column
		oneWay = oneWay && k.desc == sort[0].desc
	}
	if oneWay {
		return "(" + strings.Join(cols, ", ") + ")" + op(sort[0]) + of(cols...), []any{number}
	}
	// a > x OR (a = x AND (b < y OR (b = y AND c < z)))
	var args []any
	var after func(i int) string
	after = func(i int) string {
		k := sort[i]
		args = append(args, number)
		c := k.column + op(k) + of(k.column)
		if i == len(sort)-1 {
			return c
		}
		args = append(args, number)
		return "(" + c + " OR (" + k.column + " = " + of(k.column) + " AND " + after(i+1) + "))"
	}
	return after(0), args
}
