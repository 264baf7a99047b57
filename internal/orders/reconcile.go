package orders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/paypal"
)

// Reconciling: a charged buyer always ends with a paid order and one e-mail.
//
// A capture request that dies between PayPal taking the money and the order
// being marked paid (a crash, a kill, a lost database) leaves the order
// pending_payment with a capture lock nobody renews. Whoever takes such a
// lock over next, the buyer's retry (capture) or the reconciler below, first
// asks PayPal what became of the order. The reconciler also ends every
// checkout left awaiting payment past a threshold (or declined and never
// retried): paid if PayPal took the money, else expired, and the copies it
// held go back to stock. It claims each order with the same conditional UPDATE
// as a capture, so any number of instances may run it side by side.

// reconcileBatch bounds the orders one pass looks at.
const reconcileBatch = 100

// Reconciled counts what one pass did.
type Reconciled struct {
	Paid     int // PayPal had taken the money: now paid, e-mail queued
	Expired  int // past the threshold and never paid: now expired
	Released int // a dead request's lock freed: the buyer's retry captures
	Failed   int // PayPal responded with something the order cannot be paid with
	Refunds  int // refunds left pending (PayPal's response was lost) asked again and settled
	Held     int // refunds made in PayPal before the shop knew the capture, applied now
}

// RunReconciler reconciles at once and then every interval until ctx ends.
// expireAfter is how long a checkout may await payment.
func (s *Service) RunReconciler(ctx context.Context, interval, expireAfter time.Duration) {
	background.Every(ctx, interval, "orders: reconciling pending orders", func(ctx context.Context) error {
		r, err := s.Reconcile(ctx, expireAfter)
		if r != (Reconciled{}) {
			slog.InfoContext(ctx, "orders: reconciled pending orders", "paid", r.Paid, "expired", r.Expired, "released", r.Released, "failed", r.Failed, "refunds", r.Refunds, "held", r.Held)
		}
		return err
	})
}

// Reconcile makes one pass over the orders awaiting payment whose capture
// lock expired or that are older than expireAfter. One order's failure (say,
// PayPal unreachable) does not stop the others; the next pass retries it.
func (s *Service) Reconcile(ctx context.Context, expireAfter time.Duration) (Reconciled, error) {
	now := s.now()
	ids, err := ordersToReconcile(ctx, s.db, now, now.Add(-expireAfter), reconcileBatch)
	if err != nil {
		return Reconciled{}, err
	}
	var r Reconciled
	var errs []error
	for _, id := range ids {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		outcome, err := s.reconcileOrder(ctx, id, now.Add(-expireAfter))
		if err != nil {
			errs = append(errs, err)
		}
		switch outcome {
		case PaymentPaid:
			r.Paid++
		case PaymentExpired:
			r.Expired++
		case PaymentFailed:
			r.Failed++
		case PaymentPending:
			r.Released++
		}
	}
	r.Refunds, err = s.settleRefunds(ctx, now.Add(-refundGrace))
	errs = append(errs, err)
	r.Held, err = s.applyHeldRefunds(ctx, "")
	return r, errors.Join(append(errs, err, s.dropHeldRefunds(ctx))...)
}

// refundGrace is how long a refund may stay pending before the reconciler
// asks PayPal again: longer than a staff member's click takes.
const refundGrace = 5 * time.Minute

// settleRefunds asks PayPal again, with the same PayPal-Request-Id, for the
// refunds left pending since before: PayPal answers the refund it made (or
// makes it now), and the refund is finished or, refused, given back. So an
// amount is never held reserved by a response nobody received.
func (s *Service) settleRefunds(ctx context.Context, before time.Time) (int, error) {
	ids, err := db.Column[int64](s.db.QueryContext(ctx, `SELECT id FROM order_refunds WHERE status = ? AND created_at < ? ORDER BY id LIMIT ?`,
		refundPending, before.UTC(), reconcileBatch))
	if err != nil {
		return 0, fmt.Errorf("orders: pending refunds: %w", err)
	}
	settled := 0
	var errs []error
	for _, id := range ids {
		r, found, err := refundBy(ctx, s.db, "id = ?", id)
		if err != nil || !found || r.Status != refundPending {
			errs = append(errs, err)
			continue
		}
		o, err := orderBy(ctx, s.db, "id = ?", r.OrderID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		err = s.completeRefund(ctx, o, r)
		if e := (*httpx.Error)(nil); errors.As(err, &e) && e.Code == httpx.CodeConflict {
			err = nil // refused by PayPal: recorded as failed, the amount given back
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("orders: refund %d of %s: %w", id, o.Number, err))
			continue
		}
		settled++
	}
	return settled, errors.Join(errs...)
}

// reconcileOrder claims one order's capture lock and settles it with what
// PayPal knows. It returns the status the order was left in ("" when another
// request or instance holds it).
func (s *Service) reconcileOrder(ctx context.Context, id int64, expireBefore time.Time) (string, error) {
	lock, claimed, err := claimCapture(ctx, s.db, id, s.now(), s.captureHold)
	if err != nil || !claimed {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	defer s.keepLock(ctx, lock)()
	release := func(outcome string) (string, error) {
		return outcome, releaseCapture(ctx, s.db, id, false, s.now())
	}
	o, err := orderBy(ctx, s.db, "id = ?", id)
	if err != nil {
		_, rerr := release("")
		return "", errors.Join(err, rerr)
	}
	old := o.CreatedAt.Before(expireBefore)
	switch {
	case o.Payment != PaymentPending && !(o.Payment == PaymentFailed && old): // it moved on between the list and the claim
		return release("")
	case o.ProviderOrderID == "": // PayPal never gave this checkout an order: nobody can have paid it
		if old {
			return PaymentExpired, s.expire(ctx, o, "checkout expired before PayPal created an order")
		}
		return release(PaymentPending)
	case s.paypal == nil:
		slog.WarnContext(ctx, "orders: a PayPal order awaits payment but PayPal is not configured", "order", o.Number)
		return release("")
	}
	pp, err := s.paypal.GetOrder(ctx, o.ProviderOrderID)
	var apiErr *paypal.APIError
	switch {
	case errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound:
		// PayPal forgets orders nobody paid; one it does not know was not charged.
	case err != nil:
		_, rerr := release("")
		return "", errors.Join(fmt.Errorf("order %s: look up PayPal order %s: %w", o.Number, o.ProviderOrderID, err), rerr)
	case pp.Status == paypal.StatusCompleted:
		if _, err := s.settle(ctx, o, pp); err != nil {
			if e := (*httpx.Error)(nil); !errors.As(err, &e) {
				return "", err // the database failed; the next pass retries
			}
			slog.ErrorContext(ctx, "orders: PayPal completed an order that cannot be paid", "order", o.Number, "err", err)
			return PaymentFailed, nil
		}
		return PaymentPaid, nil
	}
	if old {
		return PaymentExpired, s.expire(ctx, o, "checkout expired: PayPal order "+pp.Status+", not captured")
	}
	return release(PaymentPending)
}

// expire ends a checkout that was never paid, gives its held copies back
// and frees its lock.
func (s *Service) expire(ctx context.Context, o Order, note string) error {
	returned := false
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		moved, err := movePayment(ctx, tx, o.ID, o.Payment, PaymentExpired, note, s.now())
		if err != nil {
			return err
		}
		if moved {
			if returned, err = s.catalog.ReturnCopies(ctx, tx, o.Lines); err != nil {
				return err
			}
			// The code's use is given back too, as to a buyer who never paid.
			if err := s.releaseDiscount(ctx, tx, o); err != nil {
				return err
			}
		}
		return releaseCapture(ctx, tx, o.ID, false, s.now())
	})
	if returned {
		s.catalog.StockChanged(ctx)
	}
	return err
}

// keepLock renews a held capture lock every captureRenew until the returned
// stop is called. The lock can therefore be short: one nobody renews belongs
// to a request that died, and is taken over soon after.
func (s *Service) keepLock(ctx context.Context, lock captureLock) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(s.captureRenew)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			kept, err := renewCapture(ctx, s.db, &lock, s.now().Add(s.captureHold).UnixMilli())
			if err != nil && ctx.Err() == nil {
				slog.ErrorContext(ctx, "orders: renew capture lock", "order_id", lock.orderID, "err", err)
			}
			if !kept {
				return // released, or taken over after a renewal failed
			}
		}
	}()
	return func() { cancel(); <-done }
}
