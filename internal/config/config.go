// Package config reads the shop's settings from environment variables into one
// typed struct, validated once at start-up and then passed down explicitly.
package config

import (
	"errors"
	"fmt"
	"net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the zones, whatever the machine has installed

	"filippo.io/age"

	"bookshop/internal/db"
	"bookshop/internal/objectstore"
)

// Config is every setting the shop reads. Defaults make `bookshop serve` work
// end to end with nothing configured.
type Config struct {
	Port        int    // PORT
	DatabaseURL string // DATABASE_URL: sqlite:PATH or postgres://...
	SiteURL     string // SITE_URL: public origin, used in e-mail links
	Dev         bool   // BOOKSHOP_DEV or --dev: development mailbox and friends

	JWTSecret string // JWT_SECRET: signs access tokens with HS256; when unset the asymmetric keys in the database sign them

	RateLimitPerMinute int // RATE_LIMIT_PER_MINUTE: requests per client IP and minute on each rate-limited endpoint

	RenderVMs int // RENDER_VMS: pages the server renders at once (internal/render), each VM some 15-25 MB outside Go's heap

	TrustedProxies []netip.Prefix // TRUSTED_PROXIES: proxies whose X-Forwarded-For is believed; none by default

	SMTPURL  string // SMTP_URL: smtp://user:pass@host:port; unset means no SMTP delivery
	MailFrom string // MAIL_FROM: sender address of every e-mail
	// MAIL_FROM_MARKETING: the sender of campaigns; default MAIL_FROM's
	// address with its name and "News" ("Siso & Friends News").
	MailFromMarketing string
	// CAMPAIGN_RATE_PER_MINUTE: campaign e-mails written to the outbox per
	// minute, all instances together.
	CampaignRatePerMinute int
	// MAIL_EVENTS_SECRET: the bearer token a relay's bounce and complaint
	// webhook calls POST /api/mail/events with (32+ characters); unset: 503.
	MailEventsSecret string

	// Accounts (internal/gotrue), named like GoTrue's settings.
	EmailCooldown     time.Duration // EMAIL_COOLDOWN_SECONDS: wait between two account e-mails of one type to one address
	MailerAutoconfirm bool          // MAILER_AUTOCONFIRM: sign-ups are confirmed at once, without an e-mail (development)
	DisableSignup     bool          // DISABLE_SIGNUP: no new accounts (sign-up answers 422 signup_disabled)
	AuthCORSOrigins   []string      // AUTH_CORS_ORIGINS: origins besides SITE_URL's that may call /auth/v1 from a browser
	WebAuthnRPID      string        // from SITE_URL: the relying party of passkeys; "" when SITE_URL's host cannot be one
	WebAuthnOrigins   []string      // from SITE_URL and AUTH_CORS_ORIGINS: the origins a passkey ceremony may come from

	GoogleClientID     string // GOOGLE_CLIENT_ID
	GoogleClientSecret string // GOOGLE_CLIENT_SECRET
	GoogleIssuer       string // GOOGLE_ISSUER: OpenID Connect issuer, overridable for tests

	// AUTH_SERVICE_ROLE_KEY: the bearer token of GoTrue's admin API
	// (/auth/v1/admin); unset turns it off. A server-side secret, never
	// given to the browser.
	AuthServiceRoleKey string

	// METRICS_TOKEN: the bearer token Prometheus scrapes /metrics with
	// (32+ characters); unset, /metrics is 404 like any unknown path.
	MetricsToken string

	PayPalClientID     string // PAYPAL_CLIENT_ID
	PayPalClientSecret string // PAYPAL_CLIENT_SECRET
	PayPalAPIBase      string // PAYPAL_API_BASE
	PayPalSDKURL       string // PAYPAL_SDK_URL
	PayPalWebhookID    string // PAYPAL_WEBHOOK_ID: the webhook whose deliveries /api/paypal/webhook verifies; unset: refused

	// Background jobs of `serve` (one goroutine each per instance; each is
	// safe with several instances on one database).
	ReconcileInterval time.Duration // ORDER_RECONCILE_INTERVAL_SECONDS: how often orders left awaiting payment are settled with PayPal
	PendingOrderHold  time.Duration // PENDING_ORDER_HOLD_MINUTES: how long an unpaid checkout holds its copies and codes before it expires
	CleanupInterval   time.Duration // CLEANUP_INTERVAL_SECONDS: how often the deletion schedule (internal/retention) runs: expired tokens, sessions and counters, and the retention schedule below

	// The retention schedule (issue 30), published on /privacy and run by
	// each instance every CleanupInterval.
	UnusedAccountMonths int // RETENTION_UNUSED_ACCOUNT_MONTHS: an account not signed in for this long is warned by e-mail
	DeletionWarningDays int // RETENTION_DELETION_WARNING_DAYS: ...and deleted this long after, unless the parent signs in
	DeviceMonths        int // RETENTION_DEVICE_MONTHS: device records not signed in from
	SignInDays          int // RETENTION_SIGN_IN_DAYS: sign-in history
	ContactMonths       int // RETENTION_CONTACT_MONTHS: contact-form messages
	SentMailDays        int // RETENTION_SENT_MAIL_DAYS: e-mail bodies in the outbox, after delivery
	DreamMonths         int // RETENTION_DREAM_MONTHS: dreams the parent did not keep

	// Backups (internal/backup): scheduled in `serve`, made by `bookshop backup`.
	BackupEvery        time.Duration // BACKUP_EVERY: how often `serve` makes one (a Go duration: 24h, 6h, 30m); 0 turns them off
	BackupKeep         int           // BACKUP_KEEP: archives kept in BackupDir (and the bucket), the newest
	BackupDir          string        // BACKUP_DIR: the folder of archives; on SQLite "backups" beside the database by default
	BackupS3URL        string        // BACKUP_S3_URL: s3://key:secret@host/bucket?region=...: each archive copied there too
	BackupAgeRecipient string        // BACKUP_AGE_RECIPIENT: an age public key (age1...): archives encrypted for it
	BackupAgeIdentity  string        // BACKUP_AGE_IDENTITY: the file of the matching private key, for restores from the back office

	// Downloadable files (internal/files, issue 37): where they are kept
	// and how their downloads are limited.
	FilesDir        string        // FILES_DIR: the folder of files; on SQLite "files" beside the database by default
	FilesS3URL      string        // FILES_S3_URL: s3://key:secret@host/bucket?...: the files are kept there instead (several instances)
	FilesMaxBytes   int64         // FILES_MAX_MB: the largest file uploaded, in MiB
	DownloadLinkTTL time.Duration // DOWNLOAD_LINK_HOURS: how long a download link works
	DownloadLimit   int           // DOWNLOAD_LIMIT: downloads of a file per purchase

	GeoIPDatabase string // GEOIP_DATABASE: optional MaxMind-format country database
	SupportEmail  string // SUPPORT_EMAIL: shown in the footer and contact page
	// ShopTimeZone is SHOP_TIME_ZONE (an IANA name, default America/Chicago):
	// the shop's days, in the dashboard, the CSV and the discounts' dates.
	ShopTimeZone *time.Location
}

// Lookup reads one environment variable; os.LookupEnv in production, a map in tests.
type Lookup func(key string) (string, bool)

// Load fills a Config from lookup and validates it. Every error names the
// variable that is wrong, so a bad deployment fails fast and says why.
func Load(lookup Lookup) (Config, error) {
	get := func(key, def string) string {
		if v, ok := lookup(key); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	var errs []error
	c := Config{
		DatabaseURL:        get("DATABASE_URL", "sqlite:./data/bookshop.db"),
		JWTSecret:          get("JWT_SECRET", ""),
		SMTPURL:            get("SMTP_URL", ""),
		MailFrom:           get("MAIL_FROM", "Siso & Friends <hello@sisoandfriends.test>"),
		GoogleClientID:     get("GOOGLE_CLIENT_ID", ""),
		GoogleClientSecret: get("GOOGLE_CLIENT_SECRET", ""),
		GoogleIssuer:       get("GOOGLE_ISSUER", "https://accounts.google.com"),
		AuthServiceRoleKey: get("AUTH_SERVICE_ROLE_KEY", ""),
		MetricsToken:       get("METRICS_TOKEN", ""),
		MailEventsSecret:   get("MAIL_EVENTS_SECRET", ""),
		PayPalClientID:     get("PAYPAL_CLIENT_ID", ""),
		PayPalClientSecret: get("PAYPAL_CLIENT_SECRET", ""),
		PayPalAPIBase:      get("PAYPAL_API_BASE", "https://api-m.sandbox.paypal.com"),
		PayPalSDKURL:       get("PAYPAL_SDK_URL", "https://www.paypal.com/sdk/js"),
		PayPalWebhookID:    get("PAYPAL_WEBHOOK_ID", ""),
		GeoIPDatabase:      get("GEOIP_DATABASE", ""),
		SupportEmail:       get("SUPPORT_EMAIL", "hello@sisoandfriends.test"),
	}

	// whole reads a whole number from min to max (max < 0: no upper bound);
	// flag reads a boolean. A bad value is an error naming the variable.
	whole := func(key string, def, min, max int) int {
		n, err := strconv.Atoi(get(key, strconv.Itoa(def)))
		switch {
		case max < 0 && (err != nil || n < min):
			errs = append(errs, fmt.Errorf("%s: %q must be a whole number of at least %d", key, get(key, ""), min))
		case max >= 0 && (err != nil || n < min || n > max):
			errs = append(errs, fmt.Errorf("%s: %q must be a whole number from %d to %d", key, get(key, ""), min, max))
		}
		return n
	}
	flag := func(key string) bool {
		b, err := parseBool(get(key, "false"))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", key, err))
		}
		return b
	}

	c.Port = whole("PORT", 8080, 0, 65535)
	c.Dev = flag("BOOKSHOP_DEV")
	c.RateLimitPerMinute = whole("RATE_LIMIT_PER_MINUTE", 30, 1, -1)
	c.RenderVMs = whole("RENDER_VMS", 1, 1, 64)
	proxies, err := parseTrustedProxies(get("TRUSTED_PROXIES", ""))
	if err != nil {
		errs = append(errs, fmt.Errorf("TRUSTED_PROXIES: %w", err))
	}
	c.TrustedProxies = proxies

	c.MailFromMarketing = get("MAIL_FROM_MARKETING", marketingFrom(c.MailFrom))
	c.CampaignRatePerMinute = whole("CAMPAIGN_RATE_PER_MINUTE", 60, 1, 100000)
	c.EmailCooldown = time.Duration(whole("EMAIL_COOLDOWN_SECONDS", 60, 1, 3600)) * time.Second
	c.MailerAutoconfirm = flag("MAILER_AUTOCONFIRM")
	c.DisableSignup = flag("DISABLE_SIGNUP")

	c.ReconcileInterval = time.Duration(whole("ORDER_RECONCILE_INTERVAL_SECONDS", 60, 1, 3600)) * time.Second
	// An unpaid checkout holds stock and one-use codes nobody else may
	// take: half an hour, not the three hours of before (issue 38), lest
	// anyone signed in take the last copies without paying. The old name
	// is still read.
	holdKey := "PENDING_ORDER_HOLD_MINUTES"
	if get(holdKey, "") == "" && get("PENDING_ORDER_EXPIRY_MINUTES", "") != "" {
		holdKey = "PENDING_ORDER_EXPIRY_MINUTES"
	}
	c.PendingOrderHold = time.Duration(whole(holdKey, 30, 5, 10080)) * time.Minute
	c.CleanupInterval = time.Duration(whole("CLEANUP_INTERVAL_SECONDS", 600, 1, 86400)) * time.Second

	c.UnusedAccountMonths = whole("RETENTION_UNUSED_ACCOUNT_MONTHS", 24, 1, 120)
	c.DeletionWarningDays = whole("RETENTION_DELETION_WARNING_DAYS", 30, 1, 365)
	c.DeviceMonths = whole("RETENTION_DEVICE_MONTHS", 12, 1, 120)
	c.SignInDays = whole("RETENTION_SIGN_IN_DAYS", 90, 1, 3650)
	c.ContactMonths = whole("RETENTION_CONTACT_MONTHS", 24, 1, 120)
	c.SentMailDays = whole("RETENTION_SENT_MAIL_DAYS", 90, 1, 3650)
	c.DreamMonths = whole("RETENTION_DREAM_MONTHS", 12, 1, 120)

	c.BackupEvery = duration("BACKUP_EVERY", "24h", get("BACKUP_EVERY", "24h"), &errs)
	c.BackupKeep = whole("BACKUP_KEEP", 14, 1, 10000)
	c.BackupDir = get("BACKUP_DIR", defaultBackupDir(c.DatabaseURL))
	c.BackupS3URL = get("BACKUP_S3_URL", "")
	c.BackupAgeRecipient = get("BACKUP_AGE_RECIPIENT", "")
	c.BackupAgeIdentity = get("BACKUP_AGE_IDENTITY", "")

	c.FilesDir = get("FILES_DIR", defaultBeside(c.DatabaseURL, "files"))
	c.FilesS3URL = get("FILES_S3_URL", "")
	c.FilesMaxBytes = int64(whole("FILES_MAX_MB", 100, 1, 2048)) << 20
	c.DownloadLinkTTL = time.Duration(whole("DOWNLOAD_LINK_HOURS", 24, 1, 720)) * time.Hour
	c.DownloadLimit = whole("DOWNLOAD_LIMIT", 10, 1, 1000)

	zone := get("SHOP_TIME_ZONE", "America/Chicago")
	if loc, err := time.LoadLocation(zone); err != nil || zone == "Local" {
		errs = append(errs, fmt.Errorf("SHOP_TIME_ZONE: %q must be a time zone's IANA name, such as America/Chicago or Europe/London", zone))
	} else {
		c.ShopTimeZone = loc
	}

	c.SiteURL = strings.TrimRight(get("SITE_URL", fmt.Sprintf("http://localhost:%d", c.Port)), "/")
	for _, o := range strings.Split(get("AUTH_CORS_ORIGINS", ""), ",") {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			c.AuthCORSOrigins = append(c.AuthCORSOrigins, o)
		}
	}

	c.WebAuthnRPID, c.WebAuthnOrigins = webAuthnRelyingParty(c.SiteURL, c.AuthCORSOrigins)

	errs = append(errs, c.validate()...)
	return c, errors.Join(errs...)
}

// webAuthnRelyingParty derives the relying party of passkeys from the site:
// its id is SITE_URL's host name, and a ceremony may come from SITE_URL's
// origin or one of AUTH_CORS_ORIGINS on that host or a subdomain of it (a
// browser refuses an id that is not the page's domain or a suffix of it).
// Browsers refuse an IP address as the id, so a loopback SITE_URL (a
// development machine, the end-to-end tests) has its passkeys on localhost
// at the same port; any other IP address leaves passkeys off ("").
func webAuthnRelyingParty(siteURL string, corsOrigins []string) (rpID string, origins []string) {
	site, err := url.Parse(siteURL)
	if err != nil || site.Hostname() == "" {
		return "", nil
	}
	rpID = strings.ToLower(site.Hostname())
	if ip, err := netip.ParseAddr(rpID); err == nil {
		if !ip.IsLoopback() {
			return "", nil
		}
		rpID = "localhost"
		origins = append(origins, site.Scheme+"://localhost"+portSuffix(site))
	}
	for _, o := range append([]string{siteURL}, corsOrigins...) {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		host := strings.ToLower(u.Hostname())
		if host == rpID || strings.HasSuffix(host, "."+rpID) {
			origins = append(origins, u.Scheme+"://"+strings.ToLower(u.Host))
		}
	}
	return rpID, origins
}

func portSuffix(u *url.URL) string {
	if p := u.Port(); p != "" {
		return ":" + p
	}
	return ""
}

func (c Config) validate() []error {
	var errs []error
	if _, _, err := db.SplitURL(c.DatabaseURL); err != nil {
		errs = append(errs, fmt.Errorf("DATABASE_URL: %w", err))
	}
	for name, v := range map[string]string{"SITE_URL": c.SiteURL, "PAYPAL_API_BASE": c.PayPalAPIBase, "PAYPAL_SDK_URL": c.PayPalSDKURL, "GOOGLE_ISSUER": c.GoogleIssuer} {
		if err := checkHTTPURL(v); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	if c.SMTPURL != "" {
		u, err := url.Parse(c.SMTPURL)
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			errs = append(errs, fmt.Errorf("SMTP_URL: %q must look like smtp://user:password@host:port", c.SMTPURL))
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		errs = append(errs, fmt.Errorf("MAIL_FROM: %q is not an e-mail address", c.MailFrom))
	}
	if _, err := mail.ParseAddress(c.MailFromMarketing); err != nil {
		errs = append(errs, fmt.Errorf("MAIL_FROM_MARKETING: %q is not an e-mail address", c.MailFromMarketing))
	}
	if c.MailEventsSecret != "" && len(c.MailEventsSecret) < 32 {
		errs = append(errs, errors.New("MAIL_EVENTS_SECRET: must be at least 32 characters"))
	}
	if (c.GoogleClientID == "") != (c.GoogleClientSecret == "") {
		errs = append(errs, errors.New("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither"))
	}
	if (c.PayPalClientID == "") != (c.PayPalClientSecret == "") {
		errs = append(errs, errors.New("PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: set both or neither"))
	}
	if c.JWTSecret != "" && len(c.JWTSecret) < 32 {
		errs = append(errs, errors.New("JWT_SECRET: must be at least 32 characters"))
	}
	if c.BackupS3URL != "" {
		if _, err := objectstore.Open(c.BackupS3URL); err != nil {
			errs = append(errs, fmt.Errorf("BACKUP_S3_URL: %w", err))
		}
	}
	if c.FilesS3URL != "" {
		if _, err := objectstore.Open(c.FilesS3URL); err != nil {
			errs = append(errs, fmt.Errorf("FILES_S3_URL: %w", err))
		}
	}
	if c.BackupAgeRecipient != "" {
		if _, err := age.ParseX25519Recipient(c.BackupAgeRecipient); err != nil {
			errs = append(errs, fmt.Errorf("BACKUP_AGE_RECIPIENT: %q is not an age public key (age1...)", c.BackupAgeRecipient))
		}
	}
	if c.AuthServiceRoleKey != "" && len(c.AuthServiceRoleKey) < 32 {
		errs = append(errs, errors.New("AUTH_SERVICE_ROLE_KEY: must be at least 32 characters"))
	}
	if c.MetricsToken != "" && len(c.MetricsToken) < 32 {
		errs = append(errs, errors.New("METRICS_TOKEN: must be at least 32 characters"))
	}
	return errs
}

// marketingFrom is MAIL_FROM's address under its name and "News": the
// campaigns' sender, apart from order and account mail as Gmail asks.
func marketingFrom(from string) string {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return from // MAIL_FROM's own check names the problem
	}
	name := a.Name
	if name == "" {
		name = "Siso & Friends"
	}
	return (&mail.Address{Name: name + " News", Address: a.Address}).String()
}

// duration reads a Go duration of at least a minute, or 0 (off).
func duration(key, def, v string, errs *[]error) time.Duration {
	if v == "0" {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Minute {
		*errs = append(*errs, fmt.Errorf("%s: %q must be a duration of a minute or more (24h, 6h, 30m), or 0 to turn it off", key, v))
		d, _ = time.ParseDuration(def)
	}
	return d
}

// defaultBackupDir is "backups" beside a SQLite database. PostgreSQL's
// database is elsewhere, so there is no default: CheckScheduledBackups asks
// for BACKUP_DIR when `serve` would make backups.
func defaultBackupDir(databaseURL string) string { return defaultBeside(databaseURL, "backups") }

// defaultBeside is the folder name beside a SQLite database, or "" on
// PostgreSQL, whose database is elsewhere.
func defaultBeside(databaseURL, name string) string {
	driver, path, err := db.SplitURL(databaseURL)
	if err != nil || driver != "sqlite" {
		return ""
	}
	return filepath.Join(filepath.Dir(path), name)
}

// CheckScheduledBackups is `serve`'s own check: scheduled backups need a
// folder, which PostgreSQL has no default for (an instance's disk is not
// where its database is: the operator must choose, and with several
// instances add BACKUP_S3_URL so they share the archives).
func (c Config) CheckScheduledBackups() error {
	if c.BackupEvery > 0 && c.BackupDir == "" {
		return errors.New("BACKUP_DIR: required on PostgreSQL while scheduled backups are on (BACKUP_EVERY); set a folder for the archives, and BACKUP_S3_URL too with several instances, or BACKUP_EVERY=0 to turn them off")
	}
	return nil
}

// GoogleEnabled tells whether Google sign-in is configured.
func (c Config) GoogleEnabled() bool { return c.GoogleClientID != "" }

// PayPalEnabled tells whether PayPal checkout is configured.
func (c Config) PayPalEnabled() bool { return c.PayPalClientID != "" }

func checkHTTPURL(v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q must be an http(s) URL", v)
	}
	return nil
}

func parseBool(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a boolean (use 1/0 or true/false)", v)
}

// parseTrustedProxies reads a comma-separated list of IP addresses and CIDR
// ranges, e.g. "10.0.0.0/8, 192.0.2.7, fd00::/8".
func parseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			p, err := netip.ParsePrefix(part)
			if err != nil {
				return nil, fmt.Errorf("%q is not an IP address or CIDR range", part)
			}
			out = append(out, p.Masked())
			continue
		}
		ip, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("%q is not an IP address or CIDR range", part)
		}
		ip = ip.Unmap()
		out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
	}
	return out, nil
}
