package dbtest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"bookshop/internal/db"
)

// The PostgreSQL databases of a test binary are used again: after a test,
// its database is put back as the template left it (the tables it filled
// emptied, the migrations' rows written again, the sequences set back) and
// handed to the next test. A new copy of the template per scenario cost the
// server a CREATE DATABASE, a DROP and new backends that built their
// catalogue caches from nothing on a database they had never seen, most of
// the server's CPU in the Go tests. A database whose schema a test changed
// (a dropped table, a disabled trigger) or that something still uses is
// dropped instead of reused.

// pooled is one database of the pool, with the connection that resets it
// (kept open, so its caches stay warm and the database counts as in use).
type pooled struct {
	name string
	conn *sql.DB
}

// pgPool holds the databases free for the next test, and what the template
// holds (read from the first copy, since the template itself must have no
// connection for CREATE DATABASE … TEMPLATE to copy it).
type pgPool struct {
	mu    sync.Mutex
	free  []*pooled
	state *templateState
	sweep sync.Once
}

var pool pgPool

// templateState is what a copy of the template holds, to compare a used
// copy with and to put it back.
type templateState struct {
	schema     string   // a digest of the tables, columns, indexes, constraints, triggers, functions
	tables     []string // every table of TemplateSchema
	seeds      []seed   // the tables the migrations filled, parents first
	sequences  string   // one SELECT of setval for every sequence
	truncGuard []string // "table trigger": enabled triggers that refuse TRUNCATE
}

// seed is a table the migrations wrote rows into, and those rows.
type seed struct {
	table   string
	columns string // the columns an INSERT may write (not the generated ones)
	digest  string // md5 of the rows, as digestQuery computes it
	rows    string // the rows as JSON
}

// take gives a database for a test: a free one, or a new copy of template.
func (p *pgPool) take(ctx context.Context, admin execer, template string) (*pooled, error) {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		d := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return d, nil
	}
	p.mu.Unlock()
	p.sweep.Do(func() { sweepDead(ctx, admin) })
	name := fmt.Sprintf("%s%d_%s", poolPrefix(), os.Getpid(), randomHex(4))
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name+" TEMPLATE "+template); err != nil {
		return nil, fmt.Errorf("create database: %w", err)
	}
	conn, err := sql.Open("pgx", databaseURLOf(os.Getenv("TEST_DATABASE_URL"), name, TemplateSchema))
	if err == nil {
		conn.SetMaxOpenConns(1)
		err = conn.PingContext(ctx) // connected at once: sweepDead spares a database in use
		conn.SetMaxIdleConns(1)
		conn.SetConnMaxIdleTime(0)
		err = p.learn(ctx, conn)
	}
	if err != nil {
		if conn != nil {
			conn.Close()
		}
		_, _ = admin.ExecContext(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
		return nil, err
	}
	return &pooled{name: name, conn: conn}, nil
}

type execer interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}

// poolPrefix starts the name of every pool database made on this host:
// t_, a digest of the host name, _; the process id follows.
func poolPrefix() string {
	host, _ := os.Hostname()
	sum := sha256.Sum256([]byte(host))
	return "t_" + hex.EncodeToString(sum[:3]) + "_"
}

// sweepDead drops the pool databases that test binaries on this host left
// when they ended (the pool keeps its databases to the end, and a binary
// has no hook to drop them then): those whose process is gone. A
// throwaway server (scripts/with-postgres.sh) has none.
func sweepDead(ctx context.Context, admin execer) {
	names, err := db.Column[string](admin.QueryContext(ctx, "SELECT datname FROM pg_database WHERE datname LIKE ?", poolPrefix()+"%"))
	if err != nil {
		return
	}
	var dead []string
	for _, name := range names {
		pid, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, poolPrefix()), "_", 2)[0])
		if err == nil && pid != os.Getpid() && syscall.Kill(pid, 0) == syscall.ESRCH {
			dead = append(dead, name)
		}
	}
	for _, name := range dead {
		_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	}
}

// give puts d back for the next test once reset; a database that cannot be
// reset is dropped.
func (p *pgPool) give(ctx context.Context, admin execer, d *pooled) error {
	err := p.reset(ctx, d.conn)
	if err != nil {
		d.conn.Close()
		_, _ = admin.ExecContext(ctx, "DROP DATABASE "+d.name+" WITH (FORCE)")
		return err
	}
	p.mu.Lock()
	p.free = append(p.free, d)
	p.mu.Unlock()
	return nil
}

// learn reads the template's state from a fresh copy, once per binary.
func (p *pgPool) learn(ctx context.Context, conn *sql.DB) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state != nil {
		return nil
	}
	s := &templateState{}
	if err := conn.QueryRowContext(ctx, schemaDigestQuery).Scan(&s.schema); err != nil {
		return fmt.Errorf("schema digest: %w", err)
	}
	var err error
	if s.tables, err = strs(ctx, conn, `SELECT c.relname FROM pg_class c
		WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') ORDER BY 1`); err != nil {
		return err
	}
	if s.truncGuard, err = strs(ctx, conn, `SELECT c.relname || ' ' || t.tgname
		FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
		WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
		  AND t.tgenabled <> 'D' AND t.tgtype & 32 <> 0 ORDER BY 1`); err != nil {
		return err
	}
	// Sequences: one statement that sets each back (pg_sequences shows no
	// value for a sequence set but not yet read, so each is read itself).
	seqs, err := strs(ctx, conn, `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename)
		FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1`)
	if err != nil {
		return err
	}
	for i, seq := range seqs {
		var last int64
		var called bool
		if err := conn.QueryRowContext(ctx, "SELECT last_value, is_called FROM "+seq).Scan(&last, &called); err != nil {
			return err
		}
		seqs[i] = fmt.Sprintf("setval(%s, %d, %t)", quoteLiteral(seq), last, called)
	}
	if len(seqs) > 0 {
		s.sequences = "SELECT " + strings.Join(seqs, ", ")
	}
	if s.seeds, err = readSeeds(ctx, conn, s.tables); err != nil {
		return err
	}
	p.state = s
	return nil
}

// readSeeds reads the rows of every table that has any, parents before the
// tables whose foreign keys point at them.
func readSeeds(ctx context.Context, conn *sql.DB, tables []string) ([]seed, error) {
	filled, err := strs(ctx, conn, nonEmptyQuery(tables, nil))
	if err != nil {
		return nil, err
	}
	order, err := strs(ctx, conn, `WITH RECURSIVE deps(t, depth) AS (
			SELECT c.relname::text, 0 FROM pg_class c
			WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
			UNION ALL
			SELECT child.relname::text, d.depth + 1 FROM deps d
			JOIN pg_class parent ON parent.relname = d.t AND parent.relnamespace = current_schema()::regnamespace
			JOIN pg_constraint k ON k.confrelid = parent.oid AND k.contype = 'f' AND k.conrelid <> k.confrelid
			JOIN pg_class child ON child.oid = k.conrelid
			WHERE d.depth < 50)
		SELECT t FROM deps GROUP BY t ORDER BY max(depth), t`)
	if err != nil {
		return nil, err
	}
	isFilled := map[string]bool{}
	for _, t := range filled {
		isFilled[t] = true
	}
	var seeds []seed
	for _, t := range order {
		if !isFilled[t] {
			continue
		}
		s := seed{table: t}
		cols, err := strs(ctx, conn, `SELECT quote_ident(attname) FROM pg_attribute
			WHERE attrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass
			  AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`, t)
		if err != nil {
			return nil, err
		}
		s.columns = strings.Join(cols, ", ")
		q := fmt.Sprintf(`SELECT (%s), (SELECT json_agg(r) FROM (SELECT %s FROM %s) r)::text`, digestQuery(t), s.columns, quoteIdent(t))
		if err := conn.QueryRowContext(ctx, q).Scan(&s.digest, &s.rows); err != nil {
			return nil, fmt.Errorf("read %s: %w", t, err)
		}
		seeds = append(seeds, s)
	}
	return seeds, nil
}

// reset puts a used database back as the template left it.
func (p *pgPool) reset(ctx context.Context, conn *sql.DB) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	p.mu.Lock()
	s := p.state
	p.mu.Unlock()
	if err := awaitNoOtherSessions(ctx, conn); err != nil {
		return err
	}
	var schema string
	if err := conn.QueryRowContext(ctx, schemaDigestQuery).Scan(&schema); err != nil {
		return err
	}
	if schema != s.schema {
		return errors.New("the test changed the schema")
	}
	dirty, err := strs(ctx, conn, nonEmptyQuery(s.tables, s.seeds))
	if err != nil {
		return err
	}
	if len(dirty) == 0 {
		return nil
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	quoted := make([]string, len(dirty))
	for i, t := range dirty {
		quoted[i] = quoteIdent(t)
	}
	// The triggers that refuse TRUNCATE (the audit log's) step aside, on the tables emptied.
	var guards []string
	for _, g := range s.truncGuard {
		if table, _, _ := strings.Cut(g, " "); slices.Contains(dirty, table) {
			guards = append(guards, g)
		}
	}
	for _, g := range guards {
		table, trigger, _ := strings.Cut(g, " ")
		if _, err := tx.ExecContext(ctx, "ALTER TABLE "+quoteIdent(table)+" DISABLE TRIGGER "+quoteIdent(trigger)); err != nil {
			return err
		}
	}
	// CASCADE empties the tables pointing at these too: the seeds below are written again whole.
	if _, err := tx.ExecContext(ctx, "TRUNCATE "+strings.Join(quoted, ", ")+" CASCADE"); err != nil {
		return err
	}
	for _, g := range guards {
		table, trigger, _ := strings.Cut(g, " ")
		if _, err := tx.ExecContext(ctx, "ALTER TABLE "+quoteIdent(table)+" ENABLE TRIGGER "+quoteIdent(trigger)); err != nil {
			return err
		}
	}
	for _, sd := range s.seeds {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM (SELECT 1 FROM "+quoteIdent(sd.table)+" LIMIT 1) x").Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue // not emptied: its rows are the template's (nonEmptyQuery compared them)
		}
		q := fmt.Sprintf("INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM json_populate_recordset(NULL::%s, $1)",
			quoteIdent(sd.table), sd.columns, sd.columns, quoteIdent(sd.table))
		if _, err := tx.ExecContext(ctx, q, sd.rows); err != nil {
			return fmt.Errorf("write %s again: %w", sd.table, err)
		}
	}
	if s.sequences != "" {
		if _, err := tx.ExecContext(ctx, s.sequences); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// awaitNoOtherSessions waits for the test's own connections to end: a
// closed connection's backend leaves a moment after the client.
func awaitNoOtherSessions(ctx context.Context, conn *sql.DB) error {
	for i := 0; ; i++ {
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if i == 100 {
			return fmt.Errorf("%d sessions still use the database", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// nonEmptyQuery names the tables that have rows, and the seeded tables
// whose rows differ from the template's.
func nonEmptyQuery(tables []string, seeds []seed) string {
	seeded := map[string]seed{}
	for _, s := range seeds {
		seeded[s.table] = s
	}
	parts := make([]string, 0, len(tables))
	for _, t := range tables {
		if s, ok := seeded[t]; ok {
			parts = append(parts, fmt.Sprintf("SELECT %s WHERE (%s) IS DISTINCT FROM %s", quoteLiteral(t), digestQuery(t), quoteLiteral(s.digest)))
			continue
		}
		parts = append(parts, fmt.Sprintf("SELECT %s WHERE EXISTS (SELECT 1 FROM %s)", quoteLiteral(t), quoteIdent(t)))
	}
	return strings.Join(parts, " UNION ALL ")
}

// digestQuery is a digest of a table's rows, whatever their order.
func digestQuery(table string) string {
	return fmt.Sprintf("SELECT COALESCE(md5(string_agg(r::text, ',' ORDER BY r::text)), '') FROM %s r", quoteIdent(table))
}

// schemaDigestQuery digests what a test could change in the schema besides
// rows: schemas, tables and their columns, indexes, constraints, triggers
// (enabled or not), functions.
const schemaDigestQuery = `SELECT md5(string_agg(x, E'\n' ORDER BY x)) FROM (
	SELECT 'n ' || nspname AS x FROM pg_namespace
	UNION ALL SELECT 'c ' || c.relname || ' ' || c.relkind::text FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace
	UNION ALL SELECT 'a ' || c.relname || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' '
		|| a.attgenerated::text || ' ' || COALESCE(pg_get_expr(d.adbin, d.adrelid), '')
		FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
		LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
		WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
	UNION ALL SELECT 'i ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
		WHERE c.relnamespace = current_schema()::regnamespace
	UNION ALL SELECT 'k ' || c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) FROM pg_constraint k
		JOIN pg_class c ON c.oid = k.conrelid WHERE c.relnamespace = current_schema()::regnamespace
	UNION ALL SELECT 't ' || c.relname || ' ' || t.tgname || ' ' || t.tgenabled::text FROM pg_trigger t
		JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
	UNION ALL SELECT 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) FROM pg_proc p
		WHERE p.pronamespace = current_schema()::regnamespace
) parts`

// strs is a query's only column, as strings.
func strs(ctx context.Context, conn *sql.DB, q string, args ...any) ([]string, error) {
	return db.Column[string](conn.QueryContext(ctx, q, args...))
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
