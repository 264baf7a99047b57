// Package dbtest gives each store test a fresh, migrated database: SQLite in
// a temporary folder always, and PostgreSQL too when TEST_DATABASE_URL is set.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/migrations"
)

// Each runs fn once per available dialect, each time on a fresh database.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
	}
}

// SQLite opens a migrated SQLite database in the test's temporary folder:
// a copy of one migrated once per test binary, since running every migration
// again for each of a package's hundreds of fresh databases is most of what
// those tests would spend.
func SQLite(t *testing.T) *db.DB {
	t.Helper()
	image, err := migratedSQLite()
	if err != nil {
		t.Fatalf("migrate the SQLite template: %v", err)
	}
	file := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(file, image, 0o600); err != nil {
		t.Fatal(err)
	}
	return open(t, "sqlite:"+file)
}

// migratedSQLite is the file of a freshly migrated SQLite database, made on
// first use. Closing the database checkpoints its write-ahead log into the
// file, so the bytes alone are the whole database.
var migratedSQLite = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "bookshop-dbtest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "template.db")
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+file)
	if err != nil {
		return nil, err
	}
	_, err = d.Migrate(ctx)
	if err = errors.Join(err, d.Close()); err != nil {
		return nil, err
	}
	return os.ReadFile(file)
})

// Postgres creates a throwaway schema on TEST_DATABASE_URL and opens a
// migrated database confined to it; the schema is dropped after the test.
func Postgres(t *testing.T) *db.DB {
	t.Helper()
	return open(t, PostgresURL(t))
}

// PostgresURL creates a throwaway schema on TEST_DATABASE_URL and returns a
// database URL confined to it, for tests that open it more than once (two
// instances of the shop on one database); the schema is dropped after the
// test. The test is skipped without TEST_DATABASE_URL.
func PostgresURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	ctx := context.Background()
	admin, err := db.Open(ctx, base)
	if err != nil {
		t.Fatalf("open TEST_DATABASE_URL: %v", err)
	}
	t.Cleanup(func() { admin.Close() })
	schema := "t_" + randomHex(8)
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() { _, _ = admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE") })

	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Open opens and migrates the database at databaseURL for the test, e.g.
// a second handle on PostgresURL's database.
func Open(t *testing.T, databaseURL string) *db.DB {
	t.Helper()
	return open(t, databaseURL)
}

func open(t *testing.T, databaseURL string) *db.DB {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, databaseURL)
	if err != nil {
		t.Fatalf("open %s: %v", databaseURL, err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return d
}

// EachBefore runs fn once per available dialect on a fresh database that has
// only the migrations numbered below first, as an older release left it: fn
// adds the old rows, then calls d.Migrate and checks what became of them.
func EachBefore(t *testing.T, first string, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "old.db") },
		"postgres": PostgresURL,
	}
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			d, err := db.Open(context.Background(), urls[dialect](t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			migrateBefore(t, d, first)
			fn(t, d)
		})
	}
}

// migrateBefore applies the dialect's migrations numbered below first.
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

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
