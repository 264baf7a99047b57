package db_test

import (
	"context"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/migrations"
)

// TestBothDialectsHaveTheSameMigrations: a migration is written twice, once
// per folder, under one name.
func TestBothDialectsHaveTheSameMigrations(t *testing.T) {
	versions := func(dialect db.Dialect) []string {
		files, err := fs.Glob(migrations.FS, string(dialect)+"/*.sql")
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range files {
			files[i] = path.Base(f)
		}
		sort.Strings(files)
		return files
	}
	lite, pg := versions(db.SQLite), versions(db.Postgres)
	for _, v := range lite {
		if !slices.Contains(pg, v) {
			t.Errorf("migrations/sqlite/%s has no migrations/postgres/%s", v, v)
		}
	}
	for _, v := range pg {
		if !slices.Contains(lite, v) {
			t.Errorf("migrations/postgres/%s has no migrations/sqlite/%s", v, v)
		}
	}
}

// TestBothDialectsMigrateToTheSameTables migrates an empty SQLite database
// and an empty PostgreSQL schema and compares what they hold: the same
// tables, each with the same columns, each column of the same family of
// types (an integer, text, a time...). A migration written for one dialect
// only, or a column typed differently in the other, fails here. Skipped
// without TEST_DATABASE_URL, as the other PostgreSQL tests are.
func TestBothDialectsMigrateToTheSameTables(t *testing.T) {
	pgURL := dbtest.PostgresURL(t) // skips without TEST_DATABASE_URL
	ctx := context.Background()
	lite, err := db.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "fresh.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close() })
	if _, err := lite.Migrate(ctx); err != nil {
		t.Fatalf("migrate SQLite: %v", err)
	}
	pg := dbtest.Open(t, pgURL) // migrates

	// table_xinfo, not table_info: it lists the generated columns too (hidden
	// 2 and 3). The FTS5 tables of the words' search and their shadow tables
	// are SQLite's indexes (PostgreSQL's are GIN indexes, migration 0901).
	liteCols := columns(t, lite, `SELECT m.name, p.name, p.type FROM sqlite_master m, pragma_table_xinfo(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND p.hidden <> 1
			AND m.name NOT IN (SELECT name FROM pragma_table_list WHERE type IN ('virtual', 'shadow'))`)
	pgCols := columns(t, pg, `SELECT table_name, column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name IN
			(SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')`)
	if len(liteCols) < 20 {
		t.Fatalf("SQLite has %d tables after its migrations: the query reads nothing", len(liteCols))
	}
	for _, table := range sortedKeys(liteCols, pgCols) {
		l, p := liteCols[table], pgCols[table]
		switch {
		case l == nil:
			t.Errorf("table %s is in PostgreSQL only", table)
			continue
		case p == nil:
			t.Errorf("table %s is in SQLite only", table)
			continue
		}
		for _, col := range sortedKeys(l, p) {
			lt, lok := l[col]
			pt, pok := p[col]
			switch {
			case !pok:
				t.Errorf("column %s.%s (%s) is in SQLite only", table, col, lt)
			case !lok:
				t.Errorf("column %s.%s (%s) is in PostgreSQL only", table, col, pt)
			case typeFamily(lt) != typeFamily(pt):
				t.Errorf("column %s.%s is %s in SQLite (%s), %s in PostgreSQL (%s)", table, col, lt, typeFamily(lt), pt, typeFamily(pt))
			}
		}
	}
}

// columns is table → column → declared type, from rows of the three.
func columns(t *testing.T, d *db.DB, query string) map[string]map[string]string {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), query)
	if err != nil {
		t.Fatalf("%s: %v", d.Dialect, err)
	}
	defer rows.Close()
	out := map[string]map[string]string{}
	for rows.Next() {
		var table, col, typ string
		if err := rows.Scan(&table, &col, &typ); err != nil {
			t.Fatal(err)
		}
		if out[table] == nil {
			out[table] = map[string]string{}
		}
		out[table][col] = typ
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// typeFamily is what a column holds, whatever either dialect calls it.
// SQLite keeps the type as declared (its affinity comes from the name);
// PostgreSQL's information_schema names it in full.
func typeFamily(declared string) string {
	t := strings.ToLower(strings.TrimSpace(declared))
	if i := strings.IndexByte(t, '('); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	switch {
	case t == "boolean" || t == "bool":
		return "boolean"
	case strings.Contains(t, "int") || strings.Contains(t, "serial"):
		return "integer"
	case t == "double precision" || t == "double" || t == "real" || t == "float" || t == "numeric" || t == "decimal":
		return "number"
	case t == "date":
		return "date"
	case strings.HasPrefix(t, "timestamp") || t == "datetime":
		return "time"
	case t == "blob" || t == "bytea":
		return "bytes"
	case t == "text" || strings.Contains(t, "char") || t == "uuid" || t == "json" || t == "jsonb" || t == "citext":
		return "text"
	}
	return "other: " + t
}

// sortedKeys is the union of the maps' keys, sorted.
func sortedKeys[V any](a, b map[string]V) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}
