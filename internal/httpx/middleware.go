package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"runtime/debug"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
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

// Logging gives each request an id (echoed in X-Request-Id, and on every
// log line of the request through LogHandler) and logs one line with slog
// when it finishes.
func Logging(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := newRequestID()
		ctx := context.WithValue(r.Context(), requestIDKey, id)
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		start := time.Now()
		next.ServeHTTP(rec, r.WithContext(ctx))
		slog.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.Int("status", rec.status), slog.Int("bytes", rec.bytes), slog.Int64("duration_ms", time.Since(start).Milliseconds()))
	})
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
	headers := [][2]string{
		{"Content-Security-Policy", csp},
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
		{"X-Frame-Options", "DENY"},
		{"Cross-Origin-Opener-Policy", "same-origin-allow-popups"},
		{"Permissions-Policy", "camera=(), microphone=(), geolocation=()"},
	}
	if https {
		headers = append(headers, [2]string{"Strict-Transport-Security", "max-age=63072000; includeSubDomains"})
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			for _, h := range headers {
				w.Header().Set(h[0], h[1])
			}
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

// ValidateURL refuses, with a 400 written by write, a request whose path is
// not UTF-8 text (an escaped byte such as %FF, or a control character) or
// whose query is not text: a parameter that is not UTF-8 or holds a control
// character (%00) is named in the answer. Such text has no meaning in any
// route, and PostgreSQL refuses it with an error of its own (a 500), so it
// must not get as far as a handler: this one check keeps it from every
// list's filters.
func ValidateURL(write ErrorWriter) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if field, ok := invalidURLPart(r.URL); ok {
				write(w, r, Invalid("The address of the request is not valid text.", map[string]string{field: "Must be UTF-8 text"}))
				return
			}
			if name, ok := invalidQueryParam(r.URL); ok {
				write(w, r, Invalid("The address of the request is not valid text.", map[string]string{name: "Must be text without control characters"}))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// invalidURLPart names the part of u ("path" or "query") that is not text:
// the path, or a parameter's name.
func invalidURLPart(u *url.URL) (string, bool) {
	if !utf8.ValidString(u.Path) || strings.IndexFunc(u.Path, unicode.IsControl) >= 0 {
		return "path", true
	}
	for k := range u.Query() {
		if !utf8.ValidString(k) || HasControl(k) {
			return "query", true
		}
	}
	return "", false
}

// invalidQueryParam names the first parameter (by name) of u whose value is
// not UTF-8 or holds a control character other than a tab or a line break.
func invalidQueryParam(u *url.URL) (string, bool) {
	if u.RawQuery == "" {
		return "", false
	}
	q := u.Query()
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if slices.ContainsFunc(q[k], func(v string) bool { return !utf8.ValidString(v) || HasControl(v) }) {
			return k, true
		}
	}
	return "", false
}
