package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
	"bookshop/internal/paypal"
)

// PayPal's webhooks (POST /api/paypal/webhook). Each delivery is first
// verified with PayPal's verify-webhook-signature call for the shop's
// webhook id (PAYPAL_WEBHOOK_ID); one that fails is answered 400 and
// changes nothing. An event is applied once, by its id (paypal_webhook_events,
// written in the transaction that applies it), and only forward: a late
// CAPTURE.COMPLETED never reopens an order that moved on. A refund the shop
// made itself is recognised by its custom_id and finished, not counted again.

// webhookResult names how a delivery ended: its outcome when it was
// handled, else the kind of refusal (invalid: not PayPal's or unreadable;
// unverified: PayPal could not be asked; conflict: to be sent again;
// unavailable: webhooks not configured), from a small fixed set.
func webhookResult(outcome string, err error) string {
	if err == nil {
		return outcome
	}
	switch code := httpx.AsError(err).Code; code {
	case httpx.CodeInvalid, httpx.CodeTooLarge, httpx.CodeBadGateway, httpx.CodeConflict, httpx.CodeUnavailable:
		return code
	}
	return "error"
}

// Webhook outcomes, in the response and the event's row.
const (
	outcomeApplied   = "applied"
	outcomeDuplicate = "duplicate"
	outcomeIgnored   = "ignored"
	outcomeUnknown   = "unknown_order"
	outcomeHeld      = "held" // kept until its capture is known (holdRefund)
)

// HandleWebhook verifies and applies one delivery; it returns the outcome.
func (s *Service) HandleWebhook(ctx context.Context, h http.Header, body []byte) (string, error) {
	if s.paypal == nil || s.site.WebhookID == "" {
		return "", httpx.Errorf(httpx.CodeUnavailable, "PayPal webhooks are not configured on this server (PAYPAL_WEBHOOK_ID).")
	}
	headers, ok := paypal.WebhookHeadersOf(h)
	if !ok {
		return "", httpx.Errorf(httpx.CodeInvalid, "The PayPal signature headers (PAYPAL-TRANSMISSION-ID, -TIME, -SIG, PAYPAL-CERT-URL, PAYPAL-AUTH-ALGO) are missing.")
	}
	var ev paypal.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" || ev.EventType == "" {
		return "", httpx.Errorf(httpx.CodeInvalid, "The body is not a PayPal webhook event.")
	}
	if err := httpx.CheckText(ev.ID); err != nil {
		return "", err
	}
	genuine, err := s.paypal.VerifyWebhookSignature(ctx, headers, s.site.WebhookID, body)
	if err != nil {
		slog.WarnContext(ctx, "paypal: verify webhook", "event", ev.ID, "err", err)
		return "", httpx.Errorf(httpx.CodeBadGateway, "PayPal could not verify this event now; PayPal will deliver it again.")
	}
	if !genuine {
		slog.WarnContext(ctx, "paypal: webhook signature refused", "event", ev.ID, "type", ev.EventType)
		return "", httpx.Errorf(httpx.CodeInvalid, "The event's signature does not verify: it was not sent by PayPal for this shop.")
	}
	seen, err := eventSeen(ctx, s.db, ev.ID)
	if err != nil {
		return "", err
	}
	if seen {
		return outcomeDuplicate, nil
	}
	switch ev.EventType {
	case paypal.EventCaptureCompleted:
		return s.captureCompleted(ctx, ev)
	case paypal.EventCaptureRefunded, paypal.EventCaptureReversed:
		return s.captureRefunded(ctx, ev)
	case paypal.EventCaptureDenied:
		return s.captureDenied(ctx, ev)
	}
	return outcomeIgnored, s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		_, err := claimEvent(ctx, tx, ev, "", 0, outcomeIgnored)
		return err
	})
}

// errDuplicate rolls back a transaction whose event another delivery applied.
var errDuplicate = fmt.Errorf("orders: webhook event already applied")

// apply runs fn with the event claimed in the same transaction.
func (s *Service) apply(ctx context.Context, ev paypal.WebhookEvent, resourceID string, orderID int64, outcome string,
	fn func(ctx context.Context, tx *db.Tx) error) (string, error) {
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		claimed, err := claimEvent(ctx, tx, ev, resourceID, orderID, outcome)
		if err != nil {
			return err
		}
		if !claimed {
			return errDuplicate
		}
		if fn == nil {
			return nil
		}
		return fn(ctx, tx)
	})
	switch {
	case err == errDuplicate || db.IsUniqueViolation(err):
		return outcomeDuplicate, nil
	case err != nil:
		return "", err
	}
	return outcome, nil
}

func badResource(ev paypal.WebhookEvent) error {
	return httpx.Errorf(httpx.CodeInvalid, "The %s event's resource could not be read.", ev.EventType)
}

// captureEvent reads a capture event's resource and the order it is about.
func (s *Service) captureEvent(ctx context.Context, ev paypal.WebhookEvent) (paypal.CaptureResource, Order, bool, error) {
	var c paypal.CaptureResource
	if err := json.Unmarshal(ev.Resource, &c); err != nil || c.ID == "" {
		return c, Order{}, false, badResource(ev)
	}
	where, arg := "capture_id = ?", c.ID
	if id := c.SupplementaryData.RelatedIDs.OrderID; id != "" {
		where, arg = "provider_order_id = ?", id
	}
	o, err := orderBy(ctx, s.db, where, arg)
	if e := httpx.AsError(err); err != nil && e.Code == httpx.CodeNotFound {
		return c, Order{}, false, nil
	}
	return c, o, err == nil, err
}

// unknownOrder records an event about no order of this shop (or returns
// err): nothing to do, and PayPal need not send it again.
func (s *Service) unknownOrder(ctx context.Context, ev paypal.WebhookEvent, resourceID string, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return s.apply(ctx, ev, resourceID, 0, outcomeUnknown, nil)
}

// captureCompleted pays an order still awaiting payment (the buyer's
// capture request died, say); for any other order it changes nothing.
func (s *Service) captureCompleted(ctx context.Context, ev paypal.WebhookEvent) (string, error) {
	c, o, found, err := s.captureEvent(ctx, ev)
	if err != nil || !found {
		return s.unknownOrder(ctx, ev, c.ID, err)
	}
	got, ok := ParseCents(json.Number(c.Amount.Value))
	matches := ok && got == o.TotalCents && c.Amount.CurrencyCode == o.Currency && c.Status == paypal.StatusCompleted
	paid := false
	var owned []refundRow
	outcome, err := s.apply(ctx, ev, c.ID, o.ID, outcomeApplied, func(ctx context.Context, tx *db.Tx) error {
		now := s.now().UTC()
		switch {
		case o.Payment == PaymentExpired:
			return addTimeline(ctx, tx, o.ID, entry{kind: kindWebhook, note: "PayPal reports capture " + c.ID + " completed after this checkout expired: refund the buyer in PayPal or contact them.", actor: paypalActor}, now)
		case !o.can(movePay):
			return nil // only forward: an order that moved on stays where it is
		case !matches:
			return addTimeline(ctx, tx, o.ID, entry{kind: kindWebhook, note: "PayPal reports capture " + c.ID + " of " + c.Amount.Value + " " + c.Amount.CurrencyCode +
				", which does not match this order: nothing changed.", actor: paypalActor}, now)
		}
		o.CaptureID = c.ID
		changed, refunds, err := s.payAndDeliver(ctx, tx, o, c.ID, "PayPal webhook: capture "+c.ID+" completed", false, now)
		if err != nil || !changed {
			return err
		}
		paid, owned = true, refunds
		return s.queueConfirmation(ctx, tx, o, now)
	})
	if paid {
		s.markBuyer(ctx, o.UserID)
		s.applyHeldRefundsOf(ctx, c.ID)
		s.refundOwned(ctx, o, owned)
	}
	return outcome, err
}

// captureRefunded records a refund (or a reversal: a dispute or chargeback
// PayPal decided) of an order's capture. The shop's own refund is finished;
// one made in PayPal's dashboard is recorded as a refund of its own.
func (s *Service) captureRefunded(ctx context.Context, ev paypal.WebhookEvent) (string, error) {
	var ref paypal.Refund
	if err := json.Unmarshal(ev.Resource, &ref); err != nil || ref.ID == "" {
		return "", badResource(ev)
	}
	amount, ok := ParseCents(json.Number(ref.Amount.Value))
	if !ok || amount <= 0 {
		return "", badResource(ev)
	}
	captureID := ref.CaptureID()
	o, err := orderBy(ctx, s.db, "capture_id = ?", captureID)
	if e := httpx.AsError(err); err != nil && e.Code == httpx.CodeNotFound {
		return s.holdRefund(ctx, ev, ref.ID, captureID)
	}
	if err != nil {
		return "", err
	}
	if id, ok := strings.CutPrefix(ref.CustomID, "bookshop-refund-"); ok && ev.EventType == paypal.EventCaptureRefunded {
		if n, err := strconv.ParseInt(id, 10, 64); err == nil {
			r, found, err := refundBy(ctx, s.db, "id = ?", n)
			if err != nil {
				return "", err
			}
			if found && r.OrderID == o.ID {
				return s.ownRefund(ctx, ev, o, r, ref)
			}
		}
	}
	if o.PaidAt == nil {
		// The capture is not recorded yet: answering 409 makes PayPal
		// deliver the event again later, once it can be applied.
		return "", httpx.Errorf(httpx.CodeConflict, "Order %s is not paid yet; this refund will be applied when PayPal sends it again.", o.Number)
	}
	returned := false
	outcome, err := s.apply(ctx, ev, ref.ID, o.ID, outcomeApplied, func(ctx context.Context, tx *db.Tx) error {
		var err error
		returned, err = s.recordPayPalRefundOnce(ctx, tx, ev, o, ref, amount)
		return err
	})
	if returned {
		s.catalog.StockChanged(ctx)
	}
	return outcome, err
}

// recordPayPalRefundOnce records a refund made at PayPal unless another
// event told of it before (REFUNDED after REVERSED).
func (s *Service) recordPayPalRefundOnce(ctx context.Context, tx *db.Tx, ev paypal.WebhookEvent, o Order, ref paypal.Refund, amount int64) (bool, error) {
	if known, err := refundKnown(ctx, tx, ref.ID); err != nil || known {
		return false, err
	}
	return s.recordPayPalRefund(ctx, tx, ev, o, ref, amount)
}

// holdRefund keeps a refund event about a capture no order has recorded:
// the buyer's capture answer may have been lost, and the capture will be
// recorded later (the buyer's retry, the reconciler, CAPTURE.COMPLETED),
// when the refund is applied (applyHeldRefunds). PayPal is answered 200
// ("held"): it sends an event a limited number of times, and the shop now
// keeps it itself. One about another shop's payment is kept as long as
// heldRefundsKept, never applied.
func (s *Service) holdRefund(ctx context.Context, ev paypal.WebhookEvent, refundID, captureID string) (string, error) {
	if captureID == "" {
		return s.unknownOrder(ctx, ev, refundID, nil)
	}
	outcome, err := s.apply(ctx, ev, refundID, 0, outcomeHeld, func(ctx context.Context, tx *db.Tx) error {
		return insertHeldRefund(ctx, tx, ev, captureID, s.now().UTC())
	})
	if err != nil || outcome != outcomeHeld {
		return outcome, err
	}
	// The capture may have been recorded between the look-up and the hold.
	_, err = s.applyHeldRefunds(ctx, captureID)
	return outcome, err
}

// heldRefundsKept is how long a held refund event waits for its capture.
const heldRefundsKept = 30 * 24 * time.Hour

// applyHeldRefunds applies the held refund events whose capture a paid
// order now has (only captureID's, unless ""), each once: the one that
// deletes its held row applies it, in the same transaction. It returns how
// many it applied.
func (s *Service) applyHeldRefunds(ctx context.Context, captureID string) (int, error) {
	list, err := heldRefunds(ctx, s.db, captureID)
	if err != nil {
		return 0, err
	}
	applied := 0
	var errs []error
	for _, h := range list {
		var ref paypal.Refund
		amount, ok := int64(0), json.Unmarshal(h.ev.Resource, &ref) == nil
		if ok {
			amount, ok = ParseCents(json.Number(ref.Amount.Value))
		}
		o, err := orderBy(ctx, s.db, "id = ?", h.orderID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		returned, done := false, false
		err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			if taken, err := takeHeldRefund(ctx, tx, h.ev.ID, o.ID); err != nil || !taken {
				return err // !taken: applied by another instance
			}
			done = true
			if !ok || amount <= 0 {
				return nil // held unread; holdRefund's caller checked it
			}
			returned, err = s.recordPayPalRefundOnce(ctx, tx, h.ev, o, ref, amount)
			return err
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("orders: held refund %s of %s: %w", h.ev.ID, o.Number, err))
			continue
		}
		if returned {
			s.catalog.StockChanged(ctx)
		}
		if done {
			applied++
		}
	}
	return applied, errors.Join(errs...)
}

// applyHeldRefundsOf applies the refunds held for a capture just recorded;
// a failure is logged, and the reconciler's next pass applies them.
func (s *Service) applyHeldRefundsOf(ctx context.Context, captureID string) {
	if captureID == "" {
		return
	}
	if _, err := s.applyHeldRefunds(ctx, captureID); err != nil {
		slog.ErrorContext(ctx, "orders: apply held refunds", "capture", captureID, "err", err)
	}
}

// dropHeldRefunds forgets held refund events no capture claimed in
// heldRefundsKept: about another shop's payments.
func (s *Service) dropHeldRefunds(ctx context.Context) error {
	return forgetHeldRefunds(ctx, s.db, s.now().Add(-heldRefundsKept).UTC())
}

// recordPayPalRefund records a refund made at PayPal in tx, in full: the
// money has left the shop. Only completed refunds count against it, not
// the reservations of refunds still under way (PayPal refuses those if
// too little is left, and their reservation is given back), so the
// completed refunds never pass what PayPal refunded, nor the total.
func (s *Service) recordPayPalRefund(ctx context.Context, tx *db.Tx, ev paypal.WebhookEvent, o Order, ref paypal.Refund, amount int64) (bool, error) {
	now := s.now().UTC()
	// The order's row first: its write lock orders this refund with the
	// others being recorded, so the sum read next is theirs too.
	if err := lockOrder(ctx, tx, o.ID, now); err != nil {
		return false, err
	}
	completed, err := completedRefunds(ctx, tx, o.ID)
	if err != nil {
		return false, err
	}
	left := o.TotalCents - completed
	reason := ""
	if ev.EventType == paypal.EventCaptureReversed {
		reason = "PayPal reversed the payment (a dispute or chargeback)"
	}
	if left <= 0 {
		return false, addTimeline(ctx, tx, o.ID, entry{kind: kindWebhook, note: fmt.Sprintf("PayPal reports refund %s of $%s, but nothing was left to refund here.",
			ref.ID, FormatCents(amount)), actor: paypalActor}, now)
	}
	amount = min(amount, left)
	r := refundRow{OrderID: o.ID, AmountCents: amount, Reason: reason, Source: sourcePayPal, Status: refundCompleted, Actor: paypalActor, Lines: []refundLine{}}
	if err := insertPayPalRefund(ctx, tx, &r, ref.ID, now); err != nil {
		return false, err
	}
	return s.recordRefund(ctx, tx, o, r, now)
}

// ownRefund finishes a refund the shop asked for, when PayPal's webhook
// arrives before (or instead of) PayPal's response.
func (s *Service) ownRefund(ctx context.Context, ev paypal.WebhookEvent, o Order, r refundRow, ref paypal.Refund) (string, error) {
	returned := false
	outcome, err := s.apply(ctx, ev, ref.ID, o.ID, outcomeApplied, func(ctx context.Context, tx *db.Tx) error {
		if r.Status != refundPending {
			return nil
		}
		var err error
		returned, err = s.completeInTx(ctx, tx, o, r, ref.ID)
		return err
	})
	if returned {
		s.catalog.StockChanged(ctx)
	}
	return outcome, err
}

// captureDenied: PayPal did not take the money. An order awaiting payment
// fails; a paid order that has not shipped is cancelled (nothing to
// refund) and the buyer told; so is an order of digital formats only,
// delivered as it was paid, whose formats the family loses; a shipped one
// gets a note for the staff.
func (s *Service) captureDenied(ctx context.Context, ev paypal.WebhookEvent) (string, error) {
	c, o, found, err := s.captureEvent(ctx, ev)
	if err != nil || !found {
		return s.unknownOrder(ctx, ev, c.ID, err)
	}
	returned := false
	outcome, err := s.apply(ctx, ev, c.ID, o.ID, outcomeApplied, func(ctx context.Context, tx *db.Tx) error {
		now := s.now().UTC()
		note := "PayPal denied capture " + c.ID
		d, err := deskOf(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		switch {
		case o.Payment == PaymentPending:
			_, err := movePayment(ctx, tx, o.ID, PaymentPending, PaymentFailed, note, now)
			return err
		case o.can(moveDeny) && d.RefundedCents == 0 && (o.Fulfilment != Delivered || digitalOnly(o.Lines)):
			to, _ := o.moveBy(moveDeny)
			moved, err := moveOrder(ctx, tx, o.ID, change{from: o.State, to: to, note: note + ": the order is cancelled", actor: paypalActor,
				set: `, cancelled_at = ?`, setArgs: []any{now}}, now)
			if err != nil || !moved {
				return err
			}
			r := refundRow{Source: sourceCancel, Reason: "PayPal denied the payment, so nothing was charged", Actor: paypalActor}
			if _, err := s.revokeRefunded(ctx, tx, o, r, now); err != nil {
				return err
			}
			if returned, err = s.restock(ctx, tx, o, r, d); err != nil {
				return err
			}
			if err := s.releaseDiscount(ctx, tx, o); err != nil {
				return err
			}
			return s.tellBuyer(ctx, tx, o, func(statusURL string) (mail.Message, error) { return cancelledEmail(o, to, r, statusURL, s.site) }, now)
		}
		return addTimeline(ctx, tx, o.ID, entry{kind: kindWebhook, note: note + " after the order was " + statusWords[legacyStatus(o.State)] + ": check the payment in PayPal.", actor: paypalActor}, now)
	})
	if returned {
		s.catalog.StockChanged(ctx)
	}
	return outcome, err
}
