package metrics

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// routed is a router's stand-in: it names the route, then answers code.
func routed(route string, code int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		SetRoute(r.Context(), route)
		if code != 0 {
			w.WriteHeader(code)
		}
		_, _ = w.Write([]byte("ok"))
	})
}

func TestMiddlewareCountsByRouteAndStatusClass(t *testing.T) {
	m := New()
	for _, tc := range []struct {
		h    http.Handler
		path string
	}{
		{routed("GET /api/books/{id}", 0), "/api/books/3"},
		{routed("GET /api/books/{id}", http.StatusOK), "/api/books/4"},
		{routed("GET /api/books/{id}", http.StatusNotFound), "/api/books/999"},
		{routed("GET /api/books/{id}", http.StatusServiceUnavailable), "/api/books/5"},
		{http.NotFoundHandler(), "/api/admin/x"}, // answered before any routing
	} {
		m.Middleware(tc.h).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", tc.path, nil))
	}
	for _, tc := range []struct {
		route, status string
		want          float64
	}{
		{"GET /api/books/{id}", "2xx", 2},
		{"GET /api/books/{id}", "4xx", 1},
		{"GET /api/books/{id}", "5xx", 1},
		{Unrouted, "4xx", 1},
	} {
		if got := testutil.ToFloat64(m.requests.WithLabelValues(tc.route, tc.status)); got != tc.want {
			t.Errorf("requests{%s, %s} = %v, want %v", tc.route, tc.status, got, tc.want)
		}
	}
	if n := testutil.CollectAndCount(m.duration); n != 2 {
		t.Errorf("%d duration series, want one per route (2)", n)
	}
}

// An interim 1xx is not the response's status; a flush still streams.
func TestMiddlewareKeepsTheFinalStatusAndFlushes(t *testing.T) {
	m := New()
	rec := httptest.NewRecorder()
	m.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		SetRoute(r.Context(), "GET /x")
		w.WriteHeader(http.StatusEarlyHints)
		w.WriteHeader(http.StatusCreated)
		w.(http.Flusher).Flush()
	})).ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
	if !rec.Flushed {
		t.Error("the flush did not reach the connection's writer")
	}
	if got := testutil.ToFloat64(m.requests.WithLabelValues("GET /x", "2xx")); got != 1 {
		t.Errorf("2xx = %v, want 1", got)
	}
}

func TestStateLeavesOutWhatItCannotRead(t *testing.T) {
	m := New()
	gauges := []Gauge{{Name: "a", Help: "A."}, {Name: "b", Help: "B."}}
	m.Register(NewState("works", time.Second, func(context.Context) ([]float64, error) { return []float64{1, 2}, nil }, gauges...))
	m.Register(NewState("slow", 10*time.Millisecond, func(ctx context.Context) ([]float64, error) {
		<-ctx.Done() // a database that does not answer: the timeout ends the read
		return nil, ctx.Err()
	}, Gauge{Name: "c", Help: "C."}))
	m.Register(NewState("broken", time.Second, func(context.Context) ([]float64, error) { return nil, errors.New("gone") },
		Gauge{Name: "d", Help: "D."}))
	err := testutil.GatherAndCompare(m.Registry(), strings.NewReader(`
# HELP bookshop_a A.
# TYPE bookshop_a gauge
bookshop_a 1
# HELP bookshop_b B.
# TYPE bookshop_b gauge
bookshop_b 2
`), "bookshop_a", "bookshop_b", "bookshop_c", "bookshop_d")
	if err != nil {
		t.Error(err)
	}
}

// BenchmarkMiddleware is the metrics' cost per request: a request through
// the middleware to a handler that names its route and writes two bytes,
// beside the same handler alone (BenchmarkBare).
func BenchmarkMiddleware(b *testing.B) {
	benchHandler(b, New().Middleware(routed("GET /api/books/{id}", 0)))
}

func BenchmarkBare(b *testing.B) { benchHandler(b, routed("GET /api/books/{id}", 0)) }

func benchHandler(b *testing.B, h http.Handler) {
	req := httptest.NewRequest("GET", "/api/books/3", nil)
	w := &discard{header: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(w, req)
	}
}

type discard struct{ header http.Header }

func (d *discard) Header() http.Header         { return d.header }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}
