package db

import (
	"context"
	"database/sql"
	"strings"
	"sync"
)

// maxCachedStmts bounds the cache. The shop's queries are constant strings,
// a few hundred at most; a query built at run time (an IN list of varying
// length) past the bound simply runs unprepared.
const maxCachedStmts = 512

// stmtCache keeps one prepared statement per query text. modernc's SQLite
// driver otherwise compiles every statement it runs, a good part of a
// short request's work. database/sql keeps each *sql.Stmt
// prepared on every connection it has run on and prepares it again on a new
// one. A nil cache (PostgreSQL) caches nothing.
type stmtCache struct {
	db *sql.DB
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: make(map[string]*sql.Stmt)}
}

// lookup returns the cached statement for q, or nil.
func (c *stmtCache) lookup(q string) *sql.Stmt {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[q]
}

// get returns the statement for q, preparing it the first time, or nil when
// it cannot be cached (the caller then runs q directly and meets any error there).
func (c *stmtCache) get(ctx context.Context, q string) *sql.Stmt {
	if c == nil || !cacheable(q) {
		return nil
	}
	c.mu.Lock()
	st, full := c.m[q], len(c.m) >= maxCachedStmts
	c.mu.Unlock()
	if st != nil || full {
		return st
	}
	// Prepared without the lock held: preparing waits for a connection, and
	// on the write pool that one may be in a transaction that needs the cache.
	st, err := c.db.PrepareContext(ctx, q)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if had, ok := c.m[q]; ok { // prepared meanwhile by another caller
		_ = st.Close()
		return had
	}
	c.m[q] = st
	return st
}

// cacheable tells a single data statement (what requests run again and
// again) from a script or schema change (migrations: run once, several
// statements, which a prepared statement cannot hold).
func cacheable(q string) bool {
	if strings.Contains(q, ";") {
		return false
	}
	head := strings.ToUpper(strings.TrimSpace(q))
	for _, verb := range []string{"SELECT", "INSERT", "UPDATE", "DELETE", "WITH"} {
		if strings.HasPrefix(head, verb) {
			return true
		}
	}
	return false
}

func (c *stmtCache) close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.m {
		_ = st.Close()
		delete(c.m, q)
	}
}
