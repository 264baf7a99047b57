// Package idempotency makes a creating write happen once per Idempotency-Key,
// as the payment function does for orders: a double click, a retry after a
// lost response, or the same request sent twice at once makes one child, one
// message, one subscription.
//
// Declare it on a route in internal/server/routes.go, like a rate limit:
//
//	mux.Handle("POST /api/kids", h(idempotent(s.account.CreateKid)))
//
// The first request with a key claims it in the database (an INSERT only one
// request can win, across every instance) and runs; its response is
// recorded. A repeat with the same key and the same request gets that
// response again and runs nothing; one still running is waited for. The same
// key with another request is a 409. A request without the header runs as
// before. Keys are the caller's own (the signed-in user, else the client's
// address) and per route, and are forgotten after a day.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"
	"unicode/utf8"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Header is the request header that carries the key.
const Header = "Idempotency-Key"

const (
	maxKey = 200 // characters, as the payment function allows
	// Keep is how long a key's response is kept for a repeat.
	Keep = 24 * time.Hour
	// staleClaim is how long a claim may stay unfinished before it is taken
	// as abandoned (its process died mid-request) and the key is free again.
	staleClaim = 2 * time.Minute
	// maxWait bounds how long a repeat waits for the first request to finish.
	maxWait = 30 * time.Second
)

var (
	errOtherRequest = httpx.Errorf(httpx.CodeConflict,
		"This Idempotency-Key was already used for a different request. Send a new key for a new request.")
	errStillRunning = httpx.Errorf(httpx.CodeConflict,
		"A request with this Idempotency-Key is still being processed. Please try again in a moment.")
)

// Keys records the responses of creating writes by their key.
type Keys struct {
	db  *db.DB
	now func() time.Time
}

// New returns the keys on d; now is the clock (nil: time.Now).
func New(d *db.DB, now func() time.Time) *Keys {
	if now == nil {
		now = time.Now
	}
	return &Keys{db: d, now: func() time.Time { return now().UTC() }}
}

// claim is one request's key: who sent it, to which route, and what.
type claim struct {
	scope, route, key, hash string
}

// stored is what the database holds for a key.
type stored struct {
	hash        string
	status      int // 0: the first request is still running
	contentType string
	body        string
	createdAt   time.Time
}

// Middleware wraps h, the handler of one creating route, so that a request
// with an Idempotency-Key runs at most once per key (see the package comment).
func (k *Keys) Middleware(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		key := r.Header.Get(Header)
		if key == "" {
			return h(w, r)
		}
		c, err := newClaim(r, key)
		if err != nil {
			return err
		}
		for {
			won, err := k.claim(r.Context(), c)
			if err != nil {
				return err
			}
			if won {
				return k.run(w, r, c, h)
			}
			s, err := k.await(r.Context(), c)
			if errors.Is(err, errReleased) {
				continue // the first request failed and freed the key: this one may run
			}
			if err != nil {
				return err
			}
			replay(w, s)
			return nil
		}
	}
}

// newClaim reads the request's key and body (then given back to the
// handler) into the claim it makes.
func newClaim(r *http.Request, key string) (claim, error) {
	if utf8.RuneCountInString(key) > maxKey || httpx.HasControl(key) {
		return claim{}, httpx.Invalid("The Idempotency-Key header must be at most 200 characters of text.",
			map[string]string{Header: "Invalid"})
	}
	body, err := io.ReadAll(r.Body)
	if errors.As(err, new(*http.MaxBytesError)) {
		return claim{}, httpx.Errorf(httpx.CodeTooLarge, "The request body is too large.")
	}
	if err != nil {
		return claim{}, httpx.Errorf(httpx.CodeInvalid, "The request body could not be read.")
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	sum := sha256.New()
	sum.Write([]byte(r.URL.RequestURI() + "\n"))
	sum.Write(body)
	route := r.Pattern
	if route == "" {
		route = r.Method + " " + r.URL.Path
	}
	return claim{scope: Scope(r), route: route, key: key, hash: hex.EncodeToString(sum.Sum(nil))}, nil
}

// Scope is whose keys a request's key is among: the signed-in user's, or
// else the client address's.
func Scope(r *http.Request) string {
	if c, ok := auth.CallerFrom(r.Context()); ok {
		return UserScope(c.UserID)
	}
	return "client:" + httpx.ClientIPString(r)
}

// UserScope is the scope of a signed-in user's keys.
func UserScope(userID string) string { return "user:" + userID }

// claim inserts the key's row; only one request can: true for that one.
func (k *Keys) claim(ctx context.Context, c claim) (bool, error) {
	res, err := k.db.ExecContext(ctx, `INSERT INTO idempotency_keys (scope, route, idempotency_key, request_hash, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, c.scope, c.route, c.key, c.hash, k.now())
	if err != nil {
		return false, fmt.Errorf("idempotency: claim key: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// record keeps the response of the request that claimed the key.
func (k *Keys) record(ctx context.Context, c claim, status int, contentType, body string) error {
	_, err := k.db.ExecContext(ctx, `UPDATE idempotency_keys SET status = ?, content_type = ?, body = ?
		WHERE scope = ? AND route = ? AND idempotency_key = ?`, status, contentType, body, c.scope, c.route, c.key)
	return err
}

// run runs h for the request that claimed the key and records its
// response. A request that fails (an error, a 5xx, a panic) frees the key,
// so that its retry runs again instead of getting the failure back.
func (k *Keys) run(w http.ResponseWriter, r *http.Request, c claim, h httpx.HandlerFunc) (err error) {
	rec := &recorder{ResponseWriter: w}
	recorded := false
	defer func() {
		if !recorded {
			k.release(context.WithoutCancel(r.Context()), c)
		}
	}()
	if err := h(rec, r); err != nil {
		return err
	}
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	if status >= 500 || !utf8.Valid(rec.body.Bytes()) {
		return nil
	}
	if err := k.record(context.WithoutCancel(r.Context()), c, status, rec.Header().Get("Content-Type"), rec.body.String()); err != nil {
		// The response is already sent; a repeat will run again.
		slog.ErrorContext(r.Context(), "idempotency: record response", "err", err, "route", c.route)
		return nil
	}
	recorded = true
	return nil
}

// release frees an unfinished claim.
func (k *Keys) release(ctx context.Context, c claim) {
	_, err := k.db.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE scope = ? AND route = ? AND idempotency_key = ? AND status = 0`,
		c.scope, c.route, c.key)
	if err != nil {
		slog.ErrorContext(ctx, "idempotency: release key", "err", err, "route", c.route)
	}
}

// errReleased tells a waiting repeat that the key is free again.
var errReleased = errors.New("idempotency: key released")

// await returns the recorded response of the key's first request, waiting
// while that request still runs. It refuses a different request with the
// same key, and returns errReleased once the key is free again.
func (k *Keys) await(ctx context.Context, c claim) (stored, error) {
	wait := 5 * time.Millisecond
	deadline := time.Now().Add(maxWait)
	for {
		s, err := k.lookup(ctx, c)
		if db.IsNoRows(err) {
			return stored{}, errReleased
		}
		if err != nil {
			return stored{}, err
		}
		if s.hash != c.hash {
			return stored{}, errOtherRequest
		}
		if s.status != 0 {
			return s, nil
		}
		if s.createdAt.Before(k.now().Add(-staleClaim)) {
			k.release(ctx, c)
			return stored{}, errReleased
		}
		if time.Now().After(deadline) {
			return stored{}, errStillRunning
		}
		// The first request writes in a moment: look again soon, less
		// often the longer it takes.
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return stored{}, ctx.Err()
		case <-t.C:
		}
		wait = min(wait*2, 200*time.Millisecond)
	}
}

func (k *Keys) lookup(ctx context.Context, c claim) (stored, error) {
	var s stored
	err := k.db.QueryRowContext(ctx, `SELECT request_hash, status, content_type, body, created_at FROM idempotency_keys
		WHERE scope = ? AND route = ? AND idempotency_key = ?`, c.scope, c.route, c.key).
		Scan(&s.hash, &s.status, &s.contentType, &s.body, &s.createdAt)
	return s, err
}

// replay writes a recorded response again.
func replay(w http.ResponseWriter, s stored) {
	if s.contentType != "" {
		w.Header().Set("Content-Type", s.contentType)
	}
	w.Header().Set("Idempotent-Replayed", "true")
	w.WriteHeader(s.status)
	_, _ = io.WriteString(w, s.body)
}

// recorder passes a response through and keeps a copy of it.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// ForgetUser deletes every key of a user, with the responses that hold their
// data; account deletion calls it in its transaction.
func ForgetUser(ctx context.Context, q db.Querier, userID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE scope = ?`, UserScope(userID)); err != nil {
		return fmt.Errorf("idempotency: forget user: %w", err)
	}
	return nil
}

// ForgetResponses deletes a user's recorded responses that contain text
// (a child's id): deleting a child removes the responses that named it.
func ForgetResponses(ctx context.Context, q db.Querier, userID, text string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE scope = ? AND status <> 0 AND body LIKE ? ESCAPE '\'`,
		UserScope(userID), db.LikeContaining(text))
	if err != nil {
		return fmt.Errorf("idempotency: forget responses: %w", err)
	}
	return nil
}

// ForgetBefore deletes the keys made before cutoff (the deletion schedule's
// sweep, at Keep ago) and returns how many.
func ForgetBefore(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE created_at < ?`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("idempotency: forget keys: %w", err)
	}
	return res.RowsAffected()
}
