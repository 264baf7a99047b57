package db

import (
	"context"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
)

// writeGate lets SQLite's writers take turns in Go. SQLite has one write
// lock, and a writer that finds it taken waits in its busy handler, which
// sleeps 1, 2, 5, 10… ms between tries: under a few concurrent writers most
// of that time passed with the lock already free. Waiting here instead, the
// next writer starts the moment the last one is done. PostgreSQL needs no
// gate (nil).
type writeGate struct {
	turn    chan struct{} // holds a token while a writer is in
	waiting atomic.Int32  // writers blocked in enter
}

func newWriteGate() *writeGate { return &writeGate{turn: make(chan struct{}, 1)} }

// gateTimeout bounds a wait at the gate; after it the writer goes on and
// SQLite's busy timeout decides, as without the gate. It covers a writer
// that already holds the gate (a write outside a transaction it is in).
const gateTimeout = 2 * time.Second

// enter waits for the writer's turn and returns the function that ends it.
func (g *writeGate) enter(ctx context.Context) (leave func()) {
	if g == nil {
		return func() {}
	}
	select {
	case g.turn <- struct{}{}:
		return g.leave
	default:
	}
	g.waiting.Add(1)
	defer g.waiting.Add(-1)
	timer := time.NewTimer(gateTimeout)
	defer timer.Stop()
	select {
	case g.turn <- struct{}{}:
		return g.leave
	case <-ctx.Done():
	case <-timer.C:
	}
	return func() {}
}

// leave ends a writer's turn. A writer waiting for it is made runnable, but
// Go runs it on this thread only once the leaving goroutine stops, and that
// one still has its answer to write: so it steps aside here. Without this
// the lock sat idle for that time, and under 8 concurrent writers (token
// refresh, orders) a quarter fewer of them got through.
func (g *writeGate) leave() {
	<-g.turn
	if g.waiting.Load() > 0 {
		runtime.Gosched()
	}
}

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
