package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"bookshop/internal/db"
)

// loadJWTSecret returns the configured secret, or the one kept in app_meta,
// creating it on first start. ON CONFLICT keeps two instances starting at
// once from each writing their own.
func loadJWTSecret(ctx context.Context, d *db.DB, configured string) ([]byte, error) {
	if configured != "" {
		return []byte(configured), nil
	}
	if _, err := d.ExecContext(ctx, `INSERT INTO app_meta (key, value) VALUES ('jwt_secret', ?) ON CONFLICT (key) DO NOTHING`, randomToken(48)); err != nil {
		return nil, fmt.Errorf("auth: store JWT secret: %w", err)
	}
	var secret string
	if err := d.QueryRowContext(ctx, `SELECT value FROM app_meta WHERE key = 'jwt_secret'`).Scan(&secret); err != nil {
		return nil, fmt.Errorf("auth: read JWT secret: %w", err)
	}
	return []byte(secret), nil
}

// randomToken returns n random bytes, URL-safe base64 encoded.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is how every bearer secret (refresh token, link token, code) is
// stored: its SHA-256. The secrets are long and random, so no salt is needed.
func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}

func newID() string { return uuid.NewString() }

// amrEntry records how and when a session was authenticated.
type amrEntry struct {
	Method    string `json:"method"`
	Timestamp int64  `json:"timestamp"`
}

// accessClaims are the claims of an access token, as Supabase Auth issues them.
type accessClaims struct {
	jwt.RegisteredClaims
	Email        string         `json:"email"`
	Phone        string         `json:"phone"`
	AppMetadata  map[string]any `json:"app_metadata"`
	UserMetadata map[string]any `json:"user_metadata"`
	Role         string         `json:"role"`
	AAL          string         `json:"aal"`
	AMR          []amrEntry     `json:"amr"`
	SessionID    string         `json:"session_id"`
	IsAnonymous  bool           `json:"is_anonymous"`
}

const audience = "authenticated"

func (s *Service) issuer() string { return s.cfg.SiteURL + "/auth/v1" }

func (s *Service) signAccessToken(u *user, sess *session, now time.Time) (string, time.Time, error) {
	exp := now.Add(accessTokenTTL)
	claims := accessClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    s.issuer(),
			Subject:   u.ID,
			Audience:  jwt.ClaimStrings{audience},
			ExpiresAt: jwt.NewNumericDate(exp),
			IssuedAt:  jwt.NewNumericDate(now),
		},
		Email:        u.Email,
		AppMetadata:  u.appMetadata(),
		UserMetadata: u.UserMetadata,
		Role:         audience,
		AAL:          sess.AAL,
		AMR:          sess.AMR,
		SessionID:    sess.ID,
	}
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.jwtSecret)
	return tok, exp, err
}

// parseAccessToken checks the signature, algorithm, audience and expiry.
func (s *Service) parseAccessToken(raw string) (*accessClaims, error) {
	var claims accessClaims
	_, err := jwt.ParseWithClaims(raw, &claims, func(*jwt.Token) (any, error) { return s.jwtSecret, nil },
		jwt.WithValidMethods([]string{"HS256"}),
		jwt.WithAudience(audience),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(s.clock))
	if err != nil {
		return nil, err
	}
	if claims.Subject == "" || claims.SessionID == "" {
		return nil, errors.New("token lacks sub or session_id")
	}
	return &claims, nil
}

// randomFrom returns n characters drawn uniformly from alphabet.
func randomFrom(alphabet string, n int) string {
	out := make([]byte, n)
	for i := range out {
		out[i] = alphabet[randomIndex(len(alphabet))]
	}
	return string(out)
}

func randomIndex(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err)
	}
	return int(v.Int64())
}
