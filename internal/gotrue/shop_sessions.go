// The parent's sessions: every signed-in browser with its device, place and
// last use, and signing one of them (or all others) out.

package gotrue

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// touchSession records a refresh as the session's last use, from the
// request's address and browser, as GoTrue's refreshed_at, ip and user_agent.
func touchSession(ctx context.Context, q db.Querier, refreshToken string, r *http.Request, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE sessions SET updated_at = ?, ip = ?, user_agent = ?
		WHERE id = (SELECT session_id FROM refresh_tokens WHERE token_hash = ?)`,
		now, httpx.ClientIPString(r), truncate(r.UserAgent(), 300), hashToken(refreshToken))
	if err != nil {
		return fmt.Errorf("auth: touch a session: %w", err)
	}
	return nil
}

// SessionInfo is a session as its owner and the back office see it.
type SessionInfo struct {
	ID         string    `json:"id"`
	Device     string    `json:"device"` // "Chrome on macOS"
	IP         string    `json:"ip"`
	Place      string    `json:"place"` // country code, or ""
	AAL        string    `json:"aal"`
	CreatedAt  time.Time `json:"created_at"`
	LastUsedAt time.Time `json:"last_used_at"`
	Current    bool      `json:"current"` // the session of the request
}

// sessionsOf lists userID's sessions: the caller's own (current) first,
// then the most recently used.
func (s *Service) sessionsOf(ctx context.Context, q db.Querier, userID, current string) ([]SessionInfo, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, user_agent, ip, aal, created_at, updated_at FROM sessions
		WHERE user_id = ? ORDER BY updated_at DESC, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("auth: sessions of a user: %w", err)
	}
	defer rows.Close()
	list := []SessionInfo{}
	for rows.Next() {
		var si SessionInfo
		var ua string
		if err := rows.Scan(&si.ID, &ua, &si.IP, &si.AAL, &si.CreatedAt, &si.LastUsedAt); err != nil {
			return nil, err
		}
		si.Device, _ = deviceOf(ua)
		si.Place = s.placeOf(si.IP)
		si.CreatedAt, si.LastUsedAt = si.CreatedAt.UTC(), si.LastUsedAt.UTC()
		si.Current = si.ID == current
		if si.Current { // this browser first
			list = append([]SessionInfo{si}, list...)
			continue
		}
		list = append(list, si)
	}
	return list, rows.Err()
}

// ListSessions serves GET /api/security/sessions: the caller's sessions.
func (s *Service) ListSessions(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	list, err := s.sessionsOf(r.Context(), s.db, c.UserID, c.SessionID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"sessions": list})
}

// RevokeSession serves DELETE /api/security/sessions/{id} with 204: that
// session of the caller ends, and its access tokens stop working at once
// (each request looks its session up).
func (s *Service) RevokeSession(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(r.Context(), `DELETE FROM sessions WHERE id = ? AND user_id = ?`, r.PathValue("id"), c.UserID)
	if err != nil {
		return fmt.Errorf("auth: revoke a session: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.NotFound("Session")
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// RevokeOtherSessions serves DELETE /api/security/sessions with 204: every
// session of the caller but the caller's own ends.
func (s *Service) RevokeOtherSessions(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	if err := deleteSessions(r.Context(), s.db, c.UserID, c.SessionID, scopeOthers); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ListSignIns serves GET /api/security/sign-ins: the caller's sign-ins of
// the last 90 days, good and failed, newest first.
func (s *Service) ListSignIns(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	list, err := s.signInsOf(r.Context(), s.db, c.UserID, 200)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"sign_ins": list, "days": signInHistoryDays})
}

// SignOutByLink serves POST /api/security/sign-out {token}: the link of a
// new-device e-mail signs that session out, without signing in (whoever
// got the e-mail owns the account). 204, also when the session had already
// ended; an unknown, used or expired link is 404.
func (s *Service) SignOutByLink(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Token == "" || len(in.Token) > 200 {
		return httpx.Invalid("The link is not complete.", map[string]string{"token": "Open the link from the e-mail"})
	}
	ctx := r.Context()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		var id int64
		var userID, sessionID string
		err := tx.QueryRowContext(ctx, `SELECT id, user_id, session_id FROM sign_in_events WHERE sign_out_token_hash = ? AND at >= ?`,
			hashToken(in.Token), s.clock().Add(-signInSignOutTTL)).Scan(&id, &userID, &sessionID)
		if db.IsNoRows(err) {
			return httpx.Errorf(httpx.CodeNotFound, "This link has expired or was already used.")
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sign_in_events SET sign_out_token_hash = NULL WHERE id = ?`, id); err != nil {
			return err
		}
		return deleteSessions(ctx, tx, userID, sessionID, scopeLocal)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
