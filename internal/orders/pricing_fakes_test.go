package orders

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The pricing of the package's own tests, which build the service without
// the shop's settings and codes (the server's tests price with those).

// standardRates are the spec's: 10 % tax and free standard shipping.
type standardRates struct{}

func (standardRates) For(context.Context, string, string) (Tariff, error) {
	return Tariff{Tax: Tax{PrintBasisPoints: 1000, DigitalBasisPoints: 1000}, Zone: "us", ZoneName: "United States", Methods: []ShippingRate{{ID: "standard", Name: "Standard"}}}, nil
}

// noCodes accepts no discount code.
type noCodes struct{}

var errNoCodes = httpx.Invalid("Discount codes are not available.", map[string]string{"discountCode": "Not available"})

func (noCodes) Quote(context.Context, string, int64, Customer) (Discount, error) {
	return Discount{}, errNoCodes
}
func (noCodes) Redeem(context.Context, *db.Tx, string, int64, int64, Customer) (Discount, error) {
	return Discount{}, errNoCodes
}
func (noCodes) Release(context.Context, *db.Tx, int64) error { return nil }

// testPricing is the pricing of the package's tests.
var testPricing = Pricing{Rates: standardRates{}, Discounts: noCodes{}}
