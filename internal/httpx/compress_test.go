package httpx

import (
	"net/http/httptest"
	"testing"
)

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
