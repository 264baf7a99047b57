package gotrue

import (
	"context"
	"fmt"
	"time"
)

// Clean-up: rows that can no longer be used are deleted by the shop's
// deletion schedule (internal/retention runs Cleanup), so the tables of
// sign-in stay small. One statement per table, each deleting
// only what no request can need any more, so instances running it at once
// merely share the work.

// revokedTokenGrace is how long a rotated (revoked) refresh token is kept:
// presenting it again within this time revokes its session as a reuse
// (sessions.go); after it, the token is simply unknown.
const revokedTokenGrace = 7 * 24 * time.Hour

// cleanupStatement deletes one table's dead rows; cutoff gives each of its
// time arguments from now.
type cleanupStatement struct {
	table  string
	query  string
	cutoff func(s *Service, now time.Time) []any
}

var cleanupStatements = []cleanupStatement{
	// Links and 6-digit codes past their expiry.
	{"one_time_tokens", `DELETE FROM one_time_tokens WHERE expires_at < ?`,
		func(_ *Service, now time.Time) []any { return []any{now} }},
	// Flows (PKCE, Google) older than the longest link that may finish one,
	// and no longer referenced by a live link.
	{"flow_states", `DELETE FROM flow_states WHERE created_at < ?
		AND NOT EXISTS (SELECT 1 FROM one_time_tokens t WHERE t.flow_state_id = flow_states.id)`,
		func(_ *Service, now time.Time) []any {
			return []any{now.Add(-max(confirmationTTL, recoveryTTL, oauthFlowTTL))}
		}},
	// E-mail cooldowns that have run out (claimCooldown would replace them anyway).
	{"email_cooldowns", `DELETE FROM email_cooldowns WHERE last_sent_at < ?`,
		func(s *Service, now time.Time) []any { return []any{now.Add(-s.cfg.EmailCooldown)} }},
	// Counters of windows that ended: the per-IP minute and the 15-minute
	// window of wrong passwords, whose current one started at most 15 minutes ago.
	{"rate_limits", `DELETE FROM rate_limits WHERE window_start < ?`,
		func(_ *Service, now time.Time) []any { return []any{now.UTC().Add(-2 * passwordFailureWindow)} }},
	// Second-step challenges long past their five minutes.
	{"mfa_challenges", `DELETE FROM mfa_challenges WHERE created_at < ?`,
		func(_ *Service, now time.Time) []any { return []any{now.Add(-24 * time.Hour)} }},
	// WebAuthn ceremonies never finished (webauthn.go).
	{"webauthn_challenges", `DELETE FROM webauthn_challenges WHERE expires_at < ?`,
		func(_ *Service, now time.Time) []any { return []any{now} }},
	// Used passkey sign-in challenges, which no response can use after they expired anyway.
	{"webauthn_used_challenges", `DELETE FROM webauthn_used_challenges WHERE expires_at < ?`,
		func(_ *Service, now time.Time) []any { return []any{now} }},
	// Sessions that cannot be refreshed any more: every refresh token
	// revoked for longer than the grace (a live session always holds one
	// unrevoked token). Their tokens go with them (ON DELETE CASCADE).
	{"sessions", `DELETE FROM sessions WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM refresh_tokens r
		WHERE r.session_id = sessions.id AND (r.revoked_at IS NULL OR r.revoked_at >= ?))`,
		func(_ *Service, now time.Time) []any {
			return []any{now.Add(-revokedTokenGrace), now.Add(-revokedTokenGrace)}
		}},
	// Rotated refresh tokens past the reuse grace.
	{"refresh_tokens", `DELETE FROM refresh_tokens WHERE revoked_at < ?`,
		func(_ *Service, now time.Time) []any { return []any{now.Add(-revokedTokenGrace)} }},
}

// Cleanup makes one pass and returns how many rows it deleted per table.
func (s *Service) Cleanup(ctx context.Context) (map[string]int64, error) {
	now := s.clock()
	deleted := map[string]int64{}
	for _, st := range cleanupStatements {
		res, err := s.db.ExecContext(ctx, st.query, st.cutoff(s, now)...)
		if err != nil {
			return deleted, fmt.Errorf("clean up %s: %w", st.table, err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			deleted[st.table] = n
		}
	}
	return deleted, nil
}
