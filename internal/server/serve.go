package server

import (
	"bookshop/internal/newsletter"
	"bookshop/internal/orders"
	"bookshop/internal/restock"
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"bookshop/internal/backup"
	"bookshop/internal/catalog"
	"bookshop/internal/covers"
	"bookshop/internal/files"
	"bookshop/internal/httpx"
	"bookshop/internal/shopsettings"
	"bookshop/internal/storybooks"
)

// maxBodyBytes bounds every request body; the largest legitimate ones are
// checkout forms of a few kilobytes.
const maxBodyBytes = 1 << 20

// largeBodies are the routes whose requests may be larger than
// maxBodyBytes, with their own limit: a cover's upload, the publisher's
// catalogue file, a storybook's picture or narration and its Twee file,
// and a downloadable file (streamed, never held in memory; its handler
// holds it to FILES_MAX_MB).
var largeBodies = map[string]int64{
	"POST " + coverUploadPath:           covers.MaxRequestBytes,
	"POST " + postPictureUploadPath:     covers.MaxRequestBytes,
	"POST /api/admin/books/import":      catalog.MaxImportRequestBytes, // a CSV file alone: MaxImportBytes
	"POST " + storybookMediaPath:        storybooks.MaxMediaRequestBytes,
	"POST /api/admin/storybooks/import": storybooks.MaxImportBytes,
	"POST " + files.UploadPath:          files.MaxUploadBytes,
	"POST /api/admin/backups/upload":    backup.MaxUploadBytes,
}

// limitBody caps request bodies at maxBodyBytes, or at a route's own limit.
func limitBody(next http.Handler) http.Handler {
	large := map[string]http.Handler{}
	for route, limit := range largeBodies {
		large[route] = httpx.LimitBody(limit)(next)
	}
	usual := httpx.LimitBody(maxBodyBytes)(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h, ok := large[r.Method+" "+r.URL.Path]; ok {
			h.ServeHTTP(w, r)
			return
		}
		usual.ServeHTTP(w, r)
	})
}

// Handler is the whole shop as one http.Handler: the routes inside the
// middleware every request goes through, outermost first.
func (s *Server) Handler() http.Handler {
	routes := s.allRoutes()
	return httpx.Chain(routes,
		s.countRequests,                          // outermost: counts what the others answer too
		httpx.TrustProxies(s.cfg.TrustedProxies), // before anything asks httpx.ClientIP
		httpx.Logging,
		httpx.Recover,
		httpx.SecurityHeaders(contentSecurityPolicy(s.cfg), strings.HasPrefix(s.cfg.SiteURL, "https://")),
		aliveDuringRestore(routes),      // /livez past the gate: the process lives on through a restore
		s.gate.Middleware(s.writeError), // 503 and Retry-After while a backup is restored
		httpx.Compress,
		limitBody,                       // maxBodyBytes, or the route's own limit (largeBodies)
		httpx.ValidateURL(s.writeError), // before any handler or the database reads the path
		s.gotrue.Middleware,             // every route sees the signed-in caller, if any
		s.staffArea,
	)
}

// newHTTPServer is net/http's server for the shop, with limits on how long
// a client may take to send its request and read the response.
func (s *Server) newHTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
}

// Run listens on addr and serves until ctx is cancelled.
func (s *Server) Run(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve serves on ln until ctx is cancelled, then lets requests in flight
// finish before returning.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := s.newHTTPServer()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	s.jobs.start(ctx, s.backgroundJobs())
	defer s.jobs.stop() // the background jobs stop with the server
	slog.Info("listening", "addr", ln.Addr().String(), "site_url", s.cfg.SiteURL, "dev", s.cfg.Dev, "database", s.db.Dialect)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down: finishing requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// backgroundJobs are the goroutines Serve runs beside the HTTP server, one
// of each per instance; each is safe with several instances on one database.
func (s *Server) backgroundJobs() []func(ctx context.Context) {
	var jobs []func(ctx context.Context)
	if s.orders != nil && s.cfg.ReconcileInterval > 0 {
		// Settles checkouts left awaiting payment (a capture that died, an abandoned checkout).
		jobs = append(jobs, func(ctx context.Context) {
			s.orders.RunReconciler(ctx, s.cfg.ReconcileInterval, s.cfg.PendingOrderHold)
		})
	}
	if s.retention != nil && s.cfg.CleanupInterval > 0 {
		// The one deletion schedule: what the retention schedule no longer
		// keeps (issue 30), expired tokens, flows, cooldowns, counters and
		// dead sessions, Idempotency-Keys after a day.
		jobs = append(jobs, func(ctx context.Context) { s.retention.RunEvery(ctx, s.cfg.CleanupInterval) })
	}
	if s.mail != nil {
		jobs = append(jobs, s.mail.Run) // delivers the outbox
	}
	if s.newsletter != nil {
		// Writes campaign mail to the outbox at CAMPAIGN_RATE_PER_MINUTE; resumes after any stop.
		jobs = append(jobs, func(ctx context.Context) { s.newsletter.RunDispatcher(ctx, newsletter.DispatchInterval) })
	}
	if s.restock != nil {
		// E-mails the addresses waiting for a book back in stock, once each.
		jobs = append(jobs, func(ctx context.Context) { s.restock.RunAlerts(ctx, restock.AlertInterval) })
	}
	if s.orders != nil {
		// Releases the pre-orders whose book came out: one run per book and day.
		jobs = append(jobs, func(ctx context.Context) { s.orders.RunReleases(ctx, orders.ReleaseInterval) })
	}
	if s.catalog != nil {
		// Reloads the catalogue when another instance changed it.
		jobs = append(jobs, func(ctx context.Context) { s.catalog.Watch(ctx, catalog.WatchInterval) })
	}
	if s.prices != nil {
		// Reloads the tax and shipping settings when another instance saved them.
		jobs = append(jobs, func(ctx context.Context) { s.prices.Watch(ctx, shopsettings.WatchInterval) })
	}
	if s.schedule != nil && s.cfg.BackupEvery > 0 && s.cfg.BackupDir != "" {
		// The period's backup, made by one instance of several (BACKUP_EVERY).
		jobs = append(jobs, s.schedule.Run)
	}
	return jobs
}

// jobRunner runs the background jobs, and stops and starts them again
// around an online restore (they would write into the database being
// replaced).
type jobRunner struct {
	mu     sync.Mutex
	parent context.Context
	list   []func(context.Context)
	cancel context.CancelFunc // nil: not running
	wg     sync.WaitGroup
}

func (j *jobRunner) start(parent context.Context, list []func(context.Context)) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.parent, j.list = parent, list
	j.launch()
}

func (j *jobRunner) launch() {
	ctx, cancel := context.WithCancel(j.parent)
	j.cancel = cancel
	for _, job := range j.list {
		j.wg.Go(func() { job(ctx) })
	}
}

// stop cancels the jobs and waits for them to return.
func (j *jobRunner) stop() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.halt()
}

func (j *jobRunner) halt() bool {
	if j.cancel == nil {
		return false
	}
	j.cancel()
	j.wg.Wait()
	j.cancel = nil
	return true
}

// pause stops the jobs, and returns what starts them again (unless the
// server stopped meanwhile).
func (j *jobRunner) pause() (resume func()) {
	j.mu.Lock()
	running := j.halt()
	j.mu.Unlock()
	return func() {
		j.mu.Lock()
		defer j.mu.Unlock()
		if running && j.cancel == nil && j.parent.Err() == nil {
			j.launch()
		}
	}
}
