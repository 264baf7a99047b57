package dbtest

import (
	"context"
	"os"
	"slices"
	"testing"

	"bookshop/internal/db"
)

// A used database goes back to the pool as the template left it: the rows a
// test wrote gone (the append-only audit log too), the migrations' rows
// there again, the sequences where they were.
func TestPoolPutsADatabaseBackAsTheTemplateLeftIt(t *testing.T) {
	ctx := context.Background()
	var used string
	t.Run("a test writes", func(t *testing.T) {
		d := Postgres(t)
		used = currentDatabase(t, d)
		for _, q := range []string{
			`INSERT INTO audit_log (at, actor_id, actor_system, action, entity, entity_id) VALUES (now(), 'u1', '', 'x', 'book', '1')`,
			`DELETE FROM shop_settings`,
			`UPDATE categories SET name = 'Changed' WHERE id = 'mystery'`,
			`INSERT INTO categories (id, name, description, position) VALUES ('new', 'New', 'd', 9)`,
			`SELECT nextval('books_id_seq')`,
		} {
			if _, err := d.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	})
	t.Run("the next test", func(t *testing.T) {
		d := Postgres(t)
		if got := currentDatabase(t, d); got != used {
			t.Fatalf("got database %s, want %s again from the pool", got, used)
		}
		pool.mu.Lock()
		state := pool.state
		pool.mu.Unlock()
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`).Scan(&n); err != nil || n != 0 {
			t.Errorf("audit_log has %d rows (%v), want 0", n, err)
		}
		var name string
		if err := d.QueryRowContext(ctx, `SELECT name FROM categories WHERE id = 'mystery'`).Scan(&name); err != nil || name != "Mystery & Thriller" {
			t.Errorf("mystery is %q (%v)", name, err)
		}
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM categories WHERE id = 'new'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("the new category: %d rows (%v), want none", n, err)
		}
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM shop_settings`).Scan(&n); err != nil || n == 0 {
			t.Errorf("shop_settings: %d rows (%v), want the migrations'", n, err)
		}
		dirty, err := db.Column[string](d.QueryContext(ctx, nonEmptyQuery(state.tables, state.seeds)))
		if err != nil {
			t.Fatal(err)
		}
		if len(dirty) > 0 {
			t.Errorf("tables unlike the template's: %v", dirty)
		}
		var last int64
		var called bool
		if err := d.QueryRowContext(ctx, `SELECT last_value, is_called FROM books_id_seq`).Scan(&last, &called); err != nil {
			t.Fatal(err)
		}
		fresh := freshCopy(t)
		var wantLast int64
		var wantCalled bool
		if err := fresh.QueryRowContext(ctx, `SELECT last_value, is_called FROM books_id_seq`).Scan(&wantLast, &wantCalled); err != nil {
			t.Fatal(err)
		}
		if last != wantLast || called != wantCalled {
			t.Errorf("books_id_seq at %d (called %v), the template's at %d (%v)", last, called, wantLast, wantCalled)
		}
	})
}

// A database whose schema a test changed is dropped, not handed on.
func TestPoolDropsADatabaseWhoseSchemaChanged(t *testing.T) {
	var used string
	t.Run("a test drops a table", func(t *testing.T) {
		d := Postgres(t)
		used = currentDatabase(t, d)
		if _, err := d.ExecContext(context.Background(), `DROP TABLE audit_log`); err != nil {
			t.Fatal(err)
		}
	})
	admin, err := postgresAdmin()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := admin.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM pg_database WHERE datname = ?`, used).Scan(&n); err != nil || n != 0 {
		t.Errorf("database %s: %d (%v), want dropped", used, n, err)
	}
	pool.mu.Lock()
	defer pool.mu.Unlock()
	if slices.ContainsFunc(pool.free, func(p *pooled) bool { return p.name == used }) {
		t.Errorf("%s is back in the pool", used)
	}
}

func currentDatabase(t *testing.T, d *db.DB) string {
	t.Helper()
	var name string
	if err := d.QueryRowContext(context.Background(), `SELECT current_database()`).Scan(&name); err != nil {
		t.Fatal(err)
	}
	return name
}

// freshCopy is a new copy of the template, outside the pool.
func freshCopy(t *testing.T) *db.DB {
	t.Helper()
	admin, err := postgresAdmin()
	if err != nil {
		t.Fatal(err)
	}
	template, err := migratedPostgres()
	if err != nil {
		t.Fatal(err)
	}
	name := "t_fresh_" + randomHex(4)
	if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name+" TEMPLATE "+template); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = admin.ExecContext(context.Background(), "DROP DATABASE "+name+" WITH (FORCE)") })
	return openMigrated(t, databaseURLOf(os.Getenv("TEST_DATABASE_URL"), name, TemplateSchema))
}
