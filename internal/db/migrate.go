package db

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"bookshop/migrations"
)

// Migrate applies every embedded migration of the database's dialect that is
// not yet recorded in schema_migrations, each in its own transaction, and
// returns the names it applied. A second run applies nothing.
func (d *DB) Migrate(ctx context.Context) ([]string, error) {
	if _, err := d.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    TEXT PRIMARY KEY,
		applied_at TIMESTAMP NOT NULL
	)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	files, err := fs.Glob(migrations.FS, string(d.Dialect)+"/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	applied := []string{}
	for _, file := range files {
		version := strings.TrimSuffix(path.Base(file), ".sql")
		did, err := d.applyOne(ctx, file, version)
		if err != nil {
			return applied, fmt.Errorf("migration %s: %w", version, err)
		}
		if did {
			applied = append(applied, version)
		}
	}
	return applied, nil
}

func (d *DB) applyOne(ctx context.Context, file, version string) (bool, error) {
	body, err := migrations.FS.ReadFile(file)
	if err != nil {
		return false, err
	}
	did := false
	err = d.InTx(ctx, func(ctx context.Context, tx *Tx) error {
		if d.Dialect == Postgres {
			// Several instances may start at once against one PostgreSQL:
			// the lock makes them apply each migration exactly once.
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(7283001)"); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", version).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", version, time.Now().UTC())
		did = err == nil
		return err
	})
	return did, err
}
