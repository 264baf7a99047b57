package orders_test

import (
	"crypto/rand"
	"fmt"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// TestRefundCopyByCopy (issue 38, item 21): an order of 3 × 14.99 and
// 3 × 12.99 (books 83.94, tax 8.39, expedited shipping 8.99: 101.32) is
// refunded one copy at a time, then its shipping. Rounding each copy on
// its own gave back 92.34 for books of 92.33, refusing the last copy; the
// copies' shares add up to what was paid for the books, so the shipping's
// refund ends the order refunded to the cent.
func TestRefundCopyByCopy(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "every copy, one by one, then the shipping", Method: "GET", URL: desk + "{number}", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				items := []map[string]any{
					{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 3, "unitPrice": 14.99},
					{"id": 2, "name": "Nainni Counts the Carrots", "quantity": 3, "unitPrice": 12.99},
				}
				out := e.Request("POST", pay, map[string]any{"action": "demo_payment", "method": "card", "items": items, "amount": 101.32,
					"shippingInfo": shipping, "shippingMethod": "expedited"}, "buyer", attempt(rand.Text())).Expect(t, 200).JSON(t)
				n := out["orderNumber"].(string)
				e.Vars["number"] = n
				var got []float64
				for i := range 6 {
					book := 1 + i%2
					res := act(e, n, "refund", map[string]any{"lines": []map[string]any{{"bookId": book, "quantity": 1}}, "reason": "Returned"},
						fmt.Sprint("copy-", i)).Expect(t, 200).JSON(t)
					got = append(got, res["refundedCents"].(float64))
				}
				// 92.33 for the books: 3 × 14.99 gets 49.46 of it (16.49,
				// 16.49, 16.48), 3 × 12.99 gets 42.87 (14.29 each).
				want := []float64{1649, 3078, 4727, 6156, 7804, 9233}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("refunded after each copy %v, want %v", got, want)
				}
				act(e, n, "refund", map[string]any{"amountCents": 899, "reason": "Shipping"}, "shipping").Expect(t, 200)
				// A retry of a copy's refund with its key replays it.
				act(e, n, "refund", map[string]any{"lines": []map[string]any{{"bookId": 1, "quantity": 1}}, "reason": "Returned"}, "copy-0").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"paymentStatus":"refunded"`, `"refundedCents":10132`, `"totalCents":10132`}},
		{Name: "two copies at once are the two copies' shares", Method: "GET", URL: desk + "{number}", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				n := demoOrder(t, e, "buyer")
				e.Vars["number"] = n
				act(e, n, "refund", map[string]any{"lines": []map[string]any{{"bookId": 1, "quantity": 2}, {"bookId": 3, "quantity": 1}}, "reason": "Returned"}, "all").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"paymentStatus":"refunded"`, `"refundedCents":5497`}},
	})
}
