package orders

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
	"bookshop/internal/paypal"
	"bookshop/internal/paypal/paypaltest"
	"bookshop/internal/ratelimit"
	"bookshop/internal/testclock"
)

// fakeCatalog stands in for the catalogue with two of its books.
type fakeCatalog map[int]PricedBook

func (c fakeCatalog) PricedBook(id int) (PricedBook, bool) {
	b, ok := c[id]
	return b, ok
}

// The fake's books are untracked: no stock is taken or given back.
func (fakeCatalog) TakeCopies(context.Context, *db.Tx, []Line) (bool, *Shortage, error) {
	return false, nil, nil
}
func (fakeCatalog) ReturnCopies(context.Context, *db.Tx, []Line) (bool, error) { return false, nil }
func (fakeCatalog) StockChanged(context.Context)                               {}

var testCatalog = fakeCatalog{
	1: {ID: 1, Title: "Siso and the Stripe That Got Away", PriceCents: 1499, OnSale: true, Formats: map[string]int64{formats.Print: 1499}},
	3: {ID: 3, Title: "Our First Adventure", PriceCents: 1999, OnSale: true, Formats: map[string]int64{formats.Print: 1999}},
}

// recordingBuyers stands in for the accounts service.
type recordingBuyers struct {
	mu     sync.Mutex
	marked map[string]int
}

func (b *recordingBuyers) MarkPurchased(_ context.Context, userID string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.marked[userID]++
	return nil
}

func (b *recordingBuyers) count(userID string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.marked[userID]
}

type env struct {
	t      *testing.T
	db     *db.DB
	fake   *paypaltest.Fake
	buyers *recordingBuyers
	svc    *Service
	h      http.Handler
	clock  *testclock.Clock
}

var (
	alice = &auth.Caller{UserID: "user-alice", Email: "alice@example.com"}
	bob   = &auth.Caller{UserID: "user-bob", Email: "bob@example.com"}
)

func newEnv(t *testing.T, d *db.DB, withPayPal bool) *env {
	t.Helper()
	e := &env{t: t, db: d, buyers: &recordingBuyers{marked: map[string]int{}}, clock: testclock.Running()}
	var client *paypal.Client
	if withPayPal {
		var base string
		e.fake, base = paypaltest.Start(t)
		client = paypal.New(base, paypaltest.ClientID, paypaltest.ClientSecret)
	}
	e.svc = New(d, Parts{Catalog: testCatalog, PayPal: client, Buyers: e.buyers, Pricing: testPricing}, Settings{SiteURL: "http://shop.test", SupportEmail: "help@shop.test"}, e.clock.Now)
	mux := http.NewServeMux()
	mux.Handle("POST /functions/v1/process-payment", httpx.HandleWith(WriteError, e.svc.ProcessPayment))
	mux.Handle("GET /api/orders", httpx.Handle(e.svc.ListOrders))
	mux.Handle("GET /api/orders/{number}", httpx.Handle(e.svc.GetOrder))
	e.h = mux
	return e
}

// do sends a request as caller (nil: no session) and decodes the JSON response.
func (e *env) do(caller *auth.Caller, method, path string, body any) (int, map[string]any) {
	e.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	default:
		raw, _ = json.Marshal(b)
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	// Each call its own payment attempt; TestIdempotencyKey replays them.
	req.Header.Set("Idempotency-Key", rand.Text())
	if caller != nil {
		req = req.WithContext(auth.WithCaller(req.Context(), *caller))
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	out := map[string]any{}
	if strings.HasPrefix(strings.TrimSpace(rec.Body.String()), "[") {
		var list []any
		_ = json.Unmarshal(rec.Body.Bytes(), &list)
		out["list"] = list
	} else if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		e.t.Fatalf("%s %s: response is not JSON: %q", method, path, rec.Body)
	}
	return rec.Code, out
}

func (e *env) pay(caller *auth.Caller, body map[string]any) (int, map[string]any) {
	e.t.Helper()
	return e.do(caller, "POST", "/functions/v1/process-payment", body)
}

// cart is two copies of book 1 (14.99) and one of book 3 (19.99):
// subtotal 49.97, tax 5.00 (4.997 rounded), total 54.97.
func cart() []map[string]any {
	return []map[string]any{
		{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 2, "unitPrice": 14.99},
		{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99},
	}
}

const cartTotal = 54.97

var shipping = map[string]any{"fullName": "Alice Reader", "email": "alice.ship@example.com", "address": "12 Story Lane",
	"city": "Springfield", "state": "IL", "zipCode": "62701", "country": "United States", "cardNumber": "4111111111111111"}

func (e *env) createOrder(caller *auth.Caller) string {
	e.t.Helper()
	status, out := e.pay(caller, map[string]any{"action": "create_order", "items": cart(), "amount": cartTotal})
	if status != 200 || out["id"] == "" {
		e.t.Fatalf("create_order: %d %v", status, out)
	}
	return out["id"].(string)
}

func (e *env) capture(caller *auth.Caller, orderID string) (int, map[string]any) {
	e.t.Helper()
	return e.pay(caller, map[string]any{"action": "capture_order", "orderID": orderID, "items": cart(), "amount": cartTotal,
		"shippingInfo": shipping, "userId": "someone-else"})
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// assertOnePaid checks the invariants of a PayPal order after any sequence of
// captures: one capture at PayPal, one paid order, one e-mail.
func (e *env) assertOnePaid(orderID string) {
	e.t.Helper()
	if n := e.fake.Captures(orderID); n != 1 {
		e.t.Errorf("PayPal captured %d times, want 1", n)
	}
	if n := e.count(`SELECT COUNT(*) FROM orders WHERE provider_order_id = ? AND status = 'paid'`, orderID); n != 1 {
		e.t.Errorf("%d paid orders, want 1", n)
	}
	if n := e.count(`SELECT COUNT(*) FROM mail_outbox`); n != 1 {
		e.t.Errorf("%d e-mails queued, want 1", n)
	}
}

func TestPayPalCheckout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, true)
		id := e.createOrder(alice)

		pp, _ := e.fake.Order(id)
		amount := pp.PurchaseUnits[0].Amount
		if amount.Value != "54.97" || amount.Breakdown.ItemTotal.Value != "49.97" || amount.Breakdown.TaxTotal.Value != "5.00" || len(pp.PurchaseUnits[0].Items) != 2 {
			t.Errorf("PayPal order amount %+v, items %+v", amount, pp.PurchaseUnits[0].Items)
		}

		status, out := e.capture(alice, id)
		if status != 200 || out["success"] != true || out["status"] != "paid" || out["orderID"] != id {
			t.Fatalf("capture: %d %v", status, out)
		}
		number := out["orderNumber"].(string)
		e.assertOnePaid(id)
		if e.buyers.count(alice.UserID) == 0 {
			t.Error("buyer not marked as having purchased")
		}

		// A replay returns the stored outcome.
		status, again := e.capture(alice, id)
		if status != 200 || again["orderNumber"] != number {
			t.Fatalf("replayed capture: %d %v", status, again)
		}
		e.assertOnePaid(id)

		// The order belongs to the caller (not to the body's userId) and
		// keeps the shipping info without the card number.
		status, got := e.do(alice, "GET", "/api/orders/"+number, nil)
		if status != 200 || got["status"] != "paid" || got["totalCents"] != 5497.0 || got["total"] != 54.97 {
			t.Fatalf("get order: %d %v", status, got)
		}
		ship := got["shippingInfo"].(map[string]any)
		if ship["city"] != "Springfield" || ship["cardNumber"] != nil {
			t.Errorf("shipping info %v", ship)
		}
		var to, text string
		if err := d.QueryRowContext(context.Background(), `SELECT to_address, text_body FROM mail_outbox`).Scan(&to, &text); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{number, "2 x Siso and the Stripe That Got Away", "Subtotal: $49.97", "Tax (10%): $5.00", "Total: $54.97 USD"} {
			if !strings.Contains(text, want) {
				t.Errorf("e-mail lacks %q:\n%s", want, text)
			}
		}
		if to != "alice.ship@example.com" {
			t.Errorf("e-mail to %q", to)
		}

		// One token served every call, and every call carried a request id.
		if n := e.fake.TokenCalls(); n != 1 {
			t.Errorf("%d tokens fetched, want 1 (cached)", n)
		}
		for _, rid := range e.fake.RequestIDs() {
			if rid == "" {
				t.Error("a PayPal call without PayPal-Request-Id")
			}
		}
	})
}

func TestCaptureFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		t.Run("5xx after PayPal captured, then a retry", func(t *testing.T) {
			e := newEnv(t, d, true)
			id := e.createOrder(alice)
			e.fake.FailNextCapturesAfterSuccess(1)
			status, out := e.capture(alice, id)
			if status != 502 || !strings.Contains(out["error"].(string), "you will not be charged twice") {
				t.Fatalf("first capture: %d %v", status, out)
			}
			if n := e.count(`SELECT COUNT(*) FROM orders WHERE provider_order_id = ? AND status = 'pending_payment'`, id); n != 1 {
				t.Errorf("order should still await payment")
			}
			status, out = e.capture(alice, id)
			if status != 200 || out["status"] != "paid" {
				t.Fatalf("retry: %d %v", status, out)
			}
			if n := e.fake.CaptureCalls(id); n != 1 {
				t.Errorf("%d capture calls reached PayPal, want 1 (the retry is a replay)", n)
			}
			e.assertOnePaid(id)
		})

		t.Run("ORDER_ALREADY_CAPTURED is read back", func(t *testing.T) {
			e := newEnv(t, d, true)
			_, _ = d.ExecContext(context.Background(), `DELETE FROM mail_outbox`)
			id := e.createOrder(alice)
			// Captured at PayPal under another request id, e.g. by a request
			// whose response and replay window were both lost.
			client := paypal.New(baseOf(t, e), paypaltest.ClientID, paypaltest.ClientSecret)
			if _, err := client.CaptureOrder(context.Background(), "elsewhere", id); err != nil {
				t.Fatal(err)
			}
			status, out := e.capture(alice, id)
			if status != 200 || out["status"] != "paid" || out["captureId"] == "" {
				t.Fatalf("capture: %d %v", status, out)
			}
			e.assertOnePaid(id)
		})

		t.Run("INSTRUMENT_DECLINED, then another funding source", func(t *testing.T) {
			e := newEnv(t, d, true)
			_, _ = d.ExecContext(context.Background(), `DELETE FROM mail_outbox`)
			id := e.createOrder(alice)
			e.fake.DeclineNextCaptures(1)
			status, out := e.capture(alice, id)
			if status != 402 || !strings.HasPrefix(out["error"].(string), "INSTRUMENT_DECLINED") {
				t.Fatalf("declined capture: %d %v", status, out)
			}
			if n := e.count(`SELECT COUNT(*) FROM orders WHERE provider_order_id = ? AND status = 'payment_failed'`, id); n != 1 {
				t.Error("declined order should be payment_failed")
			}
			status, out = e.capture(alice, id)
			if status != 200 || out["status"] != "paid" {
				t.Fatalf("retry: %d %v", status, out)
			}
			e.assertOnePaid(id)
			var history []string
			rows, err := d.QueryContext(context.Background(), `SELECT h.to_status FROM order_status_history h JOIN orders o ON o.id = h.order_id
				WHERE o.provider_order_id = ? AND h.kind = 'status' ORDER BY h.id`, id)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var s string
				_ = rows.Scan(&s)
				history = append(history, s)
			}
			rows.Close()
			if got := strings.Join(history, ">"); got != "pending_payment>payment_failed>pending_payment>paid" {
				t.Errorf("history %s", got)
			}
		})
	})
}

// baseOf finds the fake's URL through the service's client.
func baseOf(t *testing.T, e *env) string {
	t.Helper()
	return e.svc.paypal.BaseURL()
}

func TestConcurrentCaptures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, true)
		id := e.createOrder(alice)
		const n = 8
		var wg sync.WaitGroup
		numbers := make(chan string, n)
		for range n {
			wg.Go(func() {
				status, out := e.capture(alice, id)
				if status != 200 {
					t.Errorf("concurrent capture: %d %v", status, out)
					return
				}
				numbers <- out["orderNumber"].(string)
			})
		}
		wg.Wait()
		close(numbers)
		seen := map[string]bool{}
		for num := range numbers {
			seen[num] = true
		}
		if len(seen) != 1 {
			t.Errorf("captures got order numbers %v, want one", seen)
		}
		if c := e.fake.CaptureCalls(id); c != 1 {
			t.Errorf("%d capture calls reached PayPal, want 1", c)
		}
		e.assertOnePaid(id)
	})
}

func TestPaymentRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, true)
		id := e.createOrder(alice)
		tampered := cart()
		tampered[0]["unitPrice"] = 1.99
		tests := []struct {
			name       string
			caller     *auth.Caller
			body       any
			wantStatus int
			wantError  string
		}{
			{"capture without a session", nil, map[string]any{"action": "capture_order", "orderID": id, "userId": alice.UserID}, 401, "User authentication required for payment"},
			{"capture of someone else's order", bob, map[string]any{"action": "capture_order", "orderID": id}, 404, "PayPal order " + id + " not found."},
			{"capture of an unknown order", alice, map[string]any{"action": "capture_order", "orderID": "NOPE"}, 404, "PayPal order NOPE not found."},
			{"capture without order id", alice, map[string]any{"action": "capture_order"}, 400, "orderID is required."},
			{"capture with a changed amount", alice, map[string]any{"action": "capture_order", "orderID": id, "items": cart(), "amount": 1.00}, 400, "The amount does not match the PayPal order total of $54.97"},
			{"capture with a changed cart", alice, map[string]any{"action": "capture_order", "orderID": id, "items": cart()[:1], "amount": cartTotal}, 400, "Your cart changed after the PayPal order was created"},
			{"create with a tampered price", alice, map[string]any{"action": "create_order", "items": tampered, "amount": 25.97}, 400, "The price of 'Siso and the Stripe That Got Away' is $14.99, not $1.99"},
			{"create with a tampered amount", alice, map[string]any{"action": "create_order", "items": cart(), "amount": 5}, 400, "The amount $5.00 does not match the order total of $54.97"},
			{"create with an amount as a string", alice, map[string]any{"action": "create_order", "items": cart(), "amount": "54.97"}, 200, ""},
			{"unknown action", nil, map[string]any{"action": "refund"}, 400, "Unknown action. Use create_order, capture_order, demo_payment or free_order."},
			{"empty body", nil, "", 400, "The request body is empty."},
			{"not JSON", nil, "{", 400, "The request body is not valid JSON."},
			{"array body", nil, "[]", 400, "A field has the wrong type."},
			{"items not a list", alice, `{"action":"create_order","items":"x"}`, 400, "A field has the wrong type."},
			{"non-numeric book id", alice, `{"action":"create_order","items":[{"id":"abc"}],"amount":1}`, 400, "Each item needs the numeric id of its book."},
			{"create without a session", nil, map[string]any{"action": "create_order", "items": cart(), "amount": cartTotal}, 401, "User authentication required for payment"},
			{"huge quantity", alice, `{"action":"create_order","items":[{"id":1,"name":"Siso and the Stripe That Got Away","quantity":1e400,"unitPrice":14.99}],"amount":1}`, 400, "must be a whole number from 1 to 99"},
			{"nested garbage", nil, `{"action":"demo_payment","method":"card","items":[{"id":1}],"shippingInfo":[1]}`, 400, ""},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				status, out := e.do(tc.caller, "POST", "/functions/v1/process-payment", tc.body)
				if status != tc.wantStatus {
					t.Fatalf("status %d, want %d: %v", status, tc.wantStatus, out)
				}
				msg, _ := out["error"].(string)
				if tc.wantStatus >= 400 && (msg == "" || !strings.Contains(msg, tc.wantError)) {
					t.Errorf("error %q, want %q", msg, tc.wantError)
				}
			})
		}
		if n := e.fake.Captures(id); n != 0 {
			t.Errorf("refused requests captured %d times", n)
		}
	})
}

// Only the buyer who created a PayPal order may capture it, even an order
// left over from before PayPal required a session; and a failing database
// is reported as such, never as a missing order.
func TestCaptureBelongsToTheCreator(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, true)
		id := e.createOrder(alice)
		if n := e.count(`SELECT COUNT(*) FROM orders WHERE provider_order_id = ? AND user_id = ?`, id, alice.UserID); n != 1 {
			t.Fatalf("creator not recorded on the order")
		}
		status, out := e.capture(bob, id)
		if status != 404 || out["error"] != "PayPal order "+id+" not found." {
			t.Fatalf("capture by another user: %d %v", status, out)
		}
		if _, err := d.ExecContext(context.Background(), `UPDATE orders SET user_id = NULL WHERE provider_order_id = ?`, id); err != nil {
			t.Fatal(err)
		}
		if status, out := e.capture(alice, id); status != 404 {
			t.Fatalf("capture of an order created signed out: %d %v", status, out)
		}
		if n := e.fake.Captures(id); n != 0 {
			t.Fatalf("captured %d times", n)
		}
		if _, err := d.ExecContext(context.Background(), `DROP TABLE order_lines`); err != nil {
			t.Fatal(err)
		}
		if status, out := e.capture(alice, id); status != 500 || out["error"] != "Something went wrong on our side. Please try again." {
			t.Fatalf("capture with a failing database: %d %v", status, out)
		}
	})
}

func TestPayPalNotConfigured(t *testing.T) {
	e := newEnv(t, dbtest.SQLite(t), false)
	status, out := e.pay(alice, map[string]any{"action": "create_order", "items": cart(), "amount": cartTotal})
	if status != 503 || out["error"] != "PayPal is not configured on this server. Please choose another payment method." {
		t.Fatalf("%d %v", status, out)
	}
}

func TestDemoPayment(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, false)
		tests := []struct {
			name       string
			caller     *auth.Caller
			method     string
			shipping   map[string]any
			wantStatus int
			wantError  string
		}{
			{"guest pays by card", nil, "card", shipping, 200, ""},
			{"signed-in user pays with Apple Pay", alice, "apple", shipping, 200, ""},
			{"guest pays with Google Pay", nil, "google", shipping, 200, ""},
			{"unknown method", nil, "cash", shipping, 400, "method must be card, apple or google."},
			{"no shipping info", nil, "card", nil, 400, "shippingInfo is required."},
			{"bad e-mail", nil, "card", map[string]any{"fullName": "Al", "email": "nope", "address": "12 Story Lane", "city": "Sp", "state": "IL", "zipCode": "62701", "country": "US"}, 400, "Please check your shipping information: Invalid email address."},
			{"short zip", nil, "card", map[string]any{"fullName": "Al", "email": "a@b.co", "address": "12 Story Lane", "city": "Sp", "state": "IL", "zipCode": "627", "country": "US"}, 400, "ZIP code is required"},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				body := map[string]any{"action": "demo_payment", "method": tc.method, "items": cart(), "amount": cartTotal}
				if tc.shipping != nil {
					body["shippingInfo"] = tc.shipping
				}
				status, out := e.pay(tc.caller, body)
				if status != tc.wantStatus {
					t.Fatalf("status %d, want %d: %v", status, tc.wantStatus, out)
				}
				if tc.wantStatus != 200 {
					if msg, _ := out["error"].(string); !strings.Contains(msg, tc.wantError) {
						t.Errorf("error %q, want %q", msg, tc.wantError)
					}
					return
				}
				number, _ := out["orderNumber"].(string)
				if out["success"] != true || !strings.HasPrefix(number, "SF-") || out["provider"] != "demo_"+tc.method {
					t.Fatalf("response %v", out)
				}
				if n := e.count(`SELECT COUNT(*) FROM mail_outbox WHERE to_address = ? AND subject LIKE ?`, "alice.ship@example.com", "%"+number); n != 1 {
					t.Errorf("%d confirmation e-mails for %s, want 1", n, number)
				}
			})
		}
		if e.buyers.count(alice.UserID) != 1 {
			t.Errorf("signed-in demo buyer marked %d times, want 1", e.buyers.count(alice.UserID))
		}
		if n := e.count(`SELECT COUNT(*) FROM orders WHERE status = 'paid'`); n != 3 {
			t.Errorf("%d paid orders, want 3", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM orders WHERE status = 'paid' AND user_id IS NULL`); n != 2 {
			t.Errorf("%d guest orders, want 2", n)
		}
	})
}

func TestOrdersAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, false)
		buy := func(caller *auth.Caller) string {
			status, out := e.pay(caller, map[string]any{"action": "demo_payment", "method": "card", "items": cart(), "amount": cartTotal, "shippingInfo": shipping})
			if status != 200 {
				t.Fatalf("demo payment: %d %v", status, out)
			}
			return out["orderNumber"].(string)
		}
		first, second, bobs := buy(alice), buy(alice), buy(bob)

		status, out := e.do(alice, "GET", "/api/orders", nil)
		list, _ := out["list"].([]any)
		if status != 200 || len(list) != 2 {
			t.Fatalf("list: %d %v", status, out)
		}
		if list[0].(map[string]any)["number"] != second || list[1].(map[string]any)["number"] != first {
			t.Errorf("orders not newest first: %v", list)
		}
		items := list[0].(map[string]any)["items"].([]any)
		if len(items) != 2 || items[0].(map[string]any)["quantity"] != 2.0 || items[0].(map[string]any)["unitPriceCents"] != 1499.0 {
			t.Errorf("items %v", items)
		}

		tests := []struct {
			name       string
			caller     *auth.Caller
			path       string
			wantStatus int
		}{
			{"own order", alice, "/api/orders/" + first, 200},
			{"someone else's order", alice, "/api/orders/" + bobs, 404},
			{"unknown order", alice, "/api/orders/SF-NOPE", 404},
			{"no session, list", nil, "/api/orders", 401},
			{"no session, one", nil, "/api/orders/" + first, 401},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				status, out := e.do(tc.caller, "GET", tc.path, nil)
				if status != tc.wantStatus {
					t.Fatalf("status %d, want %d: %v", status, tc.wantStatus, out)
				}
				if status >= 400 && out["error"] == nil {
					t.Errorf("no error object: %v", out)
				}
			})
		}
	})
}

func TestPaymentRateLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, true)
		e.svc.limiter = ratelimit.New(d, 2, nil)
		demo := map[string]any{"action": "demo_payment", "method": "card", "items": cart(), "amount": cartTotal, "shippingInfo": shipping}
		for i := range 2 {
			if status, out := e.pay(nil, demo); status != 200 {
				t.Fatalf("demo payment %d: %d %v", i+1, status, out)
			}
		}
		status, out := e.pay(nil, demo)
		if status != http.StatusTooManyRequests || out["error"] != "Too many payment attempts. Please wait a minute and try again." {
			t.Fatalf("third demo payment: %d %v", status, out)
		}
		if n := e.count(`SELECT COUNT(*) FROM mail_outbox`); n != 2 {
			t.Errorf("%d e-mails queued, want 2", n)
		}
		// create_order has its own counter, limited the same way.
		e.createOrder(alice)
		e.createOrder(alice)
		status, out = e.pay(alice, map[string]any{"action": "create_order", "items": cart(), "amount": cartTotal})
		if status != http.StatusTooManyRequests || out["error"] == nil {
			t.Fatalf("third create_order: %d %v", status, out)
		}
	})
}
