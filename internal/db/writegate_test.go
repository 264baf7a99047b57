package db

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// Concurrent writers, in and out of transactions, all get their turn and
// every write lands; a failed or panicking transaction gives its turn back.
func TestSQLiteWritersTakeTurns(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "gate.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
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

	failed := errors.New("refused")
	if err := d.InTx(ctx, func(*Tx) error { return failed }); !errors.Is(err, failed) {
		t.Fatalf("InTx = %v, want the error of fn", err)
	}
	func() {
		defer func() { _ = recover() }()
		_ = d.InTx(ctx, func(*Tx) error { panic("boom") })
	}()
	if len(d.writes.turn) != 0 || d.writes.waiting.Load() != 0 {
		t.Fatal("a failed or panicking transaction kept the writers' turn")
	}
}

// A writer that leaves lets a waiting one in before it goes on with its
// own work: on one thread, the waiting writer has had its turn by the time
// leave returns.
func TestWriteGateHandsOverAtOnce(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	ctx := context.Background()
	g := newWriteGate()
	leave := g.enter(ctx)
	var had atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		g.enter(ctx)()
		had.Store(true)
	}()
	for g.waiting.Load() == 0 {
		runtime.Gosched()
	}
	leave()
	if !had.Load() {
		t.Error("the waiting writer had not had its turn when the last one left")
	}
	<-done
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
