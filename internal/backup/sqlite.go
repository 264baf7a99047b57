package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"modernc.org/sqlite"
)

// openSQLite opens its own connection to the shop's file (not the shop's
// pools: a backup must not hold the one write connection), waiting for a
// lock as the shop's own connections do.
func openSQLite(path string, pragmas string) (*sql.DB, error) {
	d, err := sql.Open("sqlite", "file:"+path+"?_time_format=sqlite&_pragma=busy_timeout(10000)"+pragmas)
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(1)
	return d, nil
}

// snapshotSQLite writes a consistent copy of the database at path to dest
// with VACUUM INTO (a read transaction: the shop keeps writing meanwhile,
// through WAL), and returns what the manifest says of it, read from the
// copy itself so the counts are the snapshot's.
func snapshotSQLite(ctx context.Context, path, dest string) (schema string, rows map[string]int64, err error) {
	src, err := openSQLite(path, "")
	if err != nil {
		return "", nil, err
	}
	defer src.Close()
	if _, err := src.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		return "", nil, fmt.Errorf("VACUUM INTO: %w", err)
	}
	snap, err := openSQLite(dest, "&_pragma=query_only(1)")
	if err != nil {
		return "", nil, err
	}
	defer snap.Close()
	return describeSQLite(ctx, snap)
}

// describeSQLite returns the last migration applied and the rows of each
// table of a SQLite database.
func describeSQLite(ctx context.Context, d *sql.DB) (string, map[string]int64, error) {
	tables, err := stringsOf(ctx, d, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		return "", nil, err
	}
	return describe(ctx, d, tables, `"%s"`)
}

// describe counts the rows of tables (quote formats a table's name) and
// reads the schema version.
func describe(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, tables []string, quote string) (string, map[string]int64, error) {
	rows := make(map[string]int64, len(tables))
	for _, t := range tables {
		var n int64
		if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+fmt.Sprintf(quote, strings.ReplaceAll(t, `"`, `""`))).Scan(&n); err != nil {
			return "", nil, fmt.Errorf("count %s: %w", t, err)
		}
		rows[t] = n
	}
	var schema sql.NullString
	if _, ok := rows["schema_migrations"]; ok {
		if err := q.QueryRowContext(ctx, "SELECT MAX(version) FROM schema_migrations").Scan(&schema); err != nil {
			return "", nil, err
		}
	}
	return schema.String, rows, nil
}

func stringsOf(ctx context.Context, d interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, q string) ([]string, error) {
	rs, err := d.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var s string
		if err := rs.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rs.Err()
}

// restorer is what modernc.org/sqlite's connection offers for SQLite's
// online backup API, run from a file into the connection's database.
type restorer interface {
	NewRestore(srcURI string) (*sqlite.Backup, error)
}

// restoreSQLite replaces the database at path with the one at src through
// SQLite's online backup API: page by page under SQLite's own locks, in one
// write transaction, so another connection to the file (a running shop's
// pools) sees the old database or the new one, never a mix, and a file
// copy's torn WAL is impossible.
func restoreSQLite(ctx context.Context, path, src string) error {
	dst, err := openSQLite(path, "&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)")
	if err != nil {
		return err
	}
	defer dst.Close()
	conn, err := dst.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		r, ok := dc.(restorer)
		if !ok {
			return errors.New("the sqlite driver offers no backup API")
		}
		b, err := r.NewRestore("file:" + src + "?mode=ro")
		if err != nil {
			return fmt.Errorf("start the restore: %w", err)
		}
		// -1: every page in one step, so one write transaction.
		_, stepErr := b.Step(-1)
		return errors.Join(stepErr, b.Finish())
	})
}
