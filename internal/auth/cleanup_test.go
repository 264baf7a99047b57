package auth

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// The clean-up deletes what can no longer be used, and nothing else: the
// clock moves on and each kind of row goes when its time is up.
func TestCleanup(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		count := func(query string, args ...any) int {
			t.Helper()
			var n int
			if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		cleanup := func() map[string]int64 {
			t.Helper()
			deleted, err := h.svc.Cleanup(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return deleted
		}

		// A pending sign-up (link, code and cooldown) with a PKCE flow.
		h.expect(h.signup("pending@example.com", map[string]any{"code_challenge": s256("verifier-verifier-verifier-verifier-verifier"), "code_challenge_method": "s256"}), 200, "")
		// A signed-in user who refreshed once (the first token is now revoked).
		live := h.confirmedUser("live@example.com")
		refreshed := h.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": live.str("refresh_token")})
		h.expect(refreshed, 200, "")
		// A session nobody can refresh any more.
		dead := h.confirmedUser("dead@example.com")
		deadID := dead.json["user"].(map[string]any)["id"]
		if _, err := d.ExecContext(context.Background(), `UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ?`, h.clock.Now(), deadID); err != nil {
			t.Fatal(err)
		}
		deadSessions := count(`SELECT COUNT(*) FROM sessions WHERE user_id = ?`, deadID)
		// An address locked out after too many wrong passwords.
		for range maxPasswordFailures {
			h.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "live@example.com", "password": "wrong-Password1"})
		}
		locked := func() bool {
			return h.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "live@example.com", "password": password}).status == 429
		}
		if !locked() {
			t.Fatal("no lockout after the failed sign-ins")
		}
		tokens, flows, sessions, refreshTokens := count(`SELECT COUNT(*) FROM one_time_tokens`), count(`SELECT COUNT(*) FROM flow_states`),
			count(`SELECT COUNT(*) FROM sessions`), count(`SELECT COUNT(*) FROM refresh_tokens`)
		if tokens == 0 || flows == 0 || count(`SELECT COUNT(*) FROM email_cooldowns`) == 0 || count(`SELECT COUNT(*) FROM rate_limits`) == 0 {
			t.Fatal("the scenario made no rows to clean up")
		}

		if got := cleanup(); len(got) != 0 {
			t.Fatalf("deleted live rows: %v", got)
		}

		// Past the e-mail cooldown, within the lockout: the cooldowns go, the lockout stays.
		h.clock.Advance(14 * time.Minute)
		got := cleanup()
		if got["email_cooldowns"] == 0 || count(`SELECT COUNT(*) FROM email_cooldowns`) != 0 {
			t.Errorf("expired cooldowns kept: %v", got)
		}
		if !locked() {
			t.Fatal("the clean-up lifted a running lockout")
		}
		// Past the longest window, the counters go.
		h.clock.Advance(31 * time.Minute)
		if got := cleanup(); got["rate_limits"] == 0 || count(`SELECT COUNT(*) FROM rate_limits WHERE window_start < ?`, h.clock.Now().UTC().Add(-30*time.Minute)) != 0 {
			t.Errorf("old counters kept: %v", got)
		}
		if count(`SELECT COUNT(*) FROM one_time_tokens`) != tokens || count(`SELECT COUNT(*) FROM flow_states`) != flows {
			t.Fatal("links still valid were deleted")
		}

		// A day on, the pending sign-up's link, code and flow are dead and gone.
		h.clock.Advance(24 * time.Hour)
		if got := cleanup(); got["one_time_tokens"] == 0 || got["flow_states"] == 0 {
			t.Errorf("expired links and flows kept: %v", got)
		}
		if count(`SELECT COUNT(*) FROM one_time_tokens`) != 0 || count(`SELECT COUNT(*) FROM flow_states`) != 0 {
			t.Error("expired links or flows left")
		}
		if count(`SELECT COUNT(*) FROM sessions`) != sessions || count(`SELECT COUNT(*) FROM refresh_tokens`) != refreshTokens {
			t.Error("sessions or refresh tokens deleted within the grace")
		}

		// Past the reuse grace: rotated tokens and the dead session go, the live session stays.
		h.clock.Advance(revokedTokenGrace)
		got = cleanup()
		if got["sessions"] != int64(deadSessions) || got["refresh_tokens"] != 1 || count(`SELECT COUNT(*) FROM sessions WHERE user_id = ?`, deadID) != 0 {
			t.Errorf("deleted %v, want the dead session and the rotated token", got)
		}
		h.expect(h.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": refreshed.str("refresh_token")}), 200, "")
		h.expect(h.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": dead.str("refresh_token")}), 400, "refresh_token_not_found")
	})
}

// Instances cleaning up at the same time share the work without errors.
func TestCleanupOnSeveralInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		const n = 8
		for i := range n {
			h.expect(h.signup(fmt.Sprintf("p%d@example.com", i), nil), 200, "")
		}
		other, err := NewService(context.Background(), testSettings(t, nil), d, WithClock(h.clock.Now), WithCheapPasswordHashing())
		if err != nil {
			t.Fatal(err)
		}
		h.clock.Advance(25 * time.Hour)
		var mu sync.Mutex
		total := int64(0)
		var wg sync.WaitGroup
		for _, svc := range []*Service{h.svc, other, h.svc, other} {
			wg.Go(func() {
				deleted, err := svc.Cleanup(context.Background())
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				total += deleted["one_time_tokens"]
				mu.Unlock()
			})
		}
		wg.Wait()
		if total != n {
			t.Errorf("%d expired links deleted in all, want %d", total, n)
		}
	})
}
