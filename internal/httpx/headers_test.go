package httpx

import (
	"net/http"
	"testing"
)

func TestHeadersAreSetCanonicallyAndSharedSafely(t *testing.T) {
	preset := NewHeaders("x-content-type-options", "nosniff", "Vary", "Accept-Encoding")
	first, second := http.Header{}, http.Header{}
	preset.Apply(first)
	preset.Apply(second)
	if got := first.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Fatalf("X-Content-Type-Options = %q", got)
	}
	// A handler adding to one response's header must not change the next response's.
	first.Add("Vary", "Origin")
	if got := second.Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
		t.Fatalf("the second response's Vary = %v, want only Accept-Encoding", got)
	}
	if got := preset.With("ETag", `"x"`); got.get("Etag") != `"x"` || got.get("Vary") != "Accept-Encoding" {
		t.Fatalf("With = %v", got)
	}
}

func (h Headers) get(key string) string { return http.Header(h).Get(key) }
