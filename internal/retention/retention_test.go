package retention_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const day = 24 * time.Hour

// run makes one pass of the server's retention job at the test clock's time.
func run(t *testing.T, e *apitest.Env) map[string]int64 {
	t.Helper()
	done, err := e.Server.Retention().Run(context.Background())
	if err != nil {
		t.Fatalf("retention: %v", err)
	}
	return done
}

// family gives the owner a child with a dream, a device, a paid order and
// a contact message.
func family(t *testing.T, e *apitest.Env) {
	t.Helper()
	kid := e.AddKid("owner", "Mia Secret", "2021-03")
	e.Do("POST", "/api/dreams", map[string]any{"kid_id": kid, "gender": "girl", "companion": "feefee"}, "owner").Expect(t, 201)
	e.Do("POST", "/api/devices", map[string]any{"screen_resolution": "390x844"}, "owner").Expect(t, 200)
	e.Vars["order"] = e.DemoOrder("owner", "owner@example.com", "order-1")
}

func count(t *testing.T, e *apitest.Env, query string, args ...any) int {
	t.Helper()
	return e.Count(query, args...)
}

// TestUnusedAccountIsWarnedThenDeleted: 24 months without a sign-in, one
// e-mail; a second pass sends no other; 30 days later the account goes with
// everything of it, its order kept without the buyer.
func TestUnusedAccountIsWarnedThenDeleted(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		family(t, e)
		owner := e.User("owner")
		e.User("active") // signs in again below, so stays
		e.User("admin")  // staff: the shop's own account, never warned

		e.Clock.Advance(23 * 30 * day)
		if done := run(t, e); done["accounts_warned"] != 0 {
			t.Fatalf("warned before 24 months: %v", done)
		}
		e.Clock.Advance(60 * day) // past 24 months
		e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "active@example.com", "password": apitest.Password}, "").Expect(t, 200)
		mailsBefore := e.MailCount(owner.Email)
		if done := run(t, e); done["accounts_warned"] != 1 {
			t.Fatalf("warned %v, want the owner only", done)
		}
		if e.MailCount(owner.Email) != mailsBefore+1 || !strings.Contains(e.LastMail(owner.Email), "will be deleted on") {
			t.Fatalf("no warning e-mail: %q", e.LastMail(owner.Email))
		}
		if done := run(t, e); done["accounts_warned"] != 0 || e.MailCount(owner.Email) != mailsBefore+1 {
			t.Fatalf("a second pass warned again: %v", done)
		}

		e.Clock.Advance(29 * day)
		if done := run(t, e); done["accounts_deleted"] != 0 {
			t.Fatalf("deleted before the 30 days: %v", done)
		}
		e.Clock.Advance(2 * day)
		if done := run(t, e); done["accounts_deleted"] != 1 {
			t.Fatalf("deleted %v, want the owner", done)
		}
		for _, table := range []string{"users", "profiles", "kids", "dreams", "consents", "user_devices", "inactivity_warnings"} {
			col := "user_id"
			if table == "users" || table == "profiles" {
				col = "id"
			}
			if n := count(t, e, `SELECT COUNT(*) FROM `+table+` WHERE `+col+` = ?`, owner.ID); n != 0 {
				t.Errorf("%d rows of the owner left in %s", n, table)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM orders WHERE number = ? AND user_id IS NULL AND email = '' AND shipping_info = '{}'`, e.Vars["order"]); n != 1 {
			t.Errorf("the order is not kept without its buyer (%d)", n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM mail_outbox WHERE to_address = ?`, owner.Email); n != 0 {
			t.Errorf("%d e-mails to the owner left", n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users WHERE email IN ('active@example.com', 'admin@example.com')`); n != 2 {
			t.Error("the account signed in to, or the staff's, is gone")
		}
		if done := run(t, e); done["accounts_deleted"] != 0 {
			t.Fatalf("a second pass deleted again: %v", done)
		}
	})
}

// TestASignInSavesAWarnedAccount: warned, then the parent signs in: 30 days
// later the account is still there, and the warning is gone.
func TestASignInSavesAWarnedAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		family(t, e)
		owner := e.User("owner")
		e.Clock.Advance(25 * 30 * day)
		if done := run(t, e); done["accounts_warned"] != 1 {
			t.Fatalf("warned %v", done)
		}
		e.Clock.Advance(10 * day)
		e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": owner.Email, "password": apitest.Password}, "").Expect(t, 200)
		e.Clock.Advance(25 * day)
		if done := run(t, e); done["accounts_deleted"] != 0 {
			t.Fatalf("deleted a parent who signed in: %v", done)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM kids WHERE user_id = ?`, owner.ID); n != 1 {
			t.Errorf("the child is gone (%d)", n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM inactivity_warnings`); n != 0 {
			t.Errorf("the warning is still there")
		}
	})
}

// TestInstancesAtOnce: passes run at once (two instances) warn once and
// delete once, without an error.
func TestInstancesAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		family(t, e)
		owner := e.User("owner")
		mailsBefore := e.MailCount(owner.Email)
		parallel := func() {
			var wg sync.WaitGroup
			for range 4 {
				wg.Go(func() {
					if _, err := e.Server.Retention().Run(context.Background()); err != nil {
						t.Errorf("a pass failed: %v", err)
					}
				})
			}
			wg.Wait()
		}
		e.Clock.Advance(25 * 30 * day)
		parallel()
		if n := e.MailCount(owner.Email); n != mailsBefore+1 {
			t.Fatalf("%d warnings sent, want 1", n-mailsBefore)
		}
		e.Clock.Advance(31 * day)
		parallel()
		if n := count(t, e, `SELECT COUNT(*) FROM users WHERE id = ?`, owner.ID); n != 0 {
			t.Fatal("the account is still there")
		}
	})
}

// TestOldRowsGo: each period of the schedule, with a row just inside it
// that stays and one just outside that goes.
func TestOldRowsGo(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		family(t, e)
		ctx := context.Background()
		exec := func(query string, args ...any) {
			t.Helper()
			if _, err := d.ExecContext(ctx, query, args...); err != nil {
				t.Fatal(err)
			}
		}
		now := e.Clock.Now()
		months := func(n int) time.Time { return now.AddDate(0, -n, 0) }
		days := func(n int) time.Time { return now.AddDate(0, 0, -n) }
		second := time.Second

		// Devices: the one from family() is a second too old; another is a second young enough.
		exec(`UPDATE user_devices SET login_timestamp = ?`, months(12).Add(-second))
		e.Request("POST", "/api/devices", map[string]any{"screen_resolution": "1440x900"}, "owner",
			map[string]string{"User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"}).Expect(t, 200)
		exec(`UPDATE user_devices SET login_timestamp = ? WHERE screen_resolution = '1440x900'`, months(12).Add(second))
		// Contact messages.
		for _, who := range []string{"old", "new"} {
			e.Do("POST", "/functions/v1/send-contact-email", map[string]any{"name": who, "email": who + "@example.com", "subject": "Hi", "message": "Hello"}, "").Expect(t, 200)
		}
		exec(`UPDATE contact_messages SET created_at = ? WHERE name = 'old'`, months(24).Add(-second))
		exec(`UPDATE contact_messages SET created_at = ? WHERE name = 'new'`, months(24).Add(second))
		// E-mails: delivered long ago, delivered lately, not delivered.
		exec(`UPDATE mail_outbox SET sent_at = ? WHERE to_address = 'owner@example.com'`, days(90).Add(-second))
		exec(`UPDATE mail_outbox SET sent_at = ? WHERE to_address = 'old@example.com' OR subject LIKE '%old%'`, days(90).Add(second))
		// Dreams: an old one kept, an old one not kept, a young one not kept.
		kid := e.AddKid("owner", "Leo", "2020-01")
		for range 2 {
			e.Do("POST", "/api/dreams", map[string]any{"kid_id": kid, "gender": "boy", "companion": "siso"}, "owner").Expect(t, 201)
		}
		exec(`UPDATE dreams SET created_at = ?`, months(12).Add(-second))
		var kept, young string
		if err := d.QueryRowContext(ctx, `SELECT id FROM dreams WHERE kid_name = 'Mia Secret'`).Scan(&kept); err != nil {
			t.Fatal(err)
		}
		e.Do("PATCH", "/api/dreams/"+kept, map[string]any{"kept": true}, "owner").Expect(t, 200)
		if err := d.QueryRowContext(ctx, `SELECT id FROM dreams WHERE kid_name = 'Leo' ORDER BY id LIMIT 1`).Scan(&young); err != nil {
			t.Fatal(err)
		}
		exec(`UPDATE dreams SET created_at = ? WHERE id = ?`, months(12).Add(second), young)

		done := run(t, e)
		want := map[string]int64{"devices": 1, "contact_messages": 1, "dreams_not_kept": 1}
		for k, n := range want {
			if done[k] != n {
				t.Errorf("%s: %d rows, want %d (%v)", k, done[k], n, done)
			}
		}
		if done["sent_mail_bodies"] < 1 {
			t.Errorf("no e-mail body emptied: %v", done)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM user_devices WHERE screen_resolution = '1440x900'`); n != 1 {
			t.Error("the young device went")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM contact_messages WHERE name = 'new'`); n != 1 {
			t.Error("the young message went")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM dreams WHERE id IN (?, ?)`, kept, young); n != 2 {
			t.Error("the kept or the young dream went")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM mail_outbox WHERE to_address = 'owner@example.com' AND text_body <> ''`); n != 0 {
			t.Errorf("%d old bodies left", n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND text_body = ''`); n != 0 {
			t.Errorf("%d undelivered e-mails emptied", n)
		}
		if again := run(t, e); len(again) != 0 {
			t.Errorf("a second pass deleted more: %v", again)
		}
	})
}

// TestOneScheduleRunsEverySweep: one pass of the deletion schedule deletes
// what each feature no longer needs, the retention schedule's rows and the
// features' expired ones alike: GoTrue's dead sign-up link and cooldown, an
// Idempotency-Key past its day, a contact message past its months.
func TestOneScheduleRunsEverySweep(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.Do("POST", "/auth/v1/signup", map[string]any{"email": "pending@example.com", "password": apitest.Password}, "").Expect(t, 200)
		e.Request("POST", "/api/newsletter", map[string]any{"email": "news@example.com"}, "", map[string]string{"Idempotency-Key": "n1"}).Expect(t, 200)
		e.Do("POST", "/functions/v1/send-contact-email", map[string]any{"name": "Old", "email": "old@example.com", "subject": "Hi", "message": "Hello"}, "").Expect(t, 200)
		tables := []string{"one_time_tokens", "email_cooldowns", "idempotency_keys", "contact_messages"}
		for _, table := range tables {
			if count(t, e, `SELECT COUNT(*) FROM `+table) == 0 {
				t.Fatalf("the scenario made no %s", table)
			}
		}
		if done := run(t, e); len(done) != 0 {
			t.Fatalf("deleted live rows: %v", done)
		}

		e.Clock.Advance(25 * 30 * day) // past every period
		done := run(t, e)
		for _, table := range tables {
			if done[table] == 0 || count(t, e, `SELECT COUNT(*) FROM `+table) != 0 {
				t.Errorf("%s: %d deleted, %d left (%v)", table, done[table], count(t, e, `SELECT COUNT(*) FROM `+table), done)
			}
		}
	})
}
