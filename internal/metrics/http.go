package metrics

import (
	"context"
	"net/http"
	"time"
)

// Route labels of requests that no route pattern names.
const (
	// Unrouted: answered before the routing (a back-office request without
	// a staff session, a malformed path, a body too large).
	Unrouted = "unrouted"
	// Unmatched: no route and no page (an unknown API path, a method no
	// route takes). Any path can land here: it must not be the label.
	Unmatched = "unmatched"
)

// request is one request in flight: its response's status, and its route
// once the routing has named it (SetRoute). It wraps the ResponseWriter and
// rides in the request's context, one allocation for both.
type request struct {
	http.ResponseWriter
	status int
	route  string
}

type requestKey struct{}

// Middleware counts every request by route and status class and times it.
// It goes outermost, so that what the other middleware answer (a panic's
// 500, a refusal) and spend is counted too.
func (m *Metrics) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		req := &request{ResponseWriter: w, route: Unrouted}
		next.ServeHTTP(req, r.WithContext(context.WithValue(r.Context(), requestKey{}, req)))
		m.requests.WithLabelValues(req.route, statusClass(req.status)).Inc()
		m.duration.WithLabelValues(req.route).Observe(time.Since(start).Seconds())
	})
}

// SetRoute names the route of the request of ctx: a ServeMux pattern
// ("GET /api/books/{id}") or a group of the app's pages. The router calls
// it, since net/http sets Request.Pattern on its own copy of the request,
// which the middleware outside never sees.
func SetRoute(ctx context.Context, route string) {
	if req, ok := ctx.Value(requestKey{}).(*request); ok {
		req.route = route
	}
}

func (r *request) WriteHeader(code int) {
	if r.status == 0 && code >= 200 { // 1xx are interim: the final status follows
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *request) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// Flush keeps streamed responses (the CSV exports) streaming.
func (r *request) Flush() {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	http.NewResponseController(r.ResponseWriter).Flush() //nolint:errcheck // as http.Flusher: nothing to report to
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *request) Unwrap() http.ResponseWriter { return r.ResponseWriter }

var classes = [...]string{"1xx", "2xx", "3xx", "4xx", "5xx"}

// statusClass is the status's class; a handler that wrote nothing sent 200.
func statusClass(code int) string {
	if code == 0 {
		return "2xx"
	}
	if i := code/100 - 1; i >= 0 && i < len(classes) {
		return classes[i]
	}
	return "other"
}
