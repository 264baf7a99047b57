package background

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is the log the test reads while Every may still write to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestEveryRunsUntilCancelledAndLogsAFailureOnceUntilItHeals(t *testing.T) {
	var log lockedBuffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&log, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })

	// Two failures in a row, a success, a failure, then successes.
	results := []error{errors.New("database gone"), errors.New("database gone"), nil, errors.New("again gone")}
	calls := make(chan int)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	n := 0
	go func() {
		Every(ctx, time.Millisecond, "things", func(ctx context.Context) error {
			n++
			select {
			case calls <- n:
			case <-ctx.Done():
			}
			if n <= len(results) {
				return results[n-1]
			}
			return nil
		})
		close(done)
	}()
	for c := range calls {
		if c == len(results)+1 {
			break
		}
	}
	cancel()
	<-done

	out := log.String()
	if got := strings.Count(out, "things: failed"); got != 2 {
		t.Errorf("logged %d failures, want 2 (one per failing stretch):\n%s", got, out)
	}
	if got := strings.Count(out, "things: works again"); got != 2 {
		t.Errorf("logged %d recoveries, want 2:\n%s", got, out)
	}
	if !strings.Contains(out, "database gone") || !strings.Contains(out, "again gone") {
		t.Errorf("the log does not say what failed:\n%s", out)
	}
}

func TestLastSuccessesRecordsOnlyPassesThatWorked(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	before := time.Now()
	Every(ctx, time.Hour, "test: fails", func(context.Context) error { cancel(); return errors.New("no") })
	ctx, cancel = context.WithCancel(context.Background())
	Every(ctx, time.Hour, "test: works", func(context.Context) error { cancel(); return nil })

	got := LastSuccesses()
	if _, ok := got["test: fails"]; ok {
		t.Error("a job that only failed has a last success")
	}
	if at, ok := got["test: works"]; !ok || at.Before(before) {
		t.Errorf("last success of the job that worked = %v, %t; want after %v", at, ok, before)
	}
}
