package backup

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/testclock"
)

func owners(context.Context, db.Querier) ([]string, error) { return []string{"owner@example.com"}, nil }

func outbox(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM mail_outbox WHERE to_address = 'owner@example.com'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// twoInstances are two schedules, as two `bookshop serve` would run them,
// on one database (their own handles), making archives into one folder.
func twoInstances(t *testing.T, databaseURL string, clock *testclock.Clock) (*Schedule, *Schedule, string) {
	dir := t.TempDir()
	var out []*Schedule
	for range 2 {
		d := dbtest.Open(t, databaseURL)
		k := &Keeper{Options: Options{DatabaseURL: databaseURL, Dir: dir, Now: clock.Now}, Keep: 14}
		out = append(out, &Schedule{Keeper: k, DB: d, Every: 24 * time.Hour, Now: clock.Now, Owners: owners, PageURL: "http://shop/admin/backups"})
	}
	return out[0], out[1], dir
}

func TestTwoInstancesMakeOneBackupPerPeriod(t *testing.T) {
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "shop.db") },
		"postgres": dbtest.PostgresURL,
	}
	for name, url := range urls {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			clock := testclock.At(time.Date(2026, 6, 1, 3, 0, 0, 0, time.UTC))
			a, b, dir := twoInstances(t, url(t), clock)
			passBoth := func() {
				var wg sync.WaitGroup
				for _, s := range []*Schedule{a, b} {
					wg.Go(func() {
						if err := s.Pass(ctx); err != nil {
							t.Error(err)
						}
					})
				}
				wg.Wait()
			}
			passBoth()
			passBoth()
			if list, _ := List(dir); len(list) != 1 {
				t.Fatalf("after two passes of two instances: %d archives, want 1", len(list))
			}
			clock.Advance(23 * time.Hour)
			passBoth()
			if list, _ := List(dir); len(list) != 1 {
				t.Fatalf("a backup before its period: %d archives", len(list))
			}
			clock.Advance(time.Hour)
			passBoth()
			if list, _ := List(dir); len(list) != 2 {
				t.Fatalf("the next period: %d archives, want 2", len(list))
			}
			clock.Advance(time.Minute)
			if _, err := a.BackupNow(ctx); err != nil {
				t.Fatalf("back up now: %v", err)
			}
			if outbox(t, a.DB) != 0 {
				t.Fatal("an alert without a problem")
			}
		})
	}
}

func TestOwnersAreEmailedWhenABackupFailsAndWhenTheLastGoodOneIsOld(t *testing.T) {
	ctx := context.Background()
	clock := testclock.At(time.Date(2026, 6, 1, 3, 0, 0, 0, time.UTC))
	path := filepath.Join(t.TempDir(), "shop.db")
	s, _, dir := twoInstances(t, "sqlite:"+path, clock)
	if err := s.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	// The database moves: the next backups fail.
	s.Keeper.DatabaseURL = "sqlite:" + filepath.Join(t.TempDir(), "gone.db")
	clock.Advance(24 * time.Hour)
	if err := s.Pass(ctx); err == nil {
		t.Fatal("a backup of a missing database worked")
	}
	if n := outbox(t, s.DB); n != 1 {
		t.Fatalf("%d e-mails after the failure, want 1", n)
	}
	clock.Advance(time.Hour) // retried, failing again: no second e-mail yet
	_ = s.Pass(ctx)
	if n := outbox(t, s.DB); n != 1 {
		t.Fatalf("%d e-mails after a second failure, want still 1", n)
	}
	clock.Advance(25 * time.Hour) // the last good one is now 50 hours old, the last e-mail 25
	_ = s.Pass(ctx)
	if n := outbox(t, s.DB); n != 2 {
		t.Fatalf("%d e-mails once the last good backup is stale, want 2", n)
	}
	if list, _ := List(dir); len(list) != 1 {
		t.Fatalf("failed backups left archives: %+v", list)
	}
}
