package db

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"bookshop/migrations"
)

// SchemaVersions are the last migration the database records and the last
// one this build embeds for its dialect: equal when the schema is current.
// A database ahead of the build (an older binary rolled out again) or
// behind it (migrations not applied) is not what this build's SQL expects.
func (d *DB) SchemaVersions(ctx context.Context) (applied, embedded string, err error) {
	files, err := fs.Glob(migrations.FS, string(d.Dialect)+"/*.sql")
	if err != nil {
		return "", "", err
	}
	if len(files) > 0 {
		sort.Strings(files)
		embedded = strings.TrimSuffix(path.Base(files[len(files)-1]), ".sql")
	}
	var last sql.NullString
	if err := d.QueryRowContext(ctx, "SELECT MAX(version) FROM schema_migrations").Scan(&last); err != nil {
		return "", embedded, fmt.Errorf("read schema_migrations: %w", err)
	}
	return last.String, embedded, nil
}

// Pools are the database's connection pools by name, for their statistics
// (sql.DBStats) only: statements go through the *DB, which picks the pool.
// SQLite has a read and a write pool; PostgreSQL one.
func (d *DB) Pools() map[string]*sql.DB {
	if d.read == d.write {
		return map[string]*sql.DB{"postgres": d.read}
	}
	return map[string]*sql.DB{"sqlite_read": d.read, "sqlite_write": d.write}
}
