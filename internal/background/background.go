// Package background is the one loop behind the server's background jobs:
// the catalogue's and the shop settings' watch for changes made on another
// instance, the deletion schedule (retention) and the reconciler of pending
// orders.
package background

import (
	"context"
	"log/slog"
	"maps"
	"sync"
	"time"
)

// successes holds when each job (by its what) last passed in this process,
// for the metrics to read (LastSuccesses): a job that keeps failing, or
// whose goroutine died, shows as a success that grows old.
var successes struct {
	sync.Mutex
	at map[string]time.Time
}

// LastSuccesses is when each job that has passed in this process last did.
func LastSuccesses() map[string]time.Time {
	successes.Lock()
	defer successes.Unlock()
	return maps.Clone(successes.at)
}

func recordSuccess(what string) {
	successes.Lock()
	defer successes.Unlock()
	if successes.at == nil {
		successes.at = map[string]time.Time{}
	}
	successes.at[what] = time.Now()
}

// Every calls pass at once and then every interval until ctx ends. A failure
// is logged once until it heals (a database that is down would otherwise log
// every tick), and the healing is logged too; what names the job in the log
// ("catalog: watch for changes").
func Every(ctx context.Context, interval time.Duration, what string, pass func(context.Context) error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	failing := false
	for {
		err := pass(ctx)
		if err == nil {
			recordSuccess(what)
		}
		switch {
		case err != nil && ctx.Err() == nil && !failing:
			slog.ErrorContext(ctx, what+": failed", "err", err)
			failing = true
		case err == nil && failing:
			slog.InfoContext(ctx, what+": works again")
			failing = false
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
