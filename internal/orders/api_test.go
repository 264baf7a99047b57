package orders_test

import (
	"encoding/json"
	"maps"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
)

const pay = "/functions/v1/process-payment"

// cart is two copies of book 1 (14.99) and one of book 3 (19.99): subtotal
// 49.97, tax 5.00, free shipping, total 54.97.
var cart = []map[string]any{
	{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 2, "unitPrice": 14.99},
	{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99},
}

var shipping = map[string]any{"fullName": "Alice Reader", "email": "alice.ship@example.com", "address": "12 Story Lane",
	"city": "Springfield", "state": "IL", "zipCode": "62701", "country": "United States"}

func demo(extra map[string]any) map[string]any {
	body := map[string]any{"action": "demo_payment", "method": "card", "items": cart, "amount": 54.97, "shippingInfo": shipping}
	maps.Copy(body, extra)
	return body
}

// attempt is the Idempotency-Key of one payment attempt; every payment
// call needs one.
func attempt(n string) map[string]string { return map[string]string{"Idempotency-Key": "attempt-" + n} }

func shippingWith(field, value string) map[string]any {
	s := maps.Clone(shipping)
	s[field] = value
	return s
}

func TestOrdersListOnlyPaidOrders(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "an abandoned PayPal checkout is not listed", Method: "GET", URL: "/api/orders", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", pay, map[string]any{"action": "create_order", "items": cart, "amount": 54.97}, "owner", attempt("1")).Expect(t, 200)
				e.Request("POST", pay, demo(nil), "owner", attempt("2")).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"paid"`}, NotExpectedContent: []string{`pending_payment`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if n := strings.Count(res.Body, `"number"`); n != 1 {
					t.Errorf("%d orders listed, want the paid one: %s", n, res.Body)
				}
			}},
	})
}

func TestPaymentRefusesControlCharacters(t *testing.T) {
	refused := []string{`"code":"invalid"`, `"error":"Text must not contain control characters."`}
	apitest.Run(t, []apitest.Scenario{
		{Name: "NUL in a shipping field", Method: "POST", URL: pay, Body: demo(map[string]any{"shippingInfo": shippingWith("city", "Spring\x00field")}),
			ExpectedStatus: 400, ExpectedContent: append(refused, `"city":"Must not contain control characters"`)},
		{Name: "escape character in the name", Method: "POST", URL: pay, Body: demo(map[string]any{"shippingInfo": shippingWith("fullName", "Alice\x1b[31m")}),
			ExpectedStatus: 400, ExpectedContent: refused},
		{Name: "NUL in the PayPal order id", Method: "POST", URL: pay, As: "owner", Body: map[string]any{"action": "capture_order", "orderID": "AB\x00C"},
			ExpectedStatus: 400, ExpectedContent: append(refused, `"orderID":"Must not contain control characters"`)},
		{Name: "NUL in an order number", Method: "GET", URL: "/api/orders/SF-%00", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`, `"path":`}},
		{Name: "line breaks in the delivery notes are text", Method: "POST", URL: pay, Body: demo(map[string]any{"shippingInfo": shippingWith("notes", "Ring twice\r\nthen wait")}),
			Headers:        attempt("1"),
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`}},
	})
}

func TestIdempotencyKey(t *testing.T) {
	key := attempt("1")
	numberOf := func(t *testing.T, r *apitest.Response) string {
		t.Helper()
		return r.Expect(t, 200).JSON(t)["orderNumber"].(string)
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "a replay gets the first order", Method: "POST", URL: pay, Body: demo(nil), Headers: key,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Vars["first"] = numberOf(t, e.Request("POST", pay, demo(nil), "", key))
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if got := numberOf(t, res); got != e.Vars["first"] {
					t.Errorf("replay got order %s, want %s", got, e.Vars["first"])
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 1 {
					t.Errorf("%d orders, want 1", n)
				}
				if n := e.MailCount("alice.ship@example.com"); n != 1 {
					t.Errorf("%d e-mails, want 1", n)
				}
			}},
		{Name: "a double submit in parallel makes one order and one e-mail", Method: "POST", URL: pay, Body: demo(nil), Headers: key,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				var wg sync.WaitGroup
				numbers := make([]string, 8)
				statuses := make([]int, 8)
				for i := range numbers {
					wg.Go(func() {
						r := e.Request("POST", pay, demo(nil), "", key)
						statuses[i] = r.Status
						if r.Status == 200 {
							var out struct{ OrderNumber string }
							_ = json.Unmarshal([]byte(r.Body), &out)
							numbers[i] = out.OrderNumber
						}
					})
				}
				wg.Wait()
				for i := range numbers {
					if statuses[i] != 200 || numbers[i] != numbers[0] {
						t.Errorf("call %d: status %d, order %q; want 200 and %q", i, statuses[i], numbers[i], numbers[0])
					}
				}
				e.Vars["first"] = numbers[0]
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if got := numberOf(t, res); got != e.Vars["first"] {
					t.Errorf("a later submit answered order %s, want %s", got, e.Vars["first"])
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 1 {
					t.Errorf("%d orders, want 1", n)
				}
				if n := e.MailCount("alice.ship@example.com"); n != 1 {
					t.Errorf("%d e-mails, want 1", n)
				}
			}},
		{Name: "different keys are different orders", Method: "POST", URL: pay, Body: demo(nil), Headers: attempt("2"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Vars["first"] = numberOf(t, e.Request("POST", pay, demo(nil), "", key))
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if numberOf(t, res) == e.Vars["first"] {
					t.Errorf("the second key answered the first order %s", e.Vars["first"])
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 2 {
					t.Errorf("%d orders, want 2", n)
				}
			}},
		{Name: "a key reused for another total is refused", Method: "POST", URL: pay, Headers: key,
			Body: demo(map[string]any{"items": cart[:1], "amount": 32.98}),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", pay, demo(nil), "", key).Expect(t, 200)
			},
			ExpectedStatus: 409, ExpectedContent: []string{`"error":"This payment attempt was already used for another order. Please start the payment again."`}},
		{Name: "another buyer's key is refused", Method: "POST", URL: pay, Headers: key, Body: demo(nil), As: "other",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Request("POST", pay, demo(nil), "owner", key).Expect(t, 200)
			},
			ExpectedStatus: 409, NotExpectedContent: []string{`"orderNumber"`}},
		{Name: "a replayed create_order gets the same PayPal order", Method: "POST", URL: pay, As: "owner", Headers: key,
			Body: map[string]any{"action": "create_order", "items": cart, "amount": 54.97},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				r := e.Request("POST", pay, map[string]any{"action": "create_order", "items": cart, "amount": 54.97}, "owner", key).Expect(t, 200)
				e.Vars["id"] = r.JSON(t)["id"].(string)
			},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if got := res.JSON(t)["id"]; got != e.Vars["id"] {
					t.Errorf("replay got PayPal order %v, want %s", got, e.Vars["id"])
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 1 {
					t.Errorf("%d orders, want 1", n)
				}
			}},
		{Name: "a key with a control character is refused", Method: "POST", URL: pay, Body: demo(nil), Headers: map[string]string{"Idempotency-Key": "a\x01b"},
			ExpectedStatus: 400, ExpectedContent: []string{`"Idempotency-Key":"Invalid"`}},
	})
}

// Every payment action needs a key: without one, a double submit could not
// be told from a second purchase.
func TestPaymentsNeedAnIdempotencyKey(t *testing.T) {
	required := []string{`"code":"invalid"`, `"error":"Each payment request needs an Idempotency-Key header: one key per payment attempt."`,
		`"Idempotency-Key":"Required"`}
	nothingRecorded := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 0 {
			t.Errorf("%d orders recorded without a key", n)
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "demo_payment", Method: "POST", URL: pay, Body: demo(nil),
			ExpectedStatus: 400, ExpectedContent: required, AfterTest: nothingRecorded},
		{Name: "create_order", Method: "POST", URL: pay, As: "owner", Body: map[string]any{"action": "create_order", "items": cart, "amount": 54.97},
			ExpectedStatus: 400, ExpectedContent: required, AfterTest: nothingRecorded},
		{Name: "capture_order", Method: "POST", URL: pay, As: "owner", Body: map[string]any{"action": "capture_order", "orderID": "5O190127TN364715T"},
			ExpectedStatus: 400, ExpectedContent: required},
		{Name: "an unknown action is named as such", Method: "POST", URL: pay, Body: map[string]any{"action": "refund"},
			ExpectedStatus: 400, ExpectedContent: []string{`"action":"Unknown action"`}},
	})
}

// The server's clock (server.WithClock) dates orders, so a test can move it.
func TestOrdersReadTheServersClock(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "an order placed after moving the clock carries the clock's time", Method: "GET", URL: "/api/orders", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Clock.Advance(72 * time.Hour)
				e.Request("POST", pay, demo(nil), "owner", attempt("1")).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"createdAt":"2026-06-04T12:00:00Z"`, `"paidAt":"2026-06-04T12:00:00Z"`}},
	})
}
