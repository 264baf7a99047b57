package server

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"bookshop/internal/catalog"
	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/webapp"
)

func newTestServer(t *testing.T, d *db.DB) http.Handler {
	t.Helper()
	cfg, err := config.Load(func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Load(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	app, err := webapp.NewFromFS(fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><div id=root></div>" + strings.Repeat(" ", 2000))},
		"assets/app-1a2b.js": {Data: []byte("console.log('hi');" + strings.Repeat(" ", 2000))},
		"routes.json":        {Data: []byte(`{"routes":["/","/books","/books/:id","/contact"]}`)},
	}, appRecords(cat))
	if err != nil {
		t.Fatal(err)
	}
	return (&Server{cfg: cfg, db: d, app: app}).Handler()
}

func TestRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newTestServer(t, d)
		tests := []struct {
			name, method, path, body string
			wantStatus               int
			wantBody                 string
			wantHeader               map[string]string
		}{
			{name: "health does a database round trip", method: "GET", path: "/api/health", wantStatus: 200, wantBody: `{"database":"ok","status":"ok"}`},
			{name: "unknown api path is a JSON 404", method: "GET", path: "/api/nope", wantStatus: 404, wantBody: `"code":"not_found"`},
			{name: "unknown api path with POST is still 404", method: "POST", path: "/api/nope", wantStatus: 404, wantBody: `"code":"not_found"`},
			{name: "wrong method is a JSON 405", method: "DELETE", path: "/api/health", wantStatus: 405, wantBody: `"code":"method_not_allowed"`, wantHeader: map[string]string{"Allow": "GET, HEAD"}},
			{name: "unknown auth path is a JSON 404, not the preflight's 405", method: "GET", path: "/auth/v1/nothing", wantStatus: 404, wantBody: `"code":"not_found"`},
			{name: "unknown auth path with POST is a 404", method: "POST", path: "/auth/v1/nothing/deeper", wantStatus: 404, wantBody: `"code":"not_found"`},
			{name: "known auth path with a wrong method is a 405", method: "DELETE", path: "/auth/v1/settings", wantStatus: 405, wantBody: `"code":"method_not_allowed"`},
			{name: "deep link gets the app, never cached", method: "GET", path: "/books/3", wantStatus: 200, wantBody: "<div id=root>", wantHeader: map[string]string{"Cache-Control": "no-cache"}},
			{name: "unknown page gets the app with a 404", method: "GET", path: "/no/such/page", wantStatus: 404, wantBody: "<div id=root>", wantHeader: map[string]string{"Cache-Control": "no-cache"}},
			{name: "unknown book gets the app with a 404", method: "GET", path: "/books/999", wantStatus: 404, wantBody: "<div id=root>"},
			{name: "a book id that is no number is a 404", method: "GET", path: "/books/abc", wantStatus: 404, wantBody: "<div id=root>"},
			{name: "a known book is a 200", method: "GET", path: "/books/10", wantStatus: 200, wantBody: "<div id=root>"},
			{name: "a trailing slash is the same page", method: "GET", path: "/contact/", wantStatus: 200, wantBody: "<div id=root>"},
			{name: "the route manifest is not served", method: "GET", path: "/routes.json", wantStatus: 404},
			{name: "hashed asset is immutable", method: "GET", path: "/assets/app-1a2b.js", wantStatus: 200, wantBody: "console.log", wantHeader: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
			{name: "missing asset is a 404, not the app", method: "GET", path: "/assets/gone-9z9z.js", wantStatus: 404},
			{name: "posting to a page is a 405", method: "POST", path: "/books", wantStatus: 405},
			{name: "oversized body is a JSON 413", method: "POST", path: "/api/health", body: strings.Repeat("x", maxBodyBytes+1), wantStatus: 413, wantBody: `"code":"too_large"`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != tc.wantStatus {
					t.Fatalf("status %d, want %d; body %s", rec.Code, tc.wantStatus, rec.Body)
				}
				if !strings.Contains(rec.Body.String(), tc.wantBody) {
					t.Fatalf("body %q does not contain %q", rec.Body, tc.wantBody)
				}
				for k, v := range tc.wantHeader {
					if got := rec.Header().Get(k); got != v {
						t.Errorf("header %s = %q, want %q", k, got, v)
					}
				}
				for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"} {
					if rec.Header().Get(k) == "" {
						t.Errorf("missing header %s", k)
					}
				}
				if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
					t.Errorf("CSP lacks frame-ancestors: %s", rec.Header().Get("Content-Security-Policy"))
				}
			})
		}
	})
}

func TestCompressedResponses(t *testing.T) {
	h := newTestServer(t, dbtest.SQLite(t))
	for _, path := range []string{"/", "/assets/app-1a2b.js"} {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Accept-Encoding", "gzip, br")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: not gzipped (headers %v)", path, rec.Header())
		}
		zr, err := gzip.NewReader(rec.Body)
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
	h := newTestServer(t, d)
	d.Close()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/health", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503", rec.Code)
	}
}
