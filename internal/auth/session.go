package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// session is a signed-in browser: refresh tokens rotate within it, and
// deleting it signs that browser out.
type session struct {
	ID     string
	UserID string
	AAL    string
	AMR    []amrEntry
}

var errNoSession = errors.New("auth: no such session")

func sessionByID(ctx context.Context, q db.Querier, id string) (*session, error) {
	var s session
	var amr string
	err := q.QueryRowContext(ctx, `SELECT id, user_id, aal, amr FROM sessions WHERE id = ?`, id).Scan(&s.ID, &s.UserID, &s.AAL, &amr)
	if db.IsNoRows(err) {
		return nil, errNoSession
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(amr), &s.AMR); err != nil {
		return nil, err
	}
	return &s, nil
}

func insertSession(ctx context.Context, q db.Querier, sess *session, r *http.Request, now time.Time) error {
	amr, _ := json.Marshal(sess.AMR)
	_, err := q.ExecContext(ctx, `INSERT INTO sessions (id, user_id, aal, amr, user_agent, ip, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, sess.ID, sess.UserID, sess.AAL, string(amr), truncate(r.UserAgent(), 300), httpx.ClientIPString(r), now, now)
	return err
}

// raiseToAAL2 records a passed second factor on the session.
func raiseToAAL2(ctx context.Context, q db.Querier, sess *session, method string, now time.Time) error {
	sess.AAL = "aal2"
	sess.AMR = append([]amrEntry{{Method: method, Timestamp: now.Unix()}}, sess.AMR...)
	amr, _ := json.Marshal(sess.AMR)
	_, err := q.ExecContext(ctx, `UPDATE sessions SET aal = ?, amr = ?, updated_at = ? WHERE id = ?`, sess.AAL, string(amr), now, sess.ID)
	return err
}

// newRefreshToken stores the hash of a fresh refresh token for the session
// and returns the token itself, which only the client ever holds.
func newRefreshToken(ctx context.Context, q db.Querier, sess *session, now time.Time) (string, error) {
	tok := randomToken(32)
	_, err := q.ExecContext(ctx, `INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at) VALUES (?, ?, ?, ?)`,
		hashToken(tok), sess.ID, sess.UserID, now)
	return tok, err
}

// tokenResponse is the session object of Supabase Auth.
type tokenResponse struct {
	AccessToken  string    `json:"access_token"`
	TokenType    string    `json:"token_type"`
	ExpiresIn    int       `json:"expires_in"`
	ExpiresAt    int64     `json:"expires_at"`
	RefreshToken string    `json:"refresh_token"`
	User         *userJSON `json:"user"`
}

// signIn starts a new session for u, authenticated by method ("password",
// "otp", "oauth", ...), and records the sign-in on the profile.
func (s *Service) signIn(ctx context.Context, q db.Querier, u *user, method string, r *http.Request) (*tokenResponse, error) {
	now := s.clock()
	sess := &session{ID: newID(), UserID: u.ID, AAL: "aal1", AMR: []amrEntry{{Method: method, Timestamp: now.Unix()}}}
	if err := insertSession(ctx, q, sess, r, now); err != nil {
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
	now := s.clock()
	refresh, err := newRefreshToken(ctx, q, sess, now)
	if err != nil {
		return nil, err
	}
	access, exp, err := s.signAccessToken(u, sess, now)
	if err != nil {
		return nil, err
	}
	uj, err := s.userResponse(ctx, q, u)
	if err != nil {
		return nil, err
	}
	return &tokenResponse{AccessToken: access, TokenType: "bearer", ExpiresIn: int(accessTokenTTL.Seconds()),
		ExpiresAt: exp.Unix(), RefreshToken: refresh, User: uj}, nil
}

// refresh rotates a refresh token. A token already used is answered
// according to when it was used: within refreshReuseWindow (two tabs
// refreshing at once) the session continues with a new token; later, the
// reuse means the token leaked, so the whole session is revoked.
func (s *Service) refresh(ctx context.Context, tx db.Querier, raw string) (*tokenResponse, error) {
	now := s.clock()
	var id int64
	var sessionID string
	var revokedAt *time.Time
	var revoked sql.NullTime
	err := tx.QueryRowContext(ctx, `SELECT id, session_id, revoked_at FROM refresh_tokens WHERE token_hash = ?`, hashToken(raw)).
		Scan(&id, &sessionID, &revoked)
	if db.IsNoRows(err) {
		return nil, badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
	}
	if err != nil {
		return nil, err
	}
	revokedAt = timePtr(revoked)
	if revokedAt == nil {
		res, err := tx.ExecContext(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, now, id)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			revokedAt = &now // lost a race with a concurrent refresh: same as a reuse right now
		}
	}
	if revokedAt != nil && now.Sub(*revokedAt) > refreshReuseWindow {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, sessionID); err != nil {
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
	return s.sessionResponse(ctx, tx, u, sess)
}

// bearer is the caller of an /auth/v1 endpoint that needs a session.
type bearer struct {
	claims  *accessClaims
	session *session
	user    *user
}

// requireBearer checks the Authorization header, the session behind it and
// the user, answering with GoTrue's errors.
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
			r = r.WithContext(WithCaller(r.Context(), c))
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Service) callerOf(r *http.Request) (Caller, bool) {
	raw, ok := bearerToken(r)
	if !ok {
		return Caller{}, false
	}
	claims, err := s.parseAccessToken(raw)
	if err != nil {
		return Caller{}, false
	}
	var role *string
	err = s.db.QueryRowContext(r.Context(), `SELECT p.role FROM sessions s LEFT JOIN profiles p ON p.id = s.user_id
		WHERE s.id = ? AND s.user_id = ?`, claims.SessionID, claims.Subject).Scan(&role)
	if err != nil {
		return Caller{}, false
	}
	return Caller{UserID: claims.Subject, Email: claims.Email, SessionID: claims.SessionID, IsAdmin: role != nil && *role == roleAdmin}, true
}
