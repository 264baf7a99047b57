// Package geo guesses the visitor's country for the checkout form's default:
// from a GeoIP database when one is configured, else from the region of the
// browser's language, else the United States.
package geo

import (
	"net/http"
	"net/netip"
	"sort"
	"strconv"
	"strings"

	"bookshop/internal/httpx"
)

// Sources of a response.
const (
	SourceGeoIP          = "geoip"
	SourceAcceptLanguage = "accept-language"
	SourceDefault        = "default"
)

// CountryLookup maps an IP address to an ISO 3166-1 alpha-2 country code.
type CountryLookup interface {
	Country(ip netip.Addr) (string, bool)
}

// Service serves GET /api/geo. Its lookup may be nil.
type Service struct{ lookup CountryLookup }

// New returns the service; lookup may be nil when no database is configured.
func New(lookup CountryLookup) *Service { return &Service{lookup: lookup} }

// Location is the response.
type Location struct {
	CountryCode string `json:"countryCode"`
	Source      string `json:"source"`
}

// Locate derives the country from the request.
func (s *Service) Locate(r *http.Request) Location {
	if s.lookup != nil {
		if ip := httpx.ClientIP(r); ip.IsValid() {
			if cc, ok := s.lookup.Country(ip); ok && isCountryCode(cc) {
				return Location{CountryCode: strings.ToUpper(cc), Source: SourceGeoIP}
			}
		}
	}
	if cc, ok := RegionFromAcceptLanguage(r.Header.Get("Accept-Language")); ok {
		return Location{CountryCode: cc, Source: SourceAcceptLanguage}
	}
	return Location{CountryCode: "US", Source: SourceDefault}
}

// HandleGeo serves GET /api/geo.
func (s *Service) HandleGeo(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("Vary", "Accept-Language")
	return httpx.WriteJSON(w, http.StatusOK, s.Locate(r))
}

// RegionFromAcceptLanguage returns the region of the most preferred language
// tag that has one: "fr, en-GB;q=0.8" gives GB. Numeric regions (es-419)
// name no single country and are skipped.
func RegionFromAcceptLanguage(header string) (string, bool) {
	type tag struct {
		region string
		q      float64
	}
	var tags []tag
	for part := range strings.SplitSeq(header, ",") {
		lang, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if q <= 0 {
			continue
		}
		subtags := strings.FieldsFunc(lang, func(r rune) bool { return r == '-' || r == '_' })
		for _, st := range subtags[min(1, len(subtags)):] {
			if isCountryCode(st) {
				tags = append(tags, tag{region: strings.ToUpper(st), q: q})
				break
			}
		}
	}
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].q > tags[j].q })
	if len(tags) == 0 {
		return "", false
	}
	return tags[0].region, true
}

func isCountryCode(s string) bool {
	if len(s) != 2 {
		return false
	}
	for _, c := range s {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}
