package httpx

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A token-sized response goes as it is; a larger one is gzipped.
func TestCompressLeavesSmallAnswersAlone(t *testing.T) {
	for size, want := range map[int]string{1823: "", 3000: "gzip"} {
		h := Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"token":"` + strings.Repeat("a", size-12) + `"}`))
		}))
		r := httptest.NewRequest("POST", "/auth/v1/token", nil)
		r.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if got := rec.Header().Get("Content-Encoding"); got != want {
			t.Errorf("%d bytes: Content-Encoding %q, want %q", size, got, want)
		}
	}
}

func TestAcceptsEncoding(t *testing.T) {
	tests := []struct {
		header, enc string
		want        bool
	}{
		{"gzip, deflate, br", "gzip", true},
		{"gzip, deflate, br", "br", true},
		{"deflate", "gzip", false},
		{"", "gzip", false},
		{"GZIP;q=0.5", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"br; q=0.000, gzip", "br", false},
		{"brotli", "br", false},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", tc.header)
		if got := AcceptsEncoding(r, tc.enc); got != tc.want {
			t.Errorf("%q accepts %s: %v, want %v", tc.header, tc.enc, got, tc.want)
		}
	}
}
