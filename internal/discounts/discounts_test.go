package discounts_test

import (
	"fmt"
	"maps"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const pay = "/functions/v1/process-payment"

// cart is two copies of book 1 (14.99) and one of book 3 (19.99): subtotal
// 49.97.
var cart = []map[string]any{
	{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 2, "unitPrice": 14.99},
	{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99},
}

func shipTo(email string) map[string]any {
	return map[string]any{"fullName": "Alice Reader", "email": email, "address": "12 Story Lane",
		"city": "Springfield", "state": "IL", "zipCode": "62701", "country": "United States"}
}

func demo(code string, amount float64, email string) map[string]any {
	return map[string]any{"action": "demo_payment", "method": "card", "items": cart, "amount": amount,
		"shippingInfo": shipTo(email), "discountCode": code}
}

// newCode is a valid body for POST /api/admin/discounts: 20 % off.
func newCode(extra map[string]any) map[string]any {
	b := map[string]any{"code": "spring20", "percentOff": 20, "amountOffCents": nil, "minSubtotalCents": 0,
		"startsAt": nil, "endsAt": nil, "usageLimit": nil, "oncePerCustomer": false, "active": true}
	maps.Copy(b, extra)
	return b
}

// withCode makes the code as a manager (the test clock stands at 2026-06-01 12:00 UTC).
func withCode(extra map[string]any) func(t *testing.T, e *apitest.Env) {
	return func(t *testing.T, e *apitest.Env) {
		t.Helper()
		e.Staff("mgr", auth.RoleManager)
		e.Request("POST", "/api/admin/discounts", newCode(extra), "mgr", map[string]string{"Idempotency-Key": "code-1"}).Expect(t, 201)
	}
}

func check(code string) map[string]any { return map[string]any{"code": code, "items": cart} }

// TestDiscountRules: the cart's Apply (POST /api/discounts/check) prices the
// code on the server, or says why it cannot be used.
func TestDiscountRules(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "20 % off, in any case", Method: "POST", URL: "/api/discounts/check", Body: check(" Spring20 "), BeforeTest: withCode(nil),
			// 49.97 - 9.99 = 39.98, tax 4.00
			ExpectedStatus: 200, ExpectedContent: []string{`"code":"SPRING20","subtotalCents":4997,"discountCents":999,"shippingMethod":"standard","shippingCents":0,"taxCents":400,"totalCents":4398`}},
		{Name: "a fixed amount", Method: "POST", URL: "/api/discounts/check", Body: check("SPRING20"),
			BeforeTest:     withCode(map[string]any{"percentOff": nil, "amountOffCents": 500}),
			ExpectedStatus: 200, ExpectedContent: []string{`"discountCents":500`, `"totalCents":4947`}},
		{Name: "a fixed amount over the subtotal takes it all", Method: "POST", URL: "/api/discounts/check", Body: check("SPRING20"),
			BeforeTest:     withCode(map[string]any{"percentOff": nil, "amountOffCents": 90000}),
			ExpectedStatus: 200, ExpectedContent: []string{`"discountCents":4997`, `"totalCents":0`}},
		{Name: "unknown", Method: "POST", URL: "/api/discounts/check", Body: check("NOPE"),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"We don't recognize the code NOPE. Please check it and try again."`, `"discountCode":"We don't recognize`}},
		{Name: "not active", Method: "POST", URL: "/api/discounts/check", Body: check("spring20"), BeforeTest: withCode(map[string]any{"active": false}),
			ExpectedStatus: 400, ExpectedContent: []string{`The code SPRING20 is not active at the moment.`}},
		{Name: "not started", Method: "POST", URL: "/api/discounts/check", Body: check("spring20"),
			BeforeTest:     withCode(map[string]any{"firstDay": "2026-07-01"}),
			ExpectedStatus: 400, ExpectedContent: []string{`The code SPRING20 can be used from July 1, 2026.`}},
		{Name: "expired", Method: "POST", URL: "/api/discounts/check", Body: check("spring20"),
			BeforeTest:     withCode(map[string]any{"firstDay": "2026-05-01", "lastDay": "2026-05-31"}),
			ExpectedStatus: 400, ExpectedContent: []string{`The code SPRING20 expired on May 31, 2026.`}},
		{Name: "a code's last day ends at the shop's midnight (SHOP_TIME_ZONE), not UTC's (issue 38, item 10)", Method: "POST", URL: "/api/discounts/check",
			Body: check("spring20"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				// 2026-06-01 12:00 UTC is 7 am in Chicago; the code's last day is today there.
				e.Staff("mgr", auth.RoleManager)
				made := e.Request("POST", "/api/admin/discounts", newCode(map[string]any{"lastDay": "2026-06-01"}), "mgr",
					map[string]string{"Idempotency-Key": "code-1"}).Expect(t, 201).Body
				if !strings.Contains(made, `"endsAt":"2026-06-02T05:00:00Z"`) || !strings.Contains(made, `"lastDay":"2026-06-01"`) {
					t.Errorf("the code does not end at Chicago's midnight: %s", made)
				}
				// 11:59 pm in Chicago (4:59 am UTC the next day): still the last day.
				e.Clock.Advance(16*time.Hour + 59*time.Minute)
				e.Request("POST", "/api/discounts/check", check("spring20"), "", nil).Expect(t, 200)
				e.Clock.Advance(time.Minute)
			},
			ExpectedStatus: 400, ExpectedContent: []string{`The code SPRING20 expired on June 1, 2026.`}},
		{Name: "used up", Method: "POST", URL: "/api/discounts/check", Body: check("spring20"),
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withCode(map[string]any{"usageLimit": 1})(t, e)
				e.Request("POST", pay, demo("spring20", 43.98, "first@example.com"), "", map[string]string{"Idempotency-Key": "a1"}).Expect(t, 200)
			},
			ExpectedStatus: 400, ExpectedContent: []string{`The code SPRING20 has been used up.`}},
		{Name: "below the minimum", Method: "POST", URL: "/api/discounts/check", Body: check("spring20"),
			BeforeTest:     withCode(map[string]any{"minSubtotalCents": 6000}),
			ExpectedStatus: 400, ExpectedContent: []string{`The code SPRING20 needs a subtotal of at least $60.00: add $10.03 more to use it.`}},
		{Name: "once per customer, used by this account", Method: "POST", URL: "/api/discounts/check", Body: check("spring20"), As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withCode(map[string]any{"oncePerCustomer": true})(t, e)
				e.Request("POST", pay, demo("spring20", 43.98, "other-address@example.com"), "buyer", map[string]string{"Idempotency-Key": "a1"}).Expect(t, 200)
			},
			ExpectedStatus: 400, ExpectedContent: []string{`You have already used the code SPRING20.`}},
		{Name: "once per customer, paid again with the same e-mail", Method: "POST", URL: pay, Body: demo("spring20", 43.98, "Guest@Example.com"),
			Headers: map[string]string{"Idempotency-Key": "a2"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withCode(map[string]any{"oncePerCustomer": true})(t, e)
				e.Request("POST", pay, demo("spring20", 43.98, "guest@example.com"), "", map[string]string{"Idempotency-Key": "a1"}).Expect(t, 200)
			},
			ExpectedStatus: 400, ExpectedContent: []string{`"error":"You have already used the code SPRING20."`, `"discountCode":`}},
		{Name: "no code", Method: "POST", URL: "/api/discounts/check", Body: check(" "),
			ExpectedStatus: 400, ExpectedContent: []string{`"discountCode":"Required"`}},
		{Name: "a code of the wrong type", Method: "POST", URL: "/api/discounts/check", Body: map[string]any{"code": 12, "items": cart},
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
	})
}

// TestDiscountAtPayment: the payment re-prices with the code, records it on
// the order and counts its use; PayPal's order carries the discount.
func TestDiscountAtPayment(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "demo card with a code", Method: "POST", URL: pay, Body: demo("spring20", 43.98, "a@example.com"), BeforeTest: withCode(nil),
			Headers: map[string]string{"Idempotency-Key": "a1"}, ExpectedStatus: 200, ExpectedContent: []string{`"total":"43.98"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM orders WHERE discount_code = 'SPRING20' AND discount_cents = 999 AND tax_cents = 400 AND total_cents = 4398`); n != 1 {
					t.Error("the order does not record the code and its amounts")
				}
				if n := e.Count(`SELECT used_count FROM discount_codes`); n != 1 {
					t.Errorf("used %d times, want 1", n)
				}
			}},
		{Name: "the buyer, the desk and the confirmation show the code", Method: "POST", URL: pay, As: "buyer", Body: demo("spring20", 43.98, "a@example.com"),
			BeforeTest: withCode(nil), Headers: map[string]string{"Idempotency-Key": "a1"}, ExpectedStatus: 200, ExpectedContent: []string{`"total":"43.98"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				number := res.JSON(t)["orderNumber"].(string)
				want := `"discountCode":"SPRING20","discountCents":999`
				if mine := e.Do("GET", "/api/orders/"+number, nil, "buyer").Expect(t, 200); !strings.Contains(mine.Body, want) {
					t.Errorf("the buyer's order lacks %s: %s", want, mine.Body)
				}
				if desk := e.Do("GET", "/api/admin/orders/"+number, nil, "mgr").Expect(t, 200); !strings.Contains(desk.Body, want) {
					t.Errorf("the desk's order lacks %s: %s", want, desk.Body)
				}
				if mail := e.LastMail("a@example.com"); !strings.Contains(mail, "Discount (SPRING20): -$9.99") {
					t.Errorf("the confirmation does not show the discount:\n%s", mail)
				}
			}},
		{Name: "the browser's total without the discount is refused", Method: "POST", URL: pay, Body: demo("spring20", 54.97, "a@example.com"),
			BeforeTest: withCode(nil), Headers: map[string]string{"Idempotency-Key": "a1"},
			ExpectedStatus: 400, ExpectedContent: []string{`does not match the order total of $43.98 (subtotal $49.97, discount -$9.99, tax $4.00)`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT used_count FROM discount_codes`); n != 0 {
					t.Errorf("a refused payment used the code")
				}
			}},
		{Name: "PayPal carries the discount", Method: "POST", URL: pay, As: "buyer", BeforeTest: withCode(nil),
			Body:    map[string]any{"action": "create_order", "items": cart, "amount": 43.98, "discountCode": "spring20", "shippingInfo": shipTo("b@example.com")},
			Headers: map[string]string{"Idempotency-Key": "a1"}, ExpectedStatus: 200, ExpectedContent: []string{`"id":"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				o, _ := e.PayPal.Order(res.JSON(t)["id"].(string))
				b := o.PurchaseUnits[0].Amount.Breakdown
				if b.Discount == nil || b.Discount.Value != "9.99" || o.PurchaseUnits[0].Amount.Value != "43.98" || b.ItemTotal.Value != "49.97" {
					t.Errorf("PayPal order %+v %+v", o.PurchaseUnits[0].Amount.Money, b)
				}
			}},
	})
}

// TestLastUseRace: a code with one use left, tried by 20 buyers at once,
// is used once; the others are told it is used up.
func TestLastUseRace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		withCode(map[string]any{"usageLimit": 1})(t, e)
		const buyers = 20
		statuses := make([]int, buyers)
		bodies := make([]string, buyers)
		var wg sync.WaitGroup
		for i := range buyers {
			wg.Go(func() {
				r := e.Request("POST", pay, demo("spring20", 43.98, fmt.Sprintf("buyer%d@example.com", i)), "",
					map[string]string{"Idempotency-Key": fmt.Sprintf("race-%d", i)})
				statuses[i], bodies[i] = r.Status, r.Body
			})
		}
		wg.Wait()
		paid := 0
		for i, s := range statuses {
			switch {
			case s == 200:
				paid++
			case s != 400 || !strings.Contains(bodies[i], "The code SPRING20 has been used up."):
				t.Errorf("buyer %d: %d %s", i, s, bodies[i])
			}
		}
		if paid != 1 {
			t.Errorf("%d buyers paid with the code, want 1", paid)
		}
		if n := e.Count(`SELECT used_count FROM discount_codes`); n != 1 {
			t.Errorf("used_count %d, want 1", n)
		}
		if n := e.Count(`SELECT COUNT(*) FROM orders WHERE discount_code = 'SPRING20'`) + e.Count(`SELECT COUNT(*) FROM discount_redemptions`); n != 2 {
			t.Errorf("%d orders and uses, want one of each", n)
		}
	})
}

// TestAdminDiscounts: create, list, edit over the version, audited; bad
// input is named on its fields.
func TestAdminDiscounts(t *testing.T) {
	asManager := func(t *testing.T, e *apitest.Env) { e.Staff("mgr", auth.RoleManager) }
	key := map[string]string{"Idempotency-Key": "k1"}
	apitest.Run(t, []apitest.Scenario{
		{Name: "create", Method: "POST", URL: "/api/admin/discounts", As: "mgr", BeforeTest: asManager, Headers: key,
			Body:           newCode(map[string]any{"endsAt": "2026-12-31T23:59:59Z", "usageLimit": 100, "oncePerCustomer": true, "minSubtotalCents": 2500}),
			ExpectedStatus: 201, ExpectedContent: []string{`"code":"SPRING20","percentOff":20,"amountOffCents":null,"minSubtotalCents":2500,"startsAt":null,"endsAt":"2026-12-31T23:59:59Z","usageLimit":100,"usedCount":0,"oncePerCustomer":true,"active":true,"version":1`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'discount.create' AND after_json LIKE '%SPRING20%'`); n != 1 {
					t.Error("no audit entry for the creation")
				}
			}},
		{Name: "list", Method: "GET", URL: "/api/admin/discounts", As: "mgr", BeforeTest: withCode(nil),
			ExpectedStatus: 200, ExpectedContent: []string{`{"discounts":[{"id":1,"code":"SPRING20"`}},
		{Name: "edit", Method: "PATCH", URL: "/api/admin/discounts/1", As: "mgr", BeforeTest: withCode(nil),
			Body:           map[string]any{"version": 1, "active": false, "percentOff": nil, "amountOffCents": 750},
			ExpectedStatus: 200, ExpectedContent: []string{`"percentOff":null,"amountOffCents":750`, `"active":false,"version":2`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'discount.update' AND before_json LIKE '%"active":true%' AND after_json LIKE '%"active":false%'`); n != 1 {
					t.Error("no audit entry for the edit with before and after")
				}
			}},
		{Name: "a stale edit is a 409", Method: "PATCH", URL: "/api/admin/discounts/1", As: "mgr",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				withCode(nil)(t, e)
				e.Do("PATCH", "/api/admin/discounts/1", map[string]any{"version": 1, "minSubtotalCents": 100}, "mgr").Expect(t, 200)
			},
			Body: map[string]any{"version": 1, "active": false}, ExpectedStatus: 409, ExpectedContent: []string{"Someone else saved this discount after you opened it."}},
		{Name: "an edit names its version", Method: "PATCH", URL: "/api/admin/discounts/1", As: "mgr", BeforeTest: withCode(nil),
			Body: map[string]any{"active": false}, ExpectedStatus: 400, ExpectedContent: []string{`"version":"Required`}},
		{Name: "an unknown discount", Method: "PATCH", URL: "/api/admin/discounts/99", As: "mgr", BeforeTest: asManager,
			Body: map[string]any{"version": 1}, ExpectedStatus: 404, ExpectedContent: []string{"Discount not found."}},
		{Name: "a taken code", Method: "POST", URL: "/api/admin/discounts", As: "mgr", BeforeTest: withCode(nil), Headers: key,
			Body: newCode(nil), ExpectedStatus: 400, ExpectedContent: []string{`"code":"Another discount has this code."`}},
		{Name: "bad fields", Method: "POST", URL: "/api/admin/discounts", As: "mgr", BeforeTest: asManager, Headers: key,
			Body: map[string]any{"code": "x", "percentOff": 120, "minSubtotalCents": -5, "usageLimit": 0,
				"startsAt": "2026-12-01T00:00:00Z", "endsAt": "tomorrow"},
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"3 to 32 letters`, `"percentOff":"A whole percentage from 1 to 100."`,
				`"minSubtotalCents":"A subtotal in cents from 0."`, `"usageLimit":"A number of uses from 1`, `"endsAt":"A date and time such as`}},
		{Name: "both kinds of reduction", Method: "POST", URL: "/api/admin/discounts", As: "mgr", BeforeTest: asManager, Headers: key,
			Body: newCode(map[string]any{"amountOffCents": 500}), ExpectedStatus: 400, ExpectedContent: []string{`"percentOff":"Give either a percentage or a fixed amount off, not both."`}},
		{Name: "neither kind of reduction", Method: "POST", URL: "/api/admin/discounts", As: "mgr", BeforeTest: asManager, Headers: key,
			Body: newCode(map[string]any{"percentOff": nil}), ExpectedStatus: 400,
			ExpectedContent: []string{`"percentOff":"Give a percentage or a fixed amount off."`, `"amountOffCents":"Give a percentage or a fixed amount off."`}},
		{Name: "an unknown field in a creation", Method: "POST", URL: "/api/admin/discounts", As: "mgr", BeforeTest: asManager, Headers: key,
			Body: newCode(map[string]any{"bogus": 1}), ExpectedStatus: 400, ExpectedContent: []string{`"bogus":"Unknown field"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM discount_codes`); n != 0 {
					t.Error("the code was made")
				}
			}},
		{Name: "an unknown field in an edit", Method: "PATCH", URL: "/api/admin/discounts/1", As: "mgr", BeforeTest: withCode(nil),
			Body: map[string]any{"version": 1, "active": false, "bogus": 1}, ExpectedStatus: 400, ExpectedContent: []string{`"bogus":"Unknown field"`}},
		{Name: "an end before the start", Method: "POST", URL: "/api/admin/discounts", As: "mgr", BeforeTest: asManager, Headers: key,
			Body:           newCode(map[string]any{"startsAt": "2026-12-01T00:00:00Z", "endsAt": "2026-11-01T00:00:00Z"}),
			ExpectedStatus: 400, ExpectedContent: []string{`"endsAt":"The end must come after the start."`}},
	})
}

// TestDiscountRoles: discount codes are the manager's and owner's.
func TestDiscountRoles(t *testing.T) {
	routes := []struct {
		method, url string
		body        any
		status      int
		allowed     string
	}{
		{"GET", "/api/admin/discounts", nil, 200, `"code":"SPRING20"`},
		{"POST", "/api/admin/discounts", newCode(map[string]any{"code": "AUTUMN"}), 201, `"code":"AUTUMN"`},
		{"GET", "/api/admin/discounts/1", nil, 200, `"code":"SPRING20"`},
		{"PATCH", "/api/admin/discounts/1", map[string]any{"version": 1, "active": false}, 200, `"version":2`},
	}
	noChange := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := e.Count(`SELECT COUNT(*) FROM discount_codes WHERE version = 1`) + e.Count(`SELECT COUNT(*) FROM audit_log WHERE action <> 'discount.create'`); n != 1 {
			t.Error("a refused request changed the discounts")
		}
	}
	seed := withCode(nil)
	var scenarios []apitest.Scenario
	for _, rt := range routes {
		name := rt.method + " " + rt.url
		scenarios = append(scenarios,
			apitest.Scenario{Name: name + " anonymous", Method: rt.method, URL: rt.url, Body: rt.body, BeforeTest: seed,
				ExpectedStatus: 401, ExpectedContent: []string{`"code":"unauthorized"`}, AfterTest: noChange},
			apitest.Scenario{Name: name + " customer", Method: rt.method, URL: rt.url, Body: rt.body, As: "customer", BeforeTest: seed,
				ExpectedStatus: 403, ExpectedContent: []string{"Access Denied"}, AfterTest: noChange},
			apitest.Scenario{Name: name + " owner at aal1", Method: rt.method, URL: rt.url, Body: rt.body, As: "boss",
				BeforeTest:     func(t *testing.T, e *apitest.Env) { seed(t, e); e.Grant("boss", auth.RoleOwner) },
				ExpectedStatus: 403, ExpectedContent: []string{`"code":"insufficient_aal"`}, AfterTest: noChange})
		for _, role := range auth.StaffRoles {
			s := apitest.Scenario{Name: fmt.Sprintf("%s %s", name, role), Method: rt.method, URL: rt.url, Body: rt.body, As: "staff",
				Headers:    map[string]string{"Idempotency-Key": "k2"},
				BeforeTest: func(t *testing.T, e *apitest.Env) { seed(t, e); e.Staff("staff", role) }}
			if role.Can(auth.PermDiscounts) {
				s.ExpectedStatus, s.ExpectedContent = rt.status, []string{rt.allowed}
			} else {
				s.ExpectedStatus, s.ExpectedContent, s.AfterTest = 403, []string{"Your role does not allow this."}, noChange
			}
			scenarios = append(scenarios, s)
		}
	}
	apitest.Run(t, scenarios)
}
