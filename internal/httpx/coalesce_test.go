package httpx

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// sink is a connection that records what is sent on it (lockedBuffer:
// the connection's timer sends too).
type sink struct {
	net.Conn
	sent lockedBuffer
}

func (s *sink) Write(p []byte) (int, error)     { return s.sent.Write(p) }
func (s *sink) String() string                  { return s.sent.String() }
func (s *sink) Read([]byte) (int, error)        { return 0, io.EOF }
func (s *sink) SetReadDeadline(time.Time) error { return nil }
func (s *sink) Close() error                    { return nil }

func TestCoalescingConnHoldsAFullBufferForTheNextWrite(t *testing.T) {
	s := &sink{}
	c := newCoalescingConn(s)
	full := strings.Repeat("a", connBufferSize)
	if n, err := c.Write([]byte(full)); n != connBufferSize || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if s.String() != "" {
		t.Fatal("a full buffer went out on its own")
	}
	if n, err := c.Write([]byte("rest")); n != 4 || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if s.String() != full+"rest" {
		t.Fatalf("sent %d bytes, want the held buffer and then the rest", len(s.String()))
	}
	if _, err := c.Write([]byte("small")); err != nil || s.String() != full+"rest"+"small" {
		t.Fatal("a write that is not a full buffer goes out at once")
	}
}

func TestCoalescingConnSendsWhatItHoldsBeforeReadingAndAfterAMoment(t *testing.T) {
	s := &sink{}
	c := newCoalescingConn(s)
	full := strings.Repeat("b", connBufferSize)
	_, _ = c.Write([]byte(full))
	_, _ = c.Read(make([]byte, 1))
	if s.String() != full {
		t.Fatal("the held buffer was not sent before waiting for the next request")
	}

	_, _ = c.Write([]byte(full)) // a handler flushed exactly a buffer and now waits
	deadline := time.Now().Add(2 * time.Second)
	for s.String() != full+full {
		if time.Now().After(deadline) {
			t.Fatal("a held buffer was never sent on its own")
		}
		time.Sleep(time.Millisecond)
	}
}

// Answers of every size around the buffer's reach the client whole over
// kept-alive connections.
func TestCoalesceWritesServesWholeAnswers(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var n int
		_, _ = fmt.Sscan(r.URL.Query().Get("n"), &n)
		_, _ = w.Write(bytes.Repeat([]byte{'x'}, n))
	}))
	srv.Listener = CoalesceWrites(srv.Listener)
	srv.Start()
	defer srv.Close()
	for _, n := range []int{0, 1, 3000, 3300, 3400, 4096, 5137, 8192, 8193, 20000, 100000} {
		for range 3 {
			res, err := srv.Client().Get(fmt.Sprintf("%s/?n=%d", srv.URL, n))
			if err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			body, err := io.ReadAll(res.Body)
			_ = res.Body.Close()
			if err != nil || len(body) != n || bytes.Count(body, []byte{'x'}) != n {
				t.Fatalf("n=%d: got %d bytes (%v)", n, len(body), err)
			}
		}
	}
}
