package server_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
)

// The catalogue changes at any time: caches keep it but revalidate each use.
const catalogueCaching = "public, no-cache"

// TestShopRoutes drives the shop's routes through the whole server, wired as
// in production, with PayPal pointed at the fake.
func TestShopRoutes(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "books carry an ETag and may be kept by shared caches", Method: "GET", URL: "/api/books", Headers: map[string]string{"Accept-Encoding": "gzip"},
			ExpectedStatus: 200, ExpectedHeaders: map[string]string{"Cache-Control": catalogueCaching, "Content-Encoding": "gzip"},
			ExpectedContent: []string{"\x1f\x8b"}, // gzip's magic number: compressed, as asked
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				etag := res.Header.Get("ETag")
				if etag == "" {
					t.Fatal("no ETag")
				}
				if vary := res.Header.Values("Vary"); len(vary) != 1 || vary[0] != "Accept-Encoding" {
					t.Errorf("Vary %q, want Accept-Encoding once", vary)
				}
				again := e.Request("GET", "/api/books", nil, "", map[string]string{"If-None-Match": etag, "Accept-Encoding": "gzip"})
				again.Expect(t, 304)
				if again.Body != "" || again.Header.Get("ETag") != etag || again.Header.Get("Cache-Control") != catalogueCaching ||
					again.Header.Get("X-Request-Id") == "" || again.Header.Get("Content-Security-Policy") == "" {
					t.Errorf("304: %v %q", again.Header, again.Body)
				}
				// The browser may load the fake's SDK: its origin is in the CSP.
				csp := res.Header.Get("Content-Security-Policy")
				base := e.PayPalURL
				for _, directive := range []string{"script-src", "connect-src", "frame-src"} {
					if !strings.Contains(between(csp, directive, ";"), base) {
						t.Errorf("CSP %s lacks %s: %s", directive, base, csp)
					}
				}
			}},
		{Name: "a book id that is not a number is a 404", Method: "GET", URL: "/api/books/abc", ExpectedStatus: 404, ExpectedContent: []string{`"code":"not_found"`}},
		{Name: "categories", Method: "GET", URL: "/api/categories", ExpectedStatus: 200, ExpectedContent: []string{`"id":"children"`},
			ExpectedHeaders: map[string]string{"Cache-Control": catalogueCaching}},
		{Name: "a book to a signed-in caller is the same public document", Method: "GET", URL: "/api/books/3", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{`"title":"Our First Adventure"`}, ExpectedHeaders: map[string]string{"Cache-Control": catalogueCaching}},
		{Name: "newsletter sign-up", Method: "POST", URL: "/api/newsletter", Body: `{"email":"kid@example.com"}`, ExpectedStatus: 200, ExpectedContent: []string{`"message":"Thank you! Please check your inbox`}},
		{Name: "geo from Accept-Language", Method: "GET", URL: "/api/geo", Headers: map[string]string{"Accept-Language": "en-GB"}, ExpectedStatus: 200, ExpectedContent: []string{`"countryCode":"GB"`}},
		{Name: "verification status of an unknown user", Method: "GET", URL: "/auth/v1/verification-status?user_id=8f1c1f4e-3c1a-4a57-9d0e-2f5b8f0f6c11", ExpectedStatus: 200, ExpectedContent: []string{`{"verified":false}`}},
		{Name: "contact message", Method: "POST", URL: "/functions/v1/send-contact-email", Body: `{"name":"Maya","email":"maya@example.com","subject":"Hi","message":"Hello"}`, ExpectedStatus: 200, ExpectedContent: []string{`{"success":true}`}},
		{Name: "orders need a session", Method: "GET", URL: "/api/orders", ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "orders of a signed-in buyer", Method: "GET", URL: "/api/orders", As: "owner", ExpectedStatus: 200, ExpectedContent: []string{`[]`}},
		{Name: "create_order needs a session", Method: "POST", URL: "/functions/v1/process-payment",
			Body:    `{"action":"create_order","items":[{"id":3,"name":"Our First Adventure","quantity":1,"unitPrice":19.99}],"amount":21.99}`,
			Headers: map[string]string{"Idempotency-Key": "attempt-1"}, ExpectedStatus: 401, ExpectedContent: []string{`"error":"User authentication required for payment"`}},
		{Name: "capture_order needs a session", Method: "POST", URL: "/functions/v1/process-payment", Body: `{"action":"capture_order","orderID":"X"}`,
			Headers: map[string]string{"Idempotency-Key": "attempt-1"}, ExpectedStatus: 401, ExpectedContent: []string{`"error":"User authentication required for payment"`}},
		{Name: "admin has the owner role", Method: "GET", URL: "/api/profile", As: "admin", ExpectedStatus: 200, ExpectedContent: []string{`"role":"owner"`}},
		{Name: "a user has the user role", Method: "GET", URL: "/api/profile", As: "owner", ExpectedStatus: 200, ExpectedContent: []string{`"role":"user"`}},
	})
}

func between(s, start, end string) string {
	_, rest, _ := strings.Cut(s, start)
	part, _, _ := strings.Cut(rest, end)
	return part
}
