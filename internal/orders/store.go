package orders

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
)

// Providers: PayPal, and the three demo methods that move no money.
const (
	ProviderPayPal     = "paypal"
	ProviderDemoCard   = "demo_card"
	ProviderDemoApple  = "demo_apple"
	ProviderDemoGoogle = "demo_google"
	ProviderNone       = "none" // a total of zero: nothing was paid, by no method
)

// Order is a stored order with its lines.
type Order struct {
	ID              int64
	Number          string
	UserID          string
	Email           string
	Provider        string
	ProviderOrderID string
	State           // payment and fulfilment (state.go)
	Currency        string
	Cart
	Shipping       ShippingInfo
	CaptureID      string
	CaptureAttempt int
	IdempotencyKey string // the payment call's Idempotency-Key, if it sent one
	CreatedAt      time.Time
	PaidAt         *time.Time
	// Preorder tells that a line waited for its book's release when the
	// order was placed (preorder.go).
	Preorder bool
}

const orderColumns = `id, number, COALESCE(user_id, ''), email, provider, COALESCE(provider_order_id, ''), payment_status, fulfillment_status, currency,
	subtotal_cents, tax_cents, shipping_cents, total_cents, shipping_info, COALESCE(capture_id, ''), capture_attempt, created_at, paid_at,
	shipping_method, discount_code, discount_cents, tax_rate_bp, preorder, digital_tax_rate_bp, tax_place`

func scanOrder(row interface{ Scan(...any) error }) (Order, error) {
	var o Order
	var shipping string
	var paid sql.NullTime
	err := row.Scan(&o.ID, &o.Number, &o.UserID, &o.Email, &o.Provider, &o.ProviderOrderID, &o.Payment, &o.Fulfilment, &o.Currency,
		&o.SubtotalCents, &o.TaxCents, &o.ShippingCents, &o.TotalCents, &shipping, &o.CaptureID, &o.CaptureAttempt, &o.CreatedAt, &paid,
		&o.ShippingMethod, &o.DiscountCode, &o.DiscountCents, &o.Tax.PrintBasisPoints, &o.Preorder, &o.Tax.DigitalBasisPoints, &o.Tax.Place)
	if err != nil {
		return Order{}, err
	}
	if paid.Valid {
		t := paid.Time
		o.PaidAt = &t
	}
	if err := json.Unmarshal([]byte(shipping), &o.Shipping); err != nil {
		return Order{}, fmt.Errorf("order %s: shipping info: %w", o.Number, err)
	}
	return o, nil
}

// insertOrder stores a new order with its lines and its first history entry,
// under a fresh order number.
func insertOrder(ctx context.Context, tx *db.Tx, o *Order, note string, at time.Time) error {
	shipping, err := json.Marshal(o.Shipping)
	if err != nil {
		return err
	}
	now := at.UTC()
	o.CreatedAt = now
	o.Preorder = releaseDateOf(o.Lines) != ""
	// 50 random bits make a collision of numbers practically impossible;
	// should one happen, the unique index refuses it and the buyer retries.
	o.Number = newOrderNumber()
	err = tx.QueryRowContext(ctx, `INSERT INTO orders (number, user_id, email, provider, payment_status, currency,
		subtotal_cents, tax_cents, shipping_cents, total_cents, shipping_info, created_at, updated_at, paid_at, idempotency_key,
		shipping_method, discount_code, discount_cents, tax_rate_bp, preorder, digital_tax_rate_bp, tax_place)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		o.Number, nullString(o.UserID), o.Email, o.Provider, PaymentPending, o.Currency,
		o.SubtotalCents, o.TaxCents, o.ShippingCents, o.TotalCents, string(shipping), now, now, nil, nullString(o.IdempotencyKey),
		shippingMethodOf(o.Cart), o.DiscountCode, o.DiscountCents, o.Tax.PrintBasisPoints, o.Preorder, o.Tax.DigitalBasisPoints, o.Tax.Place).Scan(&o.ID)
	if err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	for i, l := range o.Lines {
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_lines (order_id, position, book_id, title, unit_price_cents, quantity, line_total_cents, format, release_date)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, o.ID, i+1, l.BookID, l.Title, l.UnitPriceCents, l.Quantity, l.LineTotalCents, l.Format, l.ReleaseDate); err != nil {
			return fmt.Errorf("insert order line: %w", err)
		}
	}
	o.State = State{PaymentPending, Unfulfilled}
	return addTimeline(ctx, tx, o.ID, entry{kind: kindStatus, to: PaymentPending, note: note}, now)
}

// movePayment moves an unpaid order's payment (fail, retry, expire) and
// keeps why it failed. false when the order is no longer in from.
func movePayment(ctx context.Context, q db.Querier, orderID int64, from, to, note string, at time.Time) (bool, error) {
	return moveOrder(ctx, q, orderID, change{from: State{from, Unfulfilled}, to: State{to, Unfulfilled}, note: note,
		set: `, failure_reason = ?`, setArgs: []any{failureReason(to, note)}}, at)
}

func failureReason(status, note string) string {
	if status == PaymentFailed {
		return note
	}
	return ""
}

func orderBy(ctx context.Context, q db.Querier, where string, arg any) (Order, error) {
	o, err := scanOrder(q.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE `+where, arg))
	if db.IsNoRows(err) {
		return Order{}, httpx.NotFound("Order")
	}
	if err != nil {
		return Order{}, fmt.Errorf("load order: %w", err)
	}
	o.Lines, err = orderLines(ctx, q, o.ID)
	return o, err
}

func orderLines(ctx context.Context, q db.Querier, orderID int64) ([]Line, error) {
	rows, err := q.QueryContext(ctx, `SELECT book_id, title, unit_price_cents, quantity, line_total_cents, format, release_date
		FROM order_lines WHERE order_id = ? ORDER BY position`, orderID)
	if err != nil {
		return nil, fmt.Errorf("load order lines: %w", err)
	}
	defer rows.Close()
	var lines []Line
	for rows.Next() {
		var l Line
		if err := rows.Scan(&l.BookID, &l.Title, &l.UnitPriceCents, &l.Quantity, &l.LineTotalCents, &l.Format, &l.ReleaseDate); err != nil {
			return nil, err
		}
		lines = append(lines, l)
	}
	return lines, rows.Err()
}

// ordersOfUser lists a buyer's orders that were paid, whatever came after,
// never the checkouts that were abandoned, failed or expired before payment.
func ordersOfUser(ctx context.Context, q db.Querier, userID string) ([]Order, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE user_id = ? AND paid_at IS NOT NULL
		ORDER BY created_at DESC, id DESC LIMIT 200`, userID)
	if err != nil {
		return nil, fmt.Errorf("list orders: %w", err)
	}
	var list []Order
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range list {
		if list[i].Lines, err = orderLines(ctx, q, list[i].ID); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// captureLock is a capture lock this process holds: until is the value it
// wrote to capture_lock_until (Unix ms), which also identifies it, and
// tookOver tells that it replaced an expired lock, i.e. the request that
// held it died (or lost its database) in the middle of a capture.
type captureLock struct {
	orderID  int64
	until    int64
	tookOver bool
}

// claimCapture takes the order's capture lock if the order awaits payment (or
// failed and may be retried) and nobody holds a live lock. The conditional
// UPDATEs are atomic in both databases, so of concurrent capture requests, on
// any number of instances, exactly one proceeds to PayPal.
func claimCapture(ctx context.Context, q db.Querier, orderID int64, now time.Time, hold time.Duration) (captureLock, bool, error) {
	lock := captureLock{orderID: orderID, until: now.Add(hold).UnixMilli()}
	for _, free := range []string{`capture_lock_until IS NULL`, `capture_lock_until < ?`} {
		args := []any{lock.until, now.UTC(), orderID}
		if lock.tookOver = free != `capture_lock_until IS NULL`; lock.tookOver {
			args = append(args, now.UnixMilli())
		}
		res, err := q.ExecContext(ctx, `UPDATE orders SET capture_lock_until = ?, updated_at = ?
			WHERE id = ? AND `+awaitingPayment+` AND `+free, args...)
		if err != nil {
			return captureLock{}, false, fmt.Errorf("claim capture: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return lock, n == 1, err
		}
	}
	return captureLock{}, false, nil
}

// renewCapture pushes a held lock's expiry to until; false when the lock is
// no longer the one this process wrote (released, or taken over).
func renewCapture(ctx context.Context, q db.Querier, lock *captureLock, until int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE orders SET capture_lock_until = ? WHERE id = ? AND capture_lock_until = ?`,
		until, lock.orderID, lock.until)
	if err != nil {
		return false, fmt.Errorf("renew capture lock: %w", err)
	}
	n, err := res.RowsAffected()
	if n == 1 {
		lock.until = until
	}
	return n == 1, err
}

// keepShipping records the capture request's buyer details before PayPal
// is asked, so an order finished by someone else (a retry, the reconciler)
// after this request died still ships to the right address.
func keepShipping(ctx context.Context, q db.Querier, o Order) error {
	shipping, err := json.Marshal(o.Shipping)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `UPDATE orders SET email = ?, shipping_info = ? WHERE id = ? AND `+awaitingPayment,
		o.Email, string(shipping), o.ID); err != nil {
		return fmt.Errorf("store shipping info: %w", err)
	}
	return nil
}

// ordersToReconcile lists orders awaiting payment whose capture lock expired
// (its holder died mid-capture) or that were created before expireBefore,
// and PayPal checkouts declined before then, which still hold their copies.
func ordersToReconcile(ctx context.Context, q db.Querier, now, expireBefore time.Time, limit int) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT id FROM orders WHERE fulfillment_status = ? AND ((payment_status = ?
		AND (capture_lock_until < ? OR (capture_lock_until IS NULL AND created_at < ?)))
		OR (payment_status = ? AND provider_order_id IS NOT NULL AND capture_lock_until IS NULL AND created_at < ?))
		ORDER BY id LIMIT ?`, Unfulfilled, PaymentPending, now.UnixMilli(), expireBefore.UTC(), PaymentFailed, expireBefore.UTC(), limit)
	ids, err := db.Column[int64](rows, err)
	if err != nil {
		return nil, fmt.Errorf("list orders to reconcile: %w", err)
	}
	return ids, nil
}

// releaseCapture drops the lock; nextAttempt tells whether the next try must
// use a new PayPal-Request-Id (after a definitive response from PayPal).
func releaseCapture(ctx context.Context, q db.Querier, orderID int64, nextAttempt bool, at time.Time) error {
	bump := 0
	if nextAttempt {
		bump = 1
	}
	_, err := q.ExecContext(ctx, `UPDATE orders SET capture_lock_until = NULL, capture_attempt = capture_attempt + ?, updated_at = ? WHERE id = ?`,
		bump, at.UTC(), orderID)
	if err != nil {
		return fmt.Errorf("release capture: %w", err)
	}
	return nil
}

// awaitingPayment is the condition on an order row that a capture may
// take it: awaiting payment, or failed and retried, and not cancelled by
// PayPal's denial (deny).
const awaitingPayment = `payment_status IN ('` + PaymentPending + `', '` + PaymentFailed + `') AND fulfillment_status = '` + Unfulfilled + `'`

// markPaid records a successful payment once: it changes nothing, and says
// so, unless the order still awaits payment. Only forward: a late capture
// (a retry, the reconciler, PayPal's webhook) never reopens an order that
// moved on (shipped, cancelled, refunded, expired).
// A pre-order still waiting for a book (awaiting) is paid into
// awaiting_release.
func markPaid(ctx context.Context, q db.Querier, o Order, captureID, note string, awaiting bool, at time.Time) (bool, error) {
	shipping, err := json.Marshal(o.Shipping)
	if err != nil {
		return false, err
	}
	now := at.UTC()
	// Twice: on PostgreSQL a retry may move payment_failed back to
	// pending_payment between the read and the write.
	for range 2 {
		from, err := stateOf(ctx, q, o.ID)
		if err != nil || !from.can(movePay) {
			return false, err
		}
		to := State{PaymentPaid, from.Fulfilment}
		switch {
		case awaiting: // paid now, shipped and delivered on its book's day
			to.Fulfilment = AwaitingRelease
		case digitalOnly(o.Lines): // delivered as it is paid: nothing for the desk to ship
			to.Fulfilment = Delivered
		}
		moved, err := moveOrder(ctx, q, o.ID, change{from: from, to: to, note: note,
			set:     `, user_id = ?, email = ?, shipping_info = ?, capture_id = ?, capture_lock_until = NULL, failure_reason = '', paid_at = ?`,
			setArgs: []any{nullString(o.UserID), o.Email, string(shipping), nullString(captureID), now}}, now)
		if err != nil || moved {
			return moved, err
		}
	}
	return false, nil
}

// payAndDeliver is markPaid and, by the call that moved the order, the
// delivery of its digital lines in the same transaction: each payment path
// (demo, capture, webhook, reconciler) may race the others, and only one
// moves the order, so the family gets each format once. strict refuses
// the payment when a format was delivered meanwhile by another order;
// otherwise that line's refund is reserved and returned (refundOwned makes
// it after the commit). A pre-order's formats are delivered on its release
// day instead (release).
func (s *Service) payAndDeliver(ctx context.Context, tx *db.Tx, o Order, captureID, note string, strict bool, at time.Time) (bool, []refundRow, error) {
	awaiting := s.awaiting(o.Lines, at)
	changed, err := markPaid(ctx, tx, o, captureID, note, awaiting, at)
	if err != nil || !changed || awaiting {
		return changed, nil, err
	}
	owned, err := s.deliver(ctx, tx, o, strict, nil, at)
	return true, owned, err
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// newOrderNumber is short enough to read on the phone and random enough not
// to be guessed: SF- and 10 characters of Crockford's base32 (50 bits).
func newOrderNumber() string {
	const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	b := make([]byte, 10)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[b[i]%32]
	}
	return "SF-" + string(b)
}

// statusLinkOrder is the order of the guest's status link whose token
// hashes to hash, while it works at now; sql.ErrNoRows otherwise.
func statusLinkOrder(ctx context.Context, q db.Querier, hash string, now time.Time) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, `SELECT order_id FROM order_status_links WHERE token_hash = ? AND expires_at > ?`, hash, now.UTC()).Scan(&id)
	return id, err
}

// exported is an order as the CSV export lists it.
type exported struct {
	number, status, provider, email, code, method string
	paid                                          time.Time
	sub, disc, ship, tax, total, refunded         int64
	st                                            State
	rates                                         Tax
	hasPrint, hasDigital                          bool
}

// eachExported calls fn with each order paid in [from, to), by time paid,
// as the rows arrive: a year's orders are never held at once.
func eachExported(ctx context.Context, q db.Querier, from, to time.Time, fn func(exported) error) error {
	rows, err := q.QueryContext(ctx, `SELECT number, paid_at, status, provider, email, subtotal_cents, discount_code, discount_cents,
		shipping_method, shipping_cents, tax_cents, total_cents, payment_status, fulfillment_status,
		(SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds f WHERE f.order_id = orders.id AND f.status = ?),
		tax_rate_bp, digital_tax_rate_bp, tax_place,
		EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = orders.id AND l.format = ?),
		EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = orders.id AND l.format <> ?)
		FROM orders WHERE paid_at >= ? AND paid_at < ? ORDER BY paid_at, id`, refundCompleted, formats.Print, formats.Print, from, to)
	if err != nil {
		return fmt.Errorf("export orders: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var o exported
		if err := rows.Scan(&o.number, &o.paid, &o.status, &o.provider, &o.email, &o.sub, &o.code, &o.disc, &o.method, &o.ship, &o.tax, &o.total,
			&o.st.Payment, &o.st.Fulfilment, &o.refunded, &o.rates.PrintBasisPoints, &o.rates.DigitalBasisPoints, &o.rates.Place,
			&o.hasPrint, &o.hasDigital); err != nil {
			return err
		}
		if err := fn(o); err != nil {
			return err
		}
	}
	return rows.Err()
}
