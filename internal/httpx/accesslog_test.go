package httpx

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"sync/atomic"
	"testing"
	"time"
)

var logTime = regexp.MustCompile(`^\{"time":"([^"]+)"`)

// A prebuilt answer's line is the one slog writes for any other request,
// but for the time.
func TestAccessLineIsTheLineSlogWrites(t *testing.T) {
	var viaSlog bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(LogHandler{slog.NewJSONHandler(&viaSlog, nil)}))
	start := time.Now()
	logRequest(context.WithValue(context.Background(), requestIDKey, "0123abcd"), "GET", "/api/books", 200, 5137, start)
	line := string(appendAccessLine(nil, time.Now(), "0123abcd", "GET", "/api/books", 200, 5137, start))

	for _, l := range []string{viaSlog.String(), line} {
		m := logTime.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("no time in %q", l)
		}
		if _, err := time.Parse(time.RFC3339Nano, m[1]); err != nil {
			t.Fatalf("time %q: %v", m[1], err)
		}
	}
	if got, want := logTime.ReplaceAllString(line, "T"), logTime.ReplaceAllString(viaSlog.String(), "T"); got != want {
		t.Errorf("line\n%s\nslog's\n%s", got, want)
	}
}

// Once SetAccessLog names the log's writer, each prebuilt answer writes its line there.
func TestPrebuiltAnswersWriteTheirAccessLine(t *testing.T) {
	var log lockedBuffer
	SetAccessLog(&log)
	defer SetAccessLog(nil)
	var calls atomic.Int64
	addr, _ := servePrebuilt(t, prebuiltShop(&calls), true, Timeouts{ReadHeader: time.Second, Write: time.Second, Idle: time.Second})
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, _ = io.WriteString(c, get+"\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	id := resp.Header.Get("X-Request-Id")
	want := regexp.MustCompile(`"path":"/fixed","status":200,"bytes":\d+,"duration_ms":\d+,"request_id":"` + id + `"\}\n`)
	for deadline := time.Now().Add(time.Second); !want.MatchString(log.String()); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) { // the line follows the answer
			t.Fatalf("access log %q, want the line of %s", log.String(), id)
		}
	}
}
