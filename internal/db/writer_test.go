package db

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Concurrent writers, in and out of transactions, all get their turn and
// every write lands; a failed or panicking transaction gives its turn back.
func TestSQLiteWritersTakeTurns(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	if _, err := d.ExecContext(ctx, "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counter VALUES (1, 0)"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 25 {
				err := d.InTx(ctx, func(tx *Tx) error {
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
				if err == nil {
					var n int
					err = d.WriteRow(ctx, []any{&n}, "UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n")
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
	if err := d.QueryRowContext(ctx, "SELECT n FROM counter WHERE id = 1").Scan(&n); err != nil || n != 8*25*3 {
		t.Fatalf("counter = %d (%v), want %d", n, err, 8*25*3)
	}

	// A failing or panicking transaction, inline or queued, gives its error
	// or panic to its caller and the turn back to the others.
	failed := errors.New("refused")
	for _, run := range []func(func(*Tx) error) (error, any){
		func(fn func(*Tx) error) (error, any) { return inlineTx(d, fn) },
		func(fn func(*Tx) error) (error, any) { return queuedTx(d, fn) },
	} {
		if err, _ := run(func(*Tx) error { return failed }); !errors.Is(err, failed) {
			t.Fatalf("InTx = %v, want the error of fn", err)
		}
		if _, p := run(func(*Tx) error { panic("boom") }); p != "boom" {
			t.Fatalf("InTx's caller recovered %v, want the transaction's panic", p)
		}
		if len(d.writes.turn) != 0 || d.writes.queued.Load() != 0 {
			t.Fatal("a failed or panicking transaction kept the writers' turn")
		}
	}
	quick, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if sendWithin(quick, d.writes.quit, d.writes.jobs, func() {}) != nil {
		t.Fatal("the queue's thread takes no more work after a failed or panicking transaction")
	}
}

// A queued write waits for the write in progress to end its turn.
func TestSQLiteQueuedWriteWaitsForTheTurn(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	d.writes.turn <- struct{}{} // a write in progress
	var ran atomic.Bool
	done := make(chan error)
	go func() { done <- d.InTx(ctx, func(*Tx) error { ran.Store(true); return nil }) }()
	for d.writes.queued.Load() == 0 {
		runtime.Gosched()
	}
	time.Sleep(50 * time.Millisecond)
	if ran.Load() {
		t.Fatal("a queued write ran while another had the turn")
	}
	d.writes.endTurn()
	if err := <-done; err != nil || !ran.Load() {
		t.Fatalf("the queued write, once the turn was free: %v, ran %v", err, ran.Load())
	}
}

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

// inlineTx runs InTx(fn) alone, and returns its error or its panic.
func inlineTx(d *DB, fn func(*Tx) error) (err error, panicked any) {
	defer func() { panicked = recover() }()
	return d.InTx(context.Background(), fn), nil
}

// queuedTx runs InTx(fn) while another write has the turn, so that it goes
// to the queue's thread, and returns its error or its panic.
func queuedTx(d *DB, fn func(*Tx) error) (err error, panicked any) {
	d.writes.turn <- struct{}{} // a write in progress
	done := make(chan struct{})
	go func() {
		defer close(done)
		err, panicked = inlineTx(d, fn)
	}()
	waitQueued(d, done)
	d.writes.endTurn()
	<-done
	return err, panicked
}

// waitQueued returns once a write is queued, or the write is done without
// having queued (it failed first, e.g. on a closed database).
func waitQueued(d *DB, done <-chan struct{}) {
	for d.writes.queued.Load() == 0 {
		select {
		case <-done:
			return
		default:
			runtime.Gosched()
		}
	}
}

// After Close, a write fails at once instead of waiting for a writer that is gone.
func TestSQLiteWriteAfterClose(t *testing.T) {
	ctx := context.Background()
	d := tempSQLite(t)
	d.Close()
	d.Close() // a second Close, as a test's cleanup may add, is harmless
	start := time.Now()
	if err := d.InTx(ctx, func(*Tx) error { return nil }); err == nil || time.Since(start) > time.Second {
		t.Fatalf("InTx after Close = %v after %v, want an error at once", err, time.Since(start))
	}
	if err, _ := queuedTx(d, func(*Tx) error { return nil }); err == nil || time.Since(start) > time.Second {
		t.Fatalf("a queued InTx after Close = %v after %v, want an error at once", err, time.Since(start))
	}
}

func TestIsWrite(t *testing.T) {
	for q, want := range map[string]bool{
		"INSERT INTO x VALUES (1)":      true,
		"\n\t update x SET a = 1":       true,
		"delete from x":                 true,
		"REPLACE INTO x VALUES (1)":     true,
		"SELECT * FROM x":               false,
		"WITH y AS (SELECT 1) SELECT 1": false,
		"UPD":                           false,
	} {
		if got := isWrite(q); got != want {
			t.Errorf("isWrite(%q) = %v, want %v", q, got, want)
		}
	}
}
