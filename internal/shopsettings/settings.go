// Package shopsettings holds the settings the shop prices orders with: the
// tax rate and the shipping zones with their methods, prices, delivery
// times and free-over thresholds. The back office edits them
// (/admin/settings); the checkout, the payment function, /shipping and the
// FAQ all read them, so the site says one thing everywhere.
package shopsettings

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"bookshop/internal/db"
)

// The zones: the United States, and everywhere else.
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

var (
	zoneIDs   = []string{ZoneUS, ZoneInternational}
	methodIDs = []string{MethodStandard, MethodExpedited, MethodExpress}
)

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

// Zone is a group of countries with its methods.
type Zone struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Methods []Method `json:"methods"`
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
	Version int64 `json:"version"`
	// TaxRateBasisPoints is the tax on the subtotal: 1000 is 10 %.
	TaxRateBasisPoints int64     `json:"-"`
	Zones              []Zone    `json:"zones"`
	UpdatedAt          time.Time `json:"updatedAt"`
}

// TaxRatePercent is the tax rate as a percentage (10, 8.25).
func (s Settings) TaxRatePercent() json.Number {
	whole, frac := s.TaxRateBasisPoints/100, s.TaxRateBasisPoints%100
	if frac == 0 {
		return json.Number(fmt.Sprint(whole))
	}
	return json.Number(strings.TrimRight(fmt.Sprintf("%d.%02d", whole, frac), "0"))
}

// TaxCents is the tax on subtotalCents, rounded half-up to the cent.
func (s Settings) TaxCents(subtotalCents int64) int64 {
	return (subtotalCents*s.TaxRateBasisPoints + 5000) / 10000
}

// ZoneOf is the zone of a country, given as its ISO code ("US", "GB") or
// its English name as the checkout's form sends it ("United States").
func (s Settings) ZoneOf(country string) Zone {
	id := ZoneInternational
	switch strings.ToLower(strings.TrimSpace(country)) {
	case "us", "usa", "united states", "united states of america":
		id = ZoneUS
	}
	for _, z := range s.Zones {
		if z.ID == id {
			return z
		}
	}
	return Zone{ID: id}
}

// Load reads the settings.
func Load(ctx context.Context, q db.Querier) (Settings, error) {
	var s Settings
	var shipping string
	err := q.QueryRowContext(ctx, `SELECT tax_rate_bp, shipping, version, updated_at FROM shop_settings WHERE id = 1`).
		Scan(&s.TaxRateBasisPoints, &shipping, &s.Version, &s.UpdatedAt)
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
	res, err := tx.ExecContext(ctx, `UPDATE shop_settings SET tax_rate_bp = ?, shipping = ?, version = version + 1, updated_at = ?
		WHERE id = 1 AND version = ?`, s.TaxRateBasisPoints, string(shipping), at.UTC(), s.Version)
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
