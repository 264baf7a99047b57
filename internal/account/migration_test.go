package account

import (
	"context"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/migrations"
)

// TestBirthDatesBecomeMonths: migration 0400 keeps an existing child's
// birth month and year and drops the day, on both databases.
func TestBirthDatesBecomeMonths(t *testing.T) {
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "old.db") },
		"postgres": dbtest.PostgresURL,
	}
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			d, err := db.Open(ctx, urls[dialect](t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			migrateBefore(t, d, "0400")
			now := time.Now().UTC()
			if _, err := d.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ('u1', 'u1@example.com', ?, ?)`, now, now); err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, `INSERT INTO kids (id, user_id, name, date_of_birth, created_at, updated_at)
				VALUES ('9b2f6c1e-1111-4c3a-9d7e-000000000001', 'u1', 'Mia', '2021-03-17', ?, ?)`, now, now); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			kids, err := listKids(ctx, d, "u1")
			if err != nil || len(kids) != 1 || kids[0].BirthMonth != "2021-03" || kids[0].Name != "Mia" {
				t.Fatalf("after the migration: %+v %v, want Mia born 2021-03", kids, err)
			}
			var day int
			err = d.QueryRowContext(ctx, `SELECT COUNT(*) FROM kids WHERE date_of_birth IS NOT NULL`).Scan(&day)
			if err == nil {
				t.Fatal("the column with the day is still there")
			}
		})
	}
}

// migrateBefore applies the dialect's migrations numbered below first, as
// an older release did.
func migrateBefore(t *testing.T, d *db.DB, first string) {
	t.Helper()
	ctx := context.Background()
	if _, err := d.ExecContext(ctx, `CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMP NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(migrations.FS, string(d.Dialect)+"/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	for _, f := range files {
		version := strings.TrimSuffix(path.Base(f), ".sql")
		if version >= first {
			break
		}
		body, err := migrations.FS.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		err = d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`, version, time.Now().UTC())
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", version, err)
		}
	}
}
