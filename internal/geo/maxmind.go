package geo

import (
	"fmt"
	"net/netip"

	"github.com/oschwald/maxminddb-golang/v2"
)

// MaxMind looks countries up in a MaxMind-format database (GeoLite2-Country,
// GeoIP2-Country or -City, DB-IP's free country database).
type MaxMind struct{ r *maxminddb.Reader }

// OpenMaxMind opens the database file at path.
func OpenMaxMind(path string) (*MaxMind, error) {
	r, err := maxminddb.Open(path)
	if err != nil {
		return nil, fmt.Errorf("GEOIP_DATABASE: open %s: %w", path, err)
	}
	return &MaxMind{r: r}, nil
}

// Country returns the country of ip, or of its registration when the
// database does not know where it is used.
func (m *MaxMind) Country(ip netip.Addr) (string, bool) {
	var rec struct {
		Country struct {
			ISOCode string `maxminddb:"iso_code"`
		} `maxminddb:"country"`
		Registered struct {
			ISOCode string `maxminddb:"iso_code"`
		} `maxminddb:"registered_country"`
	}
	if err := m.r.Lookup(ip).Decode(&rec); err != nil {
		return "", false
	}
	if rec.Country.ISOCode != "" {
		return rec.Country.ISOCode, true
	}
	return rec.Registered.ISOCode, rec.Registered.ISOCode != ""
}

// Close releases the database.
func (m *MaxMind) Close() error { return m.r.Close() }
