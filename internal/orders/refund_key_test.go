package orders_test

import (
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// TestRefundKeyOfAnotherRequest: an Idempotency-Key that made one refund,
// sent with another request on the same order (a cancellation, other
// books), is a 409 that changes nothing, not a replay of the first
// answered 200 as if the new move had been made.
func TestRefundKeyOfAnotherRequest(t *testing.T) {
	reason := "Dented cover"
	first := map[string]func(t *testing.T, e *apitest.Env){
		"an amount": func(t *testing.T, e *apitest.Env) {
			act(e, e.Vars["number"], "refund", map[string]any{"amountCents": 500, "reason": reason}, "k1").Expect(t, 200)
		},
		"a book": func(t *testing.T, e *apitest.Env) {
			act(e, e.Vars["number"], "refund", map[string]any{"lines": []map[string]any{{"bookId": 1, "quantity": 1}}, "reason": reason}, "k1").Expect(t, 200)
		},
	}
	cases := []struct {
		name, first, action string
		body                any
	}{
		{"cancel with a refund's key", "an amount", "cancel", map[string]any{"reason": reason}},
		{"another book with a refund's key", "a book", "refund", map[string]any{"lines": []map[string]any{{"bookId": 3, "quantity": 1}}, "reason": reason}},
	}
	var scenarios []apitest.Scenario
	for _, c := range cases {
		scenarios = append(scenarios, apitest.Scenario{Name: c.name, Method: "POST", URL: desk + "{number}/" + c.action, As: "manager",
			Body: c.body, Headers: map[string]string{"Idempotency-Key": "k1"}, ExpectedStatus: 409,
			ExpectedContent: []string{"already used for another refund"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				e.Vars["number"] = demoOrder(t, e, "buyer")
				first[c.first](t, e)
			},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM order_refunds`); n != 1 {
					t.Errorf("%d refunds, want the first one only", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE status = 'partially_refunded'`); n != 1 {
					t.Error("the order moved")
				}
			}})
	}
	apitest.Run(t, scenarios)
}
