package db_test

import (
	"context"
	"errors"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

func TestMigrateTwiceAppliesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		applied, err := d.Migrate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != 0 {
			t.Fatalf("second migrate applied %v, want nothing", applied)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", "0001_foundation").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("0001_foundation recorded %d times, want 1", n)
		}
	})
}

func TestTransactionRollsBackOnError(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		err := d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES (?, ?)", "k", "v"); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES (?, ?)", "k", "again")
			return err
		})
		if !db.IsUniqueViolation(err) {
			t.Fatalf("want unique violation, got %v", err)
		}
		var n int
		if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM app_meta WHERE key = ?", "k").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("rolled-back insert left %d rows", n)
		}
	})
}

func TestPlaceholderInsideStringLiteralIsKept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var s string
		if err := d.QueryRowContext(context.Background(), "SELECT 'why?' || ?", "!").Scan(&s); err != nil {
			t.Fatal(err)
		}
		if s != "why?!" {
			t.Fatalf("got %q", s)
		}
	})
}

// Comments are no strings: an apostrophe in one ("Book 3's") must not hide
// the placeholders after it, and a ? in one is no placeholder.
func TestPlaceholdersAfterCommentsAreBound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var s string
		q := "SELECT -- is it Book 3's?\n" +
			"/* or ? */ 'why?' || ? || ?"
		if err := d.QueryRowContext(context.Background(), q, "!", "?").Scan(&s); err != nil {
			t.Fatal(err)
		}
		if s != "why?!?" {
			t.Fatalf("got %q", s)
		}
	})
}

// A unique violation is told by the driver's code, not by words in a
// message: a NOT NULL failure or an error that merely quotes the words is not one.
func TestIsUniqueViolationReadsDriverCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		_, err := d.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES (?, NULL)", "k")
		if err == nil || db.IsUniqueViolation(err) {
			t.Fatalf("NOT NULL failure counted as a unique violation: %v", err)
		}
	})
	if db.IsUniqueViolation(errors.New("UNIQUE constraint failed: SQLSTATE 23505")) {
		t.Fatal("an error quoting the words counted as a unique violation")
	}
}

// Inside InTx a write goes through the *Tx: one through the *DB with the
// transaction's context is refused on both databases, at once.
func TestWriteThroughTheDBInsideInTxIsRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		err := d.InTx(t.Context(), func(ctx context.Context, tx *db.Tx) error {
			_, err := d.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES (?, ?)", "k", "v")
			return err
		})
		if !errors.Is(err, db.ErrWriteInTx) {
			t.Fatalf("InTx = %v, want ErrWriteInTx", err)
		}
	})
}
