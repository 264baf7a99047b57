package orders_test

import (
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

// TestSales: the day's sales count paid orders (54.97 each) and completed
// refunds; the waiting list is the paid orders not shipped; the CSV holds
// the days asked for. Support reads them, an editor may not.
func TestSales(t *testing.T) {
	twoOrdersOneRefund := func(t *testing.T, e *apitest.Env) {
		e.Staff("manager", auth.RoleManager)
		first := demoOrder(t, e, "")
		demoOrder(t, e, "")
		act(e, first, "refund", map[string]any{"amountCents": 500, "reason": "Dented cover"}, "r1").Expect(t, 200)
		e.Staff("help", auth.RoleSupport)
		e.Staff("ed", auth.RoleEditor)
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "the figures", Method: "GET", URL: "/api/admin/sales", As: "help", BeforeTest: twoOrdersOneRefund,
			ExpectedStatus: 200, ExpectedContent: []string{
				`"periods":[{"days":1,"grossSalesCents":9994,"discountsCents":0,"refundsCents":500,"netSalesCents":9494,"shippingCents":0,"taxCents":1000,` +
					`"totalCents":10494,"revenueCents":10494,"orders":2,"averageCents":5247,"preorders":0,"preorderSalesCents":0}`,
				`{"day":"2026-06-01","revenueCents":10494,"orders":2}]`,
				`"topBooks":[{"bookId":1,"title":"Siso and the Stripe That Got Away","copies":4,"revenueCents":5996}`,
				`"waitingCount":1`}},
		{Name: "a cancelled order does not count; refunded copies are not sold (issue 38, item 4)", Method: "GET", URL: "/api/admin/sales", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Staff("manager", auth.RoleManager)
				act(e, demoOrder(t, e, ""), "cancel", map[string]any{"reason": "Asked by the buyer"}, "c1").Expect(t, 200)
				refunded := demoOrder(t, e, "")
				act(e, refunded, "refund", map[string]any{"lines": []map[string]any{{"bookId": 1, "quantity": 1}}, "reason": "Torn page"}, "r1").Expect(t, 200)
				demoOrder(t, e, "")
			},
			ExpectedStatus: 200, ExpectedContent: []string{
				`"periods":[{"days":1,"grossSalesCents":9994,"discountsCents":0,"refundsCents":1649,"netSalesCents":8345,"shippingCents":0,"taxCents":1000,` +
					`"totalCents":9345,"revenueCents":9345,"orders":2,"averageCents":4673,"preorders":0,"preorderSalesCents":0}`,
				`{"day":"2026-06-01","revenueCents":9345,"orders":2}]`,
				`"topBooks":[{"bookId":1,"title":"Siso and the Stripe That Got Away","copies":3,"revenueCents":4497},{"bookId":3,"title":"Our First Adventure","copies":2,"revenueCents":3998}]`}},
		{Name: "the days are the shop's (SHOP_TIME_ZONE, issue 38, item 10)", Method: "GET", URL: "/api/admin/sales", As: "manager",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				e.Clock.Advance(15 * time.Hour) // 2026-06-02 03:00 UTC: still June 1 in Chicago, 22:00
				e.Staff("manager", auth.RoleManager)
				demoOrder(t, e, "")
				csv := e.Do("GET", "/api/admin/orders/export.csv?from=2026-06-01&to=2026-06-01", nil, "manager").Expect(t, 200)
				if !strings.Contains(csv.Body, ",2026-06-01T22:00:00-05:00,") {
					t.Errorf("the CSV of June 1 lacks the order paid that evening: %s", csv.Body)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"timeZone":"America/Chicago"`, `"periods":[{"days":1,"grossSalesCents":4997`,
				`{"day":"2026-06-01","revenueCents":5497,"orders":1}]`}},
		{Name: "an editor may not", Method: "GET", URL: "/api/admin/sales", As: "ed", BeforeTest: twoOrdersOneRefund,
			ExpectedStatus: 403, ExpectedContent: []string{"Your role does not allow this."}},
		{Name: "anonymous", Method: "GET", URL: "/api/admin/sales", ExpectedStatus: 401, ExpectedContent: []string{`"code":"unauthorized"`}},
		{Name: "the CSV", Method: "GET", URL: "/api/admin/orders/export.csv?from=2026-06-01&to=2026-06-01", As: "help", BeforeTest: twoOrdersOneRefund,
			ExpectedStatus: 200, ExpectedContent: []string{"number,paid_at,status,provider,email,subtotal,discount_code,discount,shipping_method,shipping,tax,total,refunded,payment_status,fulfillment_status,tax_rate,tax_place\n",
				",2026-06-01T07:00:00-05:00,partially_refunded,demo_card,alice.ship@example.com,49.97,,0.00,standard,0.00,5.00,54.97,5.00,partially_refunded,unfulfilled,10%,United States\n"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if n := strings.Count(res.Body, "\n"); n != 3 {
					t.Errorf("%d lines, want the header and two orders", n)
				}
			}},
		{Name: "no orders on other days", Method: "GET", URL: "/api/admin/orders/export.csv?from=2026-05-01&to=2026-05-31", As: "help", BeforeTest: twoOrdersOneRefund,
			ExpectedStatus: 200, ExpectedContent: []string{"number,paid_at"}, NotExpectedContent: []string{"demo_card"}},
		{Name: "bad days", Method: "GET", URL: "/api/admin/orders/export.csv?from=June&to=2026-05-01", As: "help", BeforeTest: twoOrdersOneRefund,
			ExpectedStatus: 400, ExpectedContent: []string{`"from":"A day as 2026-11-30"`}},
		{Name: "backwards", Method: "GET", URL: "/api/admin/orders/export.csv?from=2026-06-02&to=2026-06-01", As: "help", BeforeTest: twoOrdersOneRefund,
			ExpectedStatus: 400, ExpectedContent: []string{`"to":"On or after the first day"`}},
	})
}
