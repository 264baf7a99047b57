// Access tokens: the JWT claims, signing and checking.

package auth

import (
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

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
