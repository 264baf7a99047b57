package httpx

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

type clientIPKey struct{}

// TrustProxies is the middleware that decides, once per request, which
// address the request came from; ClientIP reads it. With no trusted
// proxies that is the peer address (RemoteAddr): X-Forwarded-For is ignored,
// as anyone can send it. When the peer is a trusted proxy (TRUSTED_PROXIES),
// X-Forwarded-For is walked from the right, skipping trusted hops, and the
// first untrusted hop is the client: the hops left of it are the client's
// own claims and are never believed.
func TrustProxies(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ip := resolveClientIP(r, trusted)
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientIPKey{}, ip)))
		})
	}
}

// ClientIP is the address of the client behind r, as TrustProxies decided;
// without that middleware, the peer address. It is the zero Addr when the
// peer address cannot be parsed.
func ClientIP(r *http.Request) netip.Addr {
	if ip, ok := r.Context().Value(clientIPKey{}).(netip.Addr); ok {
		return ip
	}
	return peerIP(r)
}

// ClientIPString is ClientIP as text, or RemoteAddr itself when that is not
// an IP address, so a key built from it is never empty.
func ClientIPString(r *http.Request) string {
	if ip := ClientIP(r); ip.IsValid() {
		return ip.String()
	}
	return r.RemoteAddr
}

func peerIP(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return ip.Unmap()
}

func resolveClientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	ip := peerIP(r)
	if !isTrusted(ip, trusted) {
		return ip
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			// A trusted proxy passed on something that is not an address:
			// the last address we can vouch for is the best guess.
			return ip
		}
		ip = hop.Unmap()
		if !isTrusted(ip, trusted) {
			return ip
		}
	}
	return ip
}

func isTrusted(ip netip.Addr, trusted []netip.Prefix) bool {
	if !ip.IsValid() {
		return false
	}
	for _, p := range trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
