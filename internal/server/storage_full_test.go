package server_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// fillDatabase makes every write that needs a new page fail with
// SQLITE_FULL: max_page_count on the single write connection, and a filler
// table taking the last free pages. It returns the function that gives the
// space back.
func fillDatabase(t *testing.T, d *db.DB) (free func()) {
	t.Helper()
	ctx := context.Background()
	w := d.Pools()["sqlite_write"]
	var pages int
	if err := w.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ExecContext(ctx, `CREATE TABLE filler (b BLOB)`); err != nil {
		t.Fatal(err)
	}
	var max int
	if err := w.QueryRowContext(ctx, `PRAGMA max_page_count = `+strconv.Itoa(pages+64)).Scan(&max); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		_, err := w.ExecContext(ctx, `INSERT INTO filler (b) VALUES (randomblob(1000))`)
		if db.IsFull(err) {
			break
		}
		if err != nil || i > 10000 {
			t.Fatalf("filling the database: %v", err)
		}
	}
	return func() {
		t.Helper()
		if _, err := w.ExecContext(ctx, `PRAGMA max_page_count = 1073741823`); err != nil {
			t.Fatal(err)
		}
		if _, err := w.ExecContext(ctx, `DROP TABLE filler`); err != nil {
			t.Fatal(err)
		}
	}
}

// A full database answers 503 with Retry-After and a clear message, keeps
// nothing of the refused checkout, and the same checkout goes through once
// space returns.
func TestAFullDatabaseAnswers503AndWritesNothingHalf(t *testing.T) {
	d := dbtest.SQLite(t)
	e := apitest.NewEnv(t, d, nil)
	e.User("ann")
	tables := []string{"orders", "order_lines", "order_status_history", "mail_outbox", "idempotency_keys"}
	before := map[string]int{}
	for _, tbl := range tables {
		before[tbl] = e.Count(`SELECT COUNT(*) FROM ` + tbl)
	}
	free := fillDatabase(t, d)

	body := map[string]any{"action": "demo_payment", "method": "card",
		"items":  []map[string]any{{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99}},
		"amount": 21.99, "shippingInfo": map[string]any{"fullName": "Ann Lee", "email": "ann@example.com",
			"address": "12 Story Lane", "city": "Springfield", "state": "IL", "zipCode": "62701", "country": "US"}}
	key := map[string]string{"Idempotency-Key": "checkout-when-full"}
	r := e.Request("POST", "/functions/v1/process-payment", body, "ann", key)
	r.Expect(t, http.StatusServiceUnavailable)
	if r.Header.Get("Retry-After") == "" || !strings.Contains(r.Body, "storage is full") {
		t.Fatalf("a full database's answer: %s %v", r.Body, r.Header)
	}
	for _, tbl := range tables {
		if n := e.Count(`SELECT COUNT(*) FROM ` + tbl); n != before[tbl] {
			t.Fatalf("%s has %d rows after the refused checkout, %d before", tbl, n, before[tbl])
		}
	}
	// The account API answers the same way, in GoTrue's shape.
	signUp := e.Do("POST", "/auth/v1/signup", map[string]any{"email": "bo@example.com", "password": apitest.Password}, "")
	if signUp.Status != http.StatusServiceUnavailable || signUp.Header.Get("Retry-After") == "" {
		t.Fatalf("sign-up in a full database: %d %s", signUp.Status, signUp.Body)
	}
	if n := e.Count(`SELECT COUNT(*) FROM users WHERE email = 'bo@example.com'`); n != 0 {
		t.Fatal("a refused sign-up left its account")
	}

	free()
	r = e.Request("POST", "/functions/v1/process-payment", body, "ann", key)
	r.Expect(t, http.StatusOK)
	if n := e.Count(`SELECT COUNT(*) FROM orders`); n != before["orders"]+1 {
		t.Fatalf("%d orders after space returned, want %d", n, before["orders"]+1)
	}
}

func TestIsFullKnowsBothDatabases(t *testing.T) {
	if !db.IsFull(&pgconn.PgError{Code: "53100"}) || db.IsFull(&pgconn.PgError{Code: "23505"}) || db.IsFull(errors.New("full")) {
		t.Fatal("IsFull misreads PostgreSQL's errors")
	}
}
