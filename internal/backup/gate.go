package backup

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"bookshop/internal/httpx"
)

// Gate closes the shop while a restore replaces its database: every
// request then gets 503 with Retry-After, and the restore starts once the
// requests already running have finished.
type Gate struct {
	closed   atomic.Bool
	inFlight atomic.Int64
}

// retryAfter is what a client is told to wait while the shop restores.
const retryAfter = 15 * time.Second

var errRestoring = &httpx.Error{Code: httpx.CodeUnavailable, RetryAfter: retryAfter,
	Message: "The shop is being restored from a backup and is back in a minute."}

// Middleware answers 503 while the gate is closed. writeError writes the
// error in the route group's shape.
func (g *Gate) Middleware(writeError httpx.ErrorWriter) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if g == nil {
			return next // a server built without backups (a test's)
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// Counted before the check, so that close, which waits for the
			// count to drop, never misses a request that got past it.
			g.inFlight.Add(1)
			defer g.inFlight.Add(-1)
			if g.closed.Load() {
				w.Header().Set("Cache-Control", "no-store")
				writeError(w, r, errRestoring)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Closed tells whether the shop is closed for a restore.
func (g *Gate) Closed() bool { return g.closed.Load() }

// close shuts the gate and waits for the requests in flight, at most wait
// (a long download must not hold the restore back for ever; what it still
// reads comes from SQLite's snapshot or PostgreSQL's).
func (g *Gate) close(ctx context.Context, wait time.Duration) {
	g.closed.Store(true)
	deadline := time.Now().Add(wait)
	for g.inFlight.Load() > 0 {
		if time.Now().After(deadline) {
			slog.WarnContext(ctx, "backup: restoring with requests still in flight", "requests", g.inFlight.Load())
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (g *Gate) open() { g.closed.Store(false) }
