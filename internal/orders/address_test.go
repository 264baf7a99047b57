package orders_test

import (
	"errors"
	"testing"

	"bookshop/internal/httpx"

	"bookshop/internal/orders"
)

// TestAddressRulesFollowTheCountry: the server checks an address with the
// destination's own rules and words (internal/address), and the United
// States with the spec's.
func TestAddressRulesFollowTheCountry(t *testing.T) {
	base := orders.ShippingInfo{FullName: "Alice Reader", Email: "alice@example.com", Address: "12 Story Lane"}
	with := func(city, state, zip, country string) orders.ShippingInfo {
		s := base
		s.City, s.State, s.ZipCode, s.Country = city, state, zip, country
		return s
	}
	for _, c := range []struct {
		name   string
		in     orders.ShippingInfo
		fields map[string]string
		state  string // the state kept, when valid
		zip    string
	}{
		{"the US as the spec says", with("Springfield", "IL", "62701", "United States"), nil, "IL", "62701"},
		{"the US: a short state and ZIP", with("Springfield", "I", "627", "United States"),
			map[string]string{"state": "State is required", "zipCode": "ZIP code is required"}, "", ""},
		{"the US: any state of two letters, as the spec says", with("Springfield", "Zz", "12345", "US"), nil, "Zz", "12345"},
		{"the UK: a postcode, no state", with("London", "IL", "EC1Y 8SY", "United Kingdom"), nil, "", "EC1Y 8SY"},
		{"the UK: a US ZIP is not a postcode", with("London", "", "62701", "United Kingdom"),
			map[string]string{"zipCode": "Please check the postal code (for example EC1Y 8SY)"}, "", ""},
		{"the UK: the post town is required", with("", "", "EC1Y 8SY", "United Kingdom"),
			map[string]string{"city": "Post town is required"}, "", ""},
		{"Canada: a province of its list", with("Toronto", "Ontario", "M5V 2T6", "Canada"), nil, "Ontario", "M5V 2T6"},
		{"Canada: the province is required", with("Toronto", "", "M5V 2T6", "Canada"),
			map[string]string{"state": "Province is required"}, "", ""},
		{"Canada: an unknown province", with("Toronto", "Texas", "M5V 2T6", "Canada"),
			map[string]string{"state": "Please choose a province from the list"}, "", ""},
		{"Angola has no postal codes: none is kept", with("Luanda", "", "12345", "Angola"), nil, "", ""},
		{"Ireland: county and Eircode are optional", with("Dublin", "", "", "Ireland"), nil, "", ""},
		{"an unknown country", with("Atlantis", "", "", "Atlantis"), map[string]string{"country": "Please choose a country from the list"}, "", ""},
		{"no country", with("Springfield", "IL", "62701", ""), map[string]string{"country": "Country is required"}, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := c.in
			err := in.Validate()
			if c.fields == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if in.State != c.state || in.ZipCode != c.zip {
					t.Errorf("kept state %q zip %q, want %q %q", in.State, in.ZipCode, c.state, c.zip)
				}
				return
			}
			fields := fieldsOf(t, err)
			for k, want := range c.fields {
				if fields[k] != want {
					t.Errorf("%s: %q, want %q (all: %v)", k, fields[k], want, fields)
				}
			}
			if len(fields) != len(c.fields) {
				t.Errorf("fields %v, want %v", fields, c.fields)
			}
		})
	}
}

func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) {
		t.Fatalf("not a field error: %v", err)
	}
	return e.Fields
}
