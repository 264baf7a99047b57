package orders_test

import (
	"crypto/rand"
	"sync"
	"testing"

	"bookshop/internal/apitest"
)

// TestUnpaidCheckoutsHoldFiveCopies (issue 38, item 22): one buyer's
// unpaid PayPal checkouts hold at most 5 copies of a book, so nobody can
// keep the last copies from others without paying.
func TestUnpaidCheckoutsHoldFiveCopies(t *testing.T) {
	create := func(e *apitest.Env, as string, n int) *apitest.Response {
		return e.Request("POST", pay, map[string]any{"action": "create_order", "items": oneBook(n)["items"], "amount": oneBook(n)["amount"]}, as, attempt(rand.Text()))
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "a second checkout past five copies is refused, saying why", Method: "POST", URL: pay, As: "buyer",
			Body: map[string]any{"action": "create_order", "items": oneBook(3)["items"], "amount": oneBook(3)["amount"]}, Headers: attempt("third"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				create(e, "buyer", 3).Expect(t, 200)
				create(e, "other", 5).Expect(t, 200) // another buyer's do not count
			},
			ExpectedStatus: 409, ExpectedContent: []string{"You already have 3 of Siso and the Stripe That Got Away waiting in an unpaid PayPal checkout",
				"at most 5 copies", "30 minutes"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				create(e, "buyer", 2).Expect(t, 200) // five in all
				create(e, "buyer", 1).Expect(t, 409)
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 3 {
					t.Errorf("%d orders, want 3", n)
				}
			}},
		{Name: "six copies in one checkout", Method: "POST", URL: pay, As: "buyer",
			Body: map[string]any{"action": "create_order", "items": oneBook(6)["items"], "amount": oneBook(6)["amount"]}, Headers: attempt("six"),
			ExpectedStatus: 409, ExpectedContent: []string{"At most 5 copies of Siso and the Stripe That Got Away can wait for payment"}},
		{Name: "ten checkouts at once hold five copies, not more (issue 38, item 22)", Method: "GET", URL: "/api/books/1",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Do("GET", "/api/orders", nil, "buyer").Expect(t, 200) // the account exists before the race
				statuses := make([]int, 10)
				var wg sync.WaitGroup
				for i := range statuses {
					wg.Go(func() { statuses[i] = create(e, "buyer", 1).Status })
				}
				wg.Wait()
				created := 0
				for i, s := range statuses {
					switch s {
					case 200:
						created++
					case 409:
					default:
						t.Errorf("checkout %d: %d", i, s)
					}
				}
				if created != 5 {
					t.Errorf("%d checkouts made at once, want 5: %v", created, statuses)
				}
				if n := e.Count(`SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.payment_status = 'pending_payment'`); n != 5 {
					t.Errorf("%d copies held, want 5", n)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"id":1,`}},
		{Name: "a paid checkout holds nothing", Method: "POST", URL: pay, As: "buyer",
			Body: map[string]any{"action": "create_order", "items": oneBook(5)["items"], "amount": oneBook(5)["amount"]}, Headers: attempt("again"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				id := create(e, "buyer", 5).Expect(t, 200).JSON(t)["id"]
				e.Request("POST", pay, map[string]any{"action": "capture_order", "orderID": id, "shippingInfo": shipping}, "buyer", attempt("c")).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"id":`}},
	})
}
