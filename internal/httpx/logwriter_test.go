package httpx

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a bytes.Buffer the flusher and the test may share.
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

func TestLogWriterKeepsEveryLineWhole(t *testing.T) {
	var out lockedBuffer
	w := NewLogWriter(&out)
	line := strings.Repeat("x", 1000) + "\n"
	for range 200 { // 200 kB: several flushes because the buffer filled
		if _, err := w.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if got != strings.Repeat(line, 200) {
		t.Fatalf("wrote %d bytes, want %d, lines intact: %v", len(got), 200*len(line), strings.Count(got, line) == 200)
	}
}

func TestLogWriterFlushWritesBufferedLines(t *testing.T) {
	var out lockedBuffer
	w := NewLogWriter(&out)
	defer w.Close()
	_, _ = w.Write([]byte("one\n"))
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if out.String() != "one\n" {
		t.Fatalf("after Flush: %q", out.String())
	}
}
