// Package ratelimit counts requests per client IP and endpoint in fixed
// one-minute windows (Limiter), and failed attempts per account in longer
// ones (Failures). The counters live in the database table rate_limits, so
// every instance behind the load balancer shares them.
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

// RetryAfter is what a 429 response's Retry-After says: at most one window.
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
// that the route group's error writer writes in its own shape. Declare it
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
	hits, err := countHit(ctx, l.db, bucket, window)
	if err != nil {
		return fmt.Errorf("ratelimit: count: %w", err)
	}
	if hits == 1 {
		// First request of a new window: a good moment to drop old windows.
		if err := dropOldWindows(ctx, l.db, bucket, window); err != nil {
			return err
		}
	}
	if hits > l.perMinute {
		return ErrLimited
	}
	return nil
}

// dropOldWindows deletes bucket's counters of the windows before window.
func dropOldWindows(ctx context.Context, d *db.DB, bucket string, window time.Time) error {
	if _, err := d.ExecContext(ctx, `DELETE FROM rate_limits WHERE bucket = ? AND window_start < ?`, bucket, window); err != nil {
		return fmt.Errorf("ratelimit: clean up: %w", err)
	}
	return nil
}

// countHit adds one to the counter of bucket in the window starting at
// window and returns it.
func countHit(ctx context.Context, d *db.DB, bucket string, window time.Time) (int, error) {
	return db.InTxValue(ctx, d, func(ctx context.Context, tx *db.Tx) (hits int, err error) {
		err = tx.QueryRowContext(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, 1)
			ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits`, bucket, window).Scan(&hits)
		return hits, err
	})
}

// Failures limits failed attempts per key, such as wrong passwords for one
// account, whichever client makes them: after max failures in a window,
// every attempt for that key waits for the next window. The windows are
// fixed, of the given length, and counted in rate_limits beside the per-IP
// counters.
type Failures struct {
	db     *db.DB
	prefix string // of the keys' buckets, e.g. "password_failed"
	max    int
	window time.Duration
	now    func() time.Time
}

// NewFailures returns a limit of max failures per key and window, whose
// buckets are named prefix|key. now may be nil (time.Now).
func NewFailures(d *db.DB, prefix string, max int, window time.Duration, now func() time.Time) *Failures {
	if now == nil {
		now = time.Now
	}
	return &Failures{db: d, prefix: prefix, max: max, window: window, now: now}
}

// Window is the length of the windows; rows older than two of them are no
// longer read.
func (f *Failures) Window() time.Duration { return f.window }

// Wait is how long key must wait before its next attempt: 0 while it has
// failures left in the current window, else until the window ends.
func (f *Failures) Wait(ctx context.Context, key string) (time.Duration, error) {
	now := f.now().UTC()
	window := now.Truncate(f.window)
	var hits int
	err := f.db.QueryRowContext(ctx, `SELECT hits FROM rate_limits WHERE bucket = ? AND window_start = ?`,
		f.prefix+"|"+key, window).Scan(&hits)
	if db.IsNoRows(err) || (err == nil && hits < f.max) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("ratelimit: failures: %w", err)
	}
	return max(window.Add(f.window).Sub(now).Round(time.Second), time.Second), nil
}

// Fail counts one failed attempt for key.
func (f *Failures) Fail(ctx context.Context, key string) error {
	if _, err := countHit(ctx, f.db, f.prefix+"|"+key, f.now().UTC().Truncate(f.window)); err != nil {
		return fmt.Errorf("ratelimit: count a failure: %w", err)
	}
	return nil
}
