package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/paypal"
)

// PayPal's webhook events (paypal_webhook_events), the refund events held
// for a capture not recorded yet (paypal_held_refunds) and the refunds
// made in PayPal's dashboard; webhook.go holds the rules and the
// transactions that call these.

// eventSeen tells whether the event was recorded (applied, ignored or
// held) before.
func eventSeen(ctx context.Context, q db.Querier, eventID string) (bool, error) {
	var seen int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM paypal_webhook_events WHERE event_id = ?`, eventID).Scan(&seen); err != nil {
		return false, fmt.Errorf("orders: webhook events: %w", err)
	}
	return seen > 0, nil
}

// claimEvent records the event in tx; false when it was recorded before
// (a concurrent delivery of the same event won).
func claimEvent(ctx context.Context, tx *db.Tx, ev paypal.WebhookEvent, resourceID string, orderID int64, outcome string) (bool, error) {
	var order any
	if orderID != 0 {
		order = orderID
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO paypal_webhook_events (event_id, event_type, resource_id, order_id, outcome, received_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, ev.ID, ev.EventType, resourceID, order, outcome, time.Now().UTC())
	if err != nil {
		return false, fmt.Errorf("orders: record webhook event: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// refundKnown tells whether a refund with PayPal's refund id is recorded.
func refundKnown(ctx context.Context, q db.Querier, paypalRefundID string) (bool, error) {
	var known int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM order_refunds WHERE paypal_refund_id = ?`, paypalRefundID).Scan(&known)
	return known > 0, err
}

// insertHeldRefund keeps a refund event until its capture is recorded.
func insertHeldRefund(ctx context.Context, tx *db.Tx, ev paypal.WebhookEvent, captureID string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO paypal_held_refunds (event_id, event_type, capture_id, resource, received_at) VALUES (?, ?, ?, ?, ?)`,
		ev.ID, ev.EventType, captureID, string(ev.Resource), now)
	return err
}

// heldRefund is a held refund event whose capture a paid order now has.
type heldRefund struct {
	ev      paypal.WebhookEvent
	orderID int64
}

// heldRefunds are the first 100 held refund events, oldest first, whose
// capture a paid order has (only captureID's, unless "").
func heldRefunds(ctx context.Context, q db.Querier, captureID string) ([]heldRefund, error) {
	query, args := `SELECT h.event_id, h.event_type, h.resource, o.id FROM paypal_held_refunds h
		JOIN orders o ON o.capture_id = h.capture_id WHERE o.paid_at IS NOT NULL`, []any{}
	if captureID != "" {
		query += ` AND h.capture_id = ?`
		args = append(args, captureID)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY h.received_at, h.event_id LIMIT 100`, args...)
	if err != nil {
		return nil, fmt.Errorf("orders: held refunds: %w", err)
	}
	var list []heldRefund
	for rows.Next() {
		var h heldRefund
		var resource string
		if err := rows.Scan(&h.ev.ID, &h.ev.EventType, &resource, &h.orderID); err != nil {
			rows.Close()
			return nil, err
		}
		h.ev.Resource = json.RawMessage(resource)
		list = append(list, h)
	}
	return list, errors.Join(rows.Err(), rows.Close())
}

// takeHeldRefund deletes a held event and records it applied to the
// order; false when another instance took it first.
func takeHeldRefund(ctx context.Context, tx *db.Tx, eventID string, orderID int64) (bool, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM paypal_held_refunds WHERE event_id = ?`, eventID)
	if err != nil {
		return false, fmt.Errorf("orders: take held refund: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE paypal_webhook_events SET outcome = ?, order_id = ? WHERE event_id = ?`,
		outcomeApplied, orderID, eventID); err != nil {
		return false, fmt.Errorf("orders: held refund's event: %w", err)
	}
	return true, nil
}

// forgetHeldRefunds deletes the held events received before cutoff.
func forgetHeldRefunds(ctx context.Context, q db.Querier, cutoff time.Time) error {
	_, err := q.ExecContext(ctx, `DELETE FROM paypal_held_refunds WHERE received_at < ?`, cutoff)
	return err
}

// insertPayPalRefund adds a refund made at PayPal, completed, to the
// order's refunded amount and its refunds, and sets r's id.
func insertPayPalRefund(ctx context.Context, tx *db.Tx, r *refundRow, paypalRefundID string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET refunded_cents = refunded_cents + ? WHERE id = ?`, r.AmountCents, r.OrderID); err != nil {
		return fmt.Errorf("orders: record PayPal refund: %w", err)
	}
	if err := tx.QueryRowContext(ctx, `INSERT INTO order_refunds (order_id, amount_cents, reason, lines, source, status, paypal_refund_id,
		actor_system, created_at, completed_at) VALUES (?, ?, ?, '[]', ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OrderID, r.AmountCents, r.Reason, r.Source, r.Status, paypalRefundID, r.Actor.system, now, now).Scan(&r.ID); err != nil {
		return fmt.Errorf("orders: insert PayPal refund: %w", err)
	}
	return nil
}
