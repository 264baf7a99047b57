package account

import (
	"context"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// TestBirthDatesBecomeMonths: migration 0400 keeps an existing child's
// birth month and year and drops the day, on both databases.
func TestBirthDatesBecomeMonths(t *testing.T) {
	dbtest.EachBefore(t, "0400", func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Now().UTC()
		if _, err := d.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ('u1', 'u1@example.com', ?, ?)`, now, now); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `INSERT INTO kids (id, user_id, name, date_of_birth, created_at, updated_at)
				VALUES ('9b2f6c1e-1111-4c3a-9d7e-000000000001', 'u1', 'Mia', '2021-03-17', ?, ?)`, now, now); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		kids, err := listKids(ctx, d, "u1")
		if err != nil || len(kids) != 1 || kids[0].BirthMonth != "2021-03" || kids[0].Name != "Mia" {
			t.Fatalf("after the migration: %+v %v, want Mia born 2021-03", kids, err)
		}
		var day int
		err = d.QueryRowContext(ctx, `SELECT COUNT(*) FROM kids WHERE date_of_birth IS NOT NULL`).Scan(&day)
		if err == nil {
			t.Fatal("the column with the day is still there")
		}
	})
}
