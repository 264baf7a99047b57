package orders_test

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/orders"
	"bookshop/internal/paypal"
	"bookshop/internal/paypal/paypaltest"
)

// Refunds of PayPal orders against the fake PayPal, its webhooks, and the
// copies a checkout holds.

// paidByPayPal makes a manager and a PayPal order of cart (54.97) paid by
// the buyer; Vars number and capture name them.
func paidByPayPal(t *testing.T, e *apitest.Env) {
	t.Helper()
	e.Staff("manager", auth.RoleManager)
	e.Vars["number"], e.Vars["capture"] = paypalOrder(t, e, "buyer")
}

func refundOf(cents int) map[string]any {
	return map[string]any{"amountCents": cents, "reason": "Damaged in transit"}
}

// paypalRefunds is how many refunds the fake PayPal made of the order's capture.
func paypalRefunds(e *apitest.Env) int { return len(e.PayPal.Refunds(e.Vars["capture"])) }

func deskOrder(t *testing.T, e *apitest.Env) map[string]any {
	t.Helper()
	return e.Do("GET", desk+e.Vars["number"], nil, "manager").Expect(t, 200).JSON(t)
}

// refundMails counts the refund e-mails to the buyer's address.
func refundMails(e *apitest.Env) int {
	return e.Count(`SELECT COUNT(*) FROM mail_outbox WHERE to_address = 'alice.ship@example.com' AND subject LIKE 'Your refund of %'`)
}

// onceRefunded checks that the order was refunded exactly once, of cents.
func onceRefunded(cents int) func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	return func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := paypalRefunds(e); n != 1 {
			t.Errorf("PayPal made %d refunds, want 1", n)
		}
		if n := e.Count(`SELECT COUNT(*) FROM order_refunds WHERE status = 'completed'`); n != 1 {
			t.Errorf("%d refunds recorded, want 1", n)
		}
		if got := deskOrder(t, e)["refundedCents"]; got != float64(cents) {
			t.Errorf("refundedCents %v, want %d", got, cents)
		}
		if n := refundMails(e); n != 1 {
			t.Errorf("%d refund e-mails, want 1", n)
		}
	}
}

func TestPayPalRefunds(t *testing.T) {
	key := map[string]string{"Idempotency-Key": "refund-1"}
	apitest.Run(t, []apitest.Scenario{
		{Name: "a partial refund goes through PayPal with its PayPal-Request-Id", Method: "POST", URL: desk + "{number}/refund", As: "manager",
			Body: refundOf(1000), Headers: key, BeforeTest: paidByPayPal,
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"partially_refunded"`, `"refundedCents":1000`, `"refundableCents":4497`, `"source":"staff"`, `"paypalRefundId":"RF`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				onceRefunded(1000)(t, e, res)
				refunds := e.PayPal.Refunds(e.Vars["capture"])
				if len(refunds) == 1 && (refunds[0].Amount.Value != "10.00" || !strings.HasPrefix(refunds[0].CustomID, "bookshop-refund-")) {
					t.Errorf("PayPal's refund: %+v", refunds[0])
				}
				ids := strings.Join(e.PayPal.RequestIDs(), " ")
				if !strings.Contains(ids, "bookshop-refund-") {
					t.Errorf("no PayPal-Request-Id of the refund among %s", ids)
				}
				if !strings.Contains(e.LastMail("alice.ship@example.com"), "We have refunded $10.00 for your order") {
					t.Error("the buyer's e-mail does not name the amount")
				}
			}},
		{Name: "a double click refunds once", Method: "POST", URL: desk + "{number}/refund", As: "manager", Body: refundOf(1000), Headers: key,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(1000), "manager", key).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"refundedCents":1000`}, AfterTest: onceRefunded(1000)},
		{Name: "a retry after a lost response refunds once", Method: "POST", URL: desk + "{number}/refund", As: "manager", Body: refundOf(1000), Headers: key,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				e.PayPal.FailNextRefundsAfterSuccess(1)
				r := e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(1000), "manager", key).Expect(t, 502)
				if !strings.Contains(r.Body, "PayPal did not confirm the refund") {
					t.Errorf("lost response: %s", r.Body)
				}
				o := deskOrder(t, e)
				if o["status"] != "paid" || o["refundableCents"] != float64(4497) || !strings.Contains(fmt.Sprint(o["refunds"]), "pending") {
					t.Errorf("while unknown, the refund is reserved and pending: %v", o)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"partially_refunded"`, `"status":"completed"`}, AfterTest: onceRefunded(1000)},
		{Name: "a refund under way is pending, not refunded, on the order, the list and the buyer's page", Method: "GET", URL: desk + "{number}", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(1000), "manager", key).Expect(t, 200)
				e.PayPal.FailNextRefundsAfterSuccess(1)
				e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(700), "manager", map[string]string{"Idempotency-Key": "refund-2"}).Expect(t, 502)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"refundedCents":1000,"pendingRefundCents":700,"refundableCents":3797`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				list := e.Do("GET", "/api/admin/orders", nil, "manager").Expect(t, 200)
				if !strings.Contains(list.Body, `"refundedCents":1000,"pendingRefundCents":700`) {
					t.Errorf("the list counts a pending refund as refunded: %s", list.Body)
				}
				mine := e.Do("GET", "/api/orders/"+e.Vars["number"], nil, "buyer").Expect(t, 200)
				if !strings.Contains(mine.Body, `"refundedCents":1000,`) {
					t.Errorf("the buyer is told of a refund PayPal has not made: %s", mine.Body)
				}
				sales := e.Do("GET", "/api/admin/sales", nil, "manager").Expect(t, 200)
				if !strings.Contains(sales.Body, `"refundsCents":1000,`) {
					t.Errorf("the day's sales count a pending refund: %s", sales.Body)
				}
			}},
		{Name: "a refund whose response was lost and never retried is settled by the reconciler", Method: "GET", URL: desk + "{number}", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				e.PayPal.FailNextRefundsAfterSuccess(1)
				e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(1000), "manager", key).Expect(t, 502)
				e.Clock.Advance(6 * time.Minute)
				r, err := e.Server.Orders().Reconcile(t.Context(), 180*time.Minute)
				if err != nil || r.Refunds != 1 {
					t.Errorf("reconciled %+v, %v; want the refund settled", r, err)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"partially_refunded"`, `"status":"completed"`}, AfterTest: onceRefunded(1000)},
		{Name: "the same click sent eight times at once refunds once", Method: "GET", URL: desk + "{number}", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				var wg sync.WaitGroup
				statuses := make([]int, 8)
				for i := range statuses {
					wg.Go(func() {
						statuses[i] = e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(1000), "manager", key).Status
					})
				}
				wg.Wait()
				for i, s := range statuses {
					if s != 200 {
						t.Errorf("request %d: status %d", i, s)
					}
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"refundedCents":1000`}, AfterTest: onceRefunded(1000)},
		{Name: "two staff refunding the whole order at once refund once", Method: "GET", URL: desk + "{number}", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				e.Staff("owner", auth.RoleOwner)
				var wg sync.WaitGroup
				statuses := map[string]int{}
				var mu sync.Mutex
				for _, who := range []string{"manager", "owner"} {
					wg.Go(func() {
						r := e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(5497), who, map[string]string{"Idempotency-Key": who})
						mu.Lock()
						statuses[who] = r.Status
						mu.Unlock()
					})
				}
				wg.Wait()
				if statuses["manager"]+statuses["owner"] != 200+409 {
					t.Errorf("statuses %v, want one 200 and one 409", statuses)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"refunded"`, `"refundableCents":0`}, AfterTest: onceRefunded(5497)},
		{Name: "PayPal's refusal refunds nothing and gives the amount back", Method: "POST", URL: desk + "{number}/refund", As: "manager",
			Body: refundOf(1000), Headers: key,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				if _, err := e.PayPal.RefundInDashboard(e.Vars["capture"], ""); err != nil { // and its webhook never came
					t.Fatal(err)
				}
			},
			ExpectedStatus: 409, ExpectedContent: []string{"PayPal refused the refund (CAPTURE_FULLY_REFUNDED). Nothing was refunded."},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				o := deskOrder(t, e)
				if o["status"] != "paid" || o["refundedCents"] != float64(0) {
					t.Errorf("after a refusal: %v %v", o["status"], o["refundedCents"])
				}
				if !strings.Contains(fmt.Sprint(o["timeline"]), "Refund of $10.00 failed") {
					t.Error("the failure is not in the timeline")
				}
			}},
		{Name: "cancelling a PayPal order refunds the rest at PayPal", Method: "POST", URL: desk + "{number}/cancel", As: "manager",
			Body: map[string]any{"reason": "Out of print"}, Headers: key,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				paidByPayPal(t, e)
				e.Request("POST", desk+e.Vars["number"]+"/refund", refundOf(1000), "manager", map[string]string{"Idempotency-Key": "first"}).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"cancelled"`, `"refundedCents":5497`, `"source":"cancel"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				refunds := e.PayPal.Refunds(e.Vars["capture"])
				if len(refunds) != 2 || refunds[1].Amount.Value != "44.97" {
					t.Errorf("PayPal's refunds: %+v", refunds)
				}
				if !strings.Contains(e.LastMail("alice.ship@example.com"), "We have refunded $44.97 to your original payment method") {
					t.Error("the cancellation e-mail does not name the refund")
				}
			}},
	})
}

// webhook delivers a signed event to the shop.
func webhook(e *apitest.Env, h map[string]string, body []byte) *apitest.Response {
	e.T.Helper()
	return e.Request("POST", "/api/paypal/webhook", string(body), "", h)
}

// event signs an event for the shop's webhook id.
func event(id, eventType string, resource any) (map[string]string, []byte) {
	return eventFor(paypaltest.WebhookID, id, eventType, resource)
}

func eventFor(webhookID, id, eventType string, resource any) (map[string]string, []byte) {
	h, body := paypaltest.Event(webhookID, id, eventType, resource)
	flat := map[string]string{}
	for k := range h {
		flat[k] = h.Get(k)
	}
	return flat, body
}

// dashboardRefund refunds amount of the order's capture at the fake, as the
// merchant does in PayPal, and signs the REFUNDED event that tells of it.
func dashboardRefund(t *testing.T, e *apitest.Env, amount string) (map[string]string, []byte) {
	t.Helper()
	r, err := e.PayPal.RefundInDashboard(e.Vars["capture"], amount)
	if err != nil {
		t.Fatal(err)
	}
	return event("WH-"+rand.Text(), paypal.EventCaptureRefunded, r)
}

func captureResource(e *apitest.Env, status string) paypal.CaptureResource {
	c := paypal.CaptureResource{Capture: paypal.Capture{ID: e.Vars["capture"], Status: status, Amount: paypal.Money{CurrencyCode: "USD", Value: "54.97"}}}
	c.SupplementaryData.RelatedIDs.OrderID = e.Vars["paypalOrder"]
	return c
}

// deliver sends a signed event and checks the shop's answer.
func deliver(t *testing.T, e *apitest.Env, h map[string]string, body []byte, status int, want string) {
	t.Helper()
	r := webhook(e, h, body).Expect(t, status)
	if !strings.Contains(r.Body, want) {
		t.Errorf("webhook answered %s, want %s", r.Body, want)
	}
}

func TestPayPalWebhooks(t *testing.T) {
	order := func(name string, before func(t *testing.T, e *apitest.Env), content []string, after func(t *testing.T, e *apitest.Env, res *apitest.Response)) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "GET", URL: desk + "{number}", As: "manager",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { paidByPayPal(t, e); before(t, e) },
			ExpectedStatus: 200, ExpectedContent: content, AfterTest: after}
	}
	unchanged := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := e.Count(`SELECT COUNT(*) FROM paypal_webhook_events`) + e.Count(`SELECT COUNT(*) FROM order_refunds`); n != 0 {
			t.Errorf("a refused event changed something (%d rows)", n)
		}
	}
	apitest.Run(t, []apitest.Scenario{
		order("a refund made in PayPal's dashboard appears on the order, its timeline and the buyer's e-mail",
			func(t *testing.T, e *apitest.Env) {
				h, body := dashboardRefund(t, e, "10.00")
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			[]string{`"status":"partially_refunded"`, `"refundedCents":1000`, `"source":"paypal"`, "Refunded $10.00 in PayPal"},
			func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if mail := e.LastMail("alice.ship@example.com"); !strings.Contains(mail, "We have refunded $10.00 for your order") {
					t.Errorf("e-mail %s", mail)
				}
				if e.PayPal.Verifications() != 1 {
					t.Error("the event was not verified with PayPal")
				}
				if mine := e.Do("GET", "/api/orders/"+e.Vars["number"], nil, "buyer").Expect(t, 200); !strings.Contains(mine.Body, `"refundedCents":1000`) {
					t.Errorf("My Orders: %s", mine.Body)
				}
			}),
		order("a refund made in PayPal's dashboard while a staff refund is under way is recorded in full",
			func(t *testing.T, e *apitest.Env) {
				// A staff refund of $50.00 reserved, not yet sent to PayPal.
				if _, err := e.DB.ExecContext(t.Context(), `UPDATE orders SET refunded_cents = 5000 WHERE number = ?`, e.Vars["number"]); err != nil {
					t.Fatal(err)
				}
				if _, err := e.DB.ExecContext(t.Context(), `INSERT INTO order_refunds (order_id, amount_cents, reason, source, status, idempotency_key, created_at)
					SELECT id, 5000, 'Damaged in transit', 'staff', 'pending', 'held', ? FROM orders WHERE number = ?`, time.Now().UTC(), e.Vars["number"]); err != nil {
					t.Fatal(err)
				}
				h, body := dashboardRefund(t, e, "10.00")
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
				// The staff refund's retry: PayPal has only $44.97 left.
				act(e, e.Vars["number"], "refund", refundOf(5000), "held").Expect(t, 409)
			},
			[]string{`"status":"partially_refunded"`, `"refundedCents":1000`, "Refunded $10.00 in PayPal"},
			func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds WHERE status = 'completed'`); n != 1000 {
					t.Errorf("%d cents recorded as refunded, PayPal refunded 1000", n)
				}
			}),
		order("refunds made in PayPal's dashboard while staff refunds race are recorded as PayPal made them",
			func(t *testing.T, e *apitest.Env) {
				var wg sync.WaitGroup
				for i := range 8 {
					wg.Go(func() { act(e, e.Vars["number"], "refund", refundOf(1500), fmt.Sprint("staff-", i)) })
				}
				for range 4 {
					wg.Go(func() {
						r, err := e.PayPal.RefundInDashboard(e.Vars["capture"], "5.00")
						if err != nil {
							return // the staff refunds took it all: PayPal refunded nothing
						}
						h, body := event("WH-"+rand.Text(), paypal.EventCaptureRefunded, r)
						deliver(t, e, h, body, 200, `"outcome":"applied"`)
					})
				}
				wg.Wait()
			},
			[]string{`"number":"SF-`},
			func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var paid int64
				for _, r := range e.PayPal.Refunds(e.Vars["capture"]) {
					c, _ := orders.ParseCents(json.Number(r.Amount.Value))
					paid += c
				}
				if got := res.JSON(t)["refundedCents"]; got != float64(paid) {
					t.Errorf("refundedCents %v, PayPal refunded %d", got, paid)
				}
				if n := e.Count(`SELECT COALESCE(SUM(amount_cents), 0) FROM order_refunds WHERE status = 'completed'`); int64(n) != paid {
					t.Errorf("%d cents recorded, PayPal refunded %d", n, paid)
				}
			}),
		order("a replayed event is applied once",
			func(t *testing.T, e *apitest.Env) {
				h, body := dashboardRefund(t, e, "10.00")
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
				deliver(t, e, h, body, 200, `"outcome":"duplicate"`)
			},
			[]string{`"refundedCents":1000`},
			func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := refundMails(e); n != 1 {
					t.Errorf("%d refund e-mails", n)
				}
			}),
		order("a tampered event is refused and changes nothing",
			func(t *testing.T, e *apitest.Env) {
				h, body := dashboardRefund(t, e, "10.00")
				deliver(t, e, h, []byte(strings.Replace(string(body), `"10.00"`, `"54.97"`, 1)), 400, "signature does not verify")
			},
			[]string{`"status":"paid"`, `"refundedCents":0`}, unchanged),
		order("an event signed for another webhook is refused",
			func(t *testing.T, e *apitest.Env) {
				r, _ := e.PayPal.RefundInDashboard(e.Vars["capture"], "10.00")
				h, body := eventFor("WH-SOMEONE-ELSE", "WH-1", paypal.EventCaptureRefunded, r)
				deliver(t, e, h, body, 400, "signature does not verify")
			},
			[]string{`"status":"paid"`}, unchanged),
		order("an event without PayPal's headers is refused unverified",
			func(t *testing.T, e *apitest.Env) {
				deliver(t, e, map[string]string{}, []byte(`{"id":"WH-1","event_type":"PAYMENT.CAPTURE.REFUNDED","resource":{}}`), 400, "PAYPAL-TRANSMISSION-ID")
				if e.PayPal.Verifications() != 0 {
					t.Error("PayPal was asked about an unsigned event")
				}
			},
			[]string{`"status":"paid"`}, unchanged),
		order("a late CAPTURE.COMPLETED never reopens a refunded order",
			func(t *testing.T, e *apitest.Env) {
				act(e, e.Vars["number"], "refund", refundOf(5497), "all").Expect(t, 200)
				e.Vars["paypalOrder"] = paypalOrderID(t, e)
				h, body := event("WH-LATE", paypal.EventCaptureCompleted, captureResource(e, "COMPLETED"))
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			[]string{`"status":"refunded"`}, nil),
		order("the webhook of the shop's own refund does not count it twice",
			func(t *testing.T, e *apitest.Env) {
				act(e, e.Vars["number"], "refund", refundOf(1000), "k").Expect(t, 200)
				h, body := event("WH-OWN", paypal.EventCaptureRefunded, e.PayPal.Refunds(e.Vars["capture"])[0])
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			[]string{`"refundedCents":1000`}, onceRefunded(1000)),
		order("a reversal refunds what is left",
			func(t *testing.T, e *apitest.Env) {
				r, _ := e.PayPal.RefundInDashboard(e.Vars["capture"], "")
				h, body := event("WH-REV", paypal.EventCaptureReversed, r)
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			[]string{`"status":"refunded"`, "PayPal reversed the payment"}, nil),
		order("a denied capture cancels a paid order that has not shipped",
			func(t *testing.T, e *apitest.Env) {
				e.Vars["paypalOrder"] = paypalOrderID(t, e)
				h, body := event("WH-DENIED", paypal.EventCaptureDenied, captureResource(e, "DENIED"))
				deliver(t, e, h, body, 200, `"outcome":"applied"`)
			},
			[]string{`"status":"cancelled"`, `"paymentStatus":"payment_failed","fulfillmentStatus":"cancelled"`, "PayPal denied capture"},
			func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if !strings.Contains(e.LastMail("alice.ship@example.com"), "PayPal denied the payment") {
					t.Error("the buyer was not told")
				}
				// Failed, but not to be captured again nor expired (which
				// would give its copies back a second time).
				e.Clock.Advance(181 * time.Minute)
				if _, err := e.Server.Orders().Reconcile(t.Context(), 180*time.Minute); err != nil {
					t.Fatal(err)
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE payment_status = 'payment_failed' AND fulfillment_status = 'cancelled'`); n != 1 {
					t.Error("the reconciler moved the denied order")
				}
			}),
		order("an event about another shop's payment is acknowledged and kept, never applied",
			func(t *testing.T, e *apitest.Env) {
				h, body := event("WH-X", paypal.EventCaptureRefunded, paypal.Refund{ID: "RF1", Status: "COMPLETED", Amount: paypal.Money{CurrencyCode: "USD", Value: "1.00"},
					Links: []paypal.Link{{Rel: "up", Href: "https://api.paypal.com/v2/payments/captures/ELSEWHERE"}}})
				deliver(t, e, h, body, 200, `"outcome":"held"`)
			},
			[]string{`"status":"paid"`}, nil),
		{Name: "a body that is not an event", Method: "POST", URL: "/api/paypal/webhook", Body: `[1,2]`,
			Headers:        map[string]string{"Paypal-Auth-Algo": "a", "Paypal-Cert-Url": "b", "Paypal-Transmission-Id": "c", "Paypal-Transmission-Sig": "d", "Paypal-Transmission-Time": "e"},
			ExpectedStatus: 400, ExpectedContent: []string{"not a PayPal webhook event"}},
		{Name: "without PAYPAL_WEBHOOK_ID the webhook is refused", Method: "POST", URL: "/api/paypal/webhook", Config: map[string]string{"PAYPAL_WEBHOOK_ID": ""},
			Body: `{}`, ExpectedStatus: 503, ExpectedContent: []string{"PAYPAL_WEBHOOK_ID"}},
	})
}

func paypalOrderID(t *testing.T, e *apitest.Env) string {
	t.Helper()
	var id string
	if err := e.DB.QueryRowContext(t.Context(), `SELECT provider_order_id FROM orders WHERE number = ?`, e.Vars["number"]).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestStockHolds: a PayPal checkout holds its copies until it is paid or
// expires; cancelling, or refunding copies that never shipped, puts them back.
func TestStockHolds(t *testing.T) {
	create := func(t *testing.T, e *apitest.Env, n int) string {
		r := e.Request("POST", pay, map[string]any{"action": "create_order", "items": oneBook(n)["items"], "amount": oneBook(n)["amount"]}, "buyer", attempt(rand.Text()))
		return r.Expect(t, 200).JSON(t)["id"].(string)
	}
	reconcileLater := func(t *testing.T, e *apitest.Env) {
		e.Clock.Advance(181 * time.Minute)
		if _, err := e.Server.Orders().Reconcile(t.Context(), 180*time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	stockIs := func(want int) func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		return func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
			if n := stockOf(t, e); n != want {
				t.Errorf("stock %d, want %d", n, want)
			}
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "an unpaid checkout holds its copies until it expires", Method: "GET", URL: "/api/books/1",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				setBook(t, e, map[string]any{"stock": 3})
				create(t, e, 2)
				if n := stockOf(t, e); n != 1 {
					t.Errorf("stock %d while the buyer approves, want 1", n)
				}
				reconcileLater(t, e)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"id":1`}, AfterTest: stockIs(3)},
		{Name: "a declined checkout gives its copies back when it expires", Method: "GET", URL: "/api/books/1",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				setBook(t, e, map[string]any{"stock": 3})
				e.PayPal.DeclineNextCaptures(1)
				id := create(t, e, 2)
				e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": id, "shippingInfo": shipping}, "buyer", attempt("c")).Expect(t, 402)
				reconcileLater(t, e)
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE status = 'expired'`); n != 1 {
					t.Errorf("%d expired orders", n)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"id":1`}, AfterTest: stockIs(3)},
		{Name: "a paid checkout keeps its copies", Method: "GET", URL: "/api/books/1",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				setBook(t, e, map[string]any{"stock": 3})
				id := create(t, e, 2)
				e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": id, "shippingInfo": shipping}, "buyer", attempt("c")).Expect(t, 200)
				reconcileLater(t, e)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"id":1`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				stockIs(1)(t, e, res)
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE status = 'paid'`); n != 1 {
					t.Errorf("%d paid orders, want 1", n)
				}
			}},
		{Name: "cancelling puts the copies back", Method: "POST", URL: desk + "{number}/cancel", As: "manager",
			Body: map[string]any{"reason": "Buyer changed their mind"}, Headers: map[string]string{"Idempotency-Key": "c"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				setBook(t, e, map[string]any{"stock": 5})
				e.Staff("manager", auth.RoleManager)
				e.Vars["number"] = e.Request("POST", pay, oneBook(2), "buyer", attempt("1")).Expect(t, 200).JSON(t)["orderNumber"].(string)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"cancelled"`}, AfterTest: stockIs(5)},
		{Name: "refunded copies that never shipped go back; shipped ones do not", Method: "POST", URL: desk + "{number}/refund", As: "manager",
			Body:    map[string]any{"lines": []map[string]any{{"bookId": 1, "quantity": 1}}, "reason": "Lost in the post"},
			Headers: map[string]string{"Idempotency-Key": "second"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				setBook(t, e, map[string]any{"stock": 5})
				e.Staff("manager", auth.RoleManager)
				n := e.Request("POST", pay, oneBook(2), "buyer", attempt("1")).Expect(t, 200).JSON(t)["orderNumber"].(string)
				e.Vars["number"] = n
				act(e, n, "refund", map[string]any{"lines": []map[string]any{{"bookId": 1, "quantity": 1}}, "reason": "Only wanted one"}, "first").Expect(t, 200)
				if s := stockOf(t, e); s != 4 {
					t.Errorf("stock %d after refunding a copy before shipping, want 4", s)
				}
				act(e, n, "fulfil", shipBody, "").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"refunded"`, `"refundedQuantity":2`}, AfterTest: stockIs(4)},
	})
}
