package orders

// Tax is what an order's tax was taken at: the rates of its destination by
// tax class (print books, digital formats) and the place they are of. An
// order keeps them, so its history never changes when the rates do.
type Tax struct {
	PrintBasisPoints   int64  // 1000 is 10 %
	DigitalBasisPoints int64  // the digital formats' rate
	Place              string // "Illinois, United States"; "" for orders from before
}

// rateOf is the rate of a line's tax class.
func (t Tax) rateOf(l Line) int64 {
	if l.IsDigital() {
		return t.DigitalBasisPoints
	}
	return t.PrintBasisPoints
}

// oneRate tells whether every line of the order is taxed at the same rate,
// as every order was before tax classes.
func (t Tax) oneRate(lines []Line) bool {
	for _, l := range lines {
		if t.rateOf(l) != t.rateOf(lines[0]) {
			return false
		}
	}
	return true
}

// halfUp is amount × rate rounded half-up to the cent.
func halfUp(cents, basisPoints int64) int64 { return (cents*basisPoints + 5000) / 10000 }

// classSplit is what the lines of each class were paid for the books
// after the discount, and their tax: the discount shared between the
// classes by largest remainder, each class's tax on what is left of it.
// One rate taxes the whole at once, as before tax classes.
func (t Tax) classSplit(lines []Line, discountCents int64) (print, digital, printTax, digitalTax int64) {
	var printSub, digitalSub int64
	for _, l := range lines {
		if l.IsDigital() {
			digitalSub += l.LineTotalCents
		} else {
			printSub += l.LineTotalCents
		}
	}
	off := allocate(discountCents, []int64{printSub, digitalSub})
	print, digital = printSub-off[0], digitalSub-off[1]
	return print, digital, halfUp(print, t.PrintBasisPoints), halfUp(digital, t.DigitalBasisPoints)
}

// TaxCents is the tax on the lines after the discount: each class at its
// rate, rounded half-up to the cent; one rate on the whole when the lines
// share it (so a US order is taxed exactly as before).
func (t Tax) TaxCents(lines []Line, discountCents int64) int64 {
	if len(lines) == 0 {
		return 0
	}
	if t.oneRate(lines) {
		return halfUp(subtotalOf(lines)-discountCents, t.rateOf(lines[0]))
	}
	_, _, pt, dt := t.classSplit(lines, discountCents)
	return pt + dt
}

// Label is the rate as the checkout, the e-mail and the desk show it:
// "10%", or "0% print, 20% digital" when the order's classes differ.
func (t Tax) Label(lines []Line) string {
	hasPrint, hasDigital := false, false
	for _, l := range lines {
		hasPrint, hasDigital = hasPrint || !l.IsDigital(), hasDigital || l.IsDigital()
	}
	return t.label(hasPrint, hasDigital)
}

func (t Tax) label(hasPrint, hasDigital bool) string {
	switch {
	case hasDigital && !hasPrint:
		return percent(t.DigitalBasisPoints)
	case hasDigital && t.DigitalBasisPoints != t.PrintBasisPoints:
		return percent(t.PrintBasisPoints) + " print, " + percent(t.DigitalBasisPoints) + " digital"
	}
	return percent(t.PrintBasisPoints)
}

// paidShares is what the buyer paid for each line, its share of the
// discount taken and its tax added, in cents that add up to the order's
// total less shipping exactly: with one rate, that amount shared out by
// the lines' totals (largest remainder); with two, each class's amount
// shared out among its lines, the digital class's taken as it was priced
// and the print class's as what is left, so no cent is lost or made.
func paidShares(o Order) []int64 {
	weights := make([]int64, len(o.Lines))
	for i, l := range o.Lines {
		weights[i] = l.LineTotalCents
	}
	paid := o.TotalCents - o.ShippingCents
	if len(o.Lines) == 0 || o.Tax.oneRate(o.Lines) {
		return allocate(paid, weights)
	}
	_, digital, _, digitalTax := o.Tax.classSplit(o.Lines, o.DiscountCents)
	printW, digitalW := make([]int64, len(weights)), make([]int64, len(weights))
	for i, l := range o.Lines {
		if l.IsDigital() {
			digitalW[i] = weights[i]
		} else {
			printW[i] = weights[i]
		}
	}
	printShares := allocate(paid-(digital+digitalTax), printW)
	digitalShares := allocate(digital+digitalTax, digitalW)
	for i := range printShares {
		printShares[i] += digitalShares[i]
	}
	return printShares
}

// lineTaxes is each line's part of the order's tax, for PayPal's items:
// each class's tax shared out among its lines by largest remainder.
func lineTaxes(o Order) []int64 {
	out := make([]int64, len(o.Lines))
	if len(o.Lines) == 0 {
		return out
	}
	weights := func(digital bool) []int64 {
		w := make([]int64, len(o.Lines))
		for i, l := range o.Lines {
			if l.IsDigital() == digital || o.Tax.oneRate(o.Lines) {
				w[i] = l.LineTotalCents
			}
		}
		return w
	}
	if o.Tax.oneRate(o.Lines) {
		return allocate(o.TaxCents, weights(false))
	}
	_, _, _, digitalTax := o.Tax.classSplit(o.Lines, o.DiscountCents)
	p, d := allocate(o.TaxCents-digitalTax, weights(false)), allocate(digitalTax, weights(true))
	for i := range out {
		out[i] = p[i] + d[i]
	}
	return out
}
