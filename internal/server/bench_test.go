package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/server"
)

// BenchmarkGetBooks is GET /api/books through every middleware, the figure
// `make load` compares with nginx: its allocations per request are the
// server's own overhead on a precomputed response.
func BenchmarkGetBooks(b *testing.B) {
	benchGetBooks(b, benchHandler(b))
}

// BenchmarkGetBooksCounted is BenchmarkGetBooks with the metrics on
// (METRICS_TOKEN): the difference is the metrics middleware's cost.
func BenchmarkGetBooksCounted(b *testing.B) {
	benchGetBooks(b, benchHandler(b, "METRICS_TOKEN", metricsToken))
}

func benchGetBooks(b *testing.B, h http.Handler) {
	req := httptest.NewRequest("GET", "/api/books", nil)
	req.RemoteAddr = "127.0.0.1:1234"
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// benchHandler is the shop on a fresh SQLite database, with the
// environment's variables given as pairs.
func benchHandler(b *testing.B, env ...string) http.Handler {
	b.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	cfg, err := config.Load(func(key string) (string, bool) {
		for i := 0; i+1 < len(env); i += 2 {
			if env[i] == key {
				return env[i+1], true
			}
		}
		return "", false
	})
	if err != nil {
		b.Fatal(err)
	}
	srv, err := server.New(cfg, d, server.WithWebApp(apitest.TestApp))
	if err != nil {
		b.Fatal(err)
	}
	return srv.Handler()
}
