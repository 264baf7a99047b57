package shopsettings

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"bookshop/internal/address"
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

// Limits of the zones.
const (
	maxZones   = 30
	maxRegions = 60
)

var zoneID = regexp.MustCompile(`^[a-z][a-z0-9-]{0,29}$`)

// input is PUT /api/admin/settings's body.
type input struct {
	Version *json.Number `json:"version"`
	Zones   []zoneInput  `json:"zones"`
}

type zoneInput struct {
	ID        string        `json:"id"`
	Name      string        `json:"name"`
	Countries []string      `json:"countries"`
	Tax       ratesInput    `json:"tax"`
	Regions   []regionInput `json:"regions"`
	Methods   []methodInput `json:"methods"`
}

type ratesInput struct {
	Print   *json.Number `json:"print"`
	Digital *json.Number `json:"digital"`
}

type regionInput struct {
	Code    string       `json:"code"`
	Print   *json.Number `json:"print"`
	Digital *json.Number `json:"digital"`
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
// "zones.us.express.priceCents", "zones.uk.countries".
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
	n := len(in.Zones)
	switch {
	case n < 2 || in.Zones[0].ID != ZoneUS || in.Zones[n-1].ID != ZoneInternational:
		fields["zones"] = "The zones start with the United States (us) and end with everywhere else (intl)."
	case n > maxZones:
		fields["zones"] = fmt.Sprintf("At most %d zones.", maxZones)
	}
	ids, owner := map[string]bool{}, map[string]string{} // zone ids seen; each country's zone
	for i, zin := range in.Zones {
		at := "zones." + zin.ID
		switch {
		case !zoneID.MatchString(zin.ID):
			fields[fmt.Sprintf("zones.%d", i)] = "A zone's id is lower-case letters, digits and dashes, starting with a letter (uk, eu)."
			continue
		case ids[zin.ID]:
			fields[at] = "Two zones have this id."
			continue
		}
		ids[zin.ID] = true
		z, ok := zin.zone(at, i == n-1, owner, fields)
		if ok {
			s.Zones = append(s.Zones, z)
		}
	}
	if len(fields) > 0 {
		return Settings{}, httpx.Invalid(invalidSettings, fields)
	}
	return s, nil
}

// zone checks one zone: its name, countries (none for everywhere else,
// the last; each country in one zone only), rates and methods.
func (in zoneInput) zone(at string, last bool, owner map[string]string, fields map[string]string) (Zone, bool) {
	z := Zone{ID: in.ID, Name: text(in.Name, at+".name", fields), Countries: []string{}, Regions: []RegionTax{}}
	switch {
	case last && len(in.Countries) > 0:
		fields[at+".countries"] = "Everywhere else covers the countries no other zone lists: leave its countries empty."
	case !last && len(in.Countries) == 0:
		fields[at+".countries"] = "Give at least one country."
	}
	for _, c := range in.Countries {
		code, known := address.CodeOf(c)
		switch {
		case !known || len(strings.TrimSpace(c)) != 2:
			fields[at+".countries"] = fmt.Sprintf("%q is not a country code: give two-letter ISO codes (GB, FR).", c)
		case owner[code] != "":
			fields[at+".countries"] = fmt.Sprintf("%s is already in the zone %s.", code, owner[code])
		default:
			owner[code] = z.ID
			z.Countries = append(z.Countries, code)
		}
	}
	z.Tax = rates(in.Tax.Print, in.Tax.Digital, at+".tax", fields)
	if len(in.Regions) > maxRegions {
		fields[at+".regions"] = fmt.Sprintf("At most %d states or provinces.", maxRegions)
	}
	for i, rin := range in.Regions {
		rat := fmt.Sprintf("%s.regions.%d", at, i)
		code := strings.ToUpper(strings.TrimSpace(rin.Code))
		country, _, _ := strings.Cut(code, "-")
		f, known := address.Lookup(country)
		if _, ok := f.Subdivision(strings.TrimPrefix(code, country+"-")); !known || !ok || !slices.Contains(z.Countries, country) || len(country) != 2 {
			fields[rat+".code"] = "A state or province of this zone's countries, as its ISO code (US-IL, CA-ON)."
		} else if slices.ContainsFunc(z.Regions, func(r RegionTax) bool { return r.Code == code }) {
			fields[rat+".code"] = "This state or province is named twice."
		}
		z.Regions = append(z.Regions, RegionTax{Code: code, TaxRates: rates(rin.Print, rin.Digital, rat, fields)})
	}
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

// rates reads a place's print and digital rates, percentages.
func rates(print, digital *json.Number, at string, fields map[string]string) TaxRates {
	var out TaxRates
	for _, r := range []struct {
		n     *json.Number
		into  *Rate
		class string
	}{{print, &out.Print, ClassPrint}, {digital, &out.Digital, ClassDigital}} {
		bp, ok := basisPoints(r.n)
		if !ok {
			fields[at+"."+r.class] = "A percentage from 0 to 30, with at most two decimals (10 or 8.25)."
		}
		*r.into = Rate(bp)
	}
	return out
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
