package backup

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"bookshop/internal/db"
)

// versionCounters are the rows whose version names what the shop's caches
// and ETags were made from (a search of /books is tagged by the
// catalogue's version). A restore moves the counter back to the archive's
// value, and the changes that follow would count up through numbers that
// already named other contents, in this instance's memory, in the page
// cache and in browsers; so after a restore each counter is set past both
// its old and its restored value.
var versionCounters = []struct{ table, column string }{
	{"catalog_version", "version"},
	{"shop_settings", "version"},
}

// counters reads each version counter of the database (missing ones: 0).
func counters(ctx context.Context, dialect db.Dialect, path, databaseURL string) map[string]int64 {
	out := map[string]int64{}
	d, err := openAny(dialect, path, databaseURL)
	if err != nil {
		return out
	}
	defer d.Close()
	for _, c := range versionCounters {
		var v sql.NullInt64
		if err := d.QueryRowContext(ctx, fmt.Sprintf("SELECT MAX(%s) FROM %s", c.column, c.table)).Scan(&v); err == nil {
			out[c.table] = v.Int64
		}
	}
	return out
}

// moveCountersPast sets each counter past the larger of before and its
// restored value.
func moveCountersPast(ctx context.Context, dialect db.Dialect, path, databaseURL string, before map[string]int64) error {
	d, err := openAny(dialect, path, databaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	for _, c := range versionCounters {
		q := fmt.Sprintf("UPDATE %[1]s SET %[2]s = CASE WHEN %[2]s > $1 THEN %[2]s + 1 ELSE $1 + 1 END", c.table, c.column)
		if dialect == db.SQLite {
			q = fmt.Sprintf("UPDATE %[1]s SET %[2]s = MAX(%[2]s, ?1) + 1", c.table, c.column)
		}
		if _, err := d.ExecContext(ctx, q, before[c.table]); err != nil && !missingTable(err) {
			return fmt.Errorf("move %s past the versions already used: %w", c.table, err)
		}
	}
	return nil
}

func openAny(dialect db.Dialect, path, databaseURL string) (*sql.DB, error) {
	if dialect == db.SQLite {
		return openSQLite(path, "")
	}
	return sql.Open("pgx", databaseURL)
}

// missingTable tells an archive older than the counter's table (its
// migration runs after the restore) from a real failure.
func missingTable(err error) bool {
	s := err.Error()
	return strings.Contains(s, "no such table") || strings.Contains(s, "does not exist")
}
