package httpx

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// LogWriter buffers log lines and writes them in batches: at most every
// flushEvery, when the buffer fills, and on Close, instead of a write(2) per
// line, as nginx's `access_log ... buffer= flush=` does. Lines are never split between two
// writes, and Close writes what is left, so a clean shutdown loses nothing.
type LogWriter struct {
	mu   sync.Mutex
	buf  *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

const flushEvery = 200 * time.Millisecond

// NewLogWriter starts the flusher of w.
func NewLogWriter(w io.Writer) *LogWriter {
	l := &LogWriter{buf: bufio.NewWriterSize(w, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go l.flushLoop()
	return l
}

// Write buffers one record (slog handlers write each record in one call).
func (l *LogWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(p) > l.buf.Available() {
		if err := l.buf.Flush(); err != nil {
			return 0, err
		}
	}
	return l.buf.Write(p)
}

// Flush writes what is buffered.
func (l *LogWriter) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Flush()
}

// Close stops the flusher and writes what is left.
func (l *LogWriter) Close() error {
	close(l.stop)
	<-l.done
	return l.Flush()
}

func (l *LogWriter) flushLoop() {
	defer close(l.done)
	t := time.NewTicker(flushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			_ = l.Flush()
		case <-l.stop:
			return
		}
	}
}
