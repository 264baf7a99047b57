package httpx

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32"), netip.MustParsePrefix("fd00::/8")}
	tests := []struct {
		name    string
		trusted bool
		remote  string
		xff     []string
		want    string
	}{
		{name: "peer address", remote: "198.51.100.4:5000", want: "198.51.100.4"},
		{name: "forwarded-for ignored without trusted proxies", remote: "10.0.0.1:443", xff: []string{"203.0.113.9"}, want: "10.0.0.1"},
		{name: "IPv6 peer", remote: "[2001:db8::1]:443", want: "2001:db8::1"},
		{name: "IPv4-mapped peer", remote: "[::ffff:198.51.100.4]:443", want: "198.51.100.4"},
		{name: "untrusted peer's forwarded-for ignored", trusted: true, remote: "198.51.100.4:5000", xff: []string{"203.0.113.9"}, want: "198.51.100.4"},
		{name: "trusted proxy: last hop", trusted: true, remote: "10.0.0.1:443", xff: []string{"203.0.113.9"}, want: "203.0.113.9"},
		{name: "forged hops left of the client are ignored", trusted: true, remote: "10.0.0.1:443", xff: []string{"1.2.3.4, 203.0.113.9"}, want: "203.0.113.9"},
		{name: "chain of trusted proxies is skipped", trusted: true, remote: "10.0.0.1:443", xff: []string{"1.2.3.4, 203.0.113.9, 192.0.2.7", "10.1.2.3"}, want: "203.0.113.9"},
		{name: "all hops trusted: the leftmost", trusted: true, remote: "10.0.0.1:443", xff: []string{"10.9.9.9, 10.1.1.1"}, want: "10.9.9.9"},
		{name: "no forwarded-for: the proxy", trusted: true, remote: "10.0.0.1:443", want: "10.0.0.1"},
		{name: "garbage hop stops the walk", trusted: true, remote: "10.0.0.1:443", xff: []string{"203.0.113.9, nonsense"}, want: "10.0.0.1"},
		{name: "trusted IPv6 proxy", trusted: true, remote: "[fd00::1]:443", xff: []string{"2001:db8::5"}, want: "2001:db8::5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = tc.remote
			for _, v := range tc.xff {
				req.Header.Add("X-Forwarded-For", v)
			}
			var trusted = proxies
			if !tc.trusted {
				trusted = nil
			}
			var got string
			TrustProxies(trusted)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				got = ClientIPString(r)
			})).ServeHTTP(httptest.NewRecorder(), req)
			if got != tc.want {
				t.Fatalf("client IP %q, want %q", got, tc.want)
			}
		})
	}
}

func TestClientIPWithoutMiddleware(t *testing.T) {
	req := httptest.NewRequest("GET", "/", nil)
	req.RemoteAddr = "10.0.0.1:443"
	req.Header.Set("X-Forwarded-For", "203.0.113.9")
	if got := ClientIP(req).String(); got != "10.0.0.1" {
		t.Fatalf("got %s", got)
	}
	req.RemoteAddr = "pipe"
	if got := ClientIPString(req); got != "pipe" {
		t.Fatalf("got %s", got)
	}
}
