// Package dbtest gives each store test a fresh, migrated database: SQLite in
// a temporary folder always, and PostgreSQL too when TEST_DATABASE_URL is set.
package dbtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
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
	// Not t.TempDir(): a repeated subtest's folder is named "sqlite#01",
	// and a '#' in the database URL would end its path there.
	dir, err := os.MkdirTemp("", "bookshop-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	file := filepath.Join(dir, "test.db")
	if err := os.WriteFile(file, image, 0o600); err != nil {
		t.Fatal(err)
	}
	return openMigrated(t, "sqlite:"+file)
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

// Postgres opens a migrated database on TEST_DATABASE_URL's server: a copy
// of a template database migrated once (CREATE DATABASE … TEMPLATE), since
// running the forty-odd migrations again for every scenario cost half a
// second of the server's CPU each, and put back as the template left it for
// the test binary's next test after this one (pool.go). The shop's
// tables sit in the schema TemplateSchema, named by the URL's search_path,
// as in the throwaway schemas of PostgresURL. The test is skipped without
// TEST_DATABASE_URL.
func Postgres(t *testing.T) *db.DB {
	t.Helper()
	return openMigrated(t, MigratedPostgresURL(t))
}

// TemplateSchema is the schema of Postgres's databases.
const TemplateSchema = "shop_test"

// MigratedPostgresURL is Postgres's database, for tests that open it more
// than once (two instances of the shop on one database).
func MigratedPostgresURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	admin, err := postgresAdmin()
	if err != nil {
		t.Fatalf("open TEST_DATABASE_URL: %v", err)
	}
	template, err := migratedPostgres()
	if err != nil {
		t.Fatalf("migrate the PostgreSQL template: %v", err)
	}
	ctx := context.Background()
	d, err := pool.take(ctx, admin, template)
	if err != nil {
		t.Fatalf("a database from the pool: %v", err)
	}
	// Registered first, so it runs after the test's own cleanups have closed its connections.
	t.Cleanup(func() {
		if err := pool.give(context.Background(), admin, d); err != nil {
			t.Logf("database %s dropped, not reused: %v", d.name, err)
		}
	})
	return databaseURLOf(base, d.name, TemplateSchema)
}

// postgresAdmin is one pool on TEST_DATABASE_URL per test binary, for
// creating and dropping the tests' databases.
var postgresAdmin = sync.OnceValues(func() (*db.DB, error) {
	return db.Open(context.Background(), os.Getenv("TEST_DATABASE_URL"))
})

// migratedPostgres is the name of a database migrated to this tree's
// migrations, made by the first test binary that needs it and kept on the
// server for the others: the name holds a hash of the migrations, and a
// template is renamed to it only once complete (the first of two binaries
// making one at once keeps its own, the other drops its copy).
var migratedPostgres = sync.OnceValues(func() (string, error) {
	ctx := context.Background()
	admin, err := postgresAdmin()
	if err != nil {
		return "", err
	}
	name, err := templateName()
	if err != nil {
		return "", err
	}
	var n int
	if err := admin.QueryRowContext(ctx, "SELECT COUNT(*) FROM pg_database WHERE datname = ?", name).Scan(&n); err != nil || n == 1 {
		return name, err
	}
	making := name + "_" + randomHex(4)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+making); err != nil {
		return "", err
	}
	drop := func() { _, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+making+" WITH (FORCE)") }
	d, err := db.Open(ctx, databaseURLOf(os.Getenv("TEST_DATABASE_URL"), making, TemplateSchema))
	if err == nil {
		_, err = d.ExecContext(ctx, "CREATE SCHEMA "+TemplateSchema)
		if err == nil {
			_, err = d.Migrate(ctx)
		}
		err = errors.Join(err, d.Close())
	}
	if err == nil {
		_, err = admin.ExecContext(ctx, "ALTER DATABASE "+making+" RENAME TO "+name)
		if err != nil && admin.QueryRowContext(ctx, "SELECT COUNT(*) FROM pg_database WHERE datname = ?", name).Scan(&n) == nil && n == 1 {
			err = nil // another binary's template came first
		}
	}
	if err != nil {
		drop()
		return "", err
	}
	drop() // a no-op once renamed
	return name, nil
})

// templateName is bookshop_tpl_ and the start of a hash of the PostgreSQL
// migrations, so a new or changed migration gets a new template.
func templateName() (string, error) {
	files, err := fs.Glob(migrations.FS, string(db.Postgres)+"/*.sql")
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		body, err := migrations.FS.ReadFile(f)
		if err != nil {
			return "", err
		}
		h.Write([]byte(f + "\x00"))
		h.Write(body)
		h.Write([]byte{0})
	}
	return "bookshop_tpl_" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

// databaseURLOf is base with the database name and search_path schema.
func databaseURLOf(base, name, schema string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// PostgresURL creates a throwaway, empty schema on TEST_DATABASE_URL and
// returns a database URL confined to it, for tests that migrate it
// themselves (an older schema, the migrate command) or open it more than
// once; the schema is dropped after the test. The test is skipped without
// TEST_DATABASE_URL.
func PostgresURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	ctx := context.Background()
	admin, err := postgresAdmin()
	if err != nil {
		t.Fatalf("open TEST_DATABASE_URL: %v", err)
	}
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
	d := openMigrated(t, databaseURL)
	if _, err := d.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return d
}

// openMigrated opens a copy of a migrated template: migrating it again
// would only check forty-odd versions in as many transactions, for every
// scenario.
func openMigrated(t *testing.T, databaseURL string) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), databaseURL)
	if err != nil {
		t.Fatalf("open %s: %v", databaseURL, err)
	}
	t.Cleanup(func() { d.Close() })
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
