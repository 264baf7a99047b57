package db

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// A write alone runs on its caller's thread; a write that would wait runs
// on the queue's thread at writerNice. The threads that serve requests keep
// their nice value, also those Go starts while writes run (a new thread
// would inherit the nice value of the thread that made it).
func TestSQLiteQueuedWritesRunAtLowerPriority(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := context.Background()
	d := tempSQLite(t)
	callerTid, callerNice := syscall.Gettid(), threadNice(t)
	var tid, nice int
	where := func(*Tx) error {
		tid, nice = syscall.Gettid(), threadNice(t)
		return nil
	}
	if err := d.InTx(ctx, where); err != nil {
		t.Fatal(err)
	}
	if tid != callerTid || nice != callerNice {
		t.Errorf("a lone transaction ran on thread %d at nice %d, want the caller's (%d) at %d", tid, nice, callerTid, callerNice)
	}
	if err, _ := queuedTx(d, where); err != nil {
		t.Fatal(err)
	}
	writerTid := tid
	if writerTid == callerTid || nice != writerNice {
		t.Errorf("a queued transaction ran on thread %d at nice %d, want another thread than the caller's (%d) at %d", tid, nice, callerTid, writerNice)
	}
	if after := threadNice(t); after != callerNice {
		t.Errorf("the caller's thread went from nice %d to %d", callerNice, after)
	}

	// Writers that block in sleeps make Go start threads beside the writer's.
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			_ = d.InTx(ctx, func(*Tx) error {
				go func() { runtime.LockOSThread(); time.Sleep(10 * time.Millisecond) }()
				return nil
			})
			time.Sleep(5 * time.Millisecond)
		})
	}
	wg.Wait()
	if lowered := threadsNotAt(t, callerNice, writerTid); len(lowered) != 0 {
		t.Errorf("threads besides the writer's (%d) at another nice value than %d: %v", writerTid, callerNice, lowered)
	}
}

// threadsNotAt lists the process's threads other than except whose nice
// value is not nice, as "tid:nice" (/proc/self/task/TID/stat, 19th field).
// The main thread is left out too: when a goroutine locked to it ends, Go
// parks it for good rather than end it (runtime.mexit), so the writer of a
// database closed earlier in this process may have left it asleep at
// writerNice, never to run again.
func threadsNotAt(t *testing.T, nice, except int) []string {
	t.Helper()
	stats, err := filepath.Glob("/proc/self/task/*/stat")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, path := range stats {
		tid, _ := strconv.Atoi(filepath.Base(filepath.Dir(path)))
		if tid == except || tid == os.Getpid() {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			continue // the thread ended meanwhile
		}
		// The name in parentheses may hold spaces: count fields after it.
		fields := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if fields[16] != strconv.Itoa(nice) {
			out = append(out, strconv.Itoa(tid)+":"+fields[16])
		}
	}
	return out
}

// threadNice is the calling thread's nice value (the raw syscall answers 20 - nice).
func threadNice(t *testing.T) int {
	t.Helper()
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		t.Fatal(err)
	}
	return 20 - p
}
