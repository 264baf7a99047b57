package ratelimit

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/httpx"
)

func TestAllow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		now := time.Date(2025, 6, 1, 12, 0, 30, 0, time.UTC)
		l := New(d, 2, func() time.Time { return now })
		ctx := context.Background()
		from := func(remote string) func(string) error {
			return func(key string) error {
				req := httptest.NewRequest("POST", "/", nil)
				req.RemoteAddr = remote
				return l.Allow(ctx, req, key)
			}
		}
		a, b := from("192.0.2.1:1000"), from("192.0.2.2:1000")
		for i := range 2 {
			if err := a("demo_payment"); err != nil {
				t.Fatalf("request %d: %v", i+1, err)
			}
		}
		if err := a("demo_payment"); !errors.Is(err, ErrLimited) {
			t.Fatalf("third request: %v, want ErrLimited", err)
		}
		if err := a("contact"); err != nil {
			t.Fatalf("another key has its own counter: %v", err)
		}
		if err := b("demo_payment"); err != nil {
			t.Fatalf("another client has its own counter: %v", err)
		}
		now = now.Add(time.Minute)
		if err := a("demo_payment"); err != nil {
			t.Fatalf("a new minute starts afresh: %v", err)
		}
		var rows int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM rate_limits WHERE bucket = 'demo_payment|192.0.2.1'`).Scan(&rows); err != nil || rows != 1 {
			t.Fatalf("old windows of the bucket kept: %d rows (%v)", rows, err)
		}
	})
}

func TestAllowCountsTheClientBehindTrustedProxies(t *testing.T) {
	d := dbtest.SQLite(t)
	l := New(d, 1, nil)
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	var errs []error
	h := httpx.TrustProxies(trusted)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { errs = append(errs, l.Allow(r.Context(), r, "contact")) }))
	for _, client := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.1"} {
		req := httptest.NewRequest("POST", "/", nil)
		req.RemoteAddr = "10.0.0.1:443"
		req.Header.Set("X-Forwarded-For", client)
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	if errs[0] != nil || errs[1] != nil || !errors.Is(errs[2], ErrLimited) {
		t.Fatalf("got %v; want two clients allowed and the first one's second request limited", errs)
	}
}

func TestNilLimiterAllows(t *testing.T) {
	var l *Limiter
	if err := l.Allow(context.Background(), httptest.NewRequest("GET", "/", nil), "x"); err != nil {
		t.Fatal(err)
	}
}

func TestFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		now := time.Date(2025, 6, 1, 12, 5, 0, 0, time.UTC)
		f := NewFailures(d, "password_failed", 3, 15*time.Minute, func() time.Time { return now })
		ctx := context.Background()
		wait := func(key string) time.Duration {
			t.Helper()
			w, err := f.Wait(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
		for i := range 3 {
			if w := wait("ann"); w != 0 {
				t.Fatalf("after %d failures: wait %v", i, w)
			}
			if err := f.Fail(ctx, "ann"); err != nil {
				t.Fatal(err)
			}
		}
		if w := wait("ann"); w != 10*time.Minute {
			t.Fatalf("after 3 failures: wait %v, want the rest of the window (10m)", w)
		}
		if w := wait("bob"); w != 0 {
			t.Fatalf("another key waits %v", w)
		}
		now = now.Add(10 * time.Minute)
		if w := wait("ann"); w != 0 {
			t.Fatalf("a new window: wait %v", w)
		}
	})
}
