package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
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
	SiteURL            string        // SITE_URL: e-mail links and redirects
	AuthCORSOrigins    []string      // AUTH_CORS_ORIGINS: origins besides SITE_URL's that may call /auth/v1
	JWTSecret          string        // JWT_SECRET: "" means generated once and kept in the database
	RateLimitPerMinute int           // RATE_LIMIT_PER_MINUTE: per-IP limit of the sign-in and e-mail endpoints
	EmailCooldown      time.Duration // EMAIL_COOLDOWN_SECONDS
	MailerAutoconfirm  bool          // MAILER_AUTOCONFIRM
	DisableSignup      bool          // DISABLE_SIGNUP

	GoogleClientID     string // GOOGLE_CLIENT_ID; "" means no Google sign-in
	GoogleClientSecret string // GOOGLE_CLIENT_SECRET
	GoogleIssuer       string // GOOGLE_ISSUER
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
	httpClient *http.Client
	limiter    *ratelimit.Limiter // per-IP limits of the sign-in and e-mail endpoints
	// proofFailures counts wrong passwords and codes per account (limits.go).
	proofFailures *ratelimit.Failures

	dummyOnce sync.Once
	dummy     string

	googleMu sync.Mutex // guards google, discovered on first use
	google   *googleClient
}

// Option changes a default of NewService; tests use them.
type Option func(*Service)

// WithClock replaces time.Now, so tests can move time forward.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithCheapPasswordHashing makes argon2id fast. Only for tests: production
// uses the OWASP parameters.
func WithCheapPasswordHashing() Option {
	return func(s *Service) { s.hashParams = argonParams{memoryKiB: 64, iterations: 1, threads: 1} }
}

// NewService builds the account service. The JWT secret comes from
// JWT_SECRET, or is generated once and kept in the database so sessions
// survive restarts and are valid on every instance.
func NewService(ctx context.Context, cfg Settings, d *db.DB, opts ...Option) (*Service, error) {
	s := &Service{
		cfg:        cfg,
		db:         d,
		now:        time.Now,
		hashParams: owaspArgonParams,
		httpClient: &http.Client{Timeout: 15 * time.Second},
	}
	for _, o := range opts {
		o(s)
	}
	s.limiter = ratelimit.New(d, cfg.RateLimitPerMinute, s.clock)
	s.proofFailures = ratelimit.NewFailures(d, "proof_failed", maxPasswordFailures, passwordFailureWindow, s.clock)
	secret, err := loadJWTSecret(ctx, d, cfg.JWTSecret)
	if err != nil {
		return nil, err
	}
	s.jwtSecret = secret
	return s, nil
}

func (s *Service) clock() time.Time { return s.now().UTC() }

// decodeBody reads a JSON request body. An empty body is an empty object,
// as GoTrue treats it; bad JSON is a 400 bad_json, and text with control
// characters (a NUL makes PostgreSQL fail) a 400 validation_failed.
func decodeBody(r *http.Request, v any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return newError(http.StatusRequestEntityTooLarge, "request_too_large", "Request body is too large")
		}
		return badRequest("bad_json", "Could not read request body")
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil
	}
	if err := json.Unmarshal(body, v); err != nil {
		return badRequest("bad_json", "Could not parse request body as JSON: %v", describeJSONError(err))
	}
	return httpx.CheckText(v)
}

func describeJSONError(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("field %q has the wrong type", typeErr.Field)
	}
	return "malformed JSON"
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }
