package catalog

import (
	"context"
	"fmt"

	"bookshop/internal/db"
)

// The catalogue's version is one row (migration 0110), bumped by every
// transaction that changes what visitors see: a book, a category, the
// stock an order takes. Instances compare it with their snapshot's to know
// when to reload (live.go).

func readVersion(ctx context.Context, q db.Querier) (int64, error) {
	var v int64
	err := q.QueryRowContext(ctx, `SELECT version FROM catalog_version WHERE id = 1`).Scan(&v)
	return v, err
}

// bumpVersion moves the catalogue's version on, in the transaction of the
// change, so the new version and the change commit together.
func bumpVersion(ctx context.Context, tx *db.Tx) error {
	if _, err := tx.ExecContext(ctx, `UPDATE catalog_version SET version = version + 1 WHERE id = 1`); err != nil {
		return fmt.Errorf("catalog: bump version: %w", err)
	}
	return nil
}

// BumpVersion is bumpVersion for a change another feature makes to what
// the catalogue shows (a storybook published or unpublished), in its
// transaction; call Service.Changed after the commit.
func BumpVersion(ctx context.Context, tx *db.Tx) error { return bumpVersion(ctx, tx) }
