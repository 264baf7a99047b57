package db

import (
	"context"
	"strings"
	"time"
)

// writeGate lets SQLite's writers take turns in Go. SQLite has one write
// lock, and a writer that finds it taken waits in its busy handler, which
// sleeps 1, 2, 5, 10… ms between tries: under a few concurrent writers most
// of that time passed with the lock already free. Waiting here instead, the
// next writer starts the moment the last one is done. PostgreSQL needs no
// gate (nil).
type writeGate chan struct{}

// gateTimeout bounds a wait at the gate; after it the writer goes on and
// SQLite's busy timeout decides, as without the gate. It covers a writer
// that already holds the gate (a write outside a transaction it is in).
const gateTimeout = 2 * time.Second

// enter waits for the writer's turn and returns the function that ends it.
func (g writeGate) enter(ctx context.Context) (leave func()) {
	if g == nil {
		return func() {}
	}
	select {
	case g <- struct{}{}:
		return g.leave
	default:
	}
	timer := time.NewTimer(gateTimeout)
	defer timer.Stop()
	select {
	case g <- struct{}{}:
		return g.leave
	case <-ctx.Done():
	case <-timer.C:
	}
	return func() {}
}

func (g writeGate) leave() { <-g }

// isWrite tells a statement that changes data from one that reads it.
func isWrite(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n")
	for _, verb := range []string{"INSERT", "UPDATE", "DELETE", "REPLACE"} {
		if len(q) >= len(verb) && strings.EqualFold(q[:len(verb)], verb) {
			return true
		}
	}
	return false
}
