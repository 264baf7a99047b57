package httpx

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Prebuilt answers GET requests for a few paths whose answers never change
// while the server runs (the catalogue) straight from the connection, with
// whole responses built once, before net/http parses anything.
//
// Why: a bare net/http handler that writes the catalogue's bytes manages
// 0.56x of what nginx does with the same bytes on this kind of machine; the
// request parsing, header maps and middleware of net/http are most of the
// cost of such a request. Prebuilt reads the request itself and writes the
// prebuilt bytes with the request's id and date.
//
// It is strict on purpose: it only takes a request it understands entirely
// ("GET <path> HTTP/1.1", a Host, and only headers that cannot change the
// answer). Anything else, from a query string to a cookie, a conditional
// request or a malformed line, goes to net/http with every byte read so far,
// and the connection stays net/http's from then on. So net/http still decides
// every request that is not a plain read of a fixed answer, and
// prebuilt_test.go checks that whatever Prebuilt takes, net/http reads the
// same way.
type Prebuilt struct {
	routes   map[string]*prebuiltRoute // by path
	timeouts Timeouts
}

// Timeouts are the limits net/http's server applies, kept on connections
// Prebuilt serves.
type Timeouts struct {
	ReadHeader, Write, Idle time.Duration
}

// prebuiltRoute is one path's answers, one for each set of content codings
// a client takes (the compression middleware picks by it), each recorded
// from the handler the first time a client asks.
type prebuiltRoute struct {
	path    string
	handler http.Handler
	answers [1 << len(contentCodings)]atomic.Pointer[prebuiltAnswer]
}

// prebuiltAnswer is a whole response but for its id and date: the status
// line and headers up to those two, and the body.
type prebuiltAnswer struct{ head, body []byte }

// maxRequestHead is the largest request head Prebuilt reads; a longer one
// (a big cookie, many headers) is net/http's.
const maxRequestHead = 4 << 10

// Prebuild keeps the answers h gives to GET requests of paths. h must be the
// handler behind the request's bookkeeping (Logging): Prebuilt writes the
// access log and X-Request-Id itself. Each answer must be a 200 that sets no
// cookie; the plain and gzip ones are recorded now, so a path that is not
// fails here.
func Prebuild(h http.Handler, t Timeouts, paths ...string) (*Prebuilt, error) {
	p := &Prebuilt{routes: make(map[string]*prebuiltRoute, len(paths)), timeouts: t}
	for _, path := range paths {
		route := &prebuiltRoute{path: path, handler: h}
		for _, codings := range []codingSet{0, gzipCoding} {
			if _, err := route.answer(codings); err != nil {
				return nil, err
			}
		}
		p.routes[path] = route
	}
	return p, nil
}

// answer is the route's answer to a client that takes codings.
func (r *prebuiltRoute) answer(codings codingSet) (*prebuiltAnswer, error) {
	if a := r.answers[codings].Load(); a != nil {
		return a, nil
	}
	a, err := record(r.handler, r.path, codings.String())
	if err != nil {
		return nil, err
	}
	r.answers[codings].Store(a) // two first askers record the same bytes
	return a, nil
}

func record(h http.Handler, path, acceptEncoding string) (*prebuiltAnswer, error) {
	r, err := http.NewRequest(http.MethodGet, path, nil)
	if err != nil {
		return nil, err
	}
	r.RemoteAddr = "127.0.0.1:1"
	if acceptEncoding != "" {
		r.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := &recorder{header: http.Header{}}
	h.ServeHTTP(rec, r)
	if rec.status != http.StatusOK || rec.header.Get("Set-Cookie") != "" {
		return nil, fmt.Errorf("prebuild %s: status %d, set-cookie %q: not a fixed answer", path, rec.status, rec.header.Get("Set-Cookie"))
	}
	rec.header.Set("Content-Length", strconv.Itoa(rec.body.Len()))
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	if err := rec.header.Write(&head); err != nil {
		return nil, err
	}
	return &prebuiltAnswer{head: head.Bytes(), body: rec.body.Bytes()}, nil
}

// recorder keeps what a handler writes.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// Listen serves the prebuilt answers on the connections of ln. Its Accept
// returns only the connections net/http is to serve: those whose first
// request, or a later one, is not a prebuilt answer's.
func (p *Prebuilt) Listen(ln net.Listener) *PrebuiltListener {
	l := &PrebuiltListener{Listener: ln, p: p, handed: make(chan net.Conn), failed: make(chan error),
		done: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	go l.acceptLoop()
	return l
}

// PrebuiltListener is the listener net/http serves from (Prebuilt.Listen).
type PrebuiltListener struct {
	net.Listener
	p      *Prebuilt
	handed chan net.Conn // connections that are net/http's from now on
	failed chan error    // accept errors, for net/http to judge

	closed    atomic.Bool
	done      chan struct{} // closed by Close
	closeOnce sync.Once

	mu     sync.Mutex
	conns  map[net.Conn]struct{} // the connections being served here
	active sync.WaitGroup
}

func (l *PrebuiltListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.handed:
		return c, nil
	case err := <-l.failed:
		return nil, err
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close stops accepting and ends the connections served here once their
// answer in progress is sent; Wait waits for that.
func (l *PrebuiltListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() {
		l.closed.Store(true)
		close(l.done)
		l.mu.Lock()
		for c := range l.conns {
			_ = c.SetReadDeadline(time.Unix(1, 0)) // wakes a connection waiting for its next request
		}
		l.mu.Unlock()
	})
	return err
}

// Wait waits until the connections served here are closed, or ctx ends.
func (l *PrebuiltListener) Wait(ctx context.Context) error {
	idle := make(chan struct{})
	go func() { l.active.Wait(); close(idle) }()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *PrebuiltListener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			select {
			case l.failed <- err: // net/http backs off from a temporary error and calls again
			case <-l.done:
				return
			}
			if te, ok := err.(interface{ Temporary() bool }); !ok || !te.Temporary() {
				return
			}
			continue
		}
		if !l.track(c) {
			_ = c.Close()
			return
		}
		go l.serve(c)
	}
}

func (l *PrebuiltListener) track(c net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed.Load() {
		return false
	}
	l.conns[c] = struct{}{}
	l.active.Add(1)
	return true
}

func (l *PrebuiltListener) forget(c net.Conn) {
	l.mu.Lock()
	delete(l.conns, c)
	l.mu.Unlock()
	l.active.Done()
}

// serve answers the connection's requests while they are prebuilt ones,
// then hands it to net/http or closes it.
func (l *PrebuiltListener) serve(c net.Conn) {
	defer l.forget(c)
	buf := make([]byte, 0, maxRequestHead)
	var head []byte         // the answers' heads, one after the other
	var headStart time.Time // when the first byte of the request being read came
	for {
		n, route, codings, verdict := l.p.match(buf)
		var answer *prebuiltAnswer
		if verdict == matched {
			var err error
			if answer, err = route.answer(codings); err != nil {
				verdict = notOurs // the handler changed its mind: net/http says what it says now
			}
		}
		switch verdict {
		case matched:
			var ok bool
			if head, ok = l.answer(c, head, route.path, answer); !ok {
				_ = c.Close()
				return
			}
			buf = buf[:copy(buf, buf[n:])]
			headStart = time.Now()
			continue
		case notOurs:
			l.handOver(c, buf)
			return
		}
		deadline := headStart.Add(l.p.timeouts.ReadHeader)
		if len(buf) == 0 {
			deadline = time.Now().Add(l.p.timeouts.Idle)
		}
		_ = c.SetReadDeadline(deadline)
		if l.closed.Load() { // after setting the deadline: Close's wake-up cannot be overwritten
			_ = c.Close()
			return
		}
		m, err := c.Read(buf[len(buf):cap(buf)])
		if len(buf) == 0 {
			headStart = time.Now()
		}
		buf = buf[:len(buf)+m]
		if err != nil && m == 0 {
			_ = c.Close() // the client left, or was idle or slow too long, or the server is stopping
			return
		}
	}
}

// answer writes one prebuilt answer and its access-log line.
// head is the connection's buffer for the answer's head and its access-log
// line, used again by the next.
func (l *PrebuiltListener) answer(c net.Conn, head []byte, path string, a *prebuiltAnswer) ([]byte, bool) {
	start := time.Now()
	id := newRequestID()
	head = append(head[:0], a.head...)
	head = append(head, "X-Request-Id: "...)
	head = append(head, id...)
	head = append(head, "\r\nDate: "...)
	head = start.UTC().AppendFormat(head, http.TimeFormat)
	head = append(head, "\r\n\r\n"...)
	_ = c.SetWriteDeadline(start.Add(l.p.timeouts.Write))
	bufs := net.Buffers{head, a.body}
	_, err := bufs.WriteTo(c) // one writev
	status := http.StatusOK
	if err != nil {
		status = 0
	}
	if w := accessLog.Load(); w != nil {
		head = appendAccessLine(head[:0], time.Now(), id, http.MethodGet, path, status, len(a.body), start)
		_, _ = (*w).Write(head)
	} else {
		logRequest(context.WithValue(context.Background(), requestIDKey, id), http.MethodGet, path, status, len(a.body), start)
	}
	return head, err == nil
}

// handOver gives the connection to net/http, which reads what was read here first.
func (l *PrebuiltListener) handOver(c net.Conn, read []byte) {
	_ = c.SetDeadline(time.Time{})
	hc := &handedConn{Conn: c, unread: read}
	select {
	case l.handed <- hc:
	case <-l.done:
		_ = c.Close()
	}
}

// handedConn is a connection whose first bytes were already read.
type handedConn struct {
	net.Conn
	unread []byte
}

func (c *handedConn) Read(p []byte) (int, error) {
	if len(c.unread) > 0 {
		n := copy(p, c.unread)
		c.unread = c.unread[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

// CloseWrite and ReadFrom keep what net/http asks of a TCP connection:
// a half-close, and sendfile for bodies read from files.
func (c *handedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

func (c *handedConn) ReadFrom(r io.Reader) (int64, error) { return io.Copy(c.Conn, r) }
