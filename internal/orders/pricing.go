package orders

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
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
	Title  string
	OnSale bool // false: the book is no longer sold
	Left   int  // copies left, fewer than the order asked for
}

// refusal is the buyer's message for a shortage, on the cart's items.
func (s Shortage) refusal() error {
	msg := "Sorry, only " + strconv.Itoa(s.Left) + " left of " + s.Title + "."
	switch {
	case !s.OnSale:
		return notOnSale(s.Title)
	case s.Left == 0:
		msg = "Sorry, " + s.Title + " is out of stock."
	}
	return &httpx.Error{Code: httpx.CodeConflict, Message: msg, Fields: map[string]string{"items": msg}}
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
	Title          string
	UnitPriceCents int64
	Quantity       int
	LineTotalCents int64
}

// Cart is a cart priced by the server.
type Cart struct {
	Lines         []Line
	SubtotalCents int64
	TaxCents      int64
	ShippingCents int64
	TotalCents    int64
}

// PriceCart prices items from the catalogue. The browser's names and unit
// prices must match the catalogue, and amount (when given) must equal the
// server's total: a mismatch means a stale or tampered cart and is refused
// with a message the buyer can act on.
func PriceCart(cat Catalog, items []ItemInput, amount json.Number, amountRequired bool) (Cart, error) {
	if len(items) == 0 {
		return Cart{}, httpx.Invalid("Your cart is empty.", map[string]string{"items": "Required"})
	}
	if len(items) > maxLines {
		return Cart{}, httpx.Invalid("Your cart has too many different books (at most 50).", map[string]string{"items": "Too many items"})
	}
	var c Cart
	// Lines for the same book are merged, in the order the book first
	// appears, so the quantity limit holds per book and the stored snapshot
	// has one line per book however the browser split its cart.
	index := map[int]int{}
	for _, it := range items {
		line, err := priceLine(cat, it)
		if err != nil {
			return Cart{}, err
		}
		i, seen := index[line.BookID]
		if !seen {
			index[line.BookID] = len(c.Lines)
			c.Lines = append(c.Lines, line)
			continue
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
	c.TaxCents = TaxCents(c.SubtotalCents)
	c.TotalCents = c.SubtotalCents + c.TaxCents + c.ShippingCents
	if amount == "" && !amountRequired {
		return c, nil
	}
	got, ok := ParseCents(amount)
	if !ok {
		return Cart{}, httpx.Invalid("The amount must be a positive number of dollars.", map[string]string{"amount": "Invalid amount"})
	}
	if got != c.TotalCents {
		return Cart{}, httpx.Invalid("The amount $"+FormatCents(got)+" does not match the order total of $"+FormatCents(c.TotalCents)+
			" (subtotal $"+FormatCents(c.SubtotalCents)+" plus 10% tax $"+FormatCents(c.TaxCents)+"). Please refresh your cart and try again.",
			map[string]string{"amount": "Does not match the order total"})
	}
	return c, nil
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
	qty, ok := parseQuantity(it.Quantity)
	if !ok {
		return Line{}, httpx.Invalid("The quantity of '"+book.Title+"' must be a whole number from 1 to 99.", map[string]string{"items": "Invalid quantity"})
	}
	unit, ok := ParseCents(it.UnitPrice)
	if !ok || unit != book.PriceCents {
		sent := "$" + string(it.UnitPrice)
		if ok {
			sent = "$" + FormatCents(unit)
		} else if it.UnitPrice == "" {
			sent = "missing"
		}
		return Line{}, httpx.Invalid("The price of '"+book.Title+"' is $"+FormatCents(book.PriceCents)+", not "+sent+". Please refresh your cart.",
			map[string]string{"items": "Price does not match the catalogue"})
	}
	return Line{BookID: book.ID, Title: book.Title, UnitPriceCents: unit, Quantity: qty, LineTotalCents: unit * int64(qty)}, nil
}
