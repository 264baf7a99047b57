package orders_test

import (
	"maps"
	"strings"
	"testing"

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

func shippingWith(field, value string) map[string]any {
	s := maps.Clone(shipping)
	s[field] = value
	return s
}

func TestOrdersListOnlyPaidOrders(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "an abandoned PayPal checkout is not listed", Method: "GET", URL: "/api/orders", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Do("POST", pay, map[string]any{"action": "create_order", "items": cart, "amount": 54.97}, "owner").Expect(t, 200)
				e.Do("POST", pay, demo(nil), "owner").Expect(t, 200)
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
			ExpectedStatus: 400, ExpectedContent: []string{`"Text must not contain control characters."`}},
		{Name: "line breaks in the delivery notes are text", Method: "POST", URL: pay, Body: demo(map[string]any{"shippingInfo": shippingWith("notes", "Ring twice\r\nthen wait")}),
			ExpectedStatus: 200, ExpectedContent: []string{`"success":true`}},
	})
}
