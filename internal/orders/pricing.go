package orders

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/formats"
	"bookshop/internal/httpx"
	"bookshop/internal/paypal"
)

// Limits of one cart: generous for a family, small enough to bound the work.
const (
	maxLines    = 50
	maxQuantity = 99
)

// ItemInput is one cart line as the browser sends it: the book id, and the
// name and unit price it showed, which are checked against the catalogue.
type ItemInput struct {
	ID        BookID      `json:"id"`
	Format    string      `json:"format"` // "" is print: older carts knew no other`
	Name      string      `json:"name"`
	Quantity  json.Number `json:"quantity"`
	UnitPrice json.Number `json:"unitPrice"`
}

// BookID accepts a book id sent as a number (3) or a string ("3").
type BookID int

func (b *BookID) UnmarshalJSON(data []byte) error {
	s := string(bytes.Trim(data, `"`))
	n, err := strconv.Atoi(s)
	if err != nil {
		return httpx.Invalid("Each item needs the numeric id of its book.", map[string]string{"items": "Invalid book id"})
	}
	*b = BookID(n)
	return nil
}

// PricedBook is what pricing needs to know of a book.
type PricedBook struct {
	ID         int
	Title      string
	PriceCents int64
	OnSale     bool // published: a draft or archived book is refused
	// Formats are the prices of the formats on sale now, by format.
	Formats map[string]int64
	// ReleaseDate is the publication date (YYYY-MM-DD) of a book taking
	// pre-orders, "" for a book that is out.
	ReleaseDate string
}

// Catalog finds the books a cart names and takes their copies. The server
// adapts the catalogue feature to it, so this package does not reach into
// another feature.
type Catalog interface {
	// PricedBook is the book with the id in any status, or false.
	PricedBook(id int) (PricedBook, bool)
	// TakeCopies takes the lines' copies of books whose stock is tracked,
	// in the transaction that records the order; a shortage (not on sale,
	// too few left) takes nothing and is returned. changed tells that a
	// stock went down.
	TakeCopies(ctx context.Context, tx *db.Tx, lines []Line) (changed bool, short *Shortage, err error)
	// ReturnCopies gives back the copies of an order that will not be paid.
	ReturnCopies(ctx context.Context, tx *db.Tx, lines []Line) (changed bool, err error)
	// StockChanged is told after a transaction that changed stock committed.
	StockChanged(ctx context.Context)
}

// Shortage is why an order could not take a book's copies.
type Shortage struct {
	BookID int
	Title  string
	OnSale bool // false: the book is no longer sold
	Left   int  // copies left, fewer than the order asked for
}

// codeOutOfStock is the payment function's code for a 409 conflict of
// stock: too few printed copies of a book are left. The answer names the
// book and the copies left (StockLeft), so the cart can correct itself and
// say so in the words of stock, not of a payment. (Elsewhere it stays a
// plain conflict.)
const codeOutOfStock = "out_of_stock"

// StockLeft is what a stock refusal says of the book: its id and the
// printed copies left (0: sold out).
type StockLeft struct {
	BookID int `json:"bookId"`
	Left   int `json:"left"`
}

// stockRefusal is an order refused for want of copies.
type stockRefusal struct {
	err   *httpx.Error
	stock StockLeft
}

func (e *stockRefusal) Error() string { return e.err.Error() }
func (e *stockRefusal) Unwrap() error { return e.err }

// refusal is the buyer's message for a shortage, on the cart's items.
func (s Shortage) refusal() error {
	msg := "Sorry, only " + strconv.Itoa(s.Left) + " left of " + s.Title + "."
	switch {
	case !s.OnSale:
		return notOnSale(s.Title)
	case s.Left == 0:
		msg = "Sorry, " + s.Title + " is out of stock."
	}
	return &stockRefusal{err: &httpx.Error{Code: httpx.CodeConflict, Message: msg, Fields: map[string]string{"items": msg}},
		stock: StockLeft{BookID: s.BookID, Left: s.Left}}
}

func notOnSale(title string) error {
	msg := title + " is no longer available."
	if title == "" {
		msg = "A book in your cart is no longer available."
	}
	return &httpx.Error{Code: httpx.CodeConflict, Message: msg + " Please remove it from your cart.", Fields: map[string]string{"items": msg}}
}

// Line is a priced cart line: a snapshot of the book at purchase time.
type Line struct {
	BookID         int
	Format         string // print, interactive, ebook, audiobook or printable
	Title          string
	UnitPriceCents int64
	Quantity       int
	LineTotalCents int64
	// ReleaseDate is the day a pre-ordered book comes out (YYYY-MM-DD), ""
	// for a book that was out: the order waits for its lines' last one.
	ReleaseDate string
}

// Cart is a cart priced by the server: its books, the discount taken off
// their subtotal, the shipping method and its price, and the tax on the
// subtotal after the discount.
type Cart struct {
	Lines          []Line
	SubtotalCents  int64
	DiscountCode   string // "" when none
	DiscountCents  int64
	ShippingMethod string // a method id of the shipping settings ("standard")
	ShippingCents  int64
	TaxCents       int64
	Tax            Tax // the rates TaxCents was taken at, and their place
	TotalCents     int64
}

// PriceCart prices items from the catalogue. The browser's names and unit
// prices must match the catalogue, and amount (when given) must equal the
// server's total: a mismatch means a stale or tampered cart and is refused
// with a message the buyer can act on.
func PriceCart(cat Catalog, items []ItemInput, amount json.Number, amountRequired bool) (Cart, error) {
	c, err := priceBooks(cat, items)
	if err != nil {
		return Cart{}, err
	}
	c.TaxCents, c.Tax = TaxCents(c.SubtotalCents), Tax{PrintBasisPoints: 1000, DigitalBasisPoints: 1000}
	c.TotalCents = c.SubtotalCents + c.TaxCents + c.ShippingCents
	if amount == "" && !amountRequired {
		return c, nil
	}
	return c, checkAmount(c, amount)
}

// priceBooks prices the cart's lines from the catalogue: its subtotal.
func priceBooks(cat Catalog, items []ItemInput) (Cart, error) {
	if len(items) == 0 {
		return Cart{}, httpx.Invalid("Your cart is empty.", map[string]string{"items": "Required"})
	}
	if len(items) > maxLines {
		return Cart{}, httpx.Invalid("Your cart has too many different books (at most 50).", map[string]string{"items": "Too many items"})
	}
	var c Cart
	// Lines for the same book in the same format are merged, in the order
	// the book first appears, so the quantity limit holds per book and the
	// stored snapshot has one line per book and format however the browser
	// split its cart. A digital format is bought once: never merged.
	type key struct {
		id     int
		format string
	}
	index := map[key]int{}
	for _, it := range items {
		line, err := priceLine(cat, it)
		if err != nil {
			return Cart{}, err
		}
		k := key{line.BookID, line.Format}
		i, seen := index[k]
		if !seen {
			index[k] = len(c.Lines)
			c.Lines = append(c.Lines, line)
			continue
		}
		if line.IsDigital() {
			return Cart{}, httpx.Invalid("'"+line.Title+"' ("+formats.Word(line.Format)+") is in your cart twice: a digital format is bought once.",
				map[string]string{"items": "A digital format is bought once"})
		}
		merged := &c.Lines[i]
		merged.Quantity += line.Quantity
		if merged.Quantity > maxQuantity {
			return Cart{}, httpx.Invalid("You can buy at most 99 copies of '"+merged.Title+"' in one order.", map[string]string{"items": "Invalid quantity"})
		}
		merged.LineTotalCents = merged.UnitPriceCents * int64(merged.Quantity)
	}
	for _, l := range c.Lines {
		c.SubtotalCents += l.LineTotalCents
	}
	return c, nil
}

// checkAmount refuses an amount sent by the browser that is not the
// server's total, saying how the server's total is made.
func checkAmount(c Cart, amount json.Number) error {
	got, ok := ParseCents(amount)
	if !ok {
		return httpx.Invalid("The amount must be a positive number of dollars.", map[string]string{"amount": "Invalid amount"})
	}
	if got == c.TotalCents {
		return nil
	}
	parts := "subtotal $" + FormatCents(c.SubtotalCents)
	if c.DiscountCents > 0 {
		parts += ", discount -$" + FormatCents(c.DiscountCents)
	}
	if c.ShippingCents > 0 {
		parts += ", shipping $" + FormatCents(c.ShippingCents)
	}
	parts += ", tax $" + FormatCents(c.TaxCents)
	return httpx.Invalid("The amount $"+FormatCents(got)+" does not match the order total of $"+FormatCents(c.TotalCents)+
		" ("+parts+"). Please refresh your cart and try again.",
		map[string]string{"amount": "Does not match the order total"})
}

func priceLine(cat Catalog, it ItemInput) (Line, error) {
	book, ok := cat.PricedBook(int(it.ID))
	if !ok {
		return Line{}, httpx.Invalid("Book "+strconv.Itoa(int(it.ID))+" is not in our catalogue.", map[string]string{"items": "Unknown book"})
	}
	if !book.OnSale {
		return Line{}, notOnSale(book.Title)
	}
	if strings.TrimSpace(it.Name) != book.Title {
		return Line{}, httpx.Invalid("Item '"+it.Name+"' does not match book "+strconv.Itoa(book.ID)+" ('"+book.Title+"'). Please refresh your cart.",
			map[string]string{"items": "Name does not match the book"})
	}
	format, price, err := formatOf(book, it.Format)
	if err != nil {
		return Line{}, err
	}
	qty, ok := parseQuantity(it.Quantity)
	if !ok {
		return Line{}, httpx.Invalid("The quantity of '"+book.Title+"' must be a whole number from 1 to 99.", map[string]string{"items": "Invalid quantity"})
	}
	if format != formats.Print && qty != 1 {
		return Line{}, httpx.Invalid("'"+book.Title+"' ("+formats.Word(format)+") is bought once: its quantity must be 1.",
			map[string]string{"items": "A digital format's quantity is 1"})
	}
	unit, ok := ParseCents(it.UnitPrice)
	if !ok || unit != price {
		sent := "$" + string(it.UnitPrice)
		if ok {
			sent = "$" + FormatCents(unit)
		} else if it.UnitPrice == "" {
			sent = "missing"
		}
		return Line{}, httpx.Invalid("The price of '"+book.Title+"' is $"+FormatCents(price)+", not "+sent+". Please refresh your cart.",
			map[string]string{"items": "Price does not match the catalogue"})
	}
	return Line{BookID: book.ID, Format: format, Title: book.Title, UnitPriceCents: unit, Quantity: qty, LineTotalCents: unit * int64(qty),
		ReleaseDate: book.ReleaseDate}, nil
}

// formatOf is the line's format ("" is print) and its price, or a refusal
// of a format the book is not sold in.
func formatOf(book PricedBook, format string) (string, int64, error) {
	if format == "" {
		format = formats.Print
	}
	word := formats.Word(format)
	if !formats.Known(format) {
		return "", 0, httpx.Invalid("Unknown format '"+format+"': choose print, interactive, ebook, audiobook or printable.",
			map[string]string{"items": "Unknown format"})
	}
	price, ok := book.Formats[format]
	if !ok {
		msg := "'" + book.Title + "' is not sold as " + word + " at the moment."
		return "", 0, &httpx.Error{Code: httpx.CodeConflict, Message: msg + " Please remove it from your cart.", Fields: map[string]string{"items": msg}}
	}
	return format, price, nil
}

// Rates are the settings a cart is priced with beyond its books: the tax
// rates of the buyer's country (or state, as the address gives it) and the
// shipping methods of its zone. The server adapts the shop's settings
// (internal/shopsettings) to it.
type Rates interface {
	For(ctx context.Context, country, state string) (Tariff, error)
}

// Tariff is the tax rates of one destination and the shipping methods
// offered to its zone.
type Tariff struct {
	Tax      Tax
	Zone     string
	ZoneName string
	Methods  []ShippingRate // offered, cheapest first
}

// ShippingRate is an offered shipping method.
type ShippingRate struct {
	ID            string
	Name          string
	PriceCents    int64
	FreeOverCents *int64 // free for a subtotal (after discount) of at least this; nil: never
}

// Customer is who a discount code's once-per-customer rule counts: the
// account, if any, and the e-mail the order is for.
type Customer struct {
	UserID string
	Email  string
}

// Discount is a code's reduction of one cart.
type Discount struct {
	Code        string // as stored (upper case)
	AmountCents int64
}

// Discounts checks and uses discount codes (internal/discounts, adapted by
// the server). A refusal is an *httpx.Error whose message the buyer reads.
type Discounts interface {
	// Quote checks code for a subtotal and a customer, and prices it.
	Quote(ctx context.Context, code string, subtotalCents int64, c Customer) (Discount, error)
	// Redeem uses code once for the order, in the transaction that records
	// it: of buyers racing for a code's last use, one gets it.
	Redeem(ctx context.Context, tx *db.Tx, code string, subtotalCents int64, orderID int64, c Customer) (Discount, error)
	// Release gives back the use an order made (it will not be paid).
	Release(ctx context.Context, tx *db.Tx, orderID int64) error
}

// priceOrder prices a payment: the books from the catalogue, the discount
// code, the shipping method offered to country, and the tax on the
// subtotal after the discount. The browser's amount, when required, must be
// the server's total: the browser's prices are never used.
func (s *Service) priceOrder(ctx context.Context, req PaymentRequest, country, state string, c Customer, amountRequired bool) (Cart, error) {
	cart, err := priceBooks(s.catalog, req.Items)
	if err != nil {
		return Cart{}, err
	}
	tariff, err := s.rates.For(ctx, country, state)
	if err != nil {
		return Cart{}, err
	}
	if code := strings.TrimSpace(req.DiscountCode); code != "" {
		d, err := s.discounts.Quote(ctx, code, cart.SubtotalCents, c)
		if err != nil {
			return Cart{}, err
		}
		cart.DiscountCode, cart.DiscountCents = d.Code, min(d.AmountCents, cart.SubtotalCents)
	}
	net := cart.SubtotalCents - cart.DiscountCents
	if digitalOnly(cart.Lines) { // nothing ships: no method, no shipping, no tax on shipping
		cart.ShippingMethod = NoShipping
	} else {
		method, err := tariff.method(req.ShippingMethod)
		if err != nil {
			return Cart{}, err
		}
		// A mixed cart ships its print lines: a free-shipping threshold
		// counts what ships, not the digital formats beside it.
		cart.ShippingMethod, cart.ShippingCents = method.ID, method.priceFor(min(net, subtotalOf(printLines(cart.Lines))))
	}
	cart.Tax = tariff.Tax
	cart.TaxCents = cart.Tax.TaxCents(cart.Lines, cart.DiscountCents)
	cart.TotalCents = net + cart.ShippingCents + cart.TaxCents
	if req.Amount == "" && !amountRequired {
		return cart, nil
	}
	return cart, checkAmount(cart, req.Amount)
}

// NoShipping is the shipping method of an order of digital formats only.
const NoShipping = "none"

func subtotalOf(lines []Line) int64 {
	var sum int64
	for _, l := range lines {
		sum += l.LineTotalCents
	}
	return sum
}

// method is the offered method with the id; none given is the cheapest.
func (t Tariff) method(id string) (ShippingRate, error) {
	if len(t.Methods) == 0 {
		return ShippingRate{}, httpx.Invalid("We do not ship to "+t.ZoneName+" at the moment.", map[string]string{"shippingMethod": "Not offered"})
	}
	if id == "" {
		return t.Methods[0], nil
	}
	ids := make([]string, len(t.Methods))
	for i, m := range t.Methods {
		if m.ID == id {
			return m, nil
		}
		ids[i] = m.ID
	}
	return ShippingRate{}, httpx.Invalid("The shipping method '"+id+"' is not offered to "+t.ZoneName+". Choose "+strings.Join(ids, ", ")+".",
		map[string]string{"shippingMethod": "Not offered to this country"})
}

func (m ShippingRate) priceFor(subtotalCents int64) int64 {
	if m.FreeOverCents != nil && subtotalCents >= *m.FreeOverCents {
		return 0
	}
	return m.PriceCents
}

// redeemDiscount uses the order's code in the transaction that records it.
// The code may have changed since it was quoted (a manager's edit): the
// buyer is then asked to look again rather than charged otherwise.
func (s *Service) redeemDiscount(ctx context.Context, tx *db.Tx, o Order) error {
	if o.DiscountCode == "" {
		return nil
	}
	d, err := s.discounts.Redeem(ctx, tx, o.DiscountCode, o.SubtotalCents, o.ID, Customer{UserID: o.UserID, Email: o.Email})
	if err != nil {
		return err
	}
	if min(d.AmountCents, o.SubtotalCents) != o.DiscountCents {
		return httpx.Errorf(httpx.CodeConflict, "The code %s changed a moment ago. Please refresh your cart and try again.", o.DiscountCode)
	}
	return nil
}

// releaseDiscount gives back the use of an order that will not be paid,
// or was cancelled before it shipped.
func (s *Service) releaseDiscount(ctx context.Context, tx *db.Tx, o Order) error {
	if o.DiscountCode == "" {
		return nil
	}
	return s.discounts.Release(ctx, tx, o.ID)
}

// checkSamePricing refuses a capture whose shipping or code differ from
// what the PayPal order was created with.
func (s *Service) checkSamePricing(ctx context.Context, o Order, req PaymentRequest) error {
	if req.ShippingMethod != "" && req.ShippingMethod != o.ShippingMethod {
		return httpx.Invalid("Your shipping method changed after the PayPal order was created. Please start the payment again.", map[string]string{"shippingMethod": "Changed"})
	}
	if !strings.EqualFold(strings.TrimSpace(req.DiscountCode), o.DiscountCode) && req.DiscountCode != "" {
		return httpx.Invalid("Your discount code changed after the PayPal order was created. Please start the payment again.", map[string]string{"discountCode": "Changed"})
	}
	if req.ShippingInfo == nil {
		return nil
	}
	was, err := s.rates.For(ctx, countryOf(o.Shipping), o.Shipping.State)
	if err != nil {
		return err
	}
	now, err := s.rates.For(ctx, countryOf(*req.ShippingInfo), req.ShippingInfo.State)
	if err != nil {
		return err
	}
	switch {
	case was.Zone != now.Zone:
		return httpx.Invalid("Your shipping country changed after the PayPal order was created, and so did the shipping price. Please start the payment again.",
			map[string]string{"country": "Changed"})
	case was.Tax.PrintBasisPoints != now.Tax.PrintBasisPoints || was.Tax.DigitalBasisPoints != now.Tax.DigitalBasisPoints:
		return httpx.Invalid("Your address changed after the PayPal order was created, and so did the tax. Please start the payment again.",
			map[string]string{"state": "Changed"})
	}
	return nil
}

// countryOf is the country an order ships to; a PayPal order created
// without an address (an older checkout) was priced for the United States.
func countryOf(s ShippingInfo) string {
	if s.Country == "" {
		return "US"
	}
	return s.Country
}

// shippingMethodOf is the cart's method; a cart priced without settings
// ships by standard.
func shippingMethodOf(c Cart) string {
	if c.ShippingMethod == "" {
		return "standard"
	}
	return c.ShippingMethod
}

// discountOf is the PayPal order's discount, when the order has one.
func discountOf(o Order, money func(int64) paypal.Money) *paypal.Money {
	if o.DiscountCents == 0 {
		return nil
	}
	return ptr(money(o.DiscountCents))
}

// quoteRequest is POST /api/discounts/check's body: the code, the cart,
// and where it ships (the cart page knows neither: the United States by
// the cheapest method).
type quoteRequest struct {
	Code           string      `json:"code"`
	Items          []ItemInput `json:"items"`
	Country        string      `json:"country"`
	State          string      `json:"state"` // its tax may be the state's own
	ShippingMethod string      `json:"shippingMethod"`
	Email          string      `json:"email"` // a guest's, for once-per-customer codes
}

// Quote is a cart priced by the server with a discount code.
type Quote struct {
	Code           string `json:"code"`
	SubtotalCents  int64  `json:"subtotalCents"`
	DiscountCents  int64  `json:"discountCents"`
	ShippingMethod string `json:"shippingMethod"`
	ShippingCents  int64  `json:"shippingCents"`
	TaxCents       int64  `json:"taxCents"`
	TotalCents     int64  `json:"totalCents"`
	TaxRate        string `json:"taxRate"` // "10%", or "0% print, 20% digital"
}

// CheckDiscount serves POST /api/discounts/check: the cart priced with the
// code, or a 400 whose message says why the code cannot be used (unknown,
// not active, not started, expired, used up, below its minimum, already
// used by this customer). The payment checks the code again.
func (s *Service) CheckDiscount(w http.ResponseWriter, r *http.Request) error {
	var in quoteRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Code) == "" {
		return httpx.Invalid("Enter a discount code.", map[string]string{"discountCode": "Required"})
	}
	who := Customer{Email: in.Email}
	if c, ok := auth.CallerFrom(r.Context()); ok {
		who = Customer{UserID: c.UserID, Email: c.Email}
	}
	country := in.Country
	if country == "" {
		country = "US"
	}
	cart, err := s.priceOrder(r.Context(), PaymentRequest{Items: in.Items, DiscountCode: in.Code, ShippingMethod: in.ShippingMethod}, country, in.State, who, false)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, Quote{Code: cart.DiscountCode, SubtotalCents: cart.SubtotalCents, DiscountCents: cart.DiscountCents,
		ShippingMethod: cart.ShippingMethod, ShippingCents: cart.ShippingCents, TaxCents: cart.TaxCents, TaxRate: cart.Tax.Label(cart.Lines), TotalCents: cart.TotalCents})
}
