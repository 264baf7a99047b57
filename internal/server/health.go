package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"bookshop/internal/httpx"
	"bookshop/internal/render"
	"bookshop/internal/webapp"
)

// readyTimeout bounds /readyz: a database slower than this is as good as
// down to a load balancer that waits for an answer.
const readyTimeout = 2 * time.Second

// livez answers as long as the process serves HTTP: a failure means the
// process is stuck and should be restarted. It asks nothing else, so a
// database outage never restarts every instance at once.
func (s *Server) livez(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "alive"})
}

// aliveDuringRestore sends /livez straight to its route, past the restore
// gate after it in the chain (serve.go): the process is alive while a
// restore closes the shop for a minute, and a liveness probe failing
// meanwhile would get it restarted in the middle of the restore. /readyz
// stays behind the gate: not ready is the truth then.
func aliveDuringRestore(routes http.Handler) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/livez" {
				routes.ServeHTTP(w, r)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// readyz says whether this instance can serve the shop: the database
// answers, its schema is this build's (the last migration applied is the
// last one embedded), and the page engine has loaded. Otherwise 503 with
// each check's state, so a load balancer sends no traffic here yet and the
// operator reads what is missing. The details of a failure go to the log,
// not to whoever asks.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	checks, ready := s.readiness(r.Context())
	status, code := "ready", http.StatusOK
	if !ready {
		status, code = "not ready", http.StatusServiceUnavailable
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, code, map[string]any{"status": status, "checks": checks})
}

// readiness is each check's state, and whether all of them pass, within
// readyTimeout (also the metrics' bookshop_ready).
func (s *Server) readiness(ctx context.Context) (map[string]string, bool) {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	checks := map[string]string{"database": "ok", "migrations": "unknown"}
	if err := s.db.Ping(ctx); err != nil {
		slog.ErrorContext(ctx, "readyz: database unreachable", "err", err)
		checks["database"] = "unreachable"
	} else {
		checks["migrations"] = s.schemaReady(ctx)
	}
	checks["pages"] = s.pagesReady(ctx) // last: it may wait for the engine within the timeout
	ready := true
	for _, state := range checks {
		ready = ready && (state == "ok" || state == noEngine)
	}
	return checks, ready
}

// schemaReady compares the schema with the build's migrations.
func (s *Server) schemaReady(ctx context.Context) string {
	applied, embedded, err := s.db.SchemaVersions(ctx)
	switch {
	case err != nil:
		slog.ErrorContext(ctx, "readyz: schema version", "err", err)
		return "unknown"
	case applied != embedded:
		return "at " + applied + ", this build expects " + embedded
	}
	return "ok"
}

// engineOf is the page engine that renders with d; nil without one (a
// test's app, a build without the bundle).
func engineOf(d webapp.Renderer) *render.Renderer {
	if e, ok := d.(engine); ok {
		return e.r
	}
	return nil
}

// noEngine is the pages' state in a build without the page engine.
const noEngine = "not rendered by this build"

// pagesReady is the page engine's state: loaded, still loading, or failed
// (a broken bundle: a new release whose instances never become ready is
// held back while the old ones serve). A build without an engine serves
// its pages unrendered from the start, which is no reason to wait.
func (s *Server) pagesReady(ctx context.Context) string {
	if s.renderer == nil {
		return noEngine
	}
	err := s.renderer.Ready(ctx)
	switch {
	case err == nil:
		return "ok"
	case ctx.Err() != nil:
		return "loading"
	}
	slog.ErrorContext(ctx, "readyz: the page engine did not load", "err", err)
	return "failed to load"
}
