package backup

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"time"
)

// libpqParams are the URL parameters pg_dump and pg_restore understand;
// the others (pgx's own, search_path) are dropped from their URL, as libpq
// refuses a parameter it does not know.
var libpqParams = map[string]bool{
	"sslmode": true, "sslrootcert": true, "sslcert": true, "sslkey": true, "sslpassword": true,
	"connect_timeout": true, "application_name": true, "target_session_attrs": true,
	"channel_binding": true, "passfile": true, "options": true, "host": true, "port": true,
}

// pgTool runs pg_dump or pg_restore from PATH on the database at
// databaseURL, the password in the environment rather than on a command
// line others can read.
func pgTool(ctx context.Context, name, databaseURL string, args ...string) error {
	bin, err := exec.LookPath(name)
	if err != nil {
		return fmt.Errorf("%s was not found on PATH: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer", name)
	}
	u, err := url.Parse(databaseURL)
	if err != nil {
		return err
	}
	password, _ := u.User.Password()
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	for k := range q {
		if !libpqParams[k] {
			q.Del(k)
		}
	}
	u.RawQuery = q.Encode()
	cmd := exec.CommandContext(ctx, bin, append(args, "--dbname="+u.String())...)
	cmd.Env = append(os.Environ(), "PGPASSWORD="+password)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// pgSchemaOf is the schema the shop's tables live in: the URL's
// search_path (the tests' throwaway schemas), else public.
func pgSchemaOf(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err == nil {
		if s := strings.TrimSpace(strings.Split(u.Query().Get("search_path"), ",")[0]); s != "" {
			return s
		}
	}
	return "public"
}

// snapshotPostgres dumps the shop's schema with pg_dump in its custom
// format to dest. The rows are counted in the very snapshot pg_dump reads
// (a repeatable-read transaction's, exported), so the manifest's counts are
// the dump's even while the shop keeps writing.
func snapshotPostgres(ctx context.Context, databaseURL, dest string) (pgSchema, schema string, rows map[string]int64, err error) {
	d, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return "", "", nil, err
	}
	defer d.Close()
	tx, err := d.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return "", "", nil, err
	}
	defer tx.Rollback() //nolint:errcheck // read-only
	var snapshot string
	if err := tx.QueryRowContext(ctx, "SELECT current_schema(), pg_export_snapshot()").Scan(&pgSchema, &snapshot); err != nil {
		return "", "", nil, err
	}
	tables, err := stringsOf(ctx, tx, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
	if err != nil {
		return "", "", nil, err
	}
	if schema, rows, err = describe(ctx, tx, tables, `"%s"`); err != nil {
		return "", "", nil, err
	}
	err = pgTool(ctx, "pg_dump", databaseURL, "--format=custom", "--snapshot="+snapshot, "--schema="+pgSchema, "--file="+dest)
	return pgSchema, schema, rows, err
}

// restorePostgres replaces the shop's schema with the dump's. The schema in
// place is renamed aside first (instant, and nothing of it is lost if
// pg_restore fails: it is renamed back), then dropped once the dump is in.
func restorePostgres(ctx context.Context, databaseURL, dump, pgSchema string) error {
	if want := pgSchemaOf(databaseURL); want != pgSchema {
		return fmt.Errorf("the archive holds the PostgreSQL schema %q and DATABASE_URL uses %q", pgSchema, want)
	}
	d, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	ident := quoteIdent(pgSchema)
	aside := quoteIdent(fmt.Sprintf("%s_before_restore_%d", pgSchema, time.Now().Unix()))
	var exists bool
	if err := d.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)", pgSchema).Scan(&exists); err != nil {
		return err
	}
	if exists {
		if _, err := d.ExecContext(ctx, "ALTER SCHEMA "+ident+" RENAME TO "+aside); err != nil {
			return fmt.Errorf("set the current schema aside: %w", err)
		}
	}
	err = pgTool(ctx, "pg_restore", databaseURL, "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", dump)
	if err != nil {
		if exists {
			// --single-transaction left nothing of the dump behind.
			_, _ = d.ExecContext(ctx, "DROP SCHEMA IF EXISTS "+ident+" CASCADE")
			if _, backErr := d.ExecContext(ctx, "ALTER SCHEMA "+aside+" RENAME TO "+ident); backErr != nil {
				err = errors.Join(err, fmt.Errorf("put the schema back: %w (it is kept as %s)", backErr, aside))
			}
		}
		return err
	}
	if exists {
		if _, err := d.ExecContext(ctx, "DROP SCHEMA "+aside+" CASCADE"); err != nil {
			return fmt.Errorf("drop the replaced schema %s: %w", aside, err)
		}
	}
	return nil
}

// describePostgres counts the rows of the shop's tables now.
func describePostgres(ctx context.Context, databaseURL string) (string, map[string]int64, error) {
	d, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return "", nil, err
	}
	defer d.Close()
	tables, err := stringsOf(ctx, d, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
	if err != nil {
		return "", nil, err
	}
	return describe(ctx, d, tables, `"%s"`)
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
