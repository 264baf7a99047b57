package db

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// tempSQLite opens a new SQLite database in the test's folder, closed
// when the test ends.
func tempSQLite(t *testing.T) *DB {
	t.Helper()
	d, err := Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "shop.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func createCounter(t *testing.T, d *DB) {
	t.Helper()
	if _, err := d.ExecContext(context.Background(), "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counter VALUES (1, 0)"); err != nil {
		t.Fatal(err)
	}
}

// A write through the wrong handle fails at once with an error instead of
// waiting: through the read pool (QueryRowContext on *DB), and through the
// *DB inside a transaction, which holds SQLite's one write connection.
func TestSQLiteWriteThroughTheWrongHandleFailsAtOnce(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	createCounter(t, d)
	const bump = "UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n"

	start := time.Now()
	var n int
	if err := d.QueryRowContext(ctx, bump).Scan(&n); err == nil {
		t.Fatal("a write through QueryRowContext on *DB succeeded; want the read pool to refuse it")
	}
	if took := time.Since(start); took > 100*time.Millisecond {
		t.Fatalf("the write through the read pool failed after %v, want at once", took)
	}

	for name, write := range map[string]func(ctx context.Context) error{
		"ExecContext": func(ctx context.Context) error {
			_, err := d.ExecContext(ctx, "UPDATE counter SET n = n + 1 WHERE id = 1")
			return err
		},
		"InTx": func(ctx context.Context) error {
			return d.InTx(ctx, func(context.Context, *Tx) error { return nil })
		},
	} {
		// Bounded, so that without the refusal the test fails instead of hanging.
		bounded, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		start := time.Now()
		err := d.InTx(bounded, func(ctx context.Context, tx *Tx) error {
			if _, err := tx.ExecContext(ctx, "UPDATE counter SET n = n + 1 WHERE id = 1"); err != nil {
				return err
			}
			return write(ctx)
		})
		if !errors.Is(err, ErrWriteInTx) {
			t.Fatalf("%s on *DB inside InTx = %v, want ErrWriteInTx", name, err)
		}
		if took := time.Since(start); took > 100*time.Millisecond {
			t.Fatalf("%s on *DB inside InTx failed after %v, want at once", name, took)
		}
	}
	if err := d.QueryRowContext(ctx, "SELECT n FROM counter WHERE id = 1").Scan(&n); err != nil || n != 0 {
		t.Fatalf("counter = %d (%v), want 0: every attempt was refused or rolled back", n, err)
	}
}

// The context InTx passed is an ordinary one once the transaction is over,
// and another goroutine with any other context waits for the connection.
func TestSQLiteWritesWaitForTheWriteConnection(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	createCounter(t, d)
	var kept context.Context
	if err := d.InTx(ctx, func(ctx context.Context, tx *Tx) error { kept = ctx; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ExecContext(kept, "UPDATE counter SET n = n + 1 WHERE id = 1"); err != nil {
		t.Fatalf("a write with the context of a finished transaction: %v", err)
	}

	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 25 {
				err := d.InTx(ctx, func(ctx context.Context, tx *Tx) error {
					var n int
					if err := tx.QueryRowContext(ctx, "SELECT n FROM counter WHERE id = 1").Scan(&n); err != nil {
						return err
					}
					_, err := tx.ExecContext(ctx, "UPDATE counter SET n = ? WHERE id = 1", n+1)
					return err
				})
				if err == nil {
					_, err = d.ExecContext(ctx, "UPDATE counter SET n = n + 1 WHERE id = 1")
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	var n int
	if err := d.QueryRowContext(ctx, "SELECT n FROM counter WHERE id = 1").Scan(&n); err != nil || n != 1+8*25*2 {
		t.Fatalf("counter = %d (%v), want %d", n, err, 1+8*25*2)
	}
}

// A failing or panicking transaction gives its error or panic to its
// caller, and the write connection back.
func TestSQLiteFailedTransactionGivesTheConnectionBack(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	failed := errors.New("refused")
	if err := d.InTx(ctx, func(context.Context, *Tx) error { return failed }); !errors.Is(err, failed) {
		t.Fatalf("InTx = %v, want the error of fn", err)
	}
	func() {
		defer func() {
			if p := recover(); p != "boom" {
				t.Fatalf("InTx's caller recovered %v, want the transaction's panic", p)
			}
		}()
		_ = d.InTx(ctx, func(context.Context, *Tx) error { panic("boom") })
	}()
	quick, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if _, err := d.ExecContext(quick, "CREATE TABLE after (id INTEGER)"); err != nil {
		t.Fatalf("a write after a failed and a panicking transaction: %v", err)
	}
}
