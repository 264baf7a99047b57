package gotrue_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue"
)

// The clean-up deletes what can no longer be used, and nothing else: the
// clock moves on and each kind of row goes when its time is up.
func TestCleanup(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		svc := service(t, e)
		cleanup := func() map[string]int64 {
			t.Helper()
			deleted, err := svc.Cleanup(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return deleted
		}

		// A pending sign-up (link, code and cooldown) with a PKCE flow.
		signUpWith(e, "pending@example.com", map[string]any{"code_challenge": s256("verifier-verifier-verifier-verifier-verifier"), "code_challenge_method": "s256"}).
			Expect(t, http.StatusOK)
		// A signed-in user who refreshed once (the first token is now revoked).
		live := confirmedUser(t, e, "live@example.com")
		var refreshed session
		e.Do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": live.RefreshToken}, "").Expect(t, http.StatusOK).Decode(t, &refreshed)
		// A session nobody can refresh any more.
		dead := confirmedUser(t, e, "dead@example.com")
		if _, err := d.ExecContext(context.Background(), `UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ?`, e.Clock.Now(), dead.User.ID); err != nil {
			t.Fatal(err)
		}
		deadSessions := e.Count(`SELECT COUNT(*) FROM sessions WHERE user_id = ?`, dead.User.ID)
		// An address locked out after too many wrong passwords.
		for range 10 {
			e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "live@example.com", "password": "wrong-Password1"}, "")
		}
		locked := func() bool {
			return e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "live@example.com", "password": apitest.Password}, "").Status == http.StatusTooManyRequests
		}
		if !locked() {
			t.Fatal("no lockout after the failed sign-ins")
		}
		tokens, flows, sessions, refreshTokens := e.Count(`SELECT COUNT(*) FROM one_time_tokens`), e.Count(`SELECT COUNT(*) FROM flow_states`),
			e.Count(`SELECT COUNT(*) FROM sessions`), e.Count(`SELECT COUNT(*) FROM refresh_tokens`)
		if tokens == 0 || flows == 0 || e.Count(`SELECT COUNT(*) FROM email_cooldowns`) == 0 || e.Count(`SELECT COUNT(*) FROM rate_limits`) == 0 {
			t.Fatal("the scenario made no rows to clean up")
		}

		if got := cleanup(); len(got) != 0 {
			t.Fatalf("deleted live rows: %v", got)
		}

		// Past the e-mail cooldown, within the lockout: the cooldowns go, the lockout stays.
		e.Clock.Advance(14 * time.Minute)
		got := cleanup()
		if got["email_cooldowns"] == 0 || e.Count(`SELECT COUNT(*) FROM email_cooldowns`) != 0 {
			t.Errorf("expired cooldowns kept: %v", got)
		}
		if !locked() {
			t.Fatal("the clean-up lifted a running lockout")
		}
		// Past the longest window, the counters go.
		e.Clock.Advance(31 * time.Minute)
		if got := cleanup(); got["rate_limits"] == 0 || e.Count(`SELECT COUNT(*) FROM rate_limits WHERE window_start < ?`, e.Clock.Now().UTC().Add(-30*time.Minute)) != 0 {
			t.Errorf("old counters kept: %v", got)
		}
		if e.Count(`SELECT COUNT(*) FROM one_time_tokens`) != tokens || e.Count(`SELECT COUNT(*) FROM flow_states`) != flows {
			t.Fatal("links still valid were deleted")
		}

		// A day on, the pending sign-up's link, code and flow are dead and gone.
		e.Clock.Advance(24 * time.Hour)
		if got := cleanup(); got["one_time_tokens"] == 0 || got["flow_states"] == 0 {
			t.Errorf("expired links and flows kept: %v", got)
		}
		if e.Count(`SELECT COUNT(*) FROM one_time_tokens`) != 0 || e.Count(`SELECT COUNT(*) FROM flow_states`) != 0 {
			t.Error("expired links or flows left")
		}
		if e.Count(`SELECT COUNT(*) FROM sessions`) != sessions || e.Count(`SELECT COUNT(*) FROM refresh_tokens`) != refreshTokens {
			t.Error("sessions or refresh tokens deleted within the grace")
		}

		// Past the reuse grace (a week): rotated tokens and the dead session go, the live session stays.
		e.Clock.Advance(7 * 24 * time.Hour)
		got = cleanup()
		if got["sessions"] != int64(deadSessions) || got["refresh_tokens"] != 1 || e.Count(`SELECT COUNT(*) FROM sessions WHERE user_id = ?`, dead.User.ID) != 0 {
			t.Errorf("deleted %v, want the dead session and the rotated token", got)
		}
		e.Do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": refreshed.RefreshToken}, "").Expect(t, http.StatusOK)
		expectError(t, e.Do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": dead.RefreshToken}, ""),
			http.StatusBadRequest, "refresh_token_not_found")
	})
}

// Instances cleaning up at the same time share the work without errors.
func TestCleanupOnSeveralInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		const n = 8
		for i := range n {
			signUp(e, fmt.Sprintf("p%d@example.com", i)).Expect(t, http.StatusOK)
		}
		one, other := service(t, e), service(t, e)
		e.Clock.Advance(25 * time.Hour)
		var mu sync.Mutex
		total := int64(0)
		var wg sync.WaitGroup
		for _, svc := range []*gotrue.Service{one, other, one, other} {
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
