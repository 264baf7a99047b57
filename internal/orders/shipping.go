package orders

import (
	"strings"
	"unicode/utf8"

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
	minLen("city", s.City, 2, "City is required")
	minLen("state", s.State, 2, "State is required")
	minLen("zipCode", s.ZipCode, 5, "ZIP code is required")
	minLen("country", s.Country, 2, "Country is required")
	if utf8.RuneCountInString(s.Notes) > 2000 {
		fields["notes"] = "Must be at most 2000 characters"
	}
	if len(fields) == 0 {
		return nil
	}
	return httpx.Invalid("Please check your shipping information: "+firstMessage(fields)+".", fields)
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
// nothing: the contact section alone (an e-mail, a name if given). No
// address is kept.
func (s *ShippingInfo) validateContact() error {
	s.trim()
	fields := map[string]string{}
	if !mail.ValidEmail(s.Email) {
		fields["email"] = "Invalid email address"
	}
	if utf8.RuneCountInString(s.FullName) > 200 {
		fields["fullName"] = "Must be at most 200 characters"
	}
	if len(fields) > 0 {
		return httpx.Invalid("Please check your contact information: "+firstMessage(fields)+".", fields)
	}
	*s = ShippingInfo{FullName: s.FullName, Email: s.Email}
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
