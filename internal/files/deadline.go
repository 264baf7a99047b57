package files

import (
	"io"
	"net/http"
	"time"
)

// idleLimit is how long a transfer may stall before its connection is cut.
// The server's ReadTimeout and WriteTimeout (30 and 60 s) bound a whole
// ordinary request; an upload or download of 100 MB on a slow line takes
// minutes, so those requests move their deadline on while bytes flow.
const idleLimit = time.Minute

// progress moves a connection's deadline idleLimit ahead, at most once a
// second. It reads the wall clock, not the shop's (tests move that one).
type progress struct {
	rc   *http.ResponseController
	read bool // the read deadline (an upload), else the write deadline
	last time.Time
}

func (p *progress) tick() {
	now := time.Now()
	if now.Sub(p.last) < time.Second {
		return
	}
	p.last = now
	if p.read {
		p.rc.SetReadDeadline(now.Add(idleLimit)) // not supported (a test's recorder): no deadline to move
	} else {
		p.rc.SetWriteDeadline(now.Add(idleLimit))
	}
}

// deadlineReader is a request body whose reads move the read deadline on.
type deadlineReader struct {
	r io.Reader
	p progress
}

func (d *deadlineReader) Read(b []byte) (int, error) {
	d.p.tick()
	return d.r.Read(b)
}

// sendingWriter is a download's response: its writes move the write
// deadline on and are counted (the bytes a link has really sent).
type sendingWriter struct {
	http.ResponseWriter
	p    progress
	sent int64
}

func (w *sendingWriter) Write(b []byte) (int, error) {
	w.p.tick()
	n, err := w.ResponseWriter.Write(b)
	w.sent += int64(n)
	return n, err
}

func (w *sendingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
