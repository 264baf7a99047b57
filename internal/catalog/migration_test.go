package catalog_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// Issue 38 item 5: migration 0620 makes the rating optional, and a 0 that
// nobody ever set (a book made in the back office, no rating typed) becomes
// "not rated". A seeded book, a rating once set to another value, and the
// books a storybook refers to keep theirs.
func TestMigrationMakesUnsetRatingsNull(t *testing.T) {
	dbtest.EachBefore(t, "0620", func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		book := `INSERT INTO books (id, title, author, description, cover_image, price_cents, rating, is_new_release, category_id,
			pages, isbn, publication_date, status, slug, updated_at) VALUES (?, ?, 'A', '', '/covers/book-1.svg', 999, ?, FALSE, 'fiction', 10, '', '2026-01-01', 'draft', ?, ?)`
		audit := `INSERT INTO audit_log (at, actor_id, actor_system, action, entity, entity_id, before_json, after_json) VALUES (?, 'a', '', ?, 'book', ?, ?, ?)`
		steps := []struct {
			query string
			args  []any
		}{
			{book, []any{11, "Never rated", 0, "never-rated", at}},
			{audit, []any{at, "book.create", "11", nil, `{"id":11,"rating":0}`}},
			{book, []any{12, "Moved to zero", 0, "moved-to-zero", at}},
			{audit, []any{at, "book.create", "12", nil, `{"id":12,"rating":3}`}},
			{audit, []any{at, "book.update", "12", `{"id":12,"rating":3}`, `{"id":12,"rating":0}`}},
			{book, []any{13, "Rated", 4.5, "rated", at}},
			{book, []any{14, "Imported", 0, "imported", at}},
			{`UPDATE books SET rating = 0 WHERE id = 2`, nil}, // a seeded book keeps even a 0
			{`INSERT INTO storybooks (book_id, title, start, pages, created_at, updated_at) VALUES (3, 'Our First Adventure', 'start', '{}', ?, ?)`, []any{at, at}},
		}
		for _, s := range steps {
			if _, err := d.ExecContext(ctx, s.query, s.args...); err != nil {
				t.Fatalf("%s: %v", s.query, err)
			}
		}
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		want := map[int]sql.NullFloat64{
			1: {Float64: 4.8, Valid: true}, 2: {Valid: true}, 11: {}, 12: {Valid: true}, 13: {Float64: 4.5, Valid: true}, 14: {},
		}
		for id, w := range want {
			var got sql.NullFloat64
			if err := d.QueryRowContext(ctx, `SELECT rating FROM books WHERE id = ?`, id).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != w {
				t.Errorf("book %d: rating %+v, want %+v", id, got, w)
			}
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM storybooks WHERE book_id = 3`).Scan(&n); err != nil || n != 1 {
			t.Errorf("the storybook of book 3: %d rows, %v", n, err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE books SET rating = 6 WHERE id = 13`); err == nil {
			t.Error("a rating above 5 was stored")
		}
	})
}
