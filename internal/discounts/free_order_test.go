package discounts_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

// TestFreeOrders (issue 38, item 22): a 100 % code brings the total to
// $0.00; such an order is placed without any payment method, and no
// method (PayPal least of all, which was asked for a $0.00 order) is
// asked to take nothing.
func TestFreeOrders(t *testing.T) {
	free := withCode(map[string]any{"code": "gift100", "percentOff": 100})
	body := func(action string, code string, amount float64) map[string]any {
		b := demo(code, amount, "a@example.com")
		b["action"] = action
		return b
	}
	key := map[string]string{"Idempotency-Key": "f1"}
	noOrder := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := e.Count(`SELECT COUNT(*) FROM orders`) + e.Count(`SELECT COALESCE(SUM(used_count), 0) FROM discount_codes`); n != 0 {
			t.Errorf("a refused order left %d orders and uses", n)
		}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "placed without a payment method", Method: "POST", URL: pay, As: "buyer", Body: body("free_order", "gift100", 0), BeforeTest: free,
			Headers: key, ExpectedStatus: 200, ExpectedContent: []string{`"success":true`, `"status":"paid"`, `"provider":"none"`, `"total":"0.00"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE provider = 'none' AND total_cents = 0 AND discount_cents = 4997 AND payment_status = 'paid'`); n != 1 {
					t.Error("the order is not recorded as paid by no method")
				}
				if n := e.Count(`SELECT used_count FROM discount_codes`); n != 1 {
					t.Errorf("used %d times, want 1", n)
				}
				if mail := e.LastMail("a@example.com"); !strings.Contains(mail, "Discount (GIFT100): -$49.97") {
					t.Errorf("the confirmation: %s", mail)
				}
				if desk := e.Do("GET", "/api/admin/orders?method=none", nil, "mgr").Expect(t, 200); !strings.Contains(desk.Body, res.JSON(t)["orderNumber"].(string)) {
					t.Errorf("the desk's filter by method: %s", desk.Body)
				}
			}},
		{Name: "PayPal is not asked for a $0.00 order", Method: "POST", URL: pay, As: "buyer", Body: body("create_order", "gift100", 0), BeforeTest: free,
			Headers: key, ExpectedStatus: 400, ExpectedContent: []string{"nothing to pay: place it without a payment method"}, AfterTest: noOrder},
		{Name: "nor a demo card", Method: "POST", URL: pay, Body: body("demo_payment", "gift100", 0), BeforeTest: free,
			Headers: key, ExpectedStatus: 400, ExpectedContent: []string{"nothing to pay"}, AfterTest: noOrder},
		{Name: "an order with something to pay is not free", Method: "POST", URL: pay, Body: body("free_order", "", 54.97),
			Headers: key, ExpectedStatus: 400, ExpectedContent: []string{"This order's total is $54.97: please choose a payment method."}, AfterTest: noOrder},
	})
}

// TestCancelGivesTheUseBack (issue 38, item 22): a one-use code's use
// comes back when its order is cancelled before shipping.
func TestCancelGivesTheUseBack(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "cancelled, the code is used again", Method: "POST", URL: pay, Body: demo("spring20", 43.98, "b@example.com"),
			Headers: map[string]string{"Idempotency-Key": "second"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withCode(map[string]any{"usageLimit": 1})(t, e)
				n := e.Request("POST", pay, demo("spring20", 43.98, "a@example.com"), "", map[string]string{"Idempotency-Key": "first"}).Expect(t, 200).JSON(t)["orderNumber"].(string)
				e.Request("POST", pay, demo("spring20", 43.98, "c@example.com"), "", map[string]string{"Idempotency-Key": "used-up"}).Expect(t, 400)
				e.Request("POST", "/api/admin/orders/"+n+"/cancel", map[string]any{"reason": "Asked by the buyer"}, "mgr",
					map[string]string{"Idempotency-Key": "cancel"}).Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"43.98"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT used_count FROM discount_codes`); n != 1 {
					t.Errorf("used_count %d, want 1", n)
				}
			}},
		{Name: "shipped, then refunded: the use stays", Method: "POST", URL: pay, Body: demo("spring20", 43.98, "b@example.com"),
			Headers: map[string]string{"Idempotency-Key": "second"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withCode(map[string]any{"usageLimit": 1})(t, e)
				n := e.Request("POST", pay, demo("spring20", 43.98, "a@example.com"), "", map[string]string{"Idempotency-Key": "first"}).Expect(t, 200).JSON(t)["orderNumber"].(string)
				e.Request("POST", "/api/admin/orders/"+n+"/fulfil", map[string]any{"carrier": "USPS", "trackingNumber": "9400"}, "mgr", nil).Expect(t, 200)
				e.Request("POST", "/api/admin/orders/"+n+"/refund", map[string]any{"amountCents": 4398, "reason": "Lost"}, "mgr",
					map[string]string{"Idempotency-Key": "refund"}).Expect(t, 200)
			},
			ExpectedStatus: 400, ExpectedContent: []string{"The code SPRING20 has been used up."}},
	})
}
