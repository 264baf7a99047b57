// Package ratelimit counts requests per client IP and endpoint in fixed
// one-minute windows. The counters live in the database table rate_limits,
// so every instance behind the load balancer shares them.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// ErrLimited is returned by Allow once a client is over the limit.
var ErrLimited = errors.New("ratelimit: request rate limit reached")

// RetryAfter is what a 429 answer's Retry-After says: at most one window.
const RetryAfter = time.Minute

// Limiter allows perMinute requests per client IP and key.
type Limiter struct {
	db        *db.DB
	perMinute int
	now       func() time.Time
}

// New returns a limiter of perMinute requests per minute. now may be nil
// (time.Now); tests pass a clock they move by hand.
func New(d *db.DB, perMinute int, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{db: d, perMinute: perMinute, now: now}
}

// Limit wraps h, the handler of one rate-limited route: a client over the
// limit of key gets a 429 with message and Retry-After, as an *httpx.Error
// that the route group's error writer answers in its own shape. Declare it
// where the route is registered (internal/server/routes.go).
func (l *Limiter) Limit(key, message string, h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := l.Check(r, key, message); err != nil {
			return err
		}
		return h(w, r)
	}
}

// Check is Limit's test for a handler that learns its key only from the
// request (the payment function's actions): nil, the 429 *httpx.Error with
// message, or a database error.
func (l *Limiter) Check(r *http.Request, key, message string) error {
	err := l.Allow(r.Context(), r, key)
	if errors.Is(err, ErrLimited) {
		return &httpx.Error{Code: httpx.CodeTooManyRequests, Message: message, RetryAfter: RetryAfter}
	}
	return err
}

// Allow counts one request from r's client (httpx.ClientIP) against key,
// e.g. "signup" or "demo_payment", and returns ErrLimited when that is more
// than the limit for the current minute. A nil Limiter allows everything.
func (l *Limiter) Allow(ctx context.Context, r *http.Request, key string) error {
	if l == nil {
		return nil
	}
	window := l.now().UTC().Truncate(time.Minute)
	bucket := key + "|" + httpx.ClientIPString(r)
	hits, err := db.InTxValue(ctx, l.db, func(ctx context.Context, tx *db.Tx) (hits int, err error) {
		err = tx.QueryRowContext(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, 1)
			ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits`, bucket, window).Scan(&hits)
		return hits, err
	})
	if err != nil {
		return fmt.Errorf("ratelimit: count: %w", err)
	}
	if hits == 1 {
		// First request of a new window: a good moment to drop old windows.
		if _, err := l.db.ExecContext(ctx, `DELETE FROM rate_limits WHERE bucket = ? AND window_start < ?`, bucket, window); err != nil {
			return fmt.Errorf("ratelimit: clean up: %w", err)
		}
	}
	if hits > l.perMinute {
		return ErrLimited
	}
	return nil
}
