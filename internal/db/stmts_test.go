package db

import (
	"context"
	"testing"
)

// Data statements are prepared once and reused, in and out of transactions,
// each on its pool; scripts and schema changes run as before.
func TestStatementsArePreparedOnce(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	if _, err := d.ExecContext(ctx, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); CREATE INDEX notes_body ON notes (body)"); err != nil {
		t.Fatal(err)
	}
	const insert = "INSERT INTO notes (body) VALUES (?)"
	const inside = "INSERT INTO notes (body) VALUES ('inside')"
	for range 3 {
		if _, err := d.ExecContext(ctx, insert, "outside"); err != nil {
			t.Fatal(err)
		}
		err := d.InTx(ctx, func(ctx context.Context, tx *Tx) error {
			_, err := tx.ExecContext(ctx, inside)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := d.QueryRowContext(ctx, "SELECT count(*) FROM notes").Scan(&n); err != nil || n != 6 {
		t.Fatalf("count = %d, %v; want 6", n, err)
	}
	if got := cached(d.writeStmts); got != 2 {
		t.Fatalf("%d write statements cached, want 2 (the two inserts; not the script)", got)
	}
	if got := cached(d.readStmts); got != 1 {
		t.Fatalf("%d read statements cached, want 1 (the count)", got)
	}
}

func cached(c *stmtCache) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
