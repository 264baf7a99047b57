package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/paypal"
	"bookshop/internal/paypal/paypaltest"
)

// crashMidCapture leaves what a capture request leaves when its process dies
// mid-way: the capture lock held, the buyer's shipping details recorded, the
// order pending_payment and, when charged, the money taken at PayPal under
// the request's PayPal-Request-Id.
func (e *env) crashMidCapture(paypalID string, charged bool) Order {
	e.t.Helper()
	ctx := context.Background()
	o, err := orderBy(ctx, e.db, "provider_order_id = ?", paypalID)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, claimed, err := claimCapture(ctx, e.db, o.ID, e.clock.Now(), e.svc.captureHold); !claimed || err != nil {
		e.t.Fatalf("claim capture: %v %v", claimed, err)
	}
	raw, _ := json.Marshal(shipping)
	if err := json.Unmarshal(raw, &o.Shipping); err != nil {
		e.t.Fatal(err)
	}
	o.Email = o.Shipping.Email
	if err := keepShipping(ctx, e.db, o); err != nil {
		e.t.Fatal(err)
	}
	if charged {
		client := paypal.New(baseOf(e.t, e), paypaltest.ClientID, paypaltest.ClientSecret)
		if _, err := client.CaptureOrder(ctx, fmt.Sprintf("bookshop-capture-%s-%d", o.Number, o.CaptureAttempt), paypalID); err != nil {
			e.t.Fatal(err)
		}
	}
	return o
}

func (e *env) status(paypalID string) (status string, locked bool) {
	e.t.Helper()
	var lock *int64
	if err := e.db.QueryRowContext(context.Background(), `SELECT status, capture_lock_until FROM orders WHERE provider_order_id = ?`, paypalID).Scan(&status, &lock); err != nil {
		e.t.Fatal(err)
	}
	return status, lock != nil
}

func (e *env) reconcile(want Reconciled) {
	e.t.Helper()
	got, err := e.svc.Reconcile(context.Background(), time.Hour)
	if err != nil || got != want {
		e.t.Fatalf("reconcile: %+v %v, want %+v", got, err, want)
	}
}

// A buyer whose capture died mid-way retries: the retry outlasts the dead
// request's lock, takes it over and finishes the payment, charging once.
func TestCaptureRetryAfterACrash(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, charged := range []bool{true, false} {
			t.Run(fmt.Sprintf("charged before the crash: %v", charged), func(t *testing.T) {
				_, _ = d.ExecContext(context.Background(), `DELETE FROM mail_outbox`)
				e := newEnv(t, d, true)
				id := e.createOrder(alice)
				e.crashMidCapture(id, charged)
				if e.svc.captureHold >= e.svc.captureWait {
					t.Fatalf("a dead request's lock (%s) outlasts the retry's wait (%s)", e.svc.captureHold, e.svc.captureWait)
				}
				e.clock.Advance(e.svc.captureHold + time.Second) // nobody renewed the lock
				status, out := e.capture(alice, id)
				if status != 200 || out["status"] != "paid" {
					t.Fatalf("retry: %d %v", status, out)
				}
				e.assertOnePaid(id)
				if charged && e.fake.CaptureCalls(id) != 1 {
					t.Errorf("%d capture calls, want only the dead request's", e.fake.CaptureCalls(id))
				}
			})
		}
	})
}

func TestReconcilerFinishesOrExpires(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		fresh := func(t *testing.T) *env {
			_, _ = d.ExecContext(context.Background(), `DELETE FROM mail_outbox`)
			_, _ = d.ExecContext(context.Background(), `UPDATE orders SET payment_status = 'expired' WHERE payment_status = 'pending_payment'`)
			return newEnv(t, d, true)
		}

		t.Run("charged, then the process died: paid with one e-mail", func(t *testing.T) {
			e := fresh(t)
			id := e.createOrder(alice)
			e.crashMidCapture(id, true)
			e.reconcile(Reconciled{}) // the lock is still live: its holder may be working
			e.clock.Advance(e.svc.captureHold + time.Second)
			e.reconcile(Reconciled{Paid: 1})
			e.assertOnePaid(id)
			if e.fake.CaptureCalls(id) != 1 || e.fake.Lookups(id) != 1 {
				t.Errorf("capture calls %d, lookups %d: want the dead request's capture and one look-up", e.fake.CaptureCalls(id), e.fake.Lookups(id))
			}
			var to, text string
			if err := d.QueryRowContext(context.Background(), `SELECT to_address, text_body FROM mail_outbox`).Scan(&to, &text); err != nil {
				t.Fatal(err)
			}
			if to != "alice.ship@example.com" || !strings.Contains(text, "12 Story Lane") {
				t.Errorf("e-mail to %q lacks the dead request's address:\n%s", to, text)
			}
			if e.buyers.count(alice.UserID) == 0 {
				t.Error("buyer not marked as having purchased")
			}
			e.reconcile(Reconciled{})
			// The buyer's late retry gets the paid order, no second e-mail.
			if status, out := e.capture(alice, id); status != 200 || out["status"] != "paid" {
				t.Fatalf("late retry: %d %v", status, out)
			}
			e.assertOnePaid(id)
		})

		t.Run("died before PayPal charged: the lock is freed for the retry", func(t *testing.T) {
			e := fresh(t)
			id := e.createOrder(alice)
			e.crashMidCapture(id, false)
			e.clock.Advance(e.svc.captureHold + time.Second)
			e.reconcile(Reconciled{Released: 1})
			if status, locked := e.status(id); status != PaymentPending || locked {
				t.Fatalf("order %s, locked %v: want pending_payment, unlocked", status, locked)
			}
			if status, out := e.capture(alice, id); status != 200 || out["status"] != "paid" {
				t.Fatalf("retry: %d %v", status, out)
			}
			e.assertOnePaid(id)
		})

		t.Run("charged but the response was lost and the buyer left", func(t *testing.T) {
			e := fresh(t)
			id := e.createOrder(alice)
			e.fake.FailNextCapturesAfterSuccess(1)
			if status, out := e.capture(alice, id); status != 502 {
				t.Fatalf("capture: %d %v", status, out)
			}
			e.reconcile(Reconciled{}) // young and unlocked: the buyer may still retry
			e.clock.Advance(time.Hour + time.Minute)
			e.reconcile(Reconciled{Paid: 1})
			e.assertOnePaid(id)
		})

		t.Run("abandoned checkout expires and cannot be captured any more", func(t *testing.T) {
			e := fresh(t)
			id := e.createOrder(alice)
			e.clock.Advance(time.Hour + time.Minute)
			e.reconcile(Reconciled{Expired: 1})
			if status, locked := e.status(id); status != PaymentExpired || locked {
				t.Fatalf("order %s, locked %v: want expired, unlocked", status, locked)
			}
			status, out := e.capture(alice, id)
			if status != 409 || out["error"] != "This PayPal checkout has expired. Please start the payment again." {
				t.Fatalf("capture of an expired checkout: %d %v", status, out)
			}
			if e.fake.Captures(id) != 0 {
				t.Error("an expired checkout was charged")
			}
			_, out = e.do(alice, "GET", "/api/orders", nil)
			for _, o := range out["list"].([]any) {
				if o.(map[string]any)["status"] != "paid" {
					t.Errorf("unpaid order listed: %v", o)
				}
			}
		})

		t.Run("a checkout PayPal never created expires", func(t *testing.T) {
			e := fresh(t)
			id := e.createOrder(alice)
			if _, err := d.ExecContext(context.Background(), `UPDATE orders SET provider_order_id = NULL WHERE provider_order_id = ?`, id); err != nil {
				t.Fatal(err)
			}
			e.clock.Advance(time.Hour + time.Minute)
			e.reconcile(Reconciled{Expired: 1})
			if e.fake.Lookups(id) != 0 {
				t.Error("looked up an order PayPal never created")
			}
		})
	})
}

// Reconcilers of several instances on one database finish each order once.
func TestReconcilersOnSeveralInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, true)
		const n = 6
		ids := make([]string, n)
		for i := range ids {
			// A buyer each: one buyer's unpaid checkouts hold at most 5 copies of a book.
			ids[i] = e.createOrder(&auth.Caller{UserID: fmt.Sprint("user-", i), Email: fmt.Sprintf("buyer%d@example.com", i)})
			e.crashMidCapture(ids[i], true)
		}
		e.clock.Advance(e.svc.captureHold + time.Second)
		other := New(d, Parts{Catalog: testCatalog, PayPal: paypal.New(baseOf(t, e), paypaltest.ClientID, paypaltest.ClientSecret), Buyers: e.buyers,
			Pricing: testPricing}, e.svc.site, e.clock.Now)
		results := make(chan Reconciled, 2)
		var wg sync.WaitGroup
		for _, svc := range []*Service{e.svc, other} {
			wg.Go(func() {
				r, err := svc.Reconcile(context.Background(), time.Hour)
				if err != nil {
					t.Error(err)
				}
				results <- r
			})
		}
		wg.Wait()
		close(results)
		paid := 0
		for r := range results {
			paid += r.Paid
		}
		if paid != n {
			t.Errorf("%d orders paid in all, want %d", paid, n)
		}
		if got := e.count(`SELECT COUNT(*) FROM mail_outbox`); got != n {
			t.Errorf("%d e-mails for %d orders", got, n)
		}
		for _, id := range ids {
			if e.fake.Captures(id) != 1 {
				t.Errorf("order %s captured %d times", id, e.fake.Captures(id))
			}
		}
	})
}

// A slow capture renews its lock, so neither the reconciler nor another
// request takes over a capture that is still running.
func TestCaptureLockRenewedWhileCapturing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, true)
		e.svc.captureRenew = 5 * time.Millisecond
		id := e.createOrder(alice)
		arrived, release := e.fake.HoldCaptures()
		defer release()
		done := make(chan int, 1)
		go func() {
			status, _ := e.capture(alice, id)
			done <- status
		}()
		<-arrived // the capture is at PayPal
		e.clock.Advance(e.svc.captureHold + time.Second)
		deadline := time.Now().Add(10 * time.Second)
		for {
			var until int64
			if err := d.QueryRowContext(context.Background(), `SELECT capture_lock_until FROM orders WHERE provider_order_id = ?`, id).Scan(&until); err != nil {
				t.Fatal(err)
			}
			if until > e.clock.Now().UnixMilli() {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the capture's lock was not renewed")
			}
			time.Sleep(5 * time.Millisecond)
		}
		e.reconcile(Reconciled{})
		if e.fake.Lookups(id) != 0 {
			t.Error("the reconciler looked into a running capture")
		}
		release()
		if status := <-done; status != 200 {
			t.Fatalf("capture: %d", status)
		}
		e.assertOnePaid(id)
	})
}
