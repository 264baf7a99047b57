package shopsettings_test

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
)

const pay = "/functions/v1/process-payment"

// cart is two copies of book 1 (14.99) and one of book 3 (19.99): subtotal
// 49.97, tax 5.00.
var cart = []map[string]any{
	{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 2, "unitPrice": 14.99},
	{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99},
}

// oneBook is one copy of book 1: subtotal 14.99, tax 1.50.
var oneBook = []map[string]any{{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 1, "unitPrice": 14.99}}

// address is a valid address in the country: its city, state and postal
// code as it writes them (internal/address checks them).
func address(country string) map[string]any {
	local := map[string][3]string{
		"United Kingdom": {"London", "", "EC1Y 8SY"}, "Germany": {"Berlin", "", "10115"}, "France": {"Paris", "", "75001"},
		"Japan": {"", "Tokyo", "154-0023"}, "Canada": {"Toronto", "ON", "M5V 2T6"},
	}
	at, ok := local[country]
	if !ok {
		at = [3]string{"Springfield", "IL", "62701"}
	}
	return map[string]any{"fullName": "Alice Reader", "email": "alice.ship@example.com", "address": "12 Story Lane",
		"city": at[0], "state": at[1], "zipCode": at[2], "country": country}
}

func demo(items []map[string]any, amount float64, country string, extra map[string]any) map[string]any {
	body := map[string]any{"action": "demo_payment", "method": "card", "items": items, "amount": amount, "shippingInfo": address(country)}
	maps.Copy(body, extra)
	return body
}

var attempt = map[string]string{"Idempotency-Key": "attempt-1"}

func method(id, name, time string, price any, enabled bool) map[string]any {
	return map[string]any{"id": id, "name": name, "deliveryTime": time, "priceCents": price, "freeOverCents": nil, "enabled": enabled}
}

func rates(print, digital any) map[string]any {
	return map[string]any{"print": print, "digital": digital}
}

// settingsBody is PUT /api/admin/settings's body for the seeded settings at
// version 1, with change applied to it.
func settingsBody(change func(zones []map[string]any)) map[string]any {
	zones := []map[string]any{
		{"id": "us", "name": "United States", "countries": []string{"US"}, "tax": rates(10, 10), "regions": []any{}, "methods": []map[string]any{
			method("standard", "Standard", "3-7 business days", 0, true),
			method("expedited", "Expedited", "2-3 business days", 899, true),
			method("express", "Express", "1-2 business days", 1499, true)}},
		{"id": "intl", "name": "Everywhere else", "countries": []string{}, "tax": rates(0, 0), "regions": []any{}, "methods": []map[string]any{
			method("standard", "International Standard", "7-21 business days", 1299, true),
			// Not priced: the shop's policy names only standard abroad.
			method("expedited", "International Expedited", "", nil, false),
			method("express", "International Express", "", nil, false)}},
	}
	if change != nil {
		change(zones)
	}
	return map[string]any{"version": 1, "zones": zones}
}

func usStandard(zones []map[string]any) map[string]any {
	return zones[0]["methods"].([]map[string]any)[0]
}

// saveSettings saves the settings as a manager.
func saveSettings(t *testing.T, e *apitest.Env, body map[string]any) {
	t.Helper()
	e.Staff("mgr", auth.RoleManager)
	e.Do("PUT", "/api/admin/settings", body, "mgr").Expect(t, 200)
}

// TestShippingMethods: each country is offered its zone's enabled methods
// at their prices.
func TestShippingMethods(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a UK buyer is offered international standard at $12.99", Method: "GET", URL: "/api/shipping/methods?country=GB",
			ExpectedStatus: 200,
			ExpectedContent: []string{`"zone":"intl"`, `"country":"GB"`,
				`"methods":[{"id":"standard","name":"International Standard","deliveryTime":"7-21 business days","priceCents":1299,"freeOverCents":null}]`}},
		{Name: "a US buyer is offered three methods", Method: "GET", URL: "/api/shipping/methods?country=us",
			ExpectedStatus: 200,
			ExpectedContent: []string{`"zone":"us"`, `{"id":"standard","name":"Standard","deliveryTime":"3-7 business days","priceCents":0,`,
				`{"id":"expedited","name":"Expedited","deliveryTime":"2-3 business days","priceCents":899,`,
				`{"id":"express","name":"Express","deliveryTime":"1-2 business days","priceCents":1499,`}},
		{Name: "a method priced and turned on is offered", Method: "GET", URL: "/api/shipping/methods?country=FR",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				saveSettings(t, e, settingsBody(func(z []map[string]any) {
					express := z[1]["methods"].([]map[string]any)[2]
					express["enabled"], express["deliveryTime"], express["priceCents"] = true, "3-5 business days", 3999
				}))
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"id":"express","name":"International Express","deliveryTime":"3-5 business days","priceCents":3999`}},
		{Name: "no country", Method: "GET", URL: "/api/shipping/methods",
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`, `"country":"A two-letter country code"`}},
		{Name: "a country name is not a code", Method: "GET", URL: "/api/shipping/methods?country=United%20Kingdom",
			ExpectedStatus: 400, ExpectedContent: []string{`"country":"A two-letter country code"`}},
		{Name: "the public settings for the pages", Method: "GET", URL: "/api/shipping",
			ExpectedStatus: 200, ExpectedContent: []string{`"taxRatePercent":10`, `"name":"Everywhere else"`},
			NotExpectedContent: []string{"International Express", `"enabled"`}},
	})
}

// TestShippingPrices: the payment function prices shipping by the
// address's country, the method and the free-over threshold, and refuses a
// total that leaves it out.
func TestShippingPrices(t *testing.T) {
	threshold := func(t *testing.T, e *apitest.Env) {
		saveSettings(t, e, settingsBody(func(z []map[string]any) {
			usStandard(z)["priceCents"], usStandard(z)["freeOverCents"] = 499, 3500
		}))
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "US standard is free", Method: "POST", URL: pay, Headers: attempt, Body: demo(cart, 54.97, "United States", nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"54.97"`},
			AfterTest: orderHas("standard", 0, 5497)},
		{Name: "US express costs 14.99", Method: "POST", URL: pay, Headers: attempt,
			Body:           demo(cart, 69.96, "United States", map[string]any{"shippingMethod": "express"}),
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"69.96"`}, AfterTest: orderHas("express", 1499, 6996)},
		{Name: "a UK order pays international standard and no US tax", Method: "POST", URL: pay, Headers: attempt,
			Body:           demo(cart, 62.96, "United Kingdom", nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"62.96"`}, AfterTest: orderHas("standard", 1299, 6296)},
		{Name: "a UK order without its shipping is refused", Method: "POST", URL: pay, Headers: attempt,
			Body:           demo(cart, 49.97, "United Kingdom", nil),
			ExpectedStatus: 400, ExpectedContent: []string{`does not match the order total of $62.96 (subtotal $49.97, shipping $12.99, tax $0.00)`}},
		{Name: "express is not offered abroad", Method: "POST", URL: pay, Headers: attempt,
			Body:           demo(cart, 67.96, "Germany", map[string]any{"shippingMethod": "express"}),
			ExpectedStatus: 400, ExpectedContent: []string{`The shipping method 'express' is not offered to Everywhere else. Choose standard.`, `"shippingMethod":"Not offered to this country"`}},
		{Name: "an unknown method", Method: "POST", URL: pay, Headers: attempt,
			Body:           demo(cart, 54.97, "United States", map[string]any{"shippingMethod": "drone"}),
			ExpectedStatus: 400, ExpectedContent: []string{`"shippingMethod":"Not offered to this country"`}},
		{Name: "under the free-over threshold standard costs 4.99", Method: "POST", URL: pay, Headers: attempt,
			BeforeTest: threshold, Body: demo(oneBook, 21.48, "United States", nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"21.48"`}, AfterTest: orderHas("standard", 499, 2148)},
		{Name: "over the free-over threshold standard is free", Method: "POST", URL: pay, Headers: attempt,
			BeforeTest: threshold, Body: demo(cart, 54.97, "United States", nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"54.97"`}, AfterTest: orderHas("standard", 0, 5497)},
		{Name: "a new tax rate prices the tax", Method: "POST", URL: pay, Headers: attempt,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				saveSettings(t, e, settingsBody(func(z []map[string]any) { z[0]["tax"] = rates(8.25, 8.25) }))
			},
			Body:           demo(oneBook, 16.23, "United States", nil), // 14.99 + 1.24 (1.236675 rounded)
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"16.23"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				// The confirmation names the order's rate, not the spec's 10 %.
				if mail := e.LastMail("alice.ship@example.com"); !strings.Contains(mail, "Tax (8.25%): $1.24") {
					t.Errorf("the confirmation does not name the rate:\n%s", mail)
				}
			}},
		{Name: "the PayPal order carries the shipping", Method: "POST", URL: pay, As: "buyer", Headers: attempt,
			Body:           map[string]any{"action": "create_order", "items": cart, "amount": 62.96, "shippingInfo": address("Japan")},
			ExpectedStatus: 200, ExpectedContent: []string{`"id":"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				o, ok := e.PayPal.Order(res.JSON(t)["id"].(string))
				if !ok {
					t.Fatal("PayPal has no such order")
				}
				b := o.PurchaseUnits[0].Amount.Breakdown
				if o.PurchaseUnits[0].Amount.Value != "62.96" || b.Shipping == nil || b.Shipping.Value != "12.99" || b.ItemTotal.Value != "49.97" || b.TaxTotal.Value != "0.00" {
					t.Errorf("PayPal order amount %+v, breakdown %+v %+v", o.PurchaseUnits[0].Amount.Money, b, b.Shipping)
				}
				orderHas("standard", 1299, 6296)(t, e, res)
			}},
	})
}

// orderHas checks the one order's shipping method and amounts.
func orderHas(method string, shippingCents, totalCents int) func(t *testing.T, e *apitest.Env, res *apitest.Response) {
	return func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		t.Helper()
		if n := e.Count(`SELECT COUNT(*) FROM orders WHERE shipping_method = ? AND shipping_cents = ? AND total_cents = ?`, method, shippingCents, totalCents); n != 1 {
			t.Errorf("no order by %s with shipping %d and total %d", method, shippingCents, totalCents)
		}
	}
}

// TestAdminSettings: the back office reads and saves the settings over
// their version, audited; bad values are named on their fields.
func TestAdminSettings(t *testing.T) {
	asManager := func(t *testing.T, e *apitest.Env) { e.Staff("mgr", auth.RoleManager) }
	apitest.Run(t, []apitest.Scenario{
		{Name: "read", Method: "GET", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			ExpectedStatus: 200, ExpectedContent: []string{`"version":1`, `"countries":["US"],"tax":{"print":10,"digital":10},"regions":[]`,
				`{"id":"standard","name":"International Standard","deliveryTime":"7-21 business days","priceCents":1299,"freeOverCents":null,"enabled":true}`,
				`{"id":"expedited","name":"International Expedited","deliveryTime":"","priceCents":null,"freeOverCents":null,"enabled":false}`,
				`{"id":"express","name":"International Express","deliveryTime":"","priceCents":null,"freeOverCents":null,"enabled":false}`}},
		{Name: "a method is offered only with its price and delivery time", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			Body:           settingsBody(func(z []map[string]any) { z[1]["methods"].([]map[string]any)[1]["enabled"] = true }),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.intl.expedited.priceCents":"Give the price to offer this method."`, `"zones.intl.expedited.deliveryTime":"Required."`}},
		{Name: "save", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			Body: settingsBody(func(z []map[string]any) {
				usStandard(z)["priceCents"], usStandard(z)["freeOverCents"] = 499, 3500
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`"version":2`, `"priceCents":499,"freeOverCents":3500`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				var before, after string
				err := e.DB.QueryRowContext(t.Context(), `SELECT before_json, after_json FROM audit_log WHERE action = 'settings.update' AND actor_id = ?`,
					e.User("mgr").ID).Scan(&before, &after)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(before, `"version":1`) || !strings.Contains(after, `"freeOverCents":3500`) {
					t.Errorf("audit before %s, after %s", before, after)
				}
				got := e.Do("GET", "/api/shipping/methods?country=US", nil, "")
				if !strings.Contains(got.Body, `"priceCents":499,"freeOverCents":3500`) {
					t.Errorf("the public methods still have the old price: %s", got.Body)
				}
				got.JSON(t)
			}},
		{Name: "a stale save is a 409 and changes nothing", Method: "PUT", URL: "/api/admin/settings", As: "mgr",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { saveSettings(t, e, settingsBody(nil)) },
			Body:           settingsBody(func(z []map[string]any) { usStandard(z)["priceCents"] = 100 }),
			ExpectedStatus: 409, ExpectedContent: []string{`"code":"conflict"`, "Someone else saved the settings after you opened them."},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'settings.update'`); n != 1 {
					t.Errorf("%d audit entries, want the first save's", n)
				}
			}},
		{Name: "bad values are named", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			Body: func() map[string]any {
				b := settingsBody(func(z []map[string]any) {
					usStandard(z)["priceCents"] = -1
					usStandard(z)["deliveryTime"] = " "
					for _, m := range z[1]["methods"].([]map[string]any) {
						m["enabled"] = false
					}
				})
				b["zones"].([]map[string]any)[0]["tax"] = rates(33.333, 10)
				return b
			}(),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.us.tax.print":"A percentage from 0 to 30`, `"zones.us.standard.priceCents":"A price in cents`,
				`"zones.us.standard.deliveryTime":"Required."`, `"zones.intl.methods":"Offer at least one method`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT version FROM shop_settings`); n != 1 {
					t.Errorf("version %d after a refused save", n)
				}
			}},
		{Name: "no version", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			Body: map[string]any{"zones": []any{}}, ExpectedStatus: 400, ExpectedContent: []string{`"version":"Required`, `"zones":"The zones start with the United States (us) and end with everywhere else (intl)."`}},
		{Name: "an unknown field", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			Body: func() map[string]any {
				b := settingsBody(nil)
				b["bogus"] = 1
				return b
			}(),
			ExpectedStatus: 400, ExpectedContent: []string{`"bogus":"Unknown field"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT version FROM shop_settings`); n != 1 {
					t.Errorf("version %d after a refused save", n)
				}
			}},
		{Name: "an unknown field of a method", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			Body:           settingsBody(func(z []map[string]any) { usStandard(z)["bogus"] = 1 }),
			ExpectedStatus: 400, ExpectedContent: []string{`"bogus":"Unknown field"`}},
		{Name: "not JSON", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: asManager,
			Body: "{", ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
	})
}

// TestSettingsRoles: the settings are the manager's and owner's; every
// other caller is refused and changes nothing.
func TestSettingsRoles(t *testing.T) {
	routes := []struct {
		method, url string
		body        any
		status      int
		allowed     string
	}{
		{"GET", "/api/admin/settings", nil, 200, `"version":1`},
		{"PUT", "/api/admin/settings", settingsBody(nil), 200, `"version":2`},
	}
	noChange := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action LIKE 'settings.%'`) + e.Count(`SELECT version FROM shop_settings`); n != 1 {
			t.Errorf("a refused request changed the settings")
		}
	}
	var scenarios []apitest.Scenario
	for _, rt := range routes {
		name := rt.method + " " + rt.url
		scenarios = append(scenarios,
			apitest.Scenario{Name: name + " anonymous", Method: rt.method, URL: rt.url, Body: rt.body,
				ExpectedStatus: 401, ExpectedContent: []string{`"code":"unauthorized"`}, AfterTest: noChange},
			apitest.Scenario{Name: name + " customer", Method: rt.method, URL: rt.url, Body: rt.body, As: "customer",
				ExpectedStatus: 403, ExpectedContent: []string{"Access Denied"}, AfterTest: noChange},
			apitest.Scenario{Name: name + " manager at aal1", Method: rt.method, URL: rt.url, Body: rt.body, As: "boss",
				BeforeTest:     func(t *testing.T, e *apitest.Env) { e.Grant("boss", auth.RoleManager) },
				ExpectedStatus: 403, ExpectedContent: []string{`"code":"insufficient_aal"`}, AfterTest: noChange})
		for _, role := range auth.StaffRoles {
			s := apitest.Scenario{Name: fmt.Sprintf("%s %s", name, role), Method: rt.method, URL: rt.url, Body: rt.body, As: "staff",
				BeforeTest: func(t *testing.T, e *apitest.Env) { e.Staff("staff", role) }}
			if role.Can(auth.PermSettings) {
				s.ExpectedStatus, s.ExpectedContent = rt.status, []string{rt.allowed}
			} else {
				s.ExpectedStatus, s.ExpectedContent, s.AfterTest = 403, []string{"Your role does not allow this."}, noChange
			}
			scenarios = append(scenarios, s)
		}
	}
	apitest.Run(t, scenarios)
}
