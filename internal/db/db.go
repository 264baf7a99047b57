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
	"sync/atomic"
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
}

// DB is the shop's database. On SQLite it holds two pools of connections to
// the one file, as PocketBase does: reads run on many connections at once
// (WAL lets them run beside a write), and writes on a single connection, so
// writers wait for it in turn in database/sql instead of in SQLite's busy
// handler, which sleeps between tries. On PostgreSQL both are the same pool.
//
// The method decides which pool a statement runs on, never its SQL text:
//   - QueryContext and QueryRowContext on *DB read. The read connections are
//     query_only: a write through them fails at once.
//   - ExecContext and InTx write, and so does everything on the *Tx.
//   - A write that returns rows (INSERT … RETURNING) runs on the *Tx inside
//     InTx; a store function that runs one takes a *Tx, not a Querier.
//   - Inside InTx, use the *Tx and the context InTx passes to fn: a write
//     through the *DB there would wait for the connection its own
//     transaction holds, so it fails at once with ErrWriteInTx.
type DB struct {
	Dialect     Dialect
	read, write *sql.DB
	// SQLite only: pgx keeps its own statement cache per connection.
	readStmts, writeStmts *stmtCache
}

// ErrWriteInTx is the error of a write through the *DB made with the context
// of a transaction of the same *DB that is still open.
var ErrWriteInTx = errors.New("db: a write through the *DB inside InTx: write through the *Tx instead")

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
	// busy_timeout first, so that each connection waits for a lock another
	// process holds (`bookshop migrate`, a backup) from its first statement on.
	base := "file:" + path + "?_time_format=sqlite&_pragma=busy_timeout(10000)"
	// _txlock=immediate: a transaction takes the write lock at BEGIN, so one
	// that reads before it writes cannot fail half-way with SQLITE_BUSY.
	// temp_store(MEMORY): a statement that writes several b-trees (an
	// order's row, its 14 indexes and the words' trigger) keeps its
	// statement journal in memory; above 64 KiB SQLite otherwise spilled
	// it into a new file in /var/tmp, opened and written for every order.
	write, err := sql.Open("sqlite", base+"&_txlock=immediate&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_pragma=temp_store(MEMORY)")
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1) // and keep it: its statements are prepared on it
	read, err := sql.Open("sqlite", base+"&_pragma=query_only(1)")
	if err != nil {
		write.Close()
		return nil, err
	}
	// Keep the connections a busy minute opens: a new one runs the pragmas
	// above and prepares its statements again (database/sql keeps only 2 idle).
	read.SetMaxIdleConns(16)
	read.SetConnMaxIdleTime(5 * time.Minute)
	return &DB{Dialect: SQLite, read: read, write: write, readStmts: newStmtCache(read), writeStmts: newStmtCache(write)}, nil
}

func openPostgres(dsn string) (*DB, error) {
	s, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	s.SetMaxOpenConns(20)
	s.SetMaxIdleConns(10)
	s.SetConnMaxIdleTime(5 * time.Minute)
	return &DB{Dialect: Postgres, read: s, write: s}, nil
}

// Close closes the pools, waiting for queries in flight.
func (d *DB) Close() error {
	d.readStmts.close()
	d.writeStmts.close()
	err := d.write.Close()
	if d.read != d.write {
		err = errors.Join(err, d.read.Close())
	}
	return err
}

// Ping makes a real round trip to the database, on the write connection
// first (on SQLite it creates the file and turns on WAL), then on a read one.
func (d *DB) Ping(ctx context.Context) error {
	var one int
	if err := d.write.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return err
	}
	return d.read.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// ExecContext runs a statement that changes data, or a script such as a
// migration's, on the write connection.
func (d *DB) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if err := d.refuseInTx(ctx); err != nil {
		return nil, err
	}
	if st := d.writeStmts.get(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return d.write.ExecContext(ctx, d.rebind(q), args...)
}

// QueryContext runs a query that reads, on a read connection.
func (d *DB) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := d.readStmts.get(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return d.read.QueryContext(ctx, d.rebind(q), args...)
}

// QueryRowContext runs a query that reads one row, on a read connection.
func (d *DB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := d.readStmts.get(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return d.read.QueryRowContext(ctx, d.rebind(q), args...)
}

// Tx is a transaction on the write connection, with the same placeholder
// rewriting as DB. Its statements come from the write pool's cache:
// Tx.StmtContext reuses the statement already prepared on the connection.
type Tx struct {
	tx *sql.Tx
	d  *DB
	// Statements not yet in the cache, run unprepared: InTx prepares them
	// once the transaction has given the write connection back, as
	// preparing on the write pool now would wait for that connection.
	unprepared []string
}

func (t *Tx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if st := t.stmt(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, t.d.rebind(q), args...)
}

func (t *Tx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := t.stmt(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, t.d.rebind(q), args...)
}

func (t *Tx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if st := t.stmt(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, t.d.rebind(q), args...)
}

// stmt returns q's cached statement bound to the transaction, or nil.
func (t *Tx) stmt(ctx context.Context, q string) *sql.Stmt {
	if t.d.writeStmts == nil {
		return nil
	}
	if st := t.d.writeStmts.lookup(q); st != nil {
		return t.tx.StmtContext(ctx, st)
	}
	t.unprepared = append(t.unprepared, q)
	return nil
}

// Dialect of the database the transaction runs on.
func (t *Tx) Dialect() Dialect { return t.d.Dialect }

// InTx runs fn in a transaction on the write connection, committing when fn
// returns nil and rolling back otherwise (also when fn panics). fn gets the
// context to use inside: with it, a write through the *DB instead of the
// *Tx fails with ErrWriteInTx.
func (d *DB) InTx(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) error {
	if err := d.refuseInTx(ctx); err != nil {
		return err
	}
	tx, err := d.inTx(ctx, fn)
	for _, q := range tx.unprepared {
		d.writeStmts.get(ctx, q)
	}
	return err
}

func (d *DB) inTx(ctx context.Context, fn func(ctx context.Context, tx *Tx) error) (tx *Tx, err error) {
	tx = &Tx{d: d}
	if tx.tx, err = d.write.BeginTx(ctx, nil); err != nil {
		return tx, fmt.Errorf("begin transaction: %w", err)
	}
	open := &openTx{d: d}
	open.yes.Store(true)
	defer func() {
		open.yes.Store(false)
		if p := recover(); p != nil {
			_ = tx.tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.tx.Rollback()
		}
	}()
	if err = fn(context.WithValue(ctx, openTxKey{}, open), tx); err != nil {
		return tx, err
	}
	return tx, tx.tx.Commit()
}

// openTxKey marks the context InTx passes to fn with the transaction.
type openTxKey struct{}

type openTx struct {
	d   *DB
	yes atomic.Bool // until InTx ends: a goroutine may keep the context longer
}

// refuseInTx returns ErrWriteInTx when ctx is that of a transaction of d
// still open.
func (d *DB) refuseInTx(ctx context.Context) error {
	if t, ok := ctx.Value(openTxKey{}).(*openTx); ok && t.d == d && t.yes.Load() {
		return ErrWriteInTx
	}
	return nil
}

// InTxValue is InTx for a transaction that produces a value: it returns
// what fn returns once the transaction has committed, or the error.
func InTxValue[T any](ctx context.Context, d *DB, fn func(ctx context.Context, tx *Tx) (T, error)) (T, error) {
	var out T
	err := d.InTx(ctx, func(ctx context.Context, tx *Tx) error {
		var err error
		out, err = fn(ctx, tx)
		return err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}

// rebind turns `?` placeholders into PostgreSQL's `$1, $2, ...`. Question
// marks inside string literals and comments are left alone, and an
// apostrophe in a comment ("Book 3's") opens no string.
func (d *DB) rebind(q string) string {
	if d.Dialect != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	// Bytes, not runes: every character that matters here is ASCII, and
	// UTF-8's other bytes never equal one of them.
	for i := 0; i < len(q); {
		var open, end string // the literal or comment starting at i
		switch {
		case q[i] == '\'':
			open, end = "'", "'"
		case strings.HasPrefix(q[i:], "--"):
			open, end = "--", "\n"
		case strings.HasPrefix(q[i:], "/*"):
			open, end = "/*", "*/"
		case q[i] == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			i++
			continue
		default:
			b.WriteByte(q[i])
			i++
			continue
		}
		// Copied as it is, up to and including its end (or to the end of q).
		j := len(q)
		if k := strings.Index(q[i+len(open):], end); k >= 0 {
			j = i + len(open) + k + len(end)
		}
		b.WriteString(q[i:j])
		i = j
	}
	return b.String()
}

// LikeContaining is the LIKE pattern that finds text anywhere in a value,
// its own %, _ and \ taken as plain characters; use it with ESCAPE '\'.
func LikeContaining(text string) string {
	return "%" + likeEscaper.Replace(text) + "%"
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

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

// IsForeignKeyViolation tells whether err is a foreign-key failure in either
// dialect: a row written for a parent row that is gone (a user deleted
// while one of their requests ran).
func IsForeignKeyViolation(err error) bool {
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		return lite.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
	}
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23503" // foreign_key_violation
}

// IsFull tells whether err is the database refusing a write for want of
// space: SQLite's SQLITE_FULL (a full disk, or max_page_count reached) or
// PostgreSQL's disk_full. The transaction that met it was rolled back whole.
func IsFull(err error) bool {
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		return lite.Code()&0xff == sqlite3.SQLITE_FULL
	}
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "53100" // disk_full
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

// Column reads a query's only column from every row and closes the rows;
// it takes QueryContext's two results as they come:
//
//	ids, err := db.Column[int64](q.QueryContext(ctx, `SELECT id FROM ...`))
func Column[T any](rows *sql.Rows, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
