package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/paypal/paypaltest"
)

// TestShopRoutes drives the shop's routes through the whole server, wired as
// in production, with PayPal pointed at the fake.
func TestShopRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		_, base := paypaltest.Start(t)
		env := map[string]string{"PAYPAL_CLIENT_ID": paypaltest.ClientID, "PAYPAL_CLIENT_SECRET": paypaltest.ClientSecret,
			"PAYPAL_API_BASE": base, "PAYPAL_SDK_URL": base + "/sdk/js"}
		cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
		if err != nil {
			t.Fatal(err)
		}
		srv, err := New(cfg, d)
		if err != nil {
			t.Fatal(err)
		}
		h := srv.Handler()
		send := func(method, path, body string, header ...string) *httptest.ResponseRecorder {
			req := httptest.NewRequest(method, path, strings.NewReader(body))
			if body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			for i := 0; i+1 < len(header); i += 2 {
				req.Header.Set(header[i], header[i+1])
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec
		}

		books := send("GET", "/api/books", "", "Accept-Encoding", "gzip")
		etag := books.Header().Get("ETag")
		if books.Code != 200 || etag == "" || books.Header().Get("Cache-Control") != "no-cache" {
			t.Fatalf("GET /api/books: %d %v", books.Code, books.Header())
		}
		if rec := send("GET", "/api/books", "", "If-None-Match", etag, "Accept-Encoding", "gzip"); rec.Code != http.StatusNotModified {
			t.Errorf("revalidation: %d, want 304", rec.Code)
		}
		if rec := send("GET", "/api/books/abc", ""); rec.Code != 404 || !strings.Contains(rec.Body.String(), `"code":"not_found"`) {
			t.Errorf("GET /api/books/abc: %d %s", rec.Code, rec.Body)
		}
		if rec := send("GET", "/api/categories", ""); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"id":"children"`) {
			t.Errorf("GET /api/categories: %d %s", rec.Code, rec.Body)
		}
		if rec := send("POST", "/api/newsletter", `{"email":"kid@example.com"}`); rec.Code != 200 {
			t.Errorf("POST /api/newsletter: %d %s", rec.Code, rec.Body)
		}
		if rec := send("GET", "/api/geo", "", "Accept-Language", "en-GB"); !strings.Contains(rec.Body.String(), `"countryCode":"GB"`) {
			t.Errorf("GET /api/geo: %d %s", rec.Code, rec.Body)
		}
		if rec := send("GET", "/auth/v1/verification-status?user_id=8f1c1f4e-3c1a-4a57-9d0e-2f5b8f0f6c11", ""); rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != `{"verified":false}` {
			t.Errorf("GET /auth/v1/verification-status: %d %s", rec.Code, rec.Body)
		}
		if rec := send("POST", "/functions/v1/send-contact-email", `{"name":"Maya","email":"maya@example.com","subject":"Hi","message":"Hello"}`); rec.Code != 200 {
			t.Errorf("POST /functions/v1/send-contact-email: %d %s", rec.Code, rec.Body)
		}
		if rec := send("GET", "/api/orders", ""); rec.Code != 401 {
			t.Errorf("GET /api/orders without session: %d", rec.Code)
		}

		// PayPal through the real wiring needs a session, to start and to capture.
		for _, action := range []string{`"create_order","items":[{"id":3,"name":"Our First Adventure","quantity":1,"unitPrice":19.99}],"amount":21.99`, `"capture_order","orderID":"X"`} {
			rec := send("POST", "/functions/v1/process-payment", `{"action":`+action+`}`)
			if rec.Code != 401 || !strings.Contains(rec.Body.String(), `"error":"User authentication required for payment"`) {
				t.Errorf("%s without session: %d %s", action, rec.Code, rec.Body)
			}
		}

		// The browser may load the fake's SDK: its origin is in the CSP.
		csp := books.Header().Get("Content-Security-Policy")
		for _, directive := range []string{"script-src", "connect-src", "frame-src"} {
			if !strings.Contains(csp, directive) || !strings.Contains(between(csp, directive, ";"), base) {
				t.Errorf("CSP %s lacks %s: %s", directive, base, csp)
			}
		}
	})
}

func between(s, start, end string) string {
	_, rest, _ := strings.Cut(s, start)
	part, _, _ := strings.Cut(rest, end)
	return part
}
