package db

import (
	"context"
	"testing"
)

// Data statements are prepared once and reused, in and out of transactions;
// scripts and schema changes run as before.
func TestStatementsArePreparedOnce(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	if _, err := d.ExecContext(ctx, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); CREATE INDEX notes_body ON notes (body)"); err != nil {
		t.Fatal(err)
	}
	const insert = "INSERT INTO notes (body) VALUES (?)"
	for range 3 {
		if _, err := d.ExecContext(ctx, insert, "outside"); err != nil {
			t.Fatal(err)
		}
	}
	err := d.InTx(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, insert, "inside")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := d.QueryRowContext(ctx, "SELECT count(*) FROM notes").Scan(&n); err != nil || n != 4 {
		t.Fatalf("count = %d, %v; want 4", n, err)
	}
	d.stmts.mu.Lock()
	cached := len(d.stmts.m)
	d.stmts.mu.Unlock()
	if cached != 2 {
		t.Fatalf("%d statements cached, want 2 (the insert and the count; not the script)", cached)
	}
}
