package db

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
)

func benchSQLite(b *testing.B) *DB {
	b.Helper()
	ctx := context.Background()
	d, err := Open(ctx, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if _, err := d.ExecContext(ctx, `CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
		CREATE TABLE events (id INTEGER PRIMARY KEY, counter_id INTEGER NOT NULL, note TEXT NOT NULL);
		INSERT INTO counter VALUES (1, 0)`); err != nil {
		b.Fatal(err)
	}
	return d
}

// order is a write transaction shaped like a small order: read, update, insert.
func order(ctx context.Context, d *DB) error {
	return d.InTx(ctx, func(ctx context.Context, tx *Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT n FROM counter WHERE id = 1").Scan(&n); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE counter SET n = ? WHERE id = 1", n+1); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO events (counter_id, note) VALUES (1, ?)", "order")
		return err
	})
}

// Writers from many goroutines at once, as concurrent requests make them.
func BenchmarkSQLiteWriteTransactions(b *testing.B) {
	d := benchSQLite(b)
	b.SetParallelism(4)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := order(context.Background(), d); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// Reads while four goroutines write without pause: what a catalogue
// request sees beside a burst of orders.
func BenchmarkSQLiteReadsBesideWrites(b *testing.B) {
	d := benchSQLite(b)
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for ctx.Err() == nil {
				_ = order(ctx, d)
			}
		})
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			var n int
			if err := d.QueryRowContext(context.Background(), "SELECT n FROM counter WHERE id = ?", 1).Scan(&n); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	stop()
	wg.Wait()
}
