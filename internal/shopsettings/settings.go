// Package shopsettings holds the settings the shop prices orders with: the
// shipping zones with their countries, methods, prices, delivery times and
// free-over thresholds, and their tax rates by tax class (print, digital),
// with states or provinces at their own rates. The back office edits them
// (/admin/settings); the checkout, the payment function, /shipping and the
// FAQ all read them, so the site says one thing everywhere.
package shopsettings

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"bookshop/internal/address"
	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The zones every shop has: the United States, and everywhere else (the
// zone of the countries no other zone lists, always the last). A manager
// adds zones between them (the UK, the EU, Canada) with their countries.
const (
	ZoneUS            = "us"
	ZoneInternational = "intl"
)

// The methods every zone has, cheapest first; a zone offers those enabled.
const (
	MethodStandard  = "standard"
	MethodExpedited = "expedited"
	MethodExpress   = "express"
)

var methodIDs = []string{MethodStandard, MethodExpedited, MethodExpress}

// The tax classes: printed books, and the digital formats (interactive,
// e-book, audiobook, printable), which many countries tax otherwise.
const (
	ClassPrint   = "print"
	ClassDigital = "digital"
)

// Rate is a tax rate in basis points (1000 is 10 %), written as a
// percentage in JSON (10, 8.25) in the settings and their API alike.
type Rate int64

// Percent is the rate as a percentage: 10, 8.25.
func (r Rate) Percent() json.Number {
	whole, frac := int64(r)/100, int64(r)%100
	if frac == 0 {
		return json.Number(fmt.Sprint(whole))
	}
	return json.Number(strings.TrimRight(fmt.Sprintf("%d.%02d", whole, frac), "0"))
}

func (r Rate) MarshalJSON() ([]byte, error) { return []byte(r.Percent()), nil }

func (r *Rate) UnmarshalJSON(b []byte) error {
	n := json.Number(b)
	bp, ok := basisPoints(&n)
	if !ok {
		return fmt.Errorf("shopsettings: tax rate %s", b)
	}
	*r = Rate(bp)
	return nil
}

// TaxRates are a place's rates by tax class.
type TaxRates struct {
	Print   Rate `json:"print"`
	Digital Rate `json:"digital"`
}

// RegionTax are the rates of one state or province of a zone, where the
// publisher must collect there at another rate than the zone's.
type RegionTax struct {
	Code string `json:"code"` // ISO 3166-2: "US-IL"
	TaxRates
}

// Method is one way of shipping to a zone.
type Method struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	DeliveryTime string `json:"deliveryTime"` // "3-7 business days"; may be empty while not offered
	// PriceCents is nil for a method the shop has not priced: it is not
	// offered until it has a price and a delivery time, so no figure is
	// made up for it (the international zone's faster methods).
	PriceCents *int64 `json:"priceCents"`
	// FreeOverCents: an order whose subtotal (after its discount) is at
	// least this ships free by this method; nil: never.
	FreeOverCents *int64 `json:"freeOverCents"`
	Enabled       bool   `json:"enabled"`
}

// PriceFor is the method's price for an order of subtotalCents.
func (m Method) PriceFor(subtotalCents int64) int64 {
	if m.PriceCents == nil || (m.FreeOverCents != nil && subtotalCents >= *m.FreeOverCents) {
		return 0
	}
	return *m.PriceCents
}

// offered tells whether buyers may choose the method: switched on, and
// priced (the validation allows no other, but the settings are stored).
func (m Method) offered() bool { return m.Enabled && m.PriceCents != nil }

// Zone is a group of countries with its methods and tax rates.
type Zone struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Countries are ISO codes; the last zone, everywhere else, has none.
	Countries []string    `json:"countries"`
	Tax       TaxRates    `json:"tax"`
	Regions   []RegionTax `json:"regions"` // states or provinces at their own rates
	Methods   []Method    `json:"methods"`
}

// Offered is the methods the zone offers (switched on and priced), in order.
func (z Zone) Offered() []Method {
	out := []Method{}
	for _, m := range z.Methods {
		if m.offered() {
			out = append(out, m)
		}
	}
	return out
}

// Method is the enabled method with the id, or false.
func (z Zone) Method(id string) (Method, bool) {
	for _, m := range z.Methods {
		if m.ID == id && m.offered() {
			return m, true
		}
	}
	return Method{}, false
}

// Settings are the shop's pricing settings at one version.
type Settings struct {
	Version   int64     `json:"version"`
	Zones     []Zone    `json:"zones"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// ZoneOf is the zone of a country, given as its ISO code ("US", "GB") or
// its English name as the checkout's form sends it ("United States"): the
// zone that lists it, else everywhere else.
func (s Settings) ZoneOf(country string) Zone {
	code, _ := address.CodeOf(country)
	for _, z := range s.Zones {
		if slices.Contains(z.Countries, code) {
			return z
		}
	}
	for _, z := range s.Zones {
		if z.ID == ZoneInternational {
			return z
		}
	}
	return Zone{ID: ZoneInternational}
}

// Tax is the rates for a destination: its state's or province's (state as
// the address gives it, "IL" or "Illinois") where its zone names one, else
// its zone's; and the place they are of, as an order names it ("Illinois,
// United States", "United Kingdom").
func (s Settings) Tax(country, state string) (TaxRates, string) {
	z := s.ZoneOf(country)
	f, known := address.Lookup(country)
	place := f.Name
	if !known {
		place = z.Name
	}
	if code, ok := f.Subdivision(state); ok && known {
		for _, r := range z.Regions {
			if r.Code == code {
				name := code
				for _, sd := range f.Subdivisions {
					if f.Country+"-"+sd.Code == code {
						name = sd.Name
					}
				}
				return r.TaxRates, name + ", " + place
			}
		}
	}
	return z.Tax, place
}

// USTax is the United States' zone's print rate: the cart's estimate
// before the buyer says where the order goes.
func (s Settings) USTax() Rate {
	for _, z := range s.Zones {
		if z.ID == ZoneUS {
			return z.Tax.Print
		}
	}
	return 0
}

// Load reads the settings.
func Load(ctx context.Context, q db.Querier) (Settings, error) {
	var s Settings
	var shipping string
	err := q.QueryRowContext(ctx, `SELECT shipping, version, updated_at FROM shop_settings WHERE id = 1`).
		Scan(&shipping, &s.Version, &s.UpdatedAt)
	if err != nil {
		return Settings{}, fmt.Errorf("shopsettings: load: %w", err)
	}
	var doc struct {
		Zones []Zone `json:"zones"`
	}
	if err := json.Unmarshal([]byte(shipping), &doc); err != nil {
		return Settings{}, fmt.Errorf("shopsettings: shipping: %w", err)
	}
	s.Zones = doc.Zones
	s.UpdatedAt = s.UpdatedAt.UTC()
	return s, nil
}

// save writes s over the version it was read at and moves it to the next;
// false when someone saved in between.
func save(ctx context.Context, tx *db.Tx, s *Settings, at time.Time) (bool, error) {
	shipping, err := json.Marshal(struct {
		Zones []Zone `json:"zones"`
	}{s.Zones})
	if err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, `UPDATE shop_settings SET shipping = ?, version = version + 1, updated_at = ?
		WHERE id = 1 AND version = ?`, string(shipping), at.UTC(), s.Version)
	if err != nil {
		return false, fmt.Errorf("shopsettings: save: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	s.Version++
	s.UpdatedAt = at.UTC()
	return true, nil
}

// replace saves next over the settings if they are still at its version
// (a 409 otherwise), audited with the ones it replaces.
func (s *Service) replace(ctx context.Context, c auth.Caller, next *Settings) error {
	at := s.now()
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		before, err := Load(ctx, tx)
		if err != nil {
			return err
		}
		if before.Version != next.Version {
			return httpx.Errorf(httpx.CodeConflict, staleSettings)
		}
		ok, err := save(ctx, tx, next, at)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Errorf(httpx.CodeConflict, staleSettings)
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: c.UserID, Action: "settings.update", Entity: "settings",
			EntityID: "shop", Before: viewOf(before), After: viewOf(*next), At: at})
	})
}
