// Package db opens the shop's database, SQLite or PostgreSQL, and applies the
// embedded migrations. SQL is written once with `?` placeholders in the dialect
// both share; the few differences between the two live in this package.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"               // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names the SQL flavour of an open database.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Querier is what stores need: satisfied by *DB and *Tx, so a store function
// can run alone or inside a caller's transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	// WriteRow runs a statement that changes data and returns one row
	// (INSERT … RETURNING) and scans it into dest. Use it rather than
	// QueryRowContext for such statements: on SQLite the write then takes
	// its turn with the others (writer.go).
	WriteRow(ctx context.Context, dest []any, query string, args ...any) error
}

// DB is a database handle that rewrites `?` placeholders for PostgreSQL.
type DB struct {
	sql     *sql.DB
	Dialect Dialect
	stmts   *stmtCache // SQLite only: pgx keeps its own statement cache per connection
	writes  *writer    // SQLite only (writer.go)
}

// Open connects to the database named by a DATABASE_URL value. For SQLite it
// creates the folder, and turns on WAL, foreign keys and a busy timeout.
func Open(ctx context.Context, databaseURL string) (*DB, error) {
	driver, dsn, err := SplitURL(databaseURL)
	if err != nil {
		return nil, err
	}
	var d *DB
	switch driver {
	case "sqlite":
		d, err = openSQLite(dsn)
	default:
		d, err = openPostgres(dsn)
	}
	if err != nil {
		return nil, err
	}
	if err := d.Ping(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("connect to %s database: %w", d.Dialect, err)
	}
	return d, nil
}

func openSQLite(path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create database folder: %w", err)
		}
	}
	// _txlock=immediate makes write transactions take the lock up front, so two
	// writers wait on busy_timeout instead of failing with SQLITE_BUSY mid-way.
	dsn := "file:" + path + "?_txlock=immediate&_time_format=sqlite" +
		"&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)"
	s, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// Keep the connections a busy minute opens: a new one runs the pragmas
	// above and prepares its statements again (database/sql keeps only 2 idle).
	s.SetMaxIdleConns(16)
	s.SetConnMaxIdleTime(5 * time.Minute)
	return &DB{sql: s, Dialect: SQLite, stmts: newStmtCache(s), writes: newWriter()}, nil
}

func openPostgres(dsn string) (*DB, error) {
	s, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	s.SetMaxOpenConns(20)
	s.SetMaxIdleConns(10)
	s.SetConnMaxIdleTime(5 * time.Minute)
	return &DB{sql: s, Dialect: Postgres}, nil
}

// Close closes the pool, waiting for queries in flight.
func (d *DB) Close() error {
	d.writes.close()
	d.stmts.close()
	return d.sql.Close()
}

// Ping makes a real round trip to the database.
func (d *DB) Ping(ctx context.Context) error {
	var one int
	return d.sql.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

func (d *DB) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if d.writes != nil && isWrite(q) {
		var res sql.Result
		err := d.writes.do(ctx, func() (err error) {
			res, err = d.exec(ctx, q, args...)
			return err
		})
		return res, err
	}
	return d.exec(ctx, q, args...)
}

func (d *DB) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := d.stmts.get(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return d.sql.ExecContext(ctx, d.rebind(q), args...)
}

func (d *DB) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := d.stmts.get(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return d.sql.QueryContext(ctx, d.rebind(q), args...)
}

func (d *DB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := d.stmts.get(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return d.sql.QueryRowContext(ctx, d.rebind(q), args...)
}

// WriteRow runs a statement that changes data and returns a row, scanning
// it into dest in the writer's turn (writer.go).
func (d *DB) WriteRow(ctx context.Context, dest []any, q string, args ...any) error {
	return d.writes.do(ctx, func() error {
		return d.QueryRowContext(ctx, q, args...).Scan(dest...)
	})
}

// Tx is a transaction with the same placeholder rewriting as DB.
type Tx struct {
	tx *sql.Tx
	d  *DB
}

// The transaction's statements come from the same cache: Tx.StmtContext
// reuses the statement already prepared on the transaction's connection.

func (t *Tx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := t.d.stmts.get(ctx, q); st != nil {
		return t.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, t.d.rebind(q), args...)
}

func (t *Tx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := t.d.stmts.get(ctx, q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, t.d.rebind(q), args...)
}

func (t *Tx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := t.d.stmts.get(ctx, q); st != nil {
		return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, t.d.rebind(q), args...)
}

// WriteRow is QueryRowContext and Scan: the transaction already has the writer's turn.
func (t *Tx) WriteRow(ctx context.Context, dest []any, q string, args ...any) error {
	return t.QueryRowContext(ctx, q, args...).Scan(dest...)
}

// Dialect of the database the transaction runs on.
func (t *Tx) Dialect() Dialect { return t.d.Dialect }

// InTx runs fn in a transaction, committing when fn returns nil and rolling
// back otherwise (also when fn panics).
func (d *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	// Every SQLite transaction here takes the write lock at BEGIN
	// (_txlock=immediate), so the whole of it is the writer's (writer.go).
	return d.writes.do(ctx, func() error { return d.inTx(ctx, fn) })
}

func (d *DB) inTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	stx, err := d.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = stx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = stx.Rollback()
		}
	}()
	if err = fn(&Tx{tx: stx, d: d}); err != nil {
		return err
	}
	return stx.Commit()
}

// InTxValue is InTx for a transaction that produces a value: it returns
// what fn returns once the transaction has committed, or the error.
func InTxValue[T any](ctx context.Context, d *DB, fn func(tx *Tx) (T, error)) (T, error) {
	var out T
	err := d.InTx(ctx, func(tx *Tx) error {
		var err error
		out, err = fn(tx)
		return err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// rebind turns `?` placeholders into PostgreSQL's `$1, $2, ...`. Question
// marks inside string literals are left alone.
func (d *DB) rebind(q string) string {
	if d.Dialect != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n, inString := 0, false
	for _, r := range q {
		switch {
		case r == '\'':
			inString = !inString
		case r == '?' && !inString:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// IsUniqueViolation tells whether err is a unique-constraint failure in
// either dialect, by the drivers' error codes, so stores can turn it into a
// conflict error.
func IsUniqueViolation(err error) bool {
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		return lite.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || lite.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505" // unique_violation
}

// SplitURL returns the driver name ("sqlite" or "postgres") of a
// DATABASE_URL value and the data source for it.
func SplitURL(raw string) (driver, dsn string, err error) {
	switch {
	case strings.HasPrefix(raw, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(raw, "sqlite:"), "//")
		if path == "" {
			return "", "", errors.New("sqlite: needs a file path, for example sqlite:./data/bookshop.db")
		}
		return "sqlite", path, nil
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		if _, err := url.Parse(raw); err != nil {
			return "", "", fmt.Errorf("%q is not a valid URL", raw)
		}
		return "postgres", raw, nil
	default:
		return "", "", fmt.Errorf("%q must start with sqlite: or postgres://", raw)
	}
}

// ErrNoRows is re-exported so stores compare against one name.
var ErrNoRows = sql.ErrNoRows

// IsNoRows tells whether err means "no such row".
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
