package db

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// writer runs SQLite's writes one at a time. A write that finds the lock
// free and nobody queued runs at once on its caller's thread; a write that
// would wait is queued for one goroutine that keeps an OS thread of its own
// at a lower CPU priority. PostgreSQL needs none (nil).
//
// One at a time: SQLite has one write lock, and a writer that finds it taken
// waits in its busy handler, which sleeps 1, 2, 5, 10… ms between tries;
// under a few concurrent writers most of that time passed with the lock
// already free. Queued here, the next write starts the moment the last one
// is done, on the same thread, without a hand-over between goroutines.
//
// Lower priority for a queue: a burst of writes (orders pouring in) is what
// took 42 % of the catalogue's throughput on two cores, and the catalogue is
// what every visitor waits for. The queue's thread is served by the operating
// system after the request threads when the cores are short, and at once
// when they are free. A lone write (a sign-in's) is not queued: waking the
// thread while password hashes held both cores delayed each such write by a
// scheduling slice, and sign-in lost 9 % of its rate.
type writer struct {
	turn    chan struct{} // holds a token while a write runs, inline or queued
	queued  atomic.Int32  // writes queued and not yet done: a new one joins them
	jobs    chan func()
	quit    chan struct{}
	closing sync.Once
}

// writerNice is the queue thread's nice value, the lowest there is: when it
// and a request thread both want a core, it gets a sixty-eighth of the time
// (Linux's weights fall by 1.25× a step). `make load`, catalogue beside
// orders: nice 0 lets it fall 43–45 %, 15 20–31 %, 19 23 % and 23 %. One
// buyer's order beside a flood of 64 catalogue connections took 2.6 ms
// instead of 1.7 ms (all writes queued, nice 19).
const writerNice = 19

// writerTimeout bounds a wait for the queue's thread or for the turn; after
// it the write goes on without, and SQLite's busy timeout decides. It covers
// a write made from inside a transaction, which would otherwise wait for
// itself.
const writerTimeout = 2 * time.Second

var (
	errClosed = errors.New("database closed")
	errWaited = errors.New("waited for the writer past writerTimeout")
)

func newWriter() *writer {
	w := &writer{turn: make(chan struct{}, 1), jobs: make(chan func()), quit: make(chan struct{})}
	go w.loop()
	return w
}

// loop runs the jobs. It keeps its thread to itself until the database is
// closed, then the thread ends with it: a thread of lower priority must not
// go back to Go's pool and serve requests.
func (w *writer) loop() {
	runtime.LockOSThread()
	if err := lowerThreadPriority(writerNice); err != nil {
		slog.Warn("db: SQLite writes run at the requests' priority", "err", err)
	}
	for {
		select {
		case job := <-w.jobs:
			job()
		case <-w.quit:
			return
		}
	}
}

// do runs write in its turn, inline or on the queue's thread, and returns
// its error. A panic in write is raised again in the caller, where the
// server's recovery sees it.
func (w *writer) do(ctx context.Context, write func() error) error {
	if w == nil {
		return write()
	}
	if w.queued.Load() == 0 {
		select {
		case w.turn <- struct{}{}:
			defer w.endTurn()
			return write()
		default:
		}
	}
	return w.queue(ctx, write)
}

// queue runs write on the queue's thread once its turn comes.
func (w *writer) queue(ctx context.Context, write func() error) error {
	w.queued.Add(1)
	defer w.queued.Add(-1)
	var err error
	var panicked any
	done := make(chan struct{})
	job := func() {
		defer close(done)
		defer func() { panicked = recover() }()
		defer w.takeTurn(ctx)()
		err = write()
	}
	switch notSent := sendWithin(ctx, w.quit, w.jobs, job); {
	case errors.Is(notSent, errWaited):
		return write() // the thread is busy past writerTimeout: see there
	case notSent != nil:
		return notSent
	}
	<-done
	if panicked != nil {
		panic(panicked)
	}
	return err
}

// takeTurn waits for the write lock's turn, at most writerTimeout, and
// returns the function that ends it.
func (w *writer) takeTurn(ctx context.Context) (end func()) {
	if sendWithin(ctx, nil, w.turn, struct{}{}) != nil {
		return func() {}
	}
	return w.endTurn
}

func (w *writer) endTurn() { <-w.turn }

// sendWithin sends v on ch, waiting at most writerTimeout, and returns nil
// once it is sent, or why it was not: ctx's error, errClosed when quit is
// closed, or errWaited.
func sendWithin[T any](ctx context.Context, quit <-chan struct{}, ch chan<- T, v T) error {
	select {
	case ch <- v:
		return nil
	default:
	}
	timer := time.NewTimer(writerTimeout)
	defer timer.Stop()
	select {
	case ch <- v:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-quit:
		return errClosed
	case <-timer.C:
		return errWaited
	}
}

// close ends the writer's loop and its thread; writes after it fail. Like
// sql.DB.Close, it may be called again.
func (w *writer) close() {
	if w != nil {
		w.closing.Do(func() { close(w.quit) })
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
