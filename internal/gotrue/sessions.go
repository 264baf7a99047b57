package gotrue

import (
	"context"
	"errors"
	"net/http"
	"time"

	"bookshop/internal/db"
)

// session is a signed-in browser: refresh tokens rotate within it, and
// deleting it signs that browser out.
type session struct {
	ID     string
	UserID string
	AAL    string
	AMR    []amrEntry
}

// startedWith reports whether the session was opened by method; later steps
// (a TOTP code) are added in front of the first one.
func (s *session) startedWith(method string) bool {
	return len(s.AMR) > 0 && s.AMR[len(s.AMR)-1].Method == method
}

// tokenResponse is the session object of Supabase Auth.
type tokenResponse struct {
	AccessToken  string    `json:"access_token"`
	TokenType    string    `json:"token_type"`
	ExpiresIn    int       `json:"expires_in"`
	ExpiresAt    int64     `json:"expires_at"`
	RefreshToken string    `json:"refresh_token"`
	User         *userJSON `json:"user"`

	unsigned *unsignedAccess // the access token still to sign (signResponse)
}

// unsignedAccess is what an access token is signed from.
type unsignedAccess struct {
	user    *user
	session *session
	at      time.Time
}

// signIn starts a new session for u, authenticated by method ("password",
// "otp", "oauth", ...), and records the sign-in on the profile.
func (s *Service) signIn(ctx context.Context, q db.Querier, u *user, method string, r *http.Request) (*tokenResponse, error) {
	now := s.clock()
	if err := s.refuseBanned(ctx, q, u.ID); err != nil {
		return nil, err
	}
	sess := &session{ID: newID(), UserID: u.ID, AAL: "aal1", AMR: []amrEntry{{Method: method, Timestamp: now.Unix()}}}
	if err := insertSession(ctx, q, sess, r, now); err != nil {
		return nil, err
	}
	if err := s.signedIn(ctx, q, u, sess, method, r); err != nil {
		return nil, err
	}
	if err := touchLastLogin(ctx, q, u.ID, now); err != nil {
		return nil, err
	}
	u.LastSignInAt = &now
	return s.sessionResponse(ctx, q, u, sess)
}

// sessionResponse hands out a new refresh token and access token for sess.
func (s *Service) sessionResponse(ctx context.Context, q db.Querier, u *user, sess *session) (*tokenResponse, error) {
	resp, err := s.unsignedSessionResponse(ctx, q, u, sess)
	if err != nil {
		return nil, err
	}
	return resp, s.signResponse(resp)
}

// unsignedSessionResponse is sessionResponse but for the access token,
// which signResponse adds: a rotation signs it after its transaction, as
// an ES256 signature (about 0.05 ms) needs nothing of the database and
// SQLite's writer would wait for it.
func (s *Service) unsignedSessionResponse(ctx context.Context, q db.Querier, u *user, sess *session) (*tokenResponse, error) {
	now := s.clock()
	refresh, err := newRefreshToken(ctx, q, sess, now)
	if err != nil {
		return nil, err
	}
	uj, err := s.userResponse(ctx, q, u)
	if err != nil {
		return nil, err
	}
	return &tokenResponse{TokenType: "bearer", ExpiresIn: int(accessTokenTTL.Seconds()), RefreshToken: refresh, User: uj,
		unsigned: &unsignedAccess{user: u, session: sess, at: now}}, nil
}

// signResponse signs the access token of an unsigned response.
func (s *Service) signResponse(resp *tokenResponse) error {
	a := resp.unsigned
	if a == nil {
		return nil
	}
	access, exp, err := s.signAccessToken(a.user, a.session, a.at)
	if err != nil {
		return err
	}
	resp.AccessToken, resp.ExpiresAt, resp.unsigned = access, exp.Unix(), nil
	return nil
}

// refresh rotates a refresh token. A token already used is handled
// according to when it was used: within refreshReuseWindow (two tabs
// refreshing at once) the session continues with a new token; later, the
// reuse means the token leaked, so the whole session is revoked.
func (s *Service) refresh(ctx context.Context, tx db.Querier, raw string) (*tokenResponse, error) {
	now := s.clock()
	rt, err := refreshTokenByHash(ctx, tx, hashToken(raw))
	if errors.Is(err, errNoSession) {
		return nil, badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
	}
	if err != nil {
		return nil, err
	}
	revokedAt := rt.RevokedAt
	if revokedAt == nil {
		won, err := revokeRefreshToken(ctx, tx, rt.ID, now)
		if err != nil {
			return nil, err
		}
		if !won {
			revokedAt = &now // lost a race with a concurrent refresh: same as a reuse right now
		}
	}
	sessionID := rt.SessionID
	if revokedAt != nil && now.Sub(*revokedAt) > refreshReuseWindow {
		if err := deleteSessions(ctx, tx, rt.UserID, sessionID, scopeLocal); err != nil {
			return nil, err
		}
		return nil, badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used")
	}
	sess, err := sessionByID(ctx, tx, sessionID)
	if errors.Is(err, errNoSession) {
		return nil, badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
	}
	if err != nil {
		return nil, err
	}
	u, err := userByID(ctx, tx, sess.UserID)
	if err != nil {
		return nil, err
	}
	return s.unsignedSessionResponse(ctx, tx, u, sess) // the caller signs it after the commit
}
