package orders

import (
	"strings"
	"unicode/utf8"

	"bookshop/internal/address"
	"bookshop/internal/httpx"
	"bookshop/internal/mail"
)

// ShippingInfo is the checkout form's contact and address. The form's card
// fields are deliberately absent: card details are never decoded or stored.
type ShippingInfo struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Address  string `json:"address"`
	City     string `json:"city"`
	State    string `json:"state"`
	ZipCode  string `json:"zipCode"`
	Country  string `json:"country"`
	Notes    string `json:"notes,omitempty"`
}

// Validate applies the checkout form's rules (spec 01 §5) with its messages,
// so the server never trusts the browser's validation.
func (s *ShippingInfo) Validate() error {
	s.trim()
	fields := map[string]string{}
	minLen := func(name, value string, n int, msg string) {
		if utf8.RuneCountInString(value) < n {
			fields[name] = msg
		} else if utf8.RuneCountInString(value) > 200 {
			fields[name] = "Must be at most 200 characters"
		}
	}
	minLen("fullName", s.FullName, 2, "Name is required")
	if !mail.ValidEmail(s.Email) {
		fields["email"] = "Invalid email address"
	}
	minLen("address", s.Address, 5, "Address is required")
	f, known := address.Lookup(s.Country)
	switch {
	case utf8.RuneCountInString(s.Country) < 2:
		fields["country"] = "Country is required"
	case !known:
		fields["country"] = "Please choose a country from the list"
	case f.Country == "US": // the spec's rules, word for word
		minLen("city", s.City, 2, "City is required")
		minLen("state", s.State, 2, "State is required")
		minLen("zipCode", s.ZipCode, 5, "ZIP code is required")
	default:
		s.checkLocal(f, fields)
	}
	if utf8.RuneCountInString(s.Notes) > 2000 {
		fields["notes"] = "Must be at most 2000 characters"
	}
	if len(fields) == 0 {
		return nil
	}
	return httpx.Invalid("Please check your shipping information: "+firstMessage(fields)+".", fields)
}

// checkLocal applies a country's own address rules (internal/address):
// the fields it does not ask are dropped, those it requires must be given,
// a state or province must be one of its list, a postal code must have its
// pattern. Messages name the fields as the form labels them there.
func (s *ShippingInfo) checkLocal(f address.Format, fields map[string]string) {
	values := map[string]*string{"city": &s.City, "state": &s.State, "zipCode": &s.ZipCode}
	for _, name := range []string{"city", "state", "zipCode"} {
		v := values[name]
		field, asked := f.Field(name)
		noun := nounOf(field.Label)
		switch n := utf8.RuneCountInString(*v); {
		case !asked:
			*v = ""
		case n == 0 && field.Required, name == "city" && n == 1:
			fields[name] = strings.ToUpper(noun[:1]) + noun[1:] + " is required"
		case n > 200:
			fields[name] = "Must be at most 200 characters"
		case n == 0:
		case name == "state" && len(f.Subdivisions) > 0:
			if _, ok := f.Subdivision(*v); !ok {
				fields[name] = "Please choose " + article(noun) + " " + noun + " from the list"
			}
		case name == "zipCode" && !f.ValidZip(*v):
			fields[name] = "Please check the " + noun + " (for example " + f.ZipExample + ")"
		}
	}
}

// article is "a" or "an" before a noun: an area, a province.
func article(noun string) string {
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an"
	}
	return "a"
}

// nounOf is a label as a sentence says it: "Postal Code" is "postal
// code"; a word in capitals (ZIP, PIN) stays so.
func nounOf(label string) string {
	words := strings.Fields(label)
	for i, w := range words {
		if w != strings.ToUpper(w) {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}

func (s *ShippingInfo) trim() {
	for _, f := range []*string{&s.FullName, &s.Email, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country, &s.Notes} {
		*f = strings.TrimSpace(*f)
	}
}

// firstMessage picks the message of the first invalid field in form order,
// for the single error string the payment function returns.
func firstMessage(fields map[string]string) string {
	for _, k := range []string{"fullName", "email", "address", "city", "state", "zipCode", "country", "notes"} {
		if m, ok := fields[k]; ok {
			return m
		}
	}
	return "invalid"
}

// validateContact applies the checkout's rules for an order that ships
// nothing: the contact section alone (an e-mail, a name if given, and the
// buyer's country, which its tax follows). No address is kept.
func (s *ShippingInfo) validateContact() error {
	s.trim()
	fields := map[string]string{}
	if !mail.ValidEmail(s.Email) {
		fields["email"] = "Invalid email address"
	}
	if utf8.RuneCountInString(s.FullName) > 200 {
		fields["fullName"] = "Must be at most 200 characters"
	}
	if _, known := address.Lookup(s.Country); s.Country != "" && !known {
		fields["country"] = "Please choose a country from the list"
	}
	if len(fields) > 0 {
		return httpx.Invalid("Please check your contact information: "+firstMessage(fields)+".", fields)
	}
	*s = ShippingInfo{FullName: s.FullName, Email: s.Email, Country: s.Country}
	return nil
}

// checkoutDetails checks the checkout's form for the cart's lines: an
// address for a cart that ships (required unless an older PayPal client
// sent none), the contact alone for digital formats only, whose e-mail
// defaults to the account's.
func checkoutDetails(in *ShippingInfo, lines []Line, accountEmail string, required bool) (ShippingInfo, error) {
	if digitalOnly(lines) {
		info := ShippingInfo{Email: accountEmail}
		if in != nil {
			info = *in
			if strings.TrimSpace(info.Email) == "" {
				info.Email = accountEmail
			}
		}
		err := info.validateContact()
		return info, err
	}
	if in == nil {
		if required {
			return ShippingInfo{}, httpx.Invalid("shippingInfo is required.", map[string]string{"shippingInfo": "Required"})
		}
		return ShippingInfo{}, nil
	}
	info := *in
	err := info.Validate()
	return info, err
}
