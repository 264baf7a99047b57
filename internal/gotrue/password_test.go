package gotrue_test

import (
	"context"
	"database/sql"
	"net/http"
	"path/filepath"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue"
)

// No password is hashed or checked while a write transaction is open: on
// SQLite that holds the only write lock, and argon2id takes tens of
// milliseconds, during which every other write would wait (#25). Before
// each hash, a second connection tries to take the write lock at once; it
// must always get it. Every path that hashes is walked: sign-up, sign-in
// (also of an unknown address), a password change with the current password
// or an e-mailed code, and the account's deletion.
func TestNoPasswordHashWhileAWriteTransactionIsOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shop.db")
	e := apitest.NewEnv(t, dbtest.Open(t, "sqlite:"+path), nil)
	probe := writeLockProbe(t, path)
	hashes, inTx := 0, 0
	defer gotrue.SetHashHook(func() {
		hashes++
		if !probe() {
			inTx++
		}
	})()

	s := confirmedUser(t, e, "ann@example.com")
	expectError(t, e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "nobody@example.com", "password": "x"}, ""),
		http.StatusBadRequest, "invalid_credentials")
	expectError(t, e.Request("PUT", "/auth/v1/user", map[string]any{"password": "New1!password", "current_password": "wrong"}, "", s.auth()),
		http.StatusBadRequest, "current_password_mismatch")
	e.Request("PUT", "/auth/v1/user", map[string]any{"password": "New1!password", "current_password": apitest.Password}, "", s.auth()).
		Expect(t, http.StatusOK)
	e.Request("GET", "/auth/v1/reauthenticate", nil, "", s.auth()).Expect(t, http.StatusOK)
	_, nonce := mailed(t, e, "ann@example.com")
	e.Request("PUT", "/auth/v1/user", map[string]any{"password": "Newer1!password", "nonce": nonce}, "", s.auth()).
		Expect(t, http.StatusOK)
	e.Request("DELETE", "/api/account", map[string]any{"password": "wrong"}, "", s.auth()).Expect(t, http.StatusBadRequest)
	e.Request("DELETE", "/api/account", map[string]any{"password": "Newer1!password"}, "", s.auth()).Expect(t, http.StatusNoContent)

	if hashes < 10 || inTx > 0 {
		t.Fatalf("%d of %d password hashes ran while a write transaction was open", inTx, hashes)
	}
}

// writeLockProbe returns a check that a second connection to the SQLite
// database at path can take the write lock without waiting.
func writeLockProbe(t *testing.T, path string) func() bool {
	t.Helper()
	ctx := context.Background()
	pool, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pool.Close() })
	conn, err := pool.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return func() bool {
		if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
			return false
		}
		if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
			t.Fatal(err)
		}
		return true
	}
}
