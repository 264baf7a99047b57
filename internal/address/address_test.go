package address_test

import (
	"testing"

	"bookshop/internal/address"
	"bookshop/internal/apitest"
)

// TestFormats: each country's fields and words come from the dataset: the
// United States keep the spec's "State" and "ZIP Code", the United Kingdom
// asks no state and a postcode of its pattern, Canada a province of its
// list, and a country without postal codes none.
func TestFormats(t *testing.T) {
	labels := func(f address.Format) map[string]string {
		out := map[string]string{}
		for _, fl := range f.Fields {
			out[fl.Name] = fl.Label
			if !fl.Required {
				out[fl.Name] += " (optional)"
			}
		}
		return out
	}
	for _, c := range []struct {
		country string
		want    map[string]string
	}{
		{"US", map[string]string{"address": "Address", "city": "City", "state": "State", "zipCode": "ZIP Code"}},
		{"United Kingdom", map[string]string{"address": "Address", "city": "Post Town", "zipCode": "Postal Code"}},
		{"ca", map[string]string{"address": "Address", "city": "City", "state": "Province", "zipCode": "Postal Code"}},
		{"Ireland", map[string]string{"address": "Address", "city": "City", "state": "County (optional)", "zipCode": "Eircode (optional)"}},
		{"AE", map[string]string{"address": "Address", "state": "Emirate"}},
		{"Angola", map[string]string{"address": "Address", "city": "City"}},
	} {
		f, ok := address.Lookup(c.country)
		if !ok {
			t.Fatalf("%s: no format", c.country)
		}
		got := labels(f)
		if len(got) != len(c.want) {
			t.Errorf("%s: fields %v, want %v", c.country, got, c.want)
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s: %s is %q, want %q", c.country, k, got[k], v)
			}
		}
	}
	gb, _ := address.Lookup("GB")
	if !gb.ValidZip("ec1y 8sy") || gb.ValidZip("62701") {
		t.Error("the UK's postcode pattern is not applied")
	}
	ca, _ := address.Lookup("CA")
	if code, ok := ca.Subdivision("ontario"); !ok || code != "CA-ON" {
		t.Errorf("Ontario is %q %v, want CA-ON", code, ok)
	}
	us, _ := address.Lookup("United States")
	if code, ok := us.Subdivision("IL"); !ok || code != "US-IL" {
		t.Errorf("IL is %q %v, want US-IL", code, ok)
	}
	if _, ok := address.Lookup("Atlantis"); ok {
		t.Error("an unknown country has a format")
	}
}

// TestServeFormat: the checkout reads a country's format, cached a day.
func TestServeFormat(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "the UK", Method: "GET", URL: "/api/address-formats/GB", ExpectedStatus: 200,
			ExpectedHeaders: map[string]string{"Cache-Control": "public, max-age=86400"},
			ExpectedContent: []string{`"country":"GB"`, `"name":"United Kingdom"`, `{"name":"zipCode","label":"Postal Code","required":true}`, `"zipExample":"EC1Y 8SY"`}},
		{Name: "Canada's provinces", Method: "GET", URL: "/api/address-formats/CA", ExpectedStatus: 200,
			ExpectedContent: []string{`{"code":"ON","name":"Ontario"}`, `"label":"Province"`}},
		{Name: "unknown", Method: "GET", URL: "/api/address-formats/XX", ExpectedStatus: 404,
			ExpectedContent: []string{`We do not know the country \"XX\"`}},
	})
}
