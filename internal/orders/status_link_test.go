package orders_test

import (
	"crypto/rand"
	"regexp"
	"strings"
	"testing"
	"time"

	"bookshop/internal/apitest"
)

var statusLink = regexp.MustCompile(regexp.QuoteMeta(apitest.SiteURL) + `/order-status\?token=([A-Za-z0-9_-]+)`)

// guestOrder is a guest's paid demo order shipped to city, and the token of
// the status link its confirmation carries.
func guestOrder(t *testing.T, e *apitest.Env, email, city string) (number, token string) {
	t.Helper()
	to := map[string]any{"fullName": "Gus Guest", "email": email, "address": "1 Secret Road", "city": city, "state": "IL",
		"zipCode": "62701", "country": "United States"}
	number = e.Request("POST", pay, demo(map[string]any{"shippingInfo": to}), "", attempt(rand.Text())).Expect(t, 200).JSON(t)["orderNumber"].(string)
	m := statusLink.FindStringSubmatch(e.LastMail(email))
	if m == nil {
		t.Fatalf("the guest's confirmation has no status link:\n%s", e.LastMail(email))
	}
	return number, m[1]
}

// TestGuestFollowsOrder (issue 38, item 12): a guest's e-mails carry a link
// to the order's status page, which shows that order (status, parcel,
// refunds) and no address beyond the city, until the link expires; a
// forged or expired link is one clear 404 that names no order.
func TestGuestFollowsOrder(t *testing.T) {
	const status = "/api/order-status"
	const refused = "This link to an order is not valid, or it has expired."
	follow := func(e *apitest.Env, token string) *apitest.Response {
		return e.Request("POST", status, map[string]string{"token": token}, "", nil)
	}
	// has checks that body holds every fragment of want and none of not.
	has := func(t *testing.T, body string, want, not []string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("lacks %s: %s", w, body)
			}
		}
		for _, n := range not {
			if strings.Contains(body, n) {
				t.Errorf("shows %s: %s", n, body)
			}
		}
	}
	// Each scenario's own request is the book the orders bought; the links are followed in BeforeTest.
	book := func(name string, check func(t *testing.T, e *apitest.Env)) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "GET", URL: "/api/books/1", BeforeTest: check, ExpectedStatus: 200, ExpectedContent: []string{`"id":1,`}}
	}
	apitest.Run(t, []apitest.Scenario{
		book("the link shows the order, its parcel and refunds, and the city alone", func(t *testing.T, e *apitest.Env) {
			number, token := guestOrder(t, e, "gus@example.com", "Springfield")
			e.Staff("manager", "manager")
			act(e, number, "fulfil", map[string]any{"carrier": "USPS", "trackingNumber": "9400TRACK"}, "ship-1").Expect(t, 200)
			// The shipping e-mail brings a link too.
			if !statusLink.MatchString(e.LastMail("gus@example.com")) {
				t.Errorf("the shipping e-mail has no status link:\n%s", e.LastMail("gus@example.com"))
			}
			r := follow(e, token).Expect(t, 200)
			has(t, r.Body, []string{`"number":"` + number + `"`, `"paymentStatus":"paid"`, `"fulfillmentStatus":"shipped"`, `"trackingNumber":"9400TRACK"`,
				`"refunds":[]`, `"shipTo":{"city":"Springfield","country":"United States"}`},
				[]string{"Secret Road", "62701", "gus@example.com", "Gus Guest", `"shippingInfo"`})
			if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
		}),
		book("each link shows its own order alone", func(t *testing.T, e *apitest.Env) {
			mine, token := guestOrder(t, e, "gus@example.com", "Springfield")
			other, _ := guestOrder(t, e, "other@example.com", "Shelbyville")
			has(t, follow(e, token).Expect(t, 200).Body, []string{mine, `"city":"Springfield"`}, []string{other, "Shelbyville"})
		}),
		book("a forged, empty or expired link is one 404 that names no order", func(t *testing.T, e *apitest.Env) {
			_, token := guestOrder(t, e, "gus@example.com", "Springfield")
			for _, forged := range []string{strings.Repeat("A", 43), token[:len(token)-1], " ", strings.Repeat("x", 300)} {
				has(t, follow(e, forged).Expect(t, 404).Body, []string{refused}, []string{"SF-", "Springfield"})
			}
			follow(e, token).Expect(t, 200)
			e.Clock.Advance(181 * 24 * time.Hour)
			has(t, follow(e, token).Expect(t, 404).Body, []string{refused}, []string{"SF-", "Springfield"})
		}),
		book("an account's order has My Orders, not a link", func(t *testing.T, e *apitest.Env) {
			e.Request("POST", pay, demo(nil), "buyer", attempt(rand.Text())).Expect(t, 200)
			if n := e.Count(`SELECT COUNT(*) FROM order_status_links`); n != 0 {
				t.Errorf("%d status links for an account's order", n)
			}
		}),
	})
}
