// Access tokens: the JWT claims, signing and checking.

package gotrue

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
	if s.keys == nil {
		tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.jwtSecret)
		return tok, exp, err
	}
	k, err := s.keys.current(now)
	if err != nil {
		return "", time.Time{}, err
	}
	t := jwt.NewWithClaims(jwt.GetSigningMethod(k.alg), claims)
	t.Header["kid"] = k.kid
	tok, err := t.SignedString(k.signer)
	return tok, exp, err
}

// verificationKey picks the key a token names: an asymmetric key by its kid,
// of the token's algorithm; or, for HS256 without a kid, the secret, while
// it verifies. A token naming the secret's algorithm with a kid, or a key's
// kid with another algorithm (a public key used as an HMAC secret), is
// refused, as is alg "none" (not among the parser's valid methods).
func (s *Service) verificationKey(t *jwt.Token) (any, error) {
	now := s.clock()
	kid, _ := t.Header["kid"].(string)
	if kid == "" {
		if t.Method.Alg() != "HS256" {
			return nil, errors.New("token has no kid")
		}
		if s.keys != nil && !now.Before(s.secretUntil) {
			return nil, errors.New("HS256 tokens are no longer accepted")
		}
		return s.jwtSecret, nil
	}
	if len(kid) > 128 {
		return nil, errors.New("kid too long")
	}
	var k *signingKey
	if s.keys != nil {
		k = s.keys.lookup(now, kid)
	}
	if k == nil {
		return nil, errors.New("unknown kid")
	}
	if t.Method.Alg() != k.alg {
		return nil, errors.New("algorithm does not match the key")
	}
	return k.signer.Public(), nil
}

// parseAccessToken checks the signature, algorithm, audience and expiry.
func (s *Service) parseAccessToken(raw string) (*accessClaims, error) {
	var claims accessClaims
	_, err := jwt.ParseWithClaims(raw, &claims, s.verificationKey,
		jwt.WithValidMethods([]string{"HS256", AlgES256, AlgRS256}),
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
