// Who is calling: the bearer of an /auth/v1 request and the middleware that tells /api routes.

package gotrue

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"bookshop/internal/auth"
	"bookshop/internal/db"
)

// bearer is the caller of an /auth/v1 endpoint that needs a session.
type bearer struct {
	claims  *accessClaims
	session *session
	user    *user
}

// requireBearer checks the Authorization header, the session behind it and
// the user, responding with GoTrue's errors.
func (s *Service) requireBearer(ctx context.Context, q db.Querier, r *http.Request) (*bearer, error) {
	raw, ok := bearerToken(r)
	if !ok {
		return nil, errNoAuthorization
	}
	claims, err := s.parseAccessToken(raw)
	if err != nil {
		return nil, errBadJWT
	}
	sess, err := sessionByID(ctx, q, claims.SessionID)
	if errors.Is(err, errNoSession) || (err == nil && sess.UserID != claims.Subject) {
		return nil, errSessionNotFound
	}
	if err != nil {
		return nil, err
	}
	u, err := userByID(ctx, q, claims.Subject)
	if errors.Is(err, errNoUser) {
		return nil, errUserNotFound
	}
	if err != nil {
		return nil, err
	}
	return &bearer{claims: claims, session: sess, user: u}, nil
}

func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return "", false
	}
	t := strings.TrimSpace(h[7:])
	return t, t != ""
}

// Middleware puts the signed-in caller in the request context when the
// request carries a valid access token whose session still exists. Any
// other request continues anonymous: each route decides what that means.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := s.callerOf(r); ok {
			r = r.WithContext(auth.WithCaller(r.Context(), c))
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Service) callerOf(r *http.Request) (auth.Caller, bool) {
	raw, ok := bearerToken(r)
	if !ok {
		return auth.Caller{}, false
	}
	claims, err := s.parseAccessToken(raw)
	if err != nil {
		return auth.Caller{}, false
	}
	sc, err := callerSession(r.Context(), s.db, claims.SessionID, claims.Subject)
	if err != nil {
		return auth.Caller{}, false
	}
	if err := touchUsedSession(r.Context(), s.db, claims.SessionID, sc.LastUsedAt, s.clock()); err != nil {
		// The request goes on: its last use is shown a few minutes late at worst.
		slog.WarnContext(r.Context(), "auth: session use not recorded", "err", err)
	}
	return auth.Caller{UserID: claims.Subject, Email: claims.Email, SessionID: claims.SessionID, Role: auth.Role(sc.Role),
		AAL: sessionAAL(claims.AAL, sc.AAL), HasVerifiedFactor: sc.HasVerifiedFactor}, true
}

// sessionAAL is the level a request is at: aal2 only when both the token and
// the session say so (a token issued before the session was raised stays
// aal1, as in GoTrue, which reads the token's claim).
func sessionAAL(tokenAAL, storedAAL string) string {
	if tokenAAL == "aal2" && storedAAL == "aal2" {
		return "aal2"
	}
	return "aal1"
}

// requireSecondStep responds with GoTrue's insufficient_aal when the bearer's
// account has a verified factor and this session has not passed it. what
// names the action in the message.
func (s *Service) requireSecondStep(ctx context.Context, q db.Querier, b *bearer, what string) error {
	if sessionAAL(b.claims.AAL, b.session.AAL) == "aal2" {
		return nil
	}
	fs, err := factorsOf(ctx, q, b.user.ID)
	if err != nil {
		return err
	}
	if hasVerifiedFactor(fs) {
		return forbidden("insufficient_aal", "AAL2 session is required to %s when MFA is enabled.", what)
	}
	return nil
}
