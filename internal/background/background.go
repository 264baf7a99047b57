// Package background is the one loop behind the server's background jobs:
// the catalogue's and the shop settings' watch for changes made on another
// instance, the clean-ups, retention and the reconciler of pending orders.
package background

import (
	"context"
	"log/slog"
	"time"
)

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
