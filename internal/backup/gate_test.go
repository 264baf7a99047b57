package backup

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"bookshop/internal/httpx"
)

func TestGateAnswers503WhileClosedAndWaitsForRequestsInFlight(t *testing.T) {
	g := &Gate{}
	release := make(chan struct{})
	h := g.Middleware(httpx.WriteError)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			<-release
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	do := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec
	}
	slow := make(chan int)
	go func() { slow <- do("/slow").Code }()
	for g.inFlight.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	closed := make(chan struct{})
	go func() { g.close(context.Background(), time.Minute); close(closed) }()
	for !g.Closed() {
		time.Sleep(time.Millisecond)
	}
	rec := do("/")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "15" {
		t.Fatalf("while closed: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	select {
	case <-closed:
		t.Fatal("close returned with a request still in flight")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if code := <-slow; code != http.StatusNoContent {
		t.Fatalf("the request in flight got %d", code)
	}
	<-closed
	g.open()
	if rec := do("/"); rec.Code != http.StatusNoContent {
		t.Fatalf("after opening: %d", rec.Code)
	}
}
