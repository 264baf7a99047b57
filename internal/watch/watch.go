// Package watch is the loop that keeps an instance's copy of shared data
// (the catalogue, the shop settings) in step with the database: it asks
// every interval whether the data's version moved on, so a change made on
// another instance sharing the database shows here within about that long.
// Polling works alike on SQLite and PostgreSQL.
package watch

import (
	"context"
	"log/slog"
	"time"
)

// Poll calls refresh every interval until ctx ends. refresh reloads when the
// version moved on. A failure is logged once until it heals (a database
// that is down would otherwise log every tick), and the healing is logged
// too. what names the data in the log ("catalog").
func Poll(ctx context.Context, interval time.Duration, what string, refresh func(context.Context) error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := refresh(ctx)
		switch {
		case err != nil && ctx.Err() == nil && !failing:
			slog.ErrorContext(ctx, what+": watch for changes", "err", err)
			failing = true
		case err == nil && failing:
			slog.InfoContext(ctx, what+": watching for changes again")
			failing = false
		}
	}
}
