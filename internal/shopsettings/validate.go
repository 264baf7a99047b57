package shopsettings

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"bookshop/internal/httpx"
)

const invalidSettings = "Please correct the highlighted fields."

// Limits of the settings' values.
const (
	maxTaxBasisPoints = 3000        // 30 %
	maxPriceCents     = 100_000     // $1,000 for shipping one order
	maxFreeOverCents  = 100_000_000 // $1,000,000
	maxText           = 60
)

// input is PUT /api/admin/settings's body.
type input struct {
	Version        *json.Number `json:"version"`
	TaxRatePercent *json.Number `json:"taxRatePercent"`
	Zones          []zoneInput  `json:"zones"`
}

type zoneInput struct {
	ID      string        `json:"id"`
	Name    string        `json:"name"`
	Methods []methodInput `json:"methods"`
}

type methodInput struct {
	ID            string       `json:"id"`
	Name          string       `json:"name"`
	DeliveryTime  string       `json:"deliveryTime"`
	PriceCents    *json.Number `json:"priceCents"`
	FreeOverCents *json.Number `json:"freeOverCents"`
	Enabled       bool         `json:"enabled"`
}

// settings checks the input whole and makes the settings it names. Each
// problem is reported on its field, named as the form names it:
// "zones.us.express.priceCents".
func (in input) settings() (Settings, error) {
	fields := map[string]string{}
	var s Settings
	switch v, err := wholeNumber(in.Version); {
	case in.Version == nil:
		fields["version"] = "Required: the version you opened, so a newer save is not overwritten."
	case err != nil || v < 1:
		fields["version"] = "The version must be a whole number from 1."
	default:
		s.Version = v
	}
	if bp, ok := basisPoints(in.TaxRatePercent); ok {
		s.TaxRateBasisPoints = bp
	} else {
		fields["taxRatePercent"] = "A percentage from 0 to 30, with at most two decimals (10 or 8.25)."
	}
	if len(in.Zones) != len(zoneIDs) {
		fields["zones"] = "Give both zones: " + strings.Join(zoneIDs, " and ") + "."
	}
	for i, id := range zoneIDs {
		if i >= len(in.Zones) {
			break
		}
		z, ok := in.Zones[i].zone(id, fields)
		if ok {
			s.Zones = append(s.Zones, z)
		}
	}
	if len(fields) > 0 {
		return Settings{}, httpx.Invalid(invalidSettings, fields)
	}
	return s, nil
}

func (in zoneInput) zone(id string, fields map[string]string) (Zone, bool) {
	at := "zones." + id
	if in.ID != id {
		fields[at] = fmt.Sprintf("Zones come in this order: %s; found %q here.", strings.Join(zoneIDs, ", "), in.ID)
		return Zone{}, false
	}
	z := Zone{ID: id, Name: text(in.Name, at+".name", fields)}
	if len(in.Methods) != len(methodIDs) {
		fields[at+".methods"] = "Give the three methods: " + strings.Join(methodIDs, ", ") + "."
		return Zone{}, false
	}
	enabled := 0
	for i, mid := range methodIDs {
		m, ok := in.Methods[i].method(mid, at+"."+mid, fields)
		if !ok {
			continue
		}
		if m.Enabled {
			enabled++
		}
		z.Methods = append(z.Methods, m)
	}
	if enabled == 0 {
		fields[at+".methods"] = "Offer at least one method, or buyers in this zone cannot check out."
	}
	return z, true
}

// method checks one method. A method offered needs its delivery time and
// price; one not offered may leave them empty (null), so the shop never has
// to invent figures for a way of shipping it does not sell.
func (in methodInput) method(id, at string, fields map[string]string) (Method, bool) {
	if in.ID != id {
		fields[at] = fmt.Sprintf("Methods come in this order: %s; found %q here.", strings.Join(methodIDs, ", "), in.ID)
		return Method{}, false
	}
	m := Method{ID: id, Enabled: in.Enabled, Name: text(in.Name, at+".name", fields), DeliveryTime: strings.TrimSpace(in.DeliveryTime)}
	if in.Enabled || m.DeliveryTime != "" {
		m.DeliveryTime = text(in.DeliveryTime, at+".deliveryTime", fields)
	}
	switch {
	case in.PriceCents == nil && in.Enabled:
		fields[at+".priceCents"] = "Give the price to offer this method."
	case in.PriceCents != nil:
		price, err := wholeNumber(in.PriceCents)
		if err != nil || price < 0 || price > maxPriceCents {
			fields[at+".priceCents"] = "A price in cents from 0 to 100000 ($1,000)."
		}
		m.PriceCents = &price
	}
	if in.FreeOverCents != nil {
		over, err := wholeNumber(in.FreeOverCents)
		if err != nil || over < 0 || over > maxFreeOverCents {
			fields[at+".freeOverCents"] = "A subtotal in cents from 0, or empty for never free."
		}
		m.FreeOverCents = &over
	}
	return m, true
}

func text(s, at string, fields map[string]string) string {
	s = strings.TrimSpace(s)
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		fields[at] = "Required."
	case n > maxText:
		fields[at] = fmt.Sprintf("At most %d characters.", maxText)
	}
	return s
}

// wholeNumber reads a whole number (2 and 2.0 alike).
func wholeNumber(n *json.Number) (int64, error) {
	if n == nil || *n == "" {
		return 0, strconv.ErrSyntax
	}
	r, ok := new(big.Rat).SetString(string(*n))
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return 0, strconv.ErrSyntax
	}
	return r.Num().Int64(), nil
}

// basisPoints reads a percentage of at most two decimals from 0 to 30.
func basisPoints(n *json.Number) (int64, bool) {
	if n == nil {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(string(*n))
	if !ok {
		return 0, false
	}
	r.Mul(r, big.NewRat(100, 1))
	if !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	bp := r.Num().Int64()
	return bp, bp >= 0 && bp <= maxTaxBasisPoints
}
