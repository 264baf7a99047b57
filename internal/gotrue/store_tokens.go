// The SQL of one-time tokens (e-mailed links and codes), flow states (PKCE and Google sign-in) and the e-mail cooldowns.

package gotrue

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"bookshop/internal/db"
)

func flowByAuthCode(ctx context.Context, q db.Querier, code string) (*flowState, error) {
	var f flowState
	var userID sql.NullString
	var issued sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT id, user_id, code_challenge, code_challenge_method, authentication_method, auth_code_issued_at
		FROM flow_states WHERE auth_code_hash = ?`, hashToken(code)).Scan(&f.ID, &userID, &f.Challenge, &f.Method, &f.AuthMethod, &issued)
	if db.IsNoRows(err) || (err == nil && (!userID.Valid || !issued.Valid)) {
		return nil, notFound("flow_state_not_found", "invalid flow state, no valid flow state found")
	}
	if err != nil {
		return nil, err
	}
	f.UserID, f.IssuedAt = userID.String, issued.Time
	return &f, nil
}

// claimCooldown starts the cooldown of key ("type:address"; the table's
// email column holds these keys) unless it is running. It reports
// whether it claimed the slot, and otherwise when the running one started.
func claimCooldown(ctx context.Context, q db.Querier, key string, now time.Time, cooldown time.Duration) (last time.Time, claimed bool, err error) {
	res, err := q.ExecContext(ctx, `INSERT INTO email_cooldowns (email, last_sent_at) VALUES (?, ?)
		ON CONFLICT (email) DO UPDATE SET last_sent_at = excluded.last_sent_at WHERE email_cooldowns.last_sent_at <= ?`,
		key, now, now.Add(-cooldown))
	if err != nil {
		return last, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return now, true, nil
	}
	err = q.QueryRowContext(ctx, `SELECT last_sent_at FROM email_cooldowns WHERE email = ?`, key).Scan(&last)
	return last, false, err
}

// oneTimeToken is a row of one_time_tokens: the link token and 6-digit code
// of an account e-mail, stored as hashes.
type oneTimeToken struct {
	ID          int64
	UserID      string
	Type        string
	TokenHash   string
	OTPHash     string
	SentTo      string
	FlowStateID string
	ExpiresAt   time.Time
	CreatedAt   time.Time
}

var errNoToken = errors.New("auth: no such one-time token")

// replaceOneTimeToken stores t in place of the user's live token of its type.
func replaceOneTimeToken(ctx context.Context, q db.Querier, t *oneTimeToken) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?`, t.UserID, t.Type); err != nil {
		return err
	}
	var flow any
	if t.FlowStateID != "" {
		flow = t.FlowStateID
	}
	_, err := q.ExecContext(ctx, `INSERT INTO one_time_tokens (user_id, token_type, token_hash, otp_hash, sent_to, flow_state_id, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.UserID, t.Type, t.TokenHash, t.OTPHash, t.SentTo, flow, t.ExpiresAt, t.CreatedAt)
	return err
}

// takeOneTimeToken finds a token of one of types by the hash in column
// (token_hash or otp_hash, constants of this package) and deletes it, so
// each token works once, expired or not.
func takeOneTimeToken(ctx context.Context, q db.Querier, column, hash string, types []string) (*oneTimeToken, error) {
	var t oneTimeToken
	var flow *string
	placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(types)), ", ")
	args := []any{hash}
	for _, ty := range types {
		args = append(args, ty)
	}
	err := q.QueryRowContext(ctx, `SELECT id, user_id, token_type, sent_to, flow_state_id, expires_at FROM one_time_tokens
		WHERE `+column+` = ? AND token_type IN (`+placeholders+`)`, args...).Scan(&t.ID, &t.UserID, &t.Type, &t.SentTo, &flow, &t.ExpiresAt)
	if db.IsNoRows(err) {
		return nil, errNoToken
	}
	if err != nil {
		return nil, err
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM one_time_tokens WHERE id = ?`, t.ID); err != nil {
		return nil, err
	}
	if flow != nil {
		t.FlowStateID = *flow
	}
	return &t, nil
}

// insertFlowState stores a PKCE flow (e-mail link or Google sign-in).
func insertFlowState(ctx context.Context, q db.Querier, f *flowState) error {
	var uid, state any
	if f.UserID != "" {
		uid = f.UserID
	}
	if f.OAuthStateHash != "" {
		state = f.OAuthStateHash
	}
	_, err := q.ExecContext(ctx, `INSERT INTO flow_states (id, user_id, code_challenge, code_challenge_method, authentication_method, redirect_to,
		oauth_state_hash, oauth_nonce, oauth_verifier, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, uid, f.Challenge, f.Method, f.AuthMethod, f.RedirectTo, state, f.Nonce, f.Verifier, f.CreatedAt)
	return err
}

// setAuthCode attaches an auth code (its hash) to a flow state.
func setAuthCode(ctx context.Context, q db.Querier, flowStateID, userID, codeHash string, now time.Time) (found bool, err error) {
	res, err := q.ExecContext(ctx, `UPDATE flow_states SET auth_code_hash = ?, auth_code_issued_at = ?, user_id = ? WHERE id = ?`,
		codeHash, now, userID, flowStateID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

func deleteFlowState(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM flow_states WHERE id = ?`, id)
	return err
}

var errNoFlow = errors.New("auth: no such flow state")

// takeOAuthState finds the Google sign-in flow of a state (its hash) and
// clears the state, so a callback URL works once.
func takeOAuthState(ctx context.Context, q db.Querier, stateHash string) (*flowState, error) {
	var f flowState
	var userID sql.NullString
	err := q.QueryRowContext(ctx, `SELECT id, user_id, authentication_method, code_challenge, redirect_to, oauth_nonce, oauth_verifier, created_at
		FROM flow_states WHERE oauth_state_hash = ?`, stateHash).Scan(&f.ID, &userID, &f.AuthMethod, &f.Challenge, &f.RedirectTo, &f.Nonce, &f.Verifier, &f.CreatedAt)
	f.UserID = userID.String
	if db.IsNoRows(err) {
		return nil, errNoFlow
	}
	if err != nil {
		return nil, err
	}
	_, err = q.ExecContext(ctx, `UPDATE flow_states SET oauth_state_hash = NULL WHERE id = ?`, f.ID)
	return &f, err
}

// countWrongCode records a wrong 6-digit code tried for an address against
// each of its live codes of types, and deletes those that have now had
// maxAttempts wrong tries: the code dies, a new one must be requested.
func countWrongCode(ctx context.Context, q db.Querier, email string, types []string, now time.Time, maxAttempts int) error {
	placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(types)), ", ")
	args := []any{email}
	for _, ty := range types {
		args = append(args, ty)
	}
	where := `LOWER(sent_to) = ? AND token_type IN (` + placeholders + `) AND otp_hash <> ''`
	if _, err := q.ExecContext(ctx, `UPDATE one_time_tokens SET failed_attempts = failed_attempts + 1 WHERE `+where+` AND expires_at > ?`, append(args, now)...); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, `DELETE FROM one_time_tokens WHERE `+where+` AND failed_attempts >= ?`, append(args, maxAttempts)...)
	return err
}
