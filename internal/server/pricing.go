package server

import (
	"context"

	"bookshop/internal/db"
	"bookshop/internal/discounts"
	"bookshop/internal/orders"
	"bookshop/internal/shopsettings"
)

// shippingAnswer is the response the pages that state or charge shipping
// are rendered from (/shipping, the FAQ, the cart, the checkout): the shipping
// settings as visitors see them. A save changes the response, so the pages
// rendered from it are rendered anew.
const shippingAnswer = "/api/shipping"

// orderRates lets orders price with the shop's settings, read fresh for
// each payment, without importing them.
type orderRates struct{ settings *shopsettings.Service }

func (r orderRates) For(ctx context.Context, country, state string) (orders.Tariff, error) {
	s, err := r.settings.Fresh(ctx)
	if err != nil {
		return orders.Tariff{}, err
	}
	z := s.ZoneOf(country)
	rates, place := s.Tax(country, state)
	t := orders.Tariff{Tax: orders.Tax{PrintBasisPoints: int64(rates.Print), DigitalBasisPoints: int64(rates.Digital), Place: place}, Zone: z.ID, ZoneName: z.Name}
	for _, m := range z.Offered() {
		t.Methods = append(t.Methods, orders.ShippingRate{ID: m.ID, Name: m.Name, PriceCents: *m.PriceCents, FreeOverCents: m.FreeOverCents})
	}
	return t, nil
}

// orderDiscounts lets orders quote and use discount codes.
type orderDiscounts struct{ codes *discounts.Service }

func (d orderDiscounts) Quote(ctx context.Context, code string, subtotalCents int64, c orders.Customer) (orders.Discount, error) {
	found, off, err := d.codes.Quote(ctx, code, subtotalCents, discounts.Customer(c))
	return orders.Discount{Code: found.Code, AmountCents: off}, err
}

func (d orderDiscounts) Redeem(ctx context.Context, tx *db.Tx, code string, subtotalCents, orderID int64, c orders.Customer) (orders.Discount, error) {
	found, off, err := d.codes.Redeem(ctx, tx, code, subtotalCents, orderID, discounts.Customer(c))
	return orders.Discount{Code: found.Code, AmountCents: off}, err
}

func (d orderDiscounts) Release(ctx context.Context, tx *db.Tx, orderID int64) error {
	return d.codes.Release(ctx, tx, orderID)
}
