package httpx

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// fixedBody is long enough for gzip to be worth it.
var fixedBody = `{"books":"` + strings.Repeat("once upon a time ", 100) + `"}`

// prebuiltShop is a shop of two routes: /fixed, which never changes and is
// prebuilt, and /other. calls counts the requests its handlers were asked.
func prebuiltShop(calls *atomic.Int64) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /fixed", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = io.WriteString(w, fixedBody)
	})
	mux.HandleFunc("/other", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		_, _ = io.WriteString(w, "other "+r.Method)
	})
	return Chain(mux, SecurityHeaders("default-src 'self'", false), Compress)
}

// servePrebuilt serves shop on loopback as the shop's server does, with
// /fixed prebuilt (or not), and returns its address.
func servePrebuilt(t *testing.T, shop http.Handler, prebuilt bool, tm Timeouts) (string, *PrebuiltListener) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: Logging(shop), ReadHeaderTimeout: tm.ReadHeader, IdleTimeout: tm.Idle}
	var fast *PrebuiltListener
	if prebuilt {
		p, err := Prebuild(shop, tm, "/fixed")
		if err != nil {
			t.Fatal(err)
		}
		fast = p.Listen(ln)
		go func() { _ = srv.Serve(CoalesceWrites(fast)) }()
	} else {
		go func() { _ = srv.Serve(ln) }()
	}
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String(), fast
}

// exchange sends raw requests on one connection and reads as many answers.
func exchange(t *testing.T, addr, raw string, answers int) []*http.Response {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	var out []*http.Response
	asked := &http.Request{Method: strings.Fields(raw)[0]} // a HEAD's answer has no body
	for range answers {
		resp, err := http.ReadResponse(br, asked)
		if err != nil {
			t.Fatalf("%q: answer %d: %v", raw, len(out)+1, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(bytes.NewReader(body))
		out = append(out, resp)
	}
	return out
}

// comparable is an answer without what differs between any two: its id and date.
func comparable(t *testing.T, resp *http.Response) string {
	t.Helper()
	if resp.StatusCode == http.StatusOK && (resp.Header.Get("X-Request-Id") == "" || resp.Header.Get("Date") == "") {
		t.Errorf("answer without an id or date: %v", resp.Header)
	}
	resp.Header.Del("X-Request-Id")
	resp.Header.Del("Date")
	var b bytes.Buffer
	b.WriteString(resp.Status + "\n")
	_ = resp.Header.Write(&b)
	body, _ := io.ReadAll(resp.Body)
	b.Write(body)
	return b.String()
}

const get = "GET /fixed HTTP/1.1\r\nHost: shop.test\r\n"

// Every request gets what net/http alone gives it, and the prebuilt answers
// are written without asking the handler.
func TestPrebuiltAnswersAsNetHTTPDoes(t *testing.T) {
	tm := Timeouts{ReadHeader: 5 * time.Second, Write: 5 * time.Second, Idle: 5 * time.Second}
	var fastCalls, refCalls atomic.Int64
	fast, _ := servePrebuilt(t, prebuiltShop(&fastCalls), true, tm)
	ref, _ := servePrebuilt(t, prebuiltShop(&refCalls), false, tm)
	fastCalls.Store(0) // Prebuild asked twice

	for _, tc := range []struct {
		name, raw string
		answers   int
		prebuilt  bool // answered without the handler (else by net/http: the handler, or a 400 or 405 of its own)
	}{
		{"plain", get + "\r\n", 1, true},
		{"gzip", get + "Accept-Encoding: gzip\r\n\r\n", 1, true},
		{"browser", get + "Connection: keep-alive\r\nUser-Agent: Mozilla/5.0\r\nAccept: */*\r\n" +
			"Accept-Encoding: gzip, deflate, br, zstd\r\nAccept-Language: en-GB,en;q=0.9\r\nSec-Fetch-Mode: cors\r\n" +
			"Referer: http://shop.test/books\r\n\r\n", 1, true},
		{"behind a proxy", get + "X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-Proto: https\r\n\r\n", 1, true},
		{"other codings", get + "Accept-Encoding: br, zstd\r\n\r\n", 1, true},
		{"no coding", get + "Accept-Encoding: \r\n\r\n", 1, true},
		{"upper-case coding", get + "ACCEPT-ENCODING: GZIP\r\n\r\n", 1, true},
		{"pipelined", get + "\r\n" + get + "Accept-Encoding: gzip\r\n\r\n", 2, true},
		{"weighted coding", get + "Accept-Encoding: gzip;q=0\r\n\r\n", 1, false},
		{"any coding", get + "Accept-Encoding: *\r\n\r\n", 1, false},
		{"conditional", get + "If-None-Match: \"x\"\r\n\r\n", 1, false},
		{"signed in", get + "Authorization: Bearer abc\r\n\r\n", 1, false},
		{"cookie", get + "Cookie: a=b\r\n\r\n", 1, false},
		{"query", "GET /fixed?x=1 HTTP/1.1\r\nHost: shop.test\r\n\r\n", 1, false},
		{"head", "HEAD /fixed HTTP/1.1\r\nHost: shop.test\r\n\r\n", 1, false},
		{"post", "POST /fixed HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 2\r\n\r\nhi", 1, false},
		{"http/1.0", "GET /fixed HTTP/1.0\r\nHost: shop.test\r\n\r\n", 1, false},
		{"closing", get + "Connection: close\r\n\r\n", 1, false},
		{"no host", "GET /fixed HTTP/1.1\r\n\r\n", 1, false},
		{"two hosts", get + "Host: evil.test\r\n\r\n", 1, false},
		{"bare LF", get + "X: 1\nAuthorization: Bearer abc\r\n\r\n", 1, false},
		{"body", get + "Content-Length: 2\r\n\r\nhi", 1, false},
		{"long head", get + "User-Agent: " + strings.Repeat("u", 5000) + "\r\n\r\n", 1, false},
		{"another route", "GET /other HTTP/1.1\r\nHost: shop.test\r\n\r\n", 1, false},
		{"then another route", get + "\r\n" + "GET /other HTTP/1.1\r\nHost: shop.test\r\n\r\n" + get + "\r\n", 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			exchange(t, fast, tc.raw, tc.answers) // the first client with its codings has its answer recorded
			before := fastCalls.Load()
			got := exchange(t, fast, tc.raw, tc.answers)
			want := exchange(t, ref, tc.raw, tc.answers)
			for i := range got {
				if g, w := comparable(t, got[i]), comparable(t, want[i]); g != w {
					t.Errorf("answer %d:\n%s\nnet/http alone:\n%s", i+1, g, w)
				}
			}
			if asked := fastCalls.Load() > before; asked && tc.prebuilt {
				t.Error("the handler was asked for a prebuilt answer")
			} else if !asked && !tc.prebuilt && got[0].StatusCode == http.StatusOK {
				t.Error("net/http was not asked")
			}
		})
	}
}

// A connection waiting for its next request does not hold up a shutdown,
// and a request head that trickles in is cut off at the header timeout.
func TestPrebuiltShutdownAndSlowHeads(t *testing.T) {
	var calls atomic.Int64
	addr, fast := servePrebuilt(t, prebuiltShop(&calls), true,
		Timeouts{ReadHeader: 300 * time.Millisecond, Write: time.Second, Idle: 10 * time.Second})

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	start := time.Now()
	for _, part := range []string{"GET /fixed HTTP/1.1\r\n", "Host: shop.test\r\n", "Accept: */*\r\n"} {
		_, _ = io.WriteString(slow, part)
		time.Sleep(100 * time.Millisecond)
	}
	_ = slow.SetReadDeadline(time.Now().Add(2 * time.Second))
	// Cut off means closed: a clean end, or a reset when the server closed
	// with a part of the head it had not read yet (a busy machine).
	n, err := slow.Read(make([]byte, 1))
	if cut := err == io.EOF || errors.Is(err, syscall.ECONNRESET); !cut || time.Since(start) > time.Second {
		t.Errorf("a head still unfinished after the header timeout: read %d, %v after %v", n, err, time.Since(start))
	}

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	_, _ = io.WriteString(idle, get+"\r\n")
	if _, err := http.ReadResponse(bufio.NewReader(idle), nil); err != nil {
		t.Fatal(err)
	}
	_ = fast.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := fast.Wait(ctx); err != nil {
		t.Fatalf("shutdown waited on an idle connection: %v", err)
	}
	_ = idle.SetReadDeadline(time.Now().Add(time.Second))
	if _, err := idle.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("idle connection after shutdown: %v, want it closed", err)
	}
}

// A head that cannot become a prebuilt request is net/http's as soon as
// that shows, not once it is whole.
func TestPrebuiltPassesOnAHeadThatIsNotOursEarly(t *testing.T) {
	p := &Prebuilt{routes: map[string]*prebuiltRoute{"/fixed": {path: "/fixed"}}}
	for raw, want := range map[string]verdict{
		"":                                    needMore,
		"GE":                                  needMore,
		"GET /fix":                            needMore,
		"GET /fixed HTTP/1.1\r\nHost: a\r\n":  needMore,
		get + "\r\n":                          matched,
		"POST /fixed HTTP/1.1\r\nHost: a\r\n": notOurs,
		"\x16\x03\x01\x02\x00\x01":            notOurs, // a TLS hello
		"GET /other HTTP/1.1\r\n":             notOurs,
		"GET /fixed HTTP/1.0\r\n":             notOurs,
		"GET /fixed HTTP/1.1\r\nX: " + strings.Repeat("x", maxRequestHead): notOurs,
	} {
		if _, _, _, got := p.match([]byte(raw)); got != want {
			t.Errorf("match(%.40q) = %v, want %v", raw, got, want)
		}
	}
}

// Whatever Prebuilt takes for a plain GET of a prebuilt path, net/http
// reads as that too: the same path, no body, the same head length, no
// header that could change the answer, and the same choice of gzip.
func FuzzPrebuiltReadsAsNetHTTP(f *testing.F) {
	for _, seed := range []string{
		get + "\r\n", get + "Accept-Encoding: gzip, br\r\n\r\n", get + "Connection: keep-alive\r\n\r\n" + get + "\r\n",
		get + "X: 1\nCookie: a\r\n\r\n", get + " folded\r\n\r\n", get + "Host : x\r\n\r\n", get + "Accept-Encoding: gzip;q=0\r\n\r\n",
		"GET /fixed HTTP/1.1\r\nHost: a\rb\r\n\r\n", "GET  /fixed HTTP/1.1\r\nHost: a\r\n\r\n", get + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
	} {
		f.Add([]byte(seed))
	}
	p := &Prebuilt{routes: map[string]*prebuiltRoute{"/fixed": {path: "/fixed"}}}
	accepted := map[string]bool{}
	for name := range acceptedHeaders {
		accepted[http.CanonicalHeaderKey(name)] = true
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		kept := slices.Clone(raw)
		n, route, codings, v := p.match(raw)
		if !bytes.Equal(raw, kept) {
			t.Fatal("match changed the request's bytes")
		}
		if v != matched {
			return
		}
		br := bufio.NewReader(bytes.NewReader(raw))
		r, err := http.ReadRequest(br)
		if err != nil {
			t.Fatalf("taken, but net/http refuses %q: %v", raw, err)
		}
		rest, _ := io.ReadAll(br)
		switch {
		case r.Method != http.MethodGet || r.RequestURI != route.path || r.URL.Path != route.path || r.URL.RawQuery != "":
			t.Fatalf("taken as GET %s, net/http reads %s %s", route.path, r.Method, r.RequestURI)
		case !r.ProtoAtLeast(1, 1) || r.Close || r.ContentLength != 0 || len(r.TransferEncoding) > 0:
			t.Fatalf("taken, but net/http reads %s close=%v length=%d encoding=%v", r.Proto, r.Close, r.ContentLength, r.TransferEncoding)
		case len(raw)-len(rest) != n:
			t.Fatalf("taken as %d bytes, net/http read %d", n, len(raw)-len(rest))
		}
		for i, name := range contentCodings {
			if AcceptsEncoding(r, name) != (codings&(1<<i) != 0) {
				t.Fatalf("codings %v, net/http reads %q", codings, r.Header.Get("Accept-Encoding"))
			}
		}
		// http.ReadRequest drops Host lines, which its server counts: read them all.
		tp := textproto.NewReader(bufio.NewReader(bytes.NewReader(raw)))
		_, _ = tp.ReadLine()
		header, err := tp.ReadMIMEHeader()
		if err != nil || len(header["Host"]) != 1 || header.Get("Host") != r.Host || r.Host == "" {
			t.Fatalf("taken with hosts %q (%v)", header["Host"], err)
		}
		for name := range header {
			if !accepted[name] {
				t.Fatalf("taken with header %q", name)
			}
		}
	})
}
