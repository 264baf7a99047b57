// Package server composes the features into one HTTP handler: server.go
// builds them, routes.go is the one place where every route of the shop is
// registered, and serve.go puts the middleware around the routes and runs
// the HTTP server.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"bookshop/internal/account"
	"bookshop/internal/audit"
	"bookshop/internal/backup"
	"bookshop/internal/catalog"
	"bookshop/internal/config"
	"bookshop/internal/contact"
	"bookshop/internal/covers"
	"bookshop/internal/db"
	"bookshop/internal/discounts"
	"bookshop/internal/dreams"
	"bookshop/internal/files"
	"bookshop/internal/formats"
	"bookshop/internal/games"
	"bookshop/internal/geo"
	"bookshop/internal/gotrue"
	"bookshop/internal/idempotency"
	"bookshop/internal/mail"
	"bookshop/internal/metrics"
	"bookshop/internal/newsletter"
	"bookshop/internal/orders"
	"bookshop/internal/paypal"
	"bookshop/internal/personal"
	"bookshop/internal/posts"
	"bookshop/internal/ratelimit"
	"bookshop/internal/render"
	"bookshop/internal/restock"
	"bookshop/internal/retention"
	"bookshop/internal/shopsettings"
	"bookshop/internal/storybooks"
	"bookshop/internal/webapp"
)

// Server holds the configuration, the database and every feature's handlers.
type Server struct {
	cfg config.Config
	db  *db.DB
	app http.Handler // the embedded React app

	catalog *catalog.Service // the live catalogue and its back office
	gotrue  *gotrue.Service  // accounts: /auth/v1, sessions, profiles
	mail    *mail.Sender     // delivers the outbox; the development mailbox

	orders     *orders.Service     // payments and the buyer's orders
	newsletter *newsletter.Service // subscribers (double opt-in), campaigns and their sending
	restock    *restock.Service    // "Tell me when it's back"
	geo        *geo.Service
	contact    *contact.Service   // the contact form's function
	limiter    *ratelimit.Limiter // per-client limits of the routes beyond /auth/v1
	// idempotency makes a creating write happen once per Idempotency-Key.
	idempotency *idempotency.Keys

	account      *account.Service // the parent's children, devices, preferences and data
	dreams       *dreams.Service  // Dream Maker: bedtime stories for the parent's children
	games        *games.Service   // the published game configuration
	audit        *audit.Service   // the back office's audit log, read by staff
	posts        *posts.Service   // the blog and its back office
	covers       *covers.Service  // book covers uploaded in the back office
	postPictures *covers.Service  // the blog's pictures, kept as the covers are
	files        *files.Service   // downloadable files (e-books, PDFs, audio) and their downloads

	retention *retention.Service    // the retention schedule: old data deleted on every instance
	prices    *shopsettings.Service // tax and shipping settings (/admin/settings, /api/shipping)
	discounts *discounts.Service    // discount codes (/admin/discounts)
	// storybooks are the interactive editions: their back office, reading and progress.
	storybooks *storybooks.Service

	backups  *backup.Service  // the owner's Backups screen (/admin/backups) and its online restore
	schedule *backup.Schedule // the periodic backups (BACKUP_EVERY)
	gate     *backup.Gate     // closes the shop (503) while a restore runs
	jobs     jobRunner        // the background jobs, paused by a restore

	metrics  *metrics.Metrics // served at /metrics with METRICS_TOKEN (observe.go)
	renderer *render.Renderer // the page engine /readyz waits for; nil: pages are not rendered

	// mux is every route (routes.go), built once by allRoutes: Handler
	// serves it inside the middleware, and the public pages fetch their
	// data from it.
	mux     http.Handler
	muxOnce sync.Once
}

// allRoutes is every route of the shop, built on first use.
func (s *Server) allRoutes() http.Handler {
	s.muxOnce.Do(func() { s.mux = s.routes() })
	return s.mux
}

// Option changes a default of New; tests use them (internal/apitest).
type Option func(*options)

type options struct {
	now            func() time.Time
	cheapPasswords bool
	app            fs.FS            // nil: the embedded build
	renderer       *render.Renderer // nil: the embedded build's bundle, or none with WithWebApp
	pageCache      int              // bytes of rendered pages kept; 0: webapp's default
	version        string           // the build's version, in backups' manifests
}

// WithAppVersion names the build in the manifests of its backups.
func WithAppVersion(v string) Option { return func(o *options) { o.version = v } }

// WithClock replaces time.Now in every feature that reads the time.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithCheapPasswordHashing makes password hashing fast. Only for tests.
func WithCheapPasswordHashing() Option { return func(o *options) { o.cheapPasswords = true } }

// WithWebApp serves app instead of the embedded build, so tests need no
// built app.
func WithWebApp(app fs.FS) Option { return func(o *options) { o.app = app } }

// WithRenderer renders the public pages with r (tests share one: loading the
// bundle is slow).
func WithRenderer(r *render.Renderer) Option { return func(o *options) { o.renderer = r } }

// WithPageCache keeps at most bytes of rendered pages (a benchmark of first
// renders keeps next to none).
func WithPageCache(bytes int) Option { return func(o *options) { o.pageCache = bytes } }

// New builds the server and its features.
func New(cfg config.Config, d *db.DB, opts ...Option) (*Server, error) {
	o := options{now: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	// Book 3's shipped storybook first: the catalogue then reads that it has one.
	if err := storybooks.LoadShipped(context.Background(), d, o.now); err != nil {
		return nil, err
	}
	pictures := covers.New(d, o.now)
	postPictures := covers.NewPostPictures(d, o.now)
	m := metrics.New()
	shopSite := orders.Settings{SiteURL: cfg.SiteURL, SupportEmail: cfg.SupportEmail, PendingHold: cfg.PendingOrderHold, Zone: cfg.ShopTimeZone,
		WebhookID: cfg.PayPalWebhookID}
	// A book's new date moves its pre-orders and tells their buyers: orders'
	// Releases need only the settings and the clock, so the catalogue, which
	// the orders service needs, is built first with them.
	cat, err := catalog.New(context.Background(), d, catalog.Parts{Covers: pictures, ReleaseDates: orders.Releases{Site: shopSite, Now: o.now}},
		o.now, cfg.ShopTimeZone)
	if err != nil {
		return nil, err
	}
	settings, err := settingsJSON(cfg)
	if err != nil {
		return nil, err
	}
	blog, err := posts.New(context.Background(), d, postPictures, o.now)
	if err != nil {
		return nil, err
	}
	pages := &publicPages{site: cfg.SiteURL, catalog: cat}
	pageEngine := pageRenderer(o, cfg.RenderVMs)
	app, err := loadApp(o.app, webapp.Options{Inline: map[string]json.RawMessage{"/api/settings": settings}, Pages: pages, Renderer: timedRenders(pageEngine, m),
		CacheBytes: o.pageCache, CacheLookups: m.PageCacheLookup})
	if err != nil {
		return nil, err
	}
	var countries geo.CountryLookup // nil: Accept-Language, else US
	if cfg.GeoIPDatabase != "" {
		mm, err := geo.OpenMaxMind(cfg.GeoIPDatabase)
		if err != nil {
			return nil, err
		}
		countries = mm
	}
	authOpts := []gotrue.Option{gotrue.WithClock(o.now)}
	if countries != nil {
		authOpts = append(authOpts, gotrue.WithPlaces(countries))
	}
	if o.cheapPasswords {
		authOpts = append(authOpts, gotrue.WithCheapPasswordHashing())
	}
	holders := personalData(cfg)
	accounts, err := gotrue.New(context.Background(), authSettings(cfg), d, customerTools(d, holders), authOpts...)
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
		pp.Observe(m.PayPalCall)
	}
	// One per-client limiter for the endpoints that write rows or send
	// e-mail, /auth/v1's sign-in and e-mail routes among them (routes.go).
	limiter := ratelimit.New(d, cfg.RateLimitPerMinute, o.now)
	prices, err := shopsettings.New(context.Background(), d, o.now)
	if err != nil {
		return nil, err
	}
	codes := discounts.New(d, cfg.ShopTimeZone, o.now)
	downloads, err := files.New(d, filesSettings(cfg), o.now)
	if err != nil {
		return nil, err
	}
	shop := orders.New(d, orders.Parts{Catalog: orderCatalog{cat}, PayPal: pp, Buyers: accounts, Limiter: limiter,
		Pricing:  orders.Pricing{Rates: orderRates{prices}, Discounts: orderDiscounts{codes}},
		Delivery: orderDelivery{catalog: cat, files: downloads, now: o.now}, WebhookResults: m.PayPalWebhook}, shopSite, o.now)
	letters := newsletter.New(d, newsletter.Settings{SiteURL: cfg.SiteURL, Cooldown: cfg.EmailCooldown, MarketingFrom: cfg.MailFromMarketing,
		RatePerMinute: cfg.CampaignRatePerMinute, EventsSecret: cfg.MailEventsSecret}, campaignBooks{cat, cfg.SiteURL}, o.now)
	// The children are the account area's; the dreams written for them are part of the parent's data.
	family := account.New(d, o.now, account.Parts{Accounts: accountOwner{accounts}, Newsletter: communications{letters}, Holders: holders})
	stories := dreams.New(d, dreamKids{family}, o.now)
	books := storybooks.New(d, storybooks.Parts{Catalog: storyCatalog{cat}, Kids: storyKids{family}, Shipped: app.Has,
		LibraryFiles: func(ctx context.Context, userID string) (any, error) {
			return libraryFiles(ctx, d, userID, cfg.DownloadLimit)
		}}, o.now)
	// The one deletion schedule: the retention schedule and what can no longer be used.
	keeping := retention.New(d, scheduleOf(cfg), holders.Erase, deletionSweeps(), []retention.Expiry{accounts.Cleanup}, cfg.SiteURL, o.now)
	srv := &Server{cfg: cfg, db: d, app: app, catalog: cat, gotrue: accounts, mail: sender, orders: shop,
		newsletter: letters, geo: geo.New(countries),
		restock: restock.New(d, restockBooks{cat, cfg.SiteURL}, cfg.SiteURL, cfg.EmailCooldown, o.now),
		contact: contact.New(d, cfg.SupportEmail, o.now), limiter: limiter,
		idempotency:  idempotency.New(d, o.now),
		account:      family,
		dreams:       stories,
		games:        games.New(d, o.now),
		posts:        blog,
		audit:        audit.New(d),
		covers:       pictures,
		postPictures: postPictures,
		files:        downloads,
		retention:    keeping,
		prices:       prices,
		discounts:    codes,
		storybooks:   books,
		renderer:     engineOf(pageEngine),
		metrics:      m}
	if err := srv.setUpBackups(cfg, d, o); err != nil {
		return nil, err
	}
	srv.registerState(m)
	pages.api = srv.allRoutes()
	return srv, nil
}

// setUpBackups builds the backups' schedule and screen. The archives are
// of cfg.DatabaseURL, the database d is opened on.
func (s *Server) setUpBackups(cfg config.Config, d *db.DB, o options) error {
	keeper, err := backup.NewKeeper(backup.Settings{DatabaseURL: cfg.DatabaseURL, Dir: cfg.BackupDir, Keep: cfg.BackupKeep,
		AppVersion: o.version, S3URL: cfg.BackupS3URL, AgeRecipient: cfg.BackupAgeRecipient, AgeIdentity: cfg.BackupAgeIdentity,
		FilesDir: cfg.FilesDir, FilesS3URL: cfg.FilesS3URL})
	if err != nil {
		return err
	}
	keeper.Now = o.now
	s.schedule = &backup.Schedule{Keeper: keeper, DB: d, Every: cfg.BackupEvery, Now: o.now, Owners: gotrue.OwnerEmails,
		PageURL: cfg.SiteURL + "/admin/backups"}
	s.gate = &backup.Gate{}
	s.backups = backup.NewService(s.schedule, s.gate, backup.Hooks{PauseJobs: s.jobs.pause, Reload: s.reloadCaches})
	return nil
}

// reloadCaches makes what this instance keeps in memory of the database
// read it again after a restore. The rendered pages, the blog's and the
// covers' responses are kept by their content's hash, so they need nothing.
func (s *Server) reloadCaches(ctx context.Context) error {
	return errors.Join(s.catalog.Refresh(ctx), s.prices.Refresh(ctx))
}

// pageRenderer is what renders the public pages: the test's renderer, or the
// embedded build's bundle. A build without one serves the pages unrendered.
func pageRenderer(o options, vms int) webapp.Renderer {
	if o.renderer != nil {
		return engine{o.renderer}
	}
	if o.app != nil {
		return nil
	}
	r, err := render.New(render.Options{VMs: vms})
	if err != nil {
		slog.Warn("render: the public pages are served unrendered", "err", err)
		return nil
	}
	go func() {
		if err := r.Ready(context.Background()); err != nil {
			slog.Error("render: the server bundle did not load; the public pages are served unrendered", "err", err)
		}
	}()
	return engine{r}
}

// engine renders the web app's pages with the render package's VMs.
type engine struct{ r *render.Renderer }

func (e engine) Render(ctx context.Context, d webapp.RenderRequest) (webapp.Rendered, error) {
	page, err := e.r.RenderRequest(ctx, render.Request{URL: d.URL, Data: d.Data, Cookie: (*render.Cookie)(d.Cookie)})
	return webapp.Rendered(page), err
}

// Retention is the deletion schedule's job, for tests to run a pass.
func (s *Server) Retention() *retention.Service { return s.retention }

// scheduleOf is the retention schedule the configuration sets.
func scheduleOf(cfg config.Config) retention.Schedule {
	return retention.Schedule{UnusedAccountMonths: cfg.UnusedAccountMonths, DeletionWarningDays: cfg.DeletionWarningDays,
		DeviceMonths: cfg.DeviceMonths, SignInDays: cfg.SignInDays, ContactMonths: cfg.ContactMonths,
		SentMailDays: cfg.SentMailDays, DreamMonths: cfg.DreamMonths}
}

// filesSettings are the settings the files service reads.
func filesSettings(cfg config.Config) files.Settings {
	return files.Settings{Dir: cfg.FilesDir, S3URL: cfg.FilesS3URL, MaxBytes: cfg.FilesMaxBytes,
		LinkTTL: cfg.DownloadLinkTTL, DownloadLimit: cfg.DownloadLimit, SiteURL: cfg.SiteURL}
}

// Files is the files service, for the selling half's tests and wiring
// (Grant, Revoke, ListForUser).
func (s *Server) Files() *files.Service { return s.files }

// deletionSweeps are the deletion schedule's deletions of other features'
// old rows, each by the feature that owns the table: the retention
// schedule's periods, then the features' own lifetimes.
func deletionSweeps() []retention.Sweep {
	months := func(n func(retention.Schedule) int) func(retention.Schedule, time.Time) time.Time {
		return func(s retention.Schedule, now time.Time) time.Time { return retention.MonthsAgo(now, n(s)) }
	}
	days := func(n func(retention.Schedule) int) func(retention.Schedule, time.Time) time.Time {
		return func(s retention.Schedule, now time.Time) time.Time { return retention.DaysAgo(now, n(s)) }
	}
	return []retention.Sweep{
		{Name: "devices", Cutoff: months(func(s retention.Schedule) int { return s.DeviceMonths }), Delete: account.ForgetDevicesBefore},
		{Name: "sign_ins", Cutoff: days(func(s retention.Schedule) int { return s.SignInDays }), Delete: gotrue.ForgetSignInsBefore},
		{Name: "contact_messages", Cutoff: months(func(s retention.Schedule) int { return s.ContactMonths }), Delete: contact.ForgetBefore},
		{Name: "sent_mail_bodies", Cutoff: days(func(s retention.Schedule) int { return s.SentMailDays }), Delete: mail.ForgetSentBodies},
		{Name: "dreams_not_kept", Cutoff: months(func(s retention.Schedule) int { return s.DreamMonths }), Delete: dreams.ForgetUnkept},
		// Download links a week after they expired (their 410 page becomes the not-found page).
		{Name: "download_links", Cutoff: func(_ retention.Schedule, now time.Time) time.Time { return retention.DaysAgo(now, 7) }, Delete: files.ForgetLinksBefore},
		// Idempotency-Keys after a day (their recorded responses may name a child).
		{Name: "idempotency_keys", Cutoff: func(_ retention.Schedule, now time.Time) time.Time { return now.Add(-idempotency.Keep) }, Delete: idempotency.ForgetBefore},
	}
}

// authSettings are the settings the account service reads.
func authSettings(cfg config.Config) gotrue.Settings {
	return gotrue.Settings{
		SiteURL: cfg.SiteURL, AuthCORSOrigins: cfg.AuthCORSOrigins, JWTSecret: cfg.JWTSecret,
		WebAuthnRPID: cfg.WebAuthnRPID, WebAuthnOrigins: cfg.WebAuthnOrigins,
		EmailCooldown:     cfg.EmailCooldown,
		MailerAutoconfirm: cfg.MailerAutoconfirm, DisableSignup: cfg.DisableSignup,
		GoogleClientID: cfg.GoogleClientID, GoogleClientSecret: cfg.GoogleClientSecret, GoogleIssuer: cfg.GoogleIssuer,
		AuthServiceRoleKey: cfg.AuthServiceRoleKey,
	}
}

func loadApp(fsys fs.FS, opts webapp.Options) (*webapp.Handler, error) {
	if fsys == nil {
		return webapp.New(opts)
	}
	return webapp.NewFromFS(fsys, opts)
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
	return dreams.Kid{ID: kid.ID, Name: kid.Name, BirthMonth: kid.BirthMonth}, nil
}

// storyKids lets the storybooks tell a parent's child, whose progress a
// reader keeps, without importing the account feature.
type storyKids struct{ account *account.Service }

func (k storyKids) IsKid(ctx context.Context, userID, kidID string) (bool, error) {
	_, err := k.account.Kid(ctx, userID, kidID)
	if errors.Is(err, account.ErrKidNotFound) {
		return false, nil
	}
	return err == nil, err
}

// storyCatalog moves the catalogue on when a storybook is published or
// unpublished: a book says whether its storybook is.
type storyCatalog struct{ live *catalog.Service }

func (storyCatalog) Bump(ctx context.Context, tx *db.Tx) error { return catalog.BumpVersion(ctx, tx) }
func (c storyCatalog) Changed(ctx context.Context)             { c.live.Changed(ctx) }

// orderCatalog lets orders price carts from the live catalogue and take
// stock without importing the catalog feature.
type orderCatalog struct{ live *catalog.Service }

func (c orderCatalog) PricedBook(id int) (orders.PricedBook, bool) {
	b, ok := c.live.Current().Offer(id)
	if !ok {
		return orders.PricedBook{}, false
	}
	return orders.PricedBook{ID: b.ID, Title: b.Title, PriceCents: b.PriceCents, OnSale: b.Status == catalog.StatusPublished,
		Formats: b.Formats, ReleaseDate: b.ReleaseDate}, true
}

func (orderCatalog) TakeCopies(ctx context.Context, tx *db.Tx, lines []orders.Line) (bool, *orders.Shortage, error) {
	changed, short, err := catalog.TakeCopies(ctx, tx, copiesOf(lines))
	if err != nil || short == nil {
		return changed, nil, err
	}
	return false, &orders.Shortage{BookID: short.BookID, Title: short.Title, OnSale: short.OnSale, Left: short.Left}, nil
}

func (orderCatalog) ReturnCopies(ctx context.Context, tx *db.Tx, lines []orders.Line) (bool, error) {
	return catalog.ReturnCopies(ctx, tx, copiesOf(lines))
}

func (c orderCatalog) StockChanged(ctx context.Context) { c.live.Changed(ctx) }

// copiesOf are the copies of the lines that ship: a digital format takes
// no stock.
func copiesOf(lines []orders.Line) []catalog.Copies {
	out := make([]catalog.Copies, 0, len(lines))
	for _, l := range lines {
		if !l.IsDigital() {
			out = append(out, catalog.Copies{BookID: l.BookID, Quantity: l.Quantity})
		}
	}
	return out
}

// campaignBooks gives the newsletter's campaigns their book cards from the
// live catalogue.
type campaignBooks struct {
	live    *catalog.Service
	siteURL string
}

func (c campaignBooks) Card(id int) (newsletter.BookCard, bool) {
	b, err := c.live.Current().Book(id)
	if err != nil {
		return newsletter.BookCard{}, false
	}
	return newsletter.BookCard{ID: b.ID, Title: b.Title, Price: "$" + orders.FormatCents(b.PriceCents),
		CoverURL: absolute(c.siteURL, b.CoverImage), URL: c.siteURL + "/books/" + bookPath(b)}, true
}

// restockBooks tells the back-in-stock alerts which books are in stock,
// from the live catalogue.
type restockBooks struct {
	live    *catalog.Service
	siteURL string
}

func (c restockBooks) Book(id int) (restock.Book, bool) {
	o, ok := c.live.Current().Offer(id)
	if !ok {
		return restock.Book{}, false
	}
	b, err := c.live.Current().Book(id)
	if err != nil { // a draft or archived book
		return restock.Book{ID: id, Title: o.Title}, true
	}
	return restock.Book{ID: id, Title: b.Title, Price: "$" + orders.FormatCents(b.PriceCents), URL: c.siteURL + "/books/" + bookPath(b),
		Published: true, InStock: b.InStock}, true
}

// bookPath is a book's path segment on the site: its slug, or its id.
func bookPath(b catalog.Book) string {
	if b.Slug != "" {
		return b.Slug
	}
	return strconv.Itoa(b.ID)
}

// absolute makes a site path (a cover's) a full URL for an e-mail.
func absolute(siteURL, path string) string {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		return path
	}
	return siteURL + "/" + strings.TrimPrefix(path, "/")
}

// communications makes the account area's Communications switch the
// newsletter's subscription of the parent's address.
type communications struct{ letters *newsletter.Service }

func (c communications) Preference(ctx context.Context, email string) (account.Communications, error) {
	p, err := c.letters.PreferenceOf(ctx, email)
	return account.Communications{Subscribed: p.Subscribed, UpdatedAt: p.UpdatedAt, Status: p.Status}, err
}

func (c communications) SetPreference(ctx context.Context, userID, email string, on bool) (account.Communications, error) {
	p, err := c.letters.SetPreference(ctx, userID, email, on)
	return account.Communications{Subscribed: p.Subscribed, UpdatedAt: p.UpdatedAt, Status: p.Status}, err
}

// orderDelivery delivers the digital formats of paid orders: the
// interactive edition as a storybook entitlement, the other formats as the
// files the catalogue lists for them, granted for download.
type orderDelivery struct {
	catalog *catalog.Service
	files   *files.Service
	now     func() time.Time
}

func (d orderDelivery) Has(ctx context.Context, q db.Querier, userID string, bookID int, format string) (bool, error) {
	if format != formats.Interactive {
		return false, nil
	}
	return storybooks.GivenEdition(ctx, q, userID, bookID)
}

func (d orderDelivery) Deliver(ctx context.Context, q db.Querier, p orders.Purchase) error {
	if p.Format == formats.Interactive {
		return storybooks.GrantPurchase(ctx, q, p.BookID, p.UserID, p.OrderNumber, d.clock())
	}
	b, ok := d.catalog.Current().Offer(p.BookID)
	if !ok || len(b.Files[p.Format]) == 0 {
		return fmt.Errorf("server: book %d has no files for %s", p.BookID, p.Format)
	}
	return d.files.Grant(ctx, q, p.ID, p.UserID, p.Title, b.Files[p.Format])
}

func (d orderDelivery) Revoke(ctx context.Context, q db.Querier, p orders.Purchase) error {
	if p.Format == formats.Interactive {
		return storybooks.RevokePurchase(ctx, q, p.BookID, p.UserID, p.OrderNumber, d.clock())
	}
	_, err := d.files.Revoke(ctx, q, p.ID)
	return err
}

func (d orderDelivery) clock() time.Time {
	if d.now == nil {
		return time.Now()
	}
	return d.now()
}

// personalData is every feature's personal data, listed once: the
// parent's export and every deletion of an account (the owner's, support's,
// the deletion schedule's) loop over it, in this order; the account itself
// goes last, as its rows cascade to the others'. A feature that keeps
// something about a person adds its line here (internal/personal).
func personalData(cfg config.Config) personal.Holders {
	return personal.Holders{EmailOf: gotrue.EmailOf, List: []personal.Holder{
		account.PersonalData,
		libraryData(cfg.DownloadLimit),
		discounts.PersonalData,
		orders.PersonalData,
		newsletter.PersonalData,
		restock.PersonalData,
		contact.PersonalData,
		dreams.PersonalData,
		storybooks.PersonalData,
		retention.PersonalData,
		mail.PersonalData,
		idempotency.PersonalData,
		gotrue.PersonalData,
	}}
}

// customerTools is what the back office's customer tools need of other
// features: a deletion as the owner's own, the orders and the number of
// children.
func customerTools(d *db.DB, holders personal.Holders) gotrue.Shop {
	return gotrue.Shop{EraseAccount: holders.Erase, Records: gotrue.CustomerRecords{
		Orders:   func(ctx context.Context, userID string) (any, error) { return orders.ViewsOf(ctx, d, userID) },
		Children: func(ctx context.Context, userID string) (int, error) { return account.ChildrenCount(ctx, d, userID) },
	}}
}

// accountOwner gives the account area the parent's account.
type accountOwner struct{ gotrue *gotrue.Service }

func (a accountOwner) Profile(ctx context.Context, userID string) (any, error) {
	return a.gotrue.Profile(ctx, userID)
}

func (a accountOwner) UpdateProfile(ctx context.Context, userID string, u account.ProfileUpdate) error {
	return a.gotrue.UpdateProfile(ctx, userID, gotrue.ProfileChange(u))
}

func (a accountOwner) PasswordMatches(ctx context.Context, userID, password string) (bool, error) {
	return a.gotrue.PasswordMatches(ctx, userID, password)
}

func (a accountOwner) CodeMatches(ctx context.Context, userID, code string) (bool, error) {
	return a.gotrue.CodeMatches(ctx, userID, code)
}

// Orders is the orders service, for tests that run its background jobs
// (the reconciler) at a moment of their choosing.
func (s *Server) Orders() *orders.Service { return s.orders }

// Catalog is the live catalogue, for tests to reload it on a new day.
func (s *Server) Catalog() *catalog.Service { return s.catalog }

// Newsletter is the newsletter service, for tests that run its dispatcher.
func (s *Server) Newsletter() *newsletter.Service { return s.newsletter }

// Restock is the back-in-stock service, for tests that run its pass.
func (s *Server) Restock() *restock.Service { return s.restock }
