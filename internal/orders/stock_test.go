package orders_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// oneBook is a cart of n copies of book 1 (14.99) and its total with tax.
func oneBook(n int) map[string]any {
	subtotal := 1499 * n
	total := subtotal + (subtotal+5)/10
	return map[string]any{"action": "demo_payment", "method": "card", "shippingInfo": shipping,
		"items":  []map[string]any{{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": n, "unitPrice": 14.99}},
		"amount": fmt.Sprintf("%d.%02d", total/100, total%100)}
}

// setBook changes book 1 through the back office, as an editor would.
func setBook(t *testing.T, e *apitest.Env, fields map[string]any) {
	t.Helper()
	e.Staff("editor", auth.RoleEditor)
	book := e.Do("GET", "/api/admin/books/1", nil, "editor").Expect(t, 200).JSON(t)
	fields["version"] = book["version"]
	e.Do("PATCH", "/api/admin/books/1", fields, "editor").Expect(t, 200)
}

func stockOf(t *testing.T, e *apitest.Env) int {
	t.Helper()
	return e.Count(`SELECT stock FROM books WHERE id = 1`)
}

// TestStockIsTakenByOrders: an order takes the copies of a tracked book in
// the transaction that records it, and is refused whole when there are not
// enough; an untracked book is always available.
func TestStockIsTakenByOrders(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "an order takes its copies and the book shows what is left", Method: "POST", URL: pay, Body: oneBook(2), Headers: attempt("1"),
			BeforeTest:     func(t *testing.T, e *apitest.Env) { setBook(t, e, map[string]any{"stock": 5}) },
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := stockOf(t, e); n != 3 {
					t.Errorf("stock %d, want 3", n)
				}
				// The public book shows it once the catalogue has reloaded.
				waitFor(t, "the book shows 3 left", func() bool {
					return strings.Contains(e.Do("GET", "/api/books/1", nil, "").Body, `"stock":3,"inStock":true`)
				})
			}},
		{Name: "the last copy sold makes the book out of stock", Method: "POST", URL: pay, Body: oneBook(1), Headers: attempt("1"),
			BeforeTest:     func(t *testing.T, e *apitest.Env) { setBook(t, e, map[string]any{"stock": 1}) },
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				waitFor(t, "the book shows out of stock", func() bool {
					return strings.Contains(e.Do("GET", "/api/books/1", nil, "").Body, `"stock":0,"inStock":false`)
				})
				r := e.Request("POST", pay, oneBook(1), "", attempt("2"))
				r.Expect(t, 409)
				// Worded as stock, with the book and what is left, so the cart can correct itself.
				for _, want := range []string{`"error":"Sorry, Siso and the Stripe That Got Away is out of stock."`, `"code":"out_of_stock"`,
					`"stock":{"bookId":1,"left":0}`} {
					if !strings.Contains(r.Body, want) {
						t.Errorf("after the last copy: %s lacks %s", r.Body, want)
					}
				}
			}},
		{Name: "too few copies refuse the whole order and take nothing", Method: "POST", URL: pay, Headers: attempt("1"),
			Body: func() map[string]any {
				b := oneBook(3)
				b["items"] = append(b["items"].([]map[string]any), map[string]any{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99})
				b["amount"] = "71.46"
				return b
			}(),
			BeforeTest:     func(t *testing.T, e *apitest.Env) { setBook(t, e, map[string]any{"stock": 2}) },
			ExpectedStatus: 409,
			ExpectedContent: []string{`"error":"Sorry, only 2 left of Siso and the Stripe That Got Away."`, `"code":"out_of_stock"`,
				`"items":"Sorry, only 2 left of Siso and the Stripe That Got Away."`, `"stock":{"bookId":1,"left":2}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := stockOf(t, e); n != 2 {
					t.Errorf("stock %d after a refused order, want 2", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 0 {
					t.Errorf("%d orders recorded for a refused cart", n)
				}
			}},
		{Name: "an untracked book is always available", Method: "POST", URL: pay, Body: oneBook(99), Headers: attempt("1"),
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM books WHERE id = 1 AND stock IS NULL AND version = 1`); n != 1 {
					t.Error("an order changed an untracked book")
				}
			}},
		{Name: "a draft book is refused at checkout", Method: "POST", URL: pay, Body: oneBook(1), Headers: attempt("1"),
			BeforeTest:     func(t *testing.T, e *apitest.Env) { setBook(t, e, map[string]any{"status": "draft"}) },
			ExpectedStatus: 409, ExpectedContent: []string{`"error":"Siso and the Stripe That Got Away is no longer available. Please remove it from your cart."`,
				`"code":"conflict"`, `"items":"Siso and the Stripe That Got Away is no longer available."`}},
		{Name: "an archived book is refused at checkout", Method: "POST", URL: pay, Body: oneBook(1), Headers: attempt("1"),
			BeforeTest:      func(t *testing.T, e *apitest.Env) { setBook(t, e, map[string]any{"status": "archived", "stock": 5}) },
			ExpectedStatus:  409,
			ExpectedContent: []string{`"items":"Siso and the Stripe That Got Away is no longer available."`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := stockOf(t, e); n != 5 {
					t.Errorf("stock %d, want 5 untouched", n)
				}
			}},
		{Name: "a PayPal checkout holds its copies while the buyer approves", Method: "POST", URL: pay, Body: oneBook(1), Headers: attempt("2"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				setBook(t, e, map[string]any{"stock": 1})
				e.Request("POST", pay, map[string]any{"action": "create_order", "items": oneBook(1)["items"], "amount": oneBook(1)["amount"]},
					"owner", attempt("1")).Expect(t, 200)
			},
			ExpectedStatus: 409, ExpectedContent: []string{"is out of stock.", `"code":"out_of_stock"`, `"stock":{"bookId":1,"left":0}`}},
		{Name: "a PayPal checkout is refused in the words of stock", Method: "POST", URL: pay, As: "owner", Headers: attempt("1"),
			BeforeTest:     func(t *testing.T, e *apitest.Env) { setBook(t, e, map[string]any{"stock": 1}) },
			Body:           map[string]any{"action": "create_order", "items": oneBook(2)["items"], "amount": oneBook(2)["amount"]},
			ExpectedStatus: 409, ExpectedContent: []string{`"error":"Sorry, only 1 left of Siso and the Stripe That Got Away."`,
				`"code":"out_of_stock"`, `"stock":{"bookId":1,"left":1}`}},
		{Name: "a PayPal checkout PayPal did not create gives its copies back", Method: "POST", URL: pay, As: "owner", Headers: attempt("1"),
			Config:         map[string]string{"PAYPAL_API_BASE": "http://127.0.0.1:1"},
			BeforeTest:     func(t *testing.T, e *apitest.Env) { setBook(t, e, map[string]any{"stock": 1}) },
			Body:           map[string]any{"action": "create_order", "items": oneBook(1)["items"], "amount": oneBook(1)["amount"]},
			ExpectedStatus: 502, ExpectedContent: []string{"PayPal could not create the order"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := stockOf(t, e); n != 1 {
					t.Errorf("stock %d after PayPal failed, want the copy back", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE status = 'payment_failed'`); n != 1 {
					t.Errorf("%d failed orders, want 1", n)
				}
			}},
	})
}

// TestLastCopiesRace: 50 buyers racing for the last 3 copies get exactly 3
// orders, on each database.
func TestLastCopiesRace(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "50 buyers, 3 copies", Method: "GET", URL: "/api/books/1",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				setBook(t, e, map[string]any{"stock": 3})
				var wg sync.WaitGroup
				statuses := make([]int, 50)
				bodies := make([]string, 50)
				for i := range statuses {
					wg.Go(func() {
						r := e.Request("POST", pay, oneBook(1), "", attempt(fmt.Sprint(i)))
						statuses[i], bodies[i] = r.Status, r.Body
					})
				}
				wg.Wait()
				paid := 0
				for i, s := range statuses {
					switch {
					case s == 200:
						paid++
					case s != 409 || !strings.Contains(bodies[i], "Sorry, Siso and the Stripe That Got Away is out of stock."):
						t.Errorf("buyer %d: %d %s", i, s, bodies[i])
					}
				}
				if paid != 3 {
					t.Errorf("%d buyers paid, want 3", paid)
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE status = 'paid'`); n != 3 {
					t.Errorf("%d paid orders, want 3", n)
				}
				if n := stockOf(t, e); n != 0 {
					t.Errorf("stock %d, want 0", n)
				}
				waitFor(t, "the book shows out of stock", func() bool {
					return strings.Contains(e.Do("GET", "/api/books/1", nil, "").Body, `"inStock":false`)
				})
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"stock":0,"inStock":false`}},
	})
}

// waitFor polls ok until it holds: the catalogue reloads in the background
// after an order took stock.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
	}
}
