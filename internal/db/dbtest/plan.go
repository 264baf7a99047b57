package dbtest

import (
	"context"
	"strings"
	"testing"

	"bookshop/internal/db"
)

// Plan is how the database d would run query: SQLite's EXPLAIN QUERY PLAN,
// or PostgreSQL's EXPLAIN with sequential scans discouraged, so that a
// query an index can answer shows that index even on a test's few rows.
func Plan(t *testing.T, d *db.DB, query string, args ...any) string {
	t.Helper()
	var plan []string
	err := d.InTx(context.Background(), func(ctx context.Context, tx *db.Tx) error {
		explain := "EXPLAIN QUERY PLAN "
		if d.Dialect == db.Postgres {
			if _, err := tx.ExecContext(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
				return err
			}
			explain = "EXPLAIN "
		}
		rows, err := tx.QueryContext(ctx, explain+query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			if s, ok := vals[len(vals)-1].(string); ok {
				plan = append(plan, s)
			} else if b, ok := vals[len(vals)-1].([]byte); ok {
				plan = append(plan, string(b))
			}
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatalf("explain %s: %v", query, err)
	}
	return strings.Join(plan, "\n")
}
