package server_test

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/db/dbtest"
)

// Serve writes the catalogue's answers from the connection (httpx.Prebuilt).
// What a client gets is what the shop's handler gives, security headers
// and gzip included, with an id of its own.
func TestServeAnswersTheCatalogueAsTheHandlerDoes(t *testing.T) {
	env := apitest.NewEnv(t, dbtest.SQLite(t), nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- env.Server.Serve(ctx, ln) }()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}

	for _, path := range []string{"/api/books", "/api/categories", "/api/books/3"} {
		for _, encoding := range []string{"", "gzip"} {
			req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+path, nil)
			if encoding != "" {
				req.Header.Set("Accept-Encoding", encoding)
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()

			want := httptest.NewRecorder()
			r := httptest.NewRequest("GET", path, nil)
			r.Header.Set("Accept-Encoding", encoding)
			env.Handler.ServeHTTP(want, r)
			if resp.StatusCode != http.StatusOK || !bytes.Equal(body, want.Body.Bytes()) {
				t.Errorf("GET %s (%q): %d, body differs from the handler's: %v", path, encoding, resp.StatusCode, !bytes.Equal(body, want.Body.Bytes()))
			}
			if resp.Header.Get("X-Request-Id") == "" || resp.Header.Get("X-Request-Id") == want.Header().Get("X-Request-Id") {
				t.Errorf("GET %s: X-Request-Id %q", path, resp.Header.Get("X-Request-Id"))
			}
			for _, h := range []http.Header{resp.Header, want.Header()} {
				h.Del("X-Request-Id")
				h.Del("Date")
			}
			if got, want := headerText(resp.Header), headerText(want.Header()); got != want {
				t.Errorf("GET %s (%q) headers:\n%s\nthe handler's:\n%s", path, encoding, got, want)
			}
		}
	}
	cancel()
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
}

func headerText(h http.Header) string {
	var b bytes.Buffer
	_ = h.Write(&b)
	return b.String()
}
