// Package server composes the features into one HTTP handler. routes.go is
// the one place where every route of the shop is registered.
package server

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"bookshop/internal/account"
	"bookshop/internal/auth"
	"bookshop/internal/catalog"
	"bookshop/internal/config"
	"bookshop/internal/contact"
	"bookshop/internal/db"
	"bookshop/internal/dreams"
	"bookshop/internal/games"
	"bookshop/internal/geo"
	"bookshop/internal/httpx"
	"bookshop/internal/idempotency"
	"bookshop/internal/mail"
	"bookshop/internal/newsletter"
	"bookshop/internal/orders"
	"bookshop/internal/paypal"
	"bookshop/internal/ratelimit"
	"bookshop/internal/webapp"
)

// maxBodyBytes bounds every request body; the largest legitimate ones are
// checkout forms of a few kilobytes.
const maxBodyBytes = 1 << 20

// Server holds the configuration, the database and every feature's handlers.
type Server struct {
	cfg config.Config
	db  *db.DB
	app http.Handler // the embedded React app

	catalog *catalog.Catalog
	auth    *auth.Service // accounts: /auth/v1, sessions, profiles
	mail    *mail.Sender  // delivers the outbox; the development mailbox

	orders     *orders.Service // payments and the buyer's orders
	newsletter *newsletter.Service
	geo        *geo.Service
	contact    *contact.Service   // the contact form's function
	limiter    *ratelimit.Limiter // per-client limits of the routes beyond /auth/v1
	// idempotency makes a creating write happen once per Idempotency-Key.
	idempotency *idempotency.Keys

	account *account.Service // the parent's children, devices, preferences and data
	dreams  *dreams.Service  // Dream Maker: bedtime stories for the parent's children
	games   *games.Service   // the published game configuration
}

// Option changes a default of New; tests use them (internal/apitest).
type Option func(*options)

type options struct {
	now            func() time.Time
	cheapPasswords bool
	app            fs.FS // nil: the embedded build
}

// WithClock replaces time.Now in every feature that reads the time.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithCheapPasswordHashing makes password hashing fast. Only for tests.
func WithCheapPasswordHashing() Option { return func(o *options) { o.cheapPasswords = true } }

// WithWebApp serves app instead of the embedded build, so tests need no
// built app.
func WithWebApp(app fs.FS) Option { return func(o *options) { o.app = app } }

// New builds the server and its features.
func New(cfg config.Config, d *db.DB, opts ...Option) (*Server, error) {
	o := options{now: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	cat, err := catalog.Load(context.Background(), d)
	if err != nil {
		return nil, err
	}
	inline := cat.Inline()
	if inline["/api/settings"], err = settingsJSON(cfg); err != nil {
		return nil, err
	}
	app, err := loadApp(o.app, webapp.Options{Exists: appRecords(cat), Inline: inline, Fill: prerenderFill(cfg)})
	if err != nil {
		return nil, err
	}
	authOpts := []auth.Option{auth.WithClock(o.now)}
	if o.cheapPasswords {
		authOpts = append(authOpts, auth.WithCheapPasswordHashing())
	}
	accounts, err := auth.NewService(context.Background(), authSettings(cfg), d, authOpts...)
	if err != nil {
		return nil, err
	}
	sender, err := mail.NewSender(mail.SenderSettings{SMTPURL: cfg.SMTPURL, From: cfg.MailFrom, Dev: cfg.Dev}, d)
	if err != nil {
		return nil, err
	}
	var pp *paypal.Client // nil: PayPal is refused clearly, demo methods still work
	if cfg.PayPalEnabled() {
		pp = paypal.New(cfg.PayPalAPIBase, cfg.PayPalClientID, cfg.PayPalClientSecret)
	}
	// One per-client limiter for the endpoints beyond /auth/v1 that write
	// rows or send e-mail; the account service keeps its own on the same table.
	limiter := ratelimit.New(d, cfg.RateLimitPerMinute, o.now)
	shop := orders.New(d, orderCatalog{cat}, pp, accounts, limiter,
		orders.Settings{SiteURL: cfg.SiteURL, SupportEmail: cfg.SupportEmail}, o.now)
	var countries geo.CountryLookup // nil: Accept-Language, else US
	if cfg.GeoIPDatabase != "" {
		mm, err := geo.OpenMaxMind(cfg.GeoIPDatabase)
		if err != nil {
			return nil, err
		}
		countries = mm
	}
	// The children are the account area's; the dreams written for them are part of the parent's data.
	family := account.New(d, o.now)
	stories := dreams.New(d, dreamKids{family}, o.now)
	family.WithOwnerData(accountOwner{accounts}, accountOrders{shop}, stories)
	return &Server{cfg: cfg, db: d, app: app, catalog: cat, auth: accounts, mail: sender, orders: shop,
		newsletter: newsletter.New(d, o.now), geo: geo.New(countries),
		contact: contact.NewService(d, cfg.SupportEmail, o.now), limiter: limiter,
		idempotency: idempotency.New(d, o.now),
		account:     family,
		dreams:      stories,
		games:       games.New(d, o.now)}, nil
}

// authSettings are the settings the account service reads.
func authSettings(cfg config.Config) auth.Settings {
	return auth.Settings{
		SiteURL: cfg.SiteURL, AuthCORSOrigins: cfg.AuthCORSOrigins, JWTSecret: cfg.JWTSecret,
		RateLimitPerMinute: cfg.RateLimitPerMinute, EmailCooldown: cfg.EmailCooldown,
		MailerAutoconfirm: cfg.MailerAutoconfirm, DisableSignup: cfg.DisableSignup,
		GoogleClientID: cfg.GoogleClientID, GoogleClientSecret: cfg.GoogleClientSecret, GoogleIssuer: cfg.GoogleIssuer,
	}
}

func loadApp(fsys fs.FS, opts webapp.Options) (*webapp.Handler, error) {
	if fsys == nil {
		return webapp.New(opts)
	}
	return webapp.NewFromFS(fsys, opts)
}

// paymentPassCookie is set by the app beside the one-time pass to
// /thank-you (web/src/features/checkout/payment-flag.ts) and cleared with it.
const paymentPassCookie = "payment_pass"

// thankYou serves /thank-you, the page a buyer reaches inside the app right
// after paying. Anyone else opening it (a reload, a link) is sent to the
// checkout from here at once, instead of from the app behind its splash;
// the app still checks the pass itself, per tab.
func (s *Server) thankYou(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Vary", "Cookie")
	if _, err := r.Cookie(paymentPassCookie); err != nil {
		http.Redirect(w, r, "/checkout", http.StatusSeeOther)
		return
	}
	s.app.ServeHTTP(w, r)
}

// appRecords tells the web app's server which ids of its pages exist, so
// /books/{id} of a book not in the catalogue, or /categories/{id} of no
// category, answers 404 (the app says "Category Not Found" on that page).
func appRecords(cat *catalog.Catalog) webapp.Exists {
	return webapp.Exists{
		"/categories/:id": func(id string) bool {
			return slices.ContainsFunc(cat.Categories(), func(c catalog.Category) bool { return c.ID == id })
		},
		"/books/:id": func(id string) bool {
			// Only the canonical spelling names a book ("3", not "03" or
			// "+3"); the app reads ids the same way (catalog/book-id.ts).
			n, err := strconv.Atoi(id)
			if err != nil || n <= 0 || strconv.Itoa(n) != id {
				return false
			}
			_, err = cat.Book(n)
			return err == nil
		},
	}
}

// dreamKids lets Dream Maker read the parent's children without importing
// the account feature.
type dreamKids struct{ account *account.Service }

func (k dreamKids) Kid(ctx context.Context, userID, kidID string) (dreams.Kid, error) {
	kid, err := k.account.Kid(ctx, userID, kidID)
	if errors.Is(err, account.ErrKidNotFound) {
		return dreams.Kid{}, dreams.ErrNoKid
	}
	if err != nil {
		return dreams.Kid{}, err
	}
	return dreams.Kid{ID: kid.ID, Name: kid.Name, DateOfBirth: kid.DateOfBirth}, nil
}

// orderCatalog lets orders price carts from the catalogue without importing
// the catalog feature.
type orderCatalog struct{ cat *catalog.Catalog }

func (c orderCatalog) PricedBook(id int) (orders.PricedBook, bool) {
	b, err := c.cat.Book(id)
	if err != nil {
		return orders.PricedBook{}, false
	}
	return orders.PricedBook{ID: b.ID, Title: b.Title, PriceCents: b.PriceCents}, true
}

// accountOwner and accountOrders give the account area the parent's account
// and orders without importing more of auth and orders than these calls.
type accountOwner struct{ auth *auth.Service }

func (a accountOwner) Profile(ctx context.Context, userID string) (any, error) {
	return a.auth.ProfileOf(ctx, userID)
}

func (a accountOwner) PasswordMatches(ctx context.Context, userID, password string) (bool, error) {
	return a.auth.PasswordMatches(ctx, userID, password)
}

func (a accountOwner) CodeMatches(ctx context.Context, userID, code string) (bool, error) {
	return a.auth.CodeMatches(ctx, userID, code)
}

func (accountOwner) Delete(ctx context.Context, q db.Querier, userID string) error {
	return auth.DeleteAccount(ctx, q, userID)
}

type accountOrders struct{ shop *orders.Service }

func (o accountOrders) Of(ctx context.Context, userID string) (any, error) {
	return o.shop.ViewsOf(ctx, userID)
}

func (accountOrders) EraseBuyer(ctx context.Context, q db.Querier, userID string) error {
	return orders.EraseBuyer(ctx, q, userID)
}

// Handler is the whole shop as one http.Handler, middleware included.
func (s *Server) Handler() http.Handler { return s.bookkeeping(s.answers()) }

// bookkeeping is what every request gets around its answer: the client's
// address behind trusted proxies, an id and an access-log line, and a 500
// for a panic. httpx.Prebuilt does the same for the answers it serves.
func (s *Server) bookkeeping(answers http.Handler) http.Handler {
	return httpx.Chain(answers,
		httpx.TrustProxies(s.cfg.TrustedProxies), // before anything asks httpx.ClientIP
		httpx.Logging,
		httpx.Recover,
	)
}

// answers is the shop's routes with the middleware that shapes what a
// client gets back.
func (s *Server) answers() http.Handler {
	return httpx.Chain(s.routes(),
		httpx.SecurityHeaders(contentSecurityPolicy(s.cfg), strings.HasPrefix(s.cfg.SiteURL, "https://")),
		httpx.Compress,
		httpx.LimitBody(maxBodyBytes),
		s.auth.Middleware, // every route sees the signed-in caller, if any
	)
}

// timeouts are net/http's limits on a connection, which httpx.Prebuilt keeps too.
var timeouts = httpx.Timeouts{ReadHeader: 10 * time.Second, Write: 60 * time.Second, Idle: 120 * time.Second}

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
	addr := ln.Addr().String()
	answers := s.answers()
	srv := &http.Server{
		Handler:           s.bookkeeping(answers),
		ReadHeaderTimeout: timeouts.ReadHeader,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      timeouts.Write,
		IdleTimeout:       timeouts.Idle,
	}
	// The catalogue's answers never change while the server runs: they are
	// written straight from the connection (httpx.Prebuilt).
	prebuilt, err := httpx.Prebuild(answers, timeouts, s.catalog.FixedPaths()...)
	if err != nil {
		return err
	}
	fast := prebuilt.Listen(ln)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(httpx.CoalesceWrites(fast)) }()
	jobsCtx, stopJobs := context.WithCancel(ctx)
	var jobs sync.WaitGroup
	for _, job := range s.backgroundJobs() {
		jobs.Go(func() { job(jobsCtx) })
	}
	defer func() { stopJobs(); jobs.Wait() }() // the background jobs stop with the server
	slog.Info("listening", "addr", addr, "site_url", s.cfg.SiteURL, "dev", s.cfg.Dev, "database", s.db.Dialect)
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
	if err := fast.Wait(shutdownCtx); err != nil {
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
			s.orders.RunReconciler(ctx, s.cfg.ReconcileInterval, s.cfg.PendingOrderExpiry)
		})
	}
	if s.auth != nil && s.cfg.CleanupInterval > 0 {
		// Deletes expired tokens, flows, cooldowns, counters and dead sessions.
		jobs = append(jobs, func(ctx context.Context) { s.auth.RunCleanup(ctx, s.cfg.CleanupInterval) })
	}
	if s.idempotency != nil && s.cfg.CleanupInterval > 0 {
		// Forgets Idempotency-Keys after a day (idempotency.Keep).
		jobs = append(jobs, func(ctx context.Context) { s.idempotency.RunCleanup(ctx, s.cfg.CleanupInterval) })
	}
	if s.mail != nil {
		jobs = append(jobs, s.mail.Run) // delivers the outbox
	}
	return jobs
}

// health answers after a real database round trip.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		slog.ErrorContext(r.Context(), "health: database unreachable", "err", err)
		return httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "database": "unreachable"})
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
}

// splitAPI routes a request to the route registered for it; any other path
// is the app's, except under the API prefixes, where a path that matches no
// route gets the JSON error shape (404, or 405 with Allow) instead of the
// mux's plain text or the app's HTML.
//
// Under /auth/v1 the error is written by authNoRoute, in GoTrue's shape.
func splitAPI(mux *http.ServeMux, app http.Handler, authNoRoute func(http.ResponseWriter, *http.Request, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		switch {
		case pattern != "":
			mux.ServeHTTP(w, r)
		case isAPIPath(r.URL.Path):
			write := httpx.WriteError
			if strings.HasPrefix(r.URL.Path, "/auth/v1/") || r.URL.Path == "/auth/v1" {
				write = authNoRoute
			}
			writeNoRoute(w, r, h, write)
		case r.Method == http.MethodPost && isBrowserForm(r):
			// A form of a prerendered page sent before the app took the page
			// over (web/src/lib/prerender.ts): back to the page, whose app is
			// there by then. What was typed is not read.
			http.Redirect(w, r, r.URL.Path, http.StatusSeeOther)
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			w.Header().Set("Allow", "GET, HEAD")
			httpx.WriteError(w, r, httpx.Errorf(httpx.CodeMethod, "Method %s is not allowed on %s.", r.Method, r.URL.Path))
		default:
			app.ServeHTTP(w, r)
		}
	})
}

// isBrowserForm tells a browser's own form submission from an API call.
func isBrowserForm(r *http.Request) bool {
	mediaType, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	return mediaType == "application/x-www-form-urlencoded" || mediaType == "multipart/form-data"
}

// writeNoRoute asks the mux's own fallback handler whether the path exists
// with another method, and answers 405 or 404 in the JSON error shape. The
// CORS preflight pattern "OPTIONS /auth/v1/" matches every path under
// /auth/v1, so a path that allows nothing but OPTIONS does not exist: 404.
func writeNoRoute(w http.ResponseWriter, r *http.Request, fallback http.Handler, write func(http.ResponseWriter, *http.Request, error)) {
	probe := &statusProbe{header: http.Header{}}
	fallback.ServeHTTP(probe, r)
	if probe.status == http.StatusMethodNotAllowed && allowsMoreThanOptions(probe.header.Get("Allow")) {
		w.Header().Set("Allow", probe.header.Get("Allow"))
		write(w, r, httpx.Errorf(httpx.CodeMethod, "Method %s is not allowed on %s.", r.Method, r.URL.Path))
		return
	}
	write(w, r, httpx.Errorf(httpx.CodeNotFound, "No API endpoint at %s.", r.URL.Path))
}

func allowsMoreThanOptions(allow string) bool {
	for m := range strings.SplitSeq(allow, ",") {
		if m = strings.TrimSpace(m); m != "" && m != http.MethodOptions {
			return true
		}
	}
	return false
}

func isAPIPath(p string) bool {
	for _, prefix := range []string{"/api/", "/auth/v1/", "/functions/v1/", "/dev/mail/"} {
		if strings.HasPrefix(p, prefix) || p+"/" == prefix {
			return true
		}
	}
	return false
}

// statusProbe records what the mux's own 404/405 handler would have written.
type statusProbe struct {
	header http.Header
	status int
}

func (p *statusProbe) Header() http.Header         { return p.header }
func (p *statusProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *statusProbe) WriteHeader(code int)        { p.status = code }
