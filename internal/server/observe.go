package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/collectors"

	"bookshop/internal/background"
	"bookshop/internal/backup"
	"bookshop/internal/mail"
	"bookshop/internal/metrics"
	"bookshop/internal/webapp"
)

// stateReadTimeout bounds each read of the database a scrape makes (the
// outbox, the backups): a scrape is late, never stuck behind a slow query.
const stateReadTimeout = 2 * time.Second

// registerState adds the collectors that read the shop's state when
// Prometheus scrapes: the database pools, the outbox, the background jobs
// and the last backup.
func (s *Server) registerState(m *metrics.Metrics) {
	for name, pool := range s.db.Pools() {
		m.Register(collectors.NewDBStatsCollector(pool, name))
	}
	m.Register(metrics.NewState("outbox", stateReadTimeout, s.outboxState,
		metrics.Gauge{Name: "mail_outbox_unsent", Help: "E-mails in the outbox not delivered yet."},
		metrics.Gauge{Name: "mail_outbox_oldest_unsent_age_seconds", Help: "Age of the oldest e-mail not delivered yet (0 without any)."}))
	m.Register(metrics.NewState("backups", stateReadTimeout, s.backupState,
		metrics.Gauge{Name: "backup_last_success_timestamp_seconds", Help: "When the newest good backup was made, Unix seconds (0: never)."},
		metrics.Gauge{Name: "backup_last_size_bytes", Help: "Size of the newest good backup's archive."}))
	m.Register(metrics.NewState("readiness", readyTimeout+time.Second, s.readyState,
		metrics.Gauge{Name: "ready", Help: "1 when /readyz answers 200 (the database answers, the schema is current, the page engine loaded), else 0."}))
	m.Register(metrics.NewTimestamps("background_job_last_success_timestamp_seconds",
		"When each background job last passed in this process, Unix seconds.", "job", background.LastSuccesses))
}

func (s *Server) readyState(ctx context.Context) ([]float64, error) {
	if _, ok := s.readiness(ctx); !ok {
		return []float64{0}, nil
	}
	return []float64{1}, nil
}

func (s *Server) outboxState(ctx context.Context) ([]float64, error) {
	unsent, oldest, err := mail.Backlog(ctx, s.db)
	if err != nil {
		return nil, err
	}
	age := 0.0
	if !oldest.IsZero() {
		age = max(time.Since(oldest).Seconds(), 0) // Enqueue stamps with the real clock
	}
	return []float64{float64(unsent), age}, nil
}

func (s *Server) backupState(ctx context.Context) ([]float64, error) {
	at, size, err := backup.LastGood(ctx, s.db, s.cfg.BackupDir)
	if err != nil {
		return nil, err
	}
	stamp := 0.0
	if !at.IsZero() {
		stamp = float64(at.UnixNano()) / 1e9
	}
	return []float64{stamp, float64(size)}, nil
}

// timedRenders times the renders of d (nil stays nil: pages unrendered).
func timedRenders(d webapp.Renderer, m *metrics.Metrics) webapp.Renderer {
	if d == nil {
		return nil
	}
	return timedRenderer{next: d, report: m.PageRendered}
}

// timedRenderer reports how long each rendering of a page takes.
type timedRenderer struct {
	next   webapp.Renderer
	report func(took time.Duration, err error)
}

func (t timedRenderer) Render(ctx context.Context, d webapp.RenderRequest) (webapp.Rendered, error) {
	start := time.Now()
	page, err := t.next.Render(ctx, d)
	t.report(time.Since(start), err)
	return page, err
}

// countRequests is the metrics' middleware when /metrics is on; without
// METRICS_TOKEN nobody reads them, and requests skip it.
func (s *Server) countRequests(next http.Handler) http.Handler {
	if s.cfg.MetricsToken == "" {
		return next
	}
	return s.metrics.Middleware(next)
}

// serveMetrics serves /metrics to the holder of METRICS_TOKEN; anyone else
// gets what an unknown path gets (the app's not-found page), so the route
// does not even show that it exists.
func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	if s.cfg.MetricsToken == "" || !sameSecret(bearer(r), s.cfg.MetricsToken) {
		s.app.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.metrics.Handler().ServeHTTP(w, r)
}

func bearer(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// sameSecret compares in constant time; hashing first hides the length too.
func sameSecret(got, want string) bool {
	g, w := sha256.Sum256([]byte(got)), sha256.Sum256([]byte(want))
	return got != "" && subtle.ConstantTimeCompare(g[:], w[:]) == 1
}
