package shopsettings_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

// zone is a zone the owner adds: standard shipping at $4.99 and its rates.
func zone(id, name string, countries []string, tax map[string]any, regions ...map[string]any) map[string]any {
	if regions == nil {
		regions = []map[string]any{}
	}
	return map[string]any{"id": id, "name": name, "countries": countries, "tax": tax, "regions": regions, "methods": []map[string]any{
		method("standard", "Standard", "5-10 business days", 499, true),
		method("expedited", "Expedited", "", nil, false),
		method("express", "Express", "", nil, false)}}
}

func region(code string, print, digital any) map[string]any {
	return map[string]any{"code": code, "print": print, "digital": digital}
}

// worldBody is the settings' body with the United States' Illinois at
// 6.25 %, the UK (print 0 %, digital 20 %), the EU's France and Germany
// (5.5 %, 20 %), Canada at 5 % with Ontario at 13 %, and everywhere else.
func worldBody() map[string]any {
	b := settingsBody(func(z []map[string]any) { z[0]["regions"] = []map[string]any{region("US-IL", 6.25, 6.25)} })
	zones := b["zones"].([]map[string]any)
	b["zones"] = []map[string]any{zones[0],
		zone("uk", "United Kingdom", []string{"GB"}, rates(0, 20)),
		zone("eu", "European Union", []string{"FR", "DE"}, rates(5.5, 20)),
		zone("ca", "Canada", []string{"CA"}, rates(5, 5), region("CA-ON", 13, 13)),
		zones[1]}
	return b
}

func world(t *testing.T, e *apitest.Env) { saveSettings(t, e, worldBody()) }

var interactive = map[string]any{"id": 3, "name": "Our First Adventure", "format": "interactive", "quantity": 1, "unitPrice": 6.99}

// taxed checks the one order's tax, rates and place, and the e-mail's line.
func taxed(taxCents, printBP, digitalBP int, place, mailLine string) func(t *testing.T, e *apitest.Env, res *apitest.Response) {
	return func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		t.Helper()
		if n := e.Count(`SELECT COUNT(*) FROM orders WHERE tax_cents = ? AND tax_rate_bp = ? AND digital_tax_rate_bp = ? AND tax_place = ?`,
			taxCents, printBP, digitalBP, place); n != 1 {
			t.Errorf("no order with tax %d at %d/%d in %q", taxCents, printBP, digitalBP, place)
		}
		if mail := e.LastMail("alice.ship@example.com"); !strings.Contains(mail, mailLine) {
			t.Errorf("the confirmation lacks %q:\n%s", mailLine, mail)
		}
	}
}

// TestTaxByDestination: the tax is the destination's: a US state's own
// rate, none on a UK parcel, each class at its rate, the buyer's country
// for digital formats; kept on the order whatever the rates become.
func TestTaxByDestination(t *testing.T) {
	digitalTo := func(country string) map[string]any {
		return map[string]any{"fullName": "Alice Reader", "email": "alice.ship@example.com", "country": country}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "Illinois at its 6.25 %", Method: "POST", URL: pay, Headers: attempt, BeforeTest: world,
			Body: demo(oneBook, 15.93, "United States", nil), ExpectedStatus: 200, ExpectedContent: []string{`"total":"15.93"`},
			AfterTest: taxed(94, 625, 625, "Illinois, United States", "Tax (6.25%): $0.94")},
		{Name: "Texas at the US rate", Method: "POST", URL: pay, Headers: attempt, BeforeTest: world,
			Body: func() map[string]any {
				b := demo(oneBook, 16.49, "United States", nil)
				b["shippingInfo"].(map[string]any)["state"] = "TX"
				return b
			}(), ExpectedStatus: 200, ExpectedContent: []string{`"total":"16.49"`},
			AfterTest: taxed(150, 1000, 1000, "United States", "Tax (10%): $1.50")},
		{Name: "a UK parcel pays no tax", Method: "POST", URL: pay, Headers: attempt, BeforeTest: world,
			Body: demo(oneBook, 19.98, "United Kingdom", nil), ExpectedStatus: 200, ExpectedContent: []string{`"total":"19.98"`},
			AfterTest: taxed(0, 0, 2000, "United Kingdom", "Tax (0%): $0.00")},
		{Name: "a UK buyer's interactive edition at 20 %", Method: "POST", URL: pay, As: "buyer", Headers: attempt, BeforeTest: world,
			Body:           map[string]any{"action": "demo_payment", "method": "card", "items": []any{interactive}, "amount": 8.39, "shippingInfo": digitalTo("United Kingdom")},
			ExpectedStatus: 200, ExpectedContent: []string{`"total":"8.39"`}, AfterTest: taxed(140, 0, 2000, "United Kingdom", "Tax (20%): $1.40")},
		{Name: "a UK mixed cart: each class at its rate", Method: "POST", URL: pay, As: "buyer", Headers: attempt, BeforeTest: world,
			Body: demo([]map[string]any{oneBook[0], interactive}, 28.37, "United Kingdom", nil), ExpectedStatus: 200, ExpectedContent: []string{`"total":"28.37"`},
			AfterTest: taxed(140, 0, 2000, "United Kingdom", "Tax (0% print, 20% digital): $1.40")},
		{Name: "Germany at the EU's 5.5 % on print", Method: "POST", URL: pay, Headers: attempt, BeforeTest: world,
			Body: demo(oneBook, 20.80, "Germany", nil), ExpectedStatus: 200, ExpectedContent: []string{`"total":"20.80"`},
			AfterTest: taxed(82, 550, 2000, "Germany", "Tax (5.5%): $0.82")},
		{Name: "Ontario at its 13 %", Method: "POST", URL: pay, Headers: attempt, BeforeTest: world,
			Body: demo(oneBook, 21.93, "Canada", nil), ExpectedStatus: 200, ExpectedContent: []string{`"total":"21.93"`},
			AfterTest: taxed(195, 1300, 1300, "Ontario, Canada", "Tax (13%): $1.95")},
		{Name: "a UK order priced with US tax is refused", Method: "POST", URL: pay, Headers: attempt, BeforeTest: world,
			Body: demo(oneBook, 21.48, "United Kingdom", nil), ExpectedStatus: 400,
			ExpectedContent: []string{`does not match the order total of $19.98 (subtotal $14.99, shipping $4.99, tax $0.00)`}},
		{Name: "PayPal's breakdown carries each item's tax", Method: "POST", URL: pay, As: "buyer", Headers: attempt, BeforeTest: world,
			Body:           map[string]any{"action": "create_order", "items": []map[string]any{oneBook[0], interactive}, "amount": 28.37, "shippingInfo": address("United Kingdom")},
			ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				o, ok := e.PayPal.Order(res.JSON(t)["id"].(string))
				if !ok {
					t.Fatal("PayPal has no such order")
				}
				u := o.PurchaseUnits[0]
				if u.Amount.Breakdown.TaxTotal.Value != "1.40" || len(u.Items) != 2 || u.Items[0].Tax == nil || u.Items[0].Tax.Value != "0.00" ||
					u.Items[1].Tax == nil || u.Items[1].Tax.Value != "1.40" {
					t.Errorf("PayPal breakdown %+v, items %+v", u.Amount.Breakdown, u.Items)
				}
			}},
		{Name: "the rates of a state, for the checkout", Method: "GET", URL: "/api/shipping/methods?country=US&state=Illinois", BeforeTest: world,
			ExpectedStatus: 200, ExpectedContent: []string{`"tax":{"print":6.25,"digital":6.25}`, `"taxPlace":"Illinois, United States"`}},
		{Name: "the UK's rates", Method: "GET", URL: "/api/shipping/methods?country=GB", BeforeTest: world,
			ExpectedStatus: 200, ExpectedContent: []string{`"zone":"uk"`, `"tax":{"print":0,"digital":20}`, `"taxPlace":"United Kingdom"`,
				`"methods":[{"id":"standard","name":"Standard","deliveryTime":"5-10 business days","priceCents":499,"freeOverCents":null}]`}},
		{Name: "an order keeps its rate when the rates change", Method: "GET", URL: "/api/orders", As: "buyer",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				world(t, e)
				e.Request("POST", pay, demo(oneBook, 15.93, "United States", nil), "buyer", attempt).Expect(t, 200)
				b := worldBody()
				b["version"] = 2
				b["zones"].([]map[string]any)[0]["regions"] = []map[string]any{region("US-IL", 7, 7)}
				saveSettings(t, e, b)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"taxCents":94,"taxRate":"6.25%","taxPlace":"Illinois, United States"`}},
	})
}

// TestZonesAreChecked: a country belongs to one zone, everywhere else
// lists none, a state's rate is for a state of the zone's countries.
func TestZonesAreChecked(t *testing.T) {
	put := func(change func(zones []map[string]any)) map[string]any {
		b := worldBody()
		change(b["zones"].([]map[string]any))
		return b
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "a country in two zones", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: manager,
			Body:           put(func(z []map[string]any) { z[2]["countries"] = []string{"FR", "GB"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.eu.countries":"GB is already in the zone uk."`}},
		{Name: "not a country", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: manager,
			Body:           put(func(z []map[string]any) { z[1]["countries"] = []string{"UK"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.uk.countries":"\"UK\" is not a country code`}},
		{Name: "everywhere else lists no country", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: manager,
			Body:           put(func(z []map[string]any) { z[4]["countries"] = []string{"JP"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.intl.countries":"Everywhere else covers the countries no other zone lists`}},
		{Name: "a state of another zone", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: manager,
			Body:           put(func(z []map[string]any) { z[0]["regions"] = []map[string]any{region("CA-ON", 13, 13)} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.us.regions.0.code":"A state or province of this zone's countries`}},
		{Name: "two zones with one id", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: manager,
			Body:           put(func(z []map[string]any) { z[2]["id"] = "uk" }),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.uk":"Two zones have this id."`}},
		{Name: "a digital rate over 30 %", Method: "PUT", URL: "/api/admin/settings", As: "mgr", BeforeTest: manager,
			Body:           put(func(z []map[string]any) { z[1]["tax"] = rates(0, 31) }),
			ExpectedStatus: 400, ExpectedContent: []string{`"zones.uk.tax.digital":"A percentage from 0 to 30`}},
	})
}

func manager(t *testing.T, e *apitest.Env) { e.Staff("mgr", "manager") }
