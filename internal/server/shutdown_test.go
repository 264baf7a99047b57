package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"bookshop/internal/config"
	"bookshop/internal/db/dbtest"
)

// A request that is running when shutdown begins still gets its response.
func TestShutdownFinishesRequestsInFlight(t *testing.T) {
	started := make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		time.Sleep(300 * time.Millisecond)
		_, _ = io.WriteString(w, "finished")
	})
	s := &Server{cfg: config.Config{SiteURL: "http://localhost"}, db: dbtest.SQLite(t), app: slow}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()

	type result struct {
		body string
		err  error
	}
	got := make(chan result, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/slow-page")
		if err != nil {
			got <- result{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		got <- result{string(b), err}
	}()

	<-started
	cancel()
	r := <-got
	if r.err != nil || r.body != "finished" {
		t.Fatalf("in-flight request got %q, %v", r.body, r.err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Serve returned %v after a clean shutdown", err)
	}
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), 200*time.Millisecond); err == nil {
		t.Fatal("server still accepts connections after shutdown")
	}
}
