package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"bookshop/internal/db"
)

// The refunds' rows (order_refunds) and what they reserve on the order and
// its lines; refund.go holds the rules and the transactions that call
// these.

// refundBy is the refund where says (one argument); false when none.
func refundBy(ctx context.Context, q db.Querier, where string, arg any) (refundRow, bool, error) {
	var r refundRow
	var lines string
	err := q.QueryRowContext(ctx, `SELECT id, order_id, amount_cents, reason, lines, source, status, COALESCE(idempotency_key, ''),
		actor_id, actor_system, failure FROM order_refunds WHERE `+where, arg).
		Scan(&r.ID, &r.OrderID, &r.AmountCents, &r.Reason, &lines, &r.Source, &r.Status, &r.Key, &r.Actor.id, &r.Actor.system, &r.Failure)
	if db.IsNoRows(err) {
		return refundRow{}, false, nil
	}
	if err != nil {
		return refundRow{}, false, fmt.Errorf("orders: read refund: %w", err)
	}
	return r, true, json.Unmarshal([]byte(lines), &r.Lines)
}

// insertRefund writes the refund r (its status set) and sets its id.
func insertRefund(ctx context.Context, tx *db.Tx, r *refundRow, now time.Time) error {
	lines, _ := json.Marshal(r.Lines)
	return tx.QueryRowContext(ctx, `INSERT INTO order_refunds (order_id, amount_cents, reason, lines, source, status, idempotency_key,
		actor_id, actor_system, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OrderID, r.AmountCents, r.Reason, string(lines), r.Source, r.Status, nullString(r.Key), r.Actor.id, r.Actor.system, now).Scan(&r.ID)
}

// reserveCopies counts a refund line's copies as refunded on its order
// line; false when fewer than that are left unrefunded.
func reserveCopies(ctx context.Context, tx *db.Tx, orderID int64, l refundLine) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE order_lines SET refunded_quantity = refunded_quantity + ?
		WHERE order_id = ? AND position = ? AND quantity - refunded_quantity >= ?`, l.Quantity, orderID, l.Position, l.Quantity)
	if err != nil {
		return false, fmt.Errorf("orders: reserve refunded copies: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// reserve adds r's amount to what is reserved on o (in the state o was
// read in), conditional on what was left when it was read, so a
// concurrent reservation makes it change nothing (and answer 409). A
// cancellation moves the order to cancelled in the same UPDATE.
func reserve(ctx context.Context, tx *db.Tx, o Order, action string, d deskState, r *refundRow, version int, now time.Time) (bool, error) {
	set, setArgs := `, refunded_cents = refunded_cents + ?`, []any{r.AmountCents}
	where, whereArgs := ` AND refunded_cents = ? AND total_cents - refunded_cents >= ?`, []any{d.RefundedCents, r.AmountCents}
	if version != 0 {
		where += ` AND version = ?`
		whereArgs = append(whereArgs, version)
	}
	if !allows(action, o.State) {
		return false, nil
	}
	if action == ActionRefund { // the payment moves when the refund completes
		return updateIn(ctx, tx, o.ID, o.State, set, setArgs, where, whereArgs, now)
	}
	to, _ := o.moveBy(moveCancel)
	note := "Cancelled"
	if r.Reason != "" {
		note += ": " + r.Reason
	}
	return moveOrder(ctx, tx, o.ID, change{from: o.State, to: to, note: note, actor: r.Actor,
		set: `, cancelled_at = ?` + set, setArgs: append([]any{now}, setArgs...), where: where, whereArgs: whereArgs}, now)
}

// markRefund moves a pending refund to status (completed, with PayPal's
// refund id; or failed, with why); false when it was not pending any more.
func markRefund(ctx context.Context, tx *db.Tx, id int64, status string, now time.Time, paypalID, why string) (bool, error) {
	query, args, verb := `UPDATE order_refunds SET status = ?, paypal_refund_id = ?, completed_at = ? WHERE id = ? AND status = ?`,
		[]any{status, nullString(paypalID), now, id, refundPending}, "complete"
	if status == refundFailed {
		query, args, verb = `UPDATE order_refunds SET status = ?, failure = ? WHERE id = ? AND status = ?`, []any{status, why, id, refundPending}, "fail"
	}
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return false, fmt.Errorf("orders: %s refund: %w", verb, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// completedRefunds is the sum of the order's completed refunds.
func completedRefunds(ctx context.Context, q db.Querier, orderID int64) (int64, error) {
	var completed int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds WHERE order_id = ? AND status = ?`,
		orderID, refundCompleted).Scan(&completed); err != nil {
		return 0, fmt.Errorf("orders: completed refunds: %w", err)
	}
	return completed, nil
}

// refundEveryCopy counts every copy of the order as refunded (a
// cancellation).
func refundEveryCopy(ctx context.Context, tx *db.Tx, orderID int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE order_lines SET refunded_quantity = quantity WHERE order_id = ?`, orderID); err != nil {
		return fmt.Errorf("orders: cancel lines: %w", err)
	}
	return nil
}

// giveBackReservation gives a failed refund's amount and copies back to
// the order.
func giveBackReservation(ctx context.Context, tx *db.Tx, orderID int64, r refundRow, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET refunded_cents = refunded_cents - ?, version = version + 1, updated_at = ? WHERE id = ?`,
		r.AmountCents, now, orderID); err != nil {
		return fmt.Errorf("orders: give back reservation: %w", err)
	}
	for _, l := range r.Lines {
		if _, err := tx.ExecContext(ctx, `UPDATE order_lines SET refunded_quantity = refunded_quantity - ? WHERE order_id = ? AND position = ?`,
			l.Quantity, orderID, l.Position); err != nil {
			return fmt.Errorf("orders: give back lines: %w", err)
		}
	}
	return nil
}
