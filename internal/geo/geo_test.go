package geo

import (
	"encoding/json"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"testing"

	"bookshop/internal/httpx"
)

type fakeLookup map[string]string

func (f fakeLookup) Country(ip netip.Addr) (string, bool) {
	cc, ok := f[ip.String()]
	return cc, ok
}

func TestLocate(t *testing.T) {
	geoip := fakeLookup{"81.2.69.142": "GB", "2001:db8::1": "DE", "203.0.113.9": "JP"}
	tests := []struct {
		name           string
		lookup         CountryLookup
		remote, xff    string
		trusted        string // a trusted proxy range, if any
		acceptLanguage string
		want           Location
	}{
		{name: "nothing known", remote: "192.0.2.1:5000", want: Location{"US", SourceDefault}},
		{name: "language without region", remote: "192.0.2.1:5000", acceptLanguage: "fr", want: Location{"US", SourceDefault}},
		{name: "language with region", remote: "192.0.2.1:5000", acceptLanguage: "en-GB,en;q=0.9", want: Location{"GB", SourceAcceptLanguage}},
		{name: "first tag with a region wins", remote: "192.0.2.1:5000", acceptLanguage: "de, fr-CA;q=0.8, en-US;q=0.5", want: Location{"CA", SourceAcceptLanguage}},
		{name: "quality orders tags", remote: "192.0.2.1:5000", acceptLanguage: "en-US;q=0.3, pt-BR;q=0.9", want: Location{"BR", SourceAcceptLanguage}},
		{name: "script subtag is skipped", remote: "192.0.2.1:5000", acceptLanguage: "zh-Hant-TW", want: Location{"TW", SourceAcceptLanguage}},
		{name: "numeric region is skipped", remote: "192.0.2.1:5000", acceptLanguage: "es-419, es-MX;q=0.5", want: Location{"MX", SourceAcceptLanguage}},
		{name: "lower-case region", remote: "192.0.2.1:5000", acceptLanguage: "en_au", want: Location{"AU", SourceAcceptLanguage}},
		{name: "garbage header", remote: "192.0.2.1:5000", acceptLanguage: ";;,,-x-;q=abc", want: Location{"US", SourceDefault}},
		{name: "geoip from peer", lookup: geoip, remote: "81.2.69.142:443", acceptLanguage: "en-US", want: Location{"GB", SourceGeoIP}},
		{name: "geoip from IPv6 peer", lookup: geoip, remote: "[2001:db8::1]:443", want: Location{"DE", SourceGeoIP}},
		{name: "geoip from forwarded-for of a trusted proxy", lookup: geoip, remote: "10.0.0.1:443", trusted: "10.0.0.0/8", xff: "198.51.100.1, 203.0.113.9", want: Location{"JP", SourceGeoIP}},
		{name: "forwarded-for of an untrusted peer is ignored", lookup: geoip, remote: "81.2.69.142:443", xff: "203.0.113.9", want: Location{"GB", SourceGeoIP}},
		{name: "geoip miss falls back", lookup: geoip, remote: "192.0.2.1:5000", acceptLanguage: "en-NZ", want: Location{"NZ", SourceAcceptLanguage}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/api/geo", nil)
			req.RemoteAddr = tc.remote
			if tc.xff != "" {
				req.Header.Set("X-Forwarded-For", tc.xff)
			}
			if tc.acceptLanguage != "" {
				req.Header.Set("Accept-Language", tc.acceptLanguage)
			}
			var trusted []netip.Prefix
			if tc.trusted != "" {
				trusted = []netip.Prefix{netip.MustParsePrefix(tc.trusted)}
			}
			rec := httptest.NewRecorder()
			httpx.TrustProxies(trusted)(httpx.Handle(New(tc.lookup).HandleGeo)).ServeHTTP(rec, req)
			var got Location
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got != tc.want {
				t.Fatalf("got %+v (%v), want %+v", got, err, tc.want)
			}
		})
	}
}

func TestOpenMaxMindMissingFile(t *testing.T) {
	if _, err := OpenMaxMind(filepath.Join(t.TempDir(), "none.mmdb")); err == nil {
		t.Fatal("want an error for a missing database")
	}
}
