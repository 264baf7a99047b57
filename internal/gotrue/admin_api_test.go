package gotrue_test

import (
	"net/http"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const serviceKey = "service-role-key-of-the-tests-0123456789"

func serviceAuth() map[string]string {
	return map[string]string{"Authorization": "Bearer " + serviceKey, "apikey": serviceKey, "X-Supabase-Api-Version": "2024-01-01"}
}

// The admin API answers only the service-role key: no key (or a wrong one)
// is 401, a user's token 403; nothing changes.
func TestAdminAPIAccess(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"AUTH_SERVICE_ROLE_KEY": serviceKey})
		ann := confirmedUser(t, e, "ann@example.com")
		v := map[string]string{"X-Supabase-Api-Version": "2024-01-01"}
		wrong := map[string]string{"Authorization": "Bearer not-the-key", "X-Supabase-Api-Version": "2024-01-01"}
		user := ann.auth()
		user["X-Supabase-Api-Version"] = "2024-01-01"
		for _, r := range []struct{ method, url string }{
			{"GET", "/auth/v1/admin/users"}, {"POST", "/auth/v1/admin/users"}, {"GET", "/auth/v1/admin/users/" + ann.User.ID},
			{"PUT", "/auth/v1/admin/users/" + ann.User.ID}, {"DELETE", "/auth/v1/admin/users/" + ann.User.ID},
			{"POST", "/auth/v1/admin/generate_link"}, {"POST", "/auth/v1/invite"},
			{"GET", "/auth/v1/admin/users/" + ann.User.ID + "/factors"}, {"PUT", "/auth/v1/admin/users/" + ann.User.ID + "/factors/f"},
			{"DELETE", "/auth/v1/admin/users/" + ann.User.ID + "/factors/f"}, {"GET", "/auth/v1/admin/users/" + ann.User.ID + "/passkeys"},
			{"DELETE", "/auth/v1/admin/users/" + ann.User.ID + "/passkeys/p"},
		} {
			body := map[string]any{"email": "new@example.com", "type": "magiclink", "ban_duration": "24h"}
			expectError(t, e.Request(r.method, r.url, body, "", v), 401, "no_authorization")
			expectError(t, e.Request(r.method, r.url, body, "", wrong), 401, "no_authorization")
			expectError(t, e.Request(r.method, r.url, body, "", user), 403, "not_admin")
		}
		if n := e.Count(`SELECT COUNT(*) FROM users`); n != 1 {
			t.Fatalf("%d users after refused calls", n)
		}
		e.Request("GET", "/auth/v1/admin/users/"+ann.User.ID, nil, "", serviceAuth()).Expect(t, http.StatusOK)
	})
	// Without AUTH_SERVICE_ROLE_KEY nothing opens it.
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		expectError(t, e.Request("GET", "/auth/v1/admin/users", nil, "", serviceAuth()), 401, "no_authorization")
	})
}

func TestAdminAPIUsers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"AUTH_SERVICE_ROLE_KEY": serviceKey})
		key := serviceAuth()
		do := func(method, url string, body any) *apitest.Response { return e.Request(method, url, body, "", key) }

		// Create: confirmed, with metadata; the same address again is 422; bad input is 400/422.
		created := do("POST", "/auth/v1/admin/users", map[string]any{"email": "Cleo@Example.com", "password": apitest.Password,
			"email_confirm": true, "user_metadata": map[string]any{"first_name": "Cleo"}}).Expect(t, http.StatusOK)
		id := field(t, created, "id")
		if !strings.Contains(created.Body, `"email":"cleo@example.com"`) || !strings.Contains(created.Body, `"email_confirmed_at"`) {
			t.Fatalf("created user: %s", created.Body)
		}
		expectError(t, do("POST", "/auth/v1/admin/users", map[string]any{"email": "cleo@example.com"}), 422, "email_exists")
		expectError(t, do("POST", "/auth/v1/admin/users", map[string]any{}), 400, "validation_failed")
		expectError(t, do("POST", "/auth/v1/admin/users", map[string]any{"email": "not-an-address"}), 400, "validation_failed")
		expectError(t, do("POST", "/auth/v1/admin/users", "{"), 400, "validation_failed")
		signIn(t, e, "cleo@example.com", apitest.Password)

		// List and get.
		list := do("GET", "/auth/v1/admin/users?page=1&per_page=10", nil).Expect(t, http.StatusOK)
		if !strings.Contains(list.Body, `"aud":"authenticated"`) || list.Header.Get("X-Total-Count") != "1" {
			t.Fatalf("list: %v %s", list.Header, list.Body)
		}
		expectError(t, do("GET", "/auth/v1/admin/users?page=0", nil), 400, "validation_failed")
		expectError(t, do("GET", "/auth/v1/admin/users/no-such-user", nil), 404, "user_not_found")

		// Update: a ban ends the sessions and refuses sign-in; "none" lifts it.
		banned := do("PUT", "/auth/v1/admin/users/"+id, map[string]any{"ban_duration": "24h", "user_metadata": map[string]any{"last_name": "Moss"}}).
			Expect(t, http.StatusOK)
		if !strings.Contains(banned.Body, `"banned_until"`) || !strings.Contains(banned.Body, `"first_name":"Cleo","last_name":"Moss"`) {
			t.Fatalf("update: %s", banned.Body)
		}
		if n := e.Count(`SELECT COUNT(*) FROM sessions WHERE user_id = ?`, id); n != 0 {
			t.Fatalf("%d sessions of a banned user", n)
		}
		expectError(t, e.Request("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "cleo@example.com", "password": apitest.Password}, "",
			map[string]string{"X-Supabase-Api-Version": "2024-01-01"}), 400, "user_banned")
		expectError(t, do("PUT", "/auth/v1/admin/users/"+id, map[string]any{"ban_duration": "forever"}), 400, "validation_failed")
		do("PUT", "/auth/v1/admin/users/"+id, map[string]any{"ban_duration": "none", "email": "cleo2@example.com"}).Expect(t, http.StatusOK)
		signIn(t, e, "cleo2@example.com", apitest.Password)

		// generate_link: a recovery link that works; unknown user 404; bad type 400.
		gen := do("POST", "/auth/v1/admin/generate_link", map[string]any{"type": "recovery", "email": "cleo2@example.com"}).Expect(t, http.StatusOK)
		var link struct {
			ActionLink       string `json:"action_link"`
			EmailOTP         string `json:"email_otp"`
			HashedToken      string `json:"hashed_token"`
			VerificationType string `json:"verification_type"`
			ID               string `json:"id"`
		}
		gen.Decode(t, &link)
		if link.ID != id || link.VerificationType != "recovery" || len(link.EmailOTP) != 6 || link.HashedToken == "" {
			t.Fatalf("generate_link: %s", gen.Body)
		}
		e.Do("POST", "/auth/v1/verify", map[string]any{"type": "recovery", "token_hash": link.HashedToken}, "").Expect(t, http.StatusOK)
		expectError(t, do("POST", "/auth/v1/admin/generate_link", map[string]any{"type": "recovery", "email": "nobody@example.com"}), 404, "user_not_found")
		expectError(t, do("POST", "/auth/v1/admin/generate_link", map[string]any{"type": "sms", "email": "cleo2@example.com"}), 400, "validation_failed")

		// invite: a new user e-mailed a link that signs in.
		invited := do("POST", "/auth/v1/invite", map[string]any{"email": "dan@example.com", "data": map[string]any{"first_name": "Dan"}}).Expect(t, http.StatusOK)
		if !strings.Contains(invited.Body, `"email":"dan@example.com"`) || !strings.Contains(invited.Body, `"invited_at"`) {
			t.Fatalf("invite: %s", invited.Body)
		}
		inviteLink, _ := mailed(t, e, "dan@example.com")
		if !strings.Contains(inviteLink, "type=invite") {
			t.Fatalf("invite link %q", inviteLink)
		}
		if u := follow(t, e, inviteLink); fragment(u).Get("access_token") == "" {
			t.Fatalf("invite link did not sign in: %s", u)
		}
		expectError(t, do("POST", "/auth/v1/invite", map[string]any{"email": "dan@example.com"}), 422, "email_exists")

		// Delete: the account goes; the audit log has every change.
		do("DELETE", "/auth/v1/admin/users/"+id, nil).Expect(t, http.StatusOK)
		expectError(t, do("GET", "/auth/v1/admin/users/"+id, nil), 404, "user_not_found")
		for _, action := range []string{"user.create", "user.update", "user.generate_link", "user.invite", "user.delete"} {
			if e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = ? AND actor_system = 'service_role'`, action) == 0 {
				t.Errorf("no audit entry %s", action)
			}
		}
	})
}
