// The SQL of sessions, refresh tokens and the JWT secret.

package gotrue

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

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

// refreshToken is a row of refresh_tokens.
type refreshToken struct {
	ID        int64
	SessionID string
	UserID    string
	RevokedAt *time.Time
}

// refreshTokenByHash finds a refresh token, or returns errNoSession.
func refreshTokenByHash(ctx context.Context, q db.Querier, hash string) (*refreshToken, error) {
	var t refreshToken
	var revoked sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT id, session_id, user_id, revoked_at FROM refresh_tokens WHERE token_hash = ?`, hash).
		Scan(&t.ID, &t.SessionID, &t.UserID, &revoked)
	if db.IsNoRows(err) {
		return nil, errNoSession
	}
	if err != nil {
		return nil, err
	}
	t.RevokedAt = timePtr(revoked)
	return &t, nil
}

// revokeRefreshToken marks a token used; false means another request
// revoked it first.
func revokeRefreshToken(ctx context.Context, q db.Querier, id int64, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, now, id)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// Logout scopes, as auth-js names them.
const (
	scopeGlobal = "global" // every session of the user
	scopeLocal  = "local"  // this session
	scopeOthers = "others" // every session but this one
)

// deleteSessions signs a user's sessions out: this one, all, or all but
// this one. Their refresh tokens go with them.
func deleteSessions(ctx context.Context, q db.Querier, userID, sessionID, scope string) error {
	var query string
	switch scope {
	case scopeGlobal:
		query = `DELETE FROM sessions WHERE user_id = ? AND ? <> ''`
	case scopeLocal:
		query = `DELETE FROM sessions WHERE user_id = ? AND id = ?`
	case scopeOthers:
		query = `DELETE FROM sessions WHERE user_id = ? AND id <> ?`
	default:
		return fmt.Errorf("auth: unknown logout scope %q", scope)
	}
	_, err := q.ExecContext(ctx, query, userID, sessionID)
	return err
}

// touchInterval is how stale a session's last use may get while it is in
// use: a request records its use only when the last one recorded is older,
// so a busy session costs one write per interval, not one per request.
const touchInterval = 5 * time.Minute

// touchUsedSession records a request as the session's last use when the
// recorded one is older than touchInterval. The condition is in the UPDATE,
// so requests racing past the same stale time (on any instance) write once.
func touchUsedSession(ctx context.Context, q db.Querier, sessionID string, lastUsed, now time.Time) error {
	if now.Sub(lastUsed) < touchInterval {
		return nil
	}
	_, err := q.ExecContext(ctx, `UPDATE sessions SET updated_at = ? WHERE id = ? AND updated_at < ?`,
		now, sessionID, now.Add(-touchInterval))
	if err != nil {
		return fmt.Errorf("auth: record a session's use: %w", err)
	}
	return nil
}

// sessionCaller is what the middleware needs to know of a live session.
type sessionCaller struct {
	Role              string
	AAL               string
	HasVerifiedFactor bool
	LastUsedAt        time.Time // the session's updated_at
}

// callerSession finds a session of the user with the user's profile role,
// the session's assurance level and whether the user has a verified factor.
func callerSession(ctx context.Context, q db.Querier, sessionID, userID string) (*sessionCaller, error) {
	var c sessionCaller
	var role *string
	err := q.QueryRowContext(ctx, `SELECT p.role, s.aal,
			EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = s.user_id AND f.status = 'verified'), s.updated_at
		FROM sessions s LEFT JOIN profiles p ON p.id = s.user_id
		WHERE s.id = ? AND s.user_id = ?`, sessionID, userID).Scan(&role, &c.AAL, &c.HasVerifiedFactor, &c.LastUsedAt)
	if db.IsNoRows(err) {
		return nil, errNoSession
	}
	if err != nil {
		return nil, err
	}
	if role != nil {
		c.Role = *role
	}
	return &c, nil
}

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
