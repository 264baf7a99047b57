package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"
)

type ctxKey int

const requestIDKey ctxKey = iota

// RequestID returns the id of the request the context belongs to, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// LogHandler wraps a slog.Handler so every record logged with a request's
// context carries that request's id.
type LogHandler struct{ slog.Handler }

func (h LogHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h LogHandler) WithAttrs(a []slog.Attr) slog.Handler { return LogHandler{h.Handler.WithAttrs(a)} }
func (h LogHandler) WithGroup(n string) slog.Handler      { return LogHandler{h.Handler.WithGroup(n)} }

// statusRecorder remembers the status and size written, for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Logging gives each request an id (echoed in X-Request-Id) and writes one
// access-log line when it finishes.
func Logging(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := newRequestID()
		ctx := context.WithValue(r.Context(), requestIDKey, id)
		w.Header()["X-Request-Id"] = []string{id} // canonical already: no Set

		rec := &statusRecorder{ResponseWriter: w}
		start := time.Now()
		next.ServeHTTP(rec, r.WithContext(ctx))
		logRequest(ctx, r.Method, r.URL.Path, rec.status, rec.bytes, start)
	})
}

// logRequest writes a request's access-log line; ctx carries its id.
func logRequest(ctx context.Context, method, path string, status, bytes int, start time.Time) {
	// Typed attributes: no boxing, on the path of every request.
	slog.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("method", method), slog.String("path", path),
		slog.Int("status", status), slog.Int64("bytes", int64(bytes)), slog.Int64("duration_ms", time.Since(start).Milliseconds()))
}

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Recover turns a panic in a handler into a logged JSON 500.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				slog.ErrorContext(r.Context(), "panic", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				WriteError(w, r, fmt.Errorf("panic: %v", p))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// LimitBody caps every request body at max bytes; reading past it fails with
// http.MaxBytesError, which DecodeJSON turns into a 413.
func LimitBody(max int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > max {
				WriteError(w, r, Errorf(CodeTooLarge, "The request body is too large."))
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, max)
			next.ServeHTTP(w, r)
		})
	}
}

// SecurityHeaders sets the headers every response carries. When the site is
// served over https, browsers are also told to use nothing else (HSTS).
func SecurityHeaders(csp string, https bool) func(http.Handler) http.Handler {
	headers := NewHeaders(
		"Content-Security-Policy", csp,
		"X-Content-Type-Options", "nosniff",
		"Referrer-Policy", "strict-origin-when-cross-origin",
		"X-Frame-Options", "DENY",
		"Cross-Origin-Opener-Policy", "same-origin-allow-popups",
		"Permissions-Policy", "camera=(), microphone=(), geolocation=()",
	)
	if https {
		headers = headers.With("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			headers.Apply(w.Header())
			next.ServeHTTP(w, r)
		})
	}
}

// Chain applies middleware so the first listed is the outermost.
func Chain(h http.Handler, mw ...func(http.Handler) http.Handler) http.Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}
