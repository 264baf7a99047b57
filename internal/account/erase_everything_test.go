package account_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// everyFeatureUsed is what a parent who used every feature leaves, by table:
// beyond personalData (orders, a once-per-customer code, newsletter
// sign-ups, a contact message, children, a dream, a device, the switch), a
// storybook with their own and their child's progress, a bought file, a
// back-in-stock request, a two-step factor and a passkey.
var everyFeatureUsed = []string{"users", "profiles", "sessions", "refresh_tokens", "sign_in_events", "kids", "consents", "dreams",
	"user_devices", "user_communications", "orders", "discount_redemptions", "newsletter", "contact_messages",
	"idempotency_keys", "mail_outbox", "storybook_entitlements", "storybook_progress", "download_grants", "stock_alerts",
	"mfa_factors", "webauthn_challenges", "webauthn_credentials"}

// usedEverything has the owner use every feature that keeps something
// about a person.
func usedEverything(t *testing.T, e *apitest.Env) {
	t.Helper()
	personalData(t, e)
	owner := e.User("owner")
	// A storybook given by support, read by the parent and by a child.
	e.Staff("sue", auth.RoleSupport)
	e.Do("POST", "/api/admin/storybooks/1/grants", map[string]any{"email": owner.Email}, "sue").Expect(t, 201)
	for _, reader := range []string{"me", e.Vars["kid"]} {
		e.Do("PUT", "/api/library/1/progress?reader="+reader, map[string]any{"page": "the-signpost",
			"visited": []string{"meet-the-friends", "the-signpost"}, "endings": []string{}, "updatedAt": "2026-06-01T11:00:00Z"}, "owner").Expect(t, 200)
	}
	// A file bought: an editor's PDF, granted as a paid order grants it.
	e.Staff("editor", auth.RoleEditor)
	var file struct{ ID string }
	pdf := "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"
	e.Request("POST", "/api/admin/files?name=story.pdf", pdf, "editor", map[string]string{"Content-Type": "application/octet-stream"}).
		Expect(t, 201).Decode(t, &file)
	err := e.DB.InTx(context.Background(), func(ctx context.Context, tx *db.Tx) error {
		return e.Server.Files().Grant(ctx, tx, "line-1", owner.ID, "Our First Adventure", []string{file.ID})
	})
	if err != nil {
		t.Fatal(err)
	}
	// Waiting for a sold-out book.
	var book struct{ Version int }
	e.Do("GET", "/api/admin/books/3", nil, "editor").Expect(t, 200).Decode(t, &book)
	e.Do("PATCH", "/api/admin/books/3", map[string]any{"version": book.Version, "stock": 0}, "editor").Expect(t, 200)
	e.Do("POST", "/api/books/3/notify", map[string]any{"email": owner.Email}, "owner").Expect(t, 200)
	// A two-step factor enrolled, and a passkey: the ceremony's challenge,
	// and the credential its verification stores (the ceremony itself is
	// internal/auth's passkeys_test).
	e.Do("POST", "/auth/v1/factors", map[string]any{"factor_type": "totp"}, "owner").Expect(t, 200)
	e.Do("POST", "/auth/v1/passkeys/registration/options", nil, "owner").Expect(t, 200)
	now := time.Now().UTC()
	if _, err := e.DB.ExecContext(context.Background(), `INSERT INTO webauthn_credentials (id, user_id, credential_id, public_key,
		friendly_name, created_at, updated_at) VALUES ('passkey-1', ?, 'cred-1', 'key', 'Zephyrine''s phone', ?, ?)`, owner.ID, now, now); err != nil {
		t.Fatal(err)
	}
}

// A parent who used every feature is gone from every table after deleting
// their account, on both databases: no row holds their id, their child's,
// their addresses or their names; each table held something before.
func TestDeletingAnAccountThatUsedEveryFeature(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "1000"})
		usedEverything(t, e)
		id := e.User("owner").ID
		needles := []string{id, e.Vars["kid"], "owner@example.com", "zeph.news@example.com", "olive.ship@example.com",
			"zeph.code@example.com", "Zephyrine", "Ownerly", "Olive Owner", "Mia Secret"}
		before := map[string]bool{}
		for _, found := range tablesHolding(t, e, id, e.Vars["kid"], "owner@example.com") {
			before[tableOf(found)] = true
		}
		for _, table := range everyFeatureUsed {
			if !before[table] {
				t.Errorf("before the deletion, %s holds nothing of the parent: the test would prove nothing there", table)
			}
		}
		e.Do("DELETE", "/api/account", map[string]any{"password": apitest.Password}, "owner").Expect(t, 204)
		for _, left := range tablesHolding(t, e, needles...) {
			// The audit log is the back office's legal record and is
			// append-only: it names the family support gave a storybook by
			// account id, which points nowhere now, and never by address or
			// name (migration 0500).
			if left != fmt.Sprintf("audit_log.after_json holds %q", id) {
				t.Error(left)
			}
		}
	})
}

// tableOf is the table of one of tablesHolding's findings ("table.column holds ...").
func tableOf(found string) string {
	for i, r := range found {
		if r == '.' {
			return found[:i]
		}
	}
	return found
}
