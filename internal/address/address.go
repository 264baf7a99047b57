// Package address knows how each country writes a postal address: which of
// the checkout's fields it asks (address, city, state, zipCode), which are
// required, what they are called there (county, province, postcode), the
// postal code's pattern and the first-level subdivisions. The data is
// Google's address data (libaddressinput's dataset), written into
// formats.json by web/scripts/address-formats.mjs; the checkout reads it
// from GET /api/address-formats/{country} and the server validates orders
// with the same file. The United States keep the spec's words and rules.
package address

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"bookshop/internal/httpx"
)

//go:embed formats.json
var formatsJSON []byte

// Subdivision is a state, province or county.
type Subdivision struct {
	Code string `json:"code"`          // ISO 3166-2 without the country ("IL", "ON")
	Key  string `json:"key,omitempty"` // the data's own key when it differs ("Co. Carlow")
	Name string `json:"name"`
}

// data is one country's entry of formats.json.
type data struct {
	Name         string        `json:"name"`
	Fields       []string      `json:"fields"`
	Required     []string      `json:"required"`
	CityType     string        `json:"cityType"`
	StateType    string        `json:"stateType"`
	ZipType      string        `json:"zipType"`
	ZipPattern   string        `json:"zipPattern"`
	ZipExample   string        `json:"zipExample"`
	Subdivisions []Subdivision `json:"subdivisions"`
}

// Field is one field of the address form as a country asks it.
type Field struct {
	Name     string `json:"name"`  // address, city, state or zipCode
	Label    string `json:"label"` // "Postal Code"
	Required bool   `json:"required"`
}

// Format is how one country's address is asked and checked.
type Format struct {
	Country string  `json:"country"` // ISO code
	Name    string  `json:"name"`    // English name, as the checkout lists it
	Fields  []Field `json:"fields"`  // in the form's order
	// ZipExample is a postal code of the country, for the field's hint.
	ZipExample string `json:"zipExample,omitempty"`
	// ZipPattern is the postal code's pattern (RE2, whole code, any case).
	ZipPattern   string        `json:"zipPattern,omitempty"`
	Subdivisions []Subdivision `json:"subdivisions"`
	zip          *regexp.Regexp
}

// Label words of the data's types, as libaddressinput's English messages
// say them; the type's noun in a sentence is the label in lower case.
var labels = map[string]string{
	"area": "Area", "county": "County", "department": "Department", "district": "District", "do_si": "Province",
	"emirate": "Emirate", "island": "Island", "oblast": "Oblast", "parish": "Parish", "prefecture": "Prefecture",
	"province": "Province", "state": "State",
	"city": "City", "post_town": "Post Town", "suburb": "Suburb", "village_township": "Village / Township",
	"postal": "Postal Code", "zip": "ZIP Code", "pin": "PIN Code", "eircode": "Eircode",
}

var (
	load    sync.Once
	formats map[string]Format
	byName  map[string]string
)

func all() map[string]Format {
	load.Do(func() {
		var raw map[string]data
		if err := json.Unmarshal(formatsJSON, &raw); err != nil {
			panic("address: formats.json: " + err.Error())
		}
		formats, byName = make(map[string]Format, len(raw)), make(map[string]string, len(raw)+4)
		for code, d := range raw {
			formats[code] = d.format(code)
			byName[strings.ToLower(d.Name)] = code
		}
		for _, alias := range []string{"usa", "united states of america"} {
			byName[alias] = "US"
		}
	})
	return formats
}

func (d data) format(code string) Format {
	f := Format{Country: code, Name: d.Name, ZipExample: d.ZipExample, ZipPattern: d.ZipPattern, Subdivisions: d.Subdivisions}
	if f.Subdivisions == nil {
		f.Subdivisions = []Subdivision{}
	}
	types := map[string]string{"address": "address", "city": d.CityType, "state": d.StateType, "zipCode": d.ZipType}
	for _, name := range []string{"address", "city", "state", "zipCode"} {
		if !contains(d.Fields, name) {
			continue
		}
		label := labels[types[name]]
		if name == "address" {
			label = "Address"
		}
		if label == "" {
			label = map[string]string{"city": "City", "state": "Province", "zipCode": "Postal Code"}[name]
		}
		f.Fields = append(f.Fields, Field{Name: name, Label: label, Required: contains(d.Required, name)})
	}
	if d.ZipPattern != "" {
		f.zip = regexp.MustCompile(`(?i)^(?:` + d.ZipPattern + `)$`)
	}
	return f
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// CodeOf is the ISO code of a country given as its code ("GB", "gb") or
// its English name as the checkout lists it ("United Kingdom"); false when
// it is neither.
func CodeOf(country string) (string, bool) {
	c := strings.TrimSpace(country)
	if f, ok := all()[strings.ToUpper(c)]; ok {
		return f.Country, true
	}
	code, ok := byName[strings.ToLower(c)]
	return code, ok
}

// Lookup is the format of a country given as CodeOf takes it.
func Lookup(country string) (Format, bool) {
	code, ok := CodeOf(country)
	if !ok {
		return Format{}, false
	}
	return all()[code], true
}

// Field is the form's field of the name, or false when the country does not
// ask it.
func (f Format) Field(name string) (Field, bool) {
	for _, fl := range f.Fields {
		if fl.Name == name {
			return fl, true
		}
	}
	return Field{}, false
}

// Subdivision is the ISO 3166-2 code ("US-IL") of a state, province or
// county given as its code, key or name; false when the country has none
// of that name.
func (f Format) Subdivision(value string) (string, bool) {
	v := strings.TrimSpace(value)
	for _, s := range f.Subdivisions {
		if strings.EqualFold(v, s.Code) || strings.EqualFold(v, s.Key) || strings.EqualFold(v, s.Name) {
			return f.Country + "-" + s.Code, true
		}
	}
	return "", false
}

// ValidZip tells whether a postal code has the country's pattern (any code
// when the data has none).
func (f Format) ValidZip(zip string) bool {
	return f.zip == nil || f.zip.MatchString(strings.TrimSpace(zip))
}

// Serve serves GET /api/address-formats/{country}: the country's format,
// which changes only with a release, so browsers and CDNs keep it a day.
func Serve(w http.ResponseWriter, r *http.Request) error {
	f, ok := Lookup(r.PathValue("country"))
	if !ok {
		return httpx.Errorf(httpx.CodeNotFound, "We do not know the country %q: give its two-letter code, e.g. GB.", r.PathValue("country"))
	}
	return httpx.ServeCachedJSON(w, r, "public, max-age=86400", f)
}
