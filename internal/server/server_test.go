package server_test

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"bookshop/internal/apitest"
	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/server"
)

// securityHeaders checks what every response of the shop carries.
func securityHeaders(t *testing.T, _ *apitest.Env, res *apitest.Response) {
	t.Helper()
	for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"} {
		if res.Header.Get(k) == "" {
			t.Errorf("missing header %s", k)
		}
	}
	if !strings.Contains(res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("CSP lacks frame-ancestors: %s", res.Header.Get("Content-Security-Policy"))
	}
}

func TestRoutes(t *testing.T) {
	scenarios := []apitest.Scenario{
		{Name: "health does a database round trip", Method: "GET", URL: "/api/health", ExpectedStatus: 200, ExpectedContent: []string{`{"database":"ok","status":"ok"}`}},
		{Name: "unknown api path is a JSON 404", Method: "GET", URL: "/api/nope", ExpectedStatus: 404, ExpectedContent: []string{`"code":"not_found"`}},
		{Name: "unknown api path with POST is still 404", Method: "POST", URL: "/api/nope", ExpectedStatus: 404, ExpectedContent: []string{`"code":"not_found"`}},
		{Name: "wrong method is a JSON 405", Method: "DELETE", URL: "/api/health", ExpectedStatus: 405, ExpectedContent: []string{`"code":"method_not_allowed"`}, ExpectedHeaders: map[string]string{"Allow": "GET, HEAD"}},
		{Name: "unknown auth path is a JSON 404, not the preflight's 405", Method: "GET", URL: "/auth/v1/nothing", ExpectedStatus: 404, ExpectedContent: []string{`"code":404,"error_code":"not_found"`}},
		{Name: "unknown auth path with POST is a 404", Method: "POST", URL: "/auth/v1/nothing/deeper", ExpectedStatus: 404, ExpectedContent: []string{`"code":404,"error_code":"not_found"`}},
		{Name: "unknown auth path in GoTrue's 2024 error shape", Method: "GET", URL: "/auth/v1/nothing", Headers: map[string]string{"X-Supabase-Api-Version": "2024-01-01"},
			ExpectedStatus: 404, ExpectedContent: []string{`{"code":"not_found","message":"No API endpoint at /auth/v1/nothing."}`}},
		{Name: "unknown auth path has CORS headers for the site", Method: "GET", URL: "/auth/v1/nothing", Headers: map[string]string{"Origin": apitest.SiteURL},
			ExpectedStatus: 404, ExpectedContent: []string{`"error_code":"not_found"`}, ExpectedHeaders: map[string]string{"Access-Control-Allow-Origin": apitest.SiteURL}},
		{Name: "known auth path with a wrong method is a 405", Method: "DELETE", URL: "/auth/v1/settings", ExpectedStatus: 405, ExpectedContent: []string{`"code":405,"error_code":"method_not_allowed"`}},
		{Name: "deep link gets the app, never cached", Method: "GET", URL: "/books/3", ExpectedStatus: 200, ExpectedContent: []string{"<div id=root>"}, ExpectedHeaders: map[string]string{"Cache-Control": "no-cache"}},
		{Name: "unknown page gets the app", Method: "GET", URL: "/no/such/page", ExpectedStatus: 200, ExpectedContent: []string{"<div id=root>"}},
		{Name: "hashed asset is immutable", Method: "GET", URL: "/assets/app-1a2b.js", ExpectedStatus: 200, ExpectedContent: []string{"console.log"}, ExpectedHeaders: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
		{Name: "missing asset is a 404, not the app", Method: "GET", URL: "/assets/gone-9z9z.js", ExpectedStatus: 404, NotExpectedContent: []string{"<div id=root>"}},
		{Name: "posting to a page is a 405", Method: "POST", URL: "/books", ExpectedStatus: 405, ExpectedContent: []string{`"code":"method_not_allowed"`}},
		{Name: "a page's form sent before the app took over goes back to the page", Method: "POST", URL: "/login?x=1", Body: "email=a%40b.test&password=secret",
			Headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, ExpectedStatus: 303, ExpectedHeaders: map[string]string{"Location": "/login"}},
		{Name: "oversized body is a JSON 413", Method: "POST", URL: "/api/health", Body: strings.Repeat("x", 1<<20+1), ExpectedStatus: 413, ExpectedContent: []string{`"code":"too_large"`}},
	}
	for i := range scenarios {
		scenarios[i].AfterTest = securityHeaders
	}
	apitest.Run(t, scenarios)
}

func TestHSTSOnlyOverHTTPS(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "https site", Method: "GET", URL: "/api/health", Config: map[string]string{"SITE_URL": "https://shop.example"},
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"ok"`}, ExpectedHeaders: map[string]string{"Strict-Transport-Security": "max-age=63072000; includeSubDomains"}},
		{Name: "http site (development)", Method: "GET", URL: "/api/health",
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"ok"`}, ExpectedHeaders: map[string]string{"Strict-Transport-Security": ""}},
	})
}

func TestCompressedResponses(t *testing.T) {
	e := apitest.NewEnv(t, dbtest.SQLite(t), nil)
	for _, path := range []string{"/", "/assets/app-1a2b.js"} {
		res := e.Request("GET", path, nil, "", map[string]string{"Accept-Encoding": "gzip, br"})
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: not gzipped (headers %v)", path, res.Header)
		}
		zr, err := gzip.NewReader(strings.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		if len(body) < 2000 {
			t.Fatalf("%s: gunzipped body too short: %d", path, len(body))
		}
	}
}

func TestHealthReportsUnreachableDatabase(t *testing.T) {
	d := dbtest.SQLite(t)
	e := apitest.NewEnv(t, d, nil)
	d.Close()
	e.Do("GET", "/api/health", nil, "").Expect(t, http.StatusServiceUnavailable)
}

// /thank-you is the buyer's, reached inside the app with the payment's
// pass; opened without its cookie, it sends the visitor to the checkout.
func TestThankYouWithoutThePassGoesToTheCheckout(t *testing.T) {
	cfg, err := config.Load(func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	app := fstest.MapFS{
		"index.html":  {Data: []byte("<!doctype html><div id=root></div>")},
		"routes.json": {Data: []byte(`{"routes":["/","/checkout","/thank-you"]}`)},
	}
	srv, err := server.New(cfg, dbtest.SQLite(t), server.WithWebApp(app), server.WithCheapPasswordHashing())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		method, cookie string
		want           int
	}{
		{http.MethodGet, "", http.StatusSeeOther},
		{http.MethodHead, "", http.StatusSeeOther},
		{http.MethodGet, "consent=all", http.StatusSeeOther},
		{http.MethodGet, "payment_pass=1", http.StatusOK},
		{http.MethodGet, "consent=all; payment_pass=1", http.StatusOK},
	} {
		req := httptest.NewRequest(tc.method, "/thank-you", nil)
		if tc.cookie != "" {
			req.Header.Set("Cookie", tc.cookie)
		}
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code != tc.want || tc.want == http.StatusSeeOther && rec.Header().Get("Location") != "/checkout" || !slices.Contains(rec.Header().Values("Vary"), "Cookie") {
			t.Errorf("%s /thank-you with cookie %q: %d %v, want %d", tc.method, tc.cookie, rec.Code, rec.Header(), tc.want)
		}
	}
}

// With the web build's routes.json (written from web/src/config/paths.ts),
// a path that is no page of the app, a book or category the catalogue
// lacks, or a post that is not published, gets a 404 with the same page, so
// crawlers and link checkers see it.
func TestUnknownPagesAndBooksAre404(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		cfg, err := config.Load(func(string) (string, bool) { return "", false })
		if err != nil {
			t.Fatal(err)
		}
		app := fstest.MapFS{
			"index.html":  {Data: []byte("<!doctype html><div id=root></div>")},
			"routes.json": {Data: []byte(`{"routes":["/","/books","/books/:id","/categories/:id","/contact","/blog/:id"]}`)},
		}
		// The fifth post as a draft, the way the back office leaves one.
		if _, err := d.ExecContext(context.Background(), `UPDATE posts SET status = 'draft' WHERE id = 5`); err != nil {
			t.Fatal(err)
		}
		srv, err := server.New(cfg, d, server.WithWebApp(app), server.WithCheapPasswordHashing())
		if err != nil {
			t.Fatal(err)
		}
		h := srv.Handler()
		for _, tc := range []struct {
			path string
			want int
		}{
			{"/", 200},
			{"/books", 200},
			{"/books/10", 200},
			{"/contact/", 200},
			{"/books/999", 404},
			{"/books/abc", 404},
			{"/books/0", 404},
			{"/books/10.0", 404},
			{"/books/010", 404},
			{"/books/+10", 404},
			{"/categories/fantasy", 200},
			{"/categories/zzz", 404},
			{"/categories/Fantasy", 404},
			{"/blog/1", 200},
			{"/blog/4", 200},
			{"/blog/5", 404},
			{"/blog/999", 404},
			{"/blog/01", 404},
			{"/blog/abc", 404},
			{"/no/such/page", 404},
			{"/routes.json", 404},
		} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
			if rec.Code != tc.want {
				t.Errorf("GET %s = %d, want %d", tc.path, rec.Code, tc.want)
			}
			if !strings.Contains(rec.Body.String(), "<div id=root>") {
				t.Errorf("GET %s: want the app's page, got %q", tc.path, rec.Body.String())
			}
		}
	})
}
