// Package testclock is the clock tests move by hand. Packages that keep time
// take a `now func() time.Time` (auth.WithClock, orders.New, server.WithClock);
// tests hand them Clock.Now and call Advance to skip a cooldown or expire a
// link instead of sleeping.
package testclock

import (
	"sync"
	"time"
)

// Clock is safe for use by the handlers a test drives concurrently.
type Clock struct {
	mu      sync.Mutex
	start   time.Time
	running bool // the real time passes as well (Running)
	offset  time.Duration
}

// At is a clock that stands at t until advanced.
func At(t time.Time) *Clock { return &Clock{start: t} }

// Running is the real time plus whatever the test advanced it by, for code
// that also meets real time (a database's now(), a fake service's timeouts).
func Running() *Clock { return &Clock{running: true} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return time.Now().Add(c.offset)
	}
	return c.start.Add(c.offset)
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}
