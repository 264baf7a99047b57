package orders

import (
	"testing"

	"bookshop/internal/formats"
)

// TestTaxByClass: the pricing table of tax by destination. A cart's tax is
// each class's rate on what is left of it after the discount (shared
// between the classes by largest remainder), rounded half-up; one rate on
// the whole where the lines share it, as before tax classes.
func TestTaxByClass(t *testing.T) {
	print1 := Line{BookID: 1, Format: formats.Print, UnitPriceCents: 1499, Quantity: 2, LineTotalCents: 2998}
	print2 := Line{BookID: 2, Format: formats.Print, UnitPriceCents: 1999, Quantity: 1, LineTotalCents: 1999}
	ebook := Line{BookID: 3, Format: "ebook", UnitPriceCents: 499, Quantity: 1, LineTotalCents: 499}
	interactive := Line{BookID: 4, Format: "interactive", UnitPriceCents: 699, Quantity: 1, LineTotalCents: 699}
	rates := func(print, digital int64) Tax { return Tax{PrintBasisPoints: print, DigitalBasisPoints: digital} }
	for _, c := range []struct {
		name     string
		tax      Tax
		lines    []Line
		discount int64
		want     int64
		label    string
	}{
		{"the US at 10 %, as before", rates(1000, 1000), []Line{print1, print2}, 0, 500, "10%"},             // 49.97 → 4.997
		{"the US, a discount taken before tax", rates(1000, 1000), []Line{print1, print2}, 999, 400, "10%"}, // 39.98 → 3.998
		{"Illinois at 6.25 %", rates(625, 625), []Line{print1}, 0, 187, "6.25%"},                            // 29.98 → 1.87375
		{"the UK: print at 0 %", rates(0, 2000), []Line{print1, print2}, 0, 0, "0%"},
		{"the UK: an e-book at 20 %", rates(0, 2000), []Line{ebook}, 0, 100, "20%"}, // 4.99 → 0.998
		{"the UK: a mixed cart taxes only its e-book", rates(0, 2000), []Line{print1, ebook}, 0, 100, "0% print, 20% digital"},
		{"the UK: a mixed cart's discount is shared by the classes", rates(0, 2000), []Line{print1, ebook}, 700, 80, "0% print, 20% digital"}, // the e-book takes 100 of the 700 off: 399 → 79.8
		{"the EU: print 5.5 %, digital 20 %", rates(550, 2000), []Line{print2, interactive}, 0, 250, "5.5% print, 20% digital"},               // 109.945→110, 139.8→140
		{"Canada: Ontario's 13 % on both", rates(1300, 1300), []Line{print2, interactive}, 0, 351, "13%"},                                     // 26.98 → 3.5074
		{"everywhere else: nothing", rates(0, 0), []Line{print1, interactive}, 0, 0, "0%"},
		{"digital only at its rate", rates(500, 2000), []Line{interactive}, 0, 140, "20%"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.tax.TaxCents(c.lines, c.discount); got != c.want {
				t.Errorf("tax %d, want %d", got, c.want)
			}
			if got := c.tax.Label(c.lines); got != c.label {
				t.Errorf("label %q, want %q", got, c.label)
			}
		})
	}
}

// TestRefundingEveryCopyGivesBackTheTotal: refunding the lines copy by copy
// gives back exactly what was paid for the books, tax included, whatever
// the rates of the classes; and a line gives back its own tax.
func TestRefundingEveryCopyGivesBackTheTotal(t *testing.T) {
	lines := []Line{
		{BookID: 1, Format: formats.Print, UnitPriceCents: 1499, Quantity: 3, LineTotalCents: 4497},
		{BookID: 2, Format: formats.Print, UnitPriceCents: 999, Quantity: 1, LineTotalCents: 999},
		{BookID: 3, Format: "ebook", UnitPriceCents: 499, Quantity: 1, LineTotalCents: 499},
		{BookID: 4, Format: "interactive", UnitPriceCents: 699, Quantity: 1, LineTotalCents: 699},
	}
	for _, tax := range []Tax{{PrintBasisPoints: 1000, DigitalBasisPoints: 1000}, {PrintBasisPoints: 0, DigitalBasisPoints: 2000},
		{PrintBasisPoints: 550, DigitalBasisPoints: 2000}, {PrintBasisPoints: 833, DigitalBasisPoints: 1}} {
		for _, discount := range []int64{0, 1, 333, 999, 6694} {
			o := Order{Cart: Cart{Lines: lines, SubtotalCents: subtotalOf(lines), DiscountCents: discount, ShippingCents: 1299, Tax: tax}}
			o.TaxCents = tax.TaxCents(lines, discount)
			o.TotalCents = o.SubtotalCents - discount + o.TaxCents + o.ShippingCents
			before, sum := map[int]int{}, int64(0)
			for pos, l := range lines {
				for range l.Quantity {
					sum += linesAmount(o, []refundLine{{Position: pos + 1, Quantity: 1}}, before)
					before[pos+1]++
				}
			}
			if sum != o.TotalCents-o.ShippingCents {
				t.Errorf("rates %+v, discount %d: copies refunded %d, paid %d", tax, discount, sum, o.TotalCents-o.ShippingCents)
			}
			var taxes int64
			for _, v := range lineTaxes(o) {
				taxes += v
			}
			if taxes != o.TaxCents {
				t.Errorf("rates %+v, discount %d: the lines' tax %d, the order's %d", tax, discount, taxes, o.TaxCents)
			}
		}
	}
	// The UK's 0 % print, 20 % digital: the e-book gives back its 20 %.
	o := Order{Cart: Cart{Lines: lines[1:3], SubtotalCents: 1498, Tax: Tax{DigitalBasisPoints: 2000}}}
	o.TaxCents = o.Tax.TaxCents(o.Lines, 0)
	o.TotalCents = 1498 + o.TaxCents
	if got := linesAmount(o, []refundLine{{Position: 2, Quantity: 1}}, nil); got != 599 {
		t.Errorf("the e-book refunds %d, want 599 (4.99 and its 1.00 tax)", got)
	}
	if got := linesAmount(o, []refundLine{{Position: 1, Quantity: 1}}, nil); got != 999 {
		t.Errorf("the printed book refunds %d, want 999 (no tax)", got)
	}
}
