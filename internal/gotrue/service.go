// Package gotrue is the account service: a Supabase-Auth-compatible API
// under /auth/v1 (sign-up, tokens, sessions, factors, passkeys, Google, the
// admin API) and its stores. Its middleware fills in the caller that
// features read through internal/auth; only internal/server imports it.
//
// The shop's own staff and customer tools, outside GoTrue's API, are the
// files named shop_*.go: the staff (shop_staff.go), helping a customer
// (shop_customers.go), the parent's sessions (shop_sessions.go) and sign-in
// history (shop_sign_ins.go).
package gotrue

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"

	"bookshop/internal/db"
	"bookshop/internal/ratelimit"
)

// Lifetimes of the things the service hands out.
const (
	accessTokenTTL     = time.Hour
	confirmationTTL    = 24 * time.Hour
	recoveryTTL        = time.Hour
	authCodeTTL        = 5 * time.Minute
	oauthFlowTTL       = 10 * time.Minute
	refreshReuseWindow = 10 * time.Second
	mfaChallengeTTL    = 5 * time.Minute
)

// Settings are the deployment settings the account service reads, named as
// in config.Config (and GoTrue's settings where GoTrue has them).
type Settings struct {
	SiteURL           string        // SITE_URL: e-mail links and redirects
	AuthCORSOrigins   []string      // AUTH_CORS_ORIGINS: origins besides SITE_URL's that may call /auth/v1
	WebAuthnRPID      string        // passkeys' relying party, from SITE_URL; "" turns passkeys off
	WebAuthnOrigins   []string      // the origins a passkey ceremony may come from
	JWTSecret         string        // JWT_SECRET: "" means generated once and kept in the database
	EmailCooldown     time.Duration // EMAIL_COOLDOWN_SECONDS
	MailerAutoconfirm bool          // MAILER_AUTOCONFIRM
	DisableSignup     bool          // DISABLE_SIGNUP

	GoogleClientID     string // GOOGLE_CLIENT_ID; "" means no Google sign-in
	GoogleClientSecret string // GOOGLE_CLIENT_SECRET
	GoogleIssuer       string // GOOGLE_ISSUER

	AuthServiceRoleKey string // AUTH_SERVICE_ROLE_KEY: the bearer of /auth/v1/admin; "" turns it off
}

// GoogleEnabled tells whether Google sign-in is configured.
func (c Settings) GoogleEnabled() bool { return c.GoogleClientID != "" }

// Service is the account service: the /auth/v1 API, sessions, profiles and
// the admin role.
type Service struct {
	cfg        Settings
	db         *db.DB
	now        func() time.Time
	hashParams argonParams
	jwtSecret  []byte
	// keys sign access tokens unless JWT_SECRET is set (signing_keys.go);
	// nil then: HS256 with the secret, as before.
	keys *keyRing
	// secretUntil: with keys, HS256 tokens of the secret generated before
	// them verify until then, so the switch signs nobody out.
	secretUntil time.Time
	httpClient  *http.Client
	// proofFailures counts wrong passwords and codes per account (limits.go).
	proofFailures *ratelimit.Failures

	dummyOnce sync.Once
	dummy     string

	googleMu sync.Mutex // guards google, discovered on first use
	google   *googleClient

	rp     *webauthn.WebAuthn // passkeys and WebAuthn factors (webauthn.go); nil when off
	places CountryLookup      // GEOIP_DATABASE for the places of sign-ins; nil: unknown
	shop   Shop               // the account's deletion and a customer's records, of other features
}

// Shop is what the account service needs of the shop's other features,
// wired by internal/server.
type Shop struct {
	// EraseAccount deletes an account as its owner's own deletion does: the
	// admin API's and the back office's deletions (admin_api.go).
	EraseAccount AccountEraser
	// Records are what a customer's page shows of other features (customers.go).
	Records CustomerRecords
}

// Option changes a default of New; tests use them.
type Option func(*Service)

// WithClock replaces time.Now, so tests can move time forward.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithCheapPasswordHashing makes argon2id fast. Only for tests: production
// uses the OWASP parameters.
func WithCheapPasswordHashing() Option {
	return func(s *Service) { s.hashParams = argonParams{memoryKiB: 64, iterations: 1, threads: 1} }
}

// New builds the account service. With JWT_SECRET set, access tokens are
// signed with it (HS256); otherwise with the asymmetric keys kept in the
// database (the first made now if there is none), so sessions survive
// restarts and are valid on every instance. A secret is still generated
// once and kept in the database for the passkey sign-in's HMAC.
func New(ctx context.Context, cfg Settings, d *db.DB, shop Shop, opts ...Option) (*Service, error) {
	if shop.EraseAccount == nil || shop.Records.Orders == nil || shop.Records.Children == nil {
		return nil, errors.New("auth: New needs the shop's account deletion and customer records")
	}
	s := &Service{
		shop:       shop,
		cfg:        cfg,
		db:         d,
		now:        time.Now,
		hashParams: owaspArgonParams,
		httpClient: &http.Client{Timeout: 15 * time.Second},
	}
	for _, o := range opts {
		o(s)
	}
	s.proofFailures = ratelimit.NewFailures(d, "proof_failed", maxPasswordFailures, passwordFailureWindow, s.clock)
	secret, err := loadJWTSecret(ctx, d, cfg.JWTSecret)
	if err != nil {
		return nil, err
	}
	s.jwtSecret = secret
	if cfg.JWTSecret == "" {
		if err := ensureSigningKey(ctx, d, s.clock()); err != nil {
			return nil, err
		}
		retired, err := secretRetiredAt(ctx, d, s.clock())
		if err != nil {
			return nil, err
		}
		s.secretUntil = retired.Add(accessTokenTTL + keyGrace)
		s.keys = newKeyRing(d)
	}
	if s.rp, err = newRelyingParty(cfg); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Service) clock() time.Time { return s.now().UTC() }

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }
