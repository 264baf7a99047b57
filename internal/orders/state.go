package orders

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"bookshop/internal/db"
)

// The order's state machine, the whole truth about its statuses. An order
// has two, side by side, as Shopify and Medusa show them: what became of
// the money (payment) and of the parcel (fulfilment).
//
//	payment
//
//	pending_payment ──fail──▶ payment_failed ──retry──▶ pending_payment
//	pending_payment, payment_failed ──pay──▶ paid
//	  (an order of digital formats only is delivered as it is paid:
//	   pending_payment, payment_failed & unfulfilled ──pay──▶ paid & delivered)
//	pending_payment, payment_failed ──expire──▶ expired
//	paid ──refund──▶ partially_refunded ──refund──▶ refunded
//	paid ──refund──▶ refunded
//
//	fulfilment
//
//	unfulfilled ──ship──▶ shipped ──deliver──▶ delivered
//	unfulfilled ──cancel──▶ cancelled ──uncancel──▶ unfulfilled
//	awaiting_release ──release──▶ unfulfilled
//	  (digital formats only: awaiting_release ──release──▶ delivered)
//	awaiting_release ──cancel──▶ cancelled ──uncancel──▶ awaiting_release
//
//	both at once
//
//	pending_payment, payment_failed & unfulfilled ──pay──▶ paid & awaiting_release
//	paid & unfulfilled, awaiting_release ──deny──▶ payment_failed & cancelled
//	paid & delivered ──deny──▶ payment_failed & cancelled
//	  (an order of digital formats only, delivered as it was paid: the
//	   family loses its formats; a parcel that arrived is not denied so)
//
// Across the two: the moves before payment (fail, retry, pay, expire) need
// an unfulfilled order; ship, deliver, cancel and uncancel need a paid or
// partly refunded one, and so does release, which also takes a refunded
// one (nothing of it ships then, but it no longer waits); a refund moves the payment whatever became of the
// parcel. A refund's target is derived from amounts: refunded once the
// completed refunds reach the total (refundedStatus). Cancel refunds what
// was paid (its refund completes later, moving the payment); uncancel is
// the way back when that refund fails. Deny is PayPal denying a capture
// after the order was paid: nothing was taken, and nothing ships.
//
// A pre-order (preorder.go) is paid now and waits, awaiting_release, for
// the publication date of its last book still to come: the release job
// moves it on that day, to the desk's orders to ship (and to delivered
// when it has digital formats only, which open in the library then). An
// uncancel takes a pre-order back to where its cancel took it from.
//
// moveOrder is the one write of the two columns: it checks the move against
// this table and writes it with an UPDATE conditional on the state it moves
// from, so of two moves at once one wins and the other changes nothing; it
// also writes the move's line in the timeline. orders.status is the one
// status the shop showed before (legacyStatus), computed by the database
// from these two and kept for the API's and the CSV's readers.

// Payment statuses.
const (
	PaymentPending           = "pending_payment"
	PaymentFailed            = "payment_failed"
	PaymentPaid              = "paid"
	PaymentPartiallyRefunded = "partially_refunded"
	PaymentRefunded          = "refunded"
	// PaymentExpired ends a checkout left awaiting payment past the
	// reconciler's threshold without PayPal having taken the money.
	PaymentExpired = "expired"
)

// Fulfilment statuses.
const (
	Unfulfilled = "unfulfilled"
	Shipped     = "shipped"
	Delivered   = "delivered"
	Cancelled   = "cancelled"
	// AwaitingRelease is a paid pre-order waiting for its book's
	// publication date (preorder.go).
	AwaitingRelease = "awaiting_release"
)

// PaymentStatuses and FulfillmentStatuses are every value of each, in the
// order the desk's filters list them.
var (
	PaymentStatuses     = []string{PaymentPending, PaymentPaid, PaymentPartiallyRefunded, PaymentRefunded, PaymentFailed, PaymentExpired}
	FulfillmentStatuses = []string{AwaitingRelease, Unfulfilled, Shipped, Delivered, Cancelled}
)

// State is an order's two statuses.
type State struct {
	Payment    string
	Fulfilment string
}

func (s State) String() string { return s.Payment + "/" + s.Fulfilment }

// settled is a payment that ships: paid, or paid and partly refunded.
var settled = []string{PaymentPaid, PaymentPartiallyRefunded}

// releasable are the payments a pre-order leaves awaiting_release from: a
// settled one, or one refunded in full, which waits for nothing any more.
var releasable = []string{PaymentPaid, PaymentPartiallyRefunded, PaymentRefunded}

// rule is one line of the diagram: the move name takes an order whose
// payment is one of payFrom and whose fulfilment is one of fulFrom to payTo
// and fulTo ("" keeps that status).
type rule struct {
	name    string
	payFrom []string
	payTo   string
	fulFrom []string
	fulTo   string
}

// Move names, as the table and the desk's actions call them.
const (
	moveFail     = "fail"
	moveRetry    = "retry"
	movePay      = "pay"
	moveExpire   = "expire"
	moveRefund   = "refund"
	moveShip     = "ship"
	moveDeliver  = "deliver"
	moveCancel   = "cancel"
	moveUncancel = "uncancel"
	moveDeny     = "deny"
	moveRelease  = "release"
)

// table is the diagram above, line by line.
var table = []rule{
	{moveFail, []string{PaymentPending}, PaymentFailed, []string{Unfulfilled}, ""},
	{moveRetry, []string{PaymentFailed}, PaymentPending, []string{Unfulfilled}, ""},
	{movePay, []string{PaymentPending, PaymentFailed}, PaymentPaid, []string{Unfulfilled}, ""},
	// Digital formats only: nothing waits on the desk (markPaid).
	{movePay, []string{PaymentPending, PaymentFailed}, PaymentPaid, []string{Unfulfilled}, Delivered},
	{moveExpire, []string{PaymentPending, PaymentFailed}, PaymentExpired, []string{Unfulfilled}, ""},
	{moveRefund, []string{PaymentPaid}, PaymentPartiallyRefunded, FulfillmentStatuses, ""},
	{moveRefund, settled, PaymentRefunded, FulfillmentStatuses, ""},
	{moveShip, settled, "", []string{Unfulfilled}, Shipped},
	{moveDeliver, settled, "", []string{Shipped}, Delivered},
	{moveCancel, settled, "", []string{Unfulfilled}, Cancelled},
	{moveUncancel, settled, "", []string{Cancelled}, Unfulfilled},
	{moveDeny, []string{PaymentPaid}, PaymentFailed, []string{Unfulfilled, AwaitingRelease}, Cancelled},
	// Digital formats only: what was delivered is taken back (captureDenied).
	{moveDeny, []string{PaymentPaid}, PaymentFailed, []string{Delivered}, Cancelled},
	// Pre-orders: paid now, released on the book's day.
	{movePay, []string{PaymentPending, PaymentFailed}, PaymentPaid, []string{Unfulfilled}, AwaitingRelease},
	{moveRelease, releasable, "", []string{AwaitingRelease}, Unfulfilled},
	{moveRelease, releasable, "", []string{AwaitingRelease}, Delivered},
	{moveCancel, settled, "", []string{AwaitingRelease}, Cancelled},
	{moveUncancel, settled, "", []string{Cancelled}, AwaitingRelease},
}

// target is where the rule takes from, or false when it does not apply.
func (r rule) target(from State) (State, bool) {
	if !slices.Contains(r.payFrom, from.Payment) || !slices.Contains(r.fulFrom, from.Fulfilment) {
		return State{}, false
	}
	to := from
	if r.payTo != "" {
		to.Payment = r.payTo
	}
	if r.fulTo != "" {
		to.Fulfilment = r.fulTo
	}
	return to, true
}

// moveOf names the move from one state to another; false when the table
// has none.
func moveOf(from, to State) (string, bool) {
	for _, r := range table {
		if t, ok := r.target(from); ok && t == to && t != from {
			return r.name, true
		}
	}
	return "", false
}

// can tells whether the table has a move named name out of s.
func (s State) can(name string) bool {
	for _, r := range table {
		if _, ok := r.target(s); ok && r.name == name {
			return true
		}
	}
	return false
}

// moveBy is where the move named name takes s (the first line of the
// table that applies), or false.
func (s State) moveBy(name string) (State, bool) {
	for _, r := range table {
		if t, ok := r.target(s); ok && r.name == name {
			return t, true
		}
	}
	return State{}, false
}

// refundedStatus is the payment status that completed refunds of
// refunded cents leave an order of total cents in.
func refundedStatus(total, refunded int64) string {
	switch {
	case refunded >= total:
		return PaymentRefunded
	case refunded > 0:
		return PaymentPartiallyRefunded
	}
	return PaymentPaid
}

// legacyStatus is the one status the shop showed before the two: the API's
// status field and orders.status, which migration 0610 computes the same
// way in SQL.
func legacyStatus(s State) string {
	switch {
	case s.Fulfilment == Cancelled:
		return "cancelled"
	case s.Payment != PaymentPaid:
		return s.Payment
	case s.Fulfilment == Delivered:
		return "delivered"
	case s.Fulfilment == Shipped:
		return "fulfilled"
	}
	return PaymentPaid
}

// paymentWords and fulfilmentWords are how the desk, My Orders and the
// e-mails say each status (the web app's admin-orders/types.ts says the
// same).
var (
	paymentWords = map[string]string{PaymentPending: "Awaiting payment", PaymentFailed: "Payment failed", PaymentPaid: "Paid",
		PaymentPartiallyRefunded: "Partly refunded", PaymentRefunded: "Refunded", PaymentExpired: "Expired"}
	fulfilmentWords = map[string]string{AwaitingRelease: "Awaiting release", Unfulfilled: "Not shipped", Shipped: "Shipped", Delivered: "Delivered", Cancelled: "Cancelled"}
)

// words says both statuses, the parcel's first: "Shipped · Partly refunded".
func (s State) words() string {
	return fulfilmentWords[s.Fulfilment] + " · " + paymentWords[s.Payment]
}

// errNoMove refuses a move the table does not have; nothing is written.
var errNoMove = errors.New("orders: the state machine has no such move")

// change is one move of an order: from and to, the line it leaves in the
// timeline, and what else the same UPDATE writes (set, ", paid_at = ?")
// or requires (where, " AND version = ?").
type change struct {
	from, to  State
	kind      string // the timeline's kind: kindStatus unless said
	note      string
	actor     staff
	set       string
	setArgs   []any
	where     string
	whereArgs []any
}

// moveOrder is the one write of an order's payment_status and
// fulfillment_status (a test holds that no other code writes them). It
// refuses a move the table does not have (errNoMove), and changes nothing,
// saying so (false), when the order is no longer in c.from or fails
// c.where. A move bumps the order's version, which the desk's actions are
// checked against, and writes one timeline line for each status it moves.
func moveOrder(ctx context.Context, q db.Querier, orderID int64, c change, at time.Time) (bool, error) {
	if _, ok := moveOf(c.from, c.to); !ok {
		return false, fmt.Errorf("%w: %s to %s", errNoMove, c.from, c.to)
	}
	moved, err := updateIn(ctx, q, orderID, c.from, `, payment_status = ?, fulfillment_status = ?`+c.set,
		append([]any{c.to.Payment, c.to.Fulfilment}, c.setArgs...), c.where, c.whereArgs, at)
	if err != nil || !moved {
		return false, err
	}
	kind := c.kind
	if kind == "" {
		kind = kindStatus
	}
	for _, d := range [][2]string{{c.from.Payment, c.to.Payment}, {c.from.Fulfilment, c.to.Fulfilment}} {
		if d[0] != d[1] {
			if err := addTimeline(ctx, q, orderID, entry{kind: kind, from: d[0], to: d[1], note: c.note, actor: c.actor}, at); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// updateIn writes other columns of an order (set, ", refunded_cents = ?")
// provided it is still in s and meets where; it bumps the version. false
// when it changed nothing.
func updateIn(ctx context.Context, q db.Querier, orderID int64, s State, set string, setArgs []any, where string, whereArgs []any, at time.Time) (bool, error) {
	args := append([]any{at.UTC()}, setArgs...)
	args = append(append(args, orderID, s.Payment, s.Fulfilment), whereArgs...)
	res, err := q.ExecContext(ctx, `UPDATE orders SET version = version + 1, updated_at = ?`+set+`
		WHERE id = ? AND payment_status = ? AND fulfillment_status = ?`+where, args...)
	if err != nil {
		return false, fmt.Errorf("orders: update in %s: %w", s, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// lockOrder takes the order's row lock in tx (bumping its version), so
// that its state, read next, stays what it is until the commit: nobody
// else's move can slip between the read and a move made from it.
func lockOrder(ctx context.Context, tx *db.Tx, orderID int64, at time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET version = version + 1, updated_at = ? WHERE id = ?`, at.UTC(), orderID); err != nil {
		return fmt.Errorf("orders: lock order: %w", err)
	}
	return nil
}

// stateOf reads an order's statuses (in tx, the ones a move starts from).
func stateOf(ctx context.Context, q db.Querier, orderID int64) (State, error) {
	var s State
	err := q.QueryRowContext(ctx, `SELECT payment_status, fulfillment_status FROM orders WHERE id = ?`, orderID).Scan(&s.Payment, &s.Fulfilment)
	if err != nil {
		return State{}, fmt.Errorf("orders: read state: %w", err)
	}
	return s, nil
}

// Timeline kinds.
const (
	kindStatus  = "status"  // a move of the state machine
	kindEmail   = "email"   // an e-mail to the buyer
	kindRefund  = "refund"  // a refund, with or without a move of the payment
	kindNote    = "note"    // staff's internal note
	kindWebhook = "webhook" // something PayPal told us that changed nothing
)

// entry is one line of an order's timeline: a move (from and to, of one of
// the two statuses) or something that happened (from and to empty).
type entry struct {
	kind     string
	from, to string
	note     string
	actor    staff // staff{} when the shop itself acted (an e-mail sent)
}

// addTimeline is the one write of the timeline (the status history's table).
func addTimeline(ctx context.Context, q db.Querier, orderID int64, e entry, at time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO order_status_history (order_id, kind, from_status, to_status, note, actor_id, actor_system, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, orderID, e.kind, e.from, e.to, e.note, e.actor.id, e.actor.system, at.UTC())
	if err != nil {
		return fmt.Errorf("orders: timeline: %w", err)
	}
	return nil
}
